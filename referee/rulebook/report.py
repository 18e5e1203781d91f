"""The coverage of a rulebook, § by §, unit by unit: what encodes each unit (the map), which
of those rules the shipped examples exercise (exercised.py), and the figures; a unit whose
text changed since it was mapped is stale, naming the rules to read again.

Each unit gets one status:
- `encoded` — the map names rules for it (and `exercised` lists those an example exercises);
- `not encoded` — the map gives a reason;
- `stale` — the map has an entry here but the unit's hash (or line) differs: the rulebook was
  edited; the entry's rules are listed to be read again;
- `unmapped` — no entry for this unit;
and an entry pointing at no unit of the file is listed apart (`gone`)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from referee.rulebook.book import Book
from referee.rulebook.coverage import Entry
from referee.rulebook.exercised import Exercised
from referee.rulebook.ids import resolve, rules

STATUSES = ("encoded", "not encoded", "stale", "unmapped")


def _figures(units: list[dict]) -> dict[str, int]:
    f = {"units": len(units), "encoded": 0, "exercised": 0, "not encoded": 0, "stale": 0, "unmapped": 0}
    for u in units:
        f[u["status"]] += 1
        f["exercised"] += bool(u.get("exercised"))
    return f


def report(game, book: Book, entries: list[Entry], ex: Exercised | None, *, text: bool,
           map_file: str = "") -> dict[str, Any]:
    """The coverage report as plain data (JSON-ready, the same bytes for the same input).
    `text`: include each unit's own text (read from the rulebook file, never stored)."""
    known = rules(game)
    by_at = {e.at: e for e in entries}
    seen = set()
    sections = []
    for s in book.sections:
        units = []
        for u in s.sentences:
            e = by_at.get(u.key)
            row: dict[str, Any] = {"at": u.key, "index": u.index, "line": u.line, "hash": u.hash}
            if u.clause:
                row["clause"] = u.clause
            if e is None:
                row["status"] = "unmapped"
            else:
                seen.add(e.at)
                if (e.hash, e.line) != (u.hash, u.line):
                    row.update(status="stale", mapped={"line": e.line, "hash": e.hash},
                               reread=list(e.rules) or [f"not encoded: {e.reason}"])
                elif e.rules:
                    ids = [r.partition("@")[0] for r in e.rules]
                    row.update(status="encoded", rules=[
                        {"id": i, "cite": known[i].cite if i in known else None, "resolves": resolve(known, r)[1] is None}
                        for i, r in zip(ids, e.rules)])
                    if ex is not None:
                        row["exercised"] = [{"id": i, "by": list(ex.by[i])} for i in ids if i in ex.by]
                else:
                    row.update(status="not encoded", reason=e.reason)
                if e.why:
                    row["why"] = e.why
            if text:
                row["text"] = u.text
            units.append(row)
        sec: dict[str, Any] = {"cite": s.cite, "line": s.line, "units": units, "figures": _figures(units)}
        if s.parent:
            sec["parent"] = s.parent
        sections.append(sec)
    everything = [u for sec in sections for u in sec["units"]]
    gone = [{"at": e.at, "line": e.line, "hash": e.hash, "row": e.row, "reread": list(e.rules) or [f"not encoded: {e.reason}"]}
            for e in entries if e.at not in seen]
    return {
        "game": game.name, "rulebook": Path(book.path).name, "map": map_file,
        "exercised": None if ex is None else {
            "by": f"the {ex.logs} shipped example logs of examples/{game.name}/, replayed",
            "counts": "an action played legally, a Need that refuses an example's first illegal step, "
                      "a ruling or option the replay's trace shows deciding, an accepted header (setup), "
                      "a checked result line (result)"},
        "sections": sections, "gone": gone, "figures": _figures(everything),
    }


def book_from_map(game, entries: list[Entry], where: str) -> Book:
    """Without the rulebook file: the sections and units the map itself records (positions and
    hashes, no text), so that § / position / hash / rules can still be shown."""
    from referee.rulebook.text import Section, Sentence

    order: dict[str, list[Sentence]] = {}
    for e in entries:
        cite, _, idx = e.at.rpartition("#")
        order.setdefault(cite, []).append(Sentence(cite, int(idx) if idx.isdigit() else 0, e.line, 0, e.hash, ""))
    secs = tuple(Section(c, us[0].line, None, tuple(us)) for c, us in order.items())
    return Book(game.name, Path(where), secs)
