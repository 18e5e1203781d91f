"""z3's budgets counted in work, not in time: its resource units ("rlimit"), which a given
z3 build spends identically on every machine and under any load. A rerun on a busy machine
then gives the same proofs, the same "not established" and the same report.

`RATE` turns the seconds of `--budget` into units: about what z3 spends in a second on this
project's problems (measured on a 2-core machine of 2026: 2 to 3 million a second). A query
gets `QUERY_UNITS` (about 5 s). A wall-clock net far above it stays under the count, because
z3 does not count every loop it can run (its issue tracker lists a few); it is reached only
there, and the result then says so like any other unknown."""
from __future__ import annotations

from typing import Any

RATE = 2_000_000  # resource units for one second of budget
QUERY_UNITS = 5 * RATE  # what one solver query may spend
SAFETY_MS = 120_000  # the wall-clock net under the count


def limited(solver: Any, units: int | None = None) -> Any:
    """The solver with a per-query budget of `units` (default QUERY_UNITS, read at call time)."""
    solver.set("rlimit", int(QUERY_UNITS if units is None else units))
    solver.set("timeout", SAFETY_MS)
    return solver


def spent() -> int:
    """The resource units z3 has spent so far in the current context: z3 counts per context,
    so inside a `steady` block (checks/steady.py) this is that block's work only. A budget
    measured by two readings must take both in the same context."""
    import z3

    s = z3.Solver()
    s.check()
    st = s.statistics()
    return int(st.get_key_value("rlimit count")) if "rlimit count" in st.keys() else 0


def seconds(units: int) -> str:
    """Units as the seconds of budget they stand for, for messages."""
    return f"{units / RATE:.0f} s"
