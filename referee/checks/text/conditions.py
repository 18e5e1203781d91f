"""paired-condition: one gain given under two conditions joined by `et si` (`1 point de plus
si A et si B`): whether both must hold for the one gain, or each brings it, the text does
not say. Read from the text: a unit holding a number and `si ... et si` (or `et s'il`); a
unit that then says `chacun`, `chaque fois`, `les deux` or `à la fois` settles it and is not
reported. When each condition's last noun (`trésor`, `gobelin`) has a value of the gain's own
unit (`2 points`) in another unit that names it or in its own § (the things' sections), those
give each its worth: the sentence is then reported as worded against them, citing them, not as
a question left open. Limits: the pair must be written with the second `si` (`si A et B` is
read as one condition)."""
from __future__ import annotations

import re
from collections.abc import Iterator

from .hit import Hit
from .page import Page, stem, words

_IF = re.compile(r"(?<![\w'’])si\b", re.I)
_AND_IF = re.compile(r"(?<![\w'’])et\s+s(?:i\b|['’]ils?\b)", re.I)
_AMOUNT = re.compile(r"\d")
_SETTLED = re.compile(r"\b(?:chacun(?:e)?|chaque\s+fois|les\s+deux|à\s+la\s+fois|ensemble)\b", re.I)


def _paired(text: str) -> tuple[str, str] | None:
    """The two conditions of an `et si` after a first `si`, or None (two searches: linear in
    the unit, whatever it holds)."""
    first = _IF.search(text)
    if first is None:
        return None
    second = _AND_IF.search(text, first.end())
    return None if second is None else (text[first.end():second.start()], text[second.end():])


def _valued_elsewhere(page: Page, unit, noun: str, gain: str) -> str | None:
    """The cite of another unit giving `noun` a value counted in `gain` (`2 points`): a unit
    naming it, or one in a § titled by it."""
    for sec in page.sections:
        titled = noun in {stem(w) for w in words(f"{sec.title or ''} {sec.cite}")}  # a § the outline names
        for u in sec.sentences:
            if u.key == unit.key:
                continue
            ws = [stem(w) for w in words(u.text)]
            valued = any(w.isdigit() and k + 1 < len(ws) and ws[k + 1] == gain for k, w in enumerate(ws))
            if valued and (titled or noun in ws):
                return u.cite
    return None


def _last_noun(text: str) -> str | None:
    ws = [w for w in words(text) if w.isalpha() and len(w) > 2]
    return stem(ws[-1]) if ws else None


def paired_condition(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    for u in page.units:
        if u.key in skip or not _AMOUNT.search(u.text) or _SETTLED.search(u.text):
            continue
        pair = _paired(u.text)
        if pair is None:
            continue
        ws = [stem(w) for w in words(u.text)]
        gain = next((ws[k + 1] for k, w in enumerate(ws) if w.isdigit() and k + 1 < len(ws)), None)
        nouns = [_last_noun(c) for c in pair]
        where = [_valued_elsewhere(page, u, n, gain) if n and gain else None for n in nouns]
        if all(where):
            says = (f"a sentence of {u.cite} gives one gain under two conditions joined by 'et si', which reads as "
                    f"one gain for both together; {' and '.join(dict.fromkeys(where))} give each of the two its "
                    "own value, which reads as one for each: the sentence should say which")
        else:
            says = (f"a sentence of {u.cite} gives one gain under two conditions joined by 'et si': whether both "
                    "must hold for it, or each brings it, is not said")
        yield Hit(u.cite, "paired-condition", "ambiguity", says, u.line, (words(u.text) or ["si"])[-1], unit=u.key)


DETECTORS = (paired_condition,)
