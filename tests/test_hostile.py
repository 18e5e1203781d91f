"""Hostile input costs a user nothing (issue 21): no traceback, no lost file, a located
exit 2 for what cannot be read, and one bad log never sinks a batch."""
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import orjson
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


def test_scenarios_refuse_a_folder_they_cannot_write_into_before_the_search(tmp_path, monkeypatch):
    """A read-only --out folder was found only when the files were written, after the whole
    search, and the message named a temporary file holding the PID, different each run (s53
    G13). Refused now before the search, naming the folder, the same bytes every run; nothing
    written. (Simulated through os.open: root, who runs CI here, writes into any folder; the
    same words come from a read-only mount: "Read-only file system".)"""
    import referee.checks.scenarios.outdir as O

    out = tmp_path / "ro"
    out.mkdir()
    real = os.open

    def ro_open(path, flags, *a, **k):
        p = Path(os.fsdecode(path))
        if out in (p, p.parent):  # the folder itself (O_TMPFILE) or a file in it
            raise PermissionError(13, "Permission denied", os.fsdecode(path))
        return real(path, flags, *a, **k)

    searched = []
    monkeypatch.setattr(os, "open", ro_open)
    monkeypatch.setattr(O, "each", lambda *a, **k: searched.append(1) or iter(()))
    texts = []
    for _ in range(2):
        r = _scen(out)
        texts.append(_clean(r))
        assert r.exit_code == 2, texts[-1]
    assert texts[0] == texts[1] == f"referee: {out}: cannot write into this folder: Permission denied", texts
    assert searched == [] and list(out.iterdir()) == []


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


def test_scenarios_force_never_writes_through_a_link_in_the_folder(tmp_path):
    """A listed file replaced by a link to the user's file: refused, and the file the link
    points to unchanged (it was written through the link)."""
    d = tmp_path / "s"
    assert _scen(d).exit_code == 0
    doc = json.loads((d / "manifest.json").read_text())
    victim = d / doc["scenarios"][0]["file"]
    precious = tmp_path / "precious.txt"
    precious.write_bytes(b"precious\n")
    victim.unlink()
    victim.symlink_to(precious)
    before = {p.name: os.readlink(p) if p.is_symlink() else p.read_bytes() for p in d.iterdir()}
    r = _scen(d, "--force", "--seed", "4")
    assert r.exit_code == 2 and "not a regular file" in _clean(r)
    assert precious.read_bytes() == b"precious\n"
    assert {p.name: os.readlink(p) if p.is_symlink() else p.read_bytes() for p in d.iterdir()} == before


def test_scenarios_force_never_writes_through_a_linked_manifest(tmp_path):
    d = tmp_path / "s"
    assert _scen(d).exit_code == 0
    mine = tmp_path / "my-manifest.json"
    (d / "manifest.json").rename(mine)
    (d / "manifest.json").symlink_to(mine)
    before = mine.stat().st_mtime_ns, mine.read_bytes()
    r = _scen(d, "--force")
    assert r.exit_code == 2 and "manifest.json" in _clean(r)
    assert (mine.stat().st_mtime_ns, mine.read_bytes()) == before


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_scenarios_never_open_a_manifest_that_is_no_regular_file(tmp_path, kind):
    """A FIFO named manifest.json waited forever; a link to /dev/zero read until memory ran
    out (a MemoryError traceback): neither is opened, the folder is refused at once. In a
    process of its own, bounded in time and memory: a regression fails, not the machine."""
    import resource
    import subprocess
    import sys

    d = tmp_path / "s"
    d.mkdir()
    if kind == "fifo":
        os.mkfifo(d / "manifest.json")
    else:
        (d / "manifest.json").symlink_to("/dev/zero")

    def bounded():
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    for more in ((), ("--force",)):
        try:
            p = subprocess.run([sys.executable, "-m", "referee", "scenarios", "draft", "--out", str(d), "--family",
                                "random", "-n", "1", *more], capture_output=True, text=True, timeout=60,
                               preexec_fn=bounded, env={**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)})
        except subprocess.TimeoutExpired:
            raise AssertionError(f"{kind} as manifest.json: no answer within 60 s") from None
        assert p.returncode == 2 and "Traceback" not in p.stderr and str(d) in p.stderr, p.stderr[-500:]


@pytest.mark.parametrize("stop", ["disk full", "Ctrl-C"])
def test_scenarios_leave_no_temporary_file_when_writing_fails(tmp_path, monkeypatch, stop):
    """Writing is all or nothing: a failure while the files are written (a full disk, Ctrl-C)
    leaves the folder as it was, no file of the new run under its name and no temporary file."""
    from referee.checks.scenarios import outdir

    d = tmp_path / "s"
    assert _scen(d).exit_code == 0
    before = {p.name: p.read_bytes() for p in d.iterdir()}
    real_open, real, ours, n = os.open, os.fdopen, set(), [0]

    def opened(path, *a, **k):  # the run's own files (the compile cache writes its own too)
        fd = real_open(path, *a, **k)
        if str(path).endswith(".part"):
            ours.add(fd)
        return fd

    def full(fd, *a, **k):
        mine = fd in ours
        ours.discard(fd)  # its number is free again once closed
        n[0] += mine
        if mine and n[0] == 2:
            os.close(fd)
            raise OSError(28, "No space left on device") if stop == "disk full" else KeyboardInterrupt
        return real(fd, *a, **k)

    monkeypatch.setattr(outdir.os, "open", opened)
    monkeypatch.setattr(outdir.os, "fdopen", full)
    r = _scen(d, "--force", "--seed", "5")
    assert r.exit_code == (2 if stop == "disk full" else 130)
    assert stop != "disk full" or "No space left" in _clean(r)
    assert {p.name: p.read_bytes() for p in d.iterdir()} == before


@pytest.mark.parametrize("stop", ["disk full", "Ctrl-C"])
@pytest.mark.parametrize("there", [False, True])
def test_scenarios_failing_while_generated_leave_the_folder_as_it_was(tmp_path, monkeypatch, stop, there):
    """The scenarios are written as they come (memory flat in --count): a failure after some
    are written (a full disk, Ctrl-C) leaves no file behind, and the folders the run made
    are gone again; an empty folder given stays empty."""
    from referee.checks.scenarios import outdir

    real = outdir.each

    def failing(*a, **k):
        for i, sc in enumerate(real(*a, **k)):
            if i == 2:
                raise OSError(28, "No space left on device") if stop == "disk full" else KeyboardInterrupt
            yield sc

    monkeypatch.setattr(outdir, "each", failing)
    d = tmp_path / "new" / "s"
    if there:
        d.mkdir(parents=True)
    r = _scen(d, "-n", "4")
    assert r.exit_code == (2 if stop == "disk full" else 130), r.output
    assert (list(d.iterdir()) == []) if there else not (tmp_path / "new").exists()


# ---------------------------------------------------------------- audit --rulebook
@pytest.mark.parametrize("kind, says", [
    ("device", "a device, not a regular file"), ("fifo", "a FIFO, not a regular file"),
    ("binary", "not UTF-8"), ("empty", ":1: empty"), ("huge", "larger than"),
    ("folder without the book", "a folder without draft's rulebook"),
    # a text with no § of the game's (no heading at all, or another game's book) was read as
    # a rulebook of one §Intro: the report named lines the file does not have (hostile run)
    ("no §", "none of the §s draft's rules cite is in this file"),
    ("another game's book", "none of the §s draft's rules cite is in this file")])
def test_audit_refuses_a_rulebook_it_cannot_read_before_auditing(tmp_path, monkeypatch, kind, says):
    """`audit --rulebook` given a device, a FIFO, bytes that are not text, an empty or huge
    file, or a folder without the game's book ran the whole audit and printed its report as if
    no rulebook had been given (exit 0 or 1, nothing said). Refused now, located, exit 2,
    before the audit runs (Audit.run stands in here: it is not reached)."""
    from referee.checks.audit import Audit

    ran = []
    monkeypatch.setattr(Audit, "run", lambda self: ran.append(1) or [])
    f = tmp_path / "book.txt"
    if kind == "device":
        f = Path("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(f)
    elif kind == "binary":
        f.write_bytes(b"\x00\xff\xfe binary")
    elif kind == "empty":
        f.write_bytes(b"")
    elif kind == "huge":
        f.write_bytes(b"x" * (65 << 20))
    elif kind == "no §":
        f.write_text("Quelques mots sans titre.\nUne autre ligne.\n", encoding="utf-8")
    elif kind == "another game's book":
        f.write_text("Jeu\n\n§3.1. Les aventuriers\n\nUne phrase.\n\n§6.1. Placement\n\nUne autre.\n", encoding="utf-8")
    else:
        f = tmp_path / "books"
        f.mkdir()
        (f / "other.txt").write_text("Titre\n\nUne phrase.\n")
    r = run(app, ["audit", "draft", "--no-witness", "--rulebook", str(f)])
    text = _clean(r)
    assert r.exit_code == 2 and says in text and str(f) in text, text
    assert ran == []


# ---------------------------------------------------------------- file names as shown
def test_file_names_with_bytes_not_utf8_or_control_characters_are_shown_escaped(tmp_path):
    """Names found in a folder are input too: a byte that is not UTF-8 crashed `-f json`
    (orjson refuses the surrogate Python holds it as: a TypeError traceback); an escape
    sequence went raw to the terminal; a newline in a name printed a forged verdict line."""
    d = tmp_path / "logs"
    d.mkdir()
    legal, illegal = (EX / "draft/legal-2p.jsonl").read_bytes(), (EX / "draft/illegal-pick-twice.jsonl").read_bytes()
    names = {b"ok\xff.jsonl": legal, b"esc\x1b[2J.jsonl": illegal, b"nl\nforged.jsonl: legal, 1 events.jsonl": illegal,
             "rlo\u202egpj.jsonl".encode(): illegal}
    for name, data in names.items():
        with open(os.path.join(os.fsencode(d), name), "wb") as f:
            f.write(data)
    r = run(app, ["replay", str(d), "-f", "json"])
    text = _clean(r)
    assert r.exit_code == 1, text
    # JSON keeps each name exact (s53 G4: it held the terminal's escaped text, a literal
    # backslash, so a program could not open the file it named); a byte that is not UTF-8 is
    # its surrogateescape character (U+DC80 + byte), escaped \udcff: os.fsencode gives it back
    assert "\x1b" not in r.stdout and "\u202e" not in r.stdout and "\\udcff" in r.stdout
    files = [json.loads(x)["file"] for x in r.stdout.splitlines()]
    assert all(os.path.exists(os.fsencode(f)) for f in files), files
    assert sorted(os.fsencode(f).removeprefix(os.fsencode(d) + b"/") for f in files) == sorted(names)
    r = run(app, ["replay", str(d)])
    assert r.exit_code == 1 and "\x1b" not in r.stdout and "\u202e" not in r.stdout
    assert all(x.startswith(str(d)) for x in r.stdout.splitlines()), r.stdout  # no line forged by a name
    assert "esc\\x1b[2J.jsonl:" in r.stdout and "nl\\x0aforged.jsonl: legal" in r.stdout  # escaped in text only


def test_json_keeps_a_corpus_members_name_exact(tmp_path):
    """A member of a packed corpus is named `corpus:member` exactly in JSON (s53 G4: the
    escaped text, `\\x0a` for a newline); escaped in text."""
    import io
    import tarfile

    data = (EX / "draft/illegal-pick-twice.jsonl").read_bytes()
    tar = tmp_path / "c.tar"
    with tarfile.open(tar, "w") as tf:
        for name in ("new\nline.jsonl", "\x1b[2Jclear.jsonl"):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
    r = run(app, ["replay", str(tar), "-f", "json"])
    assert sorted(json.loads(x)["file"] for x in r.stdout.splitlines()) == [f"{tar}:\x1b[2Jclear.jsonl", f"{tar}:new\nline.jsonl"]
    r = run(app, ["replay", str(tar)])
    assert f"{tar}:new\\x0aline.jsonl:" in r.stdout and "\x1b" not in r.stdout


def test_a_components_folder_with_a_name_not_utf8_is_read(tmp_path):
    """The proofs' fingerprint hashes the component files' names: one that is not UTF-8 made
    every replay with --components an internal error (UnicodeEncodeError)."""
    import shutil

    from referee.model import load

    comp = tmp_path / "comp"
    shutil.copytree(load("draft").components_dir, comp, ignore=shutil.ignore_patterns("__pycache__"))
    with open(os.path.join(os.fsencode(comp), b"notes\xff.toml"), "wb") as f:
        f.write(b"# a user's notes\n")
    r = run(app, ["replay", "--components", str(comp), str(EX / "draft/legal-2p.jsonl")])
    assert r.exit_code == 0 and "legal" in _clean(r)


# ---------------------------------------------------------------- an output that cannot encode everything
@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_an_output_encoding_without_the_characters_never_crashes(tmp_path, encoding):
    """PYTHONIOENCODING=ascii (or a legacy locale's Latin-1): every '§' of a verdict, every
    '—' of a table was a UnicodeEncodeError traceback, exit 1. Now such a character is
    written as its JSON escape: the JSON lines read back as the same verdicts."""
    import subprocess
    import sys

    log = str(EX / "draft/illegal-pick-twice.jsonl")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent), "PYTHONIOENCODING": encoding}

    def cli(*args):
        p = subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True, env=env, timeout=120)
        assert b"Traceback" not in p.stderr and b"PYTHONIOENCODING" not in p.stderr, p.stderr[-400:]
        return p

    p = cli("replay", log)
    assert p.returncode == 1 and b":12: 'draft.pick' by Ana breaks " in p.stdout
    p = cli("replay", log, "-f", "json")
    got = json.loads(p.stdout.decode(encoding))
    p = cli("rules", "draft")
    assert p.returncode == 0 and b"rules encoded from" in p.stdout
    want = subprocess.run([sys.executable, "-m", "referee", "replay", log, "-f", "json"], capture_output=True,
                          env={**env, "PYTHONIOENCODING": "utf-8"}, timeout=120).stdout
    assert got == json.loads(want) and "§" in got["problems"][0]["cite"]


# ---------------------------------------------------------------- a folder that cannot be listed
def test_a_batch_with_a_folder_it_cannot_list_is_refused(tmp_path, monkeypatch):
    """`replay DIR` where a folder inside cannot be listed (chmod 000, another user's):
    pathlib's rglob skipped it without a word and the batch said "legal" of the rest, exit 0,
    the illegal log inside never replayed. Refused now, naming the folder, nothing replayed.
    (Simulated through os.scandir: root, who runs CI here, lists any folder.)"""
    d = tmp_path / "batch"
    (d / "locked").mkdir(parents=True)
    (d / "a.jsonl").write_bytes((EX / "draft/legal-2p.jsonl").read_bytes())
    (d / "locked/b.jsonl").write_bytes((EX / "draft/illegal-pick-twice.jsonl").read_bytes())
    real = os.scandir

    def scandir(path="."):
        if os.fspath(path).endswith("locked"):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    r = run(app, ["replay", str(d)])
    text = _clean(r)
    assert r.exit_code == 2 and f"{d / 'locked'}: a folder that cannot be listed (permission denied)" in text, text
    assert "legal" not in r.stdout


# ---------------------------------------------------------------- wrong-typed setup values
def _with_header(tmp_path: Path, src: Path, path: str, value) -> Path:
    """A copy of the log `src` whose header has `value` at the dotted `path`."""
    rows = src.read_text(encoding="utf-8").splitlines()
    h = json.loads(rows[0])
    *keys, last = path.split(".")
    d = h
    for k in keys:
        d = d[int(k)] if type(d) is list else d[k]
    if type(d) is list:
        d[int(last)] = value
    else:
        d[last] = value
    out = tmp_path / f"{src.stem}-{re.sub(r'[^a-zA-Z0-9]+', '-', path)}-{len(list(tmp_path.iterdir()))}.jsonl"
    out.write_text("\n".join([json.dumps(h, ensure_ascii=False)] + rows[1:]) + "\n", encoding="utf-8")
    return out


WRONG_TYPES = [
    ("raiders/normal-pvp.jsonl", "setup.Ana.board.B1", [1]),
    ("raiders/normal-pvp.jsonl", "setup.Ana.board.B1", {"a": 1}),
    ("raiders/normal-pvp.jsonl", "setup.Ana.board", [1]),
    ("raiders/normal-pvp.jsonl", "setup.Ana.house", [1]),
    ("raiders/normal-pvp.jsonl", "setup.Ana.house", {"x": 1}),
    ("raiders/normal-pvp.jsonl", "setup.Ana.house_cards", [[1], "Savoir"]),
    ("raiders/normal-pvp.jsonl", "setup.Ana.house_cards", {"a": 1}),
    ("raiders/normal-pvp.jsonl", "setup.Ana.house_cards", True),
    ("raiders/normal-pvp.jsonl", "setup.Ana.buy", [{"a": 1}]),
    ("raiders/normal-pvp.jsonl", "setup.Ana.buy", [True]),
    ("raiders/normal-pvp.jsonl", "setup.Ben.buy", "Banque"),
    ("trolls/legal-full-game.jsonl", "setup.hands.0", True),
    ("trolls/legal-full-game.jsonl", "setup.hands.0.0", [1]),
    ("twister/game1.jsonl", "setup.teams", [1]),
    ("twister/game1.jsonl", "setup.teams.Ana.Thief", True),
    ("welcome/2p-rogue-options.jsonl", "setup.adventurer", [1]),
    ("welcome/2p-rogue-options.jsonl", "setup.first", {"a": 1}),
]


@pytest.mark.parametrize("src,path,value", WRONG_TYPES, ids=[f"{s.split('/')[0]}:{p}={json.dumps(v)}" for s, p, v in WRONG_TYPES])
def test_a_wrong_typed_setup_value_is_unreadable(tmp_path, src, path, value):
    log = _with_header(tmp_path, EX / src, path, value)
    r = run(app, ["replay", str(log), "-f", "json"])
    text = _clean(r)
    assert r.exit_code == 2, text
    v = json.loads(r.stdout)
    assert v["verdict"] == "unreadable" and v["problems"][0]["line"] == 1, v
    msg = v["problems"][0]["message"]
    # the field's path is named; no Python repr of the value
    first = path.split(".")[1] if path.count(".") else path
    assert first in msg and "True" not in msg and "[1]" not in msg and "{'a'" not in msg, msg


# ---------------------------------------------------------------- the header's format number
@pytest.mark.parametrize("value", [True, 1.0, "1", [1]])
def test_the_header_format_is_the_whole_number_1(tmp_path, value):
    log = _with_header(tmp_path, EX / "raiders/normal-pvp.jsonl", "referee", value)
    r = run(app, ["replay", str(log), "-f", "json"])
    text = _clean(r)
    v = json.loads(r.stdout)
    assert r.exit_code == 2 and v["verdict"] == "unreadable", text
    assert v["problems"][0]["line"] == 1 and v["problems"][0]["field"] == "referee"


@pytest.mark.parametrize("value", [["raiders"], {"a": 1}, True])
def test_the_header_game_is_a_name(tmp_path, value):
    log = _with_header(tmp_path, EX / "raiders/normal-pvp.jsonl", "game", value)
    r = run(app, ["replay", str(log), "-f", "json"])
    v = json.loads(_clean(r) and r.stdout)
    assert r.exit_code == 2 and v["problems"][0]["field"] == "game"
    assert "True" not in v["problems"][0]["message"] and "[" not in v["problems"][0]["message"].split("(known")[0]


# ---------------------------------------------------------------- a batch is as strong as its files
def _batch(tmp_path: Path) -> Path:
    d = tmp_path / "batch"
    d.mkdir()
    for n in ("normal-pvp.jsonl", "normal-pvp.illegal-wrong-turn.jsonl", "competition-advanced.jsonl"):
        (d / n).write_bytes((EX / "raiders" / n).read_bytes())
    (d / "crash.jsonl").write_bytes((EX / "raiders" / "normal-pvp.jsonl").read_bytes())
    bad = _with_header(tmp_path, EX / "raiders/normal-pvp.jsonl", "setup.Ana.board.B1", [1])
    bad.rename(d / "unhashable.jsonl")
    return d


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_one_crashing_file_does_not_sink_the_batch(tmp_path, monkeypatch, jobs):
    import referee.replays.engine as engine

    real = engine._run

    def crashing(v, *a, **k):
        if Path(v.file).name == "crash.jsonl":
            raise ZeroDivisionError("division by zero")
        return real(v, *a, **k)

    monkeypatch.setattr(engine, "_run", crashing)  # inherited by the workers (fork)
    d = _batch(tmp_path)
    r = run(app, ["replay", str(d), "-f", "json", "--jobs", jobs])
    _clean(r)
    got = {Path(x["file"]).name: x for x in map(json.loads, r.stdout.splitlines())}
    assert r.exit_code == 2
    assert {k: x["verdict"] for k, x in got.items()} == {
        "normal-pvp.jsonl": "legal", "normal-pvp.illegal-wrong-turn.jsonl": "illegal",
        "competition-advanced.jsonl": "legal", "unhashable.jsonl": "unreadable", "crash.jsonl": "error"}
    assert got["crash.jsonl"]["problems"][0]["message"].startswith(
        "internal error in referee: ZeroDivisionError: division by zero")
    r = run(app, ["replay", str(d)])
    text = _clean(r)
    assert r.exit_code == 2 and f"{d / 'crash.jsonl'}: internal error in referee: ZeroDivisionError" in text


def test_replay_help_states_the_exit_rule():
    r = run(app, ["replay", "--help"])
    assert "error" in r.stdout and "2 wins over 1" in r.stdout.replace("\n", " ").replace("│", "").replace("  ", " ")


# ---------------------------------------------------------------- bounded resources
def test_jobs_is_capped_at_the_cpus(tmp_path, monkeypatch):
    import referee.cli.replay as cli_replay

    monkeypatch.setattr(cli_replay, "cpus_for_us", lambda: 2)
    r = run(app, ["replay", str(EX / "raiders"), "-f", "json", "--jobs", "1000000000"])
    text = _clean(r)
    assert r.exit_code == 1 and "2 CPU(s)" in text and "over 2 processes" in text  # 1: the illegal examples
    assert len(r.stdout.splitlines()) == len(list((EX / "raiders").glob("*.jsonl")))


@pytest.mark.parametrize("opt", ["--budget", "--witness-seconds"])
def test_audit_refuses_a_negative_budget(opt):
    r = run(app, ["audit", "draft", opt, "-1"])
    assert r.exit_code == 2 and "Invalid value" in r.stdout + (r.stderr or "")


# ---------------------------------------------------------------- only regular files are read
@pytest.fixture
def no_hang():
    """Fail, not hang, when a FIFO is opened after all."""
    import signal

    def boom(*_):
        raise TimeoutError("waited on a FIFO")

    old = signal.signal(signal.SIGALRM, boom)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def _fifo(p: Path) -> Path:
    os.mkfifo(p)
    return p


def test_a_fifo_given_as_a_log_is_refused(tmp_path, no_hang):
    r = run(app, ["replay", str(_fifo(tmp_path / "game.jsonl"))])
    text = _clean(r)
    assert r.exit_code == 2 and "a FIFO, not a regular file" in text


def test_a_device_given_as_a_log_is_refused(no_hang):
    r = run(app, ["replay", "/dev/zero"])
    text = _clean(r)
    assert r.exit_code == 2 and "/dev/zero: a device, not a regular file" in text


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_what_cannot_be_read_inside_a_batch_folder_gets_its_own_verdict(tmp_path, no_hang, jobs):
    """A FIFO, a link to nothing and a loop of links found in a folder: each is unreadable on
    its own line, never opened (no hang), and the legal log beside them keeps its verdict (a
    hostile run: one such entry withheld every verdict). A folder named *.jsonl is a folder:
    walked, its logs judged, and no verdict of its own (s53 G8)."""
    (tmp_path / "a.jsonl").write_bytes((EX / "raiders" / "normal-pvp.jsonl").read_bytes())
    _fifo(tmp_path / "b.jsonl")
    (tmp_path / "c.jsonl").mkdir()
    (tmp_path / "c.jsonl" / "f.jsonl").write_bytes((EX / "raiders" / "normal-pvp.jsonl").read_bytes())
    (tmp_path / "d.jsonl").symlink_to(tmp_path / "nowhere.jsonl")
    (tmp_path / "e.jsonl").symlink_to(tmp_path / "e.jsonl")
    r = run(app, ["replay", str(tmp_path), "--jobs", jobs, "-f", "json"])
    got = {Path(v["file"]).name: v for v in map(orjson.loads, r.stdout.splitlines())}
    assert r.exit_code == 2 and sorted(got) == ["a.jsonl", "b.jsonl", "d.jsonl", "e.jsonl", "f.jsonl"]
    assert got["a.jsonl"]["verdict"] == got["f.jsonl"]["verdict"] == "legal"
    says = {k: v["problems"][0]["message"] for k, v in got.items() if k not in ("a.jsonl", "f.jsonl")}
    assert all(v["verdict"] == "unreadable" for k, v in got.items() if k not in ("a.jsonl", "f.jsonl"))
    assert "a FIFO" in says["b.jsonl"]
    assert "a symbolic link to nothing" in says["d.jsonl"] and "a loop of symbolic links" in says["e.jsonl"]


def test_a_missing_path_given_is_still_a_usage_error(tmp_path):
    (tmp_path / "d.jsonl").symlink_to(tmp_path / "nowhere.jsonl")
    r = run(app, ["replay", str(EX / "draft" / "legal-2p.jsonl"), str(tmp_path / "d.jsonl")])
    assert r.exit_code == 2 and r.stdout == "" and "a symbolic link to nothing" in _clean(r)


def _components(tmp_path: Path, game: str) -> Path:
    import shutil

    src = Path(__file__).parent.parent / "referee" / "model" / game / "components"
    d = tmp_path / "comp"
    shutil.copytree(src, d)
    return d


def test_a_fifo_as_a_component_file_is_refused(tmp_path, no_hang):
    d = _components(tmp_path, "draft")
    (d / "cards.toml").unlink()
    _fifo(d / "cards.toml")
    r = run(app, ["replay", str(EX / "draft" / "legal-2p.jsonl"), "--components", str(d), "-f", "json"])
    text = _clean(r)
    # refused once for the game, before any log is replayed (cli/replay.py:_games_or_exit), no verdict
    assert r.exit_code == 2 and r.stdout == "" and "cards.toml: cannot read: a FIFO, not a regular file" in text


def test_a_component_file_nested_too_deep_is_bad_input(tmp_path):
    d = _components(tmp_path, "draft")
    (d / "cards.toml").write_text("x = " + "[" * 5000 + "]" * 5000 + "\n")
    r = run(app, ["replay", str(EX / "draft" / "legal-2p.jsonl"), "--components", str(d), "-f", "json"])
    text = _clean(r)
    assert r.exit_code == 2 and r.stdout == "" and "cards.toml: nested too deep" in text  # refused once, no verdict


@pytest.mark.parametrize("value", [True, {"a": 1}, [1]])
def test_an_option_of_the_wrong_type_is_named_by_its_kind(tmp_path, value):
    log = _with_header(tmp_path, EX / "raiders/normal-pvp.jsonl", "options.mode", value)
    r = run(app, ["replay", str(log), "-f", "json"])
    v = json.loads(_clean(r) and r.stdout)
    msg = v["problems"][0]["message"]
    assert r.exit_code == 2 and "options: mode:" in msg and "True" not in msg and "{'a'" not in msg and "[1]" not in msg


def test_an_unknown_building_is_unreadable_even_where_the_maisons_stood(tmp_path):
    h = json.loads((EX / "raiders/normal-pvp.jsonl").read_text(encoding="utf-8").splitlines()[0])
    slot = next(k for k, b in h["setup"]["Ana"]["board"].items() if b == "Académie")  # Maison du Hibou's building
    log = _with_header(tmp_path, EX / "raiders/normal-pvp.jsonl", f"setup.Ana.board.{slot}", "zz")
    r = run(app, ["replay", str(log), "-f", "json"])
    v = json.loads(_clean(r) and r.stdout)
    assert r.exit_code == 2 and v["verdict"] == "unreadable" and "unknown building 'zz'" in v["problems"][0]["message"]


def test_the_result_line_reads_null_as_no_winner_and_requires_the_key(tmp_path):
    """README: null or [] is "nobody wins"; a result without "winner" or naming a player twice
    is unreadable, and a non-name is shown by its kind, never as a Python repr."""
    from referee.replays.engine import replay as run

    head = {"referee": 1, "game": "toy", "players": ["Ana", "Ben"]}
    evs = [{"n": i + 1, "by": ("Ana", "Ben")[i % 2], "do": "take", "k": k} for i, k in enumerate((3, 3, 3, 1))]

    def verdict(res):
        p = tmp_path / "r.jsonl"
        p.write_text("".join(json.dumps(r) + "\n" for r in [head, *evs, {"result": res}]))
        return run(p)

    v = verdict({"winner": None})  # Ben took the last stone: "nobody" is a wrong claim, read as one
    assert v.verdict == "illegal" and v.first().message.startswith("declared no winner; the rules give Ben")
    assert v.first().kind == "result"
    assert verdict({"winner": []}).first().message == v.first().message
    for bad, says in (({}, 'must name the "winner"'), ({"winner": ["Ben", "Ben"]}, "declared twice"),
                      ({"winner": True}, "the declared winner true/false is not a player")):
        v = verdict(bad)
        assert v.verdict == "unreadable" and says in v.first().message, v.first().message


# ---------------------------------------------------------------- duplicate keys, rules, empty games
def _lines_of(src: str) -> list[str]:
    return (EX / src).read_text(encoding="utf-8").splitlines()


def _key_twice(line: str, path: str) -> str:
    """The JSON text of `line` with the key at the dotted `path` given twice (same value)."""
    d = json.loads(line)
    *keys, last = path.split(".")
    at = d
    for k in keys:
        at = at[k]
    value, at[last] = at[last], "@@twice@@"
    pair = f'"{last}": {json.dumps(value, ensure_ascii=False)}'
    return json.dumps(d, ensure_ascii=False).replace(f'"{last}": "@@twice@@"', f"{pair}, {pair}")


@pytest.mark.parametrize("row,path", [(0, "players"), (0, "setup.Ana.house"), (3, "by")])
def test_a_key_given_twice_is_unreadable_at_its_line(tmp_path, row, path):
    rows = _lines_of("raiders/normal-pvp.jsonl")
    rows[row] = _key_twice(rows[row], path)
    log = tmp_path / "twice.jsonl"
    log.write_text("\n".join(rows) + "\n", encoding="utf-8")
    r = run(app, ["replay", str(log), "-f", "json"])
    v = json.loads(_clean(r) and r.stdout)
    p = v["problems"][0]
    assert r.exit_code == 2 and v["verdict"] == "unreadable" and p["line"] == row + 1, v
    assert p["message"] == f'the key "{path}" is given twice: which value is meant cannot be known', p
    assert p["field"] == path


def test_a_colon_inside_a_string_is_not_a_key_given_twice(tmp_path):
    rows = _lines_of("welcome/2p-warrior-two-successes.jsonl")
    h = json.loads(rows[0])
    h["note"] = 'a note: with "quoted": colons'
    log = tmp_path / "colons.jsonl"
    log.write_text("\n".join([json.dumps(h)] + rows[1:]) + "\n", encoding="utf-8")
    r = run(app, ["replay", str(log)])
    assert r.exit_code == 0 and "legal, 36 events" in _clean(r)


@pytest.mark.parametrize("value,code", [("0.99", 0), ("0.98", 2), (0.99, 2), (None, 2)])
def test_the_header_rules_name_the_version_the_model_encodes(tmp_path, value, code):
    log = _with_header(tmp_path, EX / "raiders/normal-pvp.jsonl", "rules", value)
    r = run(app, ["replay", str(log), "-f", "json"])
    v = json.loads(_clean(r) and r.stdout)
    assert r.exit_code == code, v
    if code:
        p = v["problems"][0]
        assert p["line"] == 1 and p["field"] == "rules", p
        assert "0.99" in p["message"] if type(value) is str else "must be a string" in p["message"]


def test_a_header_without_rules_means_the_models_version(tmp_path):
    rows = _lines_of("draft/legal-2p.jsonl")
    h = json.loads(rows[0])
    del h["rules"]
    log = tmp_path / "norules.jsonl"
    log.write_text("\n".join([json.dumps(h)] + rows[1:]) + "\n", encoding="utf-8")
    assert run(app, ["replay", str(log)]).exit_code == 0


def test_a_log_cut_to_its_header_is_legal_with_a_warning(tmp_path):
    log = tmp_path / "cut.jsonl"
    log.write_text(_lines_of("raiders/normal-pvp.jsonl")[0] + "\n", encoding="utf-8")
    r = run(app, ["replay", str(log)])
    text = _clean(r)
    assert r.exit_code == 0 and f"{log}:1: warning: no events after the header" in text, text
    r = run(app, ["replay", str(log), "-f", "json"])
    v = json.loads(r.stdout)
    assert v["verdict"] == "legal" and v["events"] == 0 and v["warnings"][0]["line"] == 1
    (tmp_path / "b.jsonl").write_bytes((EX / "raiders/normal-pvp.jsonl").read_bytes())
    r = run(app, ["replay", str(tmp_path)])  # a batch prints no legal verdict, but the warning
    assert r.exit_code == 0 and "cut.jsonl:1: warning: no events" in _clean(r)


def test_a_log_cut_mid_game_is_legal_with_a_warning_and_expect_still_passes(tmp_path):
    """A log cut after some events (the game not over, no result line) was "legal" with no
    word, and --expect passed it (s53 G14): it now gets the warning a log cut to its header
    gets, at its last event, in text and JSON; the verdict stands (a game may be recorded
    unfinished on purpose: examples/trolls/legal-jokers-only.jsonl), so --expect passes."""
    rows = _lines_of("raiders/normal-pvp.jsonl")
    h = json.loads(rows[0])
    h["expect"] = {"verdict": "legal"}
    log = tmp_path / "half.jsonl"
    log.write_text("\n".join([json.dumps(h), *rows[1:19]]) + "\n", encoding="utf-8")
    for args in ([], ["--expect"]):
        r = run(app, ["replay", str(log), *args])
        text = _clean(r)
        assert r.exit_code == 0 and f"{log}:19: warning: the game is not over after the last event (18 events)" in text, text
        assert "a log cut short?" in text and f"{log}: legal, 18 events" in text
    r = run(app, ["replay", str(log), "-f", "json", "--expect"])
    v = json.loads(r.stdout)
    assert (v["verdict"], v["outcome"], v["expected"]) == ("legal", None, True)
    assert [(w["line"], w["kind"]) for w in v["warnings"]] == [(19, "warning")]
    assert "no result line closes the log" in v["warnings"][0]["message"]


def test_a_log_closed_by_its_result_line_too_early_is_illegal_not_warned(tmp_path):
    """A result line on an unfinished game is a claim the rules refute: illegal, no warning."""
    rows = _lines_of("raiders/normal-pvp.jsonl")
    log = tmp_path / "early.jsonl"
    log.write_text("\n".join([*rows[:19], rows[-1]]) + "\n", encoding="utf-8")
    v = json.loads(run(app, ["replay", str(log), "-f", "json"]).stdout)
    assert v["verdict"] == "illegal" and v["warnings"] == [] and v["problems"][0]["kind"] == "result"


def test_a_full_game_has_no_warning():
    r = run(app, ["replay", str(EX / "raiders/normal-pvp.jsonl"), "-f", "json"])
    assert json.loads(r.stdout)["warnings"] == []


@pytest.mark.parametrize("expect,field", [
    ({"verdict": True}, "expect.verdict"), ({"verdict": "illegal", "line": [3]}, "expect.line"),
    ({"verdict": "illegal", "line": True}, "expect.line"), ({"verdict": "legal", "what": 1}, "expect.what"),
    ({"verdict": "illegal", "cite": 4}, "expect.cite")])
def test_a_wrong_expect_is_unreadable(tmp_path, expect, field):
    log = _with_header(tmp_path, EX / "raiders/normal-pvp.jsonl", "expect", expect)
    r = run(app, ["replay", str(log), "-f", "json"])
    v = json.loads(_clean(r) and r.stdout)
    assert r.exit_code == 2 and v["problems"][0]["field"] == field, v
    assert "True" not in r.stdout + (r.stderr or "") and "[3]" not in r.stdout


@pytest.mark.parametrize("row", [0, 2])
def test_a_note_is_a_string(tmp_path, row):
    rows = _lines_of("raiders/normal-pvp.jsonl")
    d = json.loads(rows[row])
    d["note"] = ["x"]
    rows[row] = json.dumps(d, ensure_ascii=False)
    log = tmp_path / "note.jsonl"
    log.write_text("\n".join(rows) + "\n", encoding="utf-8")
    r = run(app, ["replay", str(log), "-f", "json"])
    v = json.loads(_clean(r) and r.stdout)
    assert r.exit_code == 2 and v["problems"][0] == {
        "line": row + 1, "kind": "unreadable", "message": '"note" must be a string, got a list', "field": "note"}


# ---------------------------------------------------------------- limits: a line, a game
def _bench_fuzz():
    """bench/fuzz.py as a module: its PEAK script (a CLI run that reports its own peak
    memory) is the one the fuzz bench measures with."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("referee_bench_fuzz", Path(__file__).parent.parent / "bench" / "fuzz.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


PEAK = _bench_fuzz().PEAK


def _rss_of(cmd: list[str], stdin) -> tuple[int, int, str]:
    """(exit code, peak RSS in MB, stderr+stdout) of a referee subprocess."""
    import subprocess
    import sys

    p = subprocess.run([sys.executable, "-c", PEAK, *cmd], stdin=stdin, capture_output=True, timeout=60,
                       env={**os.environ, "PYTHONPATH": str(EX.parent)})
    text = p.stdout.decode() + p.stderr.decode()
    kb = int(text.split("peak-kb ")[1].split()[0])
    return p.returncode, kb // 1024, text


def test_endless_stdin_is_unreadable_at_line_1_in_bounded_memory():
    with open("/dev/zero", "rb") as zero:
        code, mb, text = _rss_of(["replay", "-"], zero)
    assert code == 2 and "<stdin>:1: line longer than 1 MiB" in text, text
    assert mb < 100, mb  # the interpreter and referee's imports; the line costs 1 MiB


def test_a_200_mb_line_is_not_read_whole(tmp_path):
    log = tmp_path / "huge.jsonl"
    with open(log, "wb") as f:
        f.write((EX / "raiders/normal-pvp.jsonl").read_text(encoding="utf-8").splitlines()[0].encode() + b"\n")
        f.write(b'{"n": 1, "note": "' + b"x" * (200 << 20) + b'"}\n')
    code, mb, text = _rss_of(["replay", str(log)], None)
    assert code == 2 and f"{log}:2: line longer than 1 MiB" in text, text
    assert mb < 100, mb


def test_a_line_of_exactly_the_limit_is_read():
    import io

    from referee.replays.log import MAX_LINE, Unreadable, records

    def line(size: int) -> bytes:
        return b'{"a": "' + b"x" * (size - 9) + b'"}'

    assert len(line(MAX_LINE)) == MAX_LINE
    assert [x.no for x in records([line(MAX_LINE) + b"\r\n"])] == [1]  # the limit, and its ending
    assert [x.no for x in records(io.BytesIO(line(MAX_LINE) + b"\r\n" + line(MAX_LINE)))] == [1, 2]
    for source in ([b"{}", line(MAX_LINE + 1)], io.BytesIO(b"{}\n" + line(MAX_LINE + 1) + b"\n")):
        with pytest.raises(Unreadable, match="longer than 1 MiB") as e:
            list(records(source))
        assert e.value.line == 2


def test_a_game_longer_than_the_limit_is_unreadable(monkeypatch):
    import referee.replays.engine as engine

    monkeypatch.setattr(engine, "MAX_EVENTS", 10)
    v = engine.replay(EX / "raiders/normal-pvp.jsonl")
    p = v.first()
    assert v.verdict == "unreadable" and p.line == 12 and "more than 10 events" in p.message, p


def test_lines_past_the_limit_stop_the_reading(monkeypatch):
    import io

    import referee.replays.log as log

    monkeypatch.setattr(log, "MAX_LINES", 5)
    endless_blank = iter(lambda: b"\n", None)  # a stream of blank lines that never ends
    with pytest.raises(log.Unreadable, match="more than 5 lines"):
        list(log.records(endless_blank))
    with pytest.raises(log.Unreadable, match="more than 5 lines"):
        list(log.records(io.BytesIO(b"\n" * 100)))


def test_the_limits_are_in_the_readme():
    from referee.replays.log import MAX_EVENTS, MAX_LINE

    readme = (EX.parent / "README.md").read_text(encoding="utf-8")
    assert f"{MAX_LINE >> 20} MiB" in readme and f"{MAX_EVENTS:,}" in readme


# ---------------------------------------------------------------- Ctrl-C on a parallel batch
def test_ctrl_c_stops_a_parallel_batch_at_once(tmp_path):
    import signal
    import subprocess
    import sys
    import time

    d = tmp_path / "many"
    d.mkdir()
    src = (EX / "raiders/normal-pvp.jsonl").read_bytes()
    for i in range(2000):
        (d / f"g{i:04d}.jsonl").write_bytes(src)
    # SIGINT as a terminal leaves it: a test run from a background job inherits it ignored,
    # and Python then installs no KeyboardInterrupt handler (referee would never see the Ctrl-C)
    p = subprocess.Popen([sys.executable, "-m", "referee", "replay", str(d), "--jobs", "2", "-f", "json"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                         env={**os.environ, "PYTHONPATH": str(EX.parent)},
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    kids: list[str] = []
    t0 = time.monotonic()
    while len(kids) < 2 and time.monotonic() - t0 < 20:  # the workers are up and replaying
        time.sleep(0.1)
        kids = subprocess.run(["pgrep", "-P", str(p.pid)], capture_output=True, text=True).stdout.split()
    time.sleep(1.0)
    t = time.monotonic()
    os.killpg(p.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the whole process group
    out, errs = p.communicate(timeout=20)
    took = time.monotonic() - t
    assert p.returncode == 130 and took < 1.5, (p.returncode, took, errs.decode())
    assert b"Traceback" not in errs and b"interrupted" in errs, errs.decode()
    assert all(line.endswith(b"}") for line in out.splitlines()) and (not out or out.endswith(b"\n"))
    assert len(kids) == 2
    time.sleep(0.2)
    assert not [k for k in kids if os.path.exists(f"/proc/{k}")], kids  # no worker left


def test_ctrl_c_while_printing_stops_between_two_lines(monkeypatch):
    import signal

    import referee.cli.replay as cli_replay

    real, printed = cli_replay.out.print, []

    def print_then_interrupt(*a, **k):
        real(*a, **k)
        printed.append(1)
        if len(printed) == 3:
            signal.raise_signal(signal.SIGINT)  # Ctrl-C after the third line

    monkeypatch.setattr(cli_replay.out, "print", print_then_interrupt)
    r = run(app, ["replay", str(EX / "raiders"), "-f", "json"])
    assert r.exit_code == 130 and len(printed) == 3
    assert [json.loads(x)["verdict"] for x in r.stdout.splitlines()]  # three whole lines


# ------------------------------------------------------------------ single files the user names
def test_a_file_written_for_the_user_is_never_written_through_a_link_or_into_a_fifo(tmp_path):
    # referee/files.py: a baseline, a witness log, an exported test module
    from referee.files import write_file

    target = tmp_path / "elsewhere.txt"
    (tmp_path / "dangling").symlink_to(target)
    with pytest.raises(OSError, match="a link: not written through"):
        write_file(tmp_path / "dangling", b"x")
    assert not target.exists()
    target.write_bytes(b"the user's")
    (tmp_path / "alive").symlink_to(target)
    with pytest.raises(OSError, match="a link"):
        write_file(tmp_path / "alive", b"x")
    assert target.read_bytes() == b"the user's"
    os.mkfifo(tmp_path / "fifo")  # would block a plain open for writing
    with pytest.raises(OSError, match="not a regular file"):
        write_file(tmp_path / "fifo", b"x")
    with pytest.raises(OSError, match="not a regular file"):
        write_file(tmp_path, b"x")  # a folder
    write_file(tmp_path / "new.txt", b"new")
    (tmp_path / "old.txt").write_bytes(b"a longer old text")
    write_file(tmp_path / "old.txt", b"short")
    assert (tmp_path / "new.txt").read_bytes() == b"new" and (tmp_path / "old.txt").read_bytes() == b"short"


def test_audit_refuses_a_baseline_to_write_through_a_dangling_link_before_auditing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "base.json").symlink_to(tmp_path / "nowhere" / "b.json")
    r = run(app, ["audit", "draft", "--no-witness", "--baseline", "base.json"])
    assert r.exit_code == 2 and "a link that leads nowhere" in _clean(r)
    assert not (tmp_path / "nowhere").exists()


def test_witnesses_are_never_written_through_a_link(tmp_path):
    from types import SimpleNamespace

    from referee.checks import report
    from referee.checks.findings import Finding

    w = SimpleNamespace(lines=lambda: [{"game": "draft"}, {"n": 1}], expect="legal", cites=[], reaches="x")
    f = Finding("draft.gap.§1.x", "draft", "gap", ["§1"], "…", witness=w)
    (tmp_path / "draft.gap.§1.x.jsonl").symlink_to(tmp_path / "target")
    with pytest.raises(OSError, match="a link"):
        report.write_witnesses([f], tmp_path)
    assert not (tmp_path / "target").exists()
    (tmp_path / "draft.gap.§1.x.jsonl").unlink()
    assert report.write_witnesses([f], tmp_path) == [tmp_path / "draft.gap.§1.x.jsonl"]


def test_a_witness_is_written_over_only_where_referee_wrote_it(tmp_path):
    """A user's own file at a witness's name was replaced without a word (hostile run). Now
    an earlier run's witness is written over, any other file is left as it is, and then no
    witness is written at all (the set is not left half new)."""
    from types import SimpleNamespace

    from referee.checks import report
    from referee.checks.findings import Finding

    w = SimpleNamespace(lines=lambda: [{"game": "draft"}, {"n": 1}], expect="legal", cites=[], reaches="x")
    f = Finding("draft.gap.§1.x", "draft", "gap", ["§1"], "…", witness=w)
    g = Finding("draft.gap.§1.y", "draft", "gap", ["§1"], "…", witness=w)
    first = report.write_witnesses([f, g], tmp_path)
    assert report.write_witnesses([f, g], tmp_path) == first  # an earlier run's: written over
    mine = tmp_path / "draft.gap.§1.y.jsonl"
    mine.write_text("my notes\n")
    (tmp_path / "draft.gap.§1.x.jsonl").unlink()
    with pytest.raises(OSError, match="a file referee did not write"):
        report.write_witnesses([f, g], tmp_path)
    assert mine.read_text() == "my notes\n" and not (tmp_path / "draft.gap.§1.x.jsonl").exists()


def test_a_message_cut_short_keeps_its_end_where_it_says_why(tmp_path):
    # a path of 5,442 characters: the message was cut before its reason (hostile run, s59)
    from referee.errors import MAX_MESSAGE, brief

    path = "/".join(["abcdefgh"] * 600) + ".jsonl"
    got = brief(f"{path}: cannot be read or written: File name too long")
    assert len(got) <= MAX_MESSAGE and got.endswith(": File name too long") and got.startswith("abcdefgh/")
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "referee", "replay", str(tmp_path / path)], capture_output=True, text=True)
    assert r.returncode == 2 and "File name too long" in r.stderr + r.stdout and "Traceback" not in r.stderr


def test_a_huge_value_quoted_in_an_error_never_makes_a_huge_line(tmp_path):
    # a 900 KB player name, listed by the message that names the header's players, and a
    # 100 KB option name: the message is cut (errors.brief), located as before
    import orjson

    src = sorted((EX / "welcome").glob("*.jsonl"))[0]
    rows = [orjson.loads(x) for x in src.read_bytes().splitlines() if x.strip()]
    rows[0]["players"][1] = "P" * 900_000
    rows[1]["by"] = "Nobody"
    log = tmp_path / "big.jsonl"
    log.write_bytes(b"\n".join(orjson.dumps(r) for r in rows[:3]) + b"\n")
    for fmt in ("text", "json"):
        r = run(app, ["replay", str(log), "-f", fmt])
        text = _clean(r)
        assert r.exit_code == 2 and len(text) < 5000 and "characters in all" in text, (fmt, len(text))
        assert f"{log}:2" in text or '"line":2' in text.replace(" ", "")
    r = run(app, ["audit", "draft", "--no-witness", "-o", "x" * 100_000 + "=1"])
    assert r.exit_code == 2 and len(_clean(r)) < 5000


def test_a_batch_says_which_linked_folders_it_leaves_out(tmp_path):
    # links to folders are not followed (a loop cannot hold the batch): the user is told
    # which, so the verdicts are not read as covering their logs
    import shutil

    (tmp_path / "batch").mkdir()
    (tmp_path / "other").mkdir()
    log = sorted((EX / "welcome").glob("*.jsonl"))[0]
    shutil.copy(log, tmp_path / "batch" / "a.jsonl")
    shutil.copy(log, tmp_path / "other" / "b.jsonl")
    (tmp_path / "batch" / "sub").symlink_to(tmp_path / "other")
    (tmp_path / "batch" / "loop").symlink_to(tmp_path / "batch")
    r = run(app, ["replay", str(tmp_path / "batch"), "-f", "json"])
    text = _clean(r)
    assert r.exit_code == 0 and [json.loads(x)["file"] for x in r.stdout.splitlines()] == [str(tmp_path / "batch" / "a.jsonl")]
    assert "sub: a link to a folder, not followed" in text and "loop: a link to a folder, not followed" in text


@pytest.mark.parametrize("argv", [
    ["scenarios", "draft", "--out", ""],
    ["audit", "draft", "--witness-dir", ""],
    ["audit", "draft", "--components", ""],
    ["audit", "draft", "--rulebook", ""],
    ["audit", "draft", "--baseline", ""],
    ["coverage", "draft", "--rulebook", ""],
    ["replay", ""],
    ["replay", "--components", "", "examples/draft/legal-2p.jsonl"],
    ["differential", ""],
    ["differential", "--components", "", "examples/draft/legal-2p.jsonl"],
])
def test_an_empty_path_is_refused_not_read_as_the_current_folder(argv, tmp_path, monkeypatch):
    # was: `--out ""` (an unset shell variable) read as ".", `replay ""` replayed the whole
    # current folder and `--witness-dir ""` wrote into it
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.txt").write_text("a file of the user's")
    r = run(app, argv)
    assert r.exit_code == 2, r.output
    assert "an empty path" in r.output and "Traceback" not in r.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.txt"]


def test_scenarios_out_through_dotdot_is_judged_where_it_lands(tmp_path):
    """A hostile run (s53 G1): --out mine/new/.. wrote into mine, a folder holding a file of
    the user's, since mine/new did not exist yet. G2: a manifest listing a name with a NUL
    gave a traceback under --force; it is no manifest of ours."""
    import json

    from referee.checks.scenarios.outdir import OutDirRefused, check_out_dir

    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "keep.txt").write_text("x")
    with pytest.raises(OutDirRefused, match="not empty"):
        check_out_dir(mine / "new" / "..")
    assert not (mine / "new").exists()
    forged = tmp_path / "forged"
    forged.mkdir()
    (forged / "manifest.json").write_text(json.dumps({"referee": 1, "scenarios": [{"file": "a\u0000b.jsonl"}]}))
    with pytest.raises(OutDirRefused, match="holds no manifest.json written by"):
        check_out_dir(forged, force=True)


def test_a_folder_named_like_a_log_is_walked_not_read(tmp_path):
    """A hostile run (s53 G8): a sub-folder named x.jsonl was reported unreadable (exit 2)
    and walked as well, so an all-legal batch failed."""
    from referee.replays.folders import logs_in

    inner = tmp_path / "x.jsonl"
    inner.mkdir()
    (inner / "a.jsonl").write_text("{}")
    (tmp_path / "b.jsonl").write_text("{}")
    assert logs_in(tmp_path) == [tmp_path / "b.jsonl", inner / "a.jsonl"]


# ---------------------------------------------------------------- every setup object and name, misspelt
SETUPS = ["raiders/normal-pvp.jsonl", "trolls/legal-full-game.jsonl", "twister/game1.jsonl",
          "welcome/2p-rogue-options.jsonl"]


def _setup_spots(node, path="setup"):
    """Every dict (where a stray key can go) and every string (a name that can be misspelt) of a setup."""
    if type(node) is dict:
        yield "dict", path
        for k, v in node.items():
            yield from _setup_spots(v, f"{path}.{k}")
    elif type(node) is list:
        for i, v in enumerate(node):
            yield from _setup_spots(v, f"{path}.{i}")
    elif type(node) is str:
        yield "str", path


def _spots():
    for src in SETUPS:
        h = json.loads((EX / src).read_text(encoding="utf-8").splitlines()[0])
        yield from ((src, kind, path) for kind, path in _setup_spots(h["setup"]))


@pytest.mark.parametrize("src,kind,path", list(_spots()), ids=lambda x: str(x))
def test_a_stray_key_or_an_unknown_name_in_a_setup_is_unreadable(tmp_path, src, kind, path):
    """A key the reader does not know, anywhere in a setup (twister's was read past: s53 G5), and a name
    that names nothing (a Raiders house card was 'illegal' and not named: s53 G6) make the log unreadable
    at line 1, with the name in the message: the log is misspelt, not an illegal game."""
    h = json.loads((EX / src).read_text(encoding="utf-8").splitlines()[0])
    node = h
    for k in path.split(".")[:-1] if kind == "str" else path.split("."):
        node = node[int(k)] if type(node) is list else node[k]
    if kind == "dict":
        value = {**node, "Zzz": 1}
    else:
        value = "Zzz"
    log = _with_header(tmp_path, EX / src, path, value)
    r = run(app, ["replay", str(log), "-f", "json"])
    v = json.loads(_clean(r) and r.stdout)
    assert r.exit_code == 2 and v["verdict"] == "unreadable", v
    assert v["problems"][0]["line"] == 1 and "Zzz" in v["problems"][0]["message"], v


def test_a_file_another_run_writes_during_the_search_is_said_so(tmp_path):
    """s53 G15: two runs into one new folder at once; the one that finished second said the other's
    manifest.json was 'not written by referee scenarios', which it was. Nothing of it is written."""
    from referee.checks.scenarios.outdir import OutDirRefused, generate
    from referee.model import load

    out = tmp_path / "new"

    def meanwhile(_family):  # the other run lands its manifest while this one searches
        out.mkdir(exist_ok=True)
        (out / "manifest.json").write_text("{}")

    with pytest.raises(OutDirRefused, match="written while this run searched, by something else"):
        generate(load("welcome"), out, count=1, family="unreadable", progress=meanwhile)
    assert sorted(p.name for p in out.iterdir()) == ["manifest.json"]


def test_scenarios_jobs_ctrl_c_leaves_nothing(tmp_path, monkeypatch):
    """Ctrl-C while worker processes play the games: the pool is ended, no file is left
    (two workers whatever this machine's CPUs: the cap is stood in for)."""
    from referee.checks.scenarios import generator
    from referee.cli import scenarios as cli_scenarios

    real = generator.Generator.random

    def interrupted(self, count):
        assert self.spread.jobs == 2
        for i, sc in enumerate(real(self, count)):
            if i == 1:
                raise KeyboardInterrupt
            yield sc

    monkeypatch.setattr(generator.Generator, "random", interrupted)
    monkeypatch.setattr(cli_scenarios, "cpus_for_us", lambda: 2)
    d = tmp_path / "s"
    r = _scen(d, "-n", "4", "--jobs", "2")
    assert r.exit_code == 130 and not d.exists()


@pytest.mark.parametrize("sig", ["SIGTERM", "SIGHUP"])
def test_scenarios_ended_by_a_signal_leave_nothing(tmp_path, sig):
    """SIGTERM or SIGHUP while the scenarios are written (hidden temporary files in --out):
    they are removed with the folders the run made, and the run exits 128 + the signal
    (the review found 84 temporary files left by a SIGTERM)."""
    import signal as S
    import time

    d = tmp_path / "a" / "b"
    p = subprocess.Popen([sys.executable, "-m", "referee", "scenarios", "draft", "-n", "400", "--family", "random",
                          "--out", str(d)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                         env={**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)})
    t0 = time.monotonic()
    while time.monotonic() - t0 < 120 and p.poll() is None and not (d.is_dir() and len(list(d.iterdir())) > 3):
        time.sleep(0.05)
    assert p.poll() is None, "the run ended before it was signalled: give it more games"
    p.send_signal(getattr(S, sig))
    _, err = p.communicate(timeout=60)
    assert p.returncode == 128 + getattr(S, sig) and "Traceback" not in err, err[-800:]
    assert not (tmp_path / "a").exists()


def test_a_witness_dir_that_cannot_be_a_folder_is_refused_before_the_audit_runs(tmp_path, monkeypatch):
    # a file where the folder (or a parent) would be: the whole audit ran, then exit 2 with no
    # report (hostile run, s59); refused first now, and the file is left as it is
    from referee.checks import audit as A

    def never(*a, **k):
        raise AssertionError("the audit ran")

    monkeypatch.setattr(A.Audit, "run", never)
    f = tmp_path / "file"
    f.write_text("mine", encoding="utf-8")
    for where in (f, f / "sub"):
        r = run(app, ["audit", "welcome", "--no-witness", "--witness-dir", str(where)])
        assert r.exit_code == 2 and "is not a folder" in _clean(r), _clean(r)
    assert f.read_text(encoding="utf-8") == "mine"
