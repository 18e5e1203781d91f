"""What the system refuses a command is said in one line, exit 2, never a traceback nor the
exit 1 of an illegal game (hostile run, session 52): closed streams, a full disk, a reader
that leaves, a path the system will not take; and the command lines that say two things."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

ROOT = Path(__file__).resolve().parent.parent
LEGAL = ROOT / "examples" / "welcome" / "2p-warrior-two-successes.jsonl"
ENV = {**os.environ, "REFEREE_CACHE_DIR": ""}


def referee(*args, **kw):
    return subprocess.run([sys.executable, "-m", "referee", *map(str, args)], capture_output=True, text=True,
                          env=ENV, timeout=120, **kw)


def _no_traceback(r):
    assert "Traceback" not in (r.stderr or "") + (r.stdout or "")


def test_a_closed_stdin_is_no_log():
    r = subprocess.run([sys.executable, "-m", "referee", "replay", "-"], capture_output=True, text=True, env=ENV,
                       stdin=subprocess.DEVNULL, timeout=120, preexec_fn=lambda: os.close(0))
    _no_traceback(r)
    assert r.returncode == 2 and "<stdin>: cannot read: the standard input is closed" in r.stdout + r.stderr


def test_a_closed_stdout_runs_nothing():
    r = subprocess.run([sys.executable, "-m", "referee", "rules", "welcome"], stderr=subprocess.PIPE, text=True,
                       env=ENV, timeout=120, preexec_fn=lambda: os.close(1))
    _no_traceback(r)
    assert r.returncode == 2 and "the standard output is closed" in r.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_a_full_disk_is_said():
    with open("/dev/full", "w") as full:
        r = subprocess.run([sys.executable, "-m", "referee", "replay", str(LEGAL)], stdout=full,
                           stderr=subprocess.PIPE, text=True, env=ENV, timeout=120)
    _no_traceback(r)
    assert r.returncode == 2 and "cannot write the output" in r.stderr


def test_a_reader_that_leaves_is_not_an_illegal_game():
    p = subprocess.Popen([sys.executable, "-m", "referee", "replay", str(LEGAL), "-f", "json"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV)
    p.stdout.close()  # the reader is gone before a byte is written
    _, err = p.communicate(timeout=120)
    assert p.returncode == 141 and b"Traceback" not in err


def test_a_path_the_system_refuses_is_named():
    r = referee("replay", "x" * 300 + ".jsonl")
    _no_traceback(r)
    assert r.returncode == 2 and "cannot be read or written: File name too long" in r.stderr


@pytest.mark.parametrize("cmd", [
    ["differential", "--against", "vorpal=one", "--against", "vorpal=all", LEGAL],
    ["scenarios", "welcome", "-o", "vorpal=one", "-o", "vorpal=all", "-n", "1"],
])
def test_one_option_given_two_values_is_refused(cmd, tmp_path):
    r = referee(*cmd, *(["--out", tmp_path / "out"] if cmd[0] == "scenarios" else []))
    _no_traceback(r)
    assert r.returncode == 2 and "vorpal is given twice, as 'one' and 'all'" in r.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("line, says", [(-5, "a line number (1 or more), got -5"),
                                        (26.0, "a whole number, got the decimal number 26.0")])
def test_an_expected_line_must_be_a_line(line, says, tmp_path):
    rows = LEGAL.read_bytes().splitlines()
    head = orjson.loads(rows[0]) | {"expect": {"verdict": "illegal", "line": line}}
    log = tmp_path / "g.jsonl"
    log.write_bytes(b"\n".join([orjson.dumps(head), *rows[1:]]) + b"\n")
    r = referee("replay", log)
    _no_traceback(r)
    assert r.returncode == 2 and f'{log}:1: "expect.line" must be {says}' in r.stdout + r.stderr


@pytest.mark.parametrize("game", ["welcome", "trolls", "twister"])
def test_another_game_s_rulebook_is_refused(game, tmp_path):
    """Welcome's and Twister's books are read by an outline that finds their §s in any text:
    their sentences, which the coverage map knows by hash, tell the book apart."""
    from referee.model import load
    from referee.rulebook.book import seed_file

    raiders = seed_file(load("raiders"))
    if raiders is None:
        pytest.skip("the seeds are not here (../shared/seeds)")
    other = tmp_path / "book.txt"
    other.write_bytes(raiders.read_bytes())
    r = referee("audit", game, "--no-witness", "--rulebook", other)
    _no_traceback(r)
    assert r.returncode == 2 and f"not {game}'s rulebook?" in r.stderr
    assert other.read_bytes() == raiders.read_bytes()
