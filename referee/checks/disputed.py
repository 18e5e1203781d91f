"""Witness games for disputed options (a point public sources read two ways): a game,
legal under the audit's reading, whose setup or last event plays otherwise under the
other reading: the event is illegal there, leads to another state, or ends the game
otherwise. The other reading is applied to the very state the game reached (its
configuration swapped), so the witness shows where the disputed point decides something
in play, not merely that two configurations differ. One exploration serves every option,
as for the rulings (witness.search_rulings)."""
from __future__ import annotations

import dataclasses
from typing import Any

from ..model.kernel import BadInput, Game, IllegalSetup, Undecided
from .search import Budget, Rules


def _differs(game: Game, before: Any, act: Any, a: Any, after: Any, other: Any) -> str:
    """How the move plays under the other configuration, if otherwise; "" when alike."""
    b = dataclasses.replace(before, cfg=other)
    try:
        if game.first_failure(b, act, a) is not None:
            return "is illegal"
        t = game.apply(b, act, a)
        if dataclasses.replace(t, cfg=after.cfg) != after:
            return "leads to another state"
        if game.result(t) != game.result(after):
            return "ends the game otherwise"
    except Undecided:
        return "raises a question the rules do not answer"
    return ""


def search_options(game: Game, rules: Rules, names: tuple[str, ...], budget: Budget) -> dict[str, tuple]:
    """{option name: (header, path, what differs)} for each disputed option some setup or
    move of the random games plays otherwise under another of its values."""
    from .witness import _explore

    found: dict[str, tuple] = {}
    setup = {"header": None, "done": set()}  # the current game's setup, compared once per reading
    others: dict = {}  # (option, nplayers) -> [(value, Config)]: configured once each

    def readings(name: str, cfg: Any) -> list:
        n = cfg.extra.get("nplayers") if isinstance(cfg.extra, dict) else None
        if (name, n) not in others:
            opt = next(o for o in game.options if o.name == name)
            got = []
            for v in opt.choices:
                if v == cfg.options.get(name):
                    continue
                kw = {} if n is None else {"nplayers": n}
                try:
                    got.append((v, game.configure({**cfg.options, name: v}, rules.components, rules.prefer, **kw)))
                except BadInput:  # a value these other options refuse
                    continue
            others[name, n] = got
        return others[name, n]

    def goal(header, path, before, act, a, after, decided):
        for name in names:
            if name in found:
                continue
            for v, other in readings(name, before.cfg):
                if setup["header"] is not header:
                    setup["header"], setup["done"] = header, set()
                if not path and (name, v) not in setup["done"]:
                    setup["done"].add((name, v))
                    if _setup_differs(game, rules, header, name, v, before):
                        found[name] = (header, [], f"the setup differs under {name}={v}")
                        break
                if after is None:
                    continue
                how = _differs(game, before, act, a, after, other)
                if how:
                    found[name] = (header, path + [(act, a)], f"the last event {how} under {name}={v}")
                    break
        return len(found) == len(names)

    _explore(game, rules, goal, game.progress or (lambda s: 0.0), budget)
    return found


def _setup_differs(game: Game, rules: Rules, header: dict, name: str, v: str, first: Any) -> bool:
    alt = {**header, "options": {**header.get("options", {}), name: v}}
    try:
        s = game.first_state(alt, rules.components, rules.prefer)
    except (BadInput, IllegalSetup):  # a setup the other reading refuses is not one it plays otherwise
        return False
    return dataclasses.replace(s, cfg=first.cfg) != first
