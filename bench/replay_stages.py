"""Where a replay's time goes, per event: the example logs that replay legal as they stand
(with the default components), their events decoded once, then each
stage timed alone on them (CPU time, best of R rounds): decoding, the compiled step (Needs
and effect), the step with the end-of-game test, with the kernel Steps, and the whole replay.
Every action is compiled first (the logs are replayed past compile.HOT and SETUP_HOT), so the
figures are those of a warm process. Quote `uptime` with them.

Run: python bench/replay_stages.py [GAME,GAME...] [ROUNDS]   (defaults: every game, 7)"""
from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    from referee.model import load
    from referee.model.kernel.compile import HOT, compiled
    from referee.replays.engine import decode, read_header, replay, setup_from_header
    from referee.replays.log import records

    logs = sorted(p for p in (ROOT / "examples").rglob("*.jsonl") if "illegal" not in p.name)
    if len(sys.argv) > 1:
        logs = [p for p in logs if p.parent.name in sys.argv[1].split(",")]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    logs = [p for p in logs if replay(p).verdict == "legal"]  # not those of other components (examples/welcome)
    for _ in range(258):  # past HOT events of each action and SETUP_HOT setups of each configuration
        for p in logs:
            replay(p)
    games = []
    for p in logs:
        it = records(p)
        header = read_header(next(it))
        game, players = load(header["game"]), tuple(header["players"])
        s0 = setup_from_header(game, header)
        lines = [x for x in it if "result" not in x.data]
        known: dict = {}
        evs = [decode(game, s0.cfg, players, x, i + 1, known) for i, x in enumerate(lines)]
        games.append((game, players, s0, compiled(game, s0.cfg, HOT), lines, evs))
    n = sum(len(g[5]) for g in games)

    def best(fn) -> float:
        out = float("inf")
        for _ in range(rounds):
            t = time.process_time()
            fn()
            out = min(out, time.process_time() - t)
        return out / n * 1e6

    def decoding() -> None:
        for game, players, s0, _, lines, _ in games:
            known: dict = {}
            for i, x in enumerate(lines):
                decode(game, s0.cfg, players, x, i + 1, known)

    def stepping(result: bool = False, steps: bool = False) -> None:
        for game, _, s, fast, _, evs in games:
            for act, a in evs:
                b, s = s, fast.step(s, act, a)
                if result:
                    game.result(s)
                if steps:
                    game.broken_steps(b, s)

    def whole() -> None:
        for p in logs:
            replay(p)

    print(f"{n} events of {len(logs)} logs, best of {rounds}, CPU us an event:")
    for name, fn in [("decode", decoding), ("step", stepping), ("step + result", lambda: stepping(True)),
                     ("step + result + Steps", lambda: stepping(True, True)), ("replay, whole", whole)]:
        print(f"  {name:24s} {best(fn):7.2f}")


if __name__ == "__main__":
    main()
