"""What several headings read: the number of seats in play, class counts, attack, gold
production, XP. Plain rule code (runs on ints and on z3 terms)."""
from __future__ import annotations

from ..kernel import And, If, Sum


def nplayers(s) -> int:
    return s.cfg.extra["nplayers"]


def seats(s) -> range:
    return range(nplayers(s))


def comp(s):
    return s.cfg.comp


def class_count(s, p: int, c: int):
    """§Icônes de classe: heroes and weapons of class c the player controls (all rounds:
    the icons stay in effect, §Fin de manche)."""
    return Sum(s.played[p][k] for k, card in enumerate(comp(s).cards) if card.cls == c)


def attack(s, p: int):
    """§Monstres: the combined attack of every card the player controls (heroes, weapons and
    played quests, every round, §Jouer des cartes) plus attack granted for this round."""
    cards = Sum(s.played[p][k] * card.attack for k, card in enumerate(comp(s).cards) if card.attack)
    quests = Sum(s.qplayed[p][q] * quest.attack for q, quest in enumerate(comp(s).quests) if quest.attack)
    return cards + quests + s.bonus[p]


def production(s, p: int):
    """§Fin de tour: total gold production of the cards in front of the player."""
    cards = Sum(s.played[p][k] * card.gold for k, card in enumerate(comp(s).cards) if card.type != "monster" and card.gold)
    quests = Sum(s.qplayed[p][q] * quest.gold for q, quest in enumerate(comp(s).quests) if quest.gold)
    return cards + quests


def score(s, p: int):
    """§Fin de manche: a player's XP: tokens taken, plus the XP printed on its heroes and
    weapons (kept after their round, §Jouer des cartes) and on its played quests."""
    cards = Sum(s.played[p][k] * card.xp for k, card in enumerate(comp(s).cards) if card.type != "monster" and card.xp)
    quests = Sum(s.qplayed[p][q] * quest.xp for q, quest in enumerate(comp(s).quests) if quest.xp)
    return s.xp[p] + cards + quests


def meets(s, p: int, needs: tuple[int, ...]):
    """§Quêtes: the player controls the heroes and weapons of each class a quest requires."""
    return And(*[class_count(s, p, c) >= k for c, k in enumerate(needs) if k])


def vif(c, a: tuple, b: tuple) -> tuple:
    """Item by item If over two vectors (or vectors of vectors)."""
    if isinstance(a, tuple):
        return tuple(vif(c, x, y) for x, y in zip(a, b, strict=True))
    return If(c, a, b)


def zeros(n: int) -> tuple:
    return (0,) * n


def seat_name(i) -> str:
    """How a replay message names a seat: its rank in the header's list of players."""
    return {0: "first", 1: "second", 2: "third", 3: "fourth", 4: "fifth"}.get(i, str(i)) + " player of the header"
