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
    netted: bool = False  # stopped by the time net (Budget), not by its count


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
    """The work a search may do, counted, not timed: one unit each time the explorer asks
    `over()` (once per step taken and once per candidate move weighed, explore.py), so a
    seeded search explores the same states, and finds the same witnesses, whatever the
    machine's load. `net` is a safety net in seconds of this process's CPU time, not of the
    clock: a loaded machine gives a search less CPU a second but the same CPU for its count,
    so only a search that runs away (far past what its count takes) meets it, and says so
    (`netted`)."""

    def __init__(self, units: int, net: float | None = None):
        self.units = int(units)
        self.used = 0
        self.stop = time.process_time() + net if net is not None else None
        self.netted = False

    def over(self) -> bool:
        self.used += 1
        if self.used > self.units:
            return True
        if self.stop is not None and not self.used & 63 and time.process_time() > self.stop:  # every 64 units
            self.netted = True
        return self.netted

    @property
    def exhausted(self) -> bool:
        """Spent (or netted): asked without counting a unit."""
        return self.used > self.units or self.netted


def starts(game: Game, rules: Rules, rng: random.Random, budget: Budget):
    """(header, first state) of random setups under the rules, until the budget runs out."""
    cfg = rules.config(game)
    while not budget.over():
        header = game.random_header(rng, cfg)
        yield header, game.first_state(header, rules.components, rules.prefer)
