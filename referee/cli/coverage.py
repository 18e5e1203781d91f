"""`referee coverage GAME`: the rulebook § by §, unit by unit, with the rules that encode each
unit, those the shipped examples exercise, and the figures (docs/coverage.md)."""
from __future__ import annotations

import unicodedata
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Any

import typer

from ..errors import printable
from .common import BAD, FOUND, OK, PATH, Fmt, err, game_or_exit, json_text, out, seeds_or_exit
from .gamename import GameName

MARK = MappingProxyType({"encoded": "o", "not encoded": "-", "stale": "!", "unmapped": "?"})


def _where(path: Path) -> str:
    """A path as the report shows it: relative to the checkout when inside it (same bytes
    on every machine)."""
    root = Path(__file__).resolve().parents[2]
    try:
        return str(path.resolve().relative_to(root))
    except ValueError:
        return str(path)


def _figures(f: dict) -> str:
    return (f"{f['units']} unit{'s' if f['units'] != 1 else ''}: {f['encoded']} encoded, {f['exercised']} exercised, "
            f"{f['not encoded']} not encoded" + "".join(f", {f[k]} {k}" for k in ("stale", "unmapped", "moved", "gone") if f.get(k)))


def _unit(u: dict) -> list[str]:
    ex = {x["id"] for x in u.get("exercised", [])}
    mark = "+" if ex else MARK[u["status"]]
    pos = f"#{u['index']}" + (f".{u['clause']}" if "clause" in u else "")
    head = f"  {mark} {pos:<6} L{u['line']:<4} {u['hash']}  "
    if u["status"] == "encoded":
        body = " ".join(r["id"] + ("*" if r["id"] in ex else "") + ("" if r["resolves"] else "(no such rule)")
                        for r in u["rules"])
    elif u["status"] == "not encoded":
        body = f"not encoded: {u['reason']}"
    elif u["status"] == "stale":
        body = (f"stale: mapped at line {u['mapped']['line']} hash {u['mapped']['hash']}; "
                f"read again: {' '.join(u['reread'])}")
    else:
        body = "unmapped: no entry in the map"
    if "moved" in u:  # the text unchanged, its rules kept: where the map had it
        m = u["moved"]
        body += f" (moved: mapped at {m['at']}, line {m['line']})" if m["at"] != u["at"] else \
            f" (moved: mapped at line {m['line']})"
    lines = [head + body]
    if u.get("why"):
        lines.append(f"      ({u['why']})")
    if u.get("text"):  # a no-break space of French typography shown as the space it is, not escaped
        lines.append("      | " + "".join(" " if unicodedata.category(c) == "Zs" else c for c in u["text"]))
    return lines


def _text(rep: dict, title: str) -> str:
    lines = [f"{title}: {rep['rulebook']} (map {rep['map']})"]
    ex = rep["exercised"]
    lines.append(f"exercised: by {ex['by']}; counts {ex['counts']}" if ex else
                 "exercised: not established: no example logs here (examples/ ships in a checkout, "
                 "not in an installed copy)")
    lines.append("marks: + encoded and exercised (* the rules exercised), o encoded, - not encoded, "
                 "! stale, ? unmapped")
    for sec in rep["sections"]:
        lines.append("")
        lines.append(f"{sec['cite']} (line {sec['line']}): {_figures(sec['figures'])}")
        for u in sec["units"]:
            lines.extend(_unit(u))
    for g in rep["gone"]:
        lines.append(f"gone: {g['at']} (map line {g['row']}): no such unit in the rulebook; "
                     f"read again: {' '.join(g['reread'])}")
    lines.append("")
    lines.append(f"all: {_figures(rep['figures'])}")
    return "\n".join(lines)


def coverage(
    game: Annotated[GameName, typer.Argument(help="the game", show_default=False)],
    rulebook: Annotated[Path | None, typer.Option("--rulebook", parser=PATH, metavar="<path>", help="the rulebook file to read, or a "
                                                  "folder holding it by name (default: the game's seed, when it is here)")] = None,
    format: Annotated[Fmt, typer.Option("--format", "-f")] = Fmt.text,
) -> None:
    """Show the rulebook § by §, sentence by sentence: the rules that encode each one, those
    the shipped examples exercise, and the figures. Exit 1 when a sentence is stale or
    unmapped (the rulebook changed since the map was written)."""
    from ..checks.rulebook import locate, refused
    from ..errors import Unreadable
    from ..rulebook.book import book, foreign, seed_file
    from ..rulebook.coverage import map_path, read_map
    from ..rulebook.exercised import exercised
    from ..rulebook.report import book_from_map, report

    g = game_or_exit(game)
    path = map_path(g)
    if not path.is_file():
        err.print(f"referee: {g.name} has no coverage map ({_where(path)})")
        raise typer.Exit(BAD)
    if rulebook is None:
        seeds_or_exit([g])
    elif rulebook.is_dir():  # a folder holding the book by name, as the audit takes it
        found = locate(g, rulebook)
        if found is None:  # said as the audit says it (checks/rulebook.py: refused)
            err.print(f"referee: --rulebook {printable(refused(g, rulebook) or str(rulebook))}", markup=False)
            raise typer.Exit(BAD)
        rulebook = found
    try:
        entries = read_map(path)
        if rulebook is not None or seed_file(g) is not None:
            b, text = book(g, rulebook), True
        else:
            b, text = book_from_map(g, entries, g.rulebook), False
    except Unreadable as e:
        err.print(f"referee: {e.located()}")
        raise typer.Exit(BAD) from None
    # another game's book was shown as this game's, 0 encoded and exit 1; the audit refuses it
    why = foreign(g, b, rulebook, cut=True) if rulebook is not None else None
    if why:
        err.print(f"referee: --rulebook {why}", markup=False)
        raise typer.Exit(BAD)
    rep: dict[str, Any] = report(g, b, entries, exercised(g), text=text, map_file=_where(path))
    if format is Fmt.json:
        out.print(json_text(rep, indent=True), exact=True)
    else:
        out.print(_text(rep, g.title), markup=False)
    f = rep["figures"]
    raise typer.Exit(FOUND if f["stale"] or f["unmapped"] or rep["gone"] else OK)
