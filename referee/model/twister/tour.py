"""§Mise en place (hiding tokens), §Tour (action cards, the end of a turn), §Fin."""
from __future__ import annotations

from ..kernel import (
    Action, And, Answer, If, Int, Lookup, Need, Not, Or, Param, Ruling, args, bump, put,
)
from .board import HID, RES, NTOK, T, limit
from .common import REGLE, FAITS, hidden_in
from .params import TOKEN_NAMES, Char
from .state import ACT, CARD, OVER, SETUP

LIMITS = tuple(limit(r) for r in range(8))


def _turn(s, a):
    return s.turn == a.p


TURN = Need("§Tour", "it is the player's turn", _turn, lambda s, a: f"it is player {s.turn + 1}'s turn")


def _hide_effect(s, a):
    t = a.p * NTOK + a.token
    loc = put(s.loc, t, HID + a.room)
    res = bump(s.res, a.p, -1)
    left = res[0] + res[1]
    return s.but(loc=loc, hid=bump(s.hid, a.room, 1), res=res, turn=If(left == 0, 0, 1 - s.turn),
                 phase=If(left == 0, CARD, SETUP))


HIDE = Action(
    "hide", "§Mise en place", "put one of the own 10 remaining tokens face down on a room, in turn",
    params=(Param("token", Char(TOKEN_NAMES, "token"), "the own token hidden"),
            Param("room", Int(0, 7), "the room's position 0..7 (0-3 top row from player 1's side)")),
    needs=(
        Need("§Mise en place", "players hide their tokens in turn", _turn, lambda s, a: f"it is player {s.turn + 1}'s turn to hide"),
        Need("§Mise en place", "the token is one of the player's tokens not on the starting line and not yet hidden",
             lambda s, a: Lookup(s.loc, a.p * NTOK + a.token) == RES, lambda s, a: "that token is already placed"),
        Need("§Mise en place", "the room holds fewer tokens than its limit (2 next to a starting line, 3 in the middle)",
             lambda s, a: Lookup(s.hid, a.room) < Lookup(LIMITS, a.room),
             lambda s, a: f"room {a.room} already holds {s.hid[a.room]} of {LIMITS[a.room]}"),
    ),
    effect=_hide_effect, phases=("setup",), goes=("setup", "card"),
    propose=lambda s: (args(s.turn, token=k, room=r) for k in range(NTOK) if s.loc[s.turn * NTOK + k] == RES
                       for r in range(8) if hidden_in(s.loc, r) < limit(r)),
)


def _card_need(s, a):
    return Not(Lookup(s.used[a.p], a.value - 2))


def _card_effect(s, a):
    k = a.value - 2
    row = s.used[a.p]
    marked = [Or(k == i, row[i]) for i in range(4)]
    full = And(*marked)
    new = tuple(If(full, False, x) for x in marked)
    used = put(s.used, a.p, new)
    return s.but(used=used, high=If(s.high > a.value, s.high, a.value), four=Or(s.four, a.value == 4),
                 ap=a.value, pot=(0,) * T, phase=ACT)


CARD_ACT = Action(
    "card", "§Tour", "play an action card from the hand: its action points are this turn's",
    params=(Param("value", Int(2, 5), "the action card (2 to 5 AP)"),),
    needs=(
        TURN,
        Need("§Tour", "the card is in the hand (the four action cards come back once all are played)", _card_need,
             lambda s, a: f"the {a.value} was already played in this cycle", source=FAITS),
        Need("§Tour", "first cycle: a card at most 1 above the highest card played so far, until a 4 is played",
             lambda s, a: Or(s.four, a.value <= s.high + 1),
             lambda s, a: f"the highest card so far is {s.high}", source=FAITS),
    ),
    effect=_card_effect, phases=("card",), goes=("act",),
    propose=lambda s: (args(s.turn, value=v) for v in (2, 3, 4, 5)),
)


def _five(s):
    return Or(s.vp[0] >= 5, s.vp[1] >= 5)


def _end_effect(s, a):
    over = _five(s)
    return s.but(phase=If(over, OVER, CARD), turn=If(over, s.turn, 1 - s.turn), ap=0, pot=(0,) * T)


END = Action(
    "end", "§Tour", "end the turn (unspent action points are lost); with 5 VP the game ends",
    needs=(TURN,), effect=_end_effect, phases=("act",), goes=("card", "over"),
    propose=lambda s: (args(s.turn),),
)

# Only with end=turn (the published rule) can both players reach 5 VP: as the text has it
# (end=immediate) the game stops at the first player's fifth point.
BOTH_FIVE = Ruling(
    "both_five", "§Fin", "both players have 5 VP or more when the active player ends the turn, which only the published "
    "end rule lets happen (option end=turn): who wins; the question is the one the contradiction end (at §Fin) reports, "
    "a tie the published rule leaves open",
    arises=lambda s, a: And(s.vp[0] >= 5, s.vp[1] >= 5) if s.cfg.opt("end") == "turn" else False,
    answers=(
        Answer("§Fin", REGLE, "the player who has 5 VP wins", lambda s, a: Not(And(s.vp[0] >= 5, s.vp[1] >= 5)),
               lambda s, a: If(s.vp[0] >= 5, 0, 1)),
        Answer("§Fin", "option:both_five=most", "more VP wins; a tie goes to the active player", lambda s, a: True,
               lambda s, a: If(s.vp[0] > s.vp[1], 0, If(s.vp[1] > s.vp[0], 1, s.turn))),
        Answer("§Fin", "option:both_five=active", "the active player wins", lambda s, a: True, lambda s, a: s.turn),
    ),
    action="end", only=(("end", "turn"),),
)

ACTIONS = (HIDE, CARD_ACT, END)
