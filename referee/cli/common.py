"""What the commands share: a game by its name, output formats, exit codes, the stderr console."""
from __future__ import annotations

from enum import Enum
from pathlib import Path

import typer
from rich.console import Console

from ..model import load, names
from ..model.kernel import BadInput

err = Console(stderr=True, highlight=False, soft_wrap=True, markup=False, emoji=False)  # one line however narrow the
# terminal; a path or a value a user wrote is printed as written, never read as rich markup ("[red]" in a file name)
# nor as an emoji code ("game.jsonl:100: ..." lost its line number to a 💯)
out = Console(highlight=False, soft_wrap=True, emoji=False)

OK, FOUND, BAD = 0, 1, 2  # clean; a finding or an illegal game; usage or input error


class Fmt(str, Enum):
    text = "text"
    json = "json"


def game_or_exit(name: str):
    name = getattr(name, "value", name)
    if name not in names():
        err.print(f"referee: unknown game {name!r} (known: {', '.join(names())})")
        raise typer.Exit(BAD)
    return load(name)


def options_or_exit(options: list[str] | None) -> dict[str, str]:
    """--option NAME=VALUE (repeatable) as a dict; the names and values are checked by the
    game's configure (kernel/inputs.py:choose_options), which names the known ones."""
    opts = {}
    for o in options or []:
        k, sep, v = o.partition("=")
        if not sep:
            err.print(f"referee: --option takes NAME=VALUE, got {o!r}")
            raise typer.Exit(BAD)
        opts[k] = v
    return opts


def config_or_exit(game, options: list[str] | None, components: Path | None, prefer: str | None):
    opts = options_or_exit(options)
    try:
        return game.configure(opts, components, prefer)
    except BadInput as e:
        err.print(f"referee: {e}")
        raise typer.Exit(BAD) from None
