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
import unicodedata
from collections.abc import Iterator

from .hit import Hit
from .page import Page, stem

_NAME = r"([A-ZÀ-Ý][\wÀ-ÿ-]+)"  # a pile's own name: capitalised (`Métropole`, `Exploration`)
_DET = r"(?:la|le|les|l['’]|sa|son|ses|leur|leurs|votre|vos|une?|des|du|de\s+la|de)"
_CONTAINER = r"((?i:pile|deck|pioche|paquet|sac|réserve))"
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


def _plain(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def _draw(text: str) -> str | None:
    """The pile a unit draws from in play: its name (lower-case, singular), "" for a pile the
    unit does not name, None when the unit draws nothing."""
    t = _plain(text)
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
    t = _plain(text)
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
            t = _plain(u.text)
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


# cards put into a pile at setup: `au bas de la pioche Quête`, `sous la pile X`, `dans le sac X`
_INTO = re.compile(r"(?<![\w'’])(?:au\s+bas\s+d[eu]|sous|dans|sur|au\s+dessus\s+d[eu])\s+(?:la|le|les|l['’]|sa|son|leur)?\s*"
                   + _CONTAINER + r"\s+(?:(?i:de|du|des)\s+)?" + _NAME)


def idle_pile(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    """idle-pile: a named pile the setup puts cards into, that no unit after the setup draws
    from or names: what it is for is not said (the cards put there never come back)."""
    setup = {s.cite for s in page.sections if _SETUP.search(f"{s.cite} {s.title or ''}")}
    chapters = {_chapter(c) for c in setup} - {None}
    into: dict[str, tuple] = {}  # a pile's key -> (the unit putting cards in, the pile's name as written)
    later: set[str] = set()
    for s in page.sections:
        for u in s.sentences:
            if u.key in skip:
                continue
            t = _plain(u.text)
            if s.cite in setup or _chapter(s.cite) in chapters:
                for m in _INTO.finditer(t):
                    into.setdefault(stem(m.group(2).lower()), (u, m.group(2)))
            else:
                later |= {n for n in (_draw(t),) if n} | {stem(m.group(2).lower()) for m in _FROM.finditer(t) if m.group(2)}
    for key, (u, name) in into.items():
        if key not in later:
            yield Hit(u.cite, "idle-pile", "gap",
                      f"{u.cite} puts cards into the {name} pile, and no rule after the setup draws from it or names "
                      f"it: what the pile is for, and whether the cards put there come back into play, is not said",
                      u.line, key, unit=u.key)


DETECTORS = (unstated_exhaustion, idle_pile)
