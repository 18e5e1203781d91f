"""The full induction proof of Dungeon Twister's invariants: every action instance (134 of
them: the destination of a move split by region, each room turned, each room revealed).
Too long for the test suite, which proves one instance of each action
(tests/test_conformance.py); the audit gives its proofs 60% of --budget.

Run: python bench/twister_proofs.py [--jobs 2] [--query-units N] [--core]. Prints each invariant's
status and the wall time; numbers vary with load: quote the command with them."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    import referee.checks.invariants as inv
    from referee.checks import work
    from referee.model import load

    ap = argparse.ArgumentParser()
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--query-units", type=int, default=work.QUERY_UNITS,
                    help="z3 resource units a query may spend (work.RATE a second)")
    ap.add_argument("--core", action="store_true",
                    help="only the core invariants (those the default audit proves first), with jobs 1: "
                         "also prints the z3 units they cost")
    args = ap.parse_args()
    work.QUERY_UNITS = args.query_units
    game = load("twister")
    if args.core:
        import dataclasses

        game = dataclasses.replace(game, invariants=tuple(i for i in game.invariants if i.core))
        args.jobs = 1
    cfg = game.default_config()
    n = len(inv.all_instances(game, cfg))
    t0, u0 = time.monotonic(), work.spent()
    res = inv.prove(game, cfg, jobs=args.jobs)
    wall, units = time.monotonic() - t0, work.spent() - u0
    for r in res:
        i = game.invariants[r.index]
        print(f"{r.status:13} {i.cite:16} {i.says[:70]}" + (f"  [{r.by}]" if r.by else ""))
    print(f"{n} action instances, {args.jobs} jobs, {args.query_units} z3 units per query: {wall:.0f} s wall"
          + (f", {units / 1e6:.1f} M z3 units" if args.jobs == 1 else ""))
    sys.exit(0 if all(r.status == "proved" for r in res) else 1)


if __name__ == "__main__":
    main()
