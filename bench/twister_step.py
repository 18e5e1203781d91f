"""Cost of one Dungeon Twister event in a replay: the rules' step (Needs and effect) plus the
invariants' re-check (`game.broken_after`, which re-checks only the conjuncts reading a value
the event changed), and the re-check alone.

Run: python bench/twister_step.py [--games N] [--steps N] [--compiled]. Plays N seeded random
legal games (GAME.moves), then times each recorded event again (best of 3 passes); with
--compiled, through the compiled rules (kernel/compile/, every action compiled at once) and
their re-check of the conjuncts a step may break. One core; numbers vary with load: quote
the command with the numbers."""
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
    ap.add_argument("--compiled", action="store_true", help="the compiled rules (kernel/compile/)")
    args = ap.parse_args()
    g = load("twister")
    events = []
    for seed in range(args.games):
        rng = random.Random(seed)
        s = setup_from_header(g, g.random_header(rng, g.default_config()))
        for act, a, after in playout(g, s, rng, max_steps=args.steps):
            events.append((s, act, a, after))
            s = after

    if args.compiled:
        from referee.model.kernel.compile import compiled

        fast = compiled(g, events[0][0].cfg, 1)
        step, after_step = fast.step, lambda s, t, act, a: fast.broken_after(s, t, act, frozenset(), a)
    else:
        step, after_step = g.step, lambda s, t, act, a: g.broken_after(s, t)

    def step_and_check() -> float:
        t = time.perf_counter()
        for s, act, a, _ in events:
            after_step(s, step(s, act, a), act, a)
        return time.perf_counter() - t

    def check_only() -> float:
        t = time.perf_counter()
        for s, act, a, after in events:
            after_step(s, after, act, a)
        return time.perf_counter() - t

    step_and_check()  # warm the caches (reads of the conjuncts, distances)
    n = len(events)
    both = min(step_and_check() for _ in range(3)) / n
    inv = min(check_only() for _ in range(3)) / n
    print(f"{n} events: step + invariants {both * 1e6:.0f} us/event, invariants alone {inv * 1e6:.0f} us/event")


if __name__ == "__main__":
    main()
