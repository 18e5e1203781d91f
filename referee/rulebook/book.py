"""A game's rulebook: its seed file and, where the text has no usable headings, the outline
in the game's folder (outline.toml: each cite and the line it begins at).

The seed files live in `shared/seeds/` beside the repository (`../shared` in CI and in a
checkout); the nearest `shared/seeds` up the tree from this package is used, or the folder
named by REFEREE_SEEDS."""
from __future__ import annotations

import importlib
import os
import shlex
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.errors import Unreadable, printable
from referee.rulebook.text import Section, blank_above, digest, read_lines, section_of, sections

SEEDS_ENV = "REFEREE_SEEDS"


def seeds_dir() -> Path | None:
    """Where the seed rulebooks are, or None when they are not on this machine."""
    if os.environ.get(SEEDS_ENV):
        return Path(os.environ[SEEDS_ENV])
    # up from where the user runs referee (an installed copy sits in site-packages, far from
    # the checkout: `pip install . && referee audit` in the clone), then up from this file
    here = Path.cwd().resolve()
    for up in [here, *here.parents, *Path(__file__).resolve().parents]:
        if (up / "shared" / "seeds").is_dir():
            return up / "shared" / "seeds"
    return None


def seeds_fault(game) -> str | None:
    """Why REFEREE_SEEDS, when set, gives no seed rulebook of `game` to read: the variable,
    where it pointed and why (no such folder, not a folder, no such file in it, not a
    regular file); None when it is unset or the seed is there. A variable the user set that
    points nowhere is said, never taken for "no rulebook on this machine" (s53 G10:
    coverage printed a report from its map alone, exit 0); so is a file there that is not
    the game's rulebook (`foreign`: another game's book, a text of no game)."""
    from referee.model.kernel.inputs import not_regular

    value = os.environ.get(SEEDS_ENV)
    if not value:
        return None
    where, name = Path(value), Path(game.rulebook).name
    # as a shell would take it back, a newline escaped too (it would forge a line of output, s62)
    said = f"{SEEDS_ENV}={printable(shlex.quote(value))}"
    # os.path's tests, not Path's: they answer False for any OSError (a name too long too)
    if not os.path.exists(where):
        return f"{said}: no such folder (it should hold the seed rulebooks, {name} among them)"
    if not os.path.isdir(where):
        return f"{said}: not a folder (it should hold the seed rulebooks, {name} among them)"
    path = where / name
    if not os.path.exists(path):  # a link to nothing is no file either
        return f"{said}: no {name} in this folder ({game.name}'s rulebook)"
    what = not_regular(path)  # a FIFO would wait forever, /dev/zero never end
    if what:
        return f"{said}: {name} there is {what}, not a regular file"
    # a file of the seed's name that is another game's book (or no book) would be read as
    # this game's: every finding placed at lines it does not have (s60 review)
    try:
        why = foreign(game, book(game, path), path)
    except Unreadable as e:  # not UTF-8, too large, empty: what book says of it
        why = e.located()
    return f"{said}: {why}" if why else None


def game_folder(game) -> Path:
    """The folder of the module that builds `game` (its outline and coverage map live there)."""
    from referee.model import _target
    module = importlib.import_module(_target(game.name).partition(":")[0])
    return Path(module.__file__).parent


def read_outline(path: Path) -> list[tuple[str, int, bool, str | None]]:
    """outline.toml -> [(cite, line, title, hash)], in order; a located error for a bad entry.
    `hash`: the short hash of the seed's line the § begins at (text.digest), by which the
    outline finds the § in an edited copy (anchored)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise Unreadable(f"not a readable TOML outline: {e}", file=str(path)) from None
    out = []
    for i, row in enumerate(data.get("section", [])):
        if not (isinstance(row, dict) and isinstance(row.get("cite"), str) and row["cite"].startswith("§")
                and type(row.get("line")) is int and set(row) <= {"cite", "line", "title", "hash"}
                and isinstance(row.get("hash", ""), str)):
            raise Unreadable(f"section[{i}]: needs cite (a '§' string) and line (an int), "
                             "optionally title (a bool) and hash (a string), and nothing else", file=str(path))
        out.append((row["cite"], row["line"], bool(row.get("title", False)), row.get("hash")))
    return out


@dataclass(frozen=True)
class Book:
    game: str
    path: Path  # the rulebook file read
    sections: tuple[Section, ...]

    def section(self, cite: str) -> Section | None:
        return section_of(self.sections, cite)


def seed_file(game) -> Path | None:
    """The game's seed rulebook on this machine, or None."""
    where = seeds_dir()
    if where is None:
        return None
    path = where / Path(game.rulebook).name
    return path if path.is_file() else None


def book(game, path: Path | str | None = None) -> Book:
    """The rulebook of `game` (a Game record): `path`, or its seed file; Unreadable when
    neither can be read."""
    if path is None:
        fault = seeds_fault(game)  # REFEREE_SEEDS pointing nowhere, or at another book
        path = None if fault else seed_file(game)
        if path is None:
            raise Unreadable(fault or f"the rulebook {Path(game.rulebook).name} is not on this machine "
                             f"(looked for shared/seeds up the tree; set {SEEDS_ENV} to its folder)")
    outline_file = game_folder(game) / "outline.toml"
    outline = read_outline(outline_file) if outline_file.is_file() else None
    if outline is None:
        return Book(game.name, Path(path), tuple(sections(path)))
    lines = read_lines(path)
    return Book(game.name, Path(path), tuple(sections(path, anchored(outline, lines), lines)))


def anchored(outline: list[tuple[str, int, bool, str | None]], lines: list[str]) -> list[tuple[str, int, bool]]:
    """The outline moved onto `lines`, a rulebook that may have lines added or taken out (an
    edited copy of the seed): each § begins on the line whose text has the hash the outline
    records for it (its heading, or the first line of its text), the one nearest where it
    was, at or after the § before (two may begin on one line: a heading and its first item);
    a § whose line was edited keeps its distance to the § before, as in the seed; one that
    would begin past the end of a shortened book is not there (its sentences are gone). On
    the seed itself every line is found where the outline says. A heading whose line is not
    found is read as text. Rows without a hash are read as given."""
    above = blank_above(lines)  # sections() counts from the text's top
    where: dict[str, list[int]] = {}  # a line's hash -> those lines, counted from the top
    for k, raw in enumerate(lines[above:], 1):
        if raw.strip():
            where.setdefault(digest(raw.strip()), []).append(k)
    last = len(lines) - above
    out, shift, floor = [], 0, 1  # floor: the line the § before begins at
    for cite, line, title, h in outline:
        after = [k for k in where.get(h, ()) if k >= floor] if h else []
        if after:
            shift = min(after, key=lambda k: (abs(k - (line + shift)), k)) - line
        start = max(line + shift, floor)
        if start > last:
            continue
        floor = start
        # a heading no longer there (edited, or a book that is not this one) is not taken for a
        # title: its line is read as text, and the sentences on it are shown, not swallowed
        out.append((cite, start, title and (not h or bool(after))))
    return out


def foreign(game: Any, b: Any, path: Path, cut: bool = False) -> str | None:
    """Why book `b`, read from `path`, is not `game`'s rulebook, or None: it holds none of
    the §s the rules cite, or keeps fewer than a quarter of the sentences the game's coverage
    map knows. The audit refuses such a book (its findings would point at lines the book no
    longer has); `referee coverage` (cut=True) shows a copy cut short, one that keeps some of
    the game's sentences and whose own sentences are mostly the game's, since what the cut
    took out is what it shows (another game's book with one § pasted in is still refused)."""
    # a file of text that holds none of the §s the rules cite is not this game's rulebook:
    # placed in it, every finding would point at a line it does not have
    found = {s.cite for s in b.sections} - {"§Intro"}
    if not found & _cited(game):
        return (f"{path}: none of the §s {game.name}'s rules cite is in this file "
                f"(found {', '.join(sorted(found)) or 'no heading'}): not {game.name}'s rulebook?")
    # a book read by the game's outline (no headings: Welcome, Twister, Draft) has its §s
    # in any text; its sentences are the game's own: most of them are in an edited book
    kept, of, here = _sentences_kept(game, b)
    if of and kept * 4 < of and not (cut and kept and kept * 2 >= here):
        return (f"{path}: {kept} of the {of} sentences of {game.name}'s rulebook (its coverage map's "
                f"hashes) are in this file: not {game.name}'s rulebook?")
    return None


def _sentences_kept(game: Any, b: Any) -> tuple[int, int, int]:
    """(how many of the sentences the game's coverage map knows are in book b, how many it
    knows, how many b holds): an edited rulebook keeps most, another game's book or a text of
    no game none, a copy cut short few, and little else."""
    from .coverage import map_path, read_map

    try:
        known = {e.hash for e in read_map(map_path(game))}
    except Unreadable:  # no map (a sixth game): nothing to compare with
        return 0, 0, 0
    units = [u.hash for s in b.sections for u in s.sentences]
    return len(known & set(units)), len(known), len(units)


def _cited(game: Any) -> set[str]:
    """Every § a rule of `game` cites (a cite may name several: "§7.2 §6.1")."""
    from ..model.kernel.rules import cites
    from .ids import rules

    return {c for r in rules(game).values() for c in cites(r.cite or "")}
