"""The play phase, card by card: §Jouer des cartes and §Icônes de classe (heroes and weapons),
§Monstres, §Quêtes. Players play in turn from the round's start player (§Mise en place)."""
from __future__ import annotations

from ..kernel import Action, And, If, Name, Need, Param, args, bump, put
from .common import of_class, seat_name, attack, class_count, meets
from .rulings import fires, take
from .setup import card_names, quest_names


def _card(s, a):
    return s.cfg.comp.cards[a.card]


# No one's turn has come before the first player is drawn (setup.first, which a log may draw late).
TURN = Need("§Mise en place §Fin de manche", "players play in turn: it is this player's turn",
            lambda s, a: And(s.drawn == 1, s.turn == a.p),
            lambda s, a: f"it is the turn of the {seat_name(s.turn)}" if s.drawn else "the first player is not drawn yet")
IN_HAND = Need("§Mise en place", "the card is in the hand the player drafted this round",
               lambda s, a: s.hand[a.p][a.card] >= 1, lambda s, a: "the card is not in the player's hand")


def _gain(s, p, ab, on):
    """Apply an ability's gain (if `on`): gold from the reserve, XP, or attack for the round."""
    if ab is None:
        return s
    amount = ab.amount if ab.per is None else ab.amount * class_count(s, p, ab.per)
    got = If(on, amount, 0)
    if ab.gain == "gold":
        gold, pool = take(s, p, got)
        return s.but(gold=gold, pool=pool)
    if ab.gain == "xp":
        return s.but(xp=bump(s.xp, p, got))
    return s.but(bonus=bump(s.bonus, p, got))


# ---------------------------------------------------------------- heroes and weapons
def _play(s, a):
    card = _card(s, a)
    on = fires(s, a)  # decided before the card moves: the ruling counts the cards already there
    t = s.but(gold=bump(s.gold, a.p, -card.cost), pool=s.pool + card.cost,
              hand=put(s.hand, a.p, bump(s.hand[a.p], a.card, -1)),
              played=put(s.played, a.p, bump(s.played[a.p], a.card, 1)),
              fresh=put(s.fresh, a.p, bump(s.fresh[a.p], a.card, 1)))
    return _gain(t, a.p, card.ability, on)


def _in_hand(s):
    """Each card kind in the hand of the player whose turn it is."""
    return (args(s.turn, card=k) for k, c in enumerate(s.hand[s.turn]) if c)


PLAY_CARD = Action(
    "play.card", "§Jouer des cartes", "a player plays a hero or weapon from its hand, paying its gold cost to the reserve",
    params=(Param("card", Name(card_names, "card"), "the hero or weapon"),),
    needs=(
        TURN,
        Need("§Jouer des cartes", "the card is a hero or a weapon",
             lambda s, a: _card(s, a).type != "monster", lambda s, a: f"{_card(s, a).name} is a monster"),
        IN_HAND,
        Need("§Jouer des cartes", "the player pays the card's gold cost",
             lambda s, a: s.gold[a.p] >= _card(s, a).cost,
             lambda s, a: f"{_card(s, a).name} costs {_card(s, a).cost} gold, the player has {s.gold[a.p]}"),
    ),
    effect=_play, phases=("play",), propose=lambda s: _in_hand(s),
)


# ---------------------------------------------------------------- monsters
def _defeat(s, a):
    card = _card(s, a)
    t = s.but(hand=put(s.hand, a.p, bump(s.hand[a.p], a.card, -1)), discard=bump(s.discard, a.card, 1),
              xp=bump(s.xp, a.p, card.xp))
    if card.gold:
        gold, pool = take(t, a.p, card.gold)
        t = t.but(gold=gold, pool=pool)
    ab = card.ability
    if ab is not None:
        on = True if ab.if_class is None else class_count(s, a.p, ab.if_class) >= ab.if_count
        t = _gain(t, a.p, ab, on)
    return t


PLAY_MONSTER = Action(
    "play.monster", "§Monstres",
    "a player defeats a monster from its hand (attack is not spent), takes its XP, gold or text, and discards it",
    params=(Param("card", Name(card_names, "card"), "the monster"),),
    needs=(
        TURN,
        Need("§Monstres", "the card is a monster", lambda s, a: _card(s, a).type == "monster",
             lambda s, a: f"{_card(s, a).name} is not a monster"),
        IN_HAND,
        Need("§Monstres", "the player's combined attack reaches the monster's attack cost",
             lambda s, a: attack(s, a.p) >= _card(s, a).cost,
             lambda s, a: f"{_card(s, a).name} needs {_card(s, a).cost} attack, the player has {attack(s, a.p)}"),
    ),
    effect=_defeat, phases=("play",), propose=lambda s: _in_hand(s),
)


# ---------------------------------------------------------------- quests
def _quest(s, a):
    return s.cfg.comp.quests[a.quest]


def _show_needs(s, a):
    """What the quest needs and what counts; where cards of an earlier round are in front of
    the player but do not count (class_after=round), it says so."""
    comp = s.cfg.comp
    q = _quest(s, a)

    def has(i):
        n, everyone = class_count(s, a.p, i), of_class(s, s.played, a.p, i)
        return f"has {n}" if n == everyone else f"has {n} of this round ({everyone - n} more of earlier rounds do not count: class_after)"
    return ", ".join(f"{k} {c} needed, {has(i)}" for i, (c, k) in enumerate(zip(comp.classes, q.needs)) if k)


PLAY_QUEST = Action(
    "play.quest", "§Quêtes", "a player plays one of its kept quests, having the heroes and weapons of the classes it requires",
    params=(Param("quest", Name(quest_names, "quest"), "the quest"),),
    needs=(
        TURN,
        Need("§Quêtes", "the quest is one the player kept and has not played",
             lambda s, a: s.qhand[a.p][a.quest] >= 1, lambda s, a: "the player holds no such quest"),
        Need("§Quêtes", "the player controls heroes and weapons of the classes the quest requires",
             lambda s, a: meets(s, a.p, _quest(s, a).needs), _show_needs),
    ),
    effect=lambda s, a: s.but(qhand=put(s.qhand, a.p, bump(s.qhand[a.p], a.quest, -1)),
                             qplayed=put(s.qplayed, a.p, bump(s.qplayed[a.p], a.quest, 1))),
    phases=("play",),
    propose=lambda s: (args(s.turn, quest=k) for k, c in enumerate(s.qhand[s.turn]) if c),
)

ACTIONS = (PLAY_CARD, PLAY_MONSTER, PLAY_QUEST)
