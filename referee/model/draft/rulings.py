"""Questions the rules must answer, with what the text gives and the options that fill the
holes (Ruling, Answer, Option). The checks, not this file, report where the text gives no
outcome or two: encode exactly what the text says."""
from __future__ import annotations

import dataclasses

from ..kernel import (
    And, Answer, Basis, Count, If, Max, Min, Not, Option, Or, Ruling, args, bump, decide,
)
from .common import CLASS_AFTER, CLASS_AFTER_OPTION, attack, class_count, meets, nplayers, production, score, seats
from .state import END

SRC = "règles"

# ---------------------------------------------------------------- options
GOLD = Option(
    "gold", "§Mise en place",
    "how much gold each player starts with: the rulebook text gives no number and public sources differ",
    {"9": "9 gold each (most sources)", "5": "5 gold each (one source)"}, "9", kind="disputed",
           basis=Basis("published", "dungeon-draft.md:6", "9",
                       "the text gives no starting gold, though heroes and weapons cost gold from the first turn on "
                       "(§Jouer des cartes) and the text pays gold only at the end of a turn (§Fin de tour) or "
                       "for a defeated monster that shows Gold (§Monstres); most published sources give 9",
                       against="dungeon-draft.md:6"))
PASS = Option(
    "pass", "§Mise en place",
    "which way the draft hands pass in each round: the text says only that it depends on the round",
    {"cw-first": "clockwise in rounds 1 and 3, counterclockwise in rounds 2 and 4",
     "ccw-first": "counterclockwise in rounds 1 and 3, clockwise in rounds 2 and 4"}, "cw-first",
           basis=Basis("model", "§Mise en place", "cw-first",
                       "§Mise en place has the direction depend on the round and names none; the published facts say only that it alternates (dungeon-draft.md:7)"))
STOP = Option(
    "stop", "§Fin de tour",
    "whether a player may end its play turn while it can still play a card: §Mise en place says players "
    "play as many cards as they can, §Fin de tour that the turn ends once they have played the cards they wish",
    {"may": "a player may end its turn at any time (§Fin de tour)",
     "must": "a player must play cards while it can afford one (§Mise en place)"}, "may",
           basis=Basis("model", "§Fin de tour §Mise en place", "may",
                       "read as a duty, §Mise en place (play as many cards as one can afford) and §Fin de tour (the turn ends once the player has played the cards it wishes) cannot both hold; read as a bound on what one may play, they agree: the model reads §Fin de tour"))
RESERVE = Option(
    "reserve", "§Jouer des cartes",
    "whether the common gold reserve can run out: the text never gives the number of gold tokens",
    {"unlimited": "the reserve never runs out: a player always takes all the gold due",
     "finite": "the reserve holds gold_supply tokens (components); a player takes what is left"}, "unlimited",
           basis=Basis("model", "§Jouer des cartes", "unlimited",
                       "the text never counts the gold of the common reserve, nor says what a player takes when it runs short"))
SELF = Option(
    "self", "§Icônes de classe",
    "whether a hero or weapon counts itself toward the class condition of its own ability when played",
    {"yes": "the card is in front of its player when its ability fires and counts",
     "no": "only the cards already in front of the player count"}, "yes",
           basis=Basis("model", "§Icônes de classe", "yes",
                       "§Icônes de classe counts the cards of a class a player controls, and never says whether the card being played is among them"))
TIE = Option(
    "tie", "§Fin de manche",
    "who wins when several players share the most XP: the text names one winner",
    {"shared": "every player with the most XP wins", "gold": "among them, the one with the most gold wins; if still tied, they share"},
    "shared",
           basis=Basis("model", "§Fin de manche", "shared",
                       "§Fin de manche names one winner, the most XP, and says nothing of a tie"))
OPTIONS = (GOLD, PASS, STOP, RESERVE, SELF, TIE, CLASS_AFTER_OPTION)


def settle(r: Ruling, s, a):
    """The outcome the option in force gives, for a question where the text gives two
    different answers (the audit reports the conflict; the option chooses the reading)."""
    return decide(dataclasses.replace(r, answers=tuple(x for x in r.answers if x.source.startswith("option:"))), s, a)


# ---------------------------------------------------------------- gold from the reserve
def end_gain(s, p):
    """§Fin de tour: 5 gold plus the player's total production."""
    return 5 + production(s, p)


def take(s, p: int, due):
    """Gold the player takes from the reserve: (gold vector, pool) after taking. The text never
    counts the reserve nor says what is taken when it holds less than is due (gap
    common_gold_reserve): option reserve, read here (under `unlimited` the pool may go below 0)."""
    got = Max(0, Min(due, s.pool)) if s.cfg.opt("reserve") == "finite" else due
    return bump(s.gold, p, got), s.pool - got


# ---------------------------------------------------------------- may a turn end early?
def can_play(s, p: int):
    """§Mise en place, §Jouer des cartes, §Monstres, §Quêtes: some card in the player's hand
    (or kept quest) could be played now."""
    cards = s.cfg.comp.cards
    opts = []
    atk = attack(s, p)
    for k, card in enumerate(cards):
        if card.type == "monster":
            opts.append(And(s.hand[p][k] >= 1, atk >= card.cost))
        else:
            opts.append(And(s.hand[p][k] >= 1, s.gold[p] >= card.cost))
    counts: dict = {}  # each class counted once (a class count is a ruling: CLASS_AFTER)
    for q, quest in enumerate(s.cfg.comp.quests):
        opts.append(And(s.qhand[p][q] >= 1, meets(s, p, quest.needs, counts)))
    return Or(*opts)


STOP_EARLY = Ruling(
    "stop_early", "§Fin de tour",
    "a player ends its play turn while it could still play a card of its hand (the model counts a kept quest "
    "too, though no line says whether quests are played from the hand: quest_timing)",
    arises=lambda s, a: False if a.p is None else can_play(s, a.p),
    answers=(
        Answer("§Mise en place", SRC, "players play as many cards as they can afford: the turn goes on",
               lambda s, a: True, lambda s, a: False),
        Answer("§Fin de tour", SRC, "the turn ends once the player has played the cards it wishes to play",
               lambda s, a: True, lambda s, a: True),
        Answer("§Fin de tour", "option:stop=may", "the player may end its turn", lambda s, a: True, lambda s, a: True),
        Answer("§Mise en place", "option:stop=must", "the player must play on", lambda s, a: True, lambda s, a: False),
    ),
    outcome="bool", action="play.end",
)


def may_stop(s, a):
    return Or(Not(can_play(s, a.p)), settle(STOP_EARLY, s, a))


# ---------------------------------------------------------------- does a card count itself?
def _cond(s, a):
    """(class index, count needed, 1 if the card is of that class) for the played card's
    conditional ability, or None."""
    if a.p is None or not hasattr(a, "card"):
        return None
    card = s.cfg.comp.cards[a.card]
    ab = card.ability
    if ab is None or ab.if_class is None:
        return None
    return ab.if_class, ab.if_count, 1 if card.cls == ab.if_class else 0


def _before(s, a):
    c, k, own = _cond(s, a)
    return class_count(s, a.p, c)


def _arises_self(s, a):
    if _cond(s, a) is None:
        return False
    c, k, own = _cond(s, a)
    return And(own == 1, _before(s, a) == k - 1)


def _enough_without(s, a):
    if _cond(s, a) is None:
        return False
    return _before(s, a) >= _cond(s, a)[1]


def _short_with(s, a):
    if _cond(s, a) is None:
        return False
    c, k, own = _cond(s, a)
    return _before(s, a) + own < k


def _has_cond(s, a):
    return _cond(s, a) is not None


def _enough_with(s, a):
    c, k, own = _cond(s, a)
    return _before(s, a) + own >= k


COUNTS_ITSELF = Ruling(
    "counts_itself", "§Icônes de classe",
    "a hero or weapon whose ability needs N cards of its own class is played when the player controls N-1 others",
    arises=_arises_self,
    answers=(
        Answer("§Icônes de classe", SRC, "the player controls enough cards of the class: the ability works",
               _enough_without, lambda s, a: True),
        Answer("§Icônes de classe", SRC, "too few cards of the class, even counting this one: it does not work",
               _short_with, lambda s, a: False),
        Answer("§Icônes de classe", "option:self=yes", "the card counts itself", _has_cond, _enough_with),
        Answer("§Icônes de classe", "option:self=no", "only the cards already there count", _has_cond, _enough_without),
    ),
    outcome="bool", action="play.card",
)


def fires(s, a):
    """§Jouer des cartes, §Icônes de classe: does the played card's ability work?"""
    ab = s.cfg.comp.cards[a.card].ability
    if ab is None:
        return False
    if ab.if_class is None:
        return True
    return decide(COUNTS_ITSELF, s, a)


# ---------------------------------------------------------------- which way do hands pass?
def passes_now(s, a):
    """This pick completes the step: every other player has picked already."""
    return And(*[s.picks[q] == s.step + 1 for q in seats(s) if q != a.p])


def _arises_pass(s, a):
    if nplayers(s) < 3:
        return False  # with two players both directions reach the same player
    return passes_now(s, a)


def _odd(s):
    return Or(s.round == 1, s.round == 3)


PASS_DIRECTION = Ruling(
    "pass_direction", "§Mise en place",
    "with 3 players or more, each pick passes the hands on: clockwise or counterclockwise in this round (the text says only that it depends on the round)?",
    arises=_arises_pass,
    answers=(
        Answer("§Mise en place", "option:pass=cw-first", "clockwise in odd rounds", lambda s, a: True,
               lambda s, a: If(_odd(s), 1, -1)),
        Answer("§Mise en place", "option:pass=ccw-first", "counterclockwise in odd rounds", lambda s, a: True,
               lambda s, a: If(_odd(s), -1, 1)),
    ),
    action="draft.pick",
)


# ---------------------------------------------------------------- ties on XP
def _best(s):
    return Max(*[score(s, q) for q in seats(s)])


def _tied(s):
    return [score(s, q) == _best(s) for q in seats(s)]


def _first(flags, default=-1):
    out = default
    for q in reversed(range(len(flags))):
        out = If(flags[q], q, out)
    return out


# The outcome of XP_TIE: the one winner's seat, SHARED (every player with the most XP wins),
# or RICHEST (the players with the most XP and, among them, the most gold share the win).
SHARED, RICHEST = -1, -2


def richest(s):
    """Flags: the players with the most XP and, among those, the most gold."""
    tied = _tied(s)
    most = Max(*[If(t, s.gold[q], -1) for q, t in enumerate(tied)])
    return [And(t, s.gold[q] == most) for q, t in enumerate(tied)]


def _by_gold(s, a):
    top = richest(s)
    return If(Count(top) == 1, _first(top), RICHEST)


XP_TIE = Ruling(
    "xp_tie", "§Fin de manche",
    "after four rounds several players share the most XP",
    arises=lambda s, a: And(s.phase == END, Count(_tied(s)) >= 2),
    answers=(
        Answer("§Fin de manche", SRC, "the player with the most XP wins", lambda s, a: Count(_tied(s)) == 1,
               lambda s, a: _first(_tied(s))),
        Answer("§Fin de manche", "option:tie=shared", "every tied player wins: the victory is shared", lambda s, a: True,
               lambda s, a: If(Count(_tied(s)) == 1, _first(_tied(s)), SHARED)),
        Answer("§Fin de manche", "option:tie=gold", "most gold among the tied, else shared by the richest of them",
               lambda s, a: True,
               lambda s, a: If(Count(_tied(s)) == 1, _first(_tied(s)), _by_gold(s, a))),
    ),
)

RULINGS = (STOP_EARLY, COUNTS_ITSELF, PASS_DIRECTION, XP_TIE, CLASS_AFTER)
