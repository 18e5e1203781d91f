"""Game models, one folder each. The registry maps a game's short name to the module
that builds its `GAME`; modules are imported on demand so a replay loads one game only."""
from __future__ import annotations

import importlib

GAMES = {
    "raiders": "referee.model.raiders",
    "draft": "referee.model.draft",
    "welcome": "referee.model.welcome",
    "trolls": "referee.model.trolls",
    "twister": "referee.model.twister",
}


def load(name: str):
    """The Game called `name` (raises KeyError for an unknown game)."""
    return importlib.import_module(GAMES[name]).GAME


def names() -> list[str]:
    return list(GAMES)
