"""Stalemates: a reachable state, before the end of the game, where no event is legal.

The text then leaves the players nothing they may do, and does not say how the game goes
on: a gap. Found concretely (random legal games under the options in force, played with
the model's own moves), then proved by z3: with the state fixed and every event's params
left symbolic, no event of the model satisfies its Needs. A move the generator does not
propose therefore cannot hide a way out; a stalemate z3 cannot confirm is not reported.
"""
from __future__ import annotations

import random
from typing import Any

import z3

from ..model.kernel import Game, Sym, Undecided
from ..model.kernel.logic import SymbolicBranch
from ..model.kernel.rules import cites
from .explore import Explorer
from .search import starts
from .symbolic import instances
from . import work



def possible(game: Game, s: Any, tried: list, units: int | None = None) -> bool | None:
    """Can some event of `tried` [(action, the Needs asked of it)], with some params, meet
    those Needs in s? True / False (z3 proves it) / None (cannot tell: a Need the rules
    cannot decide here or cannot read with symbolic params, or z3 gave up)."""
    ways = []
    unsure = False
    for act, needs in tried:
        for inst in instances(game, s.cfg, act, tag="stuck"):
            conds: list | None = []
            try:
                for need in needs:
                    if need.concrete_only:  # reads concrete detail: left out, which can only add ways out
                        continue
                    c = need.test(s, inst.args)
                    if type(c) is Sym:
                        conds.append(c.t)
                    elif not c:
                        conds = None
                        break
            except Undecided:
                unsure = True
                continue
            except (SymbolicBranch, TypeError, IndexError):
                return None
            if conds is None:
                continue
            if not conds and not inst.side:
                return True  # this instance is legal outright
            ways.append(z3.And(*inst.side, *conds))
    if ways:
        solver = work.limited(z3.Solver(), units)
        solver.add(z3.Or(*ways))
        got = solver.check()
        if got == z3.sat:
            return True
        if got != z3.unsat:
            return None
    return None if unsure else False


def no_event_possible(game: Game, s: Any, units: int | None = None) -> bool | None:
    """True: z3 proves that no event is legal in s; False: some event is; None: cannot tell."""
    got = possible(game, s, [(act, game.needs(act)) for act in game.actions], units)
    return None if got is None else not got


def find(game: Game, rules: Any, budget: Any, seed: int = 0, depth: int = 3000, stats: dict | None = None):
    """(header, path, state) of a random legal game under the rules (witness.Rules) that
    reaches a proved stalemate within the budget (witness.Budget), or None. `stats`, if
    given, counts the games started and the states reached ("games", "states"): how much
    a search that found nothing explored."""
    stats = {} if stats is None else stats
    stats.setdefault("games", 0)
    stats.setdefault("states", 0)
    if game.moves is None or game.random_header is None:
        stats["why"] = "the model has no move generator"
        return None
    rng = random.Random(seed)
    ex = Explorer(game, budget=budget)  # uniform random legal games (explore.py)
    for header, s in starts(game, rules, rng, budget):
        stats["games"] += 1
        path: list = []
        for m in (play := ex.play(s, rng, depth)):
            stats["states"] += 1
            path.append((m.act, m.args))
        # no legal move and the game is not over: z3 then proves that no event is possible
        if play.why == "stuck" and not budget.over() and game.result(play.state) is None and \
                no_event_possible(game, play.state):
            return header, path, play.state
    return None


def blocked(game: Game, s: Any) -> tuple[list[str], list[str]]:
    """For each event of the state's phase, the Need that no params get past (the earlier
    Needs met): the rule that blocks it, read from the model, not from a move generator;
    and those Needs' §s -- what a reader checks against the book."""
    phase = game.phases[s.phase].name if hasattr(s, "phase") else None
    why, cited = [], set()
    for act in game.actions:
        if phase is not None and phase not in act.phases:
            continue
        needs = [n for n in game.needs(act)[1:] if not n.concrete_only]  # [0] is the phase
        for k, need in enumerate(needs):
            if possible(game, s, [(act, needs[: k + 1])]) is False:
                why.append(f"{act.name}: {need.says} [{need.cite}]")
                cited.update(cites(need.cite))
                break
    return why, sorted(cited)
