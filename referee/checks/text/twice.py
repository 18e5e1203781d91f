"""two-verbs: one thing said twice of the same subject, in the same words but for its verb.

Read from the text: units in two different §s sharing a run of 2 to 6 words that opens on a
determiner (`le joueur de départ`), then one word each that differs (the verbs: `alternera`,
`tournera`), then the same words again to the end of a clause in one of them (`dans le sens
des aiguilles d'une montre`), four words at least. The text gives one rule twice and words it
two ways: whether the two verbs mean one act (and which word is the rule's), or two rules, is
left to the reader. Within one §, such sentences are a parallel construction (`le joueur de
gauche ...`, `le joueur de droite ...`), not a rule given again; where both sentences go on
after the shared words, each its own way, they are two rules (`gagne un point pour chaque
Temple qu'il contrôle`, `perd un point pour chaque Temple détruit`).

Not read: two forms of one verb (`pose`/`posera`, `met`/`mettra`, `lance`/`relance`: one word
holds the other, or they share all but the last letter of the shorter), the modal pair
`peut`/`doit` (may-must reads it), a negation, a differing function word or number word, a
subject ending on a function word (`le joueur de | gauche`: what differs completes the
subject), and a § of variants, options, modes or examples (they change a rule on purpose).
Limits: a restatement in other words, another order or with a pronoun for its subject is not
read; a differing word that qualifies the subject is told from a verb only by its
ending (NOT_VERB: `attaquant`, `défenseur`, `bleu`), so `rouge` / `noir`, and an adjective in
`-ique` or `-ale` (endings verbs share: `indique`, `signale`), would be read as two verbs; two synonyms for one act (`restent` / `demeurent`) are reported, harmless or not. One pass over the text, keyed by subject
and complement, so a hostile book of look-alike sentences costs what it is long."""
from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator

from .hit import Hit
from .page import NUMBER_WORDS, Page, plain

OPENS = frozenset({"le", "la", "les", "un", "une", "chaque", "ce", "cet", "cette", "ces"})
FUNCTION = frozenset({"de", "du", "des", "d'", "d’", "le", "la", "les", "l'", "l’", "et", "ou", "à", "au", "aux", "en",
                      "un", "une", "dans", "sur", "par", "pour", "que", "qui", "ne", "n'", "n’", "se", "s'", "s’", "pas",
                      "est", "sont", "a", "ont", "y", "il", "elle", "ils", "elles", "on"})
NUMBERS = frozenset(NUMBER_WORDS) | {"premier", "première", "second", "seconde", "dernier", "dernière"}
MODAL = ("peu", "pouv", "pourr", "doi", "dev", "devr")
# endings of adjectives, participles and nouns that no conjugated verb has: a differing word
# ending so qualifies the subject (`le pion du joueur rouge` / `bleu`, `attaquant` / `défenseur`)
NOT_VERB = ("ant", "ants", "eur", "eurs", "euse", "euses", "eux", "eu", "if", "ifs", "ive", "ives", "al", "aux",
            "é", "ée", "és", "ées")  # not -ique, -ale: verbs end so too (indique, signale)
SAME = 4  # the words after the verbs that must be the same, at least
SUBJECT = (2, 6)  # a subject of 2 to 6 words, the first a determiner
MOST = 64  # the verbs read for one subject and complement, the first ones: a bound on a hostile book's work
VARIANT = re.compile(r"variante|option|mode|exemple", re.IGNORECASE)
END = "|"  # where a clause ends (punctuation), among the words
_TOKEN = re.compile(r"[\w’'-]+|[.,;:!?()«»\"]")


def clause_words(text: str) -> list[str]:
    """The words of a text, lower-cased, with END where punctuation closes a clause."""
    return [t if t[0].isalnum() or t[0] in "’'-" else END for t in _TOKEN.findall(plain(text).lower())]


def _one_verb(a: str, b: str) -> bool:
    short, long_ = sorted((a, b), key=len)
    k = max(3, len(short) - 1)
    return short in long_ or short[:k] == long_[:k] or (a.startswith(MODAL) and b.startswith(MODAL))


def _verbs(a: str, b: str) -> bool:
    """Two words that may be two verbs for one act: neither a function or number word, both
    words of letters, and not two forms of one verb."""
    return (a not in FUNCTION and b not in FUNCTION and a not in NUMBERS and b not in NUMBERS
            and a.isalpha() and b.isalpha() and not a.endswith(NOT_VERB) and not b.endswith(NOT_VERB)
            and not _one_verb(a, b))


def two_verbs(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    units = [u for s in page.sections if not VARIANT.search(f"{s.cite} {s.title or ''}")
             for u in s.sentences if u.key not in skip]
    # (subject, 4 words after) -> verb -> (unit, where the words after it start): the rest of the
    # clause is read only for the pairs compared, not copied at each place (a sentence of 20,000
    # words with no stop was read in quadratic time)
    said: dict[tuple, dict[str, tuple]] = defaultdict(dict)
    toks = [clause_words(u.text) for u in units]
    for a, t in enumerate(toks):
        for i in range(len(t)):
            if not (t[i] in OPENS or t[i].startswith(("l'", "l’"))):
                continue
            for k in range(SUBJECT[0], SUBJECT[1] + 1):
                if END in t[i:i + k + 1]:
                    break
                after = tuple(t[i + k + 1:i + k + 1 + SAME])
                if len(after) < SAME or END in after:
                    break
                if t[i + k - 1] in FUNCTION:  # `le joueur de | gauche`: the word completes the subject
                    continue
                said[(tuple(t[i:i + k]), after)].setdefault(t[i + k], (a, i + k + 1))
    seen = set()
    for (subject, _), verbs in said.items():
        firsts = sorted(verbs.items(), key=lambda x: x[1][0])[:MOST]
        pair = next(((va, a, vb, b) for x, (va, (a, ra)) in enumerate(firsts) for vb, (b, rb) in firsts[x + 1:]
                     if units[a].cite != units[b].cite and _verbs(va, vb) and _restated(toks[a], ra, toks[b], rb)), None)
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


def _restated(ta: list[str], i: int, tb: list[str], j: int) -> bool:
    """The shared words after the verbs (ta from i, tb from j) reach the end of a clause in one
    of the two: where both go on, each its own way, they are two rules."""
    while i < len(ta) and j < len(tb) and ta[i] != END and tb[j] != END:
        if ta[i] != tb[j]:
            return False
        i, j = i + 1, j + 1
    return True


DETECTORS = (two_verbs,)
