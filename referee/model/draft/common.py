"""What several headings read: the number of seats in play, class counts, attack, gold
production, XP. Plain rule code (runs on ints and on z3 terms)."""
from __future__ import annotations

from ..kernel import And, Answer, Basis, If, Name, Option, Param, Player, Ruling, Sum, args, decide


def nplayers(s) -> int:
    return s.cfg.extra["nplayers"]


def seats(s) -> range:
    return range(nplayers(s))


def comp(s):
    return s.cfg.comp


def of_class(s, rows, p: int, c: int):
    return Sum(rows[p][k] for k, card in enumerate(comp(s).cards) if card.cls == c)


# §Jouer des cartes keeps only the Attack, Gold and XP of a hero or weapon after its round (only the
# numbers and symbols of the card's left side); the tip of §Fin de manche keeps "the icons" in
# effect, the word §Icônes de classe uses for the class icon. The two pull apart on whether a card of
# an earlier round still counts toward a class condition (§Icônes de classe: an ability's; §Quêtes: a
# quest's): a conflict of the text, which the published rule (facts) settles as §Jouer des cartes does.
CLASS_AFTER_OPTION = Option(
    "class_after", "§Jouer des cartes §Fin de manche",
    "whether heroes and weapons played in an earlier round still count toward a class condition (an ability's, a quest's)",
    {"round": "only the heroes and weapons played this round count (after its round a card keeps only its Attack, Gold and XP)",
     "all": "every hero and weapon in front of the player counts, whatever its round (the icons stay in effect)"},
    "round",
    basis=Basis("published", "dungeon-draft.md:8", "round",
                "the published rule: 'after their round only their attack, gold production and XP count' "
                "(dungeon-draft.md:8-9), which leaves the class out"))


def _earlier(s, a):
    """The player has cards of the class from an earlier round (the question arises)."""
    return of_class(s, s.played, a.p, a.c) > of_class(s, s.fresh, a.p, a.c)


CLASS_AFTER = Ruling(
    "class_after", "§Jouer des cartes §Fin de manche §Icônes de classe",
    "a class condition (an ability's, a quest's) is checked while the player has heroes or weapons of that class from an earlier round: do they count",
    arises=_earlier,
    answers=(
        Answer("§Icônes de classe", "règles", "no card of the class from an earlier round: the cards in front count",
               lambda s, a: of_class(s, s.played, a.p, a.c) == of_class(s, s.fresh, a.p, a.c),
               lambda s, a: of_class(s, s.played, a.p, a.c)),
        Answer("§Jouer des cartes", "règles", "after its round a hero or weapon keeps only its Attack, Gold and XP: its class, "
               "not among them, no longer counts, though the numbers and symbols of the card's left side are kept "
               "too and no line says whether the class icon is printed there",
               _earlier, lambda s, a: of_class(s, s.fresh, a.p, a.c)),
        Answer("§Fin de manche", "règles", "the tip stacks past rounds' cards so that only their icons show, the icons' "
               "abilities staying in effect, and 'icône' is the word §Icônes de classe uses for the class icon: its "
               "class still counts",
               _earlier, lambda s, a: of_class(s, s.played, a.p, a.c)),
        Answer("§Jouer des cartes", "option:class_after=round", "only this round's heroes and weapons count",
               lambda s, a: True, lambda s, a: of_class(s, s.fresh, a.p, a.c)),
        Answer("§Fin de manche", "option:class_after=all", "every hero and weapon in front of the player counts",
               lambda s, a: True, lambda s, a: of_class(s, s.played, a.p, a.c)),
    ),
    params=(Param("p", Player(), "the player whose cards are counted"),
            Param("c", Name(lambda cfg: cfg.comp.classes, "class"), "the class")),
)


def class_count(s, p: int, c: int):
    """§Icônes de classe: heroes and weapons of class c the player controls; those of an
    earlier round as CLASS_AFTER decides."""
    return decide(CLASS_AFTER, s, args(p, c=c))


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


def meets(s, p: int, needs: tuple[int, ...], counts: dict | None = None):
    """§Quêtes: the player controls the heroes and weapons of each class a quest requires.
    `counts`: class counts already taken for this player and state (class -> count), so a
    rule that weighs every quest counts each class once."""
    counts = {} if counts is None else counts
    for c, k in enumerate(needs):
        if k and c not in counts:
            counts[c] = class_count(s, p, c)
    return And(*[counts[c] >= k for c, k in enumerate(needs) if k])


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
