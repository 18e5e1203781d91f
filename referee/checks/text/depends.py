"""unstated-dependence: a rule that says its outcome depends on something (`A ou B selon la
manche`, `en fonction du joueur`) and a text that never says which outcome goes with which
case.

Read from the text: `selon`, `en fonction de`, `suivant` followed by an article and the noun
the outcome depends on. The dependence is given when another unit names that noun with a
case of it (an ordinal, a parity or a numbered one: `manche paire`, `première manche`,
`manche 2`, `3e tour`); a unit naming it only with a count (`les quatre manches`) gives no
case. Limits: a dependence given as a table the text lost is reported (the loss is the
defect); one given in words without a case (`quand le joueur est seul`) is taken as missing."""
from __future__ import annotations

import re
from collections.abc import Iterator

from .hit import Hit
from .page import Page, plain, stem

_ART = r"(?:l['’]|les\s+|le\s+|la\s+|du\s+|des\s+)"
# `suivant` is also an adjective (`le joueur suivant`): it is read only before an article.
_ON = re.compile(r"(?<![\w'’])(?:(?:selon\s+|en\s+fonction\s+d(?:[eu]\s+|['’]|es\s+))" + _ART + r"?|suivant\s+" + _ART + r")"
                 r"([a-zà-ÿ][\wà-ÿ-]+)", re.I)
_CASE = (r"(?:paires?|impaires?|premi[eè]re?s?|deuxi[eè]mes?|second(?:e)?s?|troisi[eè]mes?|quatri[eè]mes?|"
         r"derni[eè]re?s?|\d+\s*(?:e|er|re|ème|ᵉ)\b)")


def _cased(text: str, noun: str) -> bool:
    """The unit names `noun` with one of its cases: next to an ordinal or parity, or numbered."""
    n = re.escape(noun) + r"[sx]?"
    near = rf"(?<![\w'’]){n}\s+(?:{_CASE}|\d+\b)|{_CASE}\s+{n}(?![\w'’])"
    return re.search(near, plain(text), re.I) is not None


def unstated_dependence(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    read = [u for u in page.units if u.key not in skip]
    cased: dict[str, bool] = {}  # each noun's cases looked for once, however often it is used
    seen: set[str] = set()
    for u in read:
        for m in _ON.finditer(plain(u.text)):
            noun = stem(m.group(1).lower())
            if noun not in cased:
                cased[noun] = any(_cased(v.text, noun) for v in read)
            if cased[noun] or (u.key, noun) in seen:
                continue
            seen.add((u.key, noun))
            yield Hit(u.cite, "unstated-dependence", "gap",
                      f"{u.cite} makes a rule depend on the '{m.group(1)}', and no sentence of the rulebook says "
                      f"which outcome goes with which '{m.group(1)}'", u.line, m.group(1), unit=u.key)


DETECTORS = (unstated_dependence,)
