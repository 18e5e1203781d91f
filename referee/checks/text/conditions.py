"""paired-condition: one gain given under two conditions joined by `et si` (`1 point de plus
si A et si B`): whether both must hold for the one gain, or each brings it, the text does
not say. Read from the text: a unit holding a number and `si ... et si` (or `et s'il`); a
unit that then says `chacun`, `chaque fois`, `les deux` or `à la fois` settles it and is not
reported. Limits: the pair must be written with the second `si` (`si A et B` is read as one
condition)."""
from __future__ import annotations

import re
from collections.abc import Iterator

from .hit import Hit
from .page import Page, words

_IF = re.compile(r"(?<![\w'’])si\b", re.I)
_AND_IF = re.compile(r"(?<![\w'’])et\s+s(?:i\b|['’]ils?\b)", re.I)
_AMOUNT = re.compile(r"\d")
_SETTLED = re.compile(r"\b(?:chacun(?:e)?|chaque\s+fois|les\s+deux|à\s+la\s+fois|ensemble)\b", re.I)


def _paired(text: str) -> bool:
    """An `et si` after a first `si` (two searches: linear in the unit, whatever it holds)."""
    first = _IF.search(text)
    return first is not None and _AND_IF.search(text, first.end()) is not None


def paired_condition(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    for u in page.units:
        if u.key in skip or not _paired(u.text) or not _AMOUNT.search(u.text) or _SETTLED.search(u.text):
            continue
        yield Hit(u.cite, "paired-condition", "ambiguity",
                  f"a sentence of {u.cite} gives one gain under two conditions joined by 'et si': whether both must "
                  "hold for it, or each brings it, is not said", u.line, (words(u.text) or ["si"])[-1], unit=u.key)


DETECTORS = (paired_condition,)
