"""The declarations family: the optional fields of an event, one at a time: what a log may
declare and the rules fix (Welcome's outcome and HP left on `dungeon.leave`, declared.py), or
a choice the player made (Raiders' recruits). For each
such field and the first `per_field` events that declare it in the legal games the mutants
start from: the field declared alone (the other optional fields left out), with its right
value (expected legal) and with each other value of its domain (a number: one off either
way; expected: the replay's verdict, illegal at that line). An engine that checks a declared field only beside another,
or reads a wrong declaration as right, fails these; the other families always write every
declarable field together."""
from __future__ import annotations

import copy
from typing import Any

import orjson

from .declared import _domain
from .logs import Scenario, _slug, expected, log_lines

PER_FIELD = 2  # events per declared field: a right and every wrong value of each


def declarations(gen: Any, count: int, per_field: int = PER_FIELD) -> list[Scenario]:
    from ...replays.engine import replay

    game = gen.game
    out: list[Scenario] = []
    done: dict[tuple[str, str], int] = {}
    for i in range(count):
        header, path, _, _ = gen.legal_game(i, tag="mutants", max_steps=400)
        rows = log_lines(game, header, path)
        players = header["players"]
        cfg = game.configure(header.get("options", {}), None, None, nplayers=len(players))
        for k, (act, a) in enumerate(path):
            opt = [p for p in act.params if p.optional]
            said = [p for p in opt if getattr(a, p.name) != p.default]
            for prm in said:
                if done.get((act.name, prm.name), 0) >= per_field:
                    continue
                done[(act.name, prm.name)] = done.get((act.name, prm.name), 0) + 1
                right = getattr(a, prm.name)
                dom = _domain(prm, cfg)
                if dom is None:  # too wide to list (a score): one off either way
                    dom = (right - 1, right + 1) if type(right) is int else ()
                wrong = [x for x in dom if x != right and x != prm.default]
                if len(wrong) > 3 and type(right) is int:  # a number: one off either way
                    wrong = [x for x in wrong if abs(x - right) == 1]
                # a value one off that no log can write (past the last token) is no declaration
                wrong = [x for x in wrong if _writable(prm, x, cfg, tuple(players))]
                for v in [right] + wrong[:3]:
                    rs = copy.deepcopy(rows[:k + 2])  # the header, then events 1..k+1
                    ev = rs[k + 1]
                    for p in opt:  # the other declarable fields left out
                        if p is not prm:
                            ev.pop(p.name, None)
                    ev[prm.name] = prm.kind.encode(v, cfg, tuple(players))
                    sc = _expect(game, rs, act, prm, v == right, replay)
                    if sc is not None:
                        out.append(sc)
    return out


def _writable(prm: Any, v: Any, cfg: Any, players: tuple) -> bool:
    """v has a spelling in a log that reads back as v (Twister's token 28 has none)."""
    try:
        return prm.kind.decode(prm.kind.encode(v, cfg, players), cfg, players) == v
    except Exception:  # noqa: BLE001 - any failure to write or read it back: not a value of the field
        return False


def _expect(game: Any, rs: list, act: Any, prm: Any, right: bool, replay: Any) -> Scenario | None:
    v = replay([orjson.dumps(r) for r in rs], label="<declarations>")
    line = len(rs)
    shown = rs[-1][prm.name]
    if v.verdict == "unreadable":
        return None
    exp, said = expected(v)
    what = "its right value" if right else "a wrong value"
    return Scenario("declarations", _slug(f"{act.name} {prm.name} {'right' if right else 'wrong'}"), rs, exp,
                    f"{act.name} at line {line} declares {prm.name}={shown!r} alone ({what}): {said}",
                    [exp["cite"]] if exp.get("cite") else [], {"field": prm.name, "declared": shown})
