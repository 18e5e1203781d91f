"""Game models, one folder each. The registry maps a game's short name to the module
that builds its `GAME`; modules are imported on demand so a replay loads one game only.

A game outside this package registers itself as a plugin: its distribution declares an
entry point in the group `referee.games`, e.g. in its pyproject.toml

    [project.entry-points."referee.games"]
    nim = "nim_rules"            # a module whose GAME is the Game

Built-in names are looked up without scanning the installed distributions, so the replay
of a built-in game never pays for the plugin lookup."""
from __future__ import annotations

import importlib
from types import MappingProxyType

GROUP = "referee.games"

BUILTIN = MappingProxyType({
    "raiders": "referee.model.raiders",
    "draft": "referee.model.draft",
    "welcome": "referee.model.welcome",
    "trolls": "referee.model.trolls",
    "twister": "referee.model.twister",
})


def plugins() -> dict[str, str]:
    """Games registered by installed distributions: name -> "module" or "module:attr".
    A plugin never shadows a built-in game."""
    from importlib.metadata import entry_points  # 0.14-0.16 s of imports: only when plugins are asked for

    return {ep.name: ep.value for ep in entry_points(group=GROUP) if ep.name not in BUILTIN}


def _target(name: str) -> str:
    if name in BUILTIN:
        return BUILTIN[name]
    return plugins()[name]  # KeyError for an unknown game


def load(name: str):
    """The Game called `name` (raises KeyError for an unknown game)."""
    module, _, attr = _target(name).partition(":")
    return getattr(importlib.import_module(module), attr or "GAME")


def names() -> list[str]:
    return [*BUILTIN, *sorted(plugins())]


def is_game(name: str) -> bool:
    """Whether `name` is a registered game: the plugins are scanned only for a name that
    is not built in (a scan costs ~20 ms, most of a short replay)."""
    return name in BUILTIN or name in plugins()
