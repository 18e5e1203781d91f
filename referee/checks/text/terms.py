"""undefined-term: a game term the text uses in one place and defines nowhere.

A term is a capitalised word inside a sentence (`cartes de Saut`, `le Clerc`): the books
capitalise their own vocabulary (card types, roles, resources). It is reported when every sentence that holds it is one unit (used once: a term
the rules use again is at least used consistently) and nothing defines it: no heading,
title or outline cite names it, no unit the coverage map marks as a component fact holds it
(a name printed on a card or tile: Welcome's adventurers), and no bracket beside it glosses
it (`réserve d'actions (Rsv)`, `bâtiment Troupes (a, b, c)`). A name among other names
(`Mine, Marchand, Taverne`) is an item of a table of components, and the table's loss is
a gap of its own, not a term to define. An abbreviation's shape (`PV`, `PdV`, `Rsv`) leaves
it to abbrev.py, which asks whether the text spells it out. Sentence openings, words
after `:`, a quote or a bracket, the book's title and French function words are no terms."""
from __future__ import annotations

import re
from collections.abc import Iterator

from .abbrev import short_form
from .hit import Hit
from .page import FUNCTION, Page, plain, stem, words

# A capitalised word (an initial capital, then lower case: `Saut`, `Avant-Poste`); after an
# elided article too (`l'Attaque`). Words in capitals (`PV`) and other short forms (`Rsv`) are
# abbrev.py's (short_form).
_TERM = re.compile(r"(?<![\w-])(?:[lLdD][’'])?([A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+(?:-[A-Za-zÀ-ÿ]+)*)(?![\w-])")
# What may stand before a capital that opens a sentence, a quote, a label's body or a bracket.
_OPENS = ".!?…:;«\"“([•-–*"


def _key(word: str) -> str:
    """One key per term: lower case, an elided article taken off (`l'attaque`), no plural."""
    w = word.lower()
    return stem(w[max(w.rfind("'"), w.rfind("’")) + 1:])


# Another capitalised name next to the term, across a comma, `et` or `ou` (an article allowed):
# the term is one item of an enumeration of names of one kind (buildings, traps, tiles) whose
# table is what the text lacks, a gap of its own, not a term to define.
_NEXT = re.compile(r"(?:\s*,\s*|\s+(?:et|ou)\s+)(?:(?:le|la|les|l['’])\s*)?[A-ZÀ-ÖØ-Þ]")
_PREV = re.compile(r"[A-ZÀ-ÖØ-Þ][\w’'-]*(?:\s*,\s*|\s+(?:et|ou)\s+)(?:(?:le|la|les|l['’])\s*)?$")


def _enumerated(text: str, start: int, end: int) -> bool:
    # the name before is a few words back at most: search a short window, not the whole line
    return _NEXT.match(text, end) is not None or _PREV.search(text[max(0, start - 60):start]) is not None


def _candidates(text: str) -> Iterator[tuple[str, int, int]]:
    """Each capitalised word or abbreviation of a unit that is not so by its position, with
    where it stands in the NFC text."""
    for m in _TERM.finditer(text):
        i = m.start() - 1
        while i >= 0 and text[i].isspace():
            i -= 1
        if i < 0 or text[i] in _OPENS:
            continue  # opens the unit, a sentence, a quote or a bracket: capitalised by position
        if m.group(1).lower() not in FUNCTION:
            yield m.group(1), m.start(1), m.end(1)


def _glossed(text: str, term: str) -> bool:
    """A bracket next to the term says what it is: `long form (TERM)` spells out an
    abbreviation, `TERM (a, b, c)` lists what the term covers."""
    t, at = plain(text), re.escape(term)
    return re.search(r"\w\s*\(\s*" + at + r"\s*\)|(?<!\w)" + at + r"\s*\(", t) is not None


def undefined_term(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    units = page.units
    read = [u for u in units if u.key not in skip]
    lowered = [plain(u.text).lower() for u in read]
    named = {_key(w) for s in page.sections for w in words(f"{s.cite} {s.title or ''}")}
    components = [frozenset(map(_key, words(u.text))) for u in units if u.key in page.components]

    keys: dict[int, frozenset[str]] = {}  # a unit's word keys, read the first time they are asked

    def once(k: str) -> bool:
        """Does one unit alone hold the term, in any case and number? Its words are read only
        in the units that hold its letters, and the count stops at two."""
        n = 0
        for i, t in enumerate(lowered):
            if k in t:
                if i not in keys:
                    keys[i] = frozenset(map(_key, words(t)))
                n += k in keys[i]
                if n > 1:
                    return False
        return n == 1

    seen: set[str] = set()
    for u in read:
        text = plain(u.text)
        for term, start, end in _candidates(text):
            k = _key(term)
            if k in seen or len(k) < 2 or short_form(term):
                continue
            seen.add(k)
            if not once(k):
                continue  # a term used in several units is at least used consistently
            if _enumerated(text, start, end):
                seen.discard(k)  # a name in a list here; read it again where it stands alone
                continue
            if k in named or any(k in c for c in components) or _glossed(text, term):
                continue
            yield Hit(u.cite, "undefined-term", "gap",
                      f"{u.cite} uses '{term}' as a term of the game, and no other sentence, heading or "
                      "component of the rulebook says what it is or what it does", u.line, term, unit=u.key)


DETECTORS = (undefined_term,)
