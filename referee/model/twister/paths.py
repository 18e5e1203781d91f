"""§Déplacement's paths on the concrete board, from tables: which neighbours of each square
a mover may step to (open sides, starting lines and revealed rooms) and which squares are
pits, built once per layout of the board (the rooms' rotations, the portcullises, the rooms
revealed) from the rooms' own sides and features (board.Geo: the data the z3 forms read),
and kept on the Config. A move then costs a breadth-first search over a few squares with a
table look-up per step, not a test of every side it crosses (`crossable` is the rule as
written, square by square; tests/twister/test_distances.py compares the two)."""
from __future__ import annotations

from types import SimpleNamespace

from ..kernel import And, Or, fork
from .board import NCHAR, NSQ, NTOK, ROPE, THIEF, WIZARD, T, in_room, neighbours, on_board, on_line, room_of
from .common import cof, geo, is_char, owner

_ROOMS = tuple(room_of(q) for q in range(NSQ))
_SIDES = tuple(tuple((n, (min(q, n), max(q, n))) for n in neighbours(q)) for q in range(NSQ))  # (neighbour, its side)


class Layout:
    """The board under one (rot, gate, revealed): `steps[q]`, the squares next to q behind
    an open side that a mover may enter as far as the board goes (a starting line or a
    revealed room); `pit[q]`, q is a pit. Built from the sides each room draws in its
    rotation (Geo.edges), read as Geo.side reads them: a wall on either square's room
    closes the side, else a portcullis (the second square's room's, if both draw one) closes
    it while down; a batch of games meets hundreds of layouts, so none is read square by
    square."""

    def __init__(self, s):
        g = geo(s)
        rot, gate, rev = s.rot, s.gate, s.revealed
        open_ = [(r is None or rev[r]) for r in _ROOMS]
        drawn: dict[tuple, list] = {}
        for r in range(len(g.edges)):
            for key, v in g.edges[r][rot[r]].items():
                drawn.setdefault(key, []).append((r, v))
        closed = set()
        for (a, b), vs in drawn.items():
            mine = [(r, v) for r, v in vs if r == _ROOMS[a] or r == _ROOMS[b]]
            if not mine:
                continue
            if any(v[0] == "wall" for _, v in mine):
                closed.add((a, b))
                continue
            gid = next((v[1] for r, v in mine if r == _ROOMS[b]), mine[0][1][1])
            if gate[gid] == 0:
                closed.add((a, b))
        pit = [False] * NSQ  # each room's pits in its rotation (Geo.features, what pit_at reads)
        for r in range(len(g.features)):
            if 0 <= rot[r] <= 3:
                for q, kind in g.features[r][rot[r]].items():
                    if kind == "pit" and 0 <= q < NSQ:
                        pit[q] = True
        self.pit = tuple(pit)
        self.steps = tuple(tuple(n for n, key in _SIDES[q] if open_[n] and key not in closed) for q in range(NSQ))


def layout(s) -> Layout:
    """The layout of s's board, built once per distinct (rot, gate, revealed) of a Config."""
    memo = s.cfg.memo.setdefault("twister.layouts", {})
    key = (s.rot, s.gate, s.revealed)
    got = memo.get(key)
    if got is None:
        if len(memo) > 256:
            memo.clear()
        got = memo[key] = Layout(s)
    return got


def _open_c(q, revealed):
    r = room_of(q) if 0 <= q < NSQ else None
    return 0 <= q < NSQ and (r is None or revealed[r])


def _open_z(q, revealed):
    g = [on_line(q, 0), on_line(q, 1)] + [And(revealed[r], in_room(q, r)) for r in range(8)]
    return And(on_board(q), Or(*g))


_open_at = fork(_open_c, _open_z)


def _open_square(s, q):
    """q is on a starting line or in a revealed room."""
    return _open_at(q, s.revealed)


def crossable(s, a):
    """Which squares the mover of `a` may enter on its way (see paths.distances)."""
    g = geo(s)
    p, k = a.p, a.who
    c, mt = p * NCHAR + k, p * NTOK + k
    unw = not s.wounded[c]
    wizard = k == WIZARD and unw
    rope = s.held[c] in (ROPE, NTOK + ROPE)
    thief = k == THIEF and unw
    occupants: dict[int, list[int]] = {}
    for t in range(T):
        if 0 <= s.loc[t] < NSQ and t != mt:
            occupants.setdefault(s.loc[t], []).append(t)

    def enterable(q: int) -> bool:
        if not _open_square(s, q):
            return False
        here = occupants.get(q, [])
        if any(is_char(t) and owner(t) != p for t in here) and not wizard:
            return False
        if g.pit(s, q):
            bridge = any(t == p * NTOK + THIEF and not s.wounded[cof(t)] for t in here)
            return wizard or rope or thief or bridge
        return True

    return enterable


def distances(s, a, src: int, limit: int | None = None, target: int | None = None) -> dict[int, int]:
    """Shortest path lengths from src over the squares this mover may cross, up to `limit`
    steps (None: all): no diagonal, no closed side (§Déplacement), friends may be passed,
    enemies only by a levitating Wizard, pits only by an unwounded Thief, the rope's carrier,
    a levitating Wizard, or over an unwounded friendly Thief standing on it (§Voleuse: a
    bridge). A breadth-first search from src, level by level: a move is a few squares long,
    so only those squares are looked at. With a `target`, it stops once the target is
    reached (its length is then final: a breadth-first search meets each square first by a
    shortest path)."""
    lay = layout(s)
    p, k = a.p, a.who
    c, mt = p * NCHAR + k, p * NTOK + k
    unw = not s.wounded[c]
    wizard = k == WIZARD and unw
    over_pits = wizard or s.held[c] in (ROPE, NTOK + ROPE) or (k == THIEF and unw)
    enemies, bridges = set(), set()
    loc = s.loc
    for t in range(T):
        q = loc[t]
        if 0 <= q < NSQ and t != mt:
            if t // NTOK != p and t % NTOK < NCHAR:
                enemies.add(q)
            elif t == p * NTOK + THIEF and not s.wounded[p * NCHAR + THIEF]:
                bridges.add(q)
    if wizard:
        enemies = set()
    pit, steps = lay.pit, lay.steps
    seen, frontier, depth = {src: 0}, [src], 0
    if src == target:
        return seen
    while frontier and (limit is None or depth < limit):
        depth += 1
        ahead = []
        for q in frontier:
            for n in steps[q] if 0 <= q < NSQ else ():
                if n in seen or n in enemies or (pit[n] and not over_pits and n not in bridges):
                    continue
                seen[n] = depth
                if n == target:
                    return seen
                ahead.append(n)
        frontier = ahead
    return seen


def steps_to(s, p: int, k: int, src: int, to: int, limit: int) -> int:
    """The length of a shortest path of character k of player p from src to `to`, at most
    `limit` steps, or 99 when there is none that short (the replay's one question: where
    `dist` answers every square, for the moves proposed from one state)."""
    return distances(s, SimpleNamespace(p=p, who=k), src, limit, to).get(to, 99)


def dist(s, p: int, k: int, src: int) -> dict[int, int]:
    """`distances` up to the mover's own speed (none of its moves is longer, carrying or
    picking up on the way), remembered per state on its Config (the candidates of one
    state ask the same mover many times): keyed by the state's identity, the state kept
    beside the answer (an id outlives its object)."""
    memo = s.cfg.memo.setdefault("twister.dist", {})
    key = (id(s), p, k, src)
    got = memo.get(key)
    if got is None or got[0] is not s:
        if len(memo) > 4096:
            memo.clear()
        limit = s.cfg.comp.chars[k].speed
        got = memo[key] = (s, distances(s, SimpleNamespace(p=p, who=k), src, limit))
    return got[1]
