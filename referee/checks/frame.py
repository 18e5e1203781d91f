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
When anything does not fit, the members stay with the usual per-conjunct queries."""
from __future__ import annotations

from typing import Any

import z3

from ..model.kernel import And, If, Implies, Lookup
from ..model.kernel.logic import Among, Edited
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


def item(before: tuple, chain: list, i: Any) -> Any:
    """Item i (a symbolic index) of the vector the edits built, as put/bump compute it:
    an edit changes item i when its index is i (and i one of the values its index may
    take, when it lists them: put/bump touch only those)."""
    v = Lookup(before, i, 0)
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
    chains = {}
    for f in fam.fields:
        c = edits(getattr(S, f), getattr(T, f))
        if c is None:
            return None
        chains[f] = c
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
        pre = S.but(**{f: (Lookup(getattr(S, f), i, 0),) for f in fam.fields})
        post = T.but(**{f: (item(getattr(S, f), chains[f], i),) for f in fam.fields})
        hyps.append(term(Implies(inside, fam.fn(pre, 0))))
        goals.append(term(Implies(inside, fam.fn(post, 0))))
    step.push()
    step.add(*hyps)
    step.add(z3.Not(z3.And(goals)))
    out = step.check()
    step.pop()
    return out
