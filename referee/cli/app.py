"""The `referee` command: audit, replay, scenarios, graph, rules (one module per command)."""
from __future__ import annotations

import typer

from . import audit, graph, replay, rules, scenarios

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Check the rules of tabletop games, and the games people play with them.",
    pretty_exceptions_enable=False,
)
app.command("audit")(audit.audit)
app.command("replay")(replay.replay)
app.command("scenarios")(scenarios.scenarios)
app.command("graph")(graph.graph)
app.command("rules")(rules.rules)


def main() -> None:
    app()
