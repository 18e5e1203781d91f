"""The `referee` command: audit, replay, scenarios, graph, rules, schema (one module per command)."""
from __future__ import annotations

from typing import Annotated

import typer

from . import audit, graph, replay, rules, scenarios, schema

app = typer.Typer(
    add_completion=True,
    no_args_is_help=True,
    help="Check the rules of tabletop games, and the games people play with them.",
    pretty_exceptions_enable=False,
)
def _version(value: bool) -> None:
    if value:
        from .. import __version__

        typer.echo(f"referee {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="print the version and exit")] = False,
) -> None:
    """Check the rules of tabletop games, and the games people play with them."""


app.command("audit")(audit.audit)
app.command("replay")(replay.replay)
app.command("scenarios")(scenarios.scenarios)
app.command("graph")(graph.graph)
app.command("rules")(rules.rules)
app.command("schema")(schema.schema)


def main() -> None:
    app()
