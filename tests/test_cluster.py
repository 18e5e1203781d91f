"""`referee replay --scheduler`: the same JSON Lines as the local run, byte for byte, on a
Dask LocalCluster this test starts itself (the test extra installs Dask; skipped where it is missing). The workers are processes:
the replay work is pickled to them, as it is to a remote cluster."""
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli.app import app
from referee.replays.cluster import partitions

ROOT = Path(__file__).parent.parent


def test_partitions_keep_the_order_and_cover_everything():
    items = list(range(103))
    for slots in (1, 2, 7, 500):
        parts = partitions(items, slots)
        assert [x for p in parts for x in p] == items
        assert len(parts) <= 4 * slots and max(map(len, parts)) - min(map(len, parts)) <= 1


def test_cluster_output_is_the_local_output():
    distributed = pytest.importorskip("distributed")
    run = CliRunner().invoke
    local = run(app, ["replay", str(ROOT / "examples"), "-f", "json"])
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=True,
                                  dashboard_address=None) as cluster:
        remote = run(app, ["replay", str(ROOT / "examples"), "-f", "json", "--scheduler", cluster.scheduler_address])
    assert remote.exit_code == local.exit_code
    assert remote.stdout == local.stdout and remote.stdout.count("\n") == len(list((ROOT / "examples").rglob("*.jsonl")))


def test_an_unreachable_scheduler_is_exit_2(monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr("referee.replays.cluster.CONNECT_SECONDS", 2)
    r = CliRunner().invoke(app, ["replay", str(ROOT / "examples" / "welcome"), "--scheduler", "tcp://127.0.0.1:9"])
    assert r.exit_code == 2 and "cannot reach the Dask scheduler" in r.stderr


@pytest.mark.parametrize("address, says", [
    ("tls://127.0.0.1:1", "only a tcp://HOST:PORT scheduler"), ("inproc://x", "only a tcp://HOST:PORT scheduler"),
    ("nonsense", "expected tcp://HOST:PORT"), ("tcp://", "expected tcp://HOST:PORT"),
    ("localhost:0", "expected tcp://HOST:PORT"), ("\x1b[2J", "expected tcp://HOST:PORT"),
])
def test_a_scheduler_address_dask_cannot_use_is_refused_before_any_client(address, says):
    """An independent hostile run: a TLS address gave a traceback (exit 1) after 40 s, a
    malformed one its message then a 40 s stall and a traceback from the half-built Client.
    Now the address is read first: exit 2, one located line, the escape sequence escaped."""
    pytest.importorskip("distributed")
    r = CliRunner().invoke(app, ["replay", str(ROOT / "examples" / "welcome"), "--scheduler", address])
    assert r.exit_code == 2 and says in r.stderr and "Traceback" not in r.stderr + r.stdout
    assert "\x1b" not in r.stderr


def _server(first_words: bytes | None):
    """A local TCP server that, on each connection, says `first_words` (None: nothing) and
    keeps the connection open: what a wrong --scheduler address may answer."""
    import socket
    import threading

    srv = socket.create_server(("127.0.0.1", 0))
    held = []

    def serve():
        while True:
            try:
                conn, _ = srv.accept()
            except OSError:
                return
            held.append(conn)
            if first_words is not None:
                conn.sendall(first_words)

    threading.Thread(target=serve, daemon=True).start()
    return srv, f"tcp://127.0.0.1:{srv.getsockname()[1]}"


@pytest.mark.parametrize("first_words, says", [
    (None, "no Dask scheduler answered within 1 s"),  # s52 F4: waited past 300 s
    (b"SSH-2.0-OpenSSH_9.6\r\n", "not a Dask scheduler"),  # read as a frame length of ~3.4e18 bytes
    (b"HTTP/1.1 400 Bad Request\r\n\r\n" * 4, "not a Dask scheduler"),  # F4: MemoryError, then a 40 s stall
    ((100).to_bytes(8, "little") + b"x" * 100, "not a Dask scheduler"),  # well framed, not a handshake
])
def test_a_server_that_is_not_a_dask_scheduler_is_exit_2_in_time(monkeypatch, first_words, says):
    """Hostile run s52 F4: an address where something else listens hung or died in Dask's
    reader. The probe reads the scheduler's greeting itself, bounded by CONNECT_SECONDS."""
    import time

    from referee import errors
    from referee.replays.cluster import probe

    monkeypatch.setattr("referee.replays.cluster.CONNECT_SECONDS", 1)
    srv, address = _server(first_words)
    t = time.monotonic()
    with srv, pytest.raises(errors.Unreadable, match=says):
        probe(address)
    assert time.monotonic() - t < 5


def test_the_probe_knows_a_real_scheduler():
    distributed = pytest.importorskip("distributed")
    from referee.replays.cluster import probe

    with distributed.LocalCluster(n_workers=0, processes=False, protocol="tcp", dashboard_address=None) as cluster:
        probe(cluster.scheduler_address)
