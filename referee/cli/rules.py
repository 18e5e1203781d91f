from __future__ import annotations

from typing import Annotated

import typer

from .common import Fmt, game_or_exit, json_text, out
from .gamename import GameName


def rules(
    game: Annotated[GameName, typer.Argument(help="the game", show_default=False)],
    format: Annotated[Fmt, typer.Option("--format", "-f")] = Fmt.text,
    compiled: Annotated[bool, typer.Option("--compiled", help="which rules the replay runs compiled, "
                                           "and why the others are interpreted (default configuration)")] = False,
) -> None:
    """List every encoded rule with its § and source: events and their needs, invariants,
    claims, rulings, sourced values, options and gaps, each with the file:line of its code."""
    from ..checks.catalogue import catalogue

    g = game_or_exit(game)
    if compiled:
        return _compiled(g, format)
    rows = catalogue(g)
    if format is Fmt.json:
        out.print(json_text(rows, indent=True), exact=True)
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


def _compiled(g, format: Fmt) -> None:
    """The rules the replay cannot compile (kernel/compile/), each with its § and why."""
    from ..model.kernel.compile import compiled

    import random

    header = g.header_example
    if "players" not in header and g.random_header is not None:  # a seeded setup: the same bytes each run
        header = g.random_header(random.Random(0), g.default_config())
    s = g.first_state(header)
    fast = compiled(g, s.cfg)
    rows = [f.to_json() for f in fast.fallbacks(s)]
    counts = fast.counts(s)
    if format is Fmt.json:
        out.print(json_text({"compiled": counts, "interpreted": rows}, indent=True),
                  exact=True)
        return
    from rich.table import Table

    said = ", ".join(f"{k}s {n} of {m}" for k, (n, m) in counts.items())
    t = Table(title=f"{g.title} — compiled: {said}; interpreted:", show_lines=False)
    for col in ("§", "kind", "rule", "why"):
        t.add_column(col, overflow="fold")
    for r in rows:
        t.add_row(r["cite"], r["kind"], r["rule"], r["why"])
    out.print(t)
