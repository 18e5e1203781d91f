"""Steering a witness search towards the situation z3 found: a z3 model of the state
where a question arises (a ruling's hole or conflict) is turned into a goal the greedy
explorer climbs (explore.py's score): the closeness of a concrete state to the model's
values, on the state fields the situation reads.

A target is plain data, ((leaf index, value), ...) over the state's numeric skeleton
(symbolic.skeleton_terms order, the same for a symbolic and a concrete state), so a
worker process receives it with its task. The model is a state the proved invariants
allow, not always a reachable one: closeness is a direction, never a proof; the goal
the search tests stays the ruling itself (witness.ruling_goal)."""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

import z3

from .symbolic import leaves, skeleton_terms, term

Target = tuple[tuple[int, Any], ...]


def _value(v: Any) -> int | Fraction | None:
    if z3.is_true(v):
        return 1
    if z3.is_false(v):
        return 0
    if z3.is_int_value(v):
        return v.as_long()
    if z3.is_rational_value(v):
        return Fraction(v.numerator_as_long(), v.denominator_as_long())
    return None  # an algebraic number or an uninterpreted value: no direction


def _constants(terms: list) -> set[str]:
    """The names of the free constants of z3 terms (each shared subterm visited once)."""
    seen, names, todo = set(), set(), list(terms)
    while todo:
        t = todo.pop()
        if t.get_id() in seen:
            continue
        seen.add(t.get_id())
        if z3.is_const(t) and t.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            names.add(str(t))
        todo.extend(t.children())
    return names


def target(S: Any, reads: list, model: Any) -> Target:
    """The model's values of the leaves of the symbolic state S that the formulas `reads`
    (the situation: where the question arises, the answers that do not apply) mention."""
    names = _constants(reads)
    out = []
    for i, (_, leaf) in enumerate(skeleton_terms(S)):
        t = term(leaf)
        if str(t) in names:
            v = _value(model.eval(t, model_completion=True))
            if v is not None:
                out.append((i, v))
    return tuple(out)


def closeness(goal: Target) -> Callable[[Any], float]:
    """A score for the greedy explorer: minus the distance (the sum of the differences,
    one per unit, a flag's 0/1 too) from a concrete state to the target's values. Only
    the fields the target names are read (the explorer scores every move it weighs)."""
    if not goal:
        return lambda s: 0.0
    want = dict(goal)
    paths: dict = {}  # field name -> [(flat index in the field, value)], built on the first state

    def score(s: Any) -> float:
        if not paths:
            i = 0
            for f in s.skeleton():
                n = sum(1 for _ in leaves(getattr(s, f.name)))
                hit = [(k - i, want[k]) for k in range(i, i + n) if k in want]
                if hit:
                    paths[f.name] = hit
                i += n
        d = Fraction(0)
        for name, hit in paths.items():
            flat = list(leaves(getattr(s, name)))
            d += sum(abs(flat[k] - v) for k, v in hit)
        return -float(d)

    return score
