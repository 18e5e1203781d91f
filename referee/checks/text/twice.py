"""two-verbs: one thing said twice of the same subject, in the same words but for its verb.

Read from the text: two units (anywhere in the book) sharing a run of words that opens on a
determiner (`le joueur de départ`), then one word each that differs (the verbs: `alternera`,
`tournera`), then the same four words again (`dans le sens des`). The text gives one rule twice
and words it two ways: whether the two verbs mean one act (and which word is the rule's), or
two rules, is left to the reader. Not read: two forms of one verb (`tourne`, `tournera`: a
shared stem of 5 letters), the modal pair `peut`/`doit` (may-must reads it), a negation, or
a differing word that is a function word (`de`, `le`, `et`...). Limits: a restatement in other
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
STEM = 5  # two words sharing their first 5 letters are forms of one verb


def _one_verb(a: str, b: str) -> bool:
    return a[:STEM] == b[:STEM] or (a.startswith(MODAL) and b.startswith(MODAL))


def two_verbs(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    units = [u for u in page.units if u.key not in skip]
    toks = [words(u.text) for u in units]
    starts: dict[tuple, list] = defaultdict(list)  # three words opening on a determiner -> (unit, at)
    for a, t in enumerate(toks):
        for i in range(len(t) - 2):
            if t[i] in OPENS or t[i].startswith(("l'", "l’")):
                starts[tuple(t[i:i + 3])].append((a, i))
    seen = set()
    for where in starts.values():
        for x, (a, i) in enumerate(where):
            for b, j in where[x + 1:]:
                if a == b:
                    continue
                A, B = toks[a], toks[b]
                k = 0
                while i + k < len(A) and j + k < len(B) and A[i + k] == B[j + k]:
                    k += 1
                if i + k >= len(A) or j + k >= len(B):
                    continue
                va, vb = A[i + k], B[j + k]
                if va in FUNCTION or vb in FUNCTION or not (va.isalpha() and vb.isalpha()) or _one_verb(va, vb):
                    continue
                after = A[i + k + 1:i + k + 1 + SAME]
                if len(after) < SAME or after != B[j + k + 1:j + k + 1 + SAME]:
                    continue
                u, v = units[a], units[b]
                if (u.key, v.key) in seen:
                    continue
                seen.add((u.key, v.key))
                subject = " ".join(A[i:i + k])
                where_v = v.cite if v.cite != u.cite else f"another sentence of {u.cite}"
                yield Hit(u.cite, "two-verbs", "ambiguity",
                          f"{u.cite} and {where_v} say the same of '{subject}' in the same words but for the verb, "
                          f"'{va}' and '{vb}': one rule given twice in two words, or two rules, is not said, nor "
                          f"which word is the rule's where they differ",
                          u.line, f"{va}-{vb}", also=(v.cite,), unit=u.key, words=(va, vb))


DETECTORS = (two_verbs,)
