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
from ..model.kernel.play import legal
from .symbolic import instances

TIMEOUT_MS = 5000


def no_event_possible(game: Game, s: Any, timeout_ms: int = TIMEOUT_MS) -> bool | None:
    """True: z3 proves that no event is legal in s; False: some event is; None: cannot tell
    (a Need the rules cannot decide here, or z3 gave up)."""
    cfg = s.cfg
    ways = []
    unsure = False
    for act in game.actions:
        for inst in instances(game, cfg, act, tag="stuck"):
            conds = []
            try:
                for need in game.needs(act):
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
                return None  # the Needs cannot be read with symbolic params: no proof
            if conds is None:
                continue
            if not conds and not inst.side:
                return False  # this instance is legal outright
            ways.append(z3.And(*inst.side, *conds))
    if ways:
        solver = z3.Solver()
        solver.set("timeout", max(1, timeout_ms))
        solver.add(z3.Or(*ways))
        got = solver.check()
        if got == z3.sat:
            return False
        if got != z3.unsat:
            return None
    return None if unsure else True


def find(game: Game, rules: Any, budget: Any, seed: int = 0, depth: int = 3000):
    """(header, path, state) of a random legal game under the rules (witness.Rules) that
    reaches a proved stalemate within the budget (witness.Budget), or None."""
    if game.moves is None or game.random_header is None:
        return None
    from .witness import starts

    rng = random.Random(seed)
    for header, s in starts(game, rules, rng, budget):
        path: list = []
        for _ in range(depth):
            if budget.over() or game.result(s) is not None:
                break
            moves = legal(game, s)
            if not moves:
                if no_event_possible(game, s, int(1000 * min(TIMEOUT_MS / 1000, budget.left() + 1))):
                    return header, path, s
                break
            act, a = rng.choice(moves)
            s = game.apply(s, act, a)
            path.append((act, a))
    return None


def blocked(game: Game, s: Any) -> tuple[list[str], list[str]]:
    """Why each event the generator proposes is refused in s (its first failing Need, events
    of another phase left out), and those Needs' §s: what a reader checks against the book."""
    why: dict[str, set] = {}
    cites: set = set()
    for act, a in game.moves(s):
        try:
            need = game.first_failure(s, act, a)
        except Undecided:
            continue
        if need is not None and need is not game.needs(act)[0]:  # [0] is the phase
            why.setdefault(act.name, set()).add(f"{need.says} [{need.cite}]")
            cites.update(need.cite.split())
    return [f"{name}: {'; '.join(sorted(w))}" for name, w in sorted(why.items())], sorted(cites)
