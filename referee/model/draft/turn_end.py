"""§Fin de tour (discard the unplayed draft cards, gain 5 gold plus production, the next
player plays) and §Fin de manche (the next round, the start player moves one seat
clockwise; after four rounds, the most XP wins)."""
from __future__ import annotations

from ..kernel import Action, And, If, Need, Outcome, args, decide, put, vadd
from .common import seat_name, nplayers, score, seats, vif, zeros
from .data import MAX_KINDS as K, ROUNDS, SEATS as P
from .cards import TURN
from .rulings import RICHEST, XP_TIE, end_gain, may_stop, richest, take
from .state import DRAFT, END


def last_to_end(s, p: int):
    """Every other player has ended its turn this round."""
    return And(*[s.ended[q] == 1 for q in seats(s) if q != p])


def _end(s, a):
    p, n = a.p, nplayers(s)
    gold, pool = take(s, p, end_gain(s, p))
    t = s.but(discard=vadd(s.discard, s.hand[p]), hand=put(s.hand, p, zeros(K)), gold=gold, pool=pool,
              ended=put(s.ended, p, 1), turn=(p + 1) % n)
    over = last_to_end(s, p)
    final = And(over, s.round == ROUNDS)
    nxt = If(s.start == n - 1, 0, s.start + 1)
    return t.but(
        ended=vif(over, zeros(P), t.ended),
        bonus=vif(over, zeros(P), t.bonus),
        fresh=tuple(vif(over, zeros(K), row) for row in t.fresh),
        phase=If(over, If(final, END, DRAFT), t.phase),
        round=If(And(over, s.round < ROUNDS), s.round + 1, s.round),
        start=If(And(over, s.round < ROUNDS), nxt, s.start),
        turn=If(over, If(s.round < ROUNDS, nxt, s.start), t.turn),
    )


END_TURN = Action(
    "play.end", "§Fin de tour",
    "a player ends its play turn: unplayed draft cards go to the discard, it gains 5 gold plus its production; "
    "after the last player the round ends",
    needs=(
        TURN,
        Need("§Fin de tour", "the player has played every card it wishes to play (and may stop now)",
             may_stop, lambda s, a: "the player can still play a card (option stop=must)"),
    ),
    effect=_end, phases=("play",), goes=("play", "draft", "end"),
    propose=lambda s: (args(s.turn),),
)

ACTIONS = (END_TURN,)


def result(s):
    if s.phase != END:
        return None
    n = nplayers(s)
    points = tuple(score(s, q) for q in range(n))
    w = decide(XP_TIE, s, args())
    best = max(points)
    if w >= 0:
        winners = (w,)
    elif w == RICHEST:  # tie=gold left a tie on gold too: only the richest of the tied share
        top = richest(s)
        winners = tuple(q for q in range(n) if top[q])
    else:
        winners = tuple(q for q in range(n) if points[q] == best)
    how = "the most XP after four rounds" if len(winners) == 1 and points.count(best) == 1 else (
        "the most XP after four rounds, tie broken by gold" if len(winners) == 1 else
        "a tie on XP and on gold: the richest of the tied share the victory" if w == RICHEST else
        "a tie on XP: the victory is shared")
    return Outcome(winners, points, how, "§Fin de manche")
