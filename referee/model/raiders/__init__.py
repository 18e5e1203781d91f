"""Dungeons Raiders, règles 0.99 (consolidées): ../shared/seeds/000_54d768d530687310.txt.

Where each rule lives (by §):
  §3.2-§3.6  s3_setup.py (header -> first state), s3_start.py (starting hand, initiative)
  §5         s5_metropole.py        §6, §9.1  s6_actions.py        §9.2-§9.3  s9_end.py
  §7         s7_groups.py (groups, squares, equipment, items, mercenaries)
  §8         s8_dungeons.py (order, access, skulls, dice, score, PvE and PvP results, end of phase)
  §6.6-§6.7  economy.py (resources, caps, card draws)
  sources and options: sources.py; invariants, claims, gaps: invariants.py
  components: data.py + components/*.toml (illustrative where the text lost its tables)
The dungeon-access order (§8.3) is also a graph: `referee graph raiders --which access`.
"""
from __future__ import annotations

from ..kernel import And, Game, Phase
from . import data, invariants, s3_setup, s3_start, s5_metropole, s6_actions, s7_groups, s8_dungeons, s9_end, view
from .data import checks as data_checks
from .economy import CAP
from .moves import progress
from .sources import OPTIONS, SOURCED, SOURCES
from .state import Raiders

PHASES = (
    Phase("setup", "§3.4 §3.6", "starting hands drawn and the initiative rolled"),
    Phase("metropole", "§5.1", "each player in turn order takes one Métropole option"),
    Phase("refill", "§5.3", "each player draws up to his hand size"),
    Phase("actions", "§6.1", "tokens placed at once, then resolved by initiative order"),
    Phase("expeditions", "§7.2 §8.1", "groups sent (§7.2), then the PvE and PvP combats (§8.1)"),
    Phase("over", "§9.2", "the game has ended"),
)


def _graphs(cfg):
    """§8.3: clearing any dungeon of a level opens every dungeon of the next level."""
    import networkx as nx

    g = nx.DiGraph(game="raiders", says="dungeon access (§8.3): an edge d -> e: clearing d opens e to both players")
    ds = cfg.comp.exp.dungeons
    names = ("level 1", "level 2", "level 3", "special")
    for d in ds:
        g.add_node(d.name, level=names[d.level], floors=d.floors, open=d.level == 0)
    for d in ds:
        for e in ds:
            if e.level == d.level + 1:
                g.add_edge(d.name, e.name, cite="§8.3", says=f"a cleared {names[d.level]} dungeon opens {names[e.level]}")
    return {"access": g}


GAME = Game(
    name="raiders",
    title="Dungeons Raiders 0.99",
    rulebook="seeds/000_54d768d530687310.txt",
    version="0.99",
    state_cls=Raiders,
    sources=SOURCES,
    options=OPTIONS,
    phases=PHASES,
    actions=(s3_start.ACTIONS + s5_metropole.ACTIONS_ + s6_actions.ACTIONS_ + s7_groups.ACTIONS_ + s8_dungeons.ACTIONS_
             + s9_end.ACTIONS_),
    invariants=invariants.INVARIANTS,
    configure=s3_setup.configure,
    setup=s3_setup.setup,
    setup_schema=s3_setup.setup_schema,
    init=lambda S: And(s3_setup.init(S), s7_groups.init(S)),
    result=s9_end.result,
    claims=invariants.CLAIMS,
    steps=invariants.STEPS,
    rulings=(CAP,) + s3_start.RULINGS + s5_metropole.RULINGS + s6_actions.RULINGS + s7_groups.RULINGS
    + s8_dungeons.RULINGS + s9_end.RULINGS,
    sourced=SOURCED,
    gaps=invariants.GAPS,
    data_checks=lambda cfg: data_checks(cfg.comp),
    random_header=s3_setup.random_header,
    progress=progress,
    graphs=_graphs,
    show=view.show, components_dir=data.HERE,
    search_rate=8_000,  # moves weighed per second: bench/search_rate.py
)
