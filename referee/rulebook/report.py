"""The coverage of a rulebook, § by §, unit by unit: what encodes each unit (the map), which
of those rules the shipped examples exercise (exercised.py), and the figures; a unit whose
text changed since it was mapped is stale, naming the rules to read again.

Each unit gets one status:
- `encoded` — the map names rules for it (and `exercised` lists those an example exercises);
- `not encoded` — the map gives a reason;
- `stale` — the map has an entry here but the unit's text (its hash) differs: the rulebook
  was edited; the entry's rules are listed to be read again;
- `unmapped` — no entry for this unit;
and an entry pointing at no unit of the file is listed apart (`gone`).

A unit is matched to its entry by its text first: the entry at its place with its hash, else
an entry with its hash elsewhere (a line added above it, a section boundary that moved), which
keeps its rules and is reported `moved` (where the map had it); only then is an entry at its
place with another hash taken as the same unit edited (`stale`). A blank line added at the top
of a book moves every unit and changes none (s53 G16: all were stale)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from referee.rulebook.book import Book
from referee.rulebook.coverage import Entry
from referee.rulebook.exercised import Exercised
from referee.rulebook.ids import resolve, rules

STATUSES = ("encoded", "not encoded", "stale", "unmapped")


def _figures(units: list[dict]) -> dict[str, int]:
    f = {"units": len(units), "encoded": 0, "exercised": 0, "not encoded": 0, "stale": 0, "unmapped": 0, "moved": 0}
    for u in units:
        f[u["status"]] += 1
        f["exercised"] += bool(u.get("exercised"))
        f["moved"] += "moved" in u
    return f


def _match(units: list, entries: list[Entry]) -> dict[str, tuple[Entry, bool]]:
    """{unit key: (its entry, whether its text changed)}, each entry given to one unit at
    most, in three passes so that a moved unit is never taken for an edited one: the entry at
    the unit's place with its hash; then an unclaimed entry with its hash (of several, the
    one in the same §, then the nearest line, then the first in the map: the same answer
    every run); then the unclaimed entry at its place, whose text changed (stale)."""
    by_at = {e.at: e for e in entries}
    by_hash: dict[str, list[Entry]] = {}
    for e in entries:
        by_hash.setdefault(e.hash, []).append(e)
    got: dict[str, tuple[Entry, bool]] = {}
    claimed: set[str] = set()

    def claim(u, e: Entry, changed: bool) -> None:
        got[u.key] = (e, changed)
        claimed.add(e.at)

    for u in units:
        e = by_at.get(u.key)
        if e is not None and e.hash == u.hash:
            claim(u, e, False)
    for u in units:
        free = [e for e in by_hash.get(u.hash, ()) if e.at not in claimed] if u.key not in got else []
        if free:
            claim(u, min(free, key=lambda e: (e.at.rpartition("#")[0] != u.cite, abs(e.line - u.line), e.row)), False)
    for u in units:
        e = by_at.get(u.key)
        if u.key not in got and e is not None and e.at not in claimed:
            claim(u, e, True)
    return got


def report(game, book: Book, entries: list[Entry], ex: Exercised | None, *, text: bool,
           map_file: str = "") -> dict[str, Any]:
    """The coverage report as plain data (JSON-ready, the same bytes for the same input).
    `text`: include each unit's own text (read from the rulebook file, never stored)."""
    known = rules(game)
    match = _match([u for s in book.sections for u in s.sentences], entries)
    seen = {e.at for e, _ in match.values()}
    sections = []
    for s in book.sections:
        units = []
        for u in s.sentences:
            e, changed = match.get(u.key, (None, False))
            row: dict[str, Any] = {"at": u.key, "index": u.index, "line": u.line, "hash": u.hash}
            if u.clause:
                row["clause"] = u.clause
            if e is None:
                row["status"] = "unmapped"
            else:
                if not changed and (e.at, e.line) != (u.key, u.line):  # the same text, elsewhere
                    row["moved"] = {"at": e.at, "line": e.line}
                if changed:
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
            "by": " and ".join(x for x in (
                f"the {ex.logs - ex.worked} shipped example logs of examples/{game.name}/" if ex.logs > ex.worked else "",
                f"the {ex.worked} logs of the text's worked examples (worked/ beside its rules)" if ex.worked else "")
                if x) + ", replayed",
            "counts": "an action played legally, a Need that refuses an example's first illegal step, "
                      "a ruling or option the replay's trace shows deciding, an accepted header (setup), "
                      "a checked result line (result)"},
        # a sentence of the map the file no longer has is counted too: a script reading the
        # figures alone took a cut book for a clean one (s60 review)
        "sections": sections, "gone": gone, "figures": {**_figures(everything), "gone": len(gone)},
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
