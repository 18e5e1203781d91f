"""How many distinct legal random games `referee scenarios` generates per minute, on one core.

    /work/venv/bin/python bench/scenarios_speed.py [GAME ...] [--seconds 20] [--profile]

A game is generated the way the random family does it (referee/checks/scenarios/generator.py:
`Generator.legal_game`): a random header in the next configuration (every variant option
combination, each other rules option, every player count), then random legal moves until the
game ends (or 3000 events), then its log lines encoded. Distinct = different event lists
(hashed). No scenario file is written. As `referee scenarios` does, the run then keeps what
it compiled in the cache folder (REFEREE_CACHE_DIR, kernel/compile/store.py): a second run
under the same rules starts from it ("warm"), the first traces every configuration's rules
("cold"); the line says which. The targets: 1,000 a minute (issue 6), 5,000 (issue 18).

With --jobs N the games are played as `referee scenarios --jobs N` plays them (spread.py:
N forked processes, each game's scenario sent back in order), and the figure is per minute
of wall-clock time, not of one core's CPU time: quote `uptime` and the CPUs beside it.
"""
from __future__ import annotations

import argparse
import cProfile
import hashlib
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import orjson  # noqa: E402

from referee.checks.scenarios import Generator, log_lines, result_line  # noqa: E402
from referee.model import load, names  # noqa: E402
from referee.model.kernel.compile.store import compiled_games  # noqa: E402


def measure(game_name: str, seconds: float) -> dict:
    game = load(game_name)
    gen = Generator(game, seed=0)
    seen: set[bytes] = set()
    events = ended = i = 0
    by_conf: dict[str, list] = {}
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        c = time.process_time()
        header, path, s, _ = gen.legal_game(i)
        res = result_line(game, s, header["players"])
        rows = log_lines(game, header, path, [res] if res else [])
        seen.add(hashlib.blake2b(b"".join(orjson.dumps(r) for r in rows[1:]) + orjson.dumps(header)).digest())
        events += len(path)
        ended += res is not None
        key = ", ".join(f"{k}={v}" for k, v in header.get("options", {}).items()) + f" ({len(header['players'])}p)"
        by_conf.setdefault(key, []).append((time.process_time() - c, len(path)))
        i += 1
    cpu = time.process_time() - t0
    warm = sum(1 for cg in compiled_games(list(gen.configs.values())) if cg.stored)  # loaded from disk
    gen.keep_compiled()
    return {"warm": warm, "configs": len(gen.configs), "game": game_name, "games": i, "distinct": len(seen), "cpu_s": cpu, "per_min": len(seen) / cpu * 60,
            "events_per_s": events / cpu, "mean_events": events / max(1, i), "ended": ended, "by_conf": by_conf}


def measure_jobs(game_name: str, seconds: float, jobs: int) -> dict:
    """Random scenarios over `jobs` processes for `seconds` of wall-clock time, in batches of
    8 per process (the pool is fed bounded ranges: an endless one would flood its queue)."""
    gen = Generator(load(game_name), seed=0, jobs=jobs)
    seen: set[bytes] = set()
    events = ended = i = 0
    t0 = time.perf_counter()
    try:
        while time.perf_counter() - t0 < seconds:
            for sc in gen.spread.map("random_one", range(i, i + 8 * jobs)):
                seen.add(hashlib.blake2b(b"".join(orjson.dumps(r) for r in sc.rows)).digest())
                events += sum(1 for r in sc.rows if "n" in r)
                ended += "result" in sc.rows[-1]
                i += 1
    finally:
        gen.spread.close()
    wall = time.perf_counter() - t0
    return {"game": game_name, "games": i, "distinct": len(seen), "wall_s": wall, "per_min": len(seen) / wall * 60,
            "events_per_s": events / wall, "mean_events": events / max(1, i), "ended": ended, "jobs": gen.spread.jobs}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", default=names())
    ap.add_argument("--seconds", type=float, default=20.0, help="CPU seconds per game")
    ap.add_argument("--profile", action="store_true", help="profile where the time goes")
    ap.add_argument("--by-config", action="store_true", help="time per configuration")
    ap.add_argument("--jobs", type=int, default=1, help="processes, as `referee scenarios --jobs` (wall-clock figure)")
    a = ap.parse_args()
    for g in a.games:
        if a.jobs > 1:
            r = measure_jobs(g, a.seconds, a.jobs)
            print(f"{g}: {r['distinct']} distinct legal games ({r['games']} generated, {r['ended']} reached the end) "
                  f"in {r['wall_s']:.1f} wall-clock s over {r['jobs']} processes = {r['per_min']:.0f} games/min; "
                  f"{r['events_per_s']:.0f} events/s, {r['mean_events']:.0f} events per game", flush=True)
            continue
        if a.profile:
            prof = cProfile.Profile()
            prof.enable()
        r = measure(g, a.seconds)
        if a.profile:
            prof.disable()
        print(f"{g}: {r['distinct']} distinct legal games ({r['games']} generated, {r['ended']} reached the end) "
              f"in {r['cpu_s']:.1f} CPU s = {r['per_min']:.0f} games/min; {r['events_per_s']:.0f} events/s, "
              f"{r['mean_events']:.0f} events per game; compiled rules loaded from the cache for "
              f"{r['warm']} of {r['configs']} configurations", flush=True)
        if a.by_config:
            for k, v in sorted(r["by_conf"].items()):
                t, n = sum(x for x, _ in v), sum(y for _, y in v)
                print(f"    {k}: {len(v)} games, {t / len(v) * 1000:.0f} ms and {n / len(v):.0f} events per game")
        if a.profile:
            pstats.Stats(prof).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
