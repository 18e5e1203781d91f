"""Structural detectors: what the shape of the text shows lost, read from the text alone.

- empty-section: a heading with no text under it and no sub-section (the book's title aside);
- key-only: a section whose every unit is a key of symbols (`x = y`), the table it explains gone;
- list-intro: a unit ending with ':' that nothing follows as a list: the end, a heading, or
  (when it announces several things: `les`, `des`, a number) a paragraph that is no item;
- lone-subtitle: a line that reads as a sub-title (no closing punctuation, between blank
  lines) with nothing under it: the next line is a heading, another such title, a labelled
  paragraph (`Label : ...`) or the end;
- untitled-items: a unit ending with ':' whose items are paragraphs with no title of their
  own, which the game's outline had to name (its §s open there without a heading): where
  each item begins, and where the list ends, the text does not mark;
- choice-list: a list announced as choices (`l'une des options suivantes`) whose items include
  a condition (`Si ...`, `Quand ...`): a rule set among the choices, which a reader may take
  for one more choice;
- cut-sentence: a unit that ends on an article, preposition or conjunction, trails off on
  ', ...', or whose line leaves a bracket or quote open or holds an empty pair (`[]`);
- skipped-number: in a numbered book, a chapter or a § missing between two that are there
  (`§3.6` then `§5.1`: chapter 4 is gone);
- repeated-heading: two sections under one § (`§1.2` twice): a reference to it, and the
  coverage map's ids of its sentences, cannot tell which is meant."""
from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import takewhile

from .hit import Hit
from .page import CLOSING, MARKER, Page, words

INTRO = "§Intro"
# Words a French sentence does not end on: when one does, the rest of it is missing ("un",
# "une" are left out: they end idioms, `une par une`).
DANGLING = frozenset({
    "le", "la", "les", "l'", "l’", "des", "du", "de", "d'", "d’", "au", "aux", "à",
    "et", "ou", "mais", "pour", "par", "avec", "sur", "sous", "dans", "vers", "chez", "sans",
    "entre", "contre", "que", "qu'", "qu’", "qui", "dont", "sa", "son", "ses", "leur", "leurs",
    "ce", "cet", "cette", "ces", "si", "ne", "n'", "n’",
})
SUBTITLE_WORDS = 14  # a sub-title is short
_KEY = re.compile(r"\S\s*=\s*\S")
_LABELLED = re.compile(r"^[^.:!?]{1,60}\s:\s")  # `Label : body`: a sibling title with its body inline
_TRAILS = re.compile(r",\s*(?:\.{2,}|…)\s*\)?\s*$")
_EMPTY_PAIR = re.compile(r"\[\s*\]|\(\s*\)|«\s*»")
_SIGNATURE = re.compile(r"^\[[^\]]*\]$")  # `[name]`: who wrote a comment, not a title
PAIRS = (("(", ")"), ("[", "]"), ("«", "»"))
# What announces several things (a list), not one (`Exemple :`, `de la manière suivante :`).
_PLURAL = re.compile(r"(?<![\w'’])(?:les|des|ces|plusieurs|\d+|\w+s\s+suivant(?:e)?s)(?![\w'’])", re.I)
_CHOICES = re.compile(r"\b(?:options|choix|actions|possibilités)\s+suivant(?:e)?s\b", re.I)
_CONDITION = re.compile(r"^(?:Si|S['’]il|S['’]ils|Quand|Lorsque|Lorsqu['’]|Dès que|Tant que)\b")


def empty_section(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    cites = [s.cite for s in page.sections]
    for s in page.sections:
        if s.title is None or s.sentences or s.cite == INTRO:
            continue
        if any(c != s.cite and c.startswith((s.cite + ".", s.cite + "/")) for c in cites):
            continue  # a chapter heading: its sub-sections are its body
        yield Hit(s.cite, "empty-section", "gap",
                  f"{s.cite} has a heading and no text under it: what it announces (its rules, "
                  "list or table) is not in the rulebook", s.line, s.cite)


def key_only(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    for s in page.sections:
        units = [u for u in s.sentences if u.key not in skip]
        if s.cite != INTRO and units and all(_KEY.search(u.text) for u in units):
            yield Hit(s.cite, "key-only", "gap",
                      f"{s.cite} holds only a key of symbols (what each sign means): the table or "
                      "figure the key explains is not in the rulebook", units[0].line, s.cite)


def _rest_of_line(page: Page, line: int, text: str) -> str:
    raw = page.raw(line)
    at = raw.find(text)
    return raw[at + len(text):].strip() if at >= 0 else ""


def _intros(page: Page, skip: frozenset[str]) -> Iterator[tuple]:
    """(unit, the next line that is not blank, or None) of each unit that ends with ':' and
    has nothing after it on its line (inline items, or the rest of the rule): what announces
    a list, for list-intro and untitled-items."""
    for u in page.units:
        if u.key in skip or not u.text.rstrip().endswith(":") or _rest_of_line(page, u.line, u.text):
            continue
        yield u, page.next_line(u.line)


def list_intro(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    heads = page.heading_lines
    starts = frozenset(s.line for s in page.sections)
    for u, nxt in _intros(page, skip):
        if nxt is not None and nxt not in heads and (page.is_item(nxt) or page.raw(nxt)[:1].isspace()):
            continue
        if nxt is not None and nxt in starts and nxt not in heads:
            continue  # the outline opens an untitled § there: the items are §s of their own (untitled_items)
        if nxt is not None and nxt not in heads and not _PLURAL.search(u.text):
            continue  # `Exemple :` then a paragraph: a colon before one thing, not a list
        after = "the end of the rulebook" if nxt is None else (
            "a heading" if nxt in heads else "a paragraph that is not a list")
        yield Hit(u.cite, "list-intro", "gap",
                  f"a sentence of {u.cite} introduces a list (it ends with ':') and {after} follows: "
                  "the items it announces are not given", u.line, (words(u.text) or ["list"])[-1], unit=u.key)


def untitled_items(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    heads = page.heading_lines
    ordered = sorted(page.sections, key=lambda s: s.line)
    for u, nxt in _intros(page, skip):
        if nxt is None or nxt in heads or page.is_item(nxt):
            continue
        # the outline's untitled §s from the next line on, up to the next § the text titles itself
        named = list(takewhile(lambda s: s.title is None, (s for s in ordered if s.line >= nxt)))
        if not named or named[0].line != nxt:
            continue
        cites = [s.cite for s in named]
        yield Hit(u.cite, "untitled-items", "ambiguity",
                  f"a sentence of {u.cite} introduces a list (it ends with ':') and the paragraphs after it bear no "
                  f"title of their own: where each item begins and where the list ends is not marked (the outline "
                  f"names the {len(cites)} that follow, up to the next titled § or the end: {_some(cites)})",
                  u.line, (words(u.text) or ["list"])[-1], unit=u.key)


def _some(cites: list[str], n: int = 4) -> str:
    return ", ".join(cites) if len(cites) <= n + 1 else ", ".join(cites[:n]) + ", ..., " + cites[-1]


def _subtitle_like(page: Page, line: int) -> bool:
    s = page.raw(line).strip()
    return (bool(s) and not page.is_item(line) and s[-1] not in CLOSING and not _SIGNATURE.match(s)
            and len(s.split()) <= SUBTITLE_WORDS and s[0].isupper())


def lone_subtitle(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    heads = page.heading_lines
    for s in page.sections:
        units = [u for u in s.sentences if u.key not in skip]
        if len(units) < 2:
            continue  # a line that is the whole body of its § is that body, not a title
        for u in units:
            if u.clause or page.raw(u.line).strip() != u.text or not _subtitle_like(page, u.line):
                continue
            if page.raw(u.line + 1).strip():
                continue  # a title stands apart: the next line is blank
            nxt = page.next_line(u.line)
            if nxt is None or nxt in heads or _subtitle_like(page, nxt) or _LABELLED.match(page.raw(nxt).strip()):
                yield Hit(u.cite, "lone-subtitle", "gap",
                          f"a sub-title of {u.cite} has nothing under it (the next line starts something "
                          "else): the content it titles is not in the rulebook", u.line,
                          " ".join(words(u.text)[:3]))


def choice_list(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    by_line = {}
    for u in page.units:
        by_line.setdefault(u.line, u)
    for u in page.units:
        if u.key in skip or not _CHOICES.search(u.text):
            continue
        k = page.next_line(u.line)
        conditions = []
        while k is not None and page.is_item(k):
            if _CONDITION.match(MARKER.sub("", page.raw(k), count=1).strip()):
                conditions.append(k)
            k = k + 1 if page.raw(k + 1).strip() else None
        if conditions:
            first = by_line.get(conditions[0], u)
            yield Hit(first.cite, "choice-list", "ambiguity",
                      f"a list of {u.cite} is announced as choices, and {len(conditions)} of its items are "
                      "conditions, not choices: whether they are options a player picks or rules that "
                      "apply is left to the reader", conditions[0], "choices")


def _enumerator(raw: str, i: int) -> bool:
    """The ')' at i closes an enumerator (`a)`, `2)`): one letter or digit alone before it."""
    return i >= 1 and raw[i - 1].isalnum() and (i == 1 or not raw[i - 2].isalnum())


def _balanced(raw: str) -> bool:
    """Every bracket and quote of the line closed. A ')' with no '(' open is an enumerator's
    where it reads as one (`a) piocher`), and a '"' after a digit an inch sign where the
    quotes do not pair with it (`3"`); `(Cbt 1)` is a pair."""
    quotes = raw.count('"')
    if quotes % 2 and (quotes - len(re.findall(r'(?<=\d)"', raw))) % 2:
        return False
    for a, b in PAIRS:
        depth = 0
        for i, c in enumerate(raw):
            if c == a:
                depth += 1
            elif c == b and depth:
                depth -= 1
            elif c == b and not (b == ")" and _enumerator(raw, i)):
                return False
        if depth:
            return False
    return True


def cut_sentence(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    lines_seen: set[int] = set()
    for u in page.units:
        first_on_line = u.line not in lines_seen
        lines_seen.add(u.line)
        if u.key in skip:
            continue
        text = u.text.rstrip()
        last = words(text.rstrip(".!?…;"))[-1:] if text[-1:] != ":" else []
        raw = page.raw(u.line)
        why = None
        if last and last[0] in DANGLING:
            why = "ends on a word that needs what follows it"
        elif _TRAILS.search(text):
            why = "trails off on ', ...' where the rest of the rule should be"
        elif _EMPTY_PAIR.search(u.text):
            why = "holds an empty pair of brackets where a value or a list was to be"
        elif first_on_line and not _balanced(raw):
            why = "leaves a bracket or a quote open on its line"
        if why:
            yield Hit(u.cite, "cut-sentence", "gap",
                      f"a sentence of {u.cite} stops mid-way: it {why}", u.line,
                      " ".join(words(text)[-2:]), unit=u.key)


_NUMBER = re.compile(r"^§(\d+)(?:\.(\d+))?$")


def skipped_number(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    # a hole between two numbers that are there (§3.6 then §5.1: chapter 4 is lost), and the
    # numbers before the first (a book whose first § is §3.1 lacks §1 and §2: an excerpt or
    # not, what they held cannot be read). A book may number from §0 or §1.
    numbered = [(s, int(m[1]), int(m[2] or 0)) for s in page.sections if (m := _NUMBER.match(s.cite))]
    if numbered:
        s, ch, k = numbered[0]
        lost = [f"§{c}" for c in range(1, ch)] + [f"§{ch}.{j}" for j in range(1, k)]
        if ch >= 1 and lost:
            yield Hit(s.cite, "skipped-number", "gap",
                      f"the numbering starts at {s.cite}: {', '.join(lost)} "
                      f"{'is' if len(lost) == 1 else 'are'} not in the rulebook, and what "
                      f"{'it' if len(lost) == 1 else 'they'} held cannot be read", s.line, lost[0])
    for (before, ch0, k0), (s, ch, k) in zip(numbered, numbered[1:]):
        if ch > ch0 + 1:
            lost = [f"§{c}" for c in range(ch0 + 1, ch)]
        elif ch == ch0 + 1 and k > 1:
            lost = [f"§{ch}.{j}" for j in range(1, k)]
        elif ch == ch0 and k > k0 + 1:
            lost = [f"§{ch}.{j}" for j in range(k0 + 1, k)]
        else:
            continue
        # a lost chapter the model names ("chapter 4", in a Gap citing §3.6 or §5.1: what it held,
        # as the model reads its loss) is that Gap's finding, not a second one (text/__init__._known)
        chapters = tuple(f"chapter {x[1:]}" for x in lost if "." not in x)
        yield Hit(s.cite, "skipped-number", "gap",
                  f"the numbering goes from {before.cite} to {s.cite}: {', '.join(lost)} "
                  f"{'is' if len(lost) == 1 else 'are'} not in the rulebook, and what "
                  f"{'it' if len(lost) == 1 else 'they'} held cannot be read", s.line, lost[0],
                  also=(before.cite,), words=chapters)


def repeated_heading(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    first: dict[str, int] = {}
    for s in page.sections:
        if s.title is None:
            continue
        if s.cite not in first:
            first[s.cite] = s.line
            continue
        yield Hit(s.cite, "repeated-heading", "ambiguity",
                  f"{s.cite} heads two sections (lines {first[s.cite]} and {s.line}): a rule that cites "
                  f"{s.cite} cannot say which one it means", s.line, f"line {s.line}")


DETECTORS = (empty_section, key_only, list_intro, untitled_items, lone_subtitle, choice_list, cut_sentence, skipped_number,
             repeated_heading)
