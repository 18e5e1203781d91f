"""How the checks start worker processes (the proofs' and the witness searches' pools, a
parallel replay's, the scenarios'): every worker stands in a process group of its own, dies
with the command that started it, and takes the system's default action for SIGTERM and
SIGHUP. The command alone answers a signal to its group, and ends its workers itself."""
from __future__ import annotations

import multiprocessing as mp
import os
import signal
import sys
from multiprocessing import context as _mp
from typing import Any

ENDS = ("SIGTERM", "SIGHUP")


def ends_by_default() -> None:
    """A worker dies of SIGTERM and SIGHUP wherever it is, as a pool's terminate() expects.
    A forked worker inherits the parent's Python handler (cli/app.py turns them into an
    exit), and a Python handler runs only when the worker next runs Python code: a signal
    arriving with the wake-up of the semaphore the worker waits on (the pool's queue, taken
    back by terminate()) is marked and never acted on, the wait resumed, and terminate()
    joins that worker for ever (`referee audit trolls` hung in 4 runs of 27 on a loaded
    machine; reproduced every time by tests/test_workers.py)."""
    for name in ENDS:
        sig = getattr(signal, name, None)
        if sig is not None:
            signal.signal(sig, signal.SIG_DFL)


def apart(parent: int) -> None:
    """The worker in a process group of its own: Ctrl-C at the terminal and `timeout` signal
    the command's group, and a worker they killed while it waited for a task held the pool's
    queue lock for ever, which Pool.terminate() takes first (`scenarios -j 2` under `timeout`
    hung 7 runs of 7, its .part files left; audit workers met Ctrl-C as KeyboardInterrupt,
    the audit waiting for results they would never send). The command, signalled, ends its
    pools in order. On Linux the worker dies with the command (PR_SET_PDEATHSIG), as a
    SIGKILL to the group killed it before."""
    try:
        os.setpgid(0, 0)
    except OSError:
        pass
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            return
        if os.getppid() != parent:  # the command died before the call: nothing will signal it now
            os._exit(1)


class _Apart:
    """A worker process as every pool here starts it (apart, ends_by_default)."""

    def run(self) -> None:
        apart(self._parent_pid)
        ends_by_default()
        super().run()


class _SpawnWorker(_Apart, _mp.SpawnProcess):  # a spawned worker starts with the defaults: said all the same
    pass


class _SpawnContext(_mp.SpawnContext):
    Process = _SpawnWorker


if hasattr(_mp, "ForkContext"):  # not on Windows
    class _ForkWorker(_Apart, _mp.ForkProcess):
        pass

    class _ForkContext(_mp.ForkContext):
        Process = _ForkWorker


def context(start: Any = None) -> Any:
    """The multiprocessing context asked for (a context, a start method's name), else fork
    where the platform has it (a worker starts without importing z3 and the game again),
    else spawn (Windows); a fork or spawn context's workers are referee's own (_Apart).
    What a pool's workers need is passed to them explicitly, so both work: under spawn, a
    game travels by its registered name."""
    if start is None or isinstance(start, str):
        name = start or ("fork" if "fork" in mp.get_all_start_methods() else "spawn")
        mp.get_context(name)  # a method this platform does not have is refused here, as before
        own = {"spawn": _SpawnContext, "fork": globals().get("_ForkContext")}.get(name)
        return own() if own is not None else mp.get_context(name)
    return start
