"""Hostile input costs a user nothing (issue 21): structure-aware mutants of every example
log, file kinds and batches, each held to the contract of `referee replay`:

- a verdict (legal, illegal, unreadable) or a located exit-2 error, never "error" (a crash);
- no traceback and no Python repr in what the user reads;
- the exit code, where the mutation decides it (a key given twice, a wrong-typed value,
  a line dropped from the middle... are unreadable, exit 2);
- no input changed (hashed before and after), bounded time (and memory, for the CLI cases).

Mutants run in-process through the CLI's own per-file wrapper (`cli.replay._one`), every
other one as `replay -k` reads it (the exit code is the same); a sample
is replayed again by the CLI in a subprocess, as a batch, and file-kind and batch cases run
the CLI. Run: python bench/fuzz.py [--mutants N] [--seed S] [--cli-sample K]; the newer commands'
cases are bench/fuzz_surfaces.py's, run at the end.
Prints one row per input class: tried, tracebacks, reprs, unlocated, wrong exit, inputs
modified, hangs. Exit 1 when any count but "tried" is not 0."""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

EXAMPLES = sorted(ROOT.glob("examples/*/*.jsonl"))
SECONDS = 10  # one mutant's bound (in-process); a CLI case gets 60 s
AFTER = 3  # lines kept after the mutated one: the verdict is decided there or soon after
LEAKS = re.compile(r"Traceback|\b[A-Z]\w*(Error|Exception)\b:|<object|object at 0x|<class |got (True|False|None)\b"
                   r"|\{'|\[Errno|\bNoneType\b")
SWAPS = ["x", 7, 2.5, True, False, None, [1], {"a": 1}]
EDGES = [0, -1, 2**63 - 1, -(2**63), 2**64, 1e308, -1e308, 0.0, True, False]
KINDS = ["type swap", "edge number", "key deleted", "key twice", "unknown key", "line deleted",
         "line twice", "lines swapped", "cut mid-line", "cut at a line", "huge line", "huge value",
         "bad bytes", "deep value", "string edge"]


# ---------------------------------------------------------------- the examples, as read
class Example:
    """An example log: its lines (text and decoded) and the line of its first problem."""

    def __init__(self, path: Path):
        from referee.replays.engine import replay

        self.path = path
        self.text = path.read_text(encoding="utf-8").splitlines()
        self.rows = [json.loads(x) for x in self.text]
        v = replay(path)
        first = v.first()
        self.stop = first.line if first else len(self.text) + 1  # mutations after it are not reached


def paths(v: Any, at: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    """Every (path, value) below a decoded line, the line itself aside."""
    items = v.items() if type(v) is dict else enumerate(v) if type(v) is list else ()
    for k, x in items:
        yield at + (k,), x
        yield from paths(x, at + (k,))


def put(v: Any, path: tuple, new: Any) -> Any:
    """A copy of v with `new` at `path` (a deletion where new is DELETE)."""
    if not path:
        return new
    k, rest = path[0], path[1:]
    if type(v) is dict:
        out = dict(v)
        if rest or new is not DELETE:
            out[k] = put(v[k], rest, new)
        else:
            del out[k]
        return out
    out = list(v)
    if rest or new is not DELETE:
        out[k] = put(v[k], rest, new)
    else:
        del out[k]
    return out


DELETE = object()


def dumps(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False)


def kind(x: Any) -> type:
    return type(x)


def free(path: tuple, row: int, ex: Example) -> bool:
    """A place where another JSON type may be read on purpose: an option's value (a whole
    number is read as its digits), the result's winner (a name or a list of names), an
    expectation's value (null: not said)."""
    top = path[0] if path else None
    if row == 0 and top in ("options", "expect"):
        return True
    return "result" in ex.rows[row] and path[:2] == ("result", "winner")


# ---------------------------------------------------------------- mutants
class Mutant:
    def __init__(self, kind: str, ex: Example, lines: list[bytes], row: int, expect: int | None, why: str):
        self.kind, self.ex, self.lines, self.row, self.why = kind, ex, lines, row, why
        self.expect = expect if row + 1 <= ex.stop else None  # past the first problem: not reached

    def data(self) -> bytes:
        return b"".join(x if x.endswith(b"\n") else x + b"\n" for x in self.lines)


def mutant(rng: random.Random, ex: Example, k: str) -> Mutant:
    n = len(ex.text)
    row = 0 if rng.random() < 0.3 else rng.randrange(n)
    keep = ex.text[: row + 1 + AFTER]
    enc = [x.encode() for x in keep]
    d = ex.rows[row]
    at = list(paths(d))

    def with_row(text: str) -> list[bytes]:
        return enc[:row] + [text.encode("utf-8", "surrogatepass")] + enc[row + 1:]

    is_event = "n" in d
    if k in ("type swap", "edge number", "key deleted", "huge value", "deep value", "string edge") and not at:
        k = "unknown key"
    if k == "type swap":
        path, old = rng.choice(at)
        new = rng.choice([x for x in SWAPS if kind(x) is not kind(old)])
        code = None if free(path, row, ex) else 2
        return Mutant(k, ex, with_row(dumps(put(d, path, new))), row, code, f"{'.'.join(map(str, path))}={dumps(new)}")
    if k == "edge number":
        nums = [(p, x) for p, x in at if type(x) in (int, float)] or at
        path, old = rng.choice(nums)
        new = rng.choice(EDGES)
        code = 2 if type(old) is int and type(new) is not int and not free(path, row, ex) else None
        return Mutant(k, ex, with_row(dumps(put(d, path, new))), row, code, f"{'.'.join(map(str, path))}={dumps(new)}")
    if k == "key deleted":
        keyed = [(p, x) for p, x in at if type(p[-1]) is str]
        path, _ = rng.choice(keyed or at)
        must = (is_event and path in (("n",), ("do",))) or (row == 0 and path in (("referee",), ("game",), ("players",)))
        return Mutant(k, ex, with_row(dumps(put(d, path, DELETE))), row, 2 if must else None, ".".join(map(str, path)))
    if k == "key twice":
        objs = [((), d)] + [(p, x) for p, x in at if type(x) is dict and x]
        path, obj = rng.choice(objs)
        key = rng.choice(list(obj))
        mark = "@@twice@@"
        text = dumps(put(d, path + (key,), mark))
        pair = f"{json.dumps(key, ensure_ascii=False)}: {dumps(obj[key])}"
        text = text.replace(f"{json.dumps(key, ensure_ascii=False)}: \"{mark}\"", f"{pair}, {pair}", 1)
        return Mutant(k, ex, with_row(text), row, 2, ".".join(map(str, path + (key,))))
    if k == "unknown key":
        return Mutant(k, ex, with_row(dumps({**d, "zz_unknown": 1})), row, 2, "zz_unknown")
    if k == "line deleted":
        nxt = ex.rows[row + 1] if row + 1 < n else None
        code = 2 if row == 0 or (nxt is not None and "n" in nxt and is_event) else None
        return Mutant(k, ex, enc[:row] + enc[row + 1:], row, code, f"line {row + 1}")
    if k == "line twice":
        return Mutant(k, ex, enc[: row + 1] + enc[row:], row + 1, 2, f"line {row + 1}")
    if k == "lines swapped":
        if row + 1 >= len(enc) or "n" not in d or "n" not in ex.rows[row + 1]:
            return mutant(rng, ex, "line twice")
        return Mutant(k, ex, enc[:row] + [enc[row + 1], enc[row]] + enc[row + 2:], row, 2, f"lines {row + 1}, {row + 2}")
    if k == "cut mid-line":
        line = enc[row]
        cut = rng.randrange(1, len(line))
        try:
            json.loads(line[:cut])
            code = None
        except ValueError:
            code = 2
        lines = enc[:row] + [line[:cut]]
        return Mutant(k, ex, lines, row, code, f"line {row + 1} at byte {cut}")
    if k == "cut at a line":
        return Mutant(k, ex, enc[: row + 1], row, None, f"after line {row + 1}")
    if k == "huge line":
        if rng.random() < 0.5:
            big = dumps({**d, "note": "x" * ((1 << 20) + rng.randrange(1, 4096))})
            return Mutant(k, ex, with_row(big), row, 2, "a line over 1 MiB")
        return Mutant(k, ex, enc[:row] + [b"{" * ((1 << 20) + 10)], row, 2, "1 MiB of braces")
    if k == "huge value":
        path, old = rng.choice(at)
        new = rng.choice(["A" * 200_000, ["A"] * 50_000, [0] * 50_000, {f"k{i}": i for i in range(20_000)}])
        return Mutant(k, ex, with_row(dumps(put(d, path, new))), row, None, f"{'.'.join(map(str, path))}=big {type(new).__name__}")
    if k == "bad bytes":
        line = enc[row]
        i = rng.randrange(len(line))
        bad = rng.choice([b"\xff", b"\xc3", b"\x00", b"\xed\xa0\x80"])
        code = 2
        lines = enc[:row] + [line[:i] + bad + line[i:]] + enc[row + 1:]
        if rng.random() < 0.2:  # a byte-order mark or CRLF line ends: the same game
            lines, code = ([b"\xef\xbb\xbf" + enc[0]] + enc[1:]) if rng.random() < 0.5 else [x + b"\r" for x in enc], None
        return Mutant(k, ex, lines, row, code, f"byte {i}: {bad!r}")
    if k == "deep value":
        path, _ = rng.choice(at)
        depth = rng.choice([50, 500, 1000, 1100, 5000])
        new_text = dumps(put(d, path, "@@deep@@")).replace('"@@deep@@"', "[" * depth + "]" * depth, 1)
        return Mutant(k, ex, with_row(new_text), row, 2 if depth > 1024 else None, f"{'.'.join(map(str, path))} {depth} deep")
    if k == "string edge":
        strs = [(p, x) for p, x in at if type(x) is str] or at
        path, _ = rng.choice(strs)
        players = ex.rows[0].get("players") or ["Ana"]
        new = rng.choice(["", " ", "chance", rng.choice(players), "A" * 10_000, "Ana\u0301", "\ud800", "\u202e", "../x", "{}"])
        return Mutant(k, ex, with_row(dumps(put(d, path, new))), row, None, f"{'.'.join(map(str, path))}={new[:12]!r}")
    raise ValueError(k)


# ---------------------------------------------------------------- the contract
class Tally:
    COLS = ("tried", "tracebacks", "reprs", "unlocated", "wrong exit", "inputs modified", "hangs")

    def __init__(self):
        self.rows: dict[str, Counter] = defaultdict(Counter)
        self.faults: list[str] = []

    def add(self, cls: str, **bad: bool) -> None:
        self.rows[cls]["tried"] += 1
        for col, hit in bad.items():
            if hit:
                self.rows[cls][col] += 1

    def fault(self, cls: str, what: str) -> None:
        if len(self.faults) < 200:
            self.faults.append(f"[{cls}] {what}")

    def table(self) -> str:
        head = "| input class | " + " | ".join(self.COLS) + " |"
        rule = "|---|" + "---|" * len(self.COLS)
        body = [f"| {cls} | " + " | ".join(str(c[col]) for col in self.COLS) + " |" for cls, c in self.rows.items()]
        total = Counter()
        for c in self.rows.values():
            total.update(c)
        body.append("| **total** | " + " | ".join(str(total[col]) for col in self.COLS) + " |")
        return "\n".join([head, rule, *body])

    def clean(self) -> bool:
        return all(c[col] == 0 for c in self.rows.values() for col in self.COLS[1:])


class Timeout(BaseException):
    pass


def _alarm(*_):
    raise Timeout


def sha(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


def shown(v) -> str:
    """All a user reads of a verdict: the text lines and the JSON line."""
    lines = [p.render(v.file) for p in v.problems + v.warnings]
    return "\n".join(lines) + "\n" + json.dumps(v.to_json(), ensure_ascii=False)


def check_in_process(m: Mutant, where: Path, tally: Tally, keep_going: bool = False) -> Any:
    """One mutant through the CLI's per-file wrapper; with `keep_going` as `replay -k` reads it
    (past an illegal event the states may be ones no legal game reaches: s59's Welcome crash)."""
    from referee.cli.replay import _one

    where.write_bytes(m.data())
    before = sha(where)
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(SECONDS)
    v, crash, hang = None, None, False
    try:
        v = _one(where, keep_going, False, None, None)
    except Timeout:
        hang = True
    except Exception as e:  # noqa: BLE001 - what the contract forbids, counted
        crash = f"{type(e).__name__}: {e}"
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    label = f"{m.ex.path.relative_to(ROOT)} line {m.row + 1}: {m.why}"
    if v is None:
        tally.add(m.kind, tracebacks=crash is not None, hangs=hang, **{"inputs modified": sha(where) != before})
        tally.fault(m.kind, f"{label}: {'hang' if hang else crash}")
        return None
    text = shown(v)
    leak = LEAKS.search(text.replace(str(where), "F"))
    unlocated = v.verdict == "unreadable" and any(p.line == 0 for p in v.problems)
    wrong = m.expect is not None and v.code != m.expect
    empty_unwarned = v.verdict == "legal" and v.events == 0 and not v.warnings
    tally.add(m.kind, tracebacks=v.verdict == "error", reprs=bool(leak), unlocated=unlocated or empty_unwarned,
              **{"wrong exit": wrong, "inputs modified": sha(where) != before})
    first = v.first().render("F") if v.first() else v.verdict
    if v.verdict == "error" or leak or unlocated or wrong or empty_unwarned:
        why = ("error" if v.verdict == "error" else f"leak {leak.group(0)!r}" if leak else "unlocated" if unlocated
               else "no warning" if empty_unwarned else f"exit {v.code}, expected {m.expect}")
        tally.fault(m.kind, f"{label}: {why}: {first[:300]}")
    return v


def run_mutants(n: int, seed: int, tally: Tally, tmp: Path, keep: int = 0, progress: bool = False) -> list:
    """n mutants over the examples, each class in turn; the first `keep` are also written
    to tmp/batch for the CLI sample: [(file, in-process verdict)]."""
    rng = random.Random(seed)
    exs = [Example(p) for p in EXAMPLES]
    kept, batch = [], tmp / "batch"
    batch.mkdir(exist_ok=True)
    t0 = time.monotonic()
    for i in range(n):
        k = KINDS[i % len(KINDS)]
        m = mutant(rng, rng.choice(exs), k)
        v = check_in_process(m, tmp / "m.jsonl", tally, keep_going=i % 2 == 1)  # every other one as -k
        if i < keep and v is not None:
            f = batch / f"m{i:05d}.jsonl"
            f.write_bytes(m.data())
            kept.append((f, v))
        if progress and (i + 1) % 1000 == 0:
            print(f"  {i + 1} mutants, {time.monotonic() - t0:.0f} s", file=sys.stderr, flush=True)
    return kept


# ---------------------------------------------------------------- the CLI in a subprocess
PEAK = """import atexit, runpy, sys
def peak():  # this process's own high-water mark (ru_maxrss would count the forking parent's)
    kb = open("/proc/self/status").read().split("VmHWM:")[1].split()[0]
    sys.stderr.write("peak-kb " + kb + "\\n")
atexit.register(peak)
sys.argv = ["referee", *sys.argv[1:]]
runpy.run_module("referee", run_name="__main__")
"""


def cli(args: list[str], stdin=None, seconds: float = 60, cwd: Path | None = None,
        env: dict | None = None, limit_mb: int | None = None) -> tuple[int | None, str, str, float, int]:
    """(exit code or None on a hang, stdout, stderr, seconds, peak MB) of `referee ARGS`
    (run in `cwd`, with `env` over the environment; `limit_mb`: its address space bounded, for
    a case that would read without end if it regressed, so that it fails, not the machine)."""
    def bounded():
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (limit_mb << 20, limit_mb << 20))

    t = time.monotonic()
    try:
        p = subprocess.run([sys.executable, "-c", PEAK, *args], stdin=stdin, capture_output=True, timeout=seconds,
                           cwd=cwd, env={**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200", **(env or {})},
                           preexec_fn=bounded if limit_mb else None)
    except subprocess.TimeoutExpired:
        return None, "", "", time.monotonic() - t, 0
    err = p.stderr.decode("utf-8", "replace")
    mb = int(err.split("peak-kb ")[1].split()[0]) // 1024 if "peak-kb " in err else 0
    return p.returncode, p.stdout.decode("utf-8", "replace"), err.split("peak-kb ")[0], time.monotonic() - t, mb


def cli_sample(kept: list, tally: Tally, one_by_one: int = 40) -> None:
    """The kept mutants as one batch through the CLI (--jobs 2): one verdict line each, the
    same verdict as in-process, the batch's exit code by the documented rule."""
    if not kept:
        return
    files = [f for f, _ in kept]
    before = {f: sha(f) for f in files}
    code, out, err, dt, _ = cli(["replay", str(files[0].parent), "-f", "json", "--jobs", "2"], seconds=600)
    got = {}
    for line in out.splitlines():
        d = json.loads(line)
        got[d["file"]] = d
    for f, v in kept:
        d = got.get(str(f))
        wrong = d is None or d["verdict"] != v.verdict
        tally.add("CLI batch of mutants", tracebacks="Traceback" in err, hangs=code is None, **{
            "wrong exit": wrong, "inputs modified": sha(f) != before[f]})
        if wrong:
            tally.fault("CLI batch of mutants", f"{f.name}: CLI {d and d['verdict']}, in-process {v.verdict}")
    want = 2 if any(v.code == 2 for _, v in kept) else 1 if any(v.code == 1 for _, v in kept) else 0
    tally.add("CLI batch exit code", **{"wrong exit": code != want})
    if code != want:
        tally.fault("CLI batch exit code", f"exit {code}, expected {want}")
    for f, v in kept[:one_by_one]:  # a few one by one, in text: the exit code and what the user reads
        c, o, e, dt, _ = cli(["replay", str(f)])
        leak = LEAKS.search(o + e)
        tally.add("CLI one mutant", tracebacks="Traceback" in o + e, reprs=bool(leak), hangs=c is None,
                  **{"wrong exit": c != v.code})
        if leak or c != v.code:
            tally.fault("CLI one mutant", f"{f.name}: exit {c} (in-process {v.code}) {(leak.group(0) if leak else '')} {(o + e)[:200]}")


def file_kinds(tmp: Path, tally: Tally) -> None:
    """Files that are not logs, or not meant to be read whole: exit 2, located, at once."""
    d = tmp / "kinds"
    d.mkdir()
    good = (ROOT / "examples/raiders/normal-pvp.jsonl").read_bytes()
    fifo = d / "fifo.jsonl"
    os.mkfifo(fifo)
    (d / "x.jsonl").mkdir()
    loop = d / "loop.jsonl"
    loop.symlink_to(loop)
    (d / "empty.jsonl").write_bytes(b"")
    (d / "latin1.jsonl").write_bytes(good.split(b"\n")[0] + b"\n" + '{"n": 1, "note": "é"}'.encode("latin-1") + b"\n")
    huge = d / "huge-line.jsonl"
    with open(huge, "wb") as f:
        f.write(good.split(b"\n")[0] + b"\n" + b'{"n": 1, "note": "' + b"x" * (200 << 20) + b'"}\n')
    locked = d / "locked.jsonl"
    locked.write_bytes(good)
    locked.chmod(0)
    cases = [("FIFO as a log", [str(fifo)], None, "a FIFO"), ("directory named x.jsonl", [str(d / "x.jsonl")], None, "x.jsonl (a directory"),
             ("device (/dev/zero)", ["/dev/zero"], None, "a device"), ("symlink loop", [str(loop)], None, "loop.jsonl"),
             ("empty file", [str(d / "empty.jsonl")], None, "empty log"), ("not UTF-8", [str(d / "latin1.jsonl")], None, ":2: not UTF-8"),
             ("200 MB line", [str(huge)], None, ":2: line longer than 1 MiB"),
             ("endless stdin", ["-"], "/dev/zero", "<stdin>:1: line longer than 1 MiB")]
    if os.geteuid() != 0:  # root reads a file whatever its mode: the case cannot be made
        cases.append(("unreadable file", [str(locked)], None, "locked.jsonl"))
    watched = [p for p in d.iterdir() if p.is_file() and not p.is_symlink() and p.stat().st_mode & 0o444]
    before = {p: sha(p) for p in watched}
    for name, args, stdin, says in cases:
        fh = open(stdin, "rb") if stdin else subprocess.DEVNULL
        try:
            code, out, err, dt, mb = cli(["replay", *args], stdin=fh, seconds=30)
        finally:
            if stdin:
                fh.close()
        text = out + err
        ok = code == 2 and says in text
        tally.add(name, tracebacks="Traceback" in text, reprs=bool(LEAKS.search(text)), hangs=code is None or dt > 20,
                  unlocated=code == 2 and says not in text, **{"wrong exit": code != 2, "inputs modified": False})
        if not ok or mb > 100:
            tally.fault(name, f"exit {code}, {dt:.1f} s, peak {mb} MB: {text[:200]}")
        if mb > 100:
            tally.add(name + " (memory)", hangs=True)
    for p, h in before.items():
        tally.add("file kinds: inputs unchanged", **{"inputs modified": sha(p) != h})


def batches(tmp: Path, tally: Tally) -> None:
    """One bad file among good ones: each keeps its verdict; a FIFO found in a batch's folder
    is its own verdict (unreadable, never opened), exit 2; Ctrl-C on a parallel batch stops it within a second, leaving no worker."""
    d = tmp / "mixed"
    d.mkdir()
    good = (ROOT / "examples/raiders/normal-pvp.jsonl").read_bytes()
    for i in range(4):
        (d / f"good{i}.jsonl").write_bytes(good)
    (d / "bad.jsonl").write_bytes(good.replace(b'"by"', b'"by": 1, "by"', 1))  # a key twice, line 2
    before = {p: sha(p) for p in d.iterdir()}
    for jobs in ("1", "2"):
        code, out, err, dt, _ = cli(["replay", str(d), "-f", "json", "--jobs", jobs])
        got = {Path(x["file"]).name: x["verdict"] for x in map(json.loads, out.splitlines())}
        want = {**{f"good{i}.jsonl": "legal" for i in range(4)}, "bad.jsonl": "unreadable"}
        tally.add(f"one bad file among good ones (--jobs {jobs})", tracebacks="Traceback" in err, hangs=code is None,
                  **{"wrong exit": code != 2 or got != want})
        if code != 2 or got != want:
            tally.fault("batch", f"--jobs {jobs}: exit {code}, {got}")
    fifo = tmp / "fifo"  # good logs and a FIFO alone: the exit code is the FIFO's doing
    fifo.mkdir()
    for i in range(2):
        (fifo / f"good{i}.jsonl").write_bytes(good)
    os.mkfifo(fifo / "z-fifo.jsonl")
    code, out, err, dt, _ = cli(["replay", str(fifo), "--jobs", "2"], seconds=30)
    # the FIFO is that entry's own verdict (unreadable, never opened), on stdout with the others
    tally.add("FIFO inside a batch", hangs=code is None,
              **{"wrong exit": code != 2 or "z-fifo.jsonl: cannot open: a FIFO" not in out})
    (fifo / "z-fifo.jsonl").unlink()
    many = tmp / "many"
    many.mkdir()
    for i in range(2000):
        (many / f"g{i:04d}.jsonl").write_bytes(good)
    # Ctrl-C as a user's terminal sends it: a harness started in the background by a
    # non-interactive shell inherits SIGINT ignored, and so would referee (Python then installs
    # no KeyboardInterrupt handler): that run said "exit 0" of a Ctrl-C referee never saw
    p = subprocess.Popen([sys.executable, "-m", "referee", "replay", str(many), "--jobs", "2", "-f", "json"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)},
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    kids: list[str] = []
    t0 = time.monotonic()
    while len(kids) < 2 and time.monotonic() - t0 < 30:
        time.sleep(0.1)
        kids = subprocess.run(["pgrep", "-P", str(p.pid)], capture_output=True, text=True).stdout.split()
    time.sleep(1)
    t = time.monotonic()
    os.killpg(p.pid, signal.SIGINT)
    try:
        out, err = p.communicate(timeout=30)
        took = time.monotonic() - t
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, err = p.communicate()
        took = None
    time.sleep(0.2)
    left = [k for k in kids if os.path.exists(f"/proc/{k}")]
    half = bool(out) and not out.endswith(b"\n")
    tally.add("Ctrl-C on 2,000 files (--jobs 2)", tracebacks=b"Traceback" in err, hangs=took is None or took > 1.5 or bool(left),
              **{"wrong exit": p.returncode != 130 or half})
    if took is None or took > 1.5 or left or p.returncode != 130:
        tally.fault("Ctrl-C", f"exit {p.returncode}, stopped in {took} s, workers left {left}")
    tally.add("batch inputs unchanged", **{"inputs modified": any(sha(f) != h for f, h in before.items())})


# ---------------------------------------------------------------- component files
TOML_EDGES = ["0", "-1", "9223372036854775807", "1e308", "true", '"x"', "[1]", "{a = 1}", "3.5"]


def toml_mutant(rng: random.Random, text: str) -> tuple[str, str]:
    """One text-level mutation of a component file: a value swapped for an edge or another
    kind, a line deleted or given twice, the file cut; (new text, what was done)."""
    lines = text.splitlines(keepends=True)
    values = [i for i, x in enumerate(lines) if "=" in x and not x.lstrip().startswith("#")]
    how = rng.choice(["value", "value", "delete", "twice", "cut"])
    if how == "cut" or not values:
        k = rng.randrange(len(text) + 1)
        return text[:k], f"cut at byte {k}"
    i = rng.choice(values)
    if how == "delete":
        return "".join(lines[:i] + lines[i + 1:]), f"line {i + 1} deleted"
    if how == "twice":
        return "".join(lines[:i + 1] + lines[i:]), f"line {i + 1} twice"
    key, _, _ = lines[i].partition("=")
    edge = rng.choice(TOML_EDGES)
    return "".join(lines[:i] + [f"{key}= {edge}\n"] + lines[i + 1:]), f"line {i + 1}: {key.strip()} = {edge}"


def components(n: int, seed: int, tmp: Path, tally: Tally) -> None:
    """n mutants of the shipped component files, each read by its game's configure: a
    Config or a BadInput naming the file (exit 2), never another exception or a repr; the
    shipped files unchanged."""
    import shutil

    from referee.model import BUILTIN, load
    from referee.model.kernel import BadInput

    rng = random.Random(seed)
    games = [load(name) for name in BUILTIN]
    games = [g for g in games if g.components_dir is not None]
    shipped = {p: sha(p) for g in games for p in g.components_dir.glob("*.toml")}
    for i in range(n):
        g = games[i % len(games)]
        d = tmp / f"comp-{g.name}-{i}"
        shutil.copytree(g.components_dir, d, ignore=shutil.ignore_patterns("__pycache__"))
        f = rng.choice(sorted(d.glob("*.toml")))
        text, why = toml_mutant(rng, f.read_text(encoding="utf-8"))
        f.write_text(text, encoding="utf-8")
        before = sha(f)
        n_players = g.default_config().extra.get("nplayers", 2)
        crash = msg = None
        try:
            g.configure({}, d, None, nplayers=n_players)
        except BadInput as e:
            msg = str(e)
        except Exception as e:  # noqa: BLE001 - what the contract forbids, counted
            crash = f"{type(e).__name__}: {e}"
        leak = bool(msg and LEAKS.search(msg))
        unlocated = bool(msg) and f.name not in msg and "components" not in msg
        tally.add("component file mutant", tracebacks=crash is not None, reprs=leak, unlocated=unlocated,
                  **{"inputs modified": sha(f) != before})
        if crash or leak or unlocated:
            tally.fault("component file mutant", f"{g.name} {f.name} {why}: {crash or msg}"[:300])
        shutil.rmtree(d, ignore_errors=True)
    tally.add("shipped components unchanged", **{"inputs modified": any(sha(p) != h for p, h in shipped.items())})


# ---------------------------------------------------------------- packed corpora
def archives(n: int, seed: int, tmp: Path, tally: Tally) -> None:
    """n damaged archives (tar, tar.gz, zip) of example logs: bytes flipped or the file cut.
    Each gives one verdict per game it still holds, or one for the damage: never an
    exception, a crash verdict or a repr."""
    import io
    import tarfile
    import zipfile

    from referee.replays.corpus import verdicts

    rng = random.Random(seed)
    for i in range(n):
        picked = rng.sample(EXAMPLES, 3)
        fmt = ("tar", "tar.gz", "zip")[i % 3]
        buf = io.BytesIO()
        if fmt == "zip":
            with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
                for p in picked:
                    z.writestr(f"g/{p.name}", p.read_bytes())
        else:
            with tarfile.open(fileobj=buf, mode="w:gz" if fmt == "tar.gz" else "w") as t:
                for p in picked:
                    t.add(p, arcname=f"g/{p.name}")
        data = bytearray(buf.getvalue())
        if rng.random() < 0.5:
            for _ in range(rng.randint(1, 8)):
                data[rng.randrange(len(data))] = rng.randrange(256)
            why = "bytes flipped"
        else:
            data = data[: rng.randrange(len(data))]
            why = "cut"
        path = tmp / f"a{i}.{fmt}"
        path.write_bytes(bytes(data))
        before = sha(path)
        crash, got = None, []
        old = signal.signal(signal.SIGALRM, _alarm)
        signal.alarm(SECONDS * 3)
        hang = False
        try:
            got = list(verdicts(path))
        except Timeout:
            hang = True
        except Exception as e:  # noqa: BLE001
            crash = f"{type(e).__name__}: {e}"
        finally:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, old)
        text = "\n".join(shown(v) for v in got)
        leak = LEAKS.search(text.replace(str(path), "F"))
        error = any(v.verdict == "error" for v in got)
        tally.add(f"damaged {fmt}", tracebacks=crash is not None or error, reprs=bool(leak), hangs=hang,
                  unlocated=not got and crash is None and not hang, **{"inputs modified": sha(path) != before})
        if crash or error or leak or hang or not got:
            tally.fault(f"damaged {fmt}", f"{why}: {crash or ('hang' if hang else text[:300])}")
        path.unlink()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mutants", type=int, default=10_500)
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--cli-sample", type=int, default=300)
    ap.add_argument("--components", type=int, default=1_000, help="mutants of the shipped component files")
    ap.add_argument("--archives", type=int, default=300, help="damaged tar, tar.gz and zip corpora")
    ap.add_argument("--maps", type=int, default=200, help="mutants of the coverage maps (bench/fuzz_surfaces.py, "
                    "with the cases of the newer commands: coverage, differential, audit --baseline, --why, ...)")
    args = ap.parse_args()
    examples_before = {p: sha(p) for p in EXAMPLES}
    tally = Tally()
    t = time.monotonic()
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        kept = run_mutants(args.mutants, args.seed, tally, tmp, keep=args.cli_sample, progress=True)
        t_in = time.monotonic() - t
        cli_sample(kept, tally)
        file_kinds(tmp, tally)
        batches(tmp, tally)
        components(args.components, args.seed, tmp, tally)
        archives(args.archives, args.seed, tmp, tally)
        import fuzz_surfaces

        fuzz_surfaces.run_all(tmp, tally, args.maps, args.seed)
    tally.add("examples unchanged", **{"inputs modified": any(sha(p) != h for p, h in examples_before.items())})
    print(f"{args.mutants} mutants of {len(EXAMPLES)} example logs in-process in {t_in:.0f} s (seed {args.seed}); "
          f"{len(kept)} again through the CLI; total {time.monotonic() - t:.0f} s")
    print(tally.table())
    for f in tally.faults[:60]:
        print(" ", f)
    sys.exit(0 if tally.clean() else 1)


if __name__ == "__main__":
    main()
