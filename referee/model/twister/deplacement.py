"""§Déplacement (move, pick up on the way, put down), jump cards, §Passe-muraille,
leaving the maze (§Fin), and the end-of-action limits of a square (§Règle d'or 2).

Movement legality: the path itself is checked concretely by a breadth-first search over
tables of the board's layout (paths.py, under the mover's abilities). On the skeleton (z3, random skeleton states) the
path Need is over-approximated as satisfied; every condition on the destination square is
encoded exactly and run both ways."""
from __future__ import annotations

from functools import cached_property

from ..kernel import (
    Action, And, Answer, Count, If, Implies, Lookup, Need, Not, Or, Param, Ruling, args, decide, put,
)
from .board import (
    C, GONE, NCHAR, NSQ, NTOK, TREASURE, WALLWALKER, T, adjacent, ctok, line, neighbours, on_board, on_line, xy,
)
from .common import (
    FAITS, REGLE, player_of, ap_ok, board_check, ended, geo, held_by_any, is_obj, may_stand_on_pit, mover_c,
    mover_tok, one_if, pay, pits_after, put_if, sq_bump,
)
from .moves import standing
from .paths import _open_square, dist, steps_to
from .params import Char, Square, Token
from .tour import TURN


def who_of(a):
    return getattr(a, "who", WALLWALKER) if getattr(a, "p", None) is not None else WALLWALKER


def _mt(a):
    return a.p * NTOK + who_of(a)


def _c(a):
    return a.p * NCHAR + who_of(a)


def take_of(a):
    return getattr(a, "take", -1)


class Flow:
    """What a move carries along: the mover, what it carries (h), what it picks up (take).
    Each part is worked out when first read (a ruling's answer reads two or three of them)."""

    def __init__(self, s, a):
        self.s, self.mt, self.c = s, _mt(a), _c(a)
        self.take = take_of(a)
        self.to = getattr(a, "to", -9)  # rulings are also evaluated on other events' arguments

    @cached_property
    def src(self):
        return Lookup(self.s.loc, self.mt, -9)

    @cached_property
    def h(self):
        return Lookup(self.s.held, self.c)

    @cached_property
    def tsrc(self):
        return Lookup(self.s.loc, self.take, -9)

    @cached_property
    def n_carry(self):
        return one_if(self.h >= 0)

    @cached_property
    def n_take(self):
        return one_if(self.take >= 0)

    @cached_property
    def o_carry(self):
        return one_if(is_obj(self.h))

    @cached_property
    def o_take(self):
        return one_if(is_obj(self.take))

    @cached_property
    def u(self):
        return one_if(Not(Lookup(self.s.wounded, self.c)))

    @cached_property
    def take_here(self):
        return one_if(And(self.take >= 0, self.tsrc == self.to))

    @cached_property
    def carried_at_to(self):
        """The tokens carried by the characters on the destination: each carries one at most,
        on its own square (invariant character_carries_thing)."""
        s = self.s
        return Count(And(s.loc[ctok(c)] == self.to, s.held[c] >= 0) for c in range(C))


def go(s, a):
    """The mover (with what it carries, and what it picks up) ends on a.to; the square
    counts follow."""
    f = Flow(s, a)
    loc = put(s.loc, f.mt, a.to)
    loc = put_if(loc, f.h, a.to)
    loc = put_if(loc, f.take, a.to)
    held = put(s.held, f.c, If(f.take >= 0, f.take, f.h))
    occ = sq_bump(sq_bump(sq_bump(s.occ, f.src, -1 - f.n_carry), f.tsrc, -f.n_take), a.to, 1 + f.n_carry + f.n_take)
    objs = sq_bump(sq_bump(sq_bump(s.objs, f.src, -f.o_carry), f.tsrc, -f.o_take), a.to, f.o_carry + f.o_take)
    unw = sq_bump(sq_bump(s.unw, f.src, -f.u), a.to, f.u)
    pit = geo(s).pit(s, a.to)
    onpit = put_if(put_if(put(s.onpit, f.mt, pit), f.h, pit), f.take, pit)
    return s.but(loc=loc, held=held, occ=occ, objs=objs, unw=unw, onpit=onpit)


def pawns_after(s, a, carried_count: bool):
    """Tokens on the destination at the end of the move: with carried_count every token,
    else only those lying there (neither the mover's carried token nor those the characters
    already there carry: a carrier holding a wounded friend is one lying pawn)."""
    f = Flow(s, a)
    base = Lookup(s.occ, f.to, 0) + 1 - f.take_here
    return base + f.n_carry + f.n_take if carried_count else base - f.carried_at_to


def _carried_there(s, a):
    """A token is carried on the destination at the end of the move: by the mover, or by a
    character already there (the readings of §Règle d'or 2 count differently only then)."""
    f = Flow(s, a)
    return Or(f.h >= 0, f.take >= 0, f.carried_at_to >= 1)


PAWNS = Ruling(
    "pawns", "§Règle d'or 2", "how many pawns a square holds at the end of a move when a token is carried there",
    arises=_carried_there,
    answers=(
        Answer("§Règle d'or 2", REGLE, "the tokens on the square (none is carried there)",
               lambda s, a: Not(_carried_there(s, a)), lambda s, a: pawns_after(s, a, True)),
        Answer("§Règle d'or 2", "option:carried=yes", "every token on the square, carried or not",
               lambda s, a: True, lambda s, a: pawns_after(s, a, True)),
        Answer("§Règle d'or 2", "option:carried=no", "only the tokens lying on the square",
               lambda s, a: True, lambda s, a: pawns_after(s, a, False)),
    ),
    action="move",
)


def objects_after(s, a):
    f = Flow(s, a)
    return Lookup(s.objs, a.to) + f.o_carry + f.o_take - one_if(And(f.take_here == 1, f.o_take == 1))


def unwounded_after(s, a):
    return Lookup(s.unw, a.to) + Flow(s, a).u


def enemy_at(s, a):
    return Or(*[s.loc[(1 - a.p) * NTOK + k] == a.to for k in range(NCHAR)])

WOUNDED_MOVES = Ruling(
    "wounded_moves", "§Blessés", "whether a wounded character may move by itself",
    arises=lambda s, a: Lookup(s.wounded, _c(a)),
    answers=(
        Answer("§Déplacement", REGLE, "an unwounded character moves", lambda s, a: Not(Lookup(s.wounded, _c(a))), lambda s, a: True),
        Answer("§Blessés", "option:wounded_move=yes", "a wounded character moves too", lambda s, a: True, lambda s, a: True),
        Answer("§Blessés", "option:wounded_move=no", "a wounded character must be carried", lambda s, a: True, lambda s, a: False),
    ),
    outcome="bool", action="move",
)


def _show_to(s, a):
    return f"to [{a.to // 10}, {a.to % 10}]"


def dest_needs(cite: str, taken: tuple[Need, ...] = ()) -> tuple[Need, ...]:
    """The Needs of a character's destination. `taken`, the Needs on a token picked up on the
    way, come before the counts of §Règle d'or 2, which count that token on the square: a
    token that cannot be picked up is refused for that (§Objets), not for a count it was
    never part of."""
    return (
        TURN,
        Need("§Tour", "an action point is left for this character", lambda s, a: ap_ok(s, _mt(a)),
             lambda s, a: f"{s.ap} AP left"),
        Need(cite, "the character is on the board and not carried",
             lambda s, a: And(on_board(Lookup(s.loc, _mt(a), -9)), Not(held_by_any(s.held, _mt(a)))),
             lambda s, a: "it is not on the board, or it is carried"),
        Need("§Blessés", "a wounded character moves by itself only where the wounded_move option lets it (the text "
             "does not say)", lambda s, a: decide(WOUNDED_MOVES, s, a),
             lambda s, a: "it is wounded (wounded_move=no)"),
        Need("§Révéler", "the destination is a starting line or a revealed room", lambda s, a: _open_square(s, a.to), _show_to),
        Need(cite, "the character goes to another square", lambda s, a: Lookup(s.loc, _mt(a), -9) != a.to, _show_to),
        *taken,
        Need("§Règle d'or 2", "at most 2 pawns on the square at the end of the action", lambda s, a: decide(PAWNS, s, a) <= 2,
             lambda s, a: f"{pawns_after(s, a, s.cfg.opt('carried') == 'yes')} tokens would share the square"),
        Need("§Règle d'or 2", "never two objects on a square", lambda s, a: objects_after(s, a) <= 1,
             # an object carried counts as well as one lying there (carried=no too): said as such
             lambda s, a: f"{objects_after(s, a)} objects would be on the square, lying or carried", source=FAITS),
        Need("§Règle d'or 2", "at most one unwounded character on a square", lambda s, a: unwounded_after(s, a) <= 1,
             lambda s, a: "an unwounded character already stands there", source=FAITS),
        Need(cite, "no stopping on an enemy's square (only friends may be passed)",
             lambda s, a: Not(enemy_at(s, a)), lambda s, a: "an enemy stands there"),
        Need(cite, "no stopping on a pit, except an unwounded Thief or the carrier of a rope",
             lambda s, a: Implies(geo(s).pit(s, a.to), may_stand_on_pit(put(s.held, _c(a), If(take_of(a) >= 0, take_of(a), Lookup(s.held, _c(a)))), s.wounded, _c(a))),
             lambda s, a: "the destination is a pit"),
    )


# ------------------------------------------------------------------ concrete paths
# The search runs on tables of the board's layout (paths.py, with `crossable`: the same rule
# square by square, against which tests/twister/test_distances.py checks it).


def path_ok(s, a) -> bool:
    if s.live is None:
        return True  # the skeleton: over-approximated (see the module's docstring)
    speed = s.cfg.comp.chars[who_of(a)].speed
    src = s.loc[_mt(a)]
    take = take_of(a)
    if take < 0:
        return steps_to(s, a.p, a.who, src, a.to, speed) <= speed
    via = s.loc[take]  # by the token picked up on the way
    first = steps_to(s, a.p, a.who, src, via, speed)
    # from there on it carries what it picked up: a rope lets it over the pits (§Corde)
    held = s.held[:_c(a)] + (take,) + s.held[_c(a) + 1:]
    return first <= speed and steps_to(s.but(held=held), a.p, a.who, via, a.to, speed - first) <= speed - first


def _take_ok(s, a):
    take = a.take
    c = _c(a)
    friend_wounded = Or(*[And(take == a.p * NTOK + k, Lookup(s.wounded, a.p * NCHAR + k), Lookup(s.held, a.p * NCHAR + k) == -1)
                          for k in range(NCHAR)])
    an_object = Or(*[take == q * NTOK + k for q in (0, 1) for k in range(NCHAR, NTOK)])
    return Or(take == -1, And(
        take != _mt(a), on_board(Lookup(s.loc, take, -9)), Not(held_by_any(s.held, take)), Or(an_object, friend_wounded),
        Lookup(s.held, c) == -1,
    ))


def _moves(s):
    """The most forward squares in reach (proposed more often: random games should end),
    and the squares of the tokens each empty-handed character could pick up (wounded or not:
    §Déplacement lets 'a character' pick up, and §Blessés does not take that from the wounded)."""
    p = s.turn
    held = {h for h in s.held if h >= 0}
    for k, t, c, q in standing(s):
        speed = s.cfg.comp.chars[k].speed
        d = dist(s, p, k, q)
        reach = sorted((q2 for q2, n in d.items() if 0 < n <= speed), key=lambda q2: (abs(q2 // 10 - line(1 - p)), q2))
        for dest in reach[:1] * 3 + reach[1:2] + reach[6:7]:
            yield args(p, who=k, to=dest, take=-1)
        if s.held[c] == -1:
            for u in range(T):
                v = s.loc[u]
                if 0 <= v < NSQ and u not in held and u != t and d.get(v, 99) <= speed and v != q:
                    if u % NTOK >= NCHAR or (u // NTOK == p and s.wounded[(u // NTOK) * NCHAR + u % NTOK]):
                        yield args(p, who=k, to=v, take=u)


def _jumps(s):
    for k, t, c, q in standing(s) if s.jumps[s.turn] > 0 else ():
        x, y = xy(q)
        for dx, dy in ((2, 0), (-2, 0), (0, 2), (0, -2)):
            if 0 <= x + dx < 22 and 0 <= y + dy < 10:
                yield args(s.turn, who=k, to=10 * (x + dx) + y + dy)


MOVE = Action(
    "move", "§Déplacement", "move a character up to its speed (1 AP), possibly picking up an object or a wounded friend on the way",
    params=(Param("who", Char(), "the moving character"), Param("to", Square(), "where it stops"),
            Param("take", Token(), "an object or wounded friend picked up on the way", optional=True, default=-1)),
    needs=dest_needs("§Déplacement", taken=(
        Need("§Objets", "the token picked up is an object or a wounded friend, free, and the mover empty-handed",
             _take_ok, lambda s, a: "that token cannot be picked up"),)) + (
        Need("§Déplacement", "a path within the character's speed: no diagonal, walls, closed portcullises, pits and enemies respected",
             board_check(path_ok), lambda s, a: "no such path within its speed"),
    ),
    effect=lambda s, a: go(s, a).but(**pay(s, _mt(a)), **ended(s, s.vp)),
    phases=("act",), goes=("act", "over"),
    propose=_moves,
)


def _mid(a_loc, to):
    return (a_loc + to) // 2


def _jump_shape(s, a):
    q = Lookup(s.loc, _mt(a), -9)
    return Or(a.to == q + 20, a.to == q - 20,
              And(a.to == q + 2, q % 10 <= 7), And(a.to == q - 2, q % 10 >= 2))


def _jump_open(s, a):
    if s.live is None:
        return True
    q = s.loc[_mt(a)]
    m = (q + a.to) // 2
    g = geo(s)
    return g.passable(s, q, m) and g.passable(s, m, a.to)


JUMP = Action(
    "jump", "§Matériel", "play a jump card (1 AP): jump over an adjacent pit onto the square beyond it",
    params=(Param("who", Char(), "the jumping character"), Param("to", Square(), "the square beyond the pit")),
    needs=dest_needs("§Matériel") + (
        Need("§Matériel", "a jump card in hand", lambda s, a: s.jumps[a.p] >= 1, lambda s, a: "no jump card left", source=FAITS),
        Need("§Matériel", "straight over one square", _jump_shape, _show_to, source=FAITS),
        Need("§Matériel", "the square jumped over is a pit with nobody on it",
             lambda s, a: And(geo(s).pit(s, _mid(Lookup(s.loc, _mt(a), -9), a.to)),
                              Count(x == _mid(Lookup(s.loc, _mt(a), -9), a.to) for x in s.loc) == 0),
             lambda s, a: "the middle square is not a free pit", source=FAITS),
        Need("§Déplacement", "no wall or closed portcullis on the way", board_check(_jump_open), lambda s, a: "a side is closed"),
    ),
    effect=lambda s, a: go(s, a).but(jumps=put(s.jumps, a.p, s.jumps[a.p] - 1), **pay(s, _mt(a)), **ended(s, s.vp)),
    phases=("act",), goes=("act", "over"),
    propose=_jumps,
)


def _wall_between(s, a):
    if s.live is None:
        return True
    return geo(s).side(s, s.loc[_mt(a)], a.to) == "wall"


PASSWALL = Action(
    "passwall", "§Passe-muraille", "the Wall-Walker crosses a wall onto the next square (1 AP)",
    params=(Param("to", Square(), "the square beyond the wall"),),
    needs=dest_needs("§Passe-muraille") + (
        Need("§Capacités", "abilities are for unwounded characters", lambda s, a: Not(s.wounded[_c(a)]), lambda s, a: "the Wall-Walker is wounded"),
        Need("§Passe-muraille", "the next square", lambda s, a: adjacent(Lookup(s.loc, _mt(a), -9), a.to), _show_to),
        Need("§Passe-muraille", "a wall lies between", board_check(_wall_between), lambda s, a: "there is no wall there"),
    ),
    effect=lambda s, a: go(s, a).but(**pay(s, _mt(a)), **ended(s, s.vp)),
    phases=("act",), goes=("act", "over"),
    propose=lambda s: (args(s.turn, to=n) for k, t, c, q in standing(s) if k == WALLWALKER for n in neighbours(q)),
)


def _drop_cost(s):
    return int(s.cfg.opt("drop_cost"))


def _drop_fits(s, a):
    """§Règle d'or 2 after a drop. With carried=yes the token put down was counted already.
    With carried=no only lying tokens count: a token on the square either lies there or is
    carried by a character lying there, so the square's count (occ) after the drop is the
    lying ones exactly when no other carrier stands there, and is above 2 whenever 3 lie."""
    if s.cfg.opt("carried") == "yes":
        return True
    return Lookup(s.occ, Lookup(s.loc, mover_tok(a), -1), 0) <= 2


DROP = Action(
    "drop", "§Objets", "put down what the character carries, on its square",
    params=(Param("who", Char(), "the carrier"),),
    needs=(
        TURN,
        Need("§Tour", "the action points it costs are left", lambda s, a: Or(_drop_cost(s) == 0, ap_ok(s, mover_tok(a))),
             lambda s, a: f"{s.ap} AP left"),
        Need("§Objets", "it carries something", lambda s, a: Lookup(s.held, mover_c(a)) >= 0, lambda s, a: "it carries nothing"),
        Need("§Déplacement", "not onto a pit (nor leaving the carrier on one)",
             lambda s, a: Not(Or(Lookup(s.onpit, mover_tok(a)), Lookup(s.onpit, Lookup(s.held, mover_c(a)), False))),
             lambda s, a: "it stands on a pit"),
        Need("§Règle d'or 2", "at most 2 pawns on the square at the end of the action (with carried=no, what is put "
             "down now lies there and counts)", _drop_fits,
             lambda s, a: f"{Lookup(s.occ, Lookup(s.loc, mover_tok(a), -1), 0)} tokens would lie on the square"),
    ),
    effect=lambda s, a: s.but(held=put(s.held, mover_c(a), -1), **pay(s, mover_tok(a), _drop_cost(s))),
    phases=("act",),
    propose=lambda s: (args(s.turn, who=k) for k, t, c, q in standing(s) if s.held[c] >= 0),
)


def _carried_friend(s, a):
    h = Lookup(s.held, mover_c(a))
    return Or(*[h == player_of(a) * NTOK + k for k in range(NCHAR)])


# §Fin is silent on a wounded friend carried out; the published rule decides it: the friend
# is saved and scores nothing (facts/dungeon-twister.md:52). exit_carried=scores is another
# reading, offered so that its games replay.
EXIT_CARRIED = Ruling(
    "exit_carried", "§Fin", "what a wounded friend carried out of the maze scores",
    arises=_carried_friend,
    answers=(
        Answer("§Fin", REGLE, "the character leaving scores (no friend carried)", lambda s, a: Not(_carried_friend(s, a)), lambda s, a: 0),
        Answer("§Fin", FAITS, "the friend carried out is saved and scores nothing (published rule)",
               _carried_friend, lambda s, a: 0),
    ),
    action="exit",
)


def _friend_vp(s, a):
    """What a carried friend scores under exit_carried=scores: its own exit value."""
    return Lookup(tuple(ch.exit_vp for ch in s.cfg.comp.chars), Lookup(s.held, mover_c(a)) - player_of(a) * NTOK, 0)


def _exit_gain(s, a):
    h = Lookup(s.held, mover_c(a))
    treasure = If(Or(h == TREASURE, h == NTOK + TREASURE), s.cfg.comp.objects[TREASURE - NCHAR].vp, 0)
    friend = If(_carried_friend(s, a), _friend_vp(s, a), 0) if s.cfg.opt("exit_carried") == "scores" \
        else decide(EXIT_CARRIED, s, a)
    return Lookup(tuple(ch.exit_vp for ch in s.cfg.comp.chars), a.who) + treasure + friend


def _exit_effect(s, a):
    mt, c = mover_tok(a), mover_c(a)
    h = Lookup(s.held, c)
    src = Lookup(s.loc, mt, -9)
    loc = put_if(put(s.loc, mt, GONE), h, GONE)
    vp = put(s.vp, a.p, s.vp[a.p] + _exit_gain(s, a))
    occ = sq_bump(s.occ, src, -1 - one_if(h >= 0))
    objs = sq_bump(s.objs, src, -one_if(is_obj(h)))
    unw = sq_bump(s.unw, src, -one_if(Not(Lookup(s.wounded, c))))
    return s.but(loc=loc, held=put(s.held, c, -1), vp=vp, occ=occ, objs=objs, unw=unw, onpit=pits_after(s.onpit, loc),
                 **pay(s, mt), **ended(s, vp))


EXIT = Action(
    "exit", "§Fin", "a character on the opponent's starting line leaves the maze (1 AP): 1 VP (Goblin 2), +1 with the treasure",
    params=(Param("who", Char(), "the character leaving"),),
    needs=(
        TURN,
        Need("§Tour", "an action point is left for this character", lambda s, a: ap_ok(s, mover_tok(a)), lambda s, a: f"{s.ap} AP left"),
        Need("§Fin", "the character stands, not carried, on the opponent's starting line",
             lambda s, a: And(on_line(Lookup(s.loc, mover_tok(a), -9), 1 - a.p), Not(held_by_any(s.held, mover_tok(a)))),
             lambda s, a: "it is not on the opponent's starting line", source=FAITS),
    ),
    effect=_exit_effect, phases=("act",), goes=("act", "over"),
    propose=lambda s: (args(s.turn, who=k) for k, t, c, q in standing(s) if q // 10 == line(1 - s.turn) for _ in range(8)),
)

ACTIONS = (MOVE, JUMP, PASSWALL, DROP, EXIT)
RULINGS = (PAWNS, WOUNDED_MOVES, EXIT_CARRIED)
