"""Games steered to an action the family's random games never play.

The boundary family searches the states of random legal games; an action that needs a rare
situation (Dungeons Raiders' PvP: two rival groups on one dungeon, §8.8) is never legal in
them, so its Needs get no scenario at their limit or past it, and an engine that skips one
passes. For each such action, a search climbs towards the situation where its Needs hold
(the disjunction, over the action's instances, of its Needs on a symbolic state, measured
concretely as a branch distance: steer.climb, distance.py), greedy on it, restarting from
the nearest states met, until a legal game plays the action. The game found joins the
states the boundary search reads, and its states shortly before each event of a rare action
(one the random games never play: the one searched, and those met on the way, as the PvP
rolls on the way to the PvP treasure) are tried first for that action's Needs. A count of work bounds each search (search.Budget), so a seed gives the same games
on any machine; an action the budget does not reach is reported by `missing`, never
silently dropped.
"""
from __future__ import annotations

import dataclasses
from typing import Any

import z3

from ...model.kernel import Game
from .. import distance
from ..explore import explore_from_setups
from ..rounds import CLIMB, RESTARTS, STEER_GREED
from ..search import Budget, Rules
from ..steer import Target, climb
from ..symbolic import instances, skeleton_terms, sym_state, term

UNITS = 400_000  # work per action searched (search.Budget: one unit per step and per move weighed); ~8 s on Raiders
NEAR = 40  # the states before each rare event of a steered game tried first for that action's Needs (near)


def situation(game: Game, cfg: Any, act: Any) -> Target:
    """Where `act` is legal: for some instance of it, every Need holds (those the checks
    read: a concrete-only Need gives no direction)."""
    S = sym_state(game, cfg, "reach")
    cases = []
    for inst in instances(game, cfg, act):
        cases.append(z3.And(*[term(n.test(S, inst.args)) for n in game.needs(act) if not n.concrete_only],
                            *inst.side))
    return Target((), distance.program([z3.Or(*cases)], distance.places_of(skeleton_terms(S), term)))


def steer_to(game: Game, rules: Rules, act: Any, units: int = UNITS, seed: int = 0) -> tuple[dict, list] | None:
    """(header, path) of a legal game whose last event is `act`, or None within `units`."""
    near, there, cell = climb(situation(game, rules.config(game), act))
    progress = game.progress or (lambda s: 0.0)

    def goal(header, path, before, a, args, after, decided) -> bool:
        return a is act and after is not None

    return explore_from_setups(game, rules, goal, lambda s: near(s) * CLIMB + progress(s), Budget(units),
                               greed=STEER_GREED, seed=seed, restart=dataclasses.replace(RESTARTS, cell=cell),
                               focus=there)


def near(path: list, rare: set[str], most: int = NEAR) -> dict[str, list[int]]:
    """Action name -> the prefix lengths of `path` within `most` events before each of its
    events of an action in `rare` (the state it was played in first, then earlier ones)."""
    out: dict[str, list[int]] = {}
    for k, (act, _) in enumerate(path):
        if act.name in rare:
            got = out.setdefault(act.name, [])
            got += [i for i in range(k, max(-1, k - most), -1) if i not in got]
    return out


def unplayed(game: Game, paths: list[list]) -> list:
    """The actions no path plays, in the game's order."""
    seen = {act.name for path in paths for act, _ in path}
    return [act for act in game.actions if act.name not in seen]


def steered_games(game: Game, rules: Rules, paths: list[list], seed: int,
                  units: int = UNITS) -> tuple[list[tuple[Any, dict, list]], list]:
    """([(action, header, path)] one steered game per action that `paths` never play, each
    reaching it; [actions not reached within `units` each]). A game found may play other
    unplayed actions on its way: those are not searched again."""
    played = {act.name for path in paths for act, _ in path}
    found, missing = [], []
    for k, act in enumerate(unplayed(game, paths)):
        if act.name in played:  # met on the way to an earlier one
            continue
        got = steer_to(game, rules, act, units, seed * 1000 + k)
        if got is None:
            missing.append(act)
            continue
        found.append((act, *got))
        played |= {a.name for a, _ in got[1]}
    return found, missing
