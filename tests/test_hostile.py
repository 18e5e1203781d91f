"""Hostile input costs a user nothing (issue 21): no traceback, no lost file, a located
exit 2 for what cannot be read, and one bad log never sinks a batch."""
import json
import os
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli.app import app

EX = Path(__file__).parent.parent / "examples"
run = CliRunner().invoke


def _clean(r) -> str:
    """The output, asserted free of tracebacks and Python reprs of errors."""
    text = r.stdout + (r.stderr or "")
    assert "Traceback" not in text and "[Errno" not in text, text
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    return text.replace("\n", "")  # rich wraps long lines of stderr


# ---------------------------------------------------------------- scenarios --out
def _scen(out: Path, *more: str):
    return run(app, ["scenarios", "draft", "--out", str(out), "--family", "random", "-n", "1", *more])


def test_scenarios_refuse_a_folder_with_the_users_files(tmp_path):
    mine = {"draft-my-game.jsonl": b"my own game\n", "manifest.json": b'{"mine": true}\n', "notes.txt": b"x"}
    for n, b in mine.items():
        (tmp_path / n).write_bytes(b)
    for args in ((), ("--force",)):
        r = _scen(tmp_path, *args)
        text = _clean(r)
        assert r.exit_code == 2 and str(tmp_path) in text, text
        assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == mine


def test_scenarios_write_into_a_new_or_empty_folder(tmp_path):
    r = _scen(tmp_path / "new")
    assert r.exit_code == 0, _clean(r)
    (tmp_path / "empty").mkdir()
    r = _scen(tmp_path / "empty")
    assert r.exit_code == 0, _clean(r)
    names = sorted(p.name for p in (tmp_path / "empty").iterdir())
    assert "manifest.json" in names and not any(n.startswith(".") for n in names)


def test_scenarios_force_replaces_only_their_own_files(tmp_path):
    d = tmp_path / "s"
    assert _scen(d, "-f", "pytest").exit_code == 0
    doc = json.loads((d / "manifest.json").read_text())
    listed = {m["file"] for m in doc["scenarios"]} | {doc["module"]}
    r = _scen(d)  # a second run without --force: refused, nothing changed
    before = {p.name: p.read_bytes() for p in d.iterdir()}
    assert r.exit_code == 2 and "--force" in _clean(r)
    assert {p.name: p.read_bytes() for p in d.iterdir()} == before
    (d / "draft-mine.jsonl").write_bytes(b"mine\n")  # the user's, not listed
    r = _scen(d, "--force", "--seed", "3")
    assert r.exit_code == 0, _clean(r)
    assert (d / "draft-mine.jsonl").read_bytes() == b"mine\n"
    now = json.loads((d / "manifest.json").read_text())
    assert {p.name for p in d.iterdir()} == {m["file"] for m in now["scenarios"]} | {"manifest.json", "draft-mine.jsonl"}
    assert listed  # the earlier files were its own: replaced or removed


def test_scenarios_force_never_overwrites_an_unlisted_file(tmp_path):
    d = tmp_path / "s"
    assert _scen(d).exit_code == 0
    doc = json.loads((d / "manifest.json").read_text())
    victim = doc["scenarios"][0]["file"]
    doc["scenarios"] = doc["scenarios"][1:]  # the manifest no longer claims it
    (d / "manifest.json").write_text(json.dumps(doc))
    (d / victim).write_bytes(b"now mine\n")
    r = _scen(d, "--force")
    assert r.exit_code == 2 and victim in _clean(r)
    assert (d / victim).read_bytes() == b"now mine\n"


def test_scenarios_force_ignores_a_manifest_naming_paths_elsewhere(tmp_path):
    outside = tmp_path / "keep.jsonl"
    outside.write_bytes(b"keep\n")
    d = tmp_path / "s"
    d.mkdir()
    (d / "manifest.json").write_text(json.dumps({"referee": 1, "scenarios": [{"file": "../keep.jsonl"}]}))
    r = _scen(d, "--force")
    assert r.exit_code == 2
    assert outside.read_bytes() == b"keep\n"
