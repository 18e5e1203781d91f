"""How many candidate moves the explorer weighs per CPU second, per game (search.Budget units).

The audit's witness searches stop at a count of this work, not at a clock, so that the same
input gives the same witnesses under any load; `Game.search_rate` turns --witness-seconds into
that count. This bench measures the rate behind each game's declared value: the rulings'
shared search (every candidate of a visited state weighed against the goal) and the stalemate
search (lazy uniform draws), in CPU seconds of this process.

    python bench/search_rate.py [GAME ...] [--units N]
"""
from __future__ import annotations

import argparse
import time

from referee.checks.search import Budget, Rules
from referee.checks.stuck import find
from referee.checks.witness import search_rulings
from referee.model import load, names


def rate(run, units: int) -> tuple[float, int]:
    b = Budget(units)
    t = time.process_time()
    run(b)
    return time.process_time() - t, b.used


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="*")
    ap.add_argument("--units", type=int, default=4_000)
    o = ap.parse_args()
    print(f"{'game':8} {'declared':>9} {'rulings/s':>10} {'stalemate/s':>12}")
    for name in o.games or names():
        game = load(name)
        rs = tuple(r.name for r in game.rulings)
        t1, u1 = rate(lambda b: search_rulings(game, Rules(), rs, b), o.units)
        t2, u2 = rate(lambda b: find(game, Rules(), b), o.units)
        print(f"{name:8} {game.search_rate:>9,} {u1 / t1:>10,.0f} {u2 / t2:>12,.0f}")


if __name__ == "__main__":
    main()
