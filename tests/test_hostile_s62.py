"""What a hostile-input run of session 62 found (notes/s62/hostile), each as a test: --why
on a state an illegal event left, a player's act the text does not give with a "by" that names
no player, a baseline of many ids, a signal ending referee while an engine runs, differential
on a log referee does not judge, rulebook lines cut where an editor cuts them, files a folder
does not read, and a newline printed from a baseline id."""
from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import tarfile
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee import errors
from referee.checks import baseline as B
from referee.cli.app import app
from referee.replays.engine import replay
from referee.replays.folders import logs_in
from referee.replays.why import why
from referee.rulebook.text import read_lines

DATA = Path(__file__).resolve().parent / "data" / "hostile"
ROOT = Path(__file__).resolve().parents[1]
LEGAL = ROOT / "examples" / "welcome" / "2p-warrior-two-successes.jsonl"
BAD = ROOT / "examples" / "welcome" / "bad-chooser.jsonl"


@pytest.mark.parametrize("name, target, line", [
    ("why-after-unresumable.jsonl", ("line", 4), 3),  # the illegal event's effect cannot run: said there
    ("why-on-unresumable-state.jsonl", ("event", 5), 6),  # the target cannot run on the state left
    ("why-step-on-unresumable-state.jsonl", ("line", 9), 8),  # an event before it cannot (a mutant, s62)
])
def test_why_past_an_event_whose_state_cannot_be_resumed_is_said_not_a_traceback(name, target, line):
    with pytest.raises(errors.Illegal) as e:
        why(DATA / name, target)
    assert e.value.exit_code == 1 and e.value.line == line and e.value.cite


def test_a_player_act_the_text_does_not_give_still_needs_a_player():
    assert replay(DATA / "house-card-played.jsonl").verdict == "not established"
    v = replay(DATA / "house-card-by-a-number.jsonl")
    assert v.verdict == "unreadable" and (v.problems[0].line, v.problems[0].field) == (9, "by"), v


def test_a_baseline_of_many_ids_is_read_and_a_key_given_twice_still_refused(tmp_path):
    ids = {f"welcome.k{i}": {} for i in range(50_000)}
    f = tmp_path / "b.json"
    f.write_text(json.dumps({"version": 1, "findings": ids}), encoding="utf-8")
    assert len(B.read(f)) == 50_000
    f.write_text('{"version": 1, "findings": {"a": {}, "b": {}, "a": {}}}', encoding="utf-8")
    with pytest.raises(Exception, match='"a" is given twice'):
        B.read(f)


def test_a_newline_in_a_baseline_id_is_escaped_where_printed(tmp_path):
    f = tmp_path / "b.json"
    f.write_text(json.dumps({"version": 1, "findings": {"welcome.zz\nreferee: all clear": {}}}), encoding="utf-8")
    r = CliRunner().invoke(app, ["audit", "welcome", "--no-witness", "--baseline", str(f)])
    assert not any(x.startswith("referee: all clear") for x in r.output.splitlines())
    assert "welcome.zz\\x0areferee" in r.output


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_ending_referee_ends_the_engine_it_started(tmp_path, sig):
    pidfile = tmp_path / "engine.pid"
    engine = tmp_path / "hang.py"
    engine.write_text(f"import os, time\nopen({str(pidfile)!r}, 'w').write(str(os.getpid()))\ntime.sleep(600)\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    p = subprocess.Popen([sys.executable, "-P", "-m", "referee", "differential", "--engine",
                          f"{sys.executable} {engine}", "--timeout", "60", str(LEGAL)],
                         env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):  # until the engine runs
        if pidfile.exists() and pidfile.read_text():
            break
        time.sleep(0.05)
    pid = int(pidfile.read_text())
    p.send_signal(sig)
    assert p.wait(timeout=30) == 128 + sig
    for _ in range(100):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        os.kill(pid, signal.SIGKILL)
        pytest.fail("the engine outlived referee")


def test_differential_lists_a_log_referee_does_not_judge_and_counts_no_disagreement(tmp_path):
    engine = tmp_path / "legal.py"
    engine.write_text("import sys, json\nfor l in sys.stdin:\n    r = json.loads(l)\n"
                      "    print(json.dumps({'id': r['id'], 'verdict': 'legal'}), flush=True)\n")
    r = CliRunner().invoke(app, ["differential", "--engine", f"{sys.executable} {engine}",
                                 str(DATA / "house-card-played.jsonl"), "-f", "json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["disagree"] == 0 and doc["referee_failed"] == [] and [x["line"] for x in doc["not_judged"]] == [9]


def test_rulebook_lines_are_cut_at_newlines_only(tmp_path):
    f = tmp_path / "book.txt"
    f.write_bytes("§1 Un\x0cdeux\u2028trois\r\n§2 Quatre\rcinq\nsix\n".encode())
    assert read_lines(f) == ["§1 Un\x0cdeux\u2028trois", "§2 Quatre\rcinq", "six"]


def test_a_folder_reads_tars_under_their_short_suffixes_and_names_what_it_does_not_read(tmp_path):
    for suffix, mode in ((".tbz2", "w:bz2"), (".txz", "w:xz")):
        with tarfile.open(tmp_path / f"more{suffix}", mode) as tf:
            data = BAD.read_bytes()
            info = tarfile.TarInfo("bad.jsonl")
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
    (tmp_path / "bad.ndjson").write_bytes(BAD.read_bytes())
    (tmp_path / "bad.jsonl ").write_bytes(BAD.read_bytes())
    (tmp_path / "notes.md").write_text("not a log")
    passed: list = []
    found = logs_in(tmp_path, passed=passed)
    assert sorted(p.name for p in found) == ["more.tbz2", "more.txz"]
    assert sorted(p.name for p in passed) == ["bad.jsonl ", "bad.ndjson"]  # notes.md: no log's name
    r = CliRunner().invoke(app, ["replay", str(tmp_path)])
    assert r.exit_code == 1 and "bad.ndjson: not read" in r.output and "more.txz:bad.jsonl" in r.output


@pytest.mark.parametrize("version", ["1.0", "true"])
def test_a_baseline_version_is_the_whole_number_itself(tmp_path, version):
    f = tmp_path / "b.json"
    f.write_text(f'{{"version": {version}, "findings": {{}}}}', encoding="utf-8")
    with pytest.raises(Exception, match="not a referee baseline"):
        B.read(f)


def test_an_expected_kind_reads_with_its_article():
    from referee.replays.expect import mismatch

    v = replay(LEGAL)
    v.expect = {"verdict": "legal", "kind": "undecided"}
    v.problems = []
    assert "expected an undecided problem" in (mismatch(v) or "")
