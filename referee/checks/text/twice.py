"""two-verbs: one thing said twice of the same subject, in the same words but for its verb.

Read from the text: two units (anywhere in the book) sharing a run of 3 to 6 words that opens
on a determiner (`le joueur de départ`), then one word each that differs (the verbs:
`alternera`, `tournera`), then the same four words again (`dans le sens des`), in two
different §s: a rule given again further on. Within one §, such sentences are a parallel
construction (`le joueur de gauche ...`, `le joueur de droite ...`), not a restatement. The text gives one rule twice
and words it two ways: whether the two verbs mean one act (and which word is the rule's), or
two rules, is left to the reader. Not read: two forms of one verb (`tourne`, `tournera`: a
shared stem of 5 letters), the modal pair `peut`/`doit` (may-must reads it), a negation, or
a differing word that is a function word (`de`, `le`, `et`...), nor a subject ending on one
(`le joueur de`: what differs completes the subject). Limits: a restatement in other
words (another subject, another order) is not seen; nor one whose complement differs within
its first four words."""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from .hit import Hit
from .page import Page, words

OPENS = frozenset({"le", "la", "les", "un", "une", "chaque", "ce", "cet", "cette", "ces"})
FUNCTION = frozenset({"de", "du", "des", "d'", "d’", "le", "la", "les", "l'", "l’", "et", "ou", "à", "au", "aux", "en",
                      "un", "une", "dans", "sur", "par", "pour", "que", "qui", "ne", "n'", "n’", "se", "s'", "s’", "pas",
                      "est", "sont", "a", "ont", "y", "il", "elle", "ils", "elles", "on"})
MODAL = ("peu", "pouv", "pourr", "doi", "dev", "devr")
SAME = 4  # the words after the verbs that must be the same
SUBJECT = (3, 6)  # a subject of 3 to 6 words, the first a determiner
STEM = 5  # two words sharing their first 5 letters are forms of one verb
MOST = 64  # the verbs read for one subject and complement: past that, a book's formula, not a restatement


def _one_verb(a: str, b: str) -> bool:
    return a[:STEM] == b[:STEM] or (a.startswith(MODAL) and b.startswith(MODAL))


def two_verbs(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    # one pass: each (subject, the words after the verb) keyed with the verb between them, so
    # the work grows with the text, not with its pairs of sentences (a hostile book of 20,000
    # sentences that all open alike is read as fast as one that does not)
    units = [u for u in page.units if u.key not in skip]
    said: dict[tuple, dict[str, int]] = defaultdict(dict)  # (subject, after) -> verb -> its first unit
    for a, u in enumerate(units):
        t = words(u.text)
        for i in range(len(t)):
            if not (t[i] in OPENS or t[i].startswith(("l'", "l’"))):
                continue
            for k in range(SUBJECT[0], SUBJECT[1] + 1):
                after = tuple(t[i + k + 1:i + k + 1 + SAME])
                if len(after) < SAME:
                    break
                if t[i + k - 1] in FUNCTION:  # `le joueur de | gauche`: the word completes the subject
                    continue
                verbs = said[(tuple(t[i:i + k]), after)]
                verbs.setdefault(t[i + k], a)
    seen = set()
    for (subject, after), verbs in said.items():
        firsts = sorted(verbs.items(), key=lambda x: x[1])[:MOST]
        pair = next(((va, a, vb, b) for x, (va, a) in enumerate(firsts) for vb, b in firsts[x + 1:]
                     if units[a].cite != units[b].cite and _verbs(va, vb)), None)
        if pair is None:
            continue
        va, a, vb, b = pair
        u, v = units[a], units[b]
        if (u.key, v.key) in seen:
            continue
        seen.add((u.key, v.key))
        yield Hit(u.cite, "two-verbs", "ambiguity",
                  f"{u.cite} and {v.cite} say the same of '{' '.join(subject)}' in the same words but for the "
                  f"verb, '{va}' and '{vb}': one rule given twice in two words, or two rules, is not said, nor "
                  f"which word is the rule's where they differ",
                  u.line, f"{va}-{vb}", also=(v.cite,), unit=u.key, words=(va, vb))


def _verbs(a: str, b: str) -> bool:
    """Two words that may be two verbs for one act: neither a function word, both words of
    letters, and not two forms of one verb."""
    return a not in FUNCTION and b not in FUNCTION and a.isalpha() and b.isalpha() and not _one_verb(a, b)


DETECTORS = (two_verbs,)
