"""The conjuncts of a Need's test, as z3 terms over the state values it reads: an engine
that checks part of a guard is caught by one scenario per conjunct."""
from __future__ import annotations

import re
from typing import Any

import z3

from ...model.kernel.logic import Sym
from ...model.kernel.rules import Need
from ...model.kernel.reads import leaf, reads, with_leaves
from ..steady import context_memo


def _flat_and(e: Any) -> list:
    if z3.is_and(e):
        return [c for x in e.children() for c in _flat_and(x)]
    return [e]


def conjuncts(need: Need, s: Any, a: Any) -> list | None:
    """The conjuncts of a Need's test at (s, a), as z3 terms over the state values it reads
    (named like `done[0]`) and the symbolic arguments: [(term, leaves)], or None when the
    test is not a conjunction there. Rules never branch on state values, so making the
    values it reads symbolic keeps the test's shape: it depends on the arguments and the
    configuration only (the key of the cache, kept with the z3 context its terms belong
    to: checks/steady.py context_memo)."""
    try:
        key = ("conjuncts", id(need), tuple((k, v.t.get_id() if type(v) is Sym else
                                           tuple(x.t.get_id() if type(x) is Sym else x for x in v)
                                           if isinstance(v, tuple) else v) for k, v in sorted(a.__dict__.items())))
    except Exception:  # noqa: BLE001 - arguments that do not make a key
        key = None
    memo = context_memo(s.cfg)  # with the z3 context its terms belong to (steady.py)
    if key is not None and key in memo:
        return memo[key][1]
    got = _conjuncts(need, s, a)
    if key is not None:
        memo[key] = (need, got, a)  # the Need kept alive with its entry: its id stays its own
    return got


def _conjuncts(need: Need, s: Any, a: Any) -> list | None:
    try:
        leaves = [p for p in sorted(reads(lambda st: need.test(st, a), s)) if type(leaf(s, p)) is int]
        S = s
        for path in leaves:
            S = with_leaves(S, {path: Sym(z3.Int(_leaf_name(path)))})
        t = need.test(S, a)
    except Exception:  # noqa: BLE001 - a rule that cannot be traced or made symbolic
        return None
    if type(t) is not Sym:
        return None
    cs = [c for c in _flat_and(t.t) if not z3.is_true(c)]
    return [(c, leaves) for c in cs] if len(cs) >= 2 else None


def shapes(cs: list) -> list[tuple[int, ...]]:
    """The conjuncts grouped by shape, in order of first appearance: its text with every
    number (an index, a bound) taken out, so the parts one per item of a list ("owned[0][3]
    >= 1", "owned[0][4] >= 1") are one shape and the parts of another kind ("known[0][3] ==
    1") another."""
    seen: dict[str, list[int]] = {}
    for i, (c, _) in enumerate(cs):
        seen.setdefault(re.sub(r"\d+", "#", str(c)), []).append(i)
    return [tuple(v) for v in seen.values()]


def _leaf_name(path: tuple) -> str:
    return path[0] + "".join(f"[{i}]" for i in path[1:])


def conjunct_target(need: Need, s: Any, a: Any, i: int | tuple[int, ...]) -> Any:
    """"Conjunct i of the Need fails and its other conjuncts hold" at the concrete state s,
    for arguments a (some symbolic): a Sym, a bool, or None when there is no conjunct i.
    For a tuple of conjuncts (a shape: one part per item), any one of them so: which item
    a state lets fail alone is the state's to say, not the first item's."""
    if isinstance(i, tuple):
        ts = [conjunct_target(need, s, a, k) for k in i]
        if any(t is True for t in ts):
            return True
        syms = [t.t for t in ts if type(t) is Sym]
        return Sym(z3.Or(*syms)) if syms else (False if any(t is False for t in ts) else None)
    cs = conjuncts(need, s, a)
    if cs is None or i >= len(cs):
        return None
    leaves = cs[0][1]
    key = ("conjunct-target", id(cs), i)  # cs is kept alive by its conjuncts entry
    memo = context_memo(s.cfg)  # with the z3 context its terms belong to (steady.py)
    if key not in memo:
        memo[key] = (cs, z3.And(z3.Not(cs[i][0]), *[c for k, (c, _) in enumerate(cs) if k != i]),
                         [z3.Int(_leaf_name(p)) for p in leaves])
    _, t, vs = memo[key]
    if vs:
        t = z3.substitute(t, *[(v, z3.IntVal(leaf(s, p))) for v, p in zip(vs, leaves)])
    t = z3.simplify(t)
    if z3.is_true(t):
        return True
    if z3.is_false(t):
        return False
    return Sym(t)


def conjunct_holds(need: Need, s: Any, a: Any, i: int | tuple[int, ...]) -> bool:
    """Concretely: does conjunct i fail at (s, a) while the Need's other conjuncts hold?"""
    t = conjunct_target(need, s, a, i)
    return t is True
