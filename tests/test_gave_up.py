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


def _hard_opt() -> z3.Optimize:
    o = z3.Optimize()
    x, y, z = z3.Ints("x y z")
    o.add(x > 2, y > 2, z > 2, x * x * x + y * y * y == z * z * z)
    o.maximize(x)
    return o


def test_the_optimizer_s_two_nets_are_told_apart_by_the_work_measured():
    """z3's Optimize says 'canceled' for its count and its clock alike (s54 reading: a Twister claim
    blamed 'its limit of work, or its wall-clock net'): the caller measures the query's work (z3
    counts per context, work.spent) and the reason follows it."""
    o = work.limited(_hard_opt())  # the default count: the comparison is with QUERY_UNITS
    before = work.spent()
    assert o.check() == z3.unknown and o.reason_unknown() == "canceled"
    assert gave_up(o, work.spent() - before) == f"the solver gave up (z3's limit of {work.seconds(work.QUERY_UNITS)} of work a query)"

    class Stopped(z3.Optimize):  # the clock's end as z3 5's Optimize words it: a 1 ms timeout on a real
        def reason_unknown(self):  # query says "canceled" or "unknown" depending on the machine's speed
            return "canceled"

    assert "wall-clock net" in gave_up(Stopped(), work.QUERY_UNITS // 2)  # stopped short of its count
    assert "does not tell them apart" in gave_up(Stopped())  # not measured: both said


def test_a_max_claim_the_optimizer_cannot_settle_is_settled_by_two_plain_queries():
    """The optimizer gave up on Twister's '2 tokens a square' though the invariant saying it is proved;
    nothing above the claim's value, and the value allowed, is its maximum."""
    from referee.checks.audit.maximum import at_most_and_reached

    n = z3.Int("n")
    assert at_most_and_reached([n >= 0, n <= 2], n, 2)
    assert not at_most_and_reached([n >= 0, n <= 3], n, 2)  # 3 is allowed: not the maximum
    assert not at_most_and_reached([n >= 0, n <= 1], n, 2)  # 2 is not reached
