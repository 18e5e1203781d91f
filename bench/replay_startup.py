"""Wall-clock time of `referee replay` of one game, as a user runs it (issue 4: "starts in
well under half a second"): a fresh process each run, the installed `referee` command when
it is on PATH (else the same entry point through `python -c`).

Warm runs read referee's bytecode compiled beforehand into a folder of their own (as `pip
install` compiles it: with_bytecode); --cold runs compile every module from source.

Run: python bench/replay_startup.py [LOG] [--runs N]. Prints the load average, each run, the
median and the fastest, and where the time goes in one run: the modules imported and their
import time (-X importtime), by top-level package. On a shared machine compare the count and
the import sum, which move less with the load than the wall time."""
from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT / "examples" / "raiders" / "competition-advanced.jsonl"
ENTRY = [sys.executable, "-c", "from referee.cli.app import main; main()"]


def referee_command() -> list[str]:
    """The installed `referee` command when it is on PATH, else the same entry point."""
    exe = shutil.which("referee")
    return [exe] if exe else ENTRY


def with_bytecode(folder: str, env: dict | None = None) -> dict:
    """The environment of a child that reads referee's bytecode from `folder`, compiled there
    first (the copy a child imports, the installed one), as `pip install` compiles it: a work tree run with PYTHONDONTWRITEBYTECODE (this
    machine sets it) would otherwise compile every changed module from source at each start,
    ~70 ms that no installed copy pays. Nothing is written beside the sources."""
    env = {k: v for k, v in (os.environ if env is None else env).items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = folder
    where = subprocess.run([sys.executable, "-c", "import os, referee; print(os.path.dirname(referee.__file__))"],
                           env=env, cwd=tempfile.gettempdir(), capture_output=True, text=True, check=True).stdout.strip()
    subprocess.run([sys.executable, "-m", "compileall", "-q", where], env=env, stdout=subprocess.DEVNULL, check=True)
    # the prefix is where every module's bytecode is looked for, the standard library's and the
    # installed packages' too: one replay, untimed, with a cache of its own, writes theirs (the
    # s55 review: else the first timed child compiled rich, typer and the stdlib, 0.5 s)
    with tempfile.TemporaryDirectory() as cache:
        log = ROOT / "examples" / "welcome" / "2p-rogue-options.jsonl"
        r = subprocess.run([*referee_command(), "replay", str(log)], env={**env, "REFEREE_CACHE_DIR": cache},
                           cwd=tempfile.gettempdir(), capture_output=True)
    if r.returncode not in (0, 1):  # the runs timed after it would measure a failure
        sys.exit(f"the warm-up replay failed: {r.stderr.decode()[-500:]}")
    return env


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("log", nargs="?", type=Path, default=DEFAULT)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--cold", action="store_true",
                    help="every run with empty caches: no bytecode (a fresh PYTHONPYCACHEPREFIX), no proof cache")
    args = ap.parse_args()
    print("load average: " + ", ".join(f"{x:.2f}" for x in os.getloadavg()))
    cmd = referee_command()
    times = []
    with tempfile.TemporaryDirectory() as kept:
        warm = None if args.cold else with_bytecode(kept)  # the bytecode an installed copy has
        _runs(cmd, args, warm, times)
        _imports(args, warm)


def _runs(cmd: list, args, warm: dict | None, times: list) -> None:
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory() as empty:
            env = {**os.environ, "PYTHONPYCACHEPREFIX": empty, "REFEREE_CACHE_DIR": empty} if args.cold else warm
            t = time.perf_counter()
            r = subprocess.run([*cmd, "replay", str(args.log)], cwd=ROOT, capture_output=True, env=env)
            times.append(time.perf_counter() - t)
        if r.returncode not in (0, 1):
            sys.exit(f"replay failed: {r.stderr.decode()[-500:]}")
    print(f"{' '.join(Path(c).name for c in cmd[:1])} replay {args.log.name}{' (empty caches)' if args.cold else ''}: "
          + ", ".join(f"{x:.3f}" for x in times) + f" s; median {statistics.median(times):.3f} s, fastest {min(times):.3f} s")


def _imports(args, warm: dict | None) -> None:
    """Where one run's import time goes, by top-level package (-X importtime), with the same
    bytecode as the runs (none with --cold). The installed referee, from a neutral folder."""
    env = {**(warm or {k: v for k, v in os.environ.items() if k != "PYTHONPYCACHEPREFIX"}), "PYTHONPROFILEIMPORTTIME": "1"}
    r = subprocess.run([*ENTRY, "replay", str(args.log.resolve())], cwd=tempfile.gettempdir(), capture_output=True,
                       text=True, env=env)
    top: dict[str, int] = {}
    count = 0
    for line in r.stderr.splitlines():
        m = re.match(r"import time:\s+\d+ \|\s+(\d+) \|( *)(\S+)", line)
        count += m is not None
        if m and len(m.group(2)) == 1:  # top-level imports only
            root = m.group(3).split(".")[0]
            top[root] = top.get(root, 0) + int(m.group(1))
    total = sum(top.values()) / 1e6
    print(f"imports in one run: {count} modules, {total:.3f} s — " + ", ".join(
        f"{k} {v / 1e6:.3f}" for k, v in sorted(top.items(), key=lambda kv: -kv[1])[:6]))


if __name__ == "__main__":
    main()
