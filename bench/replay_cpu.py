"""bench/replay_speed.py's per-game ratios in CPU time: python-chess and each game's legal
example logs timed with time.process_time, interleaved in each round, best of R rounds, so
that a loaded machine (2 shared cores) shifts both sides alike. Quote `uptime` with it.

Run: python bench/replay_cpu.py [GAME,GAME...] [ROUNDS]   (defaults: every game, 3)
Prints events/s and x python-chess per game, then all the logs together (one 2-s run)."""
from __future__ import annotations

import io
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def rate(fn, seconds: float = 0.6) -> float:
    t0, n = time.process_time(), 0
    while time.process_time() - t0 < seconds:
        n += fn()
    return n / (time.process_time() - t0)


def main() -> None:
    import chess.pgn
    from replay_speed import chess_pgn

    from referee.replays.engine import replay

    pgn, _ = chess_pgn()

    def read_pgn() -> int:
        f, n = io.StringIO(pgn), 0
        while (g := chess.pgn.read_game(f)) is not None:
            n += sum(1 for _ in g.mainline_moves())
        return n

    logs = sorted(p for p in (ROOT / "examples").rglob("*.jsonl") if "illegal" not in p.name)
    games = sys.argv[1].split(",") if len(sys.argv) > 1 else sorted({p.parent.name for p in logs})
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    for _ in range(3):  # what a first replay of each configuration builds, built before timing
        for p in logs:
            replay(p)
    best: dict[str, float] = {}
    for _ in range(rounds):
        best["chess"] = max(best.get("chess", 0.0), rate(read_pgn))
        for g in games:
            mine = [p for p in logs if p.parent.name == g]
            best[g] = max(best.get(g, 0.0), rate(lambda: sum(replay(p).events for p in mine)))
    every = rate(lambda: sum(replay(p).events for p in logs), 2.0)
    print(f"python-chess {best['chess']:,.0f} moves/s CPU (best of {rounds})")
    for g in games:
        print(f"  {g:10s} {best[g]:10,.0f} events/s CPU = {best[g] / best['chess']:5.2f} x python-chess")
    print(f"  {'all':10s} {every:10,.0f} events/s CPU = {every / best['chess']:5.2f} x python-chess (one 2-s run)")


if __name__ == "__main__":
    main()
