"""References the text makes to something it does not give.

- dangling-reference: `voir 7.4`, `§7.4`, `chapitre 7` naming a § the book does not have, or
  one with no text; `voir Name, Name` naming what no other sentence of the book names; `le
  tableau` where the book holds no table (no line of cells); `les règles pour les fosses`
  (the rules for, of, on a thing) where no § is named after that thing (its heading or, for
  a book without headings, its outline's cite); `la phase 2`, `l'étape 3` where no heading,
  line or numbered list of the book says which phase or step is that number (one finding per
  word, at its first use, naming every § that counts on the numbers)."""
from __future__ import annotations

import re
from collections.abc import Iterator

from .hit import Hit
from .page import Page, stem, words

_NUMBERED = re.compile(r"(?:(?<![\w'’])[Vv]oir\s+(?:le\s+|la\s+)?(?:§\s*|chapitre\s+|paragraphe\s+)?"
                       r"|§\s*|(?<![\w'’])chapitre\s+)(\d+(?:\.\d+)*)")
# `voir 2 cartes`, `voir 12 points`, `voir 2 ou 3 cartes`, `voir 3 des cartes`: a count after
# `voir`, no reference (a bare number: no § sign, no chapitre, no dot), read where a plural
# noun in lower case (or `des`, `de`) follows, not a word that goes on the sentence (`voir 4 en
# fin de livret`, `voir 9 dans le livret`, `voir 4 également`, `Voir 4 Combat avancé`)
_GOES_ON = ("dans|sous|sans|plus|puis|après|alors|aussi|depuis|vers|très|pas|les|ses|ces|aux|mais|jamais|"
            "toujours|ailleurs|dessous|dessus|fois|lorsque|puisque|parfois")
_COUNT_AFTER = re.compile(r"\s+(?:(?:ou|à|-|–)\s*\d+\s+)?(?:(?:des|de|d['’])\s|(?!(?:" + _GOES_ON
                          + r")(?![\w'’]))[a-zà-ÿ]+[sx](?![\w'’]))")


def _references(text: str) -> Iterator[str]:
    """The §s a unit refers to by number (`voir 7.4` -> §7.4), counts after `voir` left out."""
    for m in _NUMBERED.finditer(text):
        bare = "." not in m.group(1) and not re.search(r"§|chapitre|paragraphe", m.group(0), re.I)
        if bare and _COUNT_AFTER.match(text, m.end()):
            continue
        yield "§" + m.group(1).rstrip(".")


_NAMED = re.compile(r"(?<![\w'’])[Vv]oir\s+((?:[A-ZÀ-Ý][\w’'-]*(?:\s*,\s*|\s+et\s+)?)+)")
_TABLE_REF = re.compile(r"(?<![\w'’])(?:le|du|au|ce|un)\s+tableau\b|(?<![\w'’])la\s+table\s+d", re.I)
_CELLS = re.compile(r"\|.*\||\t.*\t")
_ARTICLE = r"(?:les\s+|la\s+|le\s+|des\s+|du\s+|de\s+|l['’])?"
_RULES_FOR = re.compile(r"(?<![\w'’])r[èe]gles?\s+(?:pour|de|des|du|sur)\s+(" + _ARTICLE + r"\w+(?:\s+et\s+"
                        + _ARTICLE + r"\w+)*)(?!\s*:)")


def _has_body(page: Page, cite: str) -> bool:
    """`cite` is a § of the book with text, or a chapter whose sub-sections have some."""
    return any(s.sentences for s in page.sections
               if s.cite == cite or s.cite.startswith((cite + ".", cite + "/")))


def _numbered_refs(page: Page, skip: frozenset[str]) -> Iterator[tuple]:
    """(the unit, the § it names, whether that § has text) for each reference by number: read
    once for what dangles (_numbered) and what lands (references_checked)."""
    for u in page.units:
        if u.key not in skip:
            for cite in _references(u.text):
                yield u, cite, _has_body(page, cite)


def _numbered(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    for u, cite, lands in _numbered_refs(page, skip):
        if not lands:
            yield Hit(u.cite, "dangling-reference", "gap",
                      f"{u.cite} refers the reader to {cite}, which the rulebook does not have or "
                      "leaves without text: the rule referred to cannot be read", u.line, cite, unit=u.key)


def _named(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    units = page.units
    # each word -> the units that hold it, built once: a name is given when one unit other
    # than the referring one holds all its words (a book of many `voir` stays linear)
    holding: dict[str, set[int]] = {}
    for i, v in enumerate(units):
        for w in set(words(v.text)):
            holding.setdefault(w, set()).add(i)
    titles = {w for s in page.sections if s.title for w in words(s.title)}

    def given(name: str, here: int) -> bool:
        ws = set(words(name))
        if ws <= titles:  # an empty name too: nothing to look for
            return True
        return bool(set.intersection(*(holding.get(w, set()) for w in ws)) - {here})

    for i, u in enumerate(units):
        if u.key in skip:
            continue
        for m in _NAMED.finditer(u.text):
            names = [n for n in re.split(r"\s*,\s*|\s+et\s+", m.group(1).strip()) if n]
            lost = [n for n in names if not given(n, i)]
            if lost:
                shown = ", ".join(f"'{n}'" for n in lost)
                yield Hit(u.cite, "dangling-reference", "gap",
                          f"{u.cite} refers the reader to {shown}, which no other sentence or heading of "
                          "the rulebook names: the reader cannot find the rules referred to by that name (their "
                          "heading may be lost)", u.line, lost[0], unit=u.key)


def _tables(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    if any(_CELLS.search(line) for line in page.lines):
        return
    for u in page.units:
        if u.key not in skip and _TABLE_REF.search(u.text):
            yield Hit(u.cite, "dangling-reference", "gap",
                      f"{u.cite} refers to a table, and the rulebook holds none", u.line, "tableau", unit=u.key)


def _rules_for(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    named = {stem(w) for s in page.sections for w in words(f"{s.cite} {s.title or ''}")}
    for u in page.units:
        if u.key in skip:
            continue
        for m in _RULES_FOR.finditer(u.text):
            things = [w.split("'")[-1].split("’")[-1] for w in words(m.group(1))
                      if w not in ("les", "la", "le", "des", "du", "de", "et")]
            lost = [t for t in things if stem(t) not in named]
            if lost:
                shown = " and ".join(f"'{t}'" for t in lost)
                yield Hit(u.cite, "dangling-reference", "gap",
                          f"{u.cite} refers to the rules for {shown}, and no § of the rulebook is about them "
                          "(no heading names them): what they are is not given as a rule of its own",
                          u.line, lost[0], unit=u.key)


_PART = re.compile(r"(?<![\w'’])(phase|étape)s?\s+(\d{1,2})(?![\w.,]\d)", re.I)


def _defines(page: Page, part: str, n: str) -> bool:
    """Some heading or line names `part n` as its subject ("Phase 2 : ..."), or a list
    numbers items under a heading or a line that names the parts ("Les phases du tour")."""
    own = re.compile(rf"^\s*(?:[•\-*–]\s*)?{part}\s+{n}\b", re.I)
    if any(s.title and re.search(rf"\b{part}\s+{n}\b", s.title, re.I) for s in page.sections):
        return True
    if any(own.match(line) for line in page.lines):
        return True
    plural = re.compile(rf"\b{part}s?\b", re.I)
    item = re.compile(rf"^\s*{n}[.)]\s+\S")
    for s in page.sections:  # a numbered list in a § whose heading or first lines name the parts
        if not (s.title and plural.search(s.title)) and not any(plural.search(u.text) and u.text.rstrip().endswith(":")
                                                               for u in s.sentences):
            continue
        end = min((t.line for t in page.sections if t.line > s.line), default=len(page.lines) + 1)
        if any(item.match(page.raw(k)) for k in range(s.line, end)):
            return True
    return False


def _numbered_parts(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    used: dict[str, dict[str, list]] = {}  # part word -> number -> the units using it, in book order
    for u in page.units:
        if u.key in skip:
            continue
        for m in _PART.finditer(u.text):
            used.setdefault(m.group(1).lower(), {}).setdefault(m.group(2), []).append(u)
    for part, numbers in used.items():
        lost = {n: us for n, us in numbers.items() if not _defines(page, part, n)}
        if not lost:
            continue
        first = min((us[0] for us in lost.values()), key=lambda u: u.line)
        cites = sorted({u.cite for us in lost.values() for u in us}, key=lambda c: [u.cite for u in page.units].index(c))
        shown = " and ".join(f"{part} {n}" for n in sorted(lost, key=int))
        yield Hit(first.cite, "dangling-reference", "gap",
                  f"the rules count on {shown} ({', '.join(cites)}), and no heading, line or list of the rulebook "
                  f"says which {part} bears that number: when those rules apply cannot be read", first.line,
                  f"{part} {min(lost, key=int)}", also=tuple(c for c in cites if c != first.cite), unit=first.key)


def dangling_reference(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    yield from _numbered(page, skip)
    yield from _named(page, skip)
    yield from _tables(page, skip)
    yield from _rules_for(page, skip)
    yield from _numbered_parts(page, skip)


DETECTORS = (dangling_reference,)


def references_checked(page: Page, skip: frozenset[str]) -> list:
    """The references by number that land (`voir 7.4`, `chapitre 7`): one claim of the text
    proved, that each names a § the book has, with text; each is shown with the heading it
    lands on, so a reader judges the subject (which no detector can). None when the book
    makes none, and those that do not land are dangling-reference findings."""
    from ..findings import Finding, finding_id

    heads = {s.cite: s.title for s in page.sections}
    landed: dict[tuple[str, str], list[int]] = {}  # (the referring §, the § named) -> the lines it is made at
    for u, cite, lands in _numbered_refs(page, skip):
        if lands:
            landed.setdefault((u.cite, cite), []).append(u.line)
    if not landed:
        return []
    made = sum(len(lines) for lines in landed.values())

    def where(b: str) -> str:
        if heads.get(b):
            return f" '{heads[b]}'"
        return "" if b in heads else " (a chapter of §s)"

    shown = "; ".join(f"{a} → {b}{where(b)}" + (f" ({len(lines)} times)" if len(lines) > 1 else "")
                      for (a, b), lines in landed.items())
    first = next(iter(landed))[0]
    return [Finding(finding_id(page.game, "claim", first, "references_land"), page.game, "claim",
                    list(dict.fromkeys(a for a, _ in landed)),
                    f"the text's {made} reference{'s' if made > 1 else ''} to a part by its number "
                    f"{'each name' if made > 1 else 'names'} one the book has, with text (a §, or a chapter "
                    f"whose §s have it): {shown}",
                    sources=[page.source(line) for line in sorted({x for ls in landed.values() for x in ls})],
                    status="proved",
                    details=["detector: dangling-reference (referee/checks/text), the references that land",
                             "that each lands on the subject it means is for a reader: the heading is shown"])]
