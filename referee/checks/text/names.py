"""two-names: one thing called by two names of one family, `force de combat` here and `valeur
de combat` there (a reader cannot tell whether they are one number), or `système de rotation`
and `mécanisme de rotation` (one device, or two?). Read from "<name> de <thing>" phrases;
`points`/`pts` are a unit, not a name (`5 pts de structure` is the structure's value)."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from types import MappingProxyType

from .hit import Hit
from .page import Page, stem

# each name -> (its family, the name as reported): the names a book gives one quantity, and
# those it gives one device of the board (a misspelt one is still that name: `méchanisme`)
NAMES = MappingProxyType({
    "force": ("quantity", "force"), "forces": ("quantity", "force"), "valeur": ("quantity", "valeur"),
    "valeurs": ("quantity", "valeur"), "score": ("quantity", "score"), "scores": ("quantity", "score"),
    "puissance": ("quantity", "puissance"), "puissances": ("quantity", "puissance"),
    "système": ("device", "système"), "systèmes": ("device", "système"), "mécanisme": ("device", "mécanisme"),
    "mécanismes": ("device", "mécanisme"), "méchanisme": ("device", "méchanisme"),
    "méchanismes": ("device", "méchanisme"), "dispositif": ("device", "dispositif"),
    "dispositifs": ("device", "dispositif")})
_PHRASE = re.compile(r"(?<![\w'’])(" + "|".join(NAMES) + r")\s+(?:de\s+|d['’])(\w+)", re.I)


def two_names(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    seen: dict[tuple, dict[str, object]] = {}  # (family, thing) -> name -> its first unit
    for u in page.units:
        if u.key in skip:
            continue
        for m in _PHRASE.finditer(unicodedata.normalize("NFC", u.text)):
            family, name = NAMES[m.group(1).lower()]
            seen.setdefault((family, stem(m.group(2).lower())), {}).setdefault(name, u)
    for (family, thing), by in seen.items():
        if len(by) < 2:
            continue
        units = sorted(by.values(), key=lambda u: (u.line, u.index))
        names = " and ".join(f"'{n} de {thing}'" for n in by)
        same = "the same number" if family == "quantity" else "the same thing"
        yield Hit(units[0].cite, "two-names", "ambiguity",
                  f"one {family} has two names, {names} ({', '.join(sorted({u.cite for u in units}))}): "
                  f"the text does not say they are {same}", units[0].line, thing,
                  also=tuple(u.cite for u in units[1:]), words=tuple(by))


DETECTORS = (two_names,)
