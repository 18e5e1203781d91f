"""unstated-value: a quantity the rules make a player spend whose stock the text never gives.

Read from the text: a quantity is spent where a unit says `dépenser X`, `payer X`, `coûte N X`
or `pour N X` (`pour 1 point d'action`, `dépenser de l'Or`). Its stock is given where a unit
hands it out at a start (`au début ... reçoit 5 X`, `commence avec`), says what it is made of
(`constitue`, `la somme`), or where a unit of a setup § (its heading: `Mise en place`,
`Préparatifs`, `Installation`, `Début`) names it with a number. A spent quantity with none of these is a
value the rules need and never give: how much a player has to spend. Found at the first
unit that spends it (and the setup §, where the value would belong). Limits: a stock given
with a number at a start (`au début`, `commence`) or in a setup § unit that names it with any
number counts as given; a quantity spent without a verb of spending is not read; a missing
maximum is not reported (an unbounded stock is a reading most games intend)."""
from __future__ import annotations

import re
from collections.abc import Iterator

from .hit import Hit
from .page import COUNT, Page, plain, stem

_DET = r"(?:de\s+l['’]|de\s+la\s+|du\s+|des\s+|de\s+|d['’]|l['’]|le\s+|la\s+|les\s+|ses\s+|sa\s+|son\s+|leurs?\s+|une?\s+)?"
_NEW = r"(?:(?:nouvel(?:le)?s?|nouveaux?|autres?)\s+)?"  # `dépenser une nouvelle charge`: the noun after it
# The quantity: `point(s)/pt(s) de X` (a unit of X), else one noun.
_QTY = r"((?:pts?|points?)\s+(?:de\s+|d['’])[\wÀ-ÿ]+|[\wÀ-ÿ]+)"
# `dépenser/payer` + the quantity; `coûte` + a number + the quantity (a price).
_SPENT = re.compile(r"(?<![\w'’])(?:(?:dépenser?|dépensent|payer|paye|paie|payent)\s+(?:donc\s+)?" + _DET + _NEW
                    + r"|(?:coûtent|coûte)\s+(?:donc\s+)?\d+\s+)" + _QTY, re.I)
# `pour/contre N X` is a price only for points (`pour 1 point d'action`): `pour 2 joueurs` is not.
_PRICE = re.compile(r"(?<![\w'’])(?:pour|contre)\s+\d+\s+((?:pts?|points?)\s+(?:de\s+|d['’])[\wÀ-ÿ]+)", re.I)
_GIVEN = re.compile(r"(?<![\w'’])(?:re[çc]\w*|prend\w*|gagn\w*|obtien\w*|obten\w*|commence\w*|dispos\w*|"
                    r"procur\w*|ajout\w*)\b", re.I)
_START = re.compile(r"au début|commence|départ|initial|mise en place", re.I)
_MADE = re.compile(r"constitu|somme", re.I)
_SETUP = re.compile(r"mise en place|prépar|install|début|départ", re.I)
_NUMBER = re.compile(r"(?<![\w'’])(?:un|une|" + COUNT + r")(?![\w'’])", re.I)


def _key(qty: str) -> str:
    """`pts de Rsv`, `point de rsv` -> `point de rsv`; `Or` -> `or`; `pierres` -> `pierre`."""
    ws = re.split(r"\s+|(?<=['’])", qty.lower())
    if ws[0] in ("pt", "pts", "points"):
        ws[0] = "point"
    return " ".join(stem(w) if i == len(ws) - 1 else w for i, w in enumerate(ws)).replace("' ", "'")


def _spent(text: str) -> Iterator[str]:
    for m in [*_SPENT.finditer(plain(text)), *_PRICE.finditer(plain(text))]:
        if len(m.group(1)) >= 2 and not m.group(1).isdigit():
            yield m.group(1)


def _noun(key: str) -> str:
    """The word that names the quantity: `or`, `pierre`; `rsv` for `point de rsv`."""
    return key.split()[-1].split("'")[-1].split("’")[-1]


def _nouns(text: str) -> frozenset[str]:
    return frozenset(stem(w) for w in re.findall(r"[\wÀ-ÿ-]+", plain(text).lower()))


def unstated_value(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    read = [u for u in page.units if u.key not in skip]
    setup = [s for s in page.sections if _SETUP.search(f"{s.cite} {s.title or ''}")]
    first: dict[str, tuple[object, str]] = {}
    for u in read:
        for qty in _spent(u.text):
            first.setdefault(_key(qty), (u, qty))
    if not first:
        return
    # once per unit: the nouns it names, and whether it hands out at a start, says what a
    # stock is made of, holds a number, sits in a setup §
    # (only the units that hold one of the spent nouns' letters: most hold none)
    setup_units = {v.key for s in setup for v in s.sentences}
    needed = {_noun(k) for k in first}
    named = [v for v in read if any(n in plain(v.text).lower() for n in needed)]
    facts = [(_nouns(v.text), bool(_GIVEN.search(v.text) and _START.search(v.text)), bool(_MADE.search(v.text)),
              bool(_NUMBER.search(plain(v.text))), v.key in setup_units) for v in named]
    for key, (u, qty) in first.items():
        noun = _noun(key)
        if any(noun in ns and ((start or setup_unit) and number or made)
               for ns, start, made, number, setup_unit in facts):
            continue
        at = f", nor does {setup[0].cite}" if setup else ""
        yield Hit(u.cite, "unstated-value", "gap",
                  f"{u.cite} has players spend '{qty}', and the rulebook never says how much of it a player "
                  f"has to start with or receives{at}: a value the rules need", u.line, qty,
                  also=(setup[0].cite,) if setup else (), unit=u.key)


DETECTORS = (unstated_value,)
