"""Why z3 answered unknown, told in the budget's own terms (checks/work.py) and carrying what
would settle it (findings.OPEN)."""
from __future__ import annotations

from typing import Any

import z3

from .. import work
from ..findings import Why


def gave_up(solver: Any, used: int | None = None) -> Why:
    """Why z3 answered unknown, in the budget's own terms: its count of work (work.py), its
    wall-clock net (reached only where z3 does not count its work, or on a machine so loaded
    that the net comes first), or what z3 says. z3 5 calls its count's end "canceled", older
    builds "max. resource limit exceeded"; its clock's end is "timeout"."""
    why = solver.reason_unknown()
    if why == "canceled" and isinstance(solver, z3.Optimize) and used is not None:
        # z3 5's Optimize says "canceled" for both nets; the work the query took (`used`, measured
        # by the caller: z3 counts per context) tells them apart
        if used >= work.QUERY_UNITS:
            return Why(f"the solver gave up (z3's limit of {work.seconds(work.QUERY_UNITS)} of work a query)", "budget")
        return Why(f"the solver was stopped by its wall-clock net ({work.SAFETY_MS // 1000} s a query) before "
                   "its count of work: rerun on a less loaded machine", "load")
    if why == "canceled" and isinstance(solver, z3.Optimize):  # not measured: both nets are possible
        return Why(f"the solver gave up (z3's limit of {work.seconds(work.QUERY_UNITS)} of work a query, or its "
                   f"wall-clock net of {work.SAFETY_MS // 1000} s: z3's optimizer does not tell them apart)", "budget")
    if "resource limit" in why or why == "canceled":
        return Why(f"the solver gave up (z3's limit of {work.seconds(work.QUERY_UNITS)} of work a query)", "budget")
    if why == "timeout":
        return Why(f"the solver was stopped by its wall-clock net ({work.SAFETY_MS // 1000} s a query) before "
                   "its count of work: rerun on a less loaded machine", "load")
    return Why(f"the solver gave up (z3: {why})", "method")
