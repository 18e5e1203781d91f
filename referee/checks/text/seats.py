"""unstated-direction: the turn goes to "the next player", and the text never says which way
round the table the turns go.

Read from the text: a reference to the next seat (`joueur suivant`, `prochain joueur`, `au
suivant`) that names no side of its own (`à sa gauche`, `à droite`), and the sentences
that give a direction (`sens horaire`, `sens des aiguilles d'une montre`, `sens inverse`,
`à gauche`, `à droite`). The direction of play is given when one of those sentences is about
playing turns (`jouez`, `jouent`, `le tour`, `à tour de rôle`); a direction given for passing
cards or for the start player's seat says nothing of the turns of a round, though a model
may infer from it. The finding names those other §s. With at most two players, the next
player is the other one: no finding when the text gives the players' count (`2 joueurs`,
`2 à 5 joueurs`, `pour trois joueurs`) and it is 2 at most.
Limits: a direction given in a picture or by seat names (`Nord, Est`) is not read; a `suivant`
that is an adjective of something else than a player is not read."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from types import MappingProxyType

from .hit import Hit
from .page import Page

_SIDE = r"(?:(?:à|vers)\s+(?:sa\s+|la\s+|votre\s+|leur\s+)?(?:gauche|droite))"
_DIRECTION = re.compile(r"sens\s+(?:horaire|anti-?horaire|trigonométrique|inverse|contraire)|"
                        r"sens\s+des\s+aiguilles|" + _SIDE, re.I)
_NEXT = re.compile(r"(?<![\w'’])(?:(?:le|au|du)\s+)?(?:joueur\s+suivant|prochain\s+joueur|(?:au|le)\s+suivant(?=\s*[.,;:!?]|$))"
                   r"(?!\s+" + _SIDE + ")", re.I)
# a sentence about the turns of play, not the start player's seat nor passing cards
_TURNS = re.compile(r"(?<![\w'’])(?:jouez|jouent|joue|jouer|(?:le|son|leur|votre|chaque)\s+tour|à\s+tour\s+de\s+rôle)(?![\w'’])", re.I)
_START = re.compile(r"joueur\s+de\s+départ|premier\s+joueur|premi[eè]re?\s+position", re.I)
_WORDS = MappingProxyType({"deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8})
_COUNT = re.compile(r"(?<![\w'’])(\d+|deux|trois|quatre|cinq|six|sept|huit)(?:\s*(?:à|-)\s*(\d+|deux|trois|quatre|cinq|six|sept|huit))?"
                    r"\s+joueurs(?![\w'’])", re.I)


def _plain(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def _n(word: str) -> int:
    return int(word) if word.isdigit() else _WORDS[word.lower()]


def _most_players(page: Page) -> int | None:
    """The largest player count the text gives (`2 à 5 joueurs`: 5), or None when it gives none."""
    counts = [max(_n(m.group(1)), _n(m.group(2)) if m.group(2) else 0)
              for u in page.units for m in _COUNT.finditer(_plain(u.text))]
    return max(counts) if counts else None


def unstated_direction(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    read = [u for u in page.units if u.key not in skip]
    most = _most_players(page)
    if most is not None and most <= 2:
        return
    directed = [u for u in read if _DIRECTION.search(_plain(u.text))]
    if any(_TURNS.search(_plain(u.text)) and not _START.search(_plain(u.text)) for u in directed):
        return  # the text says which way the turns go
    elsewhere = tuple(dict.fromkeys(u.cite for u in directed))
    for u in read:
        m = _NEXT.search(_plain(u.text))
        if m is None:
            continue
        other = (f"; the directions it gives ({', '.join(elsewhere)}) are not said of the turns, so a reading infers "
                 "the turns' from them" if elsewhere else "")
        core = re.sub(r"^(?:le|au|du)\s+", "", m.group(0).strip(), flags=re.I)
        yield Hit(u.cite, "unstated-direction", "gap",
                  f"{u.cite} hands the turn to the next player ('{core}'), and no sentence of the rulebook says which "
                  f"way round the table the turns go{other}", u.line, "joueur suivant", also=elsewhere, unit=u.key)
        return  # one finding: the direction is one missing rule, however often the next player is named


DETECTORS = (unstated_direction,)
