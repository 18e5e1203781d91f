"""Replay throughput, measured against two references in the same run (issue 4):

- python-chess validating the moves of PGN games it reads (chess.pgn.read_game parses
  SAN and checks each move is legal): moves per second;
- the same referee logs merely parsed as JSON (orjson, and the standard json module):
  lines per second.

Run: python bench/replay_speed.py [--seconds N]. Needs the `bench` extra (python-chess).
Prints events/s for `referee replay` and both ratios. One core; numbers vary with load:
run it on a quiet machine and quote the command with the numbers."""
from __future__ import annotations

import argparse
import io
import json
import random
import sys
import time
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def rate(fn, seconds: float) -> tuple[float, int]:
    """Units per second of fn() (which returns how many units it did), over `seconds`."""
    n = done = 0
    t0 = time.perf_counter()
    while True:
        done += fn()
        n += 1
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return done / dt, n


def all_trusted(path: Path) -> bool:
    """Every invariant of the log's rules is proved (certificate or proof cache): the replay
    then checks none after a step that passed its Needs."""
    from referee import proofstore
    from referee.model import load

    head = orjson.loads(path.read_bytes().split(b"\n", 1)[0])
    game = load(head["game"])
    cfg = game.configured(head.get("options", {}), None, None, len(head["players"]))
    return len(proofstore.trusted(game, cfg)) == len(game.invariants)


def chess_pgn(games: int = 40, seed: int = 1) -> tuple[str, int]:
    import chess
    import chess.pgn

    rng = random.Random(seed)
    out, moves = [], 0
    for _ in range(games):
        board = chess.Board()
        g = chess.pgn.Game()
        node = g
        for _ in range(120):
            legal = list(board.legal_moves)
            if not legal or board.is_game_over():
                break
            m = rng.choice(legal)
            node = node.add_variation(m)
            board.push(m)
            moves += 1
        out.append(str(g))
    return "\n\n".join(out), moves


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--interpreted", action="store_true", help="the rules as written, not compiled (kernel/compile/)")
    ap.add_argument("--check-invariants", action="store_true",
                    help="trust no proof: every invariant a step may break is re-checked (a configuration with no proofs)")
    # An action is compiled at its HOT-th event (kernel/compile/compiled.py: 32) in each configuration,
    # so an action met once a log compiles only after 32 passes: with fewer, the timed passes
    # still compile (a pass with a compile ran at a third of the steady rate, session 33); and
    # the setups' whole check at the SETUP_HOT-th setup of a configuration (256; several
    # example configurations hold one log). Default: enough passes for both.
    ap.add_argument("--warm", type=int, default=None, help="replays of every log before timing (compiling, caches)")
    args = ap.parse_args()

    import chess.pgn

    pgn, pgn_moves = chess_pgn()

    def read_pgn() -> int:
        f = io.StringIO(pgn)
        n = 0
        while (g := chess.pgn.read_game(f)) is not None:
            n += sum(1 for _ in g.mainline_moves())
        return n

    from functools import partial

    from referee.replays.engine import replay

    if args.interpreted:
        replay = partial(replay, compiled=False)
    if args.check_invariants:
        replay = partial(replay, check_invariants=True)

    # the legal games, by their verdict: a name without "illegal" let in Welcome's bad-*.jsonl and
    # the logs not established, whose refusals cost more than a legal event (s63)
    logs = sorted(p for p in (ROOT / "examples").rglob("*.jsonl") if replay(p).verdict == "legal")
    lines = [x for p in logs for x in p.read_bytes().splitlines() if x.strip()]
    events = sum(1 for x in lines if b'"n":' in x or b'"n": ' in x)

    def referee() -> int:
        return sum(replay(p).events for p in logs)

    def parse_orjson() -> int:
        for x in lines:
            orjson.loads(x)
        return len(lines)

    def parse_json() -> int:
        for x in lines:
            json.loads(x)
        return len(lines)

    if args.warm is None:  # a configuration only one example log is played in sees one setup a pass
        from referee.model.kernel.compile.compiled import SETUP_HOT

        args.warm = max(40, SETUP_HOT + 1)
    for _ in range(args.warm):  # what a first replay of each configuration builds, built before timing
        referee()
    chess_rate, _ = rate(read_pgn, args.seconds)
    ref_rate, _ = rate(referee, args.seconds)
    oj_rate, _ = rate(parse_orjson, args.seconds)
    js_rate, _ = rate(parse_json, args.seconds)
    print(f"warm-up: {args.warm} replay(s) of every log before timing")
    print(f"logs: {len(logs)} legal example games, {events} events ({', '.join(sorted({p.parent.name for p in logs}))})")
    print(f"python-chess PGN read+validate : {chess_rate:12,.0f} moves/s")
    print(f"referee replay (validated)     : {ref_rate:12,.0f} events/s   = {ref_rate / chess_rate:5.2f} x python-chess (target >= 3)")
    print(f"orjson parse only              : {oj_rate:12,.0f} lines/s    referee = 1/{oj_rate / ref_rate:.1f} of it (target <= 1/10)")
    print(f"json (stdlib) parse only       : {js_rate:12,.0f} lines/s    referee = 1/{js_rate / ref_rate:.1f} of it")
    print(f"referee replay by game (events/s, {'interpreted' if args.interpreted else 'compiled'}; "
          "logs whose invariants were all trusted from a proof, as the certificate or the proof cache gives them):")
    for name in sorted({p.parent.name for p in logs}):
        mine = [p for p in logs if p.parent.name == name]
        r, _ = rate(lambda: sum(replay(p).events for p in mine), max(0.5, args.seconds / 3))
        whole = 0 if args.check_invariants else sum(1 for p in mine if all_trusted(p))
        print(f"  {name:10s} {r:10,.0f}   = {r / chess_rate:5.2f} x python-chess   (trusted: {whole} of {len(mine)} logs)")


if __name__ == "__main__":
    main()
