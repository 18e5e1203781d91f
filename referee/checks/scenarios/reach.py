"""Games steered to an action the family's random games never play.

The boundary family searches the states of random legal games; an action that needs a rare
situation (Dungeons Raiders' PvP: two rival groups on one dungeon, §8.8) is never legal in
them, so its Needs get no scenario at their limit or past it, and an engine that skips one
passes. For each such action, a search climbs towards the situation where its Needs hold
(the disjunction, over the action's instances, of its Needs on a symbolic state, measured
concretely as a branch distance: steer.climb, distance.py), greedy on it, restarting from
the nearest states met (one restart cell per nearest instance and the conditions of it
met), until a legal game plays the action. A rare situation reached once is near the next
(the PvP, then an item reused in it): the states of the games found, and of the random
games under the same rules, are where later searches may restart too.

An action one search misses is searched a step at a time: games where each of its Needs
that no known state meets holds alone (`steps_to`: a group just sent with items), then
the action from their last states only, each a start of its own (the distance cannot tell
a dead end from a way on: a group sent with items after the rival's last send).

The game found joins the states the boundary search reads, played on to its end (the
later events read what the rare one changed); its states shortly before each event of a
rare action are tried first for that action's Needs. A count of work bounds each search
(search.Budget), so a seed gives the same games on any machine; an action not reached is
reported by `missing`, never silently dropped.
"""
from __future__ import annotations

import dataclasses
import itertools
from typing import Any

import z3

from ...model.kernel import Game
from .. import distance
from ..explore import explore_from_setups
from ..rounds import CLIMB, RESTARTS, STEER_GREED
from ..search import Budget, Rules
from ..steer import Target, climb
from ..symbolic import instances, skeleton_terms, sym_state, term

UNITS = 400_000  # work per search (search.Budget: one unit per step and per move weighed); ~8 s on Raiders
KEEP = 64  # restart cells kept: the nearest branch of each instance and its conditions (steer.climb)
STEPS = 24  # games reaching one Need of an unreached action alone, for its search to restart from
NEAR = 40  # the states before each rare event of a steered game tried first for that action's Needs (near)


def situation(game: Game, cfg: Any, act: Any, only: int | None = None) -> Target:
    """Where `act` is legal: for some instance of it, every Need holds (those the checks
    read: a concrete-only Need gives no direction); with `only`, that one Need holds."""
    S = sym_state(game, cfg, "reach")
    needs = [n for k, n in enumerate(game.needs(act)) if not n.concrete_only and only in (None, k)]
    cases = [z3.And(*[term(n.test(S, inst.args)) for n in needs], *inst.side) for inst in instances(game, cfg, act)]
    return Target((), distance.program([z3.Or(*cases)], distance.places_of(skeleton_terms(S), term)))


def steer_to(game: Game, rules: Rules, act: Any, units: int = UNITS, seed: int = 0,
             known: list[tuple[dict, list, Any]] = (), fresh: bool = True) -> tuple[dict, list] | None:
    """(header, path) of a legal game whose last event is `act`, or None within `units`.
    The `known` states ((header, path to it, state)) are where its restarts may begin too;
    with fresh=False they are the only place (no game from a new setup), each kept as a
    start of its own (explore.Restarts cells: states the distance cannot tell apart, one a
    dead end and one not, would otherwise keep only the nearer)."""
    near, there, cell = climb(situation(game, rules.config(game), act), branches=True)
    progress = game.progress or (lambda s: 0.0)
    if not fresh:
        own = {id(s): k for k, (_, _, s) in enumerate(known)}
        cell = (lambda c: lambda s: ("start", own[id(s)]) if id(s) in own else c(s))(cell)

    def goal(header, path, before, a, args, after, decided) -> bool:
        return a is act and after is not None

    restart = dataclasses.replace(RESTARTS, cell=cell, keep=KEEP, fresh=fresh)
    return explore_from_setups(game, rules, goal, lambda s: near(s) * CLIMB + progress(s), Budget(units),
                               greed=STEER_GREED, seed=seed, restart=restart, focus=there, known=known, lawful=True)


def steps_to(game: Game, rules: Rules, act: Any, only: int, units: int = UNITS, seed: int = 0,
             known: list[tuple[dict, list, Any]] = (), most: int = STEPS) -> list[tuple[dict, list]]:
    """Up to `most` games [(header, path)] whose last move makes the only-th Need of `act`
    hold, each from a different state: steps on the way to `act`, for its search to
    restart from (one alone may be a dead end: the Need met where the rest of the
    situation can no longer come, as a group sent with items after the rival's last send)."""
    near, there, cell = climb(situation(game, rules.config(game), act, only), branches=True)
    progress = game.progress or (lambda s: 0.0)
    hits: dict = {}

    def goal(header, path, before, a, args, after, decided) -> bool:
        if after is not None and not there(before) and there(after):
            hits.setdefault((id(header), len(path)), (header, [*path, (a, args)]))
        return len(hits) >= most

    explore_from_setups(game, rules, goal, lambda s: near(s) * CLIMB + progress(s), Budget(units),
                        greed=STEER_GREED, seed=seed, restart=dataclasses.replace(RESTARTS, cell=cell, keep=KEEP),
                        focus=there, known=known, lawful=True)
    return list(hits.values())


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


def steered_games(game: Game, rules: Rules, paths: list[list], seed: int, units: int = UNITS,
                  games: list[tuple[dict, list]] = ()) -> tuple[list[tuple[Any, dict, list]], list]:
    """([(action, header, path)] one steered game per action that `paths` never play, each
    reaching it; [actions not reached]). A game found may play other unplayed actions on
    its way: those are not searched again; its states are where later searches may restart
    (a rare situation reached once is near the next: the PvP, then an item reused in it).
    An action not reached within `units` is searched a step at a time: first games where
    each of its Needs that no known state meets holds alone (steps_to), then the action
    from their last states only, each `units` of work. `games` ((header, path)), legal
    under `rules`, are known from the start."""
    played = {act.name for path in paths for act, _ in path}
    found, missing = [], []
    known = [x for header, path in games for x in _along(game, rules, header, path)]
    for k, act in enumerate(unplayed(game, paths)):
        if act.name in played:  # met on the way to an earlier one
            continue
        got = steer_to(game, rules, act, units, seed * 1000 + k, known)
        if got is None:
            steps = [_last(game, rules, *sub) for j in _unmet(game, rules, act, known)
                     for sub in steps_to(game, rules, act, j, units, seed * 1000 + k, known)]
            got = steer_to(game, rules, act, 2 * units, seed * 1000 + k, steps, fresh=False) if steps else None
        if got is None:
            missing.append(act)
            continue
        found.append((act, *got))
        played |= {a.name for a, _ in got[1]}
        known += _along(game, rules, *got)
    return found, missing


def _states(game: Game, rules: Rules, header: dict, path: list) -> list:
    first = game.first_state(header, rules.components, rules.prefer)
    return list(itertools.accumulate(path, lambda s, m: game.apply(s, *m), initial=first))[1:]


def _along(game: Game, rules: Rules, header: dict, path: list) -> list[tuple[dict, list, Any]]:
    """The states of a game every RESTARTS.every moves, and its last: (header, path to it, state)."""
    states = _states(game, rules, header, path)
    at = sorted({*range(RESTARTS.every - 1, len(path), RESTARTS.every), len(path) - 1} - {-1})
    return [(header, path[:k + 1], states[k]) for k in at]


def _last(game: Game, rules: Rules, header: dict, path: list) -> tuple[dict, list, Any]:
    return header, path, _states(game, rules, header, path)[-1]


def _unmet(game: Game, rules: Rules, act: Any, known: list) -> list[int]:
    """The Needs of `act` (those that give a direction) that hold, for no instance, in any
    known state."""
    out = []
    for j, n in enumerate(game.needs(act)):
        if n.concrete_only:
            continue
        _, there, _ = climb(situation(game, rules.config(game), act, j))
        if not any(there(s) for _, _, s in known):
            out.append(j)
    return out
