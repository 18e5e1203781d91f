"""Dungeon Twister (French rulebook, seed 002): the GAME record, built from the modules."""
from __future__ import annotations

from pathlib import Path

from ..kernel import Game, Outcome, Phase, decide, args
from . import capacites, combat, deplacement, salles, silences, tour
from .data import data_checks
from .invariants import CLAIMS, GAPS, INVARIANTS
from .options import OPTIONS, SOURCES
from .setup import HEADER_EXAMPLE, configure, init, random_header, setup, setup_schema
from .state import OVER, Twister

PHASES = (
    Phase("setup", "§Mise en place", "players hide their 10 other tokens in the rooms, in turn"),
    Phase("card", "§Tour", "the active player plays an action card"),
    Phase("act", "§Tour", "the active player spends action points, one action at a time"),
    Phase("over", "§Fin", "a player has 5 victory points"),
)


def result(s):
    if s.phase != OVER:
        return None
    w = decide(tour.BOTH_FIVE, s, args(None))
    return Outcome((w,), tuple(s.vp), "5 victory points", "§Fin")


def show(s):
    from .moves import describe

    return describe(s)


GAME = Game(
    name="twister", title="Dungeon Twister", rulebook="002_4fb96ebe3216544d.txt", version="fr",
    state_cls=Twister, sources=SOURCES, options=OPTIONS, phases=PHASES,
    actions=tour.ACTIONS + deplacement.ACTIONS + salles.ACTIONS + combat.ACTIONS + capacites.ACTIONS,
    invariants=INVARIANTS, configure=configure, setup=setup, setup_schema=setup_schema, init=init, result=result,
    claims=CLAIMS, rulings=deplacement.RULINGS + combat.RULINGS + capacites.RULINGS + (tour.BOTH_FIVE,),
    gaps=GAPS + silences.GAPS, data_checks=data_checks, random_header=random_header,
    progress=lambda s: float(s.vp[0] + s.vp[1]) + sum(1 for r in s.revealed if r) / 8,
    components_dir=Path(__file__).parent / "components", show=show, header_example=HEADER_EXAMPLE,
    search_rate=4_000,  # moves weighed per second: bench/search_rate.py (3,952-6,023 measured, session 26, compiled rules)
    concrete_forks=True,  # the board checks (paths, walls, lines of sight) read `live`: True on the skeleton
)
