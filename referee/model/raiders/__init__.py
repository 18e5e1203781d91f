"""Dungeons Raiders, règles 0.99 (consolidées): ../shared/seeds/000_54d768d530687310.txt.

Where each rule lives (by §):
  §3.2-§3.6  s3_setup.py (header -> first state), s3_start.py (starting hand, initiative)
  §5         s5_metropole.py        §6, §9.1  s6_actions.py        §9.2-§9.3  s9_end.py
  §6.6-§6.7  economy.py (resources, caps, card draws)
  sources and options: sources.py; invariants, claims, gaps: invariants.py
  components: data.py + components/*.toml (illustrative where the text lost its tables)
Chapters 7-8 (expeditions) are not encoded yet: the expeditions phase only ends the turn.
"""
from __future__ import annotations

from ..kernel import Game, Phase
from . import invariants, s3_setup, s3_start, s5_metropole, s6_actions, s9_end
from .data import checks as data_checks
from .economy import CAP
from .moves import moves, progress
from .sources import OPTIONS, SOURCED, SOURCES
from .state import Raiders

PHASES = (
    Phase("setup", "§3.4 §3.6", "starting hands drawn and the initiative rolled"),
    Phase("metropole", "§5.1", "each player in turn order takes one Métropole option"),
    Phase("refill", "§5.3", "each player draws up to his hand size"),
    Phase("actions", "§6.1", "tokens placed at once, then resolved by initiative order"),
    Phase("expeditions", "§7.2 §8.1", "groups sent and combats resolved (chapters 7-8, not yet encoded)"),
    Phase("over", "§9.2", "the game has ended"),
)


def _graphs(cfg):
    return {}


GAME = Game(
    name="raiders",
    title="Dungeons Raiders 0.99",
    rulebook="seeds/000_54d768d530687310.txt",
    version="0.99",
    state_cls=Raiders,
    sources=SOURCES,
    options=OPTIONS,
    phases=PHASES,
    actions=s3_start.ACTIONS + s5_metropole.ACTIONS_ + s6_actions.ACTIONS_ + s9_end.ACTIONS_,
    invariants=invariants.INVARIANTS,
    configure=s3_setup.configure,
    setup=s3_setup.setup,
    init=s3_setup.init,
    result=s9_end.result,
    claims=invariants.CLAIMS,
    rulings=(CAP,) + s3_start.RULINGS + s5_metropole.RULINGS + s6_actions.RULINGS + s9_end.RULINGS,
    sourced=SOURCED,
    gaps=invariants.GAPS,
    data_checks=lambda cfg: data_checks(cfg.comp),
    moves=moves,
    random_header=s3_setup.random_header,
    progress=progress,
    graphs=_graphs,
)
