"""abbreviation: a short form the text uses without spelling it out before its first use.

An abbreviation is a word of two to four letters written as one: in capitals (`PV`), with a
capital inside it (`JcJ`, `PdV`), without a vowel (`Rsv`, `Cbt`), or, in lower case, whose
letters are the initials of a phrase the text says at least twice (`càc`: corps à corps).
A book spells one out with a bracket, `long form (ABR)` or `ABR (long form)` (the long form
then holding its letters in order: `1 PV (point bonus)` says what the point is for), or with
a sign or a word between the two (`ABR = long`, `ABR : long`, `long, ou ABR`, `long, dit
ABR`), and a reader meets that before the short form or at it. Reported:
- an abbreviation no bracket spells out and no word of the text contracts (a contraction
  keeps its word's first and last letters: `pts` is read as points); where its letters are
  the initials of a phrase of the text, the finding names that phrase as the likely reading
  the text never states;
- an abbreviation used in a unit before the unit that spells it out.
Not read: capitals among capitals (a title, emphasis), a word in capitals the text also
writes in lower case (`SEUL`), French function words in capitals (`NI`), Roman figures and
ordinals (`IV`, `XIXe`), units of measure, titles and the usage every reader knows (`cm`,
`Mme`, `cf`, `pts`), a brand's capital inside (`iPad`), a file name's extension, units the
coverage map marks as flavour. The initials are compared letter for letter, accents kept
(`à` is the initial of `à`)."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from .hit import Hit
from .page import FUNCTION, NUMBER_WORDS, Page, plain, words

# a word of two to four letters standing alone: not inside a longer or a hyphenated word, nor
# a file name (`Metropoles_avancees.pdf`); after an elided article (`l'XP`, `d'IA`) and in
# quotes (`'PV'`: an apostrophe that closes a quote is followed by no letter)
_SHORT = re.compile(r"(?:(?<![\w’'.-])|(?<=\b[lLdD]['’])|(?<=\s['’]))([^\W\d_]{2,4})(?![\w-]|['’]\w|\.\w)")
_VOWELS = frozenset("aeiouyàâäéèêëîïôöûùüÿœæ")
# a number in Roman figures (`II`, `IV`: a level, a chapter; an ordinal, `XIXe`), and the
# units, titles and usage every reader knows: no abbreviations of the book's own
_ROMAN = re.compile(r"M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})(?:e|er|re)?")
_KNOWN = frozenset({
    "cm", "mm", "km", "kg", "gr", "cl", "ml", "dl", "kw", "hz", "mn",  # units of measure
    "mr", "dr", "st", "mme", "mlle",  # titles
    "pt", "pts", "cf", "vs", "nb", "ps", "etc", "svp", "cqfd", "rdv", "ok", "tv", "pdf",  # French usage
})
_NO_SHORT = FUNCTION | _KNOWN | frozenset(NUMBER_WORDS)  # in lower case: never a short form (`NI`, `DEUX`)


def short_form(word: str) -> bool:
    """A word this detector reads (two to four letters, no hyphen, shaped as an abbreviation):
    undefined-term leaves it here, and reads the rest (`Avant-Poste`)."""
    return _SHORT.fullmatch(word) is not None and abbreviated(word)


def abbreviated(token: str) -> bool:
    """Written as an abbreviation: capitals, a capital inside after a capital first (`JcJ`,
    not a brand's `iPad`), or no vowel at all."""
    return (token.isupper() or (token[0].isupper() and any(c.isupper() for c in token[1:]))
            or not (set(token.lower()) & _VOWELS))


def _emphasis(text: str, start: int, end: int) -> bool:
    """A word in capitals next to another word in capitals: a title or emphasis, no abbreviation.
    (A window around the word: a search anchored at the end of the whole text before it would
    read that text again for each word.)"""
    before = re.search(r"([^\W\d_]+)[ \t]+$", text[max(0, start - 40):start])  # a space between: `NE PAS`,
    after = re.match(r"[ \t]+([^\W\d_]+)", text[end:end + 40])  # not `PV/HP`, `PV, PM`
    return any(m is not None and len(m.group(1)) > 1 and m.group(1).isupper() for m in (before, after))


def _contractions(vocabulary: frozenset[str]) -> frozenset[str]:
    """Every short form of two to four letters a word of the text contracts to, keeping the
    word's first and last letters and letters of it in order between (`pts` of points, `cbt`
    of combat). Words of more than 20 letters are no words."""
    out = set()
    for w in vocabulary:
        if 2 < len(w) <= 20:
            inner = w[1:-1]
            forms = {w[0] + w[-1], *(w[0] + c + w[-1] for c in inner),
                     *(w[0] + inner[i] + inner[j] + w[-1] for i in range(len(inner)) for j in range(i + 1, len(inner)))}
            out.update(f for f in forms if len(f) < len(w))  # a word is no contraction of itself
    return frozenset(out)


def _phrases(said: list[str]) -> dict[str, str]:
    """For each string of three or four initials, the first (in order) of the phrases said at
    least twice whose words begin with them (`càc`: corps à corps)."""
    counts: dict[str, int] = {}
    for n in (3, 4):
        for i in range(len(said) - n + 1):
            phrase = " ".join(said[i:i + n])
            counts[phrase] = counts.get(phrase, 0) + 1
    out: dict[str, str] = {}
    for phrase in sorted(p for p, c in counts.items() if c > 1):
        ws = phrase.split(" ")
        # a vowel of the short form stands for a word of one letter (`à` in corps à corps): a
        # word whose vowels are the initials of longer words (`car`: chaque adversaire reçoit)
        # is that word, not their short form
        if all(len(w) == 1 for w in ws if w[0] in _VOWELS):
            out.setdefault("".join(w[0] for w in ws), phrase)
    return out


def _letters(text: str) -> str:
    """A text's letters only, lower case, accents taken off (`é` is `e`)."""
    return "".join(c for c in unicodedata.normalize("NFD", text.lower()) if c.isalpha() and c.isascii())


def _fits(token: str, long: str) -> bool:
    """The token's letters stand in order in the long form's (`Rsv` in réserve d'actions, `XP`
    in points d'expérience, not `PV` in point bonus)."""
    it = iter(_letters(long))
    return all(c in it for c in _letters(token))


# a bracket and the words before it: `long form (ABR)`, or `ABR (long form)`
# (the signs between words share nothing with the words' own: a run of dashes or quotes is one
# word, never split many ways over, which took exponential time on `-----`, s59's review)
_BRACKET = re.compile(r"((?:[\w’'-]+[^\w’'(-]+){0,5}?[\w’'-]+)\s*\(([^()]{1,60})\)")


# `ABR = long form`, `ABR : long`, `ABR – long`, `ABR/long`, `(ABR pour long)`, and `long, ou ABR`,
# `long (dits ABR)`, `long, abrégé ABR`, `(long, ABR)`: the long form holds the short form's
# letters in order, from a word that begins with its first letter
_SAYS = r"(?:ou|dits?|dites?|soit|abrégée?s?(?:[ \t]+en)?)"
_SEP_AFTER = re.compile(r"(?<![\w’'-])([^\W\d_]{2,4})[ \t]*[*_»\"”]*[ \t]*(?:=|:|–|—|\s-\s|/|,|\bpour\b|\bsoit\b|"
                        r"\bdésigne\b|\bsignifie\b|\bveut[ \t]+dire\b)[ \t]*((?:[\w’'-]+[ \t]+){0,4}[\w’'-]+)")
_SEP_BEFORE = re.compile(r"((?:[\w’'-]+[ \t]+){0,4}[\w’'-]+)[ \t]*(?:[,/=:(][ \t]*(?:" + _SAYS + r"[ \t]+)?|"
                         + _SAYS + r"[ \t]+)[*_«\"“]*([^\W\d_]{2,4})(?![\w’'-])")
# a bracket of short forms only (`(PV et PM)`, `(PV/HP)`): each spelled out by the words
# before it that hold its letters
_LIST = re.compile(r"[^\W\d_]{2,4}(?:[ \t]*(?:,|/|\bet\b|\bou\b)[ \t]*[^\W\d_]{2,4})+")


def _from_initial(token: str, long: list[str]) -> bool:
    """Some word of `long` begins with the token's first letter, and from it on the words
    hold the token's letters in order."""
    first = _letters(token)[:1]
    return any(_letters(w)[:1] == first and _fits(token, " ".join(long[i:])) for i, w in enumerate(long))


def _spelled(text: str) -> set[str]:
    """The short forms a unit spells out, in one reading of it: alone in a bracket after its
    long form (`réserve d'actions (Rsv)`), among short forms only in one (`(PV et PM)`, each
    held by the words before), before a bracket whose words hold its letters in order (`Rsv
    (réserve)`, not `PV (point bonus)`), or beside its long form across a sign or a word
    (_SEP_AFTER, _SEP_BEFORE)."""
    out = set()
    for m in _BRACKET.finditer(text):
        before, inside = m.group(1), m.group(2).strip()
        if _SHORT.fullmatch(inside):  # the bracket holds the short form alone: its words are its long form
            out.add(inside)
        elif _LIST.fullmatch(inside):
            out.update(t for t in re.findall(r"[^\W\d_]+", inside) if _SHORT.fullmatch(t) and t not in ("et", "ou")
                       and _from_initial(t, before.split()))
        last = re.search(r"[\w’'-]+$", before)
        if last is not None and _SHORT.fullmatch(last.group(0)) and len(_letters(inside)) > 2 and _fits(last.group(0), inside):
            out.add(last.group(0))
    for m in _SEP_AFTER.finditer(text):
        if _from_initial(m.group(1), m.group(2).split()[:4]):
            out.add(m.group(1))
    for m in _SEP_BEFORE.finditer(text):
        if _from_initial(m.group(2), m.group(1).split()):
            out.add(m.group(2))
    return out


def abbreviation(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    read = [u for u in page.units if u.key not in skip]
    texts = [plain(u.text) for u in read]
    said = [w for t in texts for w in words(t)]
    vocabulary = frozenset(said)
    lower = frozenset(w for t in texts for w in re.findall(r"[^\W\d_]+", t) if w.islower())  # as written
    uses: dict[str, list[int]] = {}  # each candidate's units, in reading order
    for i, t in enumerate(texts):
        for m in _SHORT.finditer(t):
            token = m.group(1)
            low = token.lower()
            if (low in _NO_SHORT or _ROMAN.fullmatch(token) or _emphasis(t, m.start(1), m.end(1))
                    or (token.isupper() and len(token) > 2 and low in lower)):  # `SEUL`: emphasis
                continue
            at = uses.setdefault(token, [])
            if not at or at[-1] != i:
                at.append(i)
    phrases = _phrases(said)
    contracted: frozenset[str] | None = None  # read only when a short form needs it
    spelled: dict[int, set[str]] = {}
    for token, at in uses.items():
        phrase = phrases.get(token.lower()) if len(token) > 2 else None
        if not abbreviated(token) and not (phrase and len(at) > 1):
            continue  # a lower-case word with vowels is a word, unless a phrase said twice fits it
        for i in at:
            if i not in spelled:
                spelled[i] = _spelled(texts[i])
        where = [i for i in at if token in spelled[i]]
        first = read[at[0]]
        if where:
            if where[0] != at[0]:
                later = read[where[0]]
                yield Hit(first.cite, "abbreviation", "gap",
                          f"{first.cite} uses '{token}' before {later.cite} spells it out (line {later.line})",
                          first.line, token, also=(later.cite,), unit=first.key)
            continue
        if not phrase:
            if contracted is None:
                contracted = _contractions(vocabulary)
            if token.lower() in contracted:
                continue  # a word of the text, shortened: read as that word
        fits = f": its letters are the initials of '{phrase}', which no sentence ties to it" if phrase else ""
        yield Hit(first.cite, "abbreviation", "gap",
                  f"{first.cite} uses the abbreviation '{token}' ({len(at)} sentence{'s' * (len(at) > 1)}) "
                  f"and no sentence spells it out{fits}", first.line, token, unit=first.key)


DETECTORS = (abbreviation,)
