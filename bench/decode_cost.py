"""What reading an event costs on the replay's hot path, per event, over every example log
(issue 18: decoders per action, and the cost of the stricter decoding "Hostile input" asks for).

- parse: orjson.loads of the line alone;
- hostile checks: what replays/log.py adds to the parse for every line (a JSON object, not
  another type; no key given twice: counting the colons, and only if there are more colons
  than keys, a second parse that sees every key: log._more_colons);
- decode: engine.decode (envelope "n"/"do"/"by", then the action's params, "note" and
  unknown fields: replays/decoders.py since issue 18).

Run: python bench/decode_cost.py [--seconds N]. CPU time (time.process_time), best of 5
rounds, so a loaded machine inflates it less than wall time; quote `uptime` with it.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def per_event(fn, n: int, seconds: float) -> float:
    """Best CPU microseconds per unit of fn() (which does n units), over 5 rounds."""
    best = float("inf")
    for _ in range(5):
        k, t0 = 0, time.process_time()
        while (dt := time.process_time() - t0) < seconds / 5:
            fn()
            k += 1
        best = min(best, dt / (k * n) * 1e6)
    return best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=2.0, help="per measure")
    args = ap.parse_args()

    from referee.model import load
    from referee.replays import log
    from referee.replays.engine import decode

    raws, events = [], []  # (line bytes), (game, cfg, players, Line, n)
    for p in sorted((ROOT / "examples").rglob("*.jsonl")):
        if "illegal" in p.name or "unreadable" in p.name:
            continue
        rows = [x for x in p.read_bytes().splitlines() if x.strip()]
        header = orjson.loads(rows[0])
        if "components" in header:
            continue
        g = load(header["game"])
        cfg, players = g.first_state(header).cfg, tuple(header["players"])
        for no, raw in enumerate(rows[1:], 2):
            data = orjson.loads(raw)
            if "n" in data:
                raws.append(raw)
                events.append((g, cfg, players, log.Line(no, data), data["n"]))

    def parse():
        for raw in raws:
            orjson.loads(raw)

    def parse_checked():
        for _ in log._parsed(enumerate(raws, 1)):
            pass

    def dup_check_only():
        for raw, (_, _, _, line, _) in zip(raws, events):
            data = line.data
            if type(data) is not dict:
                raise AssertionError
            if raw.count(b":") > len(data) and log._more_colons(raw, data):
                raise AssertionError

    def decoded():
        for g, cfg, players, line, n in events:
            decode(g, cfg, players, line, n)

    n = len(raws)
    decoded()  # each action's decoder built once, before timing
    p, pc, dc, d = (per_event(f, n, args.seconds) for f in (parse, parse_checked, dup_check_only, decoded))
    print(f"{n} events of the example logs (illegal and unreadable ones left out); CPU microseconds per event, best of 5")
    print(f"  parse (orjson.loads)           : {p:6.2f}")
    print(f"  parse + log.py's line checks   : {pc:6.2f}   (the checks alone, type + duplicate keys: {dc:.2f})")
    print(f"  decode (envelope + params)     : {d:6.2f}")


if __name__ == "__main__":
    main()
