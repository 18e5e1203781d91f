"""Witness games for the points two readings decide differently, a disputed option (public
sources read it two ways) or a value two sources give differently: a game, legal under
the audit's reading, whose setup or last event plays otherwise under the other reading:
the event is illegal there, leads to another state, or ends the game otherwise. The other
reading is applied to the very state the game reached (its configuration swapped, or the
value pinned to the other source), so the witness shows where the point decides something
in play, not merely that two configurations differ. One exploration serves every point,
as for the rulings (witness.search_rulings); the points it does not show are then searched
one by one, climbing the formula of where their two readings part (disagree.py)."""
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


def search_readings(game: Game, rules: Rules, wanted: tuple[tuple[str, str], ...], budget: Budget) -> dict:
    """{(kind, name): (header, path, what differs)} for each reading, ("option", name) or
    ("source", name of the sourced value), that some setup or move of the random games
    plays otherwise."""
    from . import disagree
    from . import rounds as W
    from .explore import explore_from_setups
    from .steer import Target, climb

    found: dict = {}
    setup = {"header": None, "done": set()}  # the current game's setup, compared once per reading
    others: dict = {}  # (kind, name, Config) -> [(what, other Config)]: configured once each

    def readings(kind: str, name: str, cfg: Any) -> list:
        if (kind, name, id(cfg)) not in others:
            others[kind, name, id(cfg)] = (cfg, _others(game, rules, kind, name, cfg))
        return others[kind, name, id(cfg)][1]

    def goal(header, path, before, act, a, after, decided):
        if setup["header"] is not header:
            setup["header"], setup["done"] = header, set()
        for kind, name in wanted:
            if (kind, name) in found:
                continue
            for what, other in readings(kind, name, before.cfg):
                if not path and what not in setup["done"]:
                    setup["done"].add(what)
                    if _setup_differs(game, header, before, other):
                        found[kind, name] = (header, [], f"the setup differs {what}")
                        break
                if after is None:
                    continue
                how = _differs(game, before, act, a, after, other)
                if how:
                    found[kind, name] = (header, path + [(act, a)], f"the last event {how} {what}")
                    break
        return len(found) == len(wanted)

    progress = game.progress or (lambda s: 0.0)
    # the random games first, on their share of the count (rounds.patiently); then each point still
    # missing gets an equal part of what is left, climbing towards where its two readings
    # part (disagree.py), as a ruling's search climbs towards its situation
    W.patiently(game, rules, goal, progress, budget)
    ways: dict = {}  # key -> the situation where its readings part (disagree.py), built once

    def one(key, units, seed):
        share = W.part(budget, units)

        def stop(*move):
            return goal(*move) or key in found

        if key not in ways:
            cfg = rules.config(game)
            ways[key] = next((w for w in (disagree.program(game, cfg, other, key[1] if key[0] == "option" else None)
                                          for _, other in _others(game, rules, *key, cfg)) if w), ())
        if not ways[key]:
            # no formula (none found, or the game has none): games played deep, each state
            # weighing a sample of its legal moves (explore.Explorer.focus), so the count reaches
            # the late moves where a reading of the game's end parts (Twister's `end`)
            explore_from_setups(game, rules, stop, progress, share, seed=seed, focus=_nowhere)
            return
        near, there, cell = climb(Target(situation=ways[key]))
        explore_from_setups(game, rules, stop, lambda t: near(t) * W.CLIMB + progress(t), share,
                            greed=W.STEER_GREED, seed=seed, restart=dataclasses.replace(W.RESTARTS, cell=cell),
                            focus=there)

    W.in_rounds(list(wanted), found, budget, one)
    return found


def _nowhere(s: Any) -> bool:
    """No state is the situation's (a search weighing every move only there: Explorer.focus)."""
    return False


def _others(game: Game, rules: Rules, kind: str, name: str, cfg: Any) -> list:
    """[(words, Config)] for each other reading of the point under cfg."""
    if kind == "source":
        sv = next(x for x in game.sourced if x.name == name)
        titles = {s.key: s.title for s in game.sources}
        return [(f"as the {titles.get(k, k)} reads {name}", cfg.pinned(name, k)) for k in sv.says
                if k != cfg.source_of(sv)]
    opt = next(o for o in game.options if o.name == name)
    n = cfg.extra.get("nplayers") if isinstance(cfg.extra, dict) else None
    got = []
    for v in opt.choices:
        if v == cfg.options.get(name):
            continue
        try:
            got.append((f"under {name}={v}", game.configure({**cfg.options, name: v}, rules.components, rules.prefer,
                                                          **({} if n is None else {"nplayers": n}))))
        except BadInput:  # a value these other options refuse
            continue
    return got


def _setup_differs(game: Game, header: dict, first: Any, other: Any) -> bool:
    try:
        s = game.setup(header, other)
    except (BadInput, IllegalSetup):  # a setup the other reading refuses is not one it plays otherwise
        return False
    return dataclasses.replace(s, cfg=first.cfg) != first
