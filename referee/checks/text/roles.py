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
# Where an apposition may open: X [one adjective] then `,` or `(`; its items are read by _items.
_OPEN = re.compile(r"(?<![\w'’])(" + _W + r")(?:\s+" + _W + r")?\s*([,(])")
_JOINED = re.compile(r"\s(?:et|ou)\s")
_TOKEN = re.compile(r"[\wÀ-ÿ’'-]+|\S")
DETERMINERS = frozenset({"les", "des", "ses", "leurs", "aux"})
FUNCTION = frozenset({"le", "la", "les", "un", "une", "des", "de", "du", "et", "ou", "en", "à", "au", "aux", "ses",
                      "sa", "son", "leur", "leurs", "lui", "elle", "il", "on", "se", "ce", "qui", "que"})
MAX_ITEMS = 8  # an apposition lists a few kinds; a longer run is no list of kinds


def _key(word: str) -> str:
    return stem(word.lower())


def _items(text: str, at: int, bracket: bool) -> list[str]:
    """The kinds listed in apposition from `at` (just past the `,` or `(`): `Y, Z et W` closed
    by `,` (or `)` after a bracket), with an `et`/`ou` before the last; [] when none is.
    Read token by token over a short window, so a long line costs no more than a short one."""
    window = text[at:at + 200]
    if not _JOINED.search(window):
        return []  # no `et`/`ou` near: no list of kinds (the common case, read at C speed)
    tokens = _TOKEN.findall(window)
    items, joined, k = [], False, 0
    while k < len(tokens) and len(items) < MAX_ITEMS:
        if tokens[k].lower() in DETERMINERS:
            k += 1
        if k >= len(tokens) or not re.fullmatch(_W, tokens[k]) or tokens[k] in FUNCTION:
            return []
        items.append(_key(tokens[k]))
        sep = tokens[k + 1].lower() if k + 1 < len(tokens) else ""
        if sep in ("et", "ou"):
            joined, k = True, k + 2
        elif sep == ",":
            if joined and not bracket:
                return items
            k += 2
        elif sep == ")" and bracket:
            return items if joined else []
        else:
            return []
    return []


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
        for m in _OPEN.finditer(text):
            x = _key(m.group(1))
            if x in FUNCTION:
                continue
            for y in _items(text, m.end(), m.group(2) == "("):
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
