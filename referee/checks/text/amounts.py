"""one-equal-to: an amount given as `un X ... égal à`: one X, or as many as the amount?

Read from the text: `un` or `une` (`d'un`, `d'une` too), a noun the book counts elsewhere with
a number (`5 Or`, `3 couronnes`, `2 points de victoire`: a unit of account, its head or its
complement counted), with its complement (`point de victoire`, `pièce d'Or`) and up to two
words more (`supplémentaire`, `de plus`), then `égal(e)(s) à/au/aux`. The article is also the
number one, and `égal à` makes the X an amount: read literally the gain is one X, by its sense
as many as what follows. The sense usually wins, and the text should say `autant de X que` or
`un nombre de X égal à`. Not read: a noun the book never counts (`un effet égal au niveau`: a
thing, not an amount), `égal ou supérieur à` (a bound), a place (`sur une case égale au
résultat`), a comparison of one thing with another of its kind (`une carte égale à la carte
révélée`, `égale à celle`), and words that are amounts already (`un nombre`, `un total`)."""
from __future__ import annotations

import re
from collections.abc import Iterator

from .hit import Hit
from .page import COUNT, Page, plain, stem

_W = r"[\wÀ-ÿ-]+"
_AMOUNT = re.compile(rf"(?:(?<=[dD]['’])|(?<![\w'’]))(?P<art>un|une)\s+(?P<noun>{_W})"
                     rf"(?:\s+(?:de|d['’])\s*(?P<of>(?!plus\b){_W}))?(?P<more>(?:\s+(?!égal){_W}){{0,2}}?)\s+"
                     rf"(?P<eq>égal(?:e|es|s)?)\s+(?:à|au|aux)\s+(?P<what>(?:\S+\s*){{0,2}})", re.IGNORECASE)
_COUNTED = re.compile(rf"(?<![\w'’]){COUNT}\s+({_W})"
                      rf"(?:\s+(?:de|d['’])\s*({_W}))?", re.IGNORECASE)
PLACES = frozenset({"sur", "dans", "sous", "vers"})
_BEFORE = re.compile(r"(\S+)\s+\Z")
AMOUNTS = frozenset({"nombre", "total", "montant", "somme", "quantité"})


def one_equal_to(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    # the nouns the book counts with a number, read once (singular, lower-case)
    counted = {stem(x.lower()) for u in page.units for m in _COUNTED.finditer(plain(u.text)) for x in m.groups() if x}
    for u in page.units:
        if u.key in skip:
            continue
        t = plain(u.text)
        for m in _AMOUNT.finditer(t):
            noun, of = m.group("noun"), m.group("of")
            if noun.lower() in AMOUNTS or not {stem(x.lower()) for x in (noun, of) if x} & counted:
                continue
            before = _BEFORE.search(t, max(0, m.start() - 40), m.start())  # the word before, not the whole
            if before and before.group(1).lower() in PLACES:                # prefix split at each match
                continue
            what = m.group("what").lower()
            if what.startswith(("celle", "celui")) or re.match(rf"(?:la|le|les|l['’])\s*{re.escape(noun.lower())}", what):
                continue
            said = " ".join(x for x in (m.group("art"), noun, *(["de", of] if of else []), m.group("more").strip()) if x)
            unit_of = f"{noun} de {of}" if of else noun
            of_word = "d'" if unit_of[:1].lower() in "aeiouyhàâéèêîôû" else "de "
            yield Hit(u.cite, "one-equal-to", "ambiguity",
                      f"'{said} {m.group('eq')} à ...': the article also counts one {unit_of}, and '{m.group('eq')} à' "
                      f"makes it an amount; one {unit_of}, or as many as the amount, is read from the sense, not the "
                      f"words ('autant {of_word}{unit_of} que' would say it)",
                      u.line, noun.lower(), unit=u.key, words=(said,))


DETECTORS = (one_equal_to,)
