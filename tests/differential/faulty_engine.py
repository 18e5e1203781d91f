"""A small engine with seeded faults, spoken to through `referee differential`'s protocol 1
(docs/differential.md), for tests/test_differential.py. It judges the toy game (Nim,
tests/toygame.py) with referee's own replay engine, the rules changed three ways (each can
be left out by naming the others on the command line):

- guard: the §1 turn Need is skipped (a player may take out of turn);
- option: the option `start` is read the other way (a pile of 10 is played as 12 and 12 as 10);
- range: an off-by-one in the take's range: 1 to 4 stones is readable (the toy says 1 to 3).

Faults for testing only; the toy game registered as the test session registers it."""
import dataclasses
import sys

import orjson

from referee import Int, Param
from referee.replays import engine
from tests import toygame as T

engine.names = lambda: ["toy"]  # this engine knows one game: no plugin lookup (~20 ms) a log

FAULTS = set(sys.argv[1:]) or {"guard", "option", "range"}
TAKE = dataclasses.replace(
    T.TAKE,
    params=(Param("k", Int(1, 4 if "range" in FAULTS else 3, enum=True), "how many"),),
    needs=tuple(n for n in T.TAKE.needs if "guard" not in FAULTS or "turn" not in n.says),
)
GAME = dataclasses.replace(T.GAME, actions=(TAKE,), _by_name={}, _needs={}, _watch={}, _configs={})
SWAP = {"10": "12", "12": "10"}


def read_other_way(lines):
    """The header's `start` swapped (a missing one is the default, 10, read as 12)."""
    try:
        head = orjson.loads(lines[0])
        opts = dict(head.get("options") or {})
        opts["start"] = SWAP.get(opts.get("start", "10"), opts.get("start"))
        return [orjson.dumps({**head, "options": opts}).decode(), *lines[1:]]
    except Exception:  # noqa: BLE001 - an unreadable header: left for the replay to refuse
        return lines


def answer(req):
    lines = req["lines"]
    if "option" in FAULTS:
        lines = read_other_way(lines)
    v = engine.replay(lines, game=GAME)
    out = {"id": req["id"], "verdict": v.verdict if v.verdict != "error" else "unreadable"}
    p = v.first()
    if p is not None:
        out.update(line=p.line, cite=p.cite, field=p.field)
    return out


for raw in sys.stdin:
    sys.stdout.write(orjson.dumps(answer(orjson.loads(raw))).decode() + "\n")
    sys.stdout.flush()
