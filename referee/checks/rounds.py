"""How a search shares out its count of work among the points it looks for (the rulings'
witness search, checks/witness.py; the readings' search, checks/disputed.py): random games
for every point at once, then steered searches in rounds, each stopping once its point is
found so that what it did not spend goes to the points still missing."""
from __future__ import annotations

import itertools
from typing import Any, Callable

from ..model.kernel import Game
from .explore import Restarts, explore_from_setups
from .search import Budget, Rules

STEERED_SHARE = 0.75  # of the rulings' work, the part given to the searches steered by z3's states
STEER_GREED = 0.8  # how often a steered search takes the move closest to its state (else a random one)
CLIMB = 100_000  # the situation first: a step nearer it outweighs any progress of the game
ROUND_SHARE = 0.7  # of what is left, the part a held round of searches may spend (the rest: the rounds after it)
EVEN_ROUNDS = 6  # the rounds held to ROUND_SHARE; after them, a round may spend all that is left
RESTARTS = Restarts()  # a steered search restarts every other playout from the nearest states it met


def patiently(game: Game, rules: Rules, goal: Callable, score: Callable, budget: Budget) -> None:
    """Random games, greedy on how far the game has got, on 1 - STEERED_SHARE of the
    budget, for every point at once (the goal records what it meets, and says when all are): the
    steered searches have the rest. They play their whole share while a point is missing:
    a z3 state may steer away from a situation that ordinary play meets (Welcome's
    ring_overlap: met by these games within 6,000 to 42,000 moves weighed, over 8 seeds;
    missed by its steered search at 150,000). Stopping them once they had weighed twice
    what their last find took, as before, raised 30 of the 36 rulings of the five games;
    playing the share raises 31, the readings' search unchanged (5 of 5)."""
    explore_from_setups(game, rules, goal, score, part(budget, budget.units * (1 - STEERED_SHARE)))


def in_rounds(keys: list, found: dict, budget: Budget, one: Callable[[Any, float, int], None],
              held: float = 1.0) -> None:
    """one(key, units, seed): a search for each key not in `found`, with an equal part of
    what is left of the budget, or of its `held` part (ROUND_SHARE) for the first
    EVEN_ROUNDS rounds. Each search stops once its key is found, so what it did not spend
    goes to those after it; what a round leaves goes round again to the keys still
    missing, each with a new seed (the count is spent where a witness is missing). A round
    held below the whole budget leaves work to the next, which may search otherwise
    (witness.py: in another setting)."""
    for round_ in itertools.count():
        todo = [k for k in keys if k not in found]
        before = budget.used
        for i, key in enumerate(todo):
            if key in found or budget.used >= budget.units:
                continue
            left = [k for k in todo[i:] if k not in found]
            spend = held if round_ < EVEN_ROUNDS else 1.0
            one(key, (budget.units - budget.used) * spend / len(left), keys.index(key) + 1 + round_ * len(keys))
        if budget.used >= budget.units or not todo or budget.used == before:
            break


def part(budget: Budget, units: float) -> Budget:
    """A share of the budget: its own count, the same time net; what it uses is charged
    to the whole (Budget.over counts one unit per question, so the sum is the same)."""
    return _Charged(budget, int(units))


class _Charged(Budget):
    def __init__(self, whole: Budget, units: int):
        super().__init__(min(units, max(0, whole.units - whole.used)))
        self.stop = whole.stop  # the same CPU net as the whole (an absolute reading of the CPU clock)
        self.whole = whole

    def over(self) -> bool:
        if super().over():
            return True
        # charged to every budget it is a share of, up to the whole (a share of a share: the
        # gaps' search halves its share of a setting), or the whole would not see that work
        w, spent = self.whole, False
        while w is not None:
            w.used += 1
            w.netted |= self.netted
            spent = spent or w.exhausted
            w = getattr(w, "whole", None)
        return spent


