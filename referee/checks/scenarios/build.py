"""The scenarios of a game in memory: the families asked for, in the order of FAMILIES."""
from __future__ import annotations

from typing import Callable

from ...model.kernel import Game
from .families import _families
from .generator import Generator
from .logs import Scenario


def build(game: Game, count: int = 20, seed: int = 0, family: str | list[str] = "all",
          budget: float | None = None, progress: Callable[[str], None] = lambda family: None) -> list[Scenario]:
    """The scenarios of `game`, in memory (nothing is written): the families asked for, in
    the order of FAMILIES. Arguments as for `generate`; `progress` is told each family as
    it starts."""
    fams = _families(family)
    gen = Generator(game, seed)
    scen: list[Scenario] = []
    for name, make in (("random", lambda: gen.random(count)), ("boundary", lambda: gen.boundary(budget=budget)),
                       ("mutants", lambda: gen.mutants(max(1, count))),
                       ("unreadable", lambda: gen.unreadable(max(1, count)))):
        if name in fams:
            progress(name)
            scen += make()
    return scen
