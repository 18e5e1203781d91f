"""Hostile input on the command-line surfaces added after issue 21, held to its contract (a
verdict or a located exit-2 error; no traceback, no Python repr, no hang, no input changed):
`coverage --rulebook` and the coverage map reader, `differential` (engines that fail, files
that are no logs, bad --against), `audit --baseline` and pyproject ignores, `replay --why`,
`schema`, `graph` without dot, `scenarios` options, and the Python front door's wrong types;
since session 39 also `scenarios --out` folders set against it (FIFO or /dev/zero manifest,
links to a user's file), `audit --rulebook` that cannot be read, log names that are not UTF-8
or hold control characters, outputs that cannot encode '§' (ascii, latin-1), and a damaged
proof cache.

Each case is (class, argv, the exit codes allowed, a phrase the output must hold); they run
through bench/fuzz.py's `cli` and `Tally`. Run from bench/fuzz.py (all of it) or alone:
python bench/fuzz_surfaces.py [--maps N]. Audits run on draft with --no-witness, and only
where the baseline is read before the audit; they cost seconds of z3 each otherwise."""
from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fuzz  # noqa: E402 - the contract (cli, Tally, LEAKS, sha) and the TOML mutations are shared

ROOT = fuzz.ROOT
LOG = ROOT / "examples/draft/finding-xp-tie.jsonl"
PY = sys.executable


def _case(tally: fuzz.Tally, cls: str, args: list[str], codes: set[int], says: str, watched: list[Path],
          cwd_env: dict | None = None, stdin: Any = None, seconds: float = 60) -> None:
    before = {p: fuzz.sha(p) for p in watched if p.is_file()}
    code, out, err, dt, mb = fuzz.cli(args, stdin=stdin, seconds=seconds, **(cwd_env or {}))
    text = out + err
    leak = fuzz.LEAKS.search(text)
    wrong = code not in codes
    unlocated = code == 2 and says not in text
    changed = any(fuzz.sha(p) != h for p, h in before.items())
    tally.add(cls, tracebacks="Traceback" in text, reprs=bool(leak), hangs=code is None, unlocated=unlocated,
              **{"wrong exit": wrong, "inputs modified": changed})
    if code is None or wrong or unlocated or leak or changed:
        tally.fault(cls, f"{' '.join(args)[:120]}: exit {code} (allowed {sorted(codes)}), {dt:.1f} s: {text[-300:]}")


def rulebooks(tmp: Path, tally: fuzz.Tally) -> None:
    """`referee coverage draft --rulebook FILE` on damaged rulebooks: unreadable ones exit 2
    naming the file; text that reads as a rulebook gets its report (0 or 1)."""
    d = tmp / "books"
    d.mkdir()
    bad = {"binary": (b"\x00\xff\xfe\x00 not text", "not UTF-8"),
           "huge (over the size limit)": (b"x" * (65 << 20), "larger than"), "empty": (b"", ":1: empty"),
           "blank lines and a BOM": (b"\xef\xbb\xbf\n \r\n\t\n", ":1: empty")}
    text = {"CRLF": b"Titre\r\n\r\nUne phrase. Une autre.\r\n",
            "BOM": b"\xef\xbb\xbfTitre\n\nUne phrase.\n", "only headings": b"# A\n\n# B\n\n# C\n",
            "a § repeated": "§1.1. A\nUne phrase.\n§1.1. A\nUne autre.\n".encode(),
            "a 3 MB line": b"x" * (3 << 20) + b"\n", "NUL bytes": b"Titre\n\nUne\x00phrase.\n"}
    for name, (data, says) in bad.items():
        (d / name).write_bytes(data)
        _case(tally, f"coverage --rulebook: {name}", ["coverage", "draft", "--rulebook", str(d / name)], {2}, says,
              [d / name])
    for name, data in text.items():
        (d / name).write_bytes(data)
        _case(tally, f"coverage --rulebook: {name}", ["coverage", "draft", "--rulebook", str(d / name)], {0, 1}, "",
              [d / name])
    os.mkfifo(d / "fifo")
    (d / "dir").mkdir()
    for name, p, says in (("FIFO", d / "fifo", "a FIFO"), ("directory", d / "dir", "a directory"),
                          ("/dev/zero", Path("/dev/zero"), "a device"), ("missing", d / "nope", "nope")):
        _case(tally, f"coverage --rulebook: {name}", ["coverage", "draft", "--rulebook", str(p)], {2}, says, [])
    _case(tally, "coverage: unknown game", ["coverage", "chess"], {2}, "chess", [])


def maps(n: int, seed: int, tmp: Path, tally: fuzz.Tally) -> None:
    """n text mutants of the shipped coverage maps, read by `read_map` and compared with the
    rulebook by `problems`: entries, or an Unreadable naming the map; never another exception."""
    from referee.errors import Unreadable
    from referee.model import BUILTIN, load
    from referee.rulebook.book import book, seed_file
    from referee.rulebook.coverage import map_path, problems, read_map

    rng = random.Random(seed)
    games = [g for g in (load(x) for x in BUILTIN) if map_path(g).is_file()]
    books = {g.name: book(g) for g in games if seed_file(g) is not None}
    shipped = {map_path(g): fuzz.sha(map_path(g)) for g in games}
    for i in range(n):
        g = games[i % len(games)]
        text, why = fuzz.toml_mutant(rng, map_path(g).read_text(encoding="utf-8"))
        f = tmp / f"coverage-{i}.toml"
        f.write_text(text, encoding="utf-8")
        crash = msg = None
        try:
            entries = read_map(f)
            if g.name in books:
                problems(g, books[g.name], entries, str(f))
        except Unreadable as e:
            msg = e.located()
        except Exception as e:  # noqa: BLE001 - what the contract forbids, counted
            crash = f"{type(e).__name__}: {e}"
        leak = bool(msg and fuzz.LEAKS.search(msg))
        tally.add("coverage map mutant", tracebacks=crash is not None, reprs=leak,
                  unlocated=bool(msg) and f.name not in msg)
        if crash or leak or (msg and f.name not in msg):
            tally.fault("coverage map mutant", f"{g.name} {why}: {crash or msg}"[:300])
        f.unlink()
    tally.add("shipped coverage maps unchanged", **{"inputs modified": any(fuzz.sha(p) != h for p, h in shipped.items())})


ENGINES = {  # a fake engine each: (python source, what the error must say)
    "engine crashes": ("import sys; sys.exit(3)", "exited with code 3"),
    "engine hangs": ("import time; time.sleep(600)", "no answer within"),
    "engine prints garbage": ("import sys\nfor _ in sys.stdin: print('garbage', flush=True)", "not a JSON object"),
    "engine prints a huge line": ("import sys\nsys.stdin.readline(); sys.stdout.write('x' * (3 << 20)); sys.stdout.flush()",
                                  "longer than"),
    "engine answers out of order": ("import sys, json\nfor _ in sys.stdin: print(json.dumps({'id': 9, 'verdict': 'legal'}), "
                                    "flush=True)", "expected 1"),
    "engine exits early": ("", "engine"),
    "engine answers off schema": ("import sys, json\nfor _ in sys.stdin: print(json.dumps({'id': 1, 'verdict': 'maybe'}), "
                                  "flush=True)", "engine"),
}


def differentials(tmp: Path, tally: fuzz.Tally) -> None:
    d = tmp / "diff"
    d.mkdir()
    logs = [LOG]
    for name, (src, says) in ENGINES.items():
        script = d / f"{name.replace(' ', '_')}.py"
        script.write_text(src)
        _case(tally, f"differential: {name}", ["differential", str(LOG), "--engine", f"{PY} {script}", "--timeout", "2"],
              {2}, says, logs, seconds=30)
    junk = {"not JSON": b'{"x":\n', "empty": b"", "binary": b"\xff\xfe\x00\x01\n", "a JSON list": b"[1, 2]\n",
            "no game": b'{"referee": 1}\n'}
    for name, data in junk.items():
        f = d / f"{name.replace(' ', '_')}.jsonl"
        f.write_bytes(data)
        _case(tally, f"differential: a file that is no log ({name})", ["differential", str(f), str(LOG), "--against",
              "tie=gold"], {2}, "not a log", [f, LOG])
    os.mkfifo(d / "fifo.jsonl")
    for name, args, says in (
            ("--against an unknown option", ["--against", "nosuch=1"], "unknown option"),
            ("--against an unknown source", ["--against", "prefer=nowhere"], "unknown source"),
            ("--against a missing components dir", ["--against", f"components={d / 'none'}"], "components"),
            ("--against without =", ["--against", "tie"], "NAME=VALUE"),
            ("both --engine and --against", ["--against", "tie=gold", "--engine", "x"], "not both"),
            ("a FIFO as a log", [str(d / "fifo.jsonl"), "--against", "tie=gold"], "a FIFO"),
            ("a missing log", [str(d / "nope.jsonl"), "--against", "tie=gold"], "no such file")):
        given = [] if name.endswith("log") else [str(LOG)]
        _case(tally, f"differential: {name}", ["differential", *given, *args], {2}, says, [LOG], seconds=30)


def baselines(tmp: Path, tally: fuzz.Tally) -> None:
    """Damaged baselines and pyproject.toml: refused before the audit runs (so each case
    costs no z3), located, exit 2; nothing written over them."""
    d = tmp / "base"
    d.mkdir()
    files = {"not JSON": b"nope", "empty": b"", "a list": b"[1, 2]", "findings not an object": b'{"version": 1, "findings": 3}',
             "another version": b'{"version": 2, "findings": {}}', "not UTF-8": b'{"version": 1, "findings": {"\xff": 1}}',
             "huge": b'{"version": 1, "findings": {' + b'"x": 1, ' * (9 << 20) + b'"y": 1}}'}
    for name, data in files.items():
        f = d / f"{name.replace(' ', '_')}.json"
        f.write_bytes(data)
        _case(tally, f"audit --baseline: {name}", ["audit", "draft", "--no-witness", "--baseline", str(f)], {2},
              f.name, [f])
    os.mkfifo(d / "fifo.json")
    (d / "dir.json").mkdir()
    for name, p, says in (("FIFO", d / "fifo.json", "a FIFO"), ("directory", d / "dir.json", "a directory"),
                          ("/dev/zero", Path("/dev/zero"), "a device")):
        _case(tally, f"audit --baseline: {name}", ["audit", "draft", "--no-witness", "--baseline", str(p)], {2}, says,
              [], seconds=30)
    tomls = {"not TOML": b"[tool.referee\n", "tool = 1": b"tool = 1\n", "referee = 1": b"[tool]\nreferee = 1\n",
             "an unknown key": b"[tool.referee]\nignores = []\n", "ignore not a list": b"[tool.referee]\nignore = 1\n",
             "an id not a string": b'[tool.referee]\nignore = [{id = 1, reason = "r"}]\n',
             "no reason": b'[tool.referee]\nignore = [{id = "draft.x"}]\n', "not UTF-8": b"[tool.referee]\nignore = '\xff'\n"}
    for name, data in tomls.items():
        w = d / f"proj-{name.replace(' ', '_')}"
        w.mkdir()
        (w / "pyproject.toml").write_bytes(data)
        _case(tally, f"audit, pyproject.toml: {name}", ["audit", "draft", "--no-witness"], {2}, "pyproject.toml",
              [w / "pyproject.toml"], cwd_env={"cwd": w})


def whys(tmp: Path, tally: fuzz.Tally) -> None:
    for n in ("0", "-1", "abc", "event:", "event:x", "line:0", "line:abc", "1.5", "", "event:-3", "99999",
              "line:99999", "9" * 30):
        _case(tally, "replay --why: a bad N", ["replay", str(LOG), "--why", n], {2}, "--why" if n != "99999" and not
              n.startswith(("line:9", "9")) else "not an event", [LOG])
    junk = tmp / "junk.jsonl"
    junk.write_bytes(b'{"x":\n')
    _case(tally, "replay --why: a damaged log", ["replay", str(junk), "--why", "1"], {2}, "junk.jsonl:1", [junk])
    with open(junk, "rb") as fh:
        _case(tally, "replay --why: a damaged log on stdin", ["replay", "-", "--why", "1"], {2}, "<stdin>:1", [junk],
              stdin=fh)
    with open("/dev/zero", "rb") as fh:
        _case(tally, "replay --why: endless stdin", ["replay", "-", "--why", "1"], {2}, "<stdin>:1", [], stdin=fh)


def commands(tmp: Path, tally: fuzz.Tally) -> None:
    """schema, graph (dot missing: PATH without it), scenarios' option parsing."""
    for name in ("nosuch", "", "../../etc/passwd", "verdict "):
        _case(tally, "schema: an unknown name", ["schema", name], {2}, "unknown schema", [])
    for fmt in ("svg", "png"):
        _case(tally, f"graph -f {fmt} without dot", ["graph", "draft", "-f", fmt], {2}, "dot", [],
              cwd_env={"env": {"PATH": str(tmp / "empty-path")}})
    _case(tally, "graph: a bad format", ["graph", "draft", "-f", "gif"], {2}, "gif", [])
    for args, says in ((["--option", "gold"], "NAME=VALUE"), (["--option", "=1"], "NAME=VALUE"),
                       (["--option", "gold=zzz"], "gold"), (["--all-pairs", "--engine", "x:y"], "--engine"),
                       (["--format", "pytest", "--engine", ":::"], "engine"), (["--count", "-1"], "count"),
                       (["--jobs", "0"], "jobs"), (["--jobs", "x"], "jobs"), (["-j", "-3"], "jobs")):
        _case(tally, "scenarios: bad options", ["scenarios", "draft", *args, "--out", str(tmp / "scen-out")], {2}, says, [])


def out_dirs(tmp: Path, tally: fuzz.Tally) -> None:
    """`scenarios --out` at a folder set up against it (session 39): a FIFO or a link to
    /dev/zero named manifest.json (never opened: no hang, no memory blow-up), a listed file or
    the manifest replaced by a link to a user's file (refused; the file it points to unchanged)."""
    d = tmp / "outdirs"
    d.mkdir()
    args = ["--family", "unreadable", "-n", "1"]
    for name, make in (("a FIFO as manifest.json", lambda m: os.mkfifo(m)),
                       ("/dev/zero as manifest.json", lambda m: m.symlink_to("/dev/zero"))):
        o = d / name.split()[0].strip("/").replace("/", "-")
        o.mkdir()
        make(o / "manifest.json")
        for force in ([], ["--force"]):
            _case(tally, f"scenarios --out: {name}", ["scenarios", "draft", "--out", str(o), *args, *force], {2},
                  str(o), [], cwd_env={"limit_mb": 2048}, seconds=30)
    precious = d / "precious.txt"
    precious.write_bytes(b"a user's file\n")
    for what in ("a listed file", "the manifest"):
        o = d / what.replace(" ", "-")
        code, *_ = fuzz.cli(["scenarios", "draft", "--out", str(o), *args])
        listed = sorted(o.glob("*.jsonl"))
        if code != 0 or not listed:
            tally.add(f"scenarios --out --force: {what} a link", **{"wrong exit": True})
            continue
        victim = listed[0] if what == "a listed file" else o / "manifest.json"
        victim.unlink()
        victim.symlink_to(precious)
        _case(tally, f"scenarios --out --force: {what} a link to a user's file",
              ["scenarios", "draft", "--out", str(o), *args, "--force", "--seed", "7"], {2}, str(o), [precious])


def audit_rulebooks(tmp: Path, tally: fuzz.Tally) -> None:
    """`audit --rulebook` that cannot be read: refused before the audit runs (session 39; it
    was ignored, the report printed as if none had been given)."""
    d = tmp / "audit-books"
    d.mkdir()
    files = {"binary": (b"\x00\xff\xfe binary", "not UTF-8"), "empty": (b"", ":1: empty"),
             "huge": (b"x" * (65 << 20), "larger than")}
    for name, (data, says) in files.items():
        (d / name).write_bytes(data)
        _case(tally, f"audit --rulebook: {name}", ["audit", "draft", "--no-witness", "--rulebook", str(d / name)], {2},
              says, [d / name], seconds=30)
    os.mkfifo(d / "fifo")
    (d / "folder").mkdir()
    for name, p, says in (("FIFO", d / "fifo", "a FIFO"), ("/dev/zero", Path("/dev/zero"), "a device"),
                          ("a folder without the book", d / "folder", "a folder without draft's rulebook")):
        _case(tally, f"audit --rulebook: {name}", ["audit", "draft", "--no-witness", "--rulebook", str(p)], {2}, says,
              [], cwd_env={"limit_mb": 2048}, seconds=30)


def names_and_encodings(tmp: Path, tally: fuzz.Tally) -> None:
    """Log names that are not UTF-8 or hold control characters, in a batch (text and JSON:
    escaped, never a crash, no line forged); an output that cannot encode '§' (ascii, latin-1)."""
    d = tmp / "names"
    d.mkdir()
    bad = (ROOT / "examples/draft/illegal-pick-twice.jsonl").read_bytes()
    for raw in (b"ok\xff.jsonl", b"esc\x1b[2J.jsonl", b"nl\nforged.jsonl: legal.jsonl", "rlo\u202e.jsonl".encode()):
        with open(os.path.join(os.fsencode(d), raw), "wb") as f:
            f.write(bad)
    for fmt in ("text", "json"):
        code, out, err, dt, _ = fuzz.cli(["replay", str(d), "-f", fmt])
        text = out + err
        lines = out.splitlines()
        forged = "\x1b" in out or "\u202e" in out
        try:  # each line a verdict of one of the four logs (a name's newline would make two)
            files = [json.loads(x)["file"] if fmt == "json" else x for x in lines]
            forged = forged or len(files) != 4 or any(not x.startswith(str(d)) for x in files)
        except ValueError:
            forged = True
        tally.add(f"replay: log names not UTF-8 or with control characters (-f {fmt})", tracebacks="Traceback" in text,
                  reprs=bool(fuzz.LEAKS.search(text)), hangs=code is None, **{"wrong exit": code != 1 or forged})
        if code != 1 or forged or "Traceback" in text:
            tally.fault("log names", f"-f {fmt}: exit {code}: {text[-300:]}")
    log = str(ROOT / "examples/draft/illegal-pick-twice.jsonl")
    for enc in ("ascii", "latin-1"):
        for args, codes in ((["replay", log], {1}), (["replay", log, "-f", "json"], {1}), (["rules", "draft"], {0}),
                            (["schema", "draft"], {0}), (["graph", "draft", "-f", "mermaid"], {0})):
            _case(tally, f"output encoding {enc}", args, codes, "", [], cwd_env={"env": {"PYTHONIOENCODING": enc}})


def caches(tmp: Path, tally: fuzz.Tally) -> None:
    """A damaged proof cache (REFEREE_CACHE_DIR): replays of the configuration it covers keep
    their verdicts, an audit proves again; never a crash or a hang (a FIFO as an entry)."""
    from referee import proofstore
    from referee.model import load

    g = load("draft")
    cfg = g.configure({}, None, None, nplayers=2)  # the configuration of the logs below
    fp = proofstore.fingerprint(g, cfg)
    n = len(g.invariants)
    row = {"index": 0, "status": "proved", "by": "", "model": {}}
    damaged = {"[]": b"[]", "a list index": json.dumps([{**row, "index": [i]} for i in range(n)]).encode(),
               "index out of range": json.dumps([{**row, "index": 99}] * n).encode(), "not JSON": b"{", "null model":
               json.dumps([{**row, "index": i, "model": None} for i in range(n)]).encode(), "a FIFO": None}
    logs = [ROOT / "examples/draft/legal-2p.jsonl", ROOT / "examples/draft/illegal-pick-twice.jsonl"]
    for name, data in damaged.items():
        c = tmp / f"cache-{len(os.listdir(tmp))}"
        entry = c / "proofs" / fp / "8.0-x.json"
        entry.parent.mkdir(parents=True)
        if data is None:
            os.mkfifo(entry)
        else:
            entry.write_bytes(data)
        for log in logs:
            _case(tally, f"damaged proof cache: {name}", ["replay", str(log)], {0, 1}, "", [log],
                  cwd_env={"env": {"REFEREE_CACHE_DIR": str(c)}}, seconds=30)


API: tuple[tuple[str, Callable], ...] = (
    ("load(1)", lambda m: m.load(1)), ("load([])", lambda m: m.load([])),
    ("load(options=[1])", lambda m: m.load("welcome", options=[1])),
    ("load(prefer=1)", lambda m: m.load("welcome", prefer=1)), ("load(components=1)", lambda m: m.load("welcome", components=1)),
    ("load(players='x')", lambda m: m.load("welcome", players="x")),
    ("replay(None)", lambda m: m.load("welcome").replay(None)), ("replay(1)", lambda m: m.replay(1)),
    ("new('Ana')", lambda m: m.load("welcome").new("Ana")), ("new(1)", lambda m: m.load("welcome").new(1)),
    ("new([1, 2])", lambda m: m.load("welcome").new([1, 2])), ("new(setup=1)", lambda m: m.load("welcome").new(["A", "B"], 1)),
    ("push(1)", lambda m: m.load("welcome").new(["A", "B"]).push(1)),
    ("audit(budget='x')", lambda m: m.load("welcome").audit(budget="x")),
    ("audit(witnesses='no')", lambda m: m.load("welcome").audit(witnesses="no")),
    ("audit(nope=1)", lambda m: m.load("welcome").audit(nope=1)),
    ("scenarios(count='x')", lambda m: m.load("welcome").scenarios(count="x")),
    ("scenarios(family=1)", lambda m: m.load("welcome").scenarios(family=1)),
    ("differential(1)", lambda m: m.differential(1, against={"tie": "gold"})),
    ("differential(against=1)", lambda m: m.differential([str(LOG)], against=1)),
    ("differential(engine=1)", lambda m: m.differential([str(LOG)], engine=1)),
    ("differential(timeout='x')", lambda m: m.differential([str(LOG)], engine="x", timeout="x")),
)


def api(tally: fuzz.Tally) -> None:
    """The Python front door given wrong types: a RefereeError with a message, never a
    TypeError from deep inside (none of these reaches z3)."""
    import referee
    from referee.errors import RefereeError

    for name, call in API:
        crash = None
        try:
            call(referee)
            crash = "accepted"
        except RefereeError as e:
            leak = fuzz.LEAKS.search(str(e))
            if leak:
                crash = f"leak {leak.group(0)!r}: {e}"
        except Exception as e:  # noqa: BLE001 - what the contract forbids, counted
            crash = f"{type(e).__name__}: {e}"
        tally.add("Python API: a wrong type", tracebacks=crash is not None)
        if crash:
            tally.fault("Python API: a wrong type", f"{name}: {crash}"[:300])


def run_all(tmp: Path, tally: fuzz.Tally, n_maps: int = 200, seed: int = 21) -> None:
    rulebooks(tmp, tally)
    maps(n_maps, seed, tmp, tally)
    differentials(tmp, tally)
    baselines(tmp, tally)
    whys(tmp, tally)
    commands(tmp, tally)
    api(tally)
    out_dirs(tmp, tally)
    audit_rulebooks(tmp, tally)
    names_and_encodings(tmp, tally)
    caches(tmp, tally)


if __name__ == "__main__":
    import argparse
    import tempfile
    import time

    ap = argparse.ArgumentParser()
    ap.add_argument("--maps", type=int, default=200, help="mutants of the shipped coverage maps")
    ap.add_argument("--seed", type=int, default=21)
    a = ap.parse_args()
    t, tally = time.monotonic(), fuzz.Tally()
    with tempfile.TemporaryDirectory() as d:
        run_all(Path(d), tally, a.maps, a.seed)
    print(f"new command-line surfaces: {time.monotonic() - t:.0f} s")
    print(tally.table())
    for f in tally.faults[:60]:
        print(" ", f)
    sys.exit(0 if tally.clean() else 1)
