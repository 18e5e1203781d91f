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


def address(scheduler: str) -> tuple[str, int]:
    """(host, port) of a scheduler given as tcp://HOST:PORT or HOST:PORT; errors.Unreadable
    for any other form. Checked before Dask is asked: a Client built on an address it cannot
    use fails in its own words (a TLS address with no security settings, an inproc name),
    and the half-built Client then stalls some 40 s on its way out."""
    scheme, sep, rest = scheduler.strip().partition("://")
    if not sep:
        scheme, rest = "tcp", scheduler.strip()
    if scheme != "tcp":
        raise errors.Unreadable(f"--scheduler {scheduler}: only a tcp://HOST:PORT scheduler is supported "
                                f"(the {scheme}:// scheme needs settings referee does not take)")
    host, sep, port = rest.rpartition(":")
    host = host.strip("[]")  # an IPv6 host is written in brackets
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise errors.Unreadable(f"--scheduler {scheduler}: expected tcp://HOST:PORT, PORT a number from 1 to 65535")
    return host, int(port)


HANDSHAKE_MOST = 1 << 20  # a scheduler's greeting is ~100 bytes; a larger length is not one


def probe(scheduler: str) -> None:
    """Raise errors.Unreadable unless a Dask scheduler answers at `scheduler`, within
    CONNECT_SECONDS in all. A scheduler speaks first: on each connection it sends its
    handshake (distributed.comm.core.Listener.on_connection), one message framed as an
    8-byte length and that many bytes, naming its pickle protocol. Asked here with a plain
    socket, so a server that stays silent or answers something else is told apart before a
    Client is built: a Client waits on a silent one past its own timeout, and reads junk as
    a frame length it then tries to allocate (a hostile run, s52 F4)."""
    import socket
    import struct
    import time

    end = time.monotonic() + CONNECT_SECONDS

    def read(conn: socket.socket, n: int) -> bytes:
        got = b""
        while len(got) < n:
            conn.settimeout(max(0.01, end - time.monotonic()))
            chunk = conn.recv(n - len(got))
            if not chunk:
                raise ConnectionError("the connection was closed")
            got += chunk
        return got

    try:
        conn = socket.create_connection(address(scheduler), timeout=CONNECT_SECONDS)
    except OSError as e:  # refused, no such host, timed out
        raise errors.Unreadable(f"cannot reach the Dask scheduler at {scheduler}: "
                                f"{e.strerror or type(e).__name__}") from None
    with conn:
        try:
            (n,) = struct.unpack("<Q", read(conn, 8))
            greeting = read(conn, n) if 0 < n <= HANDSHAKE_MOST else b""
        except TimeoutError:
            raise errors.Unreadable(f"--scheduler {scheduler}: no Dask scheduler answered within {CONNECT_SECONDS} s "
                                    "(the connection opened, then nothing came)") from None
        except OSError as e:  # reset or closed by the other side
            raise errors.Unreadable(f"--scheduler {scheduler}: the connection was closed before a Dask scheduler "
                                    f"answered ({e.strerror or e})") from None
    if b"pickle-protocol" not in greeting:
        raise errors.Unreadable(f"--scheduler {scheduler}: something answers there, but not a Dask scheduler "
                                "(its first message is not a scheduler's handshake)")


def replay_on(scheduler: Any, items: Sequence[Any], work: Callable[[Any], Any]) -> list:
    """work(item) for every item, on the cluster at `scheduler` (an address such as
    tcp://host:8786, or a distributed Cluster object), in the items' order. Raises
    errors.Unreadable when Dask is missing, the address is not one it can use, or no
    scheduler answers there (`probe`: no Client is built on an address where none does)."""
    try:
        from distributed import Client
    except ImportError:
        raise errors.Unreadable("--scheduler needs Dask: pip install 'referee[dask]'") from None
    if isinstance(scheduler, str):
        probe(scheduler)
    try:
        client = Client(scheduler, timeout=f"{CONNECT_SECONDS}s", set_as_default=False)
    except (OSError, TimeoutError, ValueError, MemoryError) as e:
        raise errors.Unreadable(f"cannot reach the Dask scheduler at {scheduler}: {e}") from None
    with client:
        slots = sum(client.nthreads().values()) or 1
        # scattered, not embedded in the task graph: the games of a packed corpus travel with
        # their lines (read once by the client), which may weigh far more than a graph should
        parts = client.scatter(partitions(items, slots), hash=False)
        futures = client.map(_batch, [work] * len(parts), parts, pure=False)
        return [v for got in client.gather(futures) for v in got]
