from __future__ import annotations

from enum import Enum
from typing import Annotated

import typer

from .common import GameName, game_or_exit, out


class GFmt(str, Enum):
    dot = "dot"
    mermaid = "mermaid"
    json = "json"


def graph(
    game: Annotated[GameName, typer.Argument(help="the game", show_default=False)],
    which: Annotated[str, typer.Option("--which", help="'phases' or a graph the game declares")] = "phases",
    format: Annotated[GFmt, typer.Option("--format", "-f")] = GFmt.dot,
) -> None:
    """Draw a game's phase graph (or another graph it declares, e.g. dungeon access)."""
    from ..checks.graphs import declared, render

    g = game_or_exit(game)
    graphs = declared(g)
    if which not in graphs:
        from .common import BAD, err

        err.print(f"referee: {game} has no graph {which!r} (it has: {', '.join(graphs)})")
        raise typer.Exit(BAD)
    out.print(render(graphs[which], format.value), markup=False)
