"""The frame of an action for a family of like conjuncts (kernel `family`: member q reads
item q of a few vectors, e.g. Dungeon Twister's 220 square counts).

When the effect built each of those vectors from the state's own by put/bump at a few
symbolic indices (kernel `Edited`), every member away from those indices reads exactly
what it read before and holds by hypothesis; the family then needs proving only at the
edited indices: one small query at symbolic indices, instead of one conjunct per item
(a move touches its source and destination squares, not the board). Sound because
- the members are one function of their own items (`shape_ok` checks it term by term),
- the items at an edited index are computed from the edits exactly as put/bump do,
- the hypothesis at an edited index is an instance of the assumed family (the index is
  an item of the vectors: the query is guarded by its range).
Where every edit only lowers items (a recount of the tokens that left) and no member can
break by lowering them, the family holds without a query at the indices. When anything
does not fit, the members stay with the usual per-conjunct queries."""
from __future__ import annotations

from typing import Any

import z3

from ..model.kernel import And, If, Implies, Lookup
from ..model.kernel.logic import Among, Edited
from ..model.kernel.reads import leaf, reads
from . import work
from .symbolic import term


def edits(before: tuple, after: tuple) -> list | None:
    """The edits (op, at, by) that turned `before` into `after`, oldest first; None when
    `after` was not built from `before` by put/bump at symbolic indices alone."""
    chain = []
    v = after
    while v is not before:
        if type(v) is not Edited:
            return None
        chain.append((v.op, v.at, v.by))
        v = v.base
    return chain[::-1]


def item(v: Any, chain: list, i: Any) -> Any:
    """Item i (a symbolic index) of the vector the edits built from one whose item i is v,
    as put/bump compute it: an edit changes item i when its index is i (and i one of the
    values its index may take, when it lists them: put/bump touch only those)."""
    for op, at, by in chain:
        hit = at == i
        if at.dom is not None:
            hit = And(hit, Among(i, at.dom))
        v = If(hit, v + by if op == "bump" else by, v)
    return v


def shape_ok(fam: Any, S: Any) -> bool:
    """Every member q is fn of item q of the family's vectors and of nothing that varies
    with q: run on placeholders at q, it gives the same term as member 0 of one-item
    vectors."""
    holders = {f: _holder(f, getattr(S, f)[0]) for f in fam.fields}
    try:
        ref = term(fam.fn(S.but(**{f: (h,) for f, h in holders.items()}), 0))
        for q in range(fam.n):
            got = term(fam.fn(S.but(**{f: _with(getattr(S, f), q, h) for f, h in holders.items()}), q))
            if not got.eq(ref):
                return False
    except (IndexError, TypeError):
        return False
    return True


def _holder(f: str, like: Any) -> Any:
    from ..model.kernel import Sym

    t = term(like)
    return Sym(z3.Bool(f"frame!{f}") if z3.is_bool(t) else z3.Int(f"frame!{f}"))


def _with(vec: tuple, q: int, x: Any) -> tuple:
    out = list(vec)
    out[q] = x
    return tuple(out)


def at_edits(step: Any, S: Any, T: Any, fam: Any) -> Any:
    """Whether the step can break a member of `fam`, asked at the indices the action
    edited: z3's answer (unsat: it cannot), or None when the effect does not fit (some
    vector of the family rebuilt otherwise than by put/bump, or none edited)."""
    # what a member reads besides its items (the same for every member: shape_ok) must be
    # unchanged, or members away from the edits could change too
    if any(p[0] not in fam.fields and leaf(T, p) is not leaf(S, p) for p in reads(fam.member(0), S)):
        return None
    chains = {}
    for f in fam.fields:
        c = edits(getattr(S, f), getattr(T, f))
        if c is None:
            return None
        chains[f] = c
    if _only_down(chains) and _down_closed(fam, S, [f for f, c in chains.items() if c]):
        return z3.unsat  # every item edited is no larger, and no smaller item breaks a member
    points: list = []
    for c in chains.values():
        for _, at, _ in c:
            if not any(at.t.eq(p.t) for p in points):
                points.append(at)
    if not points:
        return None
    hyps, goals = [], []
    for i in points:
        inside = And(i >= 0, i < fam.n)
        # item i before (any item of the sort as the default: i off the vectors is guarded out)
        was = {f: Lookup(getattr(S, f), i, getattr(S, f)[0]) for f in fam.fields}
        pre = S.but(**{f: (v,) for f, v in was.items()})
        post = T.but(**{f: (item(was[f], chains[f], i),) for f in fam.fields})
        hyps.append(term(Implies(inside, fam.fn(pre, 0))))
        goals.append(term(Implies(inside, fam.fn(post, 0))))
    step.push()
    step.add(*hyps)
    step.add(z3.Not(z3.And(goals)))
    out = step.check()
    step.pop()
    return out


def _only_down(chains: dict) -> bool:
    """Every edit adds a number that is never positive, whatever the state (a recount of
    the tokens that left: 28 squares edited); asked without any hypothesis."""
    bys = [by for c in chains.values() for op, _, by in c]
    if not bys or any(op != "bump" for c in chains.values() for op, _, _ in c):
        return False
    if all(_sign(term(by))[0] for by in bys):
        return True  # read off the terms: minus a 0-or-1 (z3 would first digest the conditions)
    s = work.limited(z3.SolverFor("QF_LIA"))
    s.add(z3.Or([term(by) > 0 for by in bys]))
    return s.check() == z3.unsat


def _down_closed(fam: Any, S: Any, fields: list) -> bool:
    """A member that holds still holds once the items of `fields` are made no larger (on
    placeholders: one small query)."""
    holders = {f: _holder(f, getattr(S, f)[0]) for f in fam.fields}
    lower = {f: _holder(f + "'", getattr(S, f)[0]) if f in fields else h for f, h in holders.items()}
    pre = S.but(**{f: (h,) for f, h in holders.items()})
    post = S.but(**{f: (h,) for f, h in lower.items()})
    s = work.limited(z3.SolverFor("QF_LIA"))
    s.add(term(fam.fn(pre, 0)), *[term(lower[f]) <= term(holders[f]) for f in fields], z3.Not(term(fam.fn(post, 0))))
    return s.check() == z3.unsat


def _sign(t: Any) -> tuple[bool, bool]:
    """(never positive, never negative) as the integer term's shape shows: numerals, minus,
    sums and If over such terms (the If's condition unread); (False, False) otherwise."""
    if z3.is_int_value(t):
        return t.as_long() <= 0, t.as_long() >= 0
    if z3.is_app_of(t, z3.Z3_OP_UMINUS):
        neg, pos = _sign(t.arg(0))
        return pos, neg
    if z3.is_app_of(t, z3.Z3_OP_ITE) or z3.is_app_of(t, z3.Z3_OP_ADD):
        signs = [_sign(x) for x in (t.children()[1:] if z3.is_app_of(t, z3.Z3_OP_ITE) else t.children())]
        return all(n for n, _ in signs), all(p for _, p in signs)
    return False, False
