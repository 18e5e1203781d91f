"""unused-component: a component the setup counts out that no rule uses afterwards.

Read from the text: in a setup or material § (its heading: `Mise en place`, `Matériel`,
`Préparatifs`, `Installation`, `Début`), a count and a noun (`les 5 marqueurs d'actions`,
`prend 3 jetons`). Reported when no unit outside those §s names the noun again (in any
number): the players are handed something whose use the text never gives. A count after a
preposition (`en 2 lignes`, `aux 2 extrémités`) places things, it hands nothing out; the
rulebook, the box and the players' aids are no pieces of play."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from .hit import Hit
from .page import COUNT, Page, stem, words

_SETUP = re.compile(r"mise en place|matériel|prépar|install|début", re.I)
_COUNT = re.compile(r"(?<![\w'’])(?P<before>[\wà-ÿ'’]+\s+)?" + COUNT + r"\s+"
                    r"(?P<noun>[a-zà-ÿ][\wà-ÿ-]+)(?:\s+(?:de|d['’])\s*(?P<of>[\wÀ-ÿ-]+))?")
PLACING = frozenset({"en", "aux", "à", "sur", "dans", "de", "par", "entre", "sous", "vers", "d'", "d’"})
# What a game's box holds that is no piece of play (a rule need not use it again).
NOT_PLAY = frozenset({"aide", "livret", "règle", "boîte", "feuille", "page", "joueur", "an", "minute",
                      "partie", "tour", "manche", "fois", "point"})


def unused_component(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    setup = [s for s in page.sections if _SETUP.search(f"{s.cite} {s.title or ''}")]
    inside = {u.key for s in setup for u in s.sentences}
    elsewhere: set[str] = set()
    for u in page.units:
        if u.key not in inside and u.key not in skip:
            elsewhere.update(stem(w) for w in words(u.text))
    seen: set[str] = set()
    for s in setup:
        for u in s.sentences:
            if u.key in skip:
                continue
            for m in _COUNT.finditer(unicodedata.normalize("NFC", u.text)):
                before = (m.group("before") or "").strip().lower()
                noun = stem(m.group("noun").lower())
                if before in PLACING or noun in NOT_PLAY or noun in elsewhere or noun in seen:
                    continue
                seen.add(noun)
                shown = m.group(0)[len(m.group("before") or ""):]
                yield Hit(u.cite, "unused-component", "gap",
                          f"{u.cite} counts out '{shown}', and no rule of the rulebook uses them afterwards: "
                          "what they are for is never given", u.line, m.group("noun"), unit=u.key)


DETECTORS = (unused_component,)
