from __future__ import annotations

from typing import Annotated

import orjson
import typer

from .common import Fmt, game_or_exit, out
from .gamename import GameName


def rules(
    game: Annotated[GameName, typer.Argument(help="the game", show_default=False)],
    format: Annotated[Fmt, typer.Option("--format", "-f")] = Fmt.text,
) -> None:
    """List every encoded rule with its § and source: events and their needs, invariants,
    claims, rulings, sourced values, options and gaps, each with the file:line of its code."""
    from ..checks.catalogue import catalogue

    g = game_or_exit(game)
    rows = catalogue(g)
    if format is Fmt.json:
        out.print(orjson.dumps(rows, option=orjson.OPT_INDENT_2).decode(), markup=False)
        return
    from rich.table import Table
    from rich.text import Text

    t = Table(title=Text(f"{g.title} — rules encoded from {g.rulebook}"), show_lines=False)
    for col in ("§", "kind", "rule", "source", "at"):
        t.add_column(col, overflow="fold")
    for r in rows:
        # Text, not markup: a rule's words may hold brackets ("[house]" in a components file)
        t.add_row(*(Text(v) for v in (r["cite"], r["kind"], r["says"], r.get("source") or "", r.get("at") or "")))
    out.print(t)
