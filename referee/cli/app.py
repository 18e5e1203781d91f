"""The `referee` command: audit, replay, scenarios, differential, graph, rules, coverage, schema (one module per
command)."""
from __future__ import annotations

from typing import Annotated

import typer

from . import audit, coverage, differential, graph, replay, rules, scenarios, schema

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


def _summary(command) -> str:
    """The first sentence of a command's docstring, on one line: the listing of `referee
    --help` (typer would show the whole docstring there, broken where its source lines end)."""
    import re

    text = " ".join((command.__doc__ or "").split())
    end = re.search(r"\.\s+(?=[A-Z])", text)  # a sentence ends where the next begins ("e.g. x" goes on)
    return text if end is None else text[:end.start() + 1]


for _name, _command in (("audit", audit.audit), ("replay", replay.replay), ("scenarios", scenarios.scenarios),
                        ("differential", differential.differential), ("graph", graph.graph), ("rules", rules.rules),
                        ("coverage", coverage.coverage), ("schema", schema.schema)):
    app.command(_name, short_help=_summary(_command))(_command)


def main() -> None:
    """The command; a usage error is one line on stderr (`referee audit: Invalid value ...`,
    soft-wrapped like every message), not a box drawn 80 columns wide, exit 2."""
    import sys

    from .common import err

    try:
        code = app(standalone_mode=False)
    except typer.TyperException as e:  # usage errors (exit 2)
        if type(e).__name__ != "NoArgsIsHelpError":  # that one has printed the help already
            ctx = getattr(e, "ctx", None)
            where = ctx.command_path if ctx is not None else "referee"
            err.print(f"{where}: {e.format_message()} (see {where} --help)", markup=False)
        sys.exit(getattr(e, "exit_code", 2))
    except typer.Abort:
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)
