"""Helpers shared by the rules: token look-ups, action points, deaths, and the end-of-action
checks of a square (§Règle d'or 2). Plain Python over the state: run on ints and on z3 terms."""
from __future__ import annotations

from ..kernel import And, Count, If, Lookup, Not, Or, Sym, bump, fork, put
from .board import (
    C, GONE, NCHAR, NSQ, NTOK, ROPE, THIEF, T, ctok, geometry, on_board,
)

REGLE, FAITS = "regle", "faits"


def geo(s):
    return geometry(s.cfg)


def is_char(t: int) -> bool:
    return t % NTOK < NCHAR


def owner(t: int) -> int:
    return t // NTOK


def cof(t: int) -> int:
    """Character index of a character token."""
    return owner(t) * NCHAR + t % NTOK


def loc_of(s, t):
    return Lookup(s.loc, t, -9)


def _held_by_any_c(held, t):
    return t in held


def _held_by_any_z(held, t):
    return Or(*[held[c] == t for c in range(C)])


held_by_any = fork(_held_by_any_c, _held_by_any_z)  # t is carried by some character


def board_check(fn):
    """A Need read on the concrete board only (paths, walls, lines of sight: `fn` returns
    True on the skeleton, where `live` is None, an over-approximation the proofs keep):
    one call in the compiled rules, as it runs interpreted."""
    return fork(fn, fn)


def player_of(a):
    return a.p if a.p is not None else 0


def mover_tok(a):
    return player_of(a) * NTOK + getattr(a, "who", 0)


def mover_c(a):
    return player_of(a) * NCHAR + getattr(a, "who", 0)


def may_stand_on_pit(held, wounded, c):
    """§Voleuse (an unwounded Thief stands on pits) and §Corde (the rope's carrier crosses pits).
    c may be symbolic (an index among the 16 characters)."""
    rope = Or(Lookup(held, c) == ROPE, Lookup(held, c) == NTOK + ROPE)
    thief = And(Or(c == THIEF, c == NCHAR + THIEF), Not(Lookup(wounded, c)))
    return Or(thief, rope)


def ap_ok(s, mt):
    return Or(s.ap >= 1, Lookup(s.pot, mt) >= 1)


def pay(s, mt, n: int = 1) -> dict:
    """Spend n action points for token mt: the speed potion's points first (§Potion)."""
    if n == 0:
        return {}
    mine = Lookup(s.pot, mt)
    pot = mine >= n
    return {"ap": If(pot, s.ap, s.ap - n), "pot": put(s.pot, mt, If(pot, mine - n, mine))}


def ended(s, vp) -> dict:
    """Option end=immediate: the game stops as soon as a player has 5 VP (§Fin as written)."""
    if s.cfg.opt("end") == "immediate":
        from .state import ACT, OVER

        return {"phase": If(Or(vp[0] >= 5, vp[1] >= 5), OVER, ACT)}
    return {}


def kill(s, loc, held, dead):
    """The characters flagged in `dead` (16 values) leave the game; what they carried stays
    on their square, or falls when that square is a pit (option death_drop=pit)."""
    swallow = s.cfg.opt("death_drop") == "pit"
    newloc = list(loc)
    for t in range(T):
        dropped = Or(*[And(dead[c], held[c] == t) for c in range(C)])
        falls = And(dropped, s.onpit[t]) if swallow else False
        dies = dead[cof(t)] if is_char(t) else False
        newloc[t] = If(Or(dies, falls), GONE, loc[t])
    newheld = tuple(
        If(dead[c], -1, If(Or(*[And(dead[d], held[c] == ctok(d)) for d in range(C)]), -1, held[c]))
        for c in range(C)
    )
    return tuple(newloc), newheld


def pits_after(onpit, newloc):
    """A token that leaves the board is no longer on a pit."""
    return tuple(And(onpit[t], newloc[t] != GONE) for t in range(T))


def at(loc, q):
    return [And(on_board(q), loc[t] == q) for t in range(T)]


def square_counts(t_state, q, p):
    """Counts on square q after an action: all tokens, carried tokens, objects, unwounded
    characters, characters of the opponent of p."""
    loc, held, w = t_state.loc, t_state.held, t_state.wounded
    here = at(loc, q)
    carried = Count(And(here[t], held_by_any(held, t)) for t in range(T))
    objs = Count(here[t] for t in range(T) if not is_char(t))
    unw = Count(And(here[t], Not(w[cof(t)])) for t in range(T) if is_char(t))
    enemy = Count(here[t] for t in range(T) if is_char(t) and owner(t) == 1 - p) if isinstance(p, int) else None
    return Count(here), carried, objs, unw, enemy


def hidden_in(loc, r):
    from .board import HID

    return Count(loc[t] == HID + r for t in range(T))


def _put_if(vec, i, v):
    if type(i) is not Sym and i < 0:
        return vec
    return put(vec, i, v)


# vec with item i replaced by v; nothing when i is -1 (i may be symbolic: put's If-chain
# then leaves every item as it is at -1)
put_if = fork(_put_if, _put_if, like=0, edits=1)


def _sq_bump(vec, q, d):
    if type(q) is not Sym and not 0 <= q < NSQ:
        return vec
    return bump(vec, q, d)


# add d to the count of square q; nothing when q is not a square of the board
sq_bump = fork(_sq_bump, _sq_bump, like=0, edits=1)


def is_obj(t):
    return Or(*[t == q * NTOK + k for q in (0, 1) for k in range(NCHAR, NTOK)])


def one_if(c):
    return If(c, 1, 0)


def counts_of(loc, wounded):
    """The per-square counts of a position (concrete only: the projection the tests check)."""
    occ, objs, unw = [0] * NSQ, [0] * NSQ, [0] * NSQ
    for t in range(T):
        q = loc[t]
        if 0 <= q < NSQ:
            occ[q] += 1
            if is_char(t):
                unw[q] += 0 if wounded[cof(t)] else 1
            else:
                objs[q] += 1
    return tuple(occ), tuple(objs), tuple(unw)


def recount_gone(s, loc, newloc, wounded, newwounded):
    """Counts after tokens leave the board (newloc GONE) and characters are wounded: only
    decrements, at the squares they stood on."""
    occ, objs, unw = _recount((s.occ, s.objs, s.unw), loc, newloc, wounded, newwounded)
    return dict(occ=occ, objs=objs, unw=unw)


def _gone(loc, newloc, wounded, newwounded):
    gone = [And(on_board(loc[t]), newloc[t] == GONE) for t in range(T)]
    lost_unw = [And(on_board(loc[t]), Not(wounded[cof(t)]), Or(gone[t], newwounded[cof(t)])) if is_char(t) else False
                for t in range(T)]
    return gone, lost_unw


_CHAR_OF = tuple(cof(t) if is_char(t) else None for t in range(T))  # each token's character index, if one


def _recount_c(counts, loc, newloc, wounded, newwounded):
    # _gone's conditions, token by token on values (one pass, no list of terms)
    occ, objs, unw = (list(v) for v in counts)
    for t, c in enumerate(_CHAR_OF):
        q = loc[t]
        if not 0 <= q < NSQ:
            continue
        gone = newloc[t] == GONE
        if gone:
            occ[q] -= 1
            if c is None:
                objs[q] -= 1
        if c is not None and not wounded[c] and (gone or newwounded[c]):
            unw[q] -= 1
    return tuple(occ), tuple(objs), tuple(unw)


def _recount_z(counts, loc, newloc, wounded, newwounded):
    # one decrement at each token's square, by put/bump: the proofs then check the square
    # rule at those 28 squares only (checks/frame.py), not at all 220
    gone, lost_unw = _gone(loc, newloc, wounded, newwounded)
    occ, objs, unw = counts
    for t in range(T):
        occ = sq_bump(occ, loc[t], -one_if(gone[t]))
        if not is_char(t):
            objs = sq_bump(objs, loc[t], -one_if(gone[t]))
        else:
            unw = sq_bump(unw, loc[t], -one_if(lost_unw[t]))
    return occ, objs, unw


_recount = fork(_recount_c, _recount_z, like=0)
