"""The largest value a claim's expression takes in the states the proved invariants allow:
z3's optimizer, and where it gives up, two plain queries on the claim's own value."""
from __future__ import annotations

from typing import Any

import z3

from .. import work
from ..findings import Why
from .unknown import gave_up


def maximum(cons: list, expr: Any, value: Any) -> tuple[Any, str | Why]:
    """(the maximum of `expr` under the constraints `cons`, "sat"), or (None, why not)."""
    opt = work.limited(z3.Optimize())
    opt.add(*cons)
    before = work.spent()
    h = opt.maximize(expr)
    r = opt.check()
    if r == z3.unknown:
        used = work.spent() - before  # z3 counts per context: the query's own work, to tell its nets apart
        # the optimizer gave up; the claim's own value may still be settled (Twister's 2 tokens a
        # square, beside the invariant proved in the same words: s54 reading)
        if at_most_and_reached(cons, expr, value):
            return value, "sat"
        return None, gave_up(opt, used)
    if r != z3.sat:
        return None, "no state satisfies the proved invariants"
    v = h.value()
    return (v.as_long() if z3.is_int_value(v) else str(v)), "sat"


def at_most_and_reached(cons: list, expr: Any, value: Any) -> bool:
    """Whether `cons` allow no value of `expr` above `value`, and allow `value` itself: the
    maximum, proved without the optimizer."""
    if type(value) is not int:
        return False
    above = work.limited(z3.Solver())
    above.add(*cons, expr > value)
    if above.check() != z3.unsat:
        return False
    at = work.limited(z3.Solver())
    at.add(*cons, expr == value)
    return at.check() == z3.sat
