"""Replaying a corpus on a Dask cluster: the logs are cut into partitions (one task per
log cost 2.6x more in a trial: a task's overhead outweighs a short replay), each partition
is replayed by one worker, and the verdicts come back in the order of the logs, so the
output is the local run's, byte for byte. The workers read loose logs by their paths (a
shared file system or the same checkout); the games of a packed corpus (replays.corpus) are
read once by the client and travel to the workers with their lines. Dask is the optional
extra `referee[dask]`."""
from __future__ import annotations

from typing import Any, Callable, Sequence

from .. import errors

PER_WORKER = 4  # partitions per worker thread: enough to balance, few enough to stay cheap
CONNECT_SECONDS = 20  # how long to wait for the scheduler before exit 2


def _batch(work: Callable[[Any], Any], part: Sequence[Any]) -> list:
    return [work(x) for x in part]


def partitions(items: Sequence[Any], slots: int) -> list[list]:
    """`items` cut into at most PER_WORKER * slots contiguous runs of near-equal length."""
    n = max(1, min(len(items), PER_WORKER * max(1, slots)))
    size, extra = divmod(len(items), n)
    out, at = [], 0
    for k in range(n):
        step = size + (k < extra)
        out.append(list(items[at:at + step]))
        at += step
    return [p for p in out if p]


def replay_on(scheduler: Any, items: Sequence[Any], work: Callable[[Any], Any]) -> list:
    """work(item) for every item, on the cluster at `scheduler` (an address such as
    tcp://host:8786, or a distributed Cluster object), in the items' order. Raises
    errors.Unreadable when Dask is missing or the scheduler cannot be reached."""
    try:
        from distributed import Client
    except ImportError:
        raise errors.Unreadable("--scheduler needs Dask: pip install 'referee[dask]'") from None
    try:
        client = Client(scheduler, timeout=f"{CONNECT_SECONDS}s", set_as_default=False)
    except (OSError, TimeoutError, ValueError) as e:
        raise errors.Unreadable(f"cannot reach the Dask scheduler at {scheduler}: {e}") from None
    with client:
        slots = sum(client.nthreads().values()) or 1
        # scattered, not embedded in the task graph: the games of a packed corpus travel with
        # their lines (read once by the client), which may weigh far more than a graph should
        parts = client.scatter(partitions(items, slots), hash=False)
        futures = client.map(_batch, [work] * len(parts), parts, pure=False)
        return [v for got in client.gather(futures) for v in got]
