"""What a hostile-input run of session 63 found (notes/s63/hostile), each as a test: an engine
refusing a line before the one from which referee's verdict is not established is a
disagreement, and an engine's answer holding a newline forges no row of the report."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from typer.testing import CliRunner

from referee.cli.app import app

ROOT = Path(__file__).resolve().parents[1]
UNDECIDED = ROOT / "examples" / "welcome" / "undecided-eliminated-chooser.jsonl"  # not established at 90


def _engine(tmp_path: Path, answer: str) -> str:
    """An engine answering every log with `answer` (a Python dict literal, its id added)."""
    f = tmp_path / "engine.py"
    f.write_text("import sys, json\nfor l in sys.stdin:\n    r = json.loads(l)\n"
                 f"    print(json.dumps({{'id': r['id'], **{answer}}}), flush=True)\n")
    return f"{sys.executable} {f}"


def _run(tmp_path: Path, answer: str, *logs: Path, fmt: str = "json"):
    r = CliRunner().invoke(app, ["differential", "--engine", _engine(tmp_path, answer), *map(str, logs), "-f", fmt])
    return r, (json.loads(r.stdout) if fmt == "json" and r.stdout.startswith("{") else None)


def test_an_engine_refusing_a_line_before_the_undecided_one_disagrees(tmp_path):
    r, doc = _run(tmp_path, "{'verdict': 'illegal', 'line': 2, 'cite': '§Enchères'}", UNDECIDED)
    assert r.exit_code == 1 and doc["disagree"] == 1 and doc["not_judged"] == [], r.output
    r, doc = _run(tmp_path, "{'verdict': 'unreadable', 'line': 2, 'field': 'by'}", UNDECIDED)
    assert r.exit_code == 1 and doc["disagree"] == 1, r.output


def test_an_engine_answering_at_or_after_that_line_is_not_compared_and_its_answer_shown(tmp_path):
    for answer in ("{'verdict': 'legal'}", "{'verdict': 'illegal', 'line': 90, 'cite': '§Manche suivante'}"):
        r, doc = _run(tmp_path, answer, UNDECIDED)
        assert r.exit_code == 0 and doc["disagree"] == 0, r.output
        x, = doc["not_judged"]
        assert x["line"] == 90 and x["b"]["verdict"] == eval(answer)["verdict"]


def test_a_newline_in_an_engines_answer_forges_no_row(tmp_path):
    log = ROOT / "examples" / "welcome" / "2p-warrior-two-successes.jsonl"
    r, _ = _run(tmp_path, "{'verdict': 'illegal', 'line': 1, 'cite': '§1\\nreferee: forged', 'message': "
                          "'m\\nB: all clear'}", log, fmt="text")
    assert r.exit_code == 1, r.output
    assert "\nreferee: forged" not in r.stdout and "\nB: all clear" not in r.stdout, r.stdout
    assert "§1\\x0areferee: forged" in r.stdout


def test_a_signal_met_inside_a_finalizer_still_ends_the_command(tmp_path):
    """SIGTERM handled while a __del__ runs (z3 frees its terms there): the exit raised there
    would be dropped and the audit go on until killed (3 runs of 26). The handler asks again
    from outside the finalizer: the process ends with 143, not after its work."""
    import os
    import signal
    import subprocess

    if not hasattr(signal, "SIGTERM") or os.name != "posix":
        import pytest
        pytest.skip("POSIX signals")
    script = tmp_path / "finalizer.py"
    script.write_text(
        "import os, signal, sys, time\n"
        "from referee.cli.app import _stop_on_signals\n"
        "_stop_on_signals()\n"
        "class X:\n"
        "    def __del__(self):\n"
        "        os.kill(os.getpid(), signal.SIGTERM)\n"
        "        for _ in range(1000):\n"
        "            pass\n"
        "x = X()\n"
        "del x\n"
        "time.sleep(5)\n"
        "sys.exit(0)\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    r = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, timeout=60)
    assert r.returncode == 143, (r.returncode, r.stderr.decode()[-800:])
    assert b"Traceback" not in r.stderr, r.stderr.decode()[-800:]


def test_a_folder_says_every_file_it_does_not_read(tmp_path):
    """Archives under suffixes the reader does not take (.tar.Z, .taz, .tb2 ...) were skipped
    without a word, exit 0; now each is named, and any other file is counted (no list of
    suffixes is whole)."""
    import shutil

    shutil.copy(ROOT / "examples" / "welcome" / "2p-warrior-two-successes.jsonl", tmp_path / "ok.jsonl")
    for name in ("x.tar.Z", "x.taz", "x.tb2", "x.tar.lz4", "x.tar.gzip"):
        (tmp_path / name).write_bytes(b"\x1f\x8b")
    (tmp_path / "README.md").write_text("notes\n")  # a document: not counted
    (tmp_path / "games.log").write_text("{}\n")
    r = CliRunner().invoke(app, ["replay", str(tmp_path)])
    err = r.stderr.replace("\n", "")
    assert r.exit_code == 0 and all(f"{n}: not read" in err for n in ("x.tar.Z", "x.taz", "x.tb2", "x.tar.lz4")), err
    assert "1 other file(s) of the folders given not read" in err and "games.log" in err, err


def test_an_engine_that_cannot_start_is_said_before_any_scenario_is_built(monkeypatch):
    import pytest

    import referee.conformance as C
    from referee.conformance.engine import EngineFailed

    def built(*_a, **_k):
        raise AssertionError("the scenarios were built before the engine was started")

    monkeypatch.setattr(C, "scenario_cases", built)
    with pytest.raises(EngineFailed, match="cannot start it"):
        C.differential(engine="/no/such/engine", game="welcome", count=1)
    with pytest.raises(EngineFailed, match="cannot split"):
        C.differential(engine='python3 -c "', game="welcome", count=1)


def test_why_refuses_what_judges_a_batch_and_reads_under_the_source_given():
    """--why with -k, --expect or -j was run as if they were not given (exit 0 on a log its
    own expectation fails); --prefer and --components were dropped too. Refused, and read."""
    log = ROOT / "examples" / "welcome" / "bad-chooser.jsonl"
    for opt in (["-k"], ["--expect"], ["-j", "2"]):
        r = CliRunner().invoke(app, ["replay", str(log), "--why", "1", *opt])
        assert r.exit_code == 2 and "does not take" in r.stderr, (opt, r.output)
    r = CliRunner().invoke(app, ["replay", str(log), "--why", "1", "--prefer", "no-such-source"])
    assert r.exit_code == 2, r.output  # the source is read, as the replay reads it


def test_the_api_reads_its_flags_and_an_events_number_as_a_log_does():
    """keep_going="no" was taken for true; Play.push dropped any "n", even "x" or 5."""
    import orjson
    import pytest

    import referee
    from referee import errors

    log = ROOT / "examples" / "welcome" / "2p-warrior-two-successes.jsonl"
    with pytest.raises(errors.Unreadable, match="keep_going"):
        referee.replay(log, keep_going="no")
    rows = [orjson.loads(x) for x in log.read_bytes().splitlines()]
    play = referee.load("welcome").new(rows[0]["players"], rows[0]["setup"])
    for n in ("x", 5, True):
        with pytest.raises(errors.Unreadable, match='"n" is the event'):
            play.push({**rows[1], "n": n})
    play.push(rows[1])  # its own number, or none, as before
    play.push({k: v for k, v in rows[2].items() if k != "n"})
