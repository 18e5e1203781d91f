"""A family's legal games spread over worker processes (`referee scenarios --jobs N`).

Each game is a function of the seed and its index (generator.py), so a game played in a
worker is the one the writing process would have played: the scenarios are the same, byte
for byte, at any --jobs. A worker is forked with the Generator as it stands (nothing is
pickled on the way in); what it sends back is the family's own result for one game (a
Scenario, a list of them), in the order asked. Where the platform cannot fork, or with
--jobs 1, the games are played in the writing process, one after the other.

The families spread are those whose work per game stands alone (random, mutants, rulings);
the others read the games in the writing process."""
from __future__ import annotations

import itertools
import multiprocessing as mp
import signal
from typing import Any, Iterable, Iterator

from .. import workers
from ..steady import GAMES_PER_SETTLE, settle, worker_start

_mine: Any = None  # a worker's Generator (_take, in a worker only); always None in the writing process


def _take(gen: Any) -> None:
    """Pool initializer: the forked Generator becomes the worker's own, played one game at a
    time; it keeps none of its games (the writing process's cache is the one read again: a
    worker's would only add its ~60 MB), and keeps on disk what it compiled when the pool
    ends normally (Spread.close), as the writing process does (Generator.keep_compiled).
    Ctrl-C is the writing process's to take (it ends the pool)."""
    from multiprocessing.util import Finalize

    global _mine
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    worker_start()
    gen.spread, gen.keeps = Spread(gen, 1), False
    Finalize(gen, gen.keep_compiled, exitpriority=10)
    _mine = gen


def _run(task: tuple[str, int]) -> Any:
    name, i = task
    return getattr(_mine, name)(i)


class Spread:
    """`map(name, indices)`: the Generator's `name(i)` for each index, in order, over `jobs`
    processes (a pool made at the first map, ended by `close`). The indices are handed out
    AHEAD per process at a time, the next ones once those are read: the workers never run
    far ahead of the process writing their results (an unread result is held in memory).
    The cycles the games leave (replays' tracebacks) are collected every GAMES_PER_SETTLE
    results, at the same points every run (steady.py), not all held to the family's end."""

    AHEAD = 8

    def __init__(self, gen: Any, jobs: int):
        self.gen, self.pool = gen, None
        self.jobs = jobs if jobs > 1 and "fork" in mp.get_all_start_methods() else 1

    def map(self, name: str, indices: Iterable[int]) -> Iterator[Any]:
        if self.jobs <= 1:
            got = map(getattr(self.gen, name), indices)
        else:
            if self.pool is None:
                self.pool = workers.context("fork").Pool(self.jobs, initializer=_take, initargs=(self.gen,))
            got = self._ahead(name, iter(indices))
        for k, x in enumerate(got):
            if k and k % GAMES_PER_SETTLE == 0:
                settle()
            yield x

    def _ahead(self, name: str, indices: Iterator[int]) -> Iterator[Any]:
        while chunk := list(itertools.islice(indices, self.AHEAD * self.jobs)):
            yield from self.pool.imap(_run, [(name, i) for i in chunk])

    def close(self, finished: bool = False) -> None:
        """End the pool: `finished`, its workers end as they would and keep what they compiled;
        otherwise (a failure, Ctrl-C) they are stopped at once."""
        if self.pool is not None:
            if finished:
                self.pool.close()
            else:
                self.pool.terminate()
            self.pool.join()
            self.pool = None
