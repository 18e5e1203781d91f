"""The state at a problem as pictures (`referee replay --explain`), drawn with rich from a
game's readable view (`Game.show`), whatever the game:

- `"board"`, `{"rows": [text rows], "legend": text}`, is drawn as a grid with its column and row numbers
  (every other row when the rows alternate squares and what lies between them, as
  Dungeon Twister's do), tokens coloured by player (a capital letter first: A, B, ...);
- `"players"`, their names or their number, makes every list of that length a column
  of one table: a row per field, a column per player (Dungeons Raiders' buildings, tokens
  and glory side by side);
- the rest, one `name = value` line each, as before.

`svg(view)` gives the same picture as SVG text (for an HTML page); the bytes depend on
the view only."""
from __future__ import annotations

import io
import re
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

_TOKEN = re.compile(r"[A-Z][A-Za-z]|[a-z][A-Z]")
STYLES = ("bold blue", "bold red", "bold green", "bold magenta", "bold yellow", "bold cyan")


class Line(Text):
    """A `name = value` line: printed as one line, however long (the console soft-wraps)."""


def _players(view: dict) -> list[str]:
    p = view.get("players")
    if isinstance(p, int) and not isinstance(p, bool):
        return [f"player {i + 1}" for i in range(p)]
    return [str(x) for x in p] if isinstance(p, list) else []


def _cell(x: Any) -> str:
    """One value of the table, on as many lines as it has entries."""
    if isinstance(x, dict):
        return "\n".join(f"{k}: {_cell(v)}" for k, v in x.items()) or "-"
    if isinstance(x, list):
        return "\n".join(_cell(v) for v in x) or "-"
    return str(x)


def board(rows: list[str]) -> Text:
    """The grid: the squares are the 2-character cells of the rows (3 characters apart)."""
    squares_only = len(rows) > 1 and all(not re.search(r"[^\s|=:-]", r) for r in rows[1::2])
    width = (max(map(len, rows)) + 1) // 3
    t = Text("    " + "".join(f"{x:<3}" for x in range(width)).rstrip() + "\n", style="dim")
    for i, row in enumerate(rows):
        label = (i // 2 if squares_only else i) if (not squares_only or i % 2 == 0) else None
        t.append(f"{'' if label is None else label:>2}  ", style="dim")
        line = Text(row.rstrip())
        for m in _TOKEN.finditer(row):
            if m.start() % 3 == 0:  # a square's cell, not a separator
                line.stylize(STYLES[(ord(m.group()[0].upper()) - ord("A")) % len(STYLES)]
                             + ("" if m.group()[0].isupper() else " dim"), m.start(), m.end())
        t.append(line)
        if i < len(rows) - 1:
            t.append("\n")
    return t


def renderables(view: dict) -> list[RenderableType]:
    """The plain values first (phase, turn...), then the board, the players' table, and the
    longer values."""
    names = _players(view)
    spec = view.get("board")
    rows = spec.get("rows") if isinstance(spec, dict) else None
    drawn = isinstance(rows, list) and bool(rows) and all(isinstance(r, str) for r in rows)
    per_player = {k: v for k, v in view.items() if names and k not in ("players", "board")
                  and isinstance(v, list) and len(v) == len(names)}
    rest = {k: v for k, v in view.items() if k not in per_player and k != "players" and not (drawn and k == "board")}
    plain = [k for k, v in rest.items() if not isinstance(v, (list, dict))]
    out: list[RenderableType] = [Line(f"{k} = {rest.pop(k)}") for k in plain]
    if drawn:
        out.append(board(rows))
        if spec.get("legend"):
            out.append(Line(str(spec["legend"])))
    if per_player:
        table = Table(show_lines=True)  # cells as Text: never read as markup, however printed
        table.add_column("")
        for name in names:
            table.add_column(Text(name))
        for k, v in per_player.items():
            table.add_row(Text(k), *[Text(_cell(x)) for x in v])
        out.append(table)
    out.extend(Line(f"{k} = {v}") for k, v in rest.items())
    return out


def show(console: Console, view: dict, indent: int = 4) -> None:
    """Print the view under a problem's line (indented like the problem's details)."""
    from rich.padding import Padding

    for r in renderables(view):
        if isinstance(r, Line):
            console.print(" " * indent + r.plain, markup=False, highlight=False)
        else:
            console.print(Padding(r, (0, 0, 0, indent), expand=False), markup=False, highlight=False)


def svg(view: dict, title: str = "referee --explain", width: int = 110) -> str:
    console = Console(record=True, file=io.StringIO(), width=width, force_terminal=True, color_system="truecolor",
                      emoji=False)  # ":100:" in a board stays as written
    console.print(Group(*renderables(view)), markup=False, highlight=False)
    return console.export_svg(title=title)
