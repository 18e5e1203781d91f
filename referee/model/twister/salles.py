"""§Révéler (reveal a room and place its tokens) and §Rotation (turn a room, or its twin)."""
from __future__ import annotations

from ..kernel import Action, And, Count, If, Implies, Int, Lookup, Need, Not, Or, Param, args, fork, put
from .board import (
    HID, MEKANORK, NTOK, T, THIEF, in_room, neighbours, room_of,
    room_squares, xy,
)
from .common import FAITS, ap_ok, board_check, geo, held_by_any, is_char, mover_c, mover_tok, pay
from .moves import standing
from .params import Char, Choice, Spots
from .tour import TURN


def ring(r: int) -> tuple[int, ...]:
    """The squares just outside room r, next to one of its squares."""
    inside = set(room_squares(r))
    return tuple(sorted({n for q in inside for n in neighbours(q) if n not in inside}))


def _access_side(s, a) -> bool:
    """Concretely: the pawn's own side of the border is open (the face-down room's walls are
    not known yet). Over-approximated on the skeleton."""
    if s.live is None:
        return True
    g = geo(s)
    q = s.loc[mover_tok(a)]
    inside = set(room_squares(a.room))
    for n in neighbours(q):
        if n in inside:
            mine = room_of(q)
            if mine is None:
                return True
            v = g.sides[mine][s.rot[mine]].get(frozenset((xy(q), xy(n))))
            if v is None or (v[0] == "gate" and s.gate[v[1]] != 0):
                return True
    return False


def _placed_ok(s, a):
    r = a.room
    cs = []
    for t in range(T):
        here = s.loc[t] == HID + r
        cs.append(Implies(here, in_room(a.spots[t], r)))  # (in_room's fork: one call on values)
        cs.append(Implies(Not(here), a.spots[t] == -1))
    return And(*cs)


ALL, OBJECTS, CHARACTERS = tuple(range(T)), tuple(t for t in range(T) if not is_char(t)), tuple(t for t in range(T) if is_char(t))
_SQUARES = tuple(frozenset(room_squares(r)) for r in range(8))


def _per_square_c(spots, room, tokens, most):
    """On values: at most `most` of `tokens` placed on any one square of the room (one pass
    over the tokens, not a count per square)."""
    n: dict = {}
    for t in tokens:
        q = spots[t]
        n[q] = n.get(q, 0) + 1
    inside = _SQUARES[room]
    return all(k <= most for q, k in n.items() if q in inside)


def _per_square_z(spots, room, tokens, most):
    return And(*[Count(spots[t] == q for t in tokens) <= most for q in room_squares(room)])


# the placement's count on each square of the revealed room (tests/twister/test_forks.py)
per_square = fork(_per_square_c, _per_square_z)


def _two_most(s, a):
    return per_square(a.spots, a.room, ALL, 2)


def _one_object(s, a):
    return per_square(a.spots, a.room, OBJECTS, 1)


def _one_char(s, a):
    return per_square(a.spots, a.room, CHARACTERS, 1)


def _pits(s, a):
    g = geo(s)
    return And(*[Implies(And(a.spots[t] >= 0, g.pit(s, a.spots[t])), t % NTOK == THIEF) for t in range(T)])


def _add_placed_c(vec, spots, room, tokens):
    """On values: each of `tokens` placed on a square of the room adds one there."""
    out, inside = list(vec), _SQUARES[room]
    for t in tokens:
        q = spots[t]
        if q in inside:
            out[q] += 1
    return tuple(out)


def _add_placed_z(vec, spots, room, tokens):
    out = list(vec)
    for q in room_squares(room):
        out[q] = vec[q] + Count(spots[t] == q for t in tokens)
    return tuple(out)


# a square count after the placement (tests/twister/test_forks.py): the room as a value at
# run time, so the reveal compiles once, not once per room
add_placed = fork(_add_placed_c, _add_placed_z, like=0)


def _opened(shut, room):
    """The room's squares no longer face down (one body: the room is a value both ways)."""
    out = list(shut)
    for q in room_squares(room):
        out[q] = False
    return tuple(out)


opened = fork(_opened, _opened, like=0)


def _reveal_effect(s, a):
    r = a.room
    loc = tuple(If(s.loc[t] == HID + r, a.spots[t], s.loc[t]) for t in range(T))
    g = geo(s)
    onpit = tuple(If(s.loc[t] == HID + r, g.pit(s, a.spots[t]), s.onpit[t]) for t in range(T))
    return s.but(loc=loc, revealed=put(s.revealed, r, True), occ=add_placed(s.occ, a.spots, r, ALL),
                 objs=add_placed(s.objs, a.spots, r, OBJECTS), unw=add_placed(s.unw, a.spots, r, CHARACTERS),
                 onpit=onpit, shut=opened(s.shut, r), hid=put(s.hid, r, 0), **pay(s, mover_tok(a)))


def _placement(s, r):
    """A legal placement of the tokens hidden in room r: distinct free squares, no pit."""
    g = geo(s)
    toks = [t for t in range(T) if s.loc[t] == HID + r]
    squares = [q for q in room_squares(r) if not g.pit(s, q)]
    seed = sum(s.loc) + 7 * r
    squares = squares[seed % len(squares):] + squares[: seed % len(squares)]
    out = [-1] * T
    for t, q in zip(toks, squares[:: 3]):
        out[t] = q
    return tuple(out)


def _rotations(s):
    """Each room of the character's rotation gear, and its twin, a quarter turn either way."""
    g = geo(s)
    for k, t, c, q in standing(s):
        if g.gear_dir(s, q) != 0:
            for room in (room_of(q), g.twin[room_of(q)]):
                yield from (args(s.turn, who=k, room=room, dir=dr) for dr in (1, -1))


REVEAL = Action(
    "reveal", "§Révéler", "reveal a face-down room next to one of the player's characters (1 AP) and place its tokens",
    params=(Param("who", Char(), "the character with direct access to the room"),
            Param("room", Int(0, 7, enum=True), "the room's position 0..7"),
            Param("spots", Spots(), "the square of each token of the room (the revealer places the characters, the opponent the objects)")),
    needs=(
        TURN,
        Need("§Tour", "an action point is left for this character", lambda s, a: ap_ok(s, mover_tok(a)), lambda s, a: f"{s.ap} AP left"),
        Need("§Révéler", "the room is still face down", lambda s, a: Not(Lookup(s.revealed, a.room)), lambda s, a: "it is already revealed"),
        Need("§Révéler", "one of the player's characters is next to the room",
             lambda s, a: And(Or(*[And(a.room == r, Or(*[Lookup(s.loc, mover_tok(a), -9) == q for q in ring(r)])) for r in range(8)]),
                              Not(held_by_any(s.held, mover_tok(a)))),
             lambda s, a: "that character is not next to the room"),
        Need("§Révéler", "with direct access: no wall on its side", board_check(_access_side), lambda s, a: "a wall is in the way"),
        Need("§Révéler", "every token of the room, and only those, is placed on one of its squares", _placed_ok,
             lambda s, a: "the placement does not match the room's tokens"),
        Need("§Règle d'or 2", "at most 2 pawns on a square", _two_most, lambda s, a: "three tokens on one square"),
        Need("§Règle d'or 2", "never two objects on a square", _one_object, lambda s, a: "two objects on one square", source=FAITS),
        Need("§Règle d'or 2", "at most one unwounded character on a square", _one_char, lambda s, a: "two characters on one square", source=FAITS),
        Need("§Déplacement", "no token on a pit, except a Thief", _pits, lambda s, a: "a token on a pit"),
    ),
    effect=_reveal_effect, phases=("act",),
    propose=lambda s: (args(s.turn, who=k, room=r, spots=_placement(s, r)) for k, t, c, q in standing(s)
                       for r in range(8) if not s.revealed[r] and q in ring(r)),
)


def _turned_c(loc, turnmap, r, d):
    m = turnmap[(r, d)]
    return tuple(m.get(x, x) for x in loc)


def _turned_z(loc, turnmap, r, d):
    out = []
    for x in loc:
        w = x
        for q, nq in turnmap[(r, d)].items():
            w = If(x == q, nq, w)
        out.append(w)
    return tuple(out)


# every token on a square of room r follows the quarter turn d (the room's table of squares:
# z3 reasons on it square by square); the room and turn as values at run time
turned_loc = fork(_turned_c, _turned_z, like=0)


def _turned_counts(vec, turnmap, r, d):
    """Square counts after room r turns: each square of it takes the count of the square
    that comes onto it (one body: the room and turn are values both ways)."""
    back = turnmap[(r, -d)]
    out = list(vec)
    for q in room_squares(r):
        out[q] = vec[back[q]]
    return tuple(out)


turned_counts = fork(_turned_counts, _turned_counts, like=0)


def _rot_effect(s, a):
    r, d = a.room, a.dir
    k = s.rot[r] + d
    rot = put(s.rot, r, If(k == 4, 0, If(k == -1, 3, k)))
    m = geo(s).turnmap
    return s.but(loc=turned_loc(s.loc, m, r, d), rot=rot, occ=turned_counts(s.occ, m, r, d),
                 objs=turned_counts(s.objs, m, r, d), unw=turned_counts(s.unw, m, r, d), **pay(s, mover_tok(a)))


def _on_gear(s, a):
    g = geo(s)
    q = Lookup(s.loc, mover_tok(a), -9)
    return And(g.gear_dir(s, q) != 0, Or(in_room(q, a.room), in_room(q, g.twin[a.room])),
               Not(held_by_any(s.held, mover_tok(a))))


def _direction(s, a):
    g = geo(s)
    q = Lookup(s.loc, mover_tok(a), -9)
    meka = And(a.who == MEKANORK, Not(Lookup(s.wounded, mover_c(a))))
    return Or(g.gear_dir(s, q) == a.dir, meka)


ROTATE = Action(
    "rotate", "§Rotation", "a character on a rotation gear turns its room or the twin room a quarter turn (1 AP)",
    params=(Param("who", Char(), "the character on the gear"),
            Param("room", Int(0, 7, enum=True), "the room turned: the gear's room or its twin"),
            Param("dir", Choice((("cw", 1), ("ccw", -1))), "the direction (cw = clockwise)")),
    needs=(
        TURN,
        Need("§Tour", "an action point is left for this character", lambda s, a: ap_ok(s, mover_tok(a)), lambda s, a: f"{s.ap} AP left"),
        Need("§Rotation", "the character stands on a gear of that room or of its twin", _on_gear,
             lambda s, a: "it is not on a gear of that room or its twin"),
        Need("§Rotation", "in the arrow's direction (the Mekanork chooses)", _direction, lambda s, a: "against the arrow"),
    ),
    effect=_rot_effect, phases=("act",),
    propose=_rotations,
)

ACTIONS = (REVEAL, ROTATE)
