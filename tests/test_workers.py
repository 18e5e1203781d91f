"""Worker processes die of SIGTERM wherever they are (referee/checks/workers.py): a pool's
terminate() sends it and joins them. A worker that inherited a Python handler (cli/app.py's)
could miss it: the signal, arriving with the wake-up of the semaphore the worker waits on,
is marked for Python and the wait resumed, never acted on (an audit hung on a loaded
machine). The race is made here on purpose, and a control shows it arises on this machine."""
from __future__ import annotations

import multiprocessing as mp
import os
import signal
import time
from concurrent.futures import ProcessPoolExecutor

import pytest

from referee.checks import workers

pytestmark = pytest.mark.skipif(not hasattr(os, "sched_setaffinity") or "fork" not in mp.get_all_start_methods(),
                                reason="the race is made with fork and one CPU (Linux)")


def _handler(signum, frame):  # what cli/app.py does in a worker that has not taken the default
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


def _wait_on(lock, ready):
    os.nice(19)  # the parent keeps the CPU once it wakes this worker
    ready.set()
    lock.acquire()  # asleep in sem_wait: the parent holds the lock
    time.sleep(30)  # past here, a lost SIGTERM leaves the worker alive


def _lives_on(ctx, wait: float) -> bool:
    """A worker waiting on a lock is woken (the lock released), the lock taken back before
    it runs, and SIGTERM sent: whether it is still alive `wait` seconds later (its niceness
    given back, where the test may, so that a loaded machine does not starve it meanwhile)."""
    lock, ready = ctx.Lock(), ctx.Event()
    lock.acquire()
    p = ctx.Process(target=_wait_on, args=(lock, ready))
    p.start()
    ready.wait(10)
    time.sleep(0.2)
    lock.release()
    lock.acquire()
    os.kill(p.pid, signal.SIGTERM)
    try:
        os.setpriority(os.PRIO_PROCESS, p.pid, 0)  # the race is set: the worker may run now
    except OSError:  # not allowed (not root): it runs in its turn
        pass
    p.join(wait)
    alive = p.is_alive()
    if alive:
        p.kill()
        p.join()
    return alive


@pytest.fixture
def handled_on_one_cpu():
    """A Python handler for SIGTERM, as `referee` installs, and one CPU for the test and its
    workers: the race's order is then the scheduler's, not chance."""
    old_cpus, old = os.sched_getaffinity(0), signal.signal(signal.SIGTERM, _handler)
    os.sched_setaffinity(0, {min(old_cpus)})
    try:
        yield
    finally:
        os.sched_setaffinity(0, old_cpus)
        signal.signal(signal.SIGTERM, old)


def test_a_worker_woken_and_signalled_at_once_still_dies(handled_on_one_cpu):
    if not _lives_on(mp.get_context("fork"), 3):
        pytest.skip("the race did not arise on this machine with a plain fork worker (the control)")
    assert not any(_lives_on(workers.context(), 30) for _ in range(3))
    assert not any(_lives_on(workers.context("fork"), 30) for _ in range(3))


def _ends() -> tuple:
    return tuple(signal.getsignal(getattr(signal, n)) == signal.SIG_DFL for n in workers.ENDS)


@pytest.mark.parametrize("start", [None, "fork", "spawn"])
def test_every_pool_s_workers_take_the_default_action(start):
    """The pools referee makes (Pool from workers.context(), and the parallel replay's
    ProcessPoolExecutor) start workers that take SIGTERM's and SIGHUP's default action,
    whatever the parent's handler."""
    old = signal.signal(signal.SIGTERM, _handler)
    try:
        with workers.context(start).Pool(1) as pool:
            assert pool.apply(_ends) == (True, True)
        with ProcessPoolExecutor(1, mp_context=workers.context(start)) as pool:
            assert pool.submit(_ends).result() == (True, True)
    finally:
        signal.signal(signal.SIGTERM, old)


def _signalled(args: list, after: float, sig: int, tmp_path) -> tuple[int, float]:
    """`referee ARGS` in a process group of its own, the group sent `sig` after `after`
    seconds, as a terminal's Ctrl-C or `timeout` does: its exit code, and the seconds it took
    to end after the signal (a hang fails the test at 60 s)."""
    import subprocess
    import sys
    from pathlib import Path

    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    p = subprocess.Popen([sys.executable, "-m", "referee", *args], cwd=tmp_path, env=env, start_new_session=True,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    time.sleep(after)
    if p.poll() is not None:
        pytest.skip(f"the command ended before the signal ({after} s)")
    t = time.monotonic()
    os.killpg(p.pid, sig)
    try:
        _, err = p.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        raise AssertionError(f"referee {' '.join(args)} did not end within 60 s of the signal") from None
    assert b"Traceback" not in err, err.decode()[-800:]
    return p.returncode, time.monotonic() - t


def test_a_signal_to_the_group_ends_scenarios_and_leaves_no_part_file(tmp_path):
    """`scenarios -j 2` under `timeout`: a worker killed by the group's SIGTERM while it held
    the pool's queue lock made the pool's terminate() wait for ever (7 runs of 7), the .part
    files left in --out. The workers stand apart from the group: the command ends them."""
    code, took = _signalled(["scenarios", "welcome", "-j", "2", "--out", "out"], 6.0, signal.SIGTERM, tmp_path)
    assert code == 143 and took < 30, (code, took)
    out = tmp_path / "out"
    assert not out.exists() or not list(out.glob(".*.part")), sorted(out.iterdir())


def test_ctrl_c_ends_an_audit_with_130(tmp_path):
    """Ctrl-C during z3's work cancelled the check under way ("unknown") and the audit went
    on to exit 1 with its findings; workers met it as KeyboardInterrupt and their results
    never came. Now it is the command's KeyboardInterrupt: exit 130."""
    code, took = _signalled(["audit", "trolls", "-f", "json"], 1.5, signal.SIGINT, tmp_path)
    assert code == 130 and took < 30, (code, took)
