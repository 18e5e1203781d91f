"""may-must: one act (a verb and its object) that one sentence permits ("peut") and another
requires ("doit", "il faut"). The two words disagree on whether it may be declined; read
together, a requirement decides wherever both apply, so the finding says the 'may' misleads
there, never that the text leaves the choice open. Negated modals (`ne peut pas`) forbid, and are left out; so is a modal
whose verb or object cannot be read (no infinitive, no noun after it)."""
from __future__ import annotations

from collections.abc import Iterator

from .hit import Hit
from .page import Page, stem, words

MAY = frozenset({"peut", "peuvent", "pourra", "pourront", "pourrait", "pourraient"})
MUST = frozenset({"doit", "doivent", "devra", "devront", "faut", "faudra"})  # `il faut` + infinitive requires too
NEGATIONS = frozenset({"ne", "n'", "n’", "pas", "jamais", "plus", "rien", "aucun", "aucune"})
ADVERBS = frozenset({"aussi", "également", "toujours", "donc", "ensuite", "alors", "seulement",
                     "uniquement", "même", "immédiatement", "encore", "bien", "désormais", "enfin"})
DETERMINERS = frozenset({"le", "la", "les", "l'", "l’", "un", "une", "des", "de", "du", "d'", "d’", "sa",
                         "son", "ses", "leur", "leurs", "ce", "cet", "cette", "ces", "au", "aux", "à",
                         "tout", "tous", "toute", "toutes", "aucun", "aucune", "se", "s'", "s’", "en", "y"})
# Adjectives that come before the noun: the object is the noun after them.
BEFORE_NOUN = frozenset({"nouveau", "nouveaux", "nouvel", "nouvelle", "nouvelles", "autre", "autres",
                         "seul", "seule", "premier", "première", "dernier", "dernière", "second",
                         "seconde", "deuxième", "même", "mêmes", "grand", "grande", "petit", "petite"})
INFINITIVE = ("er", "ir", "re", "oir")


def _acts(text: str) -> Iterator[tuple[str, tuple[str, str]]]:
    """('may' or 'must', (verb, object)) for each positive modal of a unit."""
    ws = words(text)
    for i, w in enumerate(ws):
        mood = "may" if w in MAY else "must" if w in MUST else None
        if mood is None or NEGATIONS & set(ws[max(0, i - 2):i + 2]):
            continue
        k = i + 1
        while k < len(ws) and (ws[k] in ADVERBS or ws[k] in ("se", "s'", "s’")):
            k += 1
        if k < len(ws) and ws[k] == "être":  # passive: the participle names the act
            k += 1
        if k >= len(ws) or not ws[k].endswith(INFINITIVE + ("é", "ée", "és", "ées")):
            continue
        verb, k = ws[k], k + 1
        while k < len(ws) and (ws[k] in DETERMINERS or ws[k] in BEFORE_NOUN):
            k += 1
        if k < len(ws) and ws[k].isalpha():
            yield mood, (verb, stem(ws[k]))


def may_must(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    seen: dict[tuple[str, str], dict[str, object]] = {}
    for u in page.units:
        if u.key in skip:
            continue
        for mood, act in _acts(u.text):
            seen.setdefault(act, {}).setdefault(mood, u)
    for (verb, obj), by in seen.items():
        if "may" in by and "must" in by:
            may, must = by["may"], by["must"]
            first, other = sorted((may, must), key=lambda u: (u.line, u.index))
            yield Hit(first.cite, "may-must", "contradiction",
                      f"the same act ('{verb} ... {obj}') is allowed ('may') in {may.cite} and required ('must') in "
                      f"{must.cite}: the 'may' suggests a choice that the requirement takes away wherever both apply",
                      first.line,
                      f"{verb} {obj}", also=(other.cite,))


DETECTORS = (may_must,)
