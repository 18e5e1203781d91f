"""The rulings family: for every point the text leaves open (a `Ruling`) and every answer
that settles it in a game (an option's value, or the first of the text's conflicting
answers), a complete legal game in which that answer decides a step, with its declared
result (winner and points). An engine that reads the open point another way gives another
outcome or refuses a later event; the replay must report that answer deciding
(`expect.decides`). `gen` is the scenarios' Generator (generator.py)."""
from __future__ import annotations

from typing import Any

import orjson

from .logs import Scenario, _slug


def rulings(gen: Any, count: int, rounds: int = 3) -> list[Scenario]:
    """The first game, in the order played, in which each (ruling, answer) decides a step.
    The games searched: the random family's `count`, then more random games, `rounds` per
    configuration in all (every option value is in some configuration); a bounded count of
    games, not of seconds, so a seed gives the same set on any machine. Each game is
    replayed on its own (over the Generator's processes: spread.py)."""
    game = gen.game
    if not game.rulings:
        return []
    out: list[Scenario] = []
    seen: set[tuple[str, str]] = set()
    for got in gen.spread.map("ruled", range(max(count, rounds * len(gen.confs)))):
        if got is None:  # a legal game by construction; the replay says otherwise: not a scenario
            continue
        rows, how, cites, decided = got
        for d in decided:
            answer = d.get("option") or f"first of conflicting answers: {d['first_of_conflicting']}"
            if (d["ruling"], answer) in seen:
                continue
            seen.add((d["ruling"], answer))
            out.append(Scenario("rulings", _slug(f"{d['ruling']} {d.get('option') or 'first'}"), rows,
                                {"verdict": "legal", "decides": d["ruling"]},
                                f"{how} in which '{d['ruling']}' [{d['cite']}] is decided at line {d['line']} by {answer}",
                                cites, {"ruling": d["ruling"], "answer": answer}))
    return out


def ruled(gen: Any, i: int) -> tuple | None:
    """The i-th random game replayed: (its log lines, what game it is, its §s, the rulings that
    decided its steps), or None when the replay does not find it legal."""
    from ...replays.engine import replay

    path, res, rows = gen.logged(i)  # the random family's games first: played once
    v = replay([orjson.dumps(r) for r in rows], label="<rulings>")
    if v.verdict != "legal":
        return None
    how = "a complete game" if res else f"a legal game stopped after {len(path)} events"
    return rows, how, sorted({act.cite for act, _ in path}), list(v.decided)
