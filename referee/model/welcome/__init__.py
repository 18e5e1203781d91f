"""Welcome to the Dungeon (Masato Uesugi, IELLO): the rules of the French booklet (seed 001),
with the component facts of the published game. Citation scheme: docs/welcome.md."""
from __future__ import annotations

from referee.model.kernel import Game, Phase

from . import bidding, dungeon, rounds
from .data import HERE, data_checks
from .invariants import CLAIMS, GAPS, INVARIANTS, OPTIONS, RULINGS
from .setup import HEADER_EXAMPLE, SOURCES, configure, init, random_header, result, setup, setup_schema
from .state import PHASES, Welcome


def _show(s):
    c = s.cfg.comp
    names = c.names

    def pile(v):
        return [names[k] for k in range(len(names)) for _ in range(v[k])]

    return {
        "phase": PHASES[s.phase], "players": s.np, "turn": s.turn, "adventurer": c.adv_names[s.adv],
        "tiles": [t.name for t, x in zip(c.adventurers[s.adv].tiles, s.tiles) if x == 1],
        "deck": sum(s.deck), "dungeon": sum(s.dungeon), "aside": pile(s.aside), "faced": pile(s.shown),
        "hp": s.hp, "damage": s.dmg, "failures": list(s.fails[:s.np]), "successes": list(s.wins[:s.np]),
    }


GAME = Game(
    name="welcome",
    title="Welcome to the Dungeon",
    rulebook="seeds/001_ad7af280e082ad8b.txt",
    version="livret FR",
    state_cls=Welcome,
    sources=SOURCES,
    options=OPTIONS,
    phases=(
        Phase("bid", "§Enchères", "a player draws the top monster or passes"),
        Phase("place", "§Enchères", "the drawer adds the monster to the dungeon or sets it aside with a tile"),
        Phase("dungeon", "§Donjon", "the runner names the Vorpal type, reveals the next card, or leaves"),
        Phase("encounter", "§Donjon", "a monster is revealed: Axe, Polymorph, or face it"),
        Phase("reveal", "§Issue", "the monsters set aside are revealed"),
        Phase("next", "§Manche suivante", "the next adventurer is chosen and the monsters reshuffled"),
        Phase("over", "§Victoire", "someone has won"),
    ),
    actions=bidding.ACTIONS + dungeon.ACTIONS + rounds.ACTIONS,
    invariants=INVARIANTS,
    configure=configure,
    setup=setup,
    init=init,
    result=result,
    claims=CLAIMS,
    rulings=RULINGS,
    gaps=GAPS,
    data_checks=data_checks,
    random_header=random_header,
    setup_schema=setup_schema,
    progress=lambda s: float(sum(s.wins) + sum(s.fails)) + s.phase / 10,
    components_dir=HERE,
    show=_show,
    search_rate=25_000,  # moves weighed per second: bench/search_rate.py
    header_example=HEADER_EXAMPLE,
)
