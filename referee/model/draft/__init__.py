"""Dungeon Draft (seed 004): 2 to 5 players draft heroes, weapons and monsters over four
rounds, pay gold, defeat monsters, complete quests; the most XP wins. See docs/draft.md."""
from ..kernel import Game, Phase
from . import cards, draft, setup, turn_end
from .data import HERE, data_checks
from .invariants import CLAIMS, GAPS, INVARIANTS
from .moves import progress, random_header
from .rulings import OPTIONS, RULINGS
from .setup import SOURCES, configure, init
from .state import Draft

PHASES = (
    Phase("setup", "§Mise en place", "5 quests dealt to each player, 3 kept (the first player is drawn at random at any "
          "time before the first card is played)"),
    Phase("draft", "§Mise en place", "7-card packs dealt; pick one, pass the rest, until the hands are drafted"),
    Phase("play", "§Jouer des cartes", "in turn from the start player: heroes, weapons, monsters, quests, then end of turn"),
    Phase("end", "§Fin de manche", "four rounds done: the most XP wins"),
)


def _show(s):
    """The state as a user reads it: under option reserve=unlimited the common reserve has no
    count (the model's ledger of it then runs below 0, which no player would see)."""
    v = s.project()
    if s.cfg.opt("reserve") == "unlimited" and isinstance(v, dict) and "pool" in v:
        v["pool"] = "unlimited"
    return v


GAME = Game(
    name="draft", title="Dungeon Draft", rulebook="seeds/004_ddd5da732f47e317.txt", version="seed 004",
    state_cls=Draft, sources=SOURCES, options=OPTIONS, phases=PHASES,
    actions=setup.ACTIONS + draft.ACTIONS + cards.ACTIONS + turn_end.ACTIONS,
    invariants=INVARIANTS, configure=configure, setup=setup.setup, setup_schema=setup.setup_schema, init=init, result=turn_end.result,
    claims=CLAIMS, rulings=RULINGS, gaps=GAPS, data_checks=data_checks,
    random_header=random_header, progress=progress, components_dir=HERE, show=_show,
    search_rate=15_000,  # moves weighed per second: bench/search_rate.py
    header_example={"referee": 1, "game": "draft", "rules": "seed 004", "players": ["Ana", "Ben"],
                    "options": {"gold": "9"}, "setup": {}},
)
