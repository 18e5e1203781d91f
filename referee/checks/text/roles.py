"""one-word-two-roles: one word used for a kind beside another kind, and for the whole that
holds that other kind.

Read from the text: `les X et les Y` (or `les X et Y`) sets X beside Y, two kinds of one
level; `les X restants, Y et Z, ...` or `X (Y ou Z)` (a list in apposition, closed by a comma
or a bracket) makes X the whole that Y is one kind of. A word that is both, beside Y in one
unit and over Y in another, names two things, and a rule about X (how many X a square holds)
cannot say which it counts. A plain enumeration (`X, Y et Z sont ...`, no closing comma) is
no apposition; a word used one way only is no finding."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from .hit import Hit
from .page import Page, stem

_W = r"[a-zà-ÿ][\wà-ÿ’'-]*"
_DET = r"(?:[Ll]es|[Dd]es|[Ss]es|[Ll]eurs|[Aa]ux)\s+"
_BESIDE = re.compile(r"(?<![\w'’])" + _DET + "(" + _W + r")\s+et\s+(?:" + _DET + ")?(" + _W + ")")
# X [one adjective] , Y[, ...] et/ou Z ,   |   X [adjective] ( Y[, ...] et/ou Z )
_ITEMS = r"(?:" + _DET + ")?" + _W + r"(?:\s*,\s*(?:" + _DET + ")?" + _W + r")*\s+(?:et|ou)\s+(?:" + _DET + ")?" + _W
_OVER = re.compile(r"(?<![\w'’])(" + _W + r")(?:\s+" + _W + r")?\s*(?:,\s*(" + _ITEMS + r")\s*,|\(\s*(" + _ITEMS + r")\s*\))")
FUNCTION = frozenset({"le", "la", "les", "un", "une", "des", "de", "du", "et", "ou", "en", "à", "au", "aux", "ses",
                      "sa", "son", "leur", "leurs", "lui", "elle", "il", "on", "se", "ce", "qui", "que"})


def _key(word: str) -> str:
    return stem(word.lower())


def _items(text: str) -> list[str]:
    return [_key(w) for w in re.findall(_W, text) if w not in FUNCTION and w not in ("et", "ou")]


def one_word_two_roles(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    beside: dict[tuple[str, str], object] = {}  # (X, Y) -> the first unit setting X beside Y
    over: dict[tuple[str, str], object] = {}  # (X, Y) -> the first unit making X hold Y
    for u in page.units:
        if u.key in skip:
            continue
        text = unicodedata.normalize("NFC", u.text)
        for m in _BESIDE.finditer(text):
            x, y = _key(m.group(1)), _key(m.group(2))
            if x != y and not {x, y} & FUNCTION:
                beside.setdefault((x, y), u)
                beside.setdefault((y, x), u)
        for m in _OVER.finditer(text):
            x = _key(m.group(1))
            if x in FUNCTION:
                continue
            for y in _items(m.group(2) or m.group(3)):
                over.setdefault((x, y), u)
    done: set[str] = set()
    for (x, y), a in sorted(beside.items(), key=lambda kv: (kv[1].line, kv[0])):
        b = over.get((x, y))
        if b is None or x in done:
            continue
        done.add(x)
        first, other = sorted((a, b), key=lambda u: (u.line, u.index))
        yield Hit(first.cite, "one-word-two-roles", "ambiguity",
                  f"'{x}' names two things: a kind beside '{y}' in {a.cite}, and the whole that '{y}' is one "
                  f"kind of in {b.cite}; a rule about '{x}' does not say whether it counts '{y}' too",
                  first.line, x, also=(other.cite,))


DETECTORS = (one_word_two_roles,)
