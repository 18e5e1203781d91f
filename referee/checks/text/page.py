"""What the text detectors read: a rulebook's sections and units (rulebook/text.py's one
splitter) with the raw lines beside them, so a detector can ask what follows a unit on its
line or on the next line that is not blank."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from ...rulebook.text import Section, Sentence, read_lines, sections

# The numbers a rulebook writes in words, and a count in digits or words (a regex fragment):
# one list for the detectors that read counts (unused, values, amounts, twice)
NUMBER_WORDS = ("deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix")
COUNT = r"(?:\d+|" + "|".join(NUMBER_WORDS) + ")"
# French words written with a capital for emphasis or at a line's start inside a unit:
# no terms (terms.py), no abbreviations (abbrev.py).
FUNCTION = frozenset({
    "le", "la", "les", "un", "une", "des", "du", "de", "il", "ils", "elle", "elles", "on", "ce", "cet",
    "cette", "ces", "si", "quand", "chaque", "pour", "dans", "au", "aux", "en", "et", "ou", "ni", "mais",
    "puis", "ensuite", "alors", "attention", "ex", "exemple", "note", "astuce", "sauf", "non", "oui", "pas",
    "tous", "tout", "toute", "toutes", "après", "avant", "pendant", "lors", "dès", "entre", "avec", "sans",
})
# A list item's marker, as the splitter reads it (rulebook/text.py rule 3).
MARKER = re.compile(r"^\s*(?:[•\-*–]|\d{1,2}[.)])\s+")
# Punctuation that closes a sentence or introduces what follows it.
CLOSING = ".!?…:;"


@dataclass(frozen=True)
class Page:
    game: str
    file: str  # the rulebook file's name, for the findings' sources
    sections: tuple[Section, ...]
    lines: tuple[str, ...]  # the raw lines, 0-based (a unit's line is 1-based)
    components: frozenset[str] = frozenset()  # units the coverage map marks as component facts

    @property
    def units(self) -> tuple[Sentence, ...]:
        return tuple(u for s in self.sections for u in s.sentences)

    @property
    def heading_lines(self) -> frozenset[int]:
        """The 1-based lines that are a section's heading (not a sentence of it)."""
        return frozenset(s.line for s in self.sections if s.title is not None)

    def raw(self, line: int) -> str:
        return self.lines[line - 1] if 1 <= line <= len(self.lines) else ""

    def next_line(self, line: int) -> int | None:
        """The first line after `line` that is not blank, or None at the end of the file."""
        for k in range(line + 1, len(self.lines) + 1):
            if self.raw(k).strip():
                return k
        return None

    def is_item(self, line: int) -> bool:
        return bool(MARKER.match(self.raw(line)))

    def source(self, line: int) -> str:
        return f"{self.file}:{line}"


def page(game: str, path: Path | str, found: tuple[Section, ...] | list[Section] | None = None,
         components: frozenset[str] = frozenset()) -> Page:
    """The page of a rulebook file; `found` its sections when the caller already has them
    (a Book, read with the game's outline); `components` the units the coverage map marks as
    component facts (a name printed on a card is defined by the card)."""
    secs = tuple(found) if found is not None else tuple(sections(path))
    return Page(game, Path(path).name, secs, tuple(read_lines(path)), frozenset(components))


def plain(text: str) -> str:
    """A text in one Unicode form (NFC): an accented letter typed two ways reads as one."""
    return unicodedata.normalize("NFC", text)


def words(text: str) -> list[str]:
    """The words of a text, lower-cased, NFC, apostrophes kept inside a word (l'Avant-Poste)."""
    return re.findall(r"[\w’'-]+", plain(text).lower())


def stem(word: str) -> str:
    """A word's plural taken off (`rounds`, `nouveaux` -> `round`, `nouveau`), so that one
    term is one key."""
    return word[:-1] if len(word) > 3 and word[-1] in "sx" else word


def slug(text: str) -> str:
    """A stable id piece for a term: lower-case words joined by '-' (accents kept)."""
    return "-".join(re.findall(r"\w+", plain(text).lower())) or "text"
