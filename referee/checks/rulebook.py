"""Where a § stands in its rulebook file: the line of its heading, for SARIF's
`region.startLine` and for ordering a report as the book reads.

The rulebook is found from the Game's `rulebook` (a path relative to ../shared, e.g.
`seeds/000_….txt`), or given (`--rulebook`: the file, or a folder holding it). A § is found
where the one splitter of the rulebooks (referee/rulebook/text.py) puts its section: a
numbered heading, a title line, an inline heading, or the game's outline for the books
whose parts have no headings (Welcome, Twister, Trolls); a § it does not know gets no line,
and the report orders it by name."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


def locate(game: Any, given: Path | None = None) -> Path | None:
    """The rulebook file of `game`: `given` (a file, or a folder holding the file by name),
    else the game's seed (referee/rulebook/book.py: the nearest shared/seeds)."""
    from ..rulebook.book import seed_file

    if given is None:
        return seed_file(game)
    rel = Path(game.rulebook)
    tries = [given] if given.is_file() else [given / rel.name, given / rel]
    return next((p.resolve() for p in tries if p.is_file()), None)


def shown(game: Any, given: Path | None = None) -> str:
    """The rulebook a report names: the file --rulebook gave, as the user wrote it (the file
    inside a folder given), else the game's own (its seed's name, the same on every machine)."""
    if given is None:
        return str(game.rulebook)
    return str(given if given.is_file() else given / Path(game.rulebook).name)


@dataclass(frozen=True)
class Rulebook:
    """The rulebook's sections as the one splitter reads them (referee/rulebook/text.py,
    with the game's outline where the text has no headings)."""

    path: Path | None
    sections: tuple = field(default=(), repr=False)
    name: str = ""  # what the report calls it (shown(): --rulebook as given, else the game's)

    @classmethod
    def of(cls, game: Any, given: Path | None = None) -> "Rulebook":
        from ..errors import Unreadable
        from ..rulebook.book import book

        path, name = locate(game, given), shown(game, given)
        if path is None:
            return cls(None, name=name)
        try:
            return cls(path, book(game, path).sections, name)
        except Unreadable:  # not a regular file, too large, not UTF-8: placed at no line
            return cls(None, name=name)

    @classmethod
    def from_lines(cls, path: Path, lines: tuple[str, ...]) -> "Rulebook":
        """A rulebook given as its lines (a test's, or one read already)."""
        from ..rulebook.text import sections

        return cls(path, tuple(sections(path, lines=lines)))

    def line_of(self, cite: str) -> int | None:
        """The 1-based line of the §'s heading (its first section's, for a cite naming
        several), or None."""
        from ..rulebook.text import locate as sections_named

        got = sections_named(self.sections, cite or "")
        return got[0].line if got else None

    def order(self, cite: str) -> tuple:
        """A sort key in the book's order: numbered §s by their numbers (§3.4 < §3.10 <
        §10.1), headings by their line in the file, else by name; no § last."""
        m = re.match(r"§(\d+(?:\.\d+)*)", cite or "")
        if m:
            return (0, tuple(int(x) for x in m.group(1).split(".")), "", (), cite)
        if not cite:
            return (2, (), "", (), "")
        line = self.line_of(cite)
        head, _, rest = cite[1:].partition(".")
        sub = tuple(int(x) for x in re.findall(r"\d+", rest))
        # by name without accents or case: Équipement files under E
        plain = unicodedata.normalize("NFKD", head).encode("ascii", "ignore").decode().casefold()
        return (1, (line if line is not None else 10**9,), plain, sub, cite)


def refused(game: Any, given: Path) -> str | None:
    """Why `given` (a file, or a folder holding it) cannot be read as `game`'s rulebook, or
    None: a path that is not there, a folder without the game's rulebook, a file that cannot
    be read as one (a device, a FIFO, not UTF-8, empty, too large), one that holds none of the
    §s the rules cite, or a book read by the game's outline that keeps fewer than a quarter of
    its sentences. The message starts with the path; `referee audit --rulebook` and
    `Rules.audit(rulebook=...)` both read it (the audit used to run and print as if no
    rulebook had been given)."""
    from ..errors import Unreadable
    from ..files import missing_why
    from ..rulebook.book import book, foreign

    if not given.exists():
        return f"{given}: {missing_why(given, 'file or folder')} (the rulebook, or a folder holding it)"
    path = locate(game, given)
    if path is None and given.is_dir():
        name = Path(game.rulebook)
        there = [p for p in (given / name.name, given / name) if p.exists() or p.is_symlink()]
        if not there:
            return (f"{given}: a folder without {game.name}'s rulebook (looked for {given / name.name} and "
                    f"{given / name})")
        path = there[0]  # something under the book's name that is not a file (a FIFO, a folder): book says what
    try:
        b = book(game, path or given)  # not a regular file: book says what it is
    except Unreadable as e:
        return e.located()
    return foreign(game, b, path or given)
