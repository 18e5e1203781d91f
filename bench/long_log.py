"""Memory and speed on a very long log (issue 4: memory stays flat, the log is streamed).

Writes Dungeons Raiders games of N turns (normal mode, nobody gaining glory, so the game
goes on) with 11 events a turn, replays each, and prints events, seconds and the peak of
memory allocated during the replay (tracemalloc). Run: python bench/long_log.py"""
from __future__ import annotations

import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.replays.engine import replay  # noqa: E402

HEADER = {"referee": 1, "game": "raiders", "options": {"mode": "normal", "board": "initiation"}, "players": ["Ana", "Ben"],
          "setup": {"Ana": {"house": "Maison du Renard", "house_cards": ["Larcin", "Ruse"], "buy": []},
                    "Ben": {"house": "Maison du Lion", "house_cards": ["Rempart", "Levée"], "buy": []}}}


def write(path: Path, turns: int) -> int:
    """A legal game: each turn both players reshuffle their hand, draw two Impôts, put every
    token on 'Partir en donjon', end their resolution and leave the expeditions unplayed."""
    n = 0
    with open(path, "wb") as f:
        def ev(by, do, **kw):
            nonlocal n
            n += 1
            f.write(orjson.dumps({"n": n, "by": by, "do": do, **kw}) + b"\n")

        f.write(orjson.dumps(HEADER) + b"\n")
        ev("Ana", "setup.draw", cards=["Impôts", "Impôts"])
        ev("Ben", "setup.draw", cards=["Impôts", "Impôts"])
        ev("chance", "setup.initiative", rolls=[["4c", "5c"], ["0d", "1"]])  # voleur+guerrier vs guerrier+prêtre
        first, second = "Ana", "Ben"
        for t in range(turns):
            for p in (first, second):
                ev(p, "metropole.reshuffle")
            for p in (first, second):
                ev(p, "metropole.refill", cards=["Impôts", "Impôts"])
            for p in (first, second):
                ev(p, "actions.place", tokens=["Partir en donjon"] * 3)
            for p in (first, second):
                ev(p, "actions.done")
            for p in (first, second):
                ev(p, "expedition.skip")  # §7.2: the actions left unplayed (option unsent=lost)
            ev("chance", "turn.end")
            first, second = second, first
    return n


def main() -> None:
    for turns in (300, 3000):
        with tempfile.TemporaryDirectory() as d:
            p = Path(d) / "long.jsonl"
            n = write(p, turns)
            tracemalloc.start()
            t = time.perf_counter()
            v = replay(p)
            dt = time.perf_counter() - t
            _, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            first = v.first().render("long.jsonl") if v.problems else ""
            assert v.verdict == "legal", first  # a measure of an illegal log would stop early
            print(f"{n:7d} events ({p.stat().st_size / 1e6:.1f} MB): {v.verdict} in {dt:.2f} s, "
                  f"{n / dt:,.0f} events/s, peak {peak / 1e6:.2f} MB allocated {first}")


if __name__ == "__main__":
    main()
