"""Wall-clock time of `referee replay` of one game, as a user runs it (issue 4: "starts in
well under half a second"): a fresh process each run, the installed `referee` command when
it is on PATH (else the same entry point through `python -c`).

Run: python bench/replay_startup.py [LOG] [--runs N]. Prints each run, the median and the
fastest, and where the time goes in one run (imports from -X importtime, then the rest)."""
from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT / "examples" / "raiders" / "competition-advanced.jsonl"
ENTRY = [sys.executable, "-c", "from referee.cli.app import main; main()"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("log", nargs="?", type=Path, default=DEFAULT)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    exe = shutil.which("referee")
    cmd = [exe] if exe else ENTRY
    times = []
    for _ in range(args.runs):
        t = time.perf_counter()
        r = subprocess.run([*cmd, "replay", str(args.log)], cwd=ROOT, capture_output=True)
        times.append(time.perf_counter() - t)
        if r.returncode not in (0, 1):
            sys.exit(f"replay failed: {r.stderr.decode()[-500:]}")
    print(f"{' '.join(Path(c).name for c in cmd[:1])} replay {args.log.name}: "
          + ", ".join(f"{x:.3f}" for x in times) + f" s; median {statistics.median(times):.3f} s, fastest {min(times):.3f} s")
    r = subprocess.run([*ENTRY, "replay", str(args.log)], cwd=ROOT, capture_output=True, text=True,
                       env={"PYTHONPROFILEIMPORTTIME": "1", "PATH": ""})
    top: dict[str, int] = {}
    for line in r.stderr.splitlines():
        m = re.match(r"import time:\s+\d+ \|\s+(\d+) \|( *)(\S+)", line)
        if m and len(m.group(2)) == 1:  # top-level imports only
            root = m.group(3).split(".")[0]
            top[root] = top.get(root, 0) + int(m.group(1))
    total = sum(top.values()) / 1e6
    print(f"imports in one run: {total:.3f} s — " + ", ".join(
        f"{k} {v / 1e6:.3f}" for k, v in sorted(top.items(), key=lambda kv: -kv[1])[:6]))


if __name__ == "__main__":
    main()
