"""An unknown from z3 says which of its nets stopped it (checks/audit/proofs.gave_up)."""
import z3

from referee.checks import work
from referee.checks.audit.proofs import gave_up


def _hard() -> z3.Solver:
    s = z3.Solver()
    x, y, z = z3.Ints("x y z")
    s.add(x > 2, y > 2, z > 2, x * x * x + y * y * y == z * z * z)  # Fermat at n=3: no model, hard
    return s


def test_the_count_of_work():
    s = work.limited(_hard(), units=1000)
    assert s.check() == z3.unknown
    assert gave_up(s) == f"the solver gave up (z3's limit of {work.seconds(work.QUERY_UNITS)} of work a query)"


def test_the_wall_clock_net_is_told_apart():
    s = _hard()
    s.set("timeout", 1)
    assert s.check() == z3.unknown
    assert "wall-clock net" in gave_up(s) and "rerun" in gave_up(s)
