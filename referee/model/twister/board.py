"""The 22x10 grid (§Matériel): geometry shared by the rules, run concretely and on z3 terms.

A square is `sq = 10 * x + y` (x = column 0..21, y = row 0..9). Columns 0 and 21 are the
starting lines of players 1 and 2; the room at position r (0..7) has its top-left square at
x0 = 1 + 5 * (r % 4), y0 = 5 * (r // 4). A room turned k quarter turns clockwise moves its
local square (i, j) to (4 - j, i), k times; sides turn with their two squares.

Token locations (`loc`): 0..219 a square; HID + r face down in room r; GONE out of the game
(dead, left the maze, used up); RES in the player's reserve before it is hidden (setup).
"""
from __future__ import annotations

from ..kernel import Among, And, If, Not, Or, fork

W, H = 22, 10
NSQ = W * H
HID, GONE, RES = 300, -1, -2
NCHAR, NOBJ, NTOK = 8, 6, 14
T = 2 * NTOK  # 28 tokens
C = 2 * NCHAR  # 16 characters
CLERIC, GOBLIN, MEKANORK, THIEF, TROLL, WALLWALKER, WARRIOR, WIZARD = range(8)
ARMOR, SWORD, ROPE, STAFF, POTION, TREASURE = range(8, 14)


def tok(p, k):
    """Token index of a player's character (k < 8) or object (k >= 8)."""
    return p * NTOK + k


def cidx(p, k):
    """Index of a player's character k among the 16 characters (held, wounded)."""
    return p * NCHAR + k


def ctok(c: int) -> int:
    return (c // NCHAR) * NTOK + c % NCHAR


def sq(x: int, y: int) -> int:
    return 10 * x + y


def xy(q: int) -> tuple[int, int]:
    return q // 10, q % 10


def origin(r: int) -> tuple[int, int]:
    return 1 + 5 * (r % 4), 5 * (r // 4)


def limit(r: int) -> int:
    """§Mise en place: 2 tokens in a room next to a starting line, 3 in the others."""
    return 2 if r % 4 in (0, 3) else 3


def line(p: int) -> int:
    """Column of a player's starting line."""
    return 0 if p == 0 else W - 1


def room_squares(r: int) -> tuple[int, ...]:
    x0, y0 = origin(r)
    return tuple(sq(x0 + i, y0 + j) for i in range(5) for j in range(5))


def room_of(q: int) -> int | None:
    x, y = xy(q)
    if not 1 <= x <= 20:
        return None
    return (x - 1) // 5 + 4 * (y // 5)


def _turn(ij: tuple[int, int], k: int) -> tuple[int, int]:
    i, j = ij
    for _ in range(k % 4):
        i, j = 4 - j, i
    return i, j


def geometry(cfg) -> "Geo":
    """The rooms' geometry under a configuration (its components), built once and kept on
    the frozen Config (no module state)."""
    g = cfg.memo.get("twister.geo")
    if g is None or g.comp is not cfg.comp:
        g = cfg.memo["twister.geo"] = Geo(cfg.comp)
    return g


class Geo:
    """Everything about the rooms that depends on their rotation, precomputed for k = 0..3."""

    def __init__(self, comp):
        self.comp = comp
        self.twin = []
        for r, room in enumerate(comp.rooms):
            self.twin.append(next(t for t, o in enumerate(comp.rooms) if t != r and o.pair == room.pair))
        # features[r][k] = {sq: kind}; sides[r][k] = {frozenset(((x,y),(x,y))): (kind, gate index)}
        self.features, self.sides = [], []
        for r, room in enumerate(comp.rooms):
            x0, y0 = origin(r)
            fk, sk = [], []
            for k in range(4):
                f = {}
                for ij, kind in room.squares:
                    i, j = _turn(ij, k)
                    f[sq(x0 + i, y0 + j)] = kind
                s = {}
                for (a, b), kind, g, _ in room.sides:
                    (ia, ja), (ib, jb) = _turn(a, k), _turn(b, k)
                    s[frozenset(((x0 + ia, y0 + ja), (x0 + ib, y0 + jb)))] = (kind, r * 2 + g if g >= 0 else -1)
                fk.append(f)
                sk.append(s)
            self.features.append(fk)
            self.sides.append(sk)
        # one quarter turn of room r: d = +1 clockwise, -1 counter-clockwise
        self.turnmap = {}
        for r in range(8):
            x0, y0 = origin(r)
            for d in (1, -1):
                m = {}
                for i in range(5):
                    for j in range(5):
                        ni, nj = _turn((i, j), 1 if d == 1 else 3)
                        m[sq(x0 + i, y0 + j)] = sq(x0 + ni, y0 + nj)
                self.turnmap[(r, d)] = m
        self.gate_open0 = [0] * 16
        for r, room in enumerate(comp.rooms):
            for _, kind, g, opened in room.sides:
                if g >= 0:
                    self.gate_open0[r * 2 + g] = 1 if opened else 0
        self.ngates = [sum(1 for s in room.sides if s[2] >= 0) for room in comp.rooms]
        # The same features and sides as tables by square (the replay's form, built from the
        # tables above): kinds[q][k] is the feature of square q when its room is turned k
        # times; edges[r][k] maps a pair of squares (low, high) to (kind, gate index).
        self.kinds = tuple(tuple(self.features[_ROOM[q]][k].get(q) for k in range(4)) if _ROOM[q] is not None
                           else (None,) * 4 for q in range(NSQ))
        self.edges = [[{tuple(sorted(sq(*xy_) for xy_ in key)): v for key, v in self.sides[r][k].items()}
                       for k in range(4)] for r in range(len(comp.rooms))]
        self.pit_at = fork(self._pit_c, self._pit_z)
        self.gear_at = fork(self._gear_c, self._gear_z)

    # ------------------------------------------------ predicates on values and on z3 terms
    def _kind_c(self, q: int, rot: tuple):
        """The feature of square q (a value) in the rooms' rotations `rot`, or None."""
        if not 0 <= q < NSQ:
            return None
        r = _ROOM[q]
        if r is None:
            return None
        k = rot[r]
        return self.kinds[q][k] if 0 <= k <= 3 else None

    def _pit_c(self, q, rot) -> bool:
        return self._kind_c(q, rot) == "pit"

    def _gear_c(self, q, rot) -> int:
        kind = self._kind_c(q, rot)
        return 1 if kind == "gear+" else -1 if kind == "gear-" else 0

    def _kind_z(self, q, rot, pred) -> object:
        """The square q (a z3 term) has a feature matching pred, in the rotations `rot`."""
        terms = []
        for r in range(8):
            for k in range(4):
                hits = [x for x, kind in self.features[r][k].items() if pred(kind)]
                here = Among(q, hits)  # False when q cannot be in room r
                if here is not False:
                    terms.append(And(rot[r] == k, here))
        return Or(*terms)

    def _pit_z(self, q, rot):
        return self._kind_z(q, rot, lambda kd: kd == "pit")

    def _gear_z(self, q, rot):
        return If(self._kind_z(q, rot, lambda kd: kd == "gear+"), 1, If(self._kind_z(q, rot, lambda kd: kd == "gear-"), -1, 0))

    def pit(self, s, q):
        return self.pit_at(q, s.rot)

    def gear_dir(self, s, q):
        """+1 (clockwise arrow), -1 (counter-clockwise) or 0 (no gear) at square q."""
        return self.gear_at(q, s.rot)

    # ------------------------------------------------ concrete sides
    def side(self, s, a: int, b: int):
        """What lies between two orthogonally adjacent squares: None (open), 'wall',
        ('gate', g) for a portcullis (its state is s.gate[g])."""
        key = (a, b) if a < b else (b, a)
        found = None
        for q in (a, b):
            r = _ROOM[q] if 0 <= q < NSQ else None
            if r is None:
                continue
            v = self.edges[r][s.rot[r]].get(key)
            if v is None:
                continue
            kind, g = v
            if kind == "wall":
                return "wall"
            found = ("gate", g)
        return found

    def passable(self, s, a: int, b: int) -> bool:
        v = self.side(s, a, b)
        if v is None:
            return True
        if v == "wall":
            return False
        return s.gate[v[1]] != 0  # open (1) or broken (2)


def _in_room_c(q, r):
    return 0 <= q < NSQ and _ROOM[q] == r


def _in_room_z(q, r):
    x0, y0 = origin(r)
    return Or(*[And(q >= sq(x0 + i, y0), q <= sq(x0 + i, y0 + 4)) for i in range(5)])


in_room = fork(_in_room_c, _in_room_z)  # q (a value) is a square of room r
def _on_board_c(q):
    return 0 <= q < NSQ


def _on_board_z(q):
    return And(q >= 0, q < NSQ)


on_board = fork(_on_board_c, _on_board_z)


def _adjacent_c(a, b):
    return 0 <= a < NSQ and b in _NEIGHBOURS[a]


def _adjacent_z(a, b):
    return And(a >= 0, a < NSQ, b >= 0, b < NSQ,
               Or(b == a + 10, b == a - 10, And(b == a + 1, a % 10 != 9), And(b == a - 1, a % 10 != 0)))


adjacent = fork(_adjacent_c, _adjacent_z)  # orthogonal neighbours on the grid (values)


def _on_line_c(q, p):
    x = line(p)
    return sq(x, 0) <= q <= sq(x, 9)


def _on_line_z(q, p):
    x = line(p)
    return And(q >= sq(x, 0), q <= sq(x, 9))


on_line = fork(_on_line_c, _on_line_z)


def neighbours(q: int) -> tuple[int, ...]:
    return _NEIGHBOURS[q] if 0 <= q < NSQ else ()


def _neighbours(q: int) -> tuple[int, ...]:
    x, y = xy(q)
    out = []
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= x + dx < W and 0 <= y + dy < H:
            out.append(sq(x + dx, y + dy))
    return tuple(out)


_NEIGHBOURS = tuple(_neighbours(q) for q in range(NSQ))
_ROOM = tuple(room_of(q) for q in range(NSQ))  # each square's room position, None on a line


def not_(x):
    return Not(x)
