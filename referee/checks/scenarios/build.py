"""The scenarios of a game in memory: the families asked for, in the order of FAMILIES."""
from __future__ import annotations

from ...model.kernel import Game
from .cites import broken_cites
from .families import _families
from .generator import Generator
from .logs import Scenario


def build(game: Game, count: int = 20, seed: int = 0, family: str | list[str] = "all",
          budget: float | None = None, confs: list[tuple[dict, int]] | None = None) -> list[Scenario]:
    """The scenarios of `game`, in memory (nothing is written): the families asked for, in
    the order of FAMILIES. `confs`: the (options, players) every family plays (default:
    families.configurations). Other arguments as for `generate`."""
    fams = _families(family)
    gen = Generator(game, seed, confs)
    scen: list[Scenario] = []
    if "random" in fams:
        scen += gen.random(count)
    if "boundary" in fams:
        scen += gen.boundary(budget=budget)
    if "mutants" in fams:
        scen += gen.mutants(max(1, count))
    if "unreadable" in fams:
        scen += gen.unreadable(max(1, count))
    for sc in scen:  # every § the event breaks is a right answer for another engine
        if sc.expect["verdict"] == "illegal" and sc.expect.get("cite") is not None:  # a result with no §: none
            sc.expect = {**sc.expect, "cites": broken_cites(game, sc.rows, sc.expect)}
    return scen
