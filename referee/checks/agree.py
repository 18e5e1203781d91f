"""Concrete and symbolic evaluations of the same rule must agree (DESIGN.md, the `==` trap).

`disagreements(game, cfg, s, inst, a)` runs every Need of an action instance, its effect,
every invariant and every ruling answer twice -- on the concrete state `s` with concrete
arguments `a`, and on the symbolic state -- then substitutes the concrete values into the
symbolic result and asks z3 to simplify it. Any difference is returned. A rule that
branches in Python on a symbolic value raises SymbolicBranch instead, which is also a
failure. Used by the hypothesis tests of every game.
"""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import z3

from .steady import context_memo

from ..model.kernel import Game, Undecided
from .symbolic import Instance, leaves, skeleton_terms, sym_state, term


def _subst_pairs(S: Any, s: Any, inst: Instance, a: SimpleNamespace) -> list:
    pairs = []
    for (_, x), (_, y) in zip(skeleton_terms(S), skeleton_terms(s)):
        pairs.append((term(x), term(y)))
    for k, v in vars(inst.args).items():
        concrete = getattr(a, k)
        for x, y in zip(leaves(v), leaves(concrete)):
            if type(x).__name__ != "Sym" or y is None:  # enumerated values, a chance event's player
                continue
            tx = term(x)
            if z3.is_const(tx) and tx.decl().kind() == z3.Z3_OP_UNINTERPRETED:
                ty = z3.RealVal(y) if tx.sort() == z3.RealSort() else term(y)
                pairs.append((tx, ty))
    return pairs


def _value(x: Any, pairs: list) -> Any:
    t = z3.simplify(z3.substitute(term(x), *pairs)) if pairs else z3.simplify(term(x))
    if z3.is_true(t):
        return True
    if z3.is_false(t):
        return False
    if z3.is_int_value(t):
        return t.as_long()
    if z3.is_rational_value(t):
        from fractions import Fraction

        return Fraction(t.numerator_as_long(), t.denominator_as_long())
    return f"<not concrete: {t}>"


def disagreements(game: Game, s: Any, inst: Instance, a: SimpleNamespace) -> list[str]:
    key = ("agree.sym", game.name)
    memo = context_memo(s.cfg)  # kept with the z3 context its terms belong to (steady.py)
    S = memo.get(key)
    if S is None:
        S = memo[key] = sym_state(game, s.cfg, "s")
    pairs = _subst_pairs(S, s, inst, a)
    out: list[str] = []

    def cmp(label: str, fn) -> None:
        try:
            want = fn(s, a)
        except (Undecided, IndexError, ZeroDivisionError, KeyError):
            return
        got = fn(S, inst.args)
        for w, g in zip(leaves(want), leaves(got)):
            gv = _value(g, pairs)
            if gv != w:
                out.append(f"{label}: concrete {w!r}, symbolic {gv!r}")
                return

    needs = [n for n in game.needs(inst.action) if not n.concrete_only]
    for need in needs:
        cmp(f"{inst.label} need {need.cite} '{need.says}'", need.test)
    try:
        ok = all(n.test(s, a) for n in needs)
    except (Undecided, IndexError, ZeroDivisionError, KeyError):
        ok = False
    if ok:
        def eff(st, ar):
            return tuple(getattr(inst.action.effect(st, ar), f.name) for f in st.skeleton())
        cmp(f"{inst.label} effect", eff)
    for inv in game.invariants:
        cmp(f"invariant {inv.cite} '{inv.says}'", lambda st, ar, inv=inv: inv.test(st))
    for r in game.rulings:
        if r.action != inst.action.name:
            continue
        for ans in r.answers:
            cmp(f"ruling {r.name} answer {ans.cite} applies", ans.applies)
    return out
