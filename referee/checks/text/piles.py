"""unstated-exhaustion: a pile the rules draw from in play, whose running out the text never covers;
idle-pile: a pile the setup puts cards into that nothing after the setup uses (idle_pile).

Read from the text: a unit draws in play where it says `piocher` (any form; `la pioche`, the
noun, is not a draw), `tirer ... au hasard`, or picks `parmi ... encore disponibles` (a supply
that shrinks). The pile is the name after `carte(s)` or after the container (`pile`, `deck`,
`pioche`, `paquet`, `sac`, `réserve`: `sa pile Métropole`, `le deck de sa Maison`), else the
container, else the generic `pioche`. Its running out is covered where a unit says a pile is
empty or spent (`vide`, `épuisé`, `il n'y a plus`, `ne reste plus/aucun`, `n'en reste`) or is
made again (`reformer`, `mélanger la défausse`): naming that pile, or any pile of the same §.
A pile drawn in play with no such unit is a gap: a draw the rules allow on an empty pile, or
forbid, without saying which. Draws at a start (a setup §, `au début`, `de départ`) are not
read: a pile drawn once, at setup, is not drawn to its end. Limits: a pile named two ways
(`le deck`, `la pioche`) is two piles; an emptiness rule that names no pile covers only its §."""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterator

from .hit import Hit
from .page import Page, plain, stem

_NAME = r"([A-ZÀ-Ý][\wÀ-ÿ-]+)"  # a pile's own name: capitalised (`Métropole`, `Exploration`)
_DET = r"(?:la|le|les|l['’]|sa|son|ses|leur|leurs|votre|vos|une?|des|du|de\s+la|de)"
_PILES = "pile|deck|pioche|paquet|sac|réserve"  # the words for a pile
_CONTAINER = rf"((?i:{_PILES}))"
# `pioche` as a noun: after a determiner or a preposition (`la pioche`, `de la pioche`)
_NOUN_PIOCHE = re.compile(r"(?<![\w'’])" + _DET + r"\s+pioche(?![\w])", re.I)
# a draw: the verb (not its participle, `un objet pioché`, which names a card drawn elsewhere),
# `tirer ... au hasard`, or a pick among what is `encore disponible`; not `piocher tout le X`
_DRAW = re.compile(r"(?<![\w'’])(?:pioch(?:e|es|ent|ez|er|ons|era|eront)|pige(?:r|z|nt)?)(?![\w])(?!\s+tou[ts]e?s?\s)"
                   r"|(?<![\w'’])tir\w*\s+(?:\S+\s+){0,4}?au\s+hasard|encore\s+disponibles?", re.I)
_CARD = re.compile(r"(?<![\w'’])(?i:cartes?)\s+" + _NAME)
_FROM = re.compile(r"(?<![\w'’])" + _CONTAINER + r"(?:\s+(?:(?i:de)\s+(?i:sa|son|leur|la|le|l['’])\s*|(?i:du|des)\s+)?"
                   + _NAME + r")?")
_EMPTY = re.compile(r"(?<![\w])(?:vides?|épuisée?s?|il\s+n['’]y\s+a\s+plus|ne\s+reste\s+(?:plus|aucun\w*)|"
                    r"n['’]en\s+reste|reform\w*|remélang\w*|mélang\w*\s+(?:la|sa|leur|les)\s+défausses?)(?![\w])", re.I)
_START = re.compile(r"au\s+début|de\s+départ|initial|mise\s+en\s+place", re.I)
_SETUP = re.compile(r"mise en place|prépar|install|début|départ", re.I)
_CHAPTER = re.compile(r"§(\d+)\.")


def _draw(text: str) -> str | None:
    """The pile a unit draws from in play: its name (lower-case, singular), "" for a pile the
    unit does not name, None when the unit draws nothing."""
    t = plain(text)
    nouns = {m.end() - len("pioche") for m in _NOUN_PIOCHE.finditer(t)}
    hit = next((m for m in _DRAW.finditer(t) if m.start() not in nouns), None)
    if hit is None:
        return None
    after = t[hit.end():]
    pile = _CARD.search(after) or _FROM.search(after)
    if pile is None:
        return ""
    name = pile.group(pile.lastindex) if pile.re is _CARD else (pile.group(2) or "")
    return stem(name.lower())


def _names(text: str) -> set[str]:
    """The piles a unit names (`la pile Métropole`, `cartes Exploration`)."""
    t = plain(text)
    out = {stem(m.group(1).lower()) for m in _CARD.finditer(t)}
    out |= {stem(m.group(2).lower()) for m in _FROM.finditer(t) if m.group(2)}
    return out


def _chapter(cite: str) -> str | None:
    m = _CHAPTER.match(cite)
    return m.group(1) if m else None


def unstated_exhaustion(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    # the setup: its §s, and in a numbered book the whole chapter one of them opens
    setup = {s.cite for s in page.sections if _SETUP.search(f"{s.cite} {s.title or ''}")}
    chapters = {_chapter(c) for c in setup} - {None}
    first: dict[tuple, object] = {}  # (a pile's name, or the § of a draw naming none) -> its first unit
    covered: set[tuple] = set()
    for s in page.sections:
        for u in s.sentences:
            if u.key in skip:
                continue
            t = plain(u.text)
            if _EMPTY.search(t):  # its § is covered, and every pile it names, anywhere
                covered |= {("§", u.cite)} | {("pile", n) for n in _names(t)}
            if s.cite in setup or _chapter(s.cite) in chapters or _START.search(t):
                continue
            pile = _draw(t)
            if pile is not None:
                first.setdefault(("pile", pile) if pile else ("§", u.cite), u)
    for key, u in first.items():
        if key in covered or ("§", u.cite) in covered:
            continue
        named = key[0] == "pile"
        shown = f"the {key[1]} pile" if named else "a pile"
        yield Hit(u.cite, "unstated-exhaustion", "gap",
                  f"{u.cite} draws from {shown} during play, and the rulebook never says what happens when it "
                  f"runs out (the draw refused, made from a reshuffled discard, or simply not made)",
                  u.line, key[1] if named else "pioche", unit=u.key)


_INTO_CONTAINER = rf"((?i:{_PILES}|défausse))"  # a discard pile may be filled too
# cards put into a pile at setup: `au bas de la pioche Quête`, `sous la pile d'Artefacts`, `au-dessus du sac
# des Tuiles`; its name capitalised, or after de/du/des/d' (a complement, not an adjective: `la réserve commune`)
_INTO = re.compile(r"(?<![\w'’])(?:au\s+bas\s+d[eu]|sous|dans|sur|au[\s-]+dessus\s+d[eu])\s+"
                   r"(?:la|le|les|l['’]|sa|son|leur)?\s*" + _INTO_CONTAINER
                   + r"\s+(?:(?:(?i:de|du|des)\s+|d['’])([\wÀ-ÿ-]+)|" + _NAME + ")")
# a setup § by its title alone (`Début de manche` is play); unstated-exhaustion reads more (its _SETUP)
_SETUP_TITLE = re.compile(r"mise en place|prépar|install|avant (?:la partie|de jouer|de commencer)", re.I)
# a later unit uses a pile it names where it takes, reveals or turns its cards, or says where in it
# (a draw is read as unstated-exhaustion reads one, _draw: `la pioche`, the noun, is none)
_TAKE = re.compile(r"(?<![\w'’])tir|révél|retourn|(?<![\w'’])pren|premi|dessus|du haut", re.I)


_WORD = re.compile(r"\w+")


def _takes(text: str) -> bool:
    return _draw(text) is not None or bool(_TAKE.search(text))


def idle_pile(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    """idle-pile: a named pile the setup puts cards into, that no other unit uses: a unit
    naming it with its container (`la pioche Quête`, any case, either number), or naming it
    with a verb that takes, reveals or turns cards or a word that says where in it (_TAKE);
    or, the setup naming one pile of that container only, the container alone with such a
    verb (`piochez dans la pioche`); a pile named `Défausse`, any form of `défausser`. Only
    the units holding every word of a pile's name are read for it (an index of their words):
    a setup of thousands of piles costs what it is long, not piles times units."""
    setup = {s.cite for s in page.sections if _SETUP_TITLE.search(f"{s.cite} {s.title or ''}")}
    into: dict[str, tuple] = {}  # a pile's key -> (the unit putting cards in, its name as written, its container)
    filling: dict[str, set] = {}  # a pile's key -> the units that put cards into it (none is a use)
    texts: list[tuple] = []  # (unit key, text) of every unit read
    holding: dict[str, set[int]] = defaultdict(set)  # a word (lower case, and without its s or x) -> its units
    for s in page.sections:
        for u in s.sentences:
            if u.key in skip:
                continue
            t = plain(u.text)
            for w in set(_WORD.findall(t.lower())):
                holding[w].add(len(texts))
                holding[w[:-1] if w[-1] in "sx" else w].add(len(texts))
            texts.append((u.key, t))
            if s.cite in setup and _draw(t) is None:  # `piochez dans la pioche X`: from it, not into it
                for m in _INTO.finditer(t):
                    name = m.group(2) or m.group(3)
                    key = stem(name.lower())
                    into.setdefault(key, (u, name, m.group(1).lower()))
                    filling.setdefault(key, set()).add(u.key)
    kinds = Counter(kind for _, _, kind in into.values())

    def others(key: str, words: set[int]) -> list[str]:
        """The texts of the units among `words` other than those filling the pile: the
        setup's other units too (a use said there)."""
        return [texts[i][1] for i in sorted(words) if texts[i][0] not in filling[key]]

    for key, (u, name, kind) in into.items():
        named = re.compile(rf"(?<![\w'’]){re.escape(key)}[sx]?(?![\w])", re.I)
        alone = re.compile(rf"(?<![\w'’])(?i:la|le|les|l['’])\s*(?i:{kind})(?!\s+(?:[A-ZÀ-Ý]|de\b|du\b|des\b|d['’]))")
        with_kind = re.compile(rf"{kind}\s+(?:(?:de|du|des)\s+|d['’])?{re.escape(key)}[sx]?(?![\w])", re.I)
        words = _WORD.findall(key)  # the units holding all its words (a name of none: every unit)
        naming = set.intersection(*(holding.get(w, set()) for w in words)) if words else set(range(len(texts)))
        used = (any(with_kind.search(t) or (named.search(t) and _takes(t)) for t in others(key, naming))
                or (kinds[kind] == 1  # at most one pile a container: read on every unit naming it
                    and any(alone.search(t) and _takes(t) for k, t in texts if k not in filling[key] and kind in t.lower()))
                or (key == "défausse" and any("défauss" in t.lower() for k, t in texts if k not in filling[key])))
        if not used:
            yield Hit(u.cite, "idle-pile", "gap",
                      f"{u.cite} puts cards into the {name} pile, and no other rule draws from it or names it with "
                      f"its cards: what the pile is for, and whether the cards put there come back into play, is not "
                      f"said",
                      u.line, key, unit=u.key)


DETECTORS = (unstated_exhaustion, idle_pile)
