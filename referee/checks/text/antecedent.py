"""unclear-antecedent: a sentence opens with a pronoun (`il`, `elle`, `ils`, `elles`) or a
possessive (`son`, `sa`, `ses`, `leur`, `leurs`) right after a sentence naming two different
persons of the same number (`le joueur ... l'adversaire`): whom it refers to, the grammar does
not say, and the rule reads one way for each.

Read from the text: a unit whose first words (after a connective: `dans ce cas`, `alors`,
`puis`, `ensuite`, `sinon`, `de plus`) are such a word, and the unit before it in the same §.
The persons are the role nouns of play (`joueur`, `adversaire`, `attaquant`, `défenseur`,
`vainqueur`, `perdant`, `personnage`, `figurine`, `cible`, `tireur`, `aventurier`...), their
number read from their ending and article; a singular pronoun or possessor (`il`, `son`) asks
for two singular ones, a plural one (`ils`, `leur`) for two plural ones. Impersonal `il` (`il
faut`, `il y a`, `il s'agit`, `il est conseillé`...) refers to no one and is not read.
Limits: a pronoun inside a sentence is taken to refer to that sentence's subject, as French
reads it, and is not reported; persons named by a game's own names (`le Clerc`) and not by a
role noun are not counted; gender is not read (`son`, `sa` do not tell the possessor's)."""
from __future__ import annotations

import re
from collections.abc import Iterator

from .hit import Hit
from .page import Page, plain

# the role nouns of play (singular; a plural adds -s or -x, `héros` takes its number from its article)
_ROLES = ("joueur", "joueuse", "adversaire", "attaquant", "défenseur", "vainqueur", "gagnant", "perdant",
          "personnage", "figurine", "cible", "tireur", "allié", "ennemi", "aventurier", "monstre", "opposant",
          "voisin", "propriétaire", "héros")
_PERSON = re.compile(r"(?<!\w)(" + "|".join(_ROLES) + r")(s|x)?(?![\w'’])", re.I)
_CONNECTIVE = r"(?:(?:dans\s+ce\s+cas|alors|puis|ensuite|sinon|de\s+plus|en\s+outre)\s*,?\s+)?"
_LEAD = re.compile(r"^\W*" + _CONNECTIVE + r"(il|elle|ils|elles|son|sa|ses|leurs?)(?![\w'’])\s*(\S*)", re.I)
_IMPERSONAL = re.compile(r"^(?:faut|y|s['’]agit|suffit|reste|semble|vaut|arrive|est\s+(?:conseillé|possible|"
                         r"impossible|interdit|permis|nécessaire|recommandé|préférable|utile|inutile))\b", re.I)
_PLURAL = frozenset({"ils", "elles", "leur", "leurs"})
_LEAD_PLURAL = re.compile(r"(?<![\w'’])(?:les|des|ses|leurs|aux|deux|trois|quatre|\d+)\s+$", re.I)


def _persons(text: str, plural: bool) -> list[str]:
    """The distinct role nouns of `text` of the asked number, in the order first named."""
    found: dict[str, None] = {}
    for m in _PERSON.finditer(text):
        word = m.group(1).lower()
        many = bool(m.group(2)) or (word == "héros" and bool(_LEAD_PLURAL.search(text[max(0, m.start() - 12):m.start()])))
        if many == plural:
            found.setdefault("joueur" if word == "joueuse" else word, None)
    return list(found)


def unclear_antecedent(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    for sec in page.sections:
        units = sec.sentences
        for before, u in zip(units, units[1:]):
            if u.key in skip or before.key in skip:
                continue
            text = plain(u.text)
            m = _LEAD.match(text)
            if m is None:
                continue
            word, rest = m.group(1).lower(), text[m.end(1):].lstrip()
            if word == "il" and _IMPERSONAL.match(rest):
                continue
            who = _persons(plain(before.text), word in _PLURAL)
            if len(who) < 2:
                continue
            term = f"{word} {m.group(2)}".strip(" .,;:")
            names = "', '".join(who)
            yield Hit(u.cite, "unclear-antecedent", "ambiguity",
                      f"a sentence of {u.cite} opens with '{term}' right after a sentence naming '{names}': which of "
                      "them it refers to is not said, and the rule reads differently for each",
                      u.line, term, unit=u.key)


DETECTORS = (unclear_antecedent,)
