"""Steering a witness search towards the situation z3 found: a z3 model of the state
where a question arises (a ruling's hole or conflict) is turned into a goal the greedy
explorer climbs (explore.py's score): the closeness of a concrete state to the model's
values, on the state fields the situation reads.

A target is plain data, so a worker process receives it with its task: the model's
values, ((leaf index, value), ...) over the state's numeric skeleton
(symbolic.skeleton_terms order, the same for a symbolic and a concrete state), and the
situation's formula itself (distance.program), which the search measures concretely.
The model is a state the proved invariants allow, not always a reachable one: both are a
direction, never a proof; the goal the search tests stays the ruling itself
(witness.ruling_goal)."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

import z3

from . import distance
from .symbolic import leaves, skeleton_terms, term


@dataclass(frozen=True)
class Target:
    values: tuple[tuple[int, Any], ...] = ()  # the z3 model's values of the leaves the situation reads
    situation: distance.Program = ()  # the situation's formula (distance.py)

    def __bool__(self) -> bool:
        return bool(self.values or self.situation)


def _constants(terms: list) -> set[str]:
    """The names of the free constants of z3 terms (each shared subterm visited once)."""
    seen, names, todo = set(), set(), list(terms)
    while todo:
        t = todo.pop()
        if t.get_id() in seen:
            continue
        seen.add(t.get_id())
        if z3.is_const(t) and t.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            names.add(t.decl().name())
        todo.extend(t.children())
    return names


def target(S: Any, reads: list, model: Any) -> Target:
    """The model's values of the leaves of the symbolic state S that the formulas `reads`
    (the situation: where the question arises, the answers that do not apply) mention,
    and those formulas as a program (distance.py)."""
    names = _constants(reads)
    out = []
    skeleton = skeleton_terms(S)
    for i, (_, leaf) in enumerate(skeleton):
        t = term(leaf)
        if t.decl().name() in names:
            v = distance.number(model.eval(t, model_completion=True))
            if v is not None:
                out.append((i, v))
    return Target(tuple(out), distance.program(reads, distance.places_of(skeleton, term)))


def closeness(goal: Target) -> Callable[[Any], float]:
    """A score for the greedy explorer: minus the distance (the sum of the differences,
    one per unit, a flag's 0/1 too) from a concrete state to the target's values. Only
    the fields the target names are read (the explorer scores every move it weighs)."""
    if not goal.values:
        return lambda s: 0.0
    want = dict(goal.values)
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


def climb(goal: Target, branches: bool = False) -> tuple[Callable[[Any], float], Callable[[Any], bool] | None, Callable[[Any], Any]]:
    """(the score a steered search climbs, where it weighs every move, the cell of a state
    for its restarts). The score is minus the situation's distance (distance.py) when its
    formula is known, else the closeness to the model's values; every move is weighed
    where the distance is 0 (the situation's conditions on the state hold:
    explore.Explorer.focus), everywhere when no formula; the cell is which of the
    situation's conditions hold (explore.Restarts; with `branches`, a disjunction's nearest
    branch and its conditions: distance.measure_parts). They share one evaluation per state."""
    if not goal.situation:
        return closeness(goal), None, lambda s: None
    far = distance.measure_parts(goal.situation, branches)
    last: list = [None, (0.0, ())]  # the state last measured, its (distance, conditions met)

    def measured(s: Any) -> tuple[float, tuple]:
        if last[0] is not s:
            last[0], last[1] = s, far(s)
        return last[1]

    return (lambda s: -measured(s)[0]), (lambda s: measured(s)[0] == 0), (lambda s: measured(s)[1])
