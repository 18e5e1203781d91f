"""Cost of one Dungeon Twister event in a replay: the rules' step (Needs and effect) plus the
invariants' re-check (`game.broken_after`, which re-checks only the conjuncts reading a value
the event changed), and the re-check alone.

Run: python bench/twister_step.py [--games N] [--steps N]. Plays N seeded random legal games
(GAME.moves), then times each recorded event again (best of 3 passes). One core; numbers vary
with load: quote the command with the numbers."""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    from referee.model import load
    from referee.model.kernel.play import playout
    from referee.replays.engine import setup_from_header

    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--steps", type=int, default=400)
    args = ap.parse_args()
    g = load("twister")
    events = []
    for seed in range(args.games):
        rng = random.Random(seed)
        s = setup_from_header(g, g.random_header(rng, g.default_config()))
        for act, a, after in playout(g, s, rng, max_steps=args.steps):
            events.append((s, act, a, after))
            s = after

    def step_and_check() -> float:
        t = time.perf_counter()
        for s, act, a, _ in events:
            g.broken_after(s, g.step(s, act, a))
        return time.perf_counter() - t

    def check_only() -> float:
        t = time.perf_counter()
        for s, _, _, after in events:
            g.broken_after(s, after)
        return time.perf_counter() - t

    step_and_check()  # warm the caches (reads of the conjuncts, distances)
    n = len(events)
    both = min(step_and_check() for _ in range(3)) / n
    inv = min(check_only() for _ in range(3)) / n
    print(f"{n} events: step + invariants {both * 1e6:.0f} us/event, invariants alone {inv * 1e6:.0f} us/event")


if __name__ == "__main__":
    main()
