"""A rulebook file read as sections (by §) of sentences, each with a short hash.

The splitter (one, documented here; the coverage map and its test use it, and so will the
detectors that read the whole text):

1. **Sections.** With an outline (a game whose text has no usable headings: book.py reads it
   from the game's folder), each outline entry `(cite, line, title)` opens a section at that
   file line; with `title` the line is the section's heading, not a sentence. Without one:
   - if any line reads `§<n>.<m>. <title>` (numbered headings), those lines, and only they,
     open sections, cited `§<n>.<m>` (a subtitle inside a § stays a sentence of it);
   - otherwise a *title line* (at most 6 words, not a list item, no closing `.`, `!`, `?`,
     `;` or `,`, between blank lines or at the file's edges) opens a section cited `§<title>`
     (a trailing ` :` dropped), and so does an *inline heading*: 1 to 4 words, capitalised
     and not all capitals, then `:` with no space before it and a capital after it, at the
     start of a sentence (`Mise en place: Au début…` opens `§Mise en place`).
   Text before the first heading is the section `§Intro`; the file's first line that is not
   blank, when it is a title line, is the book's title (the title of `§Intro`), in either case.
   Blank lines at the top of a file are not counted by an outline (its lines are the seed's,
   which starts with its title): a copy with a blank line added on top is read as the seed,
   each unit one line further down (s53 G16). A section whose cite extends another
   one's by `.x` or `/x` (`§Mise en place.6`, `§Tour de jeu/1`) has that one as its parent.
2. **Sentences.** A sentence never spans lines: a line break ends it (in these books a line is
   a paragraph or an item, and a line that stops mid-way must stay visible as such). Within a
   line a sentence ends at `.`, `!`, `?` or `…` (repeated, or followed by a closing quote or
   bracket) when whitespace and then a capital, a digit, an opening quote or a bullet follow,
   outside brackets and double quotes, and not after the abbreviations in ABBREVIATIONS.
3. **Items.** A line starting with a bullet (`•`, `-`, `*`, `–`) or a number (`1.`, `2)`) is a
   list item: the marker is taken off the text and the item is a sentence of its own (each
   item is a rule). A `•` inside a line (after whitespace) starts an item too: the text before
   it is its list introduction, a sentence of its own. Indented lines under an item stay in
   the item's section.
4. **Clauses.** A sentence holding several rules separated by `;` (outside brackets and
   quotes) is split into clauses, each a unit of its own (`clause` 1, 2, ...); empty clauses
   (a `;` closing a list item) are dropped. A `:` does not split: in these books it introduces
   the explanation, the quote or the list (the list's items are lines of their own) that
   completes the same rule.

Each unit (a sentence, or a clause of one) has its section's cite, its 1-based index among
the section's units, its file line, its clause number (0 when the sentence is whole), the
first 10 hex digits of the sha1 of its normalised text (NFC, whitespace runs made one space,
stripped) and the text itself, in memory only: the project stores cites, positions and
hashes, never the rulebook's sentences."""
from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from referee.errors import Unreadable

ABBREVIATIONS = frozenset({"p", "cf", "ex", "Ex", "M", "Mme", "c.-à-d", "n°", "env"})
INTRO = "§Intro"
HASH_LEN = 10

_NUMBERED = re.compile(r"^§(\d+(?:\.\d+)*)\.?\s+(\S.*?)\s*$")
_MARKER = re.compile(r"^\s*(?:[•\-*–]|\d{1,2}[.)])\s+")
_INLINE_BULLET = re.compile(r"\s+•\s+")
_INLINE = re.compile(r"^([A-ZÀ-ÖØ-Þ][\w'’-]*(?: [\w'’-]+){0,3}):\s+(?=[A-ZÀ-ÖØ-Þ])")
_OPENERS = "([{«“"
_CLOSERS = ")]}»”"
_ENDS = ".!?…"
_AFTER_END = re.compile(r"\s+(?=[A-ZÀ-ÖØ-Þ0-9«\"“•(])")


@dataclass(frozen=True)
class Sentence:
    cite: str
    index: int  # 1-based among the section's units
    line: int  # 1-based file line
    clause: int  # 0: the whole sentence; k: its k-th clause
    hash: str
    text: str  # in memory only, never stored

    @property
    def key(self) -> str:
        return f"{self.cite}#{self.index}"


@dataclass(frozen=True)
class Section:
    cite: str
    line: int  # the heading's line (or the first line of the section)
    title: str | None
    sentences: tuple[Sentence, ...]
    parent: str | None = None
    column: int = 1  # where the heading starts in its line (an inline heading: past column 1)


def digest(text: str) -> str:
    """The short hash of a unit's text, after normalisation (see the module docstring)."""
    norm = " ".join(unicodedata.normalize("NFC", text).split())
    return hashlib.sha1(norm.encode("utf-8")).hexdigest()[:HASH_LEN]


MAX_BYTES = 4 << 20  # a rulebook is a few dozen KB: past 4 MiB it is not one


def read_lines(path: Path | str) -> list[str]:
    """The rulebook's lines. Only a regular file is opened (a FIFO waits forever, /dev/zero
    never ends), and only its first MAX_BYTES are read."""
    from ..model.kernel.inputs import read_regular

    path = Path(path)
    try:
        data = read_regular(path, MAX_BYTES)
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:  # placed as the replay places one: its line, its byte from 1
        line, start = data.count(b"\n", 0, e.start) + 1, data.rfind(b"\n", 0, e.start) + 1
        raise Unreadable(f"not UTF-8 text (byte {e.start - start + 1} of the line): a rulebook is read as UTF-8",
                         file=str(path), line=line) from None
    except OSError as e:
        raise Unreadable(f"cannot be read: {e.strerror or e}", file=str(path)) from None
    except ValueError as e:  # not a regular file, or past MAX_BYTES
        why = "not a rulebook" if str(e).startswith("larger") else "a rulebook is read from a regular file"
        raise Unreadable(f"{e}: {why}", file=str(path)) from None
    text = text.removeprefix("\ufeff")  # a byte-order mark (Windows Notepad writes one) is no text of the book
    if not text.strip(" \t\r\n"):  # else every unit of the map reads as gone, exit 1: say why instead
        raise Unreadable("empty: no text to read, not a rulebook", file=str(path), line=1)
    return _lines_of(_nfc(text))


def _lines_of(text: str) -> list[str]:
    """The text's lines as an editor, a replay's `file:line` and a UTF-8 error count them: cut
    at "\n" (a "\r" before it dropped) and nowhere else; str.splitlines also cut at a form
    feed, U+2028, NEL, a vertical tab or a lone CR, moving every later line number (a hostile
    run, s62)."""
    out = text.split("\n")
    if out[-1] == "":
        out.pop()
    return [x[:-1] if x.endswith("\r") else x for x in out]


def blank_above(lines: Sequence[str]) -> int:
    """How many blank lines stand above the text: an outline's lines count from the first
    that is not blank (its lines are the seed's, which starts with its title)."""
    return next((i for i, raw in enumerate(lines) if raw.strip()), 0)


def _nfc(text: str) -> str:
    """`text` in Unicode's composed form: a book saved in NFD (macOS tools) has é as e and a
    combining accent, which the heading patterns ([A-ZÀ-ÖØ-Þ], a word's letters) do not read
    as one letter: Draft's inline headings "Icônes de classe:" and "Quêtes:" were lost (s53
    G11). Line breaks are unchanged, so every line keeps its number."""
    return text if text.isascii() or unicodedata.is_normalized("NFC", text) else unicodedata.normalize("NFC", text)


def _top_level(text: str) -> list[bool]:
    """For each character: is it outside brackets and double quotes (where a sentence may end
    and a ';' splits)?"""
    out, depth, quoted = [], 0, False
    for c in text:
        if c == '"':
            quoted = not quoted
        elif c in _OPENERS:
            depth += 1
        elif c in _CLOSERS:
            depth = max(0, depth - 1)
        out.append(depth == 0 and not quoted and c not in _CLOSERS + '"')
    return out


def _word_before(line: str, start: int, i: int) -> str:
    """The run of word characters, dots, degrees and hyphens ending at i (an abbreviation's
    candidate), read backwards: only after a sentence end is found, and in the length of the
    run, so a hostile line of dots costs what it is long."""
    k = i
    while k > start and (line[k - 1].isalnum() or line[k - 1] in "_.°-"):
        k -= 1
    return line[k:i]


def _split_line(line: str) -> list[str]:
    """The sentences of one line (rule 2)."""
    top = _top_level(line)
    # run[k]: where the run of sentence ends, closers and quotes from k stops (read once,
    # backwards: a line of a thousand dots is not scanned again from each of them)
    run = [len(line)] * (len(line) + 1)
    for k in range(len(line) - 1, -1, -1):
        ch = line[k]
        run[k] = run[k + 1] if (ch in _ENDS or ch in _CLOSERS or ch == '"') else k
    out, start, i = [], 0, 0
    while i < len(line):
        c = line[i]
        if c in _ENDS and top[i]:
            j = run[i + 1]
            m = _AFTER_END.match(line, j)
            if m and not (c == "." and _word_before(line, start, i) in ABBREVIATIONS):
                out.append(line[start:j])
                start = i = m.end()
                continue
        i += 1
    out.append(line[start:])
    return [s.strip() for s in out if s.strip()]


def _clauses(sentence: str) -> list[str]:
    """A sentence's clauses at top-level ';' (rule 4)."""
    top = _top_level(sentence)
    cuts = [i for i, c in enumerate(sentence) if c == ";" and top[i]]
    parts = [sentence[a + 1:b] for a, b in zip([-1, *cuts], [*cuts, len(sentence)])]
    return [p.strip() for p in parts if p.strip()]


def _is_title(lines: Sequence[str], i: int) -> bool:
    s = lines[i].strip()
    if not s or _MARKER.match(lines[i]) or s[-1] in ".!?;,":
        return False
    blank = lambda k: k < 0 or k >= len(lines) or not lines[k].strip()  # noqa: E731
    return len(s.split()) <= 6 and blank(i - 1) and blank(i + 1)


def _title_cite(title: str) -> str:
    return "§" + re.sub(r"\s*:\s*$", "", title.strip())


def _inline_heading(sentence: str) -> tuple[str, str] | None:
    m = _INLINE.match(sentence)
    if not m or m.group(1).upper() == m.group(1):
        return None
    return m.group(1), sentence[m.end():]


class _Builder:
    """Collects units into sections as the lines are read."""

    def __init__(self) -> None:
        self.done: list[Section] = []
        self.cite, self.line, self.title, self.units, self.column = INTRO, 1, None, [], 1

    def open(self, cite: str, line: int, title: str | None, column: int = 1) -> None:
        if cite == self.cite == INTRO and not self.done and self.title is None:
            # the book's §Intro heading below lines of text (a line added above an outline book's
            # title, s55 review): they are its own, not a second §Intro
            self.title = title
            return
        self.close()
        self.cite, self.line, self.title, self.units, self.column = cite, line, title, [], column

    def add(self, line: int, text: str) -> None:
        parts = _clauses(text)
        for k, part in enumerate(parts, 1):
            n = len(self.units) + 1
            self.units.append(Sentence(self.cite, n, line, k if len(parts) > 1 else 0, digest(part), part))

    def close(self) -> None:
        if self.units or self.title is not None or self.cite != INTRO:
            self.done.append(Section(self.cite, self.line, self.title, tuple(self.units), column=self.column))


def _add_line(b: _Builder, no: int, raw: str, inline: bool) -> None:
    marker = _MARKER.match(raw)
    body = raw[marker.end():] if marker else raw
    for sentence in [s for item in _INLINE_BULLET.split(body) for s in _split_line(item)]:
        head = _inline_heading(sentence) if inline else None
        if head:
            b.open("§" + head[0], no, head[0], raw.find(sentence) + 1)
            sentence = head[1]
        b.add(no, sentence)


def _with_parents(found: list[Section]) -> list[Section]:
    cites = {s.cite for s in found}
    out = []
    for s in found:
        parent = None
        for sep in "./":
            base = s.cite.rpartition(sep)[0]
            if sep in s.cite and base in cites:
                parent = base
        out.append(Section(s.cite, s.line, s.title, s.sentences, parent, s.column))
    return out


def sections(path: Path | str, outline: Iterable[tuple[str, int, bool]] | None = None,
             lines: Sequence[str] | None = None) -> list[Section]:
    """The sections of a rulebook file (or of its `lines`, already read), in file order (see
    the module docstring)."""
    lines = read_lines(path) if lines is None else [_nfc(x) for x in lines]
    above = blank_above(lines)
    b = _Builder()
    if outline is not None:
        starts: dict[int, list[tuple[str, bool]]] = {}
        for cite, line, title in outline:
            if not 1 <= line + above <= max(len(lines), 1):
                raise Unreadable(f"outline: {cite} starts at line {line}, past the file's "
                                 f"{len(lines) - above} lines", file=str(path), line=line, cite=cite)
            starts.setdefault(line + above, []).append((cite, title))
        for no, raw in enumerate(lines, 1):
            titled = False
            for cite, title in starts.get(no, ()):
                b.open(cite, no, raw.strip() if title else None)
                titled = titled or title
            if not titled:
                _add_line(b, no, raw, inline=False)
    else:
        numbered = {no: m for no, raw in enumerate(lines, 1) if (m := _NUMBERED.match(raw))}
        for no, raw in enumerate(lines, 1):
            if no == above + 1 and _is_title(lines, above) and no not in numbered:
                b.title = raw.strip()
                continue
            if numbered:
                if no in numbered:
                    b.open("§" + numbered[no].group(1), no, numbered[no].group(2))
                    continue
            elif _is_title(lines, no - 1):
                b.open(_title_cite(raw), no, raw.strip())
                continue
            _add_line(b, no, raw, inline=not numbered)
    b.close()
    return _with_parents(b.done)


def section_of(found: Sequence[Section], cite: str) -> Section | None:
    """The section a cite string names (`§6.5`, `§Tour de jeu/1`), or None."""
    return next((s for s in found if s.cite == cite), None)


def locate(found: Sequence[Section], text: str) -> list[Section]:
    """The sections a cite string names, in its order (`§Donjon §Équipement.Anneau`: two; a
    chapter `§3`: its first section), for a report that points at the heading's line."""
    out = []
    for _, hit in cites_in(text, found):
        s = None if hit is None else section_of(found, hit) or next(
            (x for x in found if x.cite.startswith((hit + ".", hit + "/"))), None)
        if s is not None and s not in out:
            out.append(s)
    return out


def within(found: Sequence[Section], cite: str) -> list[Sentence]:
    """The units of a section and of every section under it (`§Mise en place` and its items;
    `§3`: §3.1 ... §3.6)."""
    kids = {cite}
    out = []
    for s in found:
        if s.cite in kids or s.parent in kids or s.cite.startswith((cite + ".", cite + "/")):
            kids.add(s.cite)
            out.extend(s.sentences)
    return out


def cites_in(text: str, found: Sequence[Section]) -> list[tuple[str, str | None]]:
    """Every § reference in a free text (a rule's cite, a message) as (as written, the
    section cite it names or None). The longest section cite the text starts with wins, and it
    must end there: not followed by a letter or digit, nor by '.'/'/' and one. A cite that
    heads other sections' cites (`§3` for §3.1...) names them together."""
    known = sorted((s.cite for s in found), key=len, reverse=True)
    out = []
    for m in re.finditer("§", text):
        rest = text[m.start():]
        hit = None
        for c in known:
            if rest.startswith(c):
                tail = rest[len(c):len(c) + 2]
                if not (tail[:1].isalnum() or (tail[:1] in "./" and tail[1:2].isalnum())):
                    hit = c
                    break
        written = hit or re.match(r"§[^\s,;:()\[\]]*", rest).group(0).rstrip(".")
        if hit is None and any(c.startswith((written + ".", written + "/")) for c in known):
            hit = written  # a chapter: `§3` names §3.1 ... §3.6 together
        out.append((written, hit))
    return out
