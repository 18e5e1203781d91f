"""`referee schema NAME`: the JSON Schema of a game's log lines, of a replay verdict, or of a
scenario manifest (the files shipped in referee/schemas/, generated from the declarations)."""
from __future__ import annotations

from typing import Annotated

import typer

from .common import BAD, err, json_text, out

FORMATS = ("verdict", "manifest")


def schema(
    name: Annotated[str, typer.Argument(help="a game (referee games), or verdict, or manifest", show_default=False)],
) -> None:
    """Print a JSON Schema: of one line of a GAME's log (header, event, result), of a line of
    `referee replay -f json` (verdict), or of a scenario folder's manifest.json (manifest)."""
    from ..model import load, names

    if name in FORMATS:
        from ..replays import formats

        doc = formats.VERDICT if name == "verdict" else formats.MANIFEST
    elif name in names():
        from ..replays.schema import schema as log_schema

        game = load(name)
        doc = log_schema(game, game.default_config())
    else:
        err.print(f"referee: unknown schema {name!r} (known: {', '.join([*names(), *FORMATS])})", markup=False)
        raise typer.Exit(BAD)
    out.print(json_text(doc, indent=True), exact=True)
