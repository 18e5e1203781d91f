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
