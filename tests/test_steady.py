"""A z3 check's answer depends on its input, not on what the process ran before
(checks/steady.py): z3 numbers terms in the order it makes them, reusing freed numbers,
and its search follows the numbers."""
import gc

import z3

from referee.checks.steady import settle, steady


def _numbers() -> tuple[int, ...]:
    x, y = z3.Ints("x y")
    t = z3.If(x > y, x + 2 * y, y - x)
    return (x.get_id(), y.get_id(), t.get_id())


def _history(n: int) -> None:
    """Terms made and freed, as an earlier check leaves them (some in a reference cycle)."""
    junk = [z3.Int(f"j{i}") + i for i in range(n)]
    loop: list = [junk]
    loop.append(loop)
    del junk, loop


def test_a_steady_block_numbers_its_terms_whatever_ran_before():
    with steady():
        first = _numbers()
    for n in (10, 500):
        _history(n)
        with steady():
            assert _numbers() == first
    # the same terms made in the process's running context get other numbers: the block is
    # what makes them equal (else this test would pass without it)
    _history(50)
    assert _numbers() != first


def test_inside_a_block_cycles_are_freed_only_where_the_caller_settles():
    was = gc.isenabled()
    with steady():
        assert not gc.isenabled()
        with steady():  # nested: the outer block's terms stay valid (one context)
            x = z3.Int("x")
        outer = z3.Int("y")
        assert (x + outer).ctx is outer.ctx
        settle()
        assert not gc.isenabled()
    assert gc.isenabled() == was


def test_the_callers_terms_stay_usable_after_a_block():
    before = z3.Int("mine")
    with steady():
        inside = z3.Int("theirs")
        assert inside.ctx is not before.ctx  # the block's own context
    after = z3.Int("later")
    s = z3.Solver()
    s.add(before + after == 3, before > after)  # one context: no mismatch
    assert s.check() == z3.sat


def test_the_free_outcomes_of_undecided_rulings_are_named_afresh_in_each_block():
    """Their names came from one counter for the whole process: a second scenario build in
    one process made other terms (found by review, session 35). The counter lives on the z3
    context now, so each block names them from 1 again."""
    from referee.model.kernel.rules import _fresh

    firsts = []
    for _ in range(2):
        with steady():
            z3.Int("x")  # some other work first
            firsts.append(next(_fresh(z3)))
            assert next(_fresh(z3)) == firsts[-1] + 1
    assert firsts == [1, 1]


def test_a_cache_of_terms_ends_with_its_block():
    """The conjuncts' and agree's caches hold z3 terms: kept on the block's context, they
    are not pinned past its end by a Config (six scenario builds grew a process by 90 MB)."""
    from referee.checks.steady import context_memo

    cfg = object()  # a Config stands for itself: only its identity keys the cache
    with steady():
        context_memo(cfg)["k"] = z3.Int("held")
        inner = z3.main_ctx()
    assert "k" not in context_memo(cfg) and z3.main_ctx() is not inner


def test_an_audit_run_twice_gives_the_same_findings():
    """A second run() of one Audit used terms its first run cached in another z3 context."""
    from referee.checks.audit import Audit
    from referee.model import load

    a = Audit(load("welcome"), witnesses=False)
    first = [(f.id, f.status, f.details) for f in a.run()]
    assert [(f.id, f.status, f.details) for f in a.run()] == first
