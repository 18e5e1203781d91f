"""unstated-direction: the turn goes to "the next player", and the text never says which way
round the table the turns go.

Read from the text: a reference to the next seat (`joueur suivant`, `joueuse suivante`,
`prochain joueur`, `joueur qui suit`, `son voisin`, `au suivant`) that names no side of its own
(`à sa gauche`, `voisin de droite`), and the sentences that give a direction (`sens horaire`,
`sens des aiguilles d'une montre`, `sens inverse`, `à gauche`, `à droite`; not `à droite de sa
pile`, which places a thing). The direction of the turns is given by such a sentence when it is
about playing turns (`jouez`, `joue`, `le tour`, `les tours`, `à tour de rôle`, `la partie se
déroule`, `le jeu tourne`) or names the next player itself. A direction given only for passing
cards or for the start player's seat says nothing of the turns of a round, though a reading may
infer them from it: the finding names those §s. With at most two players the next player is
the other one: no finding when the text's player counts (`2 joueurs`, `de 2 à 5 joueurs`, `pour
trois joueurs`; not `une partie à 2 joueurs`, a case of the game) are all 2 at most and none is
left open (`2 joueurs ou plus`).
Limits: a direction given in a picture or by seat names (`Nord, Est`), or in words none of the
above, is not read; nor is a next player named otherwise (`celui qui est assis après vous`)."""
from __future__ import annotations

import re
from collections.abc import Iterator
from types import MappingProxyType

from .hit import Hit
from .page import Page, plain

# a side of the table, not of a thing (`à droite de sa pile`, `à gauche du plateau` place things)
_SIDE = r"(?:(?:à|vers)\s+(?:sa\s+|la\s+|votre\s+|leur\s+)?(?:gauche|droite)(?!\s+d(?:e|u|es)\b|\s+d['’]))"
_DIRECTION = re.compile(r"sens\s+(?:horaire|anti-?horaire|trigonométrique|inverse|contraire)|"
                        r"sens\s+des\s+aiguilles|" + _SIDE, re.I)
_NEXT = re.compile(r"(?<![\w'’])(?:(?:le|la|au|à\s+la|du|de\s+la)\s+)?(?:joueu(?:r|se)\s+suivante?|prochaine?\s+joueu(?:r|se)|"
                   r"joueur\s+qui\s+suit|(?:votre|son|sa)\s+voisine?(?!\s+de\s+(?:gauche|droite))|"
                   r"(?:au|le)\s+suivant(?=\s*[.,;:!?]|$))(?!\s+" + _SIDE + ")", re.I)
# a sentence about the turns of play (`jouez`, `le tour`, `la partie se déroule`...)
_TURNS = re.compile(r"(?<![\w'’])(?:jouez|jouent|joue|jouer|(?:le|les|son|ses|leur|leurs|votre|vos|chaque)\s+tours?|"
                    r"à\s+tour\s+de\s+rôle|(?:la\s+partie|le\s+jeu)\s+(?:se\s+(?:déroule|poursuit|joue)|tourne|continue))"
                    r"(?![\w'’])", re.I)
_WORDS = MappingProxyType({"deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8})
_NUM = r"(\d+|deux|trois|quatre|cinq|six|sept|huit)"
# `de 2 à 5 joueurs`, `pour 3 joueurs`, `2-4 joueurs`; `à 2 joueurs` alone is a case of the game (a
# variant), not its count, and `2 joueurs ou plus` bounds nothing
_COUNT = re.compile(r"(?<![\w'’])(?<!à\s)" + _NUM + r"(?:\s*(?:à|-)\s*" + _NUM + r")?\s+joueurs(?![\w'’])"
                    r"(\s+(?:ou|et)\s+plus|\s+au\s+moins|\s+minimum)?", re.I)


def _n(word: str) -> int:
    return int(word) if word.isdigit() else _WORDS[word.lower()]


def _most_players(texts: list[str]) -> int | None:
    """The largest player count the texts give (`2 à 5 joueurs`: 5), or None when they give
    none or leave it open (`2 joueurs ou plus`)."""
    counts = [None if m.group(3) else max(_n(m.group(1)), _n(m.group(2)) if m.group(2) else 0)
              for text in texts for m in _COUNT.finditer(text)]
    return None if not counts or None in counts else max(counts)


def unstated_direction(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    most = _most_players([plain(u.text) for u in page.units])
    if most is not None and most <= 2:
        return
    read = [(u, plain(u.text)) for u in page.units if u.key not in skip]
    directed = [(u, text) for u, text in read if _DIRECTION.search(text)]
    # the text says which way the turns go: a direction beside the turns, or beside the next player
    if any(_TURNS.search(text) or _NEXT.search(text) for _, text in directed):
        return
    elsewhere = tuple(dict.fromkeys(u.cite for u, _ in directed))
    for u, text in read:
        m = _NEXT.search(text)
        if m is None:
            continue
        other = (f"; the directions it gives ({', '.join(elsewhere)}) are not said of the turns, so a reading infers "
                 "the turns' from them" if elsewhere else "")
        core = re.sub(r"^(?:le|la|au|à\s+la|du|de\s+la)\s+", "", m.group(0).strip(), flags=re.I)
        yield Hit(u.cite, "unstated-direction", "gap",
                  f"{u.cite} hands the turn to the next player ('{core}'), and no sentence of the rulebook says which "
                  f"way round the table the turns go{other}", u.line, core.lower(), also=elsewhere, unit=u.key)
        return  # one finding: the direction is one missing rule, however often the next player is named


DETECTORS = (unstated_direction,)
