"""Wall-clock time of `referee audit GAME` (issue 2: raiders under 10 s on 2 cores).

Run: python bench/audit_time.py [GAME ...] [--runs N]. Times the whole command as a user
runs it (a fresh process each run, witnesses included), and prints each run and the median."""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="*", default=["raiders"])
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    for g in args.games:
        times = []
        for _ in range(args.runs):
            t = time.perf_counter()
            r = subprocess.run([sys.executable, "-c", "from referee.cli.app import main; main()", "audit", g, "-f", "json"],
                               cwd=ROOT, capture_output=True)
            times.append(time.perf_counter() - t)
            if r.returncode not in (0, 1):
                sys.exit(f"audit {g} failed: {r.stderr.decode()[-500:]}")
        print(f"referee audit {g}: " + ", ".join(f"{x:.2f}" for x in times) + f" s; median {statistics.median(times):.2f} s")


if __name__ == "__main__":
    main()
