"""one-equal-to: an amount given as `un X ... égal à`: one X, or as many as the amount?

Read from the text: `un` or `une`, a noun the book counts elsewhere with a number (`5 Or`,
`3 couronnes`: a unit of account), at most one word more (`supplémentaire`, `bonus`), then
`égal(e)(s) à/au/aux`. The article is also the number one, and `égal à` makes the X an amount:
read literally the gain is one X, by its sense as many as what follows. The sense usually wins,
and the text should say `autant de X que` or `un nombre de X égal à`. Not read: a noun the
book never counts (`un effet égal au niveau`: a thing, not an amount), nor `égal ou
supérieur à` (a bound, not an amount)."""
from __future__ import annotations

import re
from collections.abc import Iterator

from .hit import Hit
from .page import Page, plain, stem

_AMOUNT = re.compile(r"(?<![\w'’])(?P<art>un|une)\s+(?P<noun>[\wÀ-ÿ-]+)(?:\s+(?P<more>[\wÀ-ÿ-]+))?\s+"
                     r"égal(?:e|es|s)?\s+(?:à|au|aux)(?![\w])", re.IGNORECASE)
_COUNTED = re.compile(r"(?<![\w'’])(?:\d+|deux|trois|quatre|cinq|six|sept|huit|neuf|dix)\s+([\wÀ-ÿ-]+)", re.IGNORECASE)


def one_equal_to(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    # the nouns the book counts with a number, read once (singular, lower-case)
    counted = {stem(m.group(1).lower()) for u in page.units for m in _COUNTED.finditer(plain(u.text))}
    for u in page.units:
        if u.key in skip:
            continue
        for m in _AMOUNT.finditer(plain(u.text)):
            noun = m.group("noun")
            if stem(noun.lower()) not in counted:
                continue
            said = " ".join(x for x in (m.group("art"), noun, m.group("more")) if x)
            of = "d'" if noun[:1].lower() in "aeiouyhàâéèêîôû" else "de "
            yield Hit(u.cite, "one-equal-to", "ambiguity",
                      f"'{said} égal à ...': the article also counts one {noun}, and 'égal à' makes it an "
                      f"amount; one {noun}, or as many as the amount, is read from the sense, not the words "
                      f"('autant {of}{noun} que' would say it)",
                      u.line, noun.lower(), unit=u.key, words=(said,))


DETECTORS = (one_equal_to,)
