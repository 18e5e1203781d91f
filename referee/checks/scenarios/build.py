"""The scenarios of a game, one at a time (`each`) or in memory (`build`): the families
asked for, in the order of FAMILIES."""
from __future__ import annotations

from typing import Callable, Iterator

from ...model.kernel import Game
from .cites import broken_cites
from .families import _families
from .generator import Generator
from .reach import UNITS
from .logs import Scenario
from .declarations import declarations
from .rulings import rulings
from .situations import situations
from ..steady import settle, steady


def build(game: Game, count: int = 20, seed: int = 0, family: str | list[str] = "all",
          budget: float | None = None, confs: list[tuple[dict, int]] | None = None,
          progress: Callable[[str], None] = lambda family: None, report: dict | None = None,
          jobs: int = 1) -> list[Scenario]:
    """The scenarios of `game`, in memory (no scenario file is written): `each` as a list.
    `referee scenarios` writes them as they come instead (outdir.generate): a list holds
    every game, ~0.8 MB per --count on Raiders."""
    return list(each(game, count, seed, family, budget, confs, progress, report, jobs))


def each(game: Game, count: int = 20, seed: int = 0, family: str | list[str] = "all",
         budget: float | None = None, confs: list[tuple[dict, int]] | None = None,
         progress: Callable[[str], None] = lambda family: None, report: dict | None = None,
         jobs: int = 1) -> Iterator[Scenario]:
    """The scenarios of `game`, one at a time: the families asked for, in the order of
    FAMILIES; what their games compiled is kept in the cache folder, as a replay keeps it
    (Generator.keep_compiled), once the last is given. `confs`: the (options, players) every
    family plays (default: families.configurations); `progress` is told each family as it
    starts. Other arguments as for `generate`. `report`, when given, receives "not_reached"
    once the boundary family is done: the actions none of its scenarios plays (reach.py),
    each with its § and why. `jobs`: the random, mutants and rulings families' games over
    that many processes (spread.py: the same scenarios at any count)."""
    with steady():  # z3's answers depend on these families alone, not on what ran before (steady.py)
        gen = Generator(game, seed, confs, jobs)
        try:
            yield from _each(gen, count, family, budget, progress, report)
            gen.spread.close(finished=True)  # its workers keep what they compiled, as gen did
        finally:
            gen.spread.close()


def _each(gen: Generator, count: int, family: str | list[str], budget: float | None,
          progress: Callable[[str], None], report: dict | None) -> Iterator[Scenario]:
    fams, game = _families(family), gen.game
    for name, make in (("random", lambda: gen.random(count)), ("boundary", lambda: gen.boundary(budget=budget)),
                       ("mutants", lambda: gen.mutants(max(1, count))),
                       ("unreadable", lambda: gen.unreadable(max(1, count))),
                       ("rulings", lambda: rulings(gen, max(1, count))), ("situations", lambda: situations(gen)),
                       ("declarations", lambda: declarations(gen, max(1, count)))):
        if name not in fams:
            continue
        progress(name)
        for sc in make():
            # every § the event breaks is a right answer for another engine
            if sc.expect["verdict"] == "illegal" and sc.expect.get("cite") is not None:  # a result with no §: none
                sc.expect = {**sc.expect, "cites": broken_cites(game, sc.rows, sc.expect)}
            yield sc
        settle()
        if name == "boundary" and report is not None and gen.unreached:
            report["not_reached"] = [{"action": a.name, "cite": a.cite, "why": f"no legal game of the boundary family "
                                      f"plays it, and a search steered to it did not reach it within {UNITS:,} units "
                                      f"of work: its Needs have no scenario at their limit, and maybe none past it"}
                                     for a in gen.unreached]
    gen.keep_compiled()
