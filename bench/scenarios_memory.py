"""The peak memory of `referee scenarios` as --count grows: it should stay flat.

    /work/venv/bin/python bench/scenarios_memory.py [GAME] [--counts 100 1000] [--family random --family mutants]

Each count runs `referee scenarios GAME -n COUNT` in a fresh process, into a new temporary
folder (removed afterwards), and reads that process's peak resident memory (os.wait4). The
scenarios are written as they come (checks/scenarios/outdir.py), and the legal games the
families read again are kept up to generator.KEPT_EVENTS events: what grows with the count
is the manifest (one entry per scenario). Session 56 measured ~0.8 MB per --count when
every scenario was held until the end (random and mutants on Raiders: 186 MB at 100, 415 MB
at 400).
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def peak(game: str, count: int, families: list[str]) -> tuple[float, float, int]:
    """(peak resident MB, wall seconds, scenarios written) of one `referee scenarios` run."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out"
        fams = [x for f in families for x in ("--family", f)]
        t0 = time.perf_counter()
        p = subprocess.Popen([sys.executable, "-m", "referee", "scenarios", game, "-n", str(count), "--out", str(out),
                              *fams], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
        err = p.stderr.read().decode()
        p.stderr.close()
        p.returncode = os.waitstatus_to_exitcode(status)
        if p.returncode != 0:
            raise SystemExit(f"referee scenarios {game} -n {count}: exit {p.returncode}\n{err[-2000:]}")
        written = sum(1 for f in out.iterdir() if f.suffix == ".jsonl")
    return usage.ru_maxrss / 1024, wall, written  # ru_maxrss is in KB on Linux


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", nargs="?", default="raiders")
    ap.add_argument("--counts", type=int, nargs="+", default=[100, 1000])
    ap.add_argument("--family", action="append", help="(repeat) default: random and mutants")
    a = ap.parse_args()
    fams = a.family or ["random", "mutants"]
    for n in a.counts:
        mb, wall, written = peak(a.game, n, fams)
        print(f"{a.game} -n {n} ({', '.join(fams)}): {written} scenarios in {wall:.1f} s, peak {mb:.0f} MB", flush=True)
    # no "growth per --count" line: a peak RSS moves in steps (the allocator takes memory by arenas),
    # so a difference of two peaks is no rate; compare the peaks


if __name__ == "__main__":
    main()
