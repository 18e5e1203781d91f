"""two-names: one quantity called by two names, `force de combat` here and `valeur de combat`
there (a reader cannot tell whether they are one number). Read from "<name> de <thing>"
phrases; `points`/`pts` are a unit, not a name (`5 pts de structure` is the structure's value)."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from types import MappingProxyType

from .hit import Hit
from .page import Page, stem

NAMES = MappingProxyType({"force": "force", "forces": "force", "valeur": "valeur", "valeurs": "valeur",
                          "score": "score", "scores": "score", "puissance": "puissance", "puissances": "puissance"})
_PHRASE = re.compile(r"(?<![\w'’])(" + "|".join(NAMES) + r")\s+(?:de\s+|d['’])(\w+)", re.I)


def two_names(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    seen: dict[str, dict[str, object]] = {}  # thing -> name -> its first unit
    for u in page.units:
        if u.key in skip:
            continue
        for m in _PHRASE.finditer(unicodedata.normalize("NFC", u.text)):
            thing = stem(m.group(2).lower())
            seen.setdefault(thing, {}).setdefault(NAMES[m.group(1).lower()], u)
    for thing, by in seen.items():
        if len(by) < 2:
            continue
        units = sorted(by.values(), key=lambda u: (u.line, u.index))
        names = " and ".join(f"'{n} de {thing}'" for n in by)
        yield Hit(units[0].cite, "two-names", "ambiguity",
                  f"one quantity has two names, {names} ({', '.join(sorted({u.cite for u in units}))}): "
                  "the text does not say they are the same number", units[0].line, thing,
                  also=tuple(u.cite for u in units[1:]))


DETECTORS = (two_names,)
