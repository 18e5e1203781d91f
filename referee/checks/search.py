"""What every search of the checks shares: the rules it plays (options, components, the
preferred source), its budget, and the random setups it starts from. The witness search,
the stalemate search and the scenarios import it; it imports none of them."""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from ..model.kernel import Game


@dataclass(frozen=True)
class Explored:
    """What a search that found nothing explored: how much its "nothing" is worth."""

    games: int
    states: int
    why: str = ""  # why it could not search at all, if so


@dataclass(frozen=True)
class Rules:
    """The rules a search plays: the audit's options, components and preferred source."""

    options: Mapping[str, str] = field(default_factory=dict)
    components: Path | None = None
    prefer: str | None = None
    nplayers: int | None = None  # the game's default when None

    def config(self, game: Game, nplayers: int | None = None) -> Any:
        nplayers = self.nplayers if nplayers is None else nplayers
        kw = {} if nplayers is None else {"nplayers": nplayers}
        return game.configure(dict(self.options), self.components, self.prefer, **kw)


class Budget:
    """CPU seconds of this process (a niced worker may wait long for its share), and an
    absolute deadline on the shared clock (time.monotonic, the same in every process)."""

    def __init__(self, seconds: float, deadline: float | None = None):
        self.cpu_end = time.process_time() + seconds
        self.deadline = deadline if deadline is not None else float("inf")

    def over(self) -> bool:
        return time.process_time() > self.cpu_end or time.monotonic() > self.deadline

    def left(self) -> float:
        """Seconds left before either limit."""
        return max(0.0, min(self.cpu_end - time.process_time(), self.deadline - time.monotonic()))


def starts(game: Game, rules: Rules, rng: random.Random, budget: Budget):
    """(header, first state) of random setups under the rules, until the budget runs out."""
    cfg = rules.config(game)
    while not budget.over():
        header = game.random_header(rng, cfg)
        yield header, game.first_state(header, rules.components, rules.prefer)
