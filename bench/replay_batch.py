"""A whole-process batch, as a user runs it (issue 18): `referee replay DIR` on a folder of
random legal games of one game, at least N events in all (default 20,000), in a fresh
process, its CPU time from the process itself (user + system, resource.getrusage), next to
python-chess validating PGN in this process in the same run. Each batch runs twice, in a
cache folder of its own: first empty (every action traced and compiled in the run), then
with the compiled rules the first run kept on disk (kernel/compile/store.py), as a user's
second batch under the same rules runs.

The games are generated as the scenarios' random family does (Generator.legal_game), under
the book's default rules at each player count (with --every-config: every configuration the
family cycles through), into a temporary folder, then replayed by the installed `referee`
(or the same entry point through `python -c`). The CPU time includes the interpreter's
start, the imports (from bytecode compiled beforehand, as `pip install` compiles it), each configuration's compile of its rules (an action is compiled at its
32nd event in that configuration) and the proofs' look-up: what a batch costs. Beside it, the
same logs replayed in this process once warm (`warm_cpu`): the batch's own content at the
steady rate, so the gap to it is the process's start, not the logs (the warm bench,
bench/replay_speed.py, replays the example logs, whose events cost less than random games').
And python-chess the same way: the same number of moves as PGN files, one game a file, read
and validated by a fresh process (`chess_batch_cpu`), so that each side pays its own start;
the kept batch is given against both python-chess figures.

Run: python bench/replay_batch.py [GAME ...] [--events N] [--seconds S]. Needs the `bench`
extra (python-chess). One core; quote `uptime` with the numbers."""
from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def write_games(name: str, folder: Path, events: int, every: bool = False) -> tuple[int, int]:
    """Random legal games of `name` in `folder` until `events` events: (games, events). The
    book's default rules at each player count (a tournament's batch: one rule set), or with
    `every`, the scenarios' cycle of configurations (each option's other values in turn)."""
    import orjson

    from referee.checks.scenarios import Generator, log_lines, result_line
    from referee.checks.scenarios.families import configurations
    from referee.model import load

    game = load(name)
    gen = Generator(game, seed=0, confs=None if every else configurations(game, {}))
    n = i = 0
    while n < events:
        header, path, s, _ = gen.legal_game(i)
        res = result_line(game, s, header["players"])
        rows = log_lines(game, header, path, [res] if res else [])
        (folder / f"{name}-{i:05d}.jsonl").write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in rows))
        n += len(path)
        i += 1
    return i, n


def batch_cpu(folder: Path, cache: Path, env: dict) -> tuple[float, float, int]:
    """(CPU seconds, wall seconds, exit code) of `referee replay folder` in a fresh process,
    with `cache` as its cache folder (proofs, and the compiled rules it keeps), in `env` (with
    referee's bytecode: replay_startup.with_bytecode)."""
    from replay_startup import referee_command

    cmd = [*referee_command(), "replay", str(folder)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    rc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                        env={**env, "REFEREE_CACHE_DIR": str(cache)}).returncode
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall, rc


CHESS_BATCH = """
import pathlib, sys
import chess.pgn
n = 0
for p in sorted(pathlib.Path(sys.argv[1]).glob("*.pgn")):
    with open(p) as f:
        n += sum(1 for _ in chess.pgn.read_game(f).mainline_moves())
print(n)
"""


def write_chess(folder: Path, moves: int) -> int:
    """Random games of chess as PGN files in `folder` (one game a file, as a batch of logs),
    until `moves` moves: their number of moves."""
    from replay_speed import chess_pgn

    n = seed = 0
    while n < moves:
        seed += 1
        text, got = chess_pgn(games=1, seed=seed)
        (folder / f"chess-{seed:05d}.pgn").write_text(text)
        n += got
    return n


def chess_batch_cpu(folder: Path, moves: int) -> float:
    """CPU seconds of a fresh process that reads and validates every PGN file of `folder`
    with python-chess (the interpreter, `import chess.pgn` and the games): python-chess's
    whole-process batch. Checks it counted `moves` moves."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([sys.executable, "-c", CHESS_BATCH, str(folder)], capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if int(out.stdout) != moves:
        raise SystemExit(f"python-chess's batch read {out.stdout.strip()} moves, not {moves}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def warm_cpu(folder: Path, cache: Path, rounds: int = 3) -> tuple[float, int]:
    """(CPU seconds, logs not legal) of the same folder's replay in this process once it is
    warm: replayed `rounds` times (each action compiled, each setup check compiled, the proofs
    read), the last round timed, with `cache` as the cache folder for the while. What is left
    between this and the batch's time is the process's own: the interpreter, the imports, the
    compiled rules read from disk, the first compiles."""
    from referee.replays.engine import replay

    before = os.environ.get("REFEREE_CACHE_DIR")
    os.environ["REFEREE_CACHE_DIR"] = str(cache)
    try:
        logs = sorted(folder.glob("*.jsonl"))
        for _ in range(rounds - 1):
            for p in logs:
                replay(p)
        t = time.process_time()
        bad = sum(replay(p).verdict != "legal" for p in logs)
        return time.process_time() - t, bad
    finally:
        if before is None:
            os.environ.pop("REFEREE_CACHE_DIR", None)
        else:
            os.environ["REFEREE_CACHE_DIR"] = before


def main() -> None:
    from replay_speed import chess_pgn

    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="*")
    ap.add_argument("--events", type=int, default=20_000)
    ap.add_argument("--seconds", type=float, default=3.0, help="python-chess's timing")
    ap.add_argument("--every-config", action="store_true",
                    help="games in every configuration the scenarios cycle through (each compiles its own rules, "
                         "and has proofs only if the certificate or the cache holds them)")
    o = ap.parse_args()
    from referee.model import names

    chosen = o.games or sorted(names())

    import io

    import chess.pgn

    pgn, _ = chess_pgn()

    def chess_rate() -> float:
        t0, moves = time.process_time(), 0
        while time.process_time() - t0 < o.seconds:
            f = io.StringIO(pgn)
            while (g := chess.pgn.read_game(f)) is not None:
                moves += sum(1 for _ in g.mainline_moves())
        return moves / (time.process_time() - t0)

    with tempfile.TemporaryDirectory(prefix="referee-batch-") as tmp:
        from replay_startup import with_bytecode

        env = with_bytecode(str(Path(tmp) / "bytecode"))  # as installed: each batch pays no compile from source
        rows = []
        for name in chosen:
            folder = Path(tmp) / name
            folder.mkdir()
            t = time.perf_counter()
            games, events = write_games(name, folder, o.events, o.every_config)
            made = time.perf_counter() - t
            ref = chess_rate()  # measured beside each batch: a load change shifts both
            cache = Path(tmp) / f"cache-{name}"  # empty: the first run compiles, and keeps what it compiled
            for when in ("empty", "kept"):
                cpu, wall, rc = batch_cpu(folder, cache, env)
                rows.append((name, games, events, cpu, wall, rc, ref, when))
                print(f"{name:8} {games:5} games {events:7,} events (made in {made:.0f} s), {when:5} compile cache: "
                      f"`referee replay DIR` {cpu:6.2f} s CPU, {wall:6.2f} s wall, exit {rc}: {events / cpu:9,.0f} "
                      f"events/s = {events / cpu / ref:5.2f} x python-chess ({ref:,.0f} moves/s)", flush=True)
            chess_dir = Path(tmp) / f"chess-{name}"
            chess_dir.mkdir()
            moves = write_chess(chess_dir, events)
            ccpu = chess_batch_cpu(chess_dir, moves)
            kept = rows[-1]
            rows.append((name, games, events, kept[3], kept[4], 0, moves / ccpu, "kept-vs-batch"))  # its exit code is the kept row's
            print(f"{name:8} python-chess as a batch too: {moves:,} moves in PGN files, a fresh process: {ccpu:6.2f} s "
                  f"CPU = {moves / ccpu:9,.0f} moves/s; the kept batch = {events / kept[3] / (moves / ccpu):5.2f} x "
                  "python-chess's batch", flush=True)
            cpu, bad = warm_cpu(folder, cache)
            rows.append((name, games, events, cpu, cpu, 1 if bad else 0, ref, "warm"))
            print(f"{name:8} {games:5} games {events:7,} events, the same logs replayed in a warm process:   "
                  f"{cpu:6.2f} s CPU:                          {events / cpu:9,.0f} events/s = {events / cpu / ref:5.2f} "
                  "x python-chess", flush=True)
        for when in ("empty", "kept", "warm", "kept-vs-batch"):
            mine = [r for r in rows if r[7] == when]
            ev = sum(r[2] for r in mine)
            cpu = sum(r[3] for r in mine)
            ref = sum(r[6] for r in mine) / len(mine)
            what = {"warm": "in a warm process", "kept-vs-batch": "kept compile cache, against python-chess's own batch"
                    }.get(when, f"{when:5} compile cache")
            whose = "python-chess's batch" if when == "kept-vs-batch" else "python-chess"
            print(f"all, {what}: {ev:,} events in {cpu:.2f} s CPU: {ev / cpu:,.0f} events/s = {ev / cpu / ref:.2f} x {whose}")
        bad = [r[0] for r in rows if r[5] != 0]
        if bad:
            print(f"not all legal (exit code): {', '.join(bad)}: the figures are not a legal batch's")
            sys.exit(1)


if __name__ == "__main__":
    main()
