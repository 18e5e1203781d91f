"""unclear-antecedent: a sentence (or a clause the splitter cuts at `;`) opens with a pronoun
(`il`, `elle`, `ils`, `elles`) or a possessive (`son`, `sa`, `ses`, `leur`, `leurs`) right
after one naming two different persons it may stand for (`le joueur ... l'adversaire`): whom
it refers to, the grammar does not say, and the rule reads one way for each.

Read from the text: a unit whose first words are such a word (after a short opening phrase
closed by a comma, `À la fin,`), after connectives (`dans ce
cas`, `alors`, `puis`, `ensuite`, `sinon`, `de plus`, `en outre`, `mais`, `enfin`, `cependant`,
`toutefois`, `donc`, `ainsi`, `et`) or inside an opening clause (`s'il`, `si elle`, `lorsqu'il`,
`quand il`, `dès qu'il`, `tant qu'il`), and the unit before it in the same §; and a clause
after a colon, with what comes before it in its unit. The persons are
the role nouns of play (`joueur`, `adversaire`, `attaquant`, `défenseur`, `vainqueur`,
`perdant`, `personnage`, `figurine`, `cible`, `tireur`, `aventurier`, `monstre`, `héros`...)
after a determiner (`le`, `l'`, `un`, `chaque`, `au`, `son`...): after a noun they qualify it
(`le joueur perdant`, `la case cible`). Two mentions of one noun are two persons when one is
`autre` (`un autre joueur`) or each is named or placed (`le joueur Humain`, `le joueur Troll`,
`le joueur de gauche`). A person
must agree with the pronoun: in number (a plural's `-s`/`-x`, or `héros`'s determiner), and for
`il`/`elle` in gender (the determiner's, else the noun's own: `la figurine`, `le joueur`); `son`,
`sa`, `leur` do not tell the possessor's gender. Impersonal `il` (`il faut`, `il y a`, `il
s'agit`, `il existe`, `il manque`, `il reste deux cartes`, `il est possible`...) refers to no
one and is not read.
Limits: a pronoun inside a sentence is taken to refer to that sentence's subject, as French
reads it, and is not reported; persons named by a game's own names only (`le Clerc`) are not
counted; demonstratives (`celui-ci`) refer to the last named and are not read."""
from __future__ import annotations

import re
from collections.abc import Iterator
from types import MappingProxyType

from .hit import Hit
from .page import Page, plain

# the role nouns of play, with the gender each has when no determiner tells it (the generic
# masculine for a noun of either: `l'adversaire`)
_ROLES = MappingProxyType({"joueur": "m", "joueuse": "f", "adversaire": "m", "attaquant": "m", "attaquante": "f",
          "défenseur": "m", "vainqueur": "m", "gagnant": "m", "perdant": "m", "personnage": "m",
          "figurine": "f", "cible": "f", "tireur": "m", "allié": "m", "alliée": "f", "ennemi": "m",
          "ennemie": "f", "aventurier": "m", "aventurière": "f", "monstre": "m", "opposant": "m",
          "voisin": "m", "voisine": "f", "propriétaire": "m", "héros": "m"})
_WORD = re.compile(r"[\wÀ-ÿ]+(?:['’](?=[\wÀ-ÿ]))?|[^\s\w]", re.I)
_MASC = frozenset({"le", "l'un", "un", "ce", "cet", "au", "du", "autre"})
_FEM = frozenset({"la", "une", "cette"})
_DET = frozenset({"le", "la", "l'", "l’", "les", "un", "une", "des", "ce", "cet", "cette", "ces", "au", "aux", "du",
                  "chaque", "son", "sa", "ses", "leur", "leurs", "mon", "ma", "mes", "ton", "ta", "tes", "notre",
                  "votre", "nos", "vos", "autre", "autres", "deux", "trois", "quatre", "plusieurs", "quelques",
                  "tout", "tous", "toute", "toutes", "aucun", "aucune", "chacun", "premier", "second", "dernier",
                  "nouveau", "nouvel", "nouvelle", "seul", "seule", "prochain", "prochaine", "même", "mêmes",
                  "quel", "quelle", "quels", "quelles"})
_MANY = frozenset({"les", "des", "ces", "aux", "ses", "leurs", "mes", "tes", "nos", "vos", "deux", "trois", "quatre",
                   "plusieurs", "quelques", "tous", "toutes", "autres"})
_CONNECTIVE = (r"(?:(?:dans\s+ce\s+cas|alors|puis|ensuite|sinon|de\s+plus|en\s+outre|mais|enfin|cependant|toutefois|"
               r"donc|ainsi|et)\s*,?\s+)?")
_CLAUSE = r"(?:(?:s|lorsqu|puisqu|dès\s+qu|tant\s+qu|parce\s+qu)['’]\s*|(?:si|quand|lorsque|dès\s+que|tant\s+que)\s+)?"
# a short opening phrase closed by a comma (`À la fin,`, `Si c'est le cas,`) may come first
_OPENING = r"(?:[^,.;:!?]{1,30},\s*)?"
_PRONOUN = r"(il|elle|ils|elles|son|sa|ses|leurs?)(?![\w'’])\s*([\wÀ-ÿ'’]*)"
_LEAD = re.compile(r"^\W*(?:" + _CONNECTIVE + r")*" + _CLAUSE + _PRONOUN, re.I)
_LEAD_AFTER = re.compile(r"^\W*" + _OPENING + "(?:" + _CONNECTIVE + r")*" + _CLAUSE + _PRONOUN, re.I)
# a clause after a colon inside the unit: `le joueur attaque l'adversaire : il perd un point`
_COLON = re.compile(r"\s:\s+")
_IMPERSONAL = re.compile(
    r"^(?:ne\s+|n['’])?(?:en\s+|y\s+)?(?:y\s+(?:en\s+)?(?:a|avait|aura|aurait)\b|(?:peut|doit|pourra|devra)\s+y\s+avoir|"
    r"(?:en\s+)?(?:va|résulte|découle)\b|s['’]ensuit|importe|va\s+de\s+soi|se\s+trouve\s+que|s['’]agira|"
    r"reste\s+(?:[\wÀ-ÿ]+\s+)?(?:à|qu['’])|était\s+une\s+fois|faut|faudra|faudrait|fallait|s['’]agit|suffit|suffira|"
    r"suffirait|existe|manque|convient|semble|pleut|se\s+peut|vaut\s+mieux|arrive\s+que|arrive\s+qu['’]|"
    r"reste\s+(?:\d|des\b|du\b|de\b|d['’]|un\b|une\b|encore|plus\b|au\s+moins|alors\s+\d|deux|trois|quatre|cinq)|"
    r"peut\s+arriver|paraît|devient\s+(?:\w+\s+)?(?:possible|impossible|interdit|nécessaire)|"
    r"(?:est|sera|serait|était)\s+(?:[\wÀ-ÿ]+\s+){0,3}?(?:pas\s+)?(?:à\s+noter|d['’]usage|rappelé|possible|impossible|interdit|permis|conseillé|recommandé|nécessaire|"
    r"préférable|utile|inutile|temps|question|obligatoire|important|rare|fréquent|courant)\b)", re.I)
_PLURAL = frozenset({"ils", "elles", "leur", "leurs"})
# the words after a role noun that tell one player from another (a seat, a side, a role in play)
_SEAT = frozenset({"actif", "active", "suivant", "suivante", "précédent", "précédente", "adverse", "courant",
                   "opposé", "gagnant", "perdant", "attaquant", "défenseur"})
MOST = 40  # the longest word a finding quotes: a hostile line holds one of any length


def _persons(text: str) -> list[tuple[str, str, bool]]:
    """The persons `text` names, each once: (key, gender, plural). A role noun counts
    after a determiner only; `autre` or a capitalised name after it makes a second one."""
    toks = _WORD.findall(text)
    found: dict[str, tuple[str, str, bool]] = {}
    for k, tok in enumerate(toks):
        low = tok.lower()
        base = low[:-1] if low.endswith(("s", "x")) and low[:-1] in _ROLES and low != "héros" else low
        if base not in _ROLES:
            continue
        before = toks[k - 1].lower() if k else ""
        if before not in _DET and not before.endswith(("'", "’")):
            continue  # `le joueur perdant`, `la case cible`: a qualifier, not a person
        plural = base != low or (base == "héros" and before in _MANY)
        gender = "m" if before in _MASC else "f" if before in _FEM else _ROLES[base]
        after = toks[k + 1] if k + 1 < len(toks) else ""
        then = toks[k + 2] if k + 2 < len(toks) else ""
        key = base.rstrip("e") if base in ("attaquante", "alliée", "ennemie", "voisine") else base
        key = "joueur" if key == "joueuse" else key
        if before in ("autre", "autres"):
            key += "/autre"
        elif after[:1].isupper() and not after.isupper():  # a name (`Humain`), not a word in capitals
            key += "/" + after
        elif after.lower() in ("de", "d'", "d’") and then[:1].isalpha():  # `le joueur de gauche`
            key += "/de " + then.lower()
        elif after.lower() in _SEAT:  # `le joueur actif`, `le joueur suivant`
            key += "/" + after.lower()
        found.setdefault(key, (key, gender, plural))
    # one noun twice is one person unless one mention is `autre` or each is named or placed
    # (`le joueur de gauche ... le premier joueur` may be the same player)
    groups: dict[str, list] = {}
    for p in found.values():
        groups.setdefault(p[0].partition("/")[0], []).append(p)
    out = []
    for kin in groups.values():
        tags = [k.partition("/")[2] for k, _, _ in kin]
        apart = len(kin) == 1 or "autre" in tags or all(tags)
        out += kin if apart else [next(p for p, t in zip(kin, tags) if not t)]
    return out


def _candidates(persons: list, word: str) -> list[str]:
    plural = word in _PLURAL
    gender = {"il": "m", "ils": "m", "elle": "f", "elles": "f"}.get(word)
    return [k for k, g, many in persons if many == plural and gender in (None, g)]


def _pairs(units) -> Iterator[tuple[object, str, str, str]]:
    """(unit, what comes before, the words that may open with a pronoun, what they are): each
    unit after the one before it in its §, and each clause after a colon inside a unit."""
    for k, u in enumerate(units):
        text = plain(u.text)
        if k:
            yield u, plain(units[k - 1].text), text, "a sentence"
        cut = _COLON.search(text)
        if cut is not None:
            yield u, text[:cut.start()], text[cut.end():], "a clause"


def unclear_antecedent(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    for sec in page.sections:
        units = [u for u in sec.sentences if u.key not in skip]
        for u, before, text, what in _pairs(units):
            m = _LEAD.match(text) or _LEAD_AFTER.match(text)  # `S'il gagne, il pioche`: the first one
            if m is None:
                continue
            word, rest = m.group(1).lower(), text[m.end(1):].lstrip()
            if word == "il" and _IMPERSONAL.match(rest):
                continue
            who = _candidates(_persons(before), word)
            if len(who) < 2:
                continue
            term = f"{word} {m.group(2)[:MOST]}".strip(" .,;:").lower()
            names = "', '".join(k.replace("/", " ")[:MOST] for k in who[:4]) + ("', ..." if len(who) > 4 else "'")
            yield Hit(u.cite, "unclear-antecedent", "ambiguity",
                      f"{what} of {u.cite} opens with '{term}' right after words naming '{names}: which of them "
                      "it refers to is not said, and the rule reads differently for each",
                      u.line, term, unit=u.key)


DETECTORS = (unclear_antecedent,)
