"""§Mise en place: each round, a 7-card pack is dealt to every player; they pick one card
at a time, all at the same step, then pass the rest (the direction depends on the round)."""
from __future__ import annotations

from ..kernel import Action, And, If, Name, Names, Need, Param, Player, Sum, args, bump, covers, put, vsub
from .common import nplayers, seats, vif, zeros
from .data import HAND, MAX_KINDS as K, SEATS as P, pad
from .moves import chance, sample
from .rulings import PASS_DIRECTION, decide, passes_now
from .setup import card_names
from .state import PLAY


def _deal(s):
    rng = chance(s)
    for q in seats(s):
        if s.dealt[q] == 0:
            yield args(None, to=q, cards=sample(rng, s.deck, HAND))


DEAL = Action(
    "draft.deal", "§Mise en place", "chance deals a pack of 7 draft cards to a player",
    params=(Param("to", Player(), "the player dealt"),
            Param("cards", Names(card_names, "card", most=2 * HAND), "the 7 cards dealt")),
    needs=(
        Need("§Mise en place", "each player gets one pack per round",
             lambda s, a: s.dealt[a.to] == 0, lambda s, a: "this player already has its pack this round"),
        Need("§Mise en place", "a pack has 7 cards",
             lambda s, a: Sum(a.cards) == HAND, lambda s, a: f"{sum(a.cards)} cards dealt"),
        Need("§Mise en place", "the cards come from the draft deck",
             lambda s, a: covers(s.deck, pad(a.cards, K)), lambda s, a: "a card dealt is not in the draft deck"),
    ),
    effect=lambda s, a: s.but(deck=vsub(s.deck, pad(a.cards, K)), pack=put(s.pack, a.to, pad(a.cards, K)),
                             dealt=put(s.dealt, a.to, 1)),
    phases=("draft",), by="chance", propose=_deal,
)


def _pass(s, t, a):
    """Everyone has picked at this step: each pack goes to the next player."""
    n = nplayers(s)
    go = passes_now(s, a)
    if n == 2:
        moved = tuple(t.pack[1 - q] if q < n else t.pack[q] for q in range(P))
    else:
        d = decide(PASS_DIRECTION, s, a)  # +1: clockwise (a player passes to the next seat)
        moved = tuple(vif(d == 1, t.pack[(q - 1) % n], t.pack[(q + 1) % n]) if q < n else t.pack[q]
                      for q in range(P))
    return vif(go, moved, t.pack)


def _pick(s, a):
    t = s.but(pack=put(s.pack, a.p, bump(s.pack[a.p], a.card, -1)),
              hand=put(s.hand, a.p, bump(s.hand[a.p], a.card, 1)),
              picks=bump(s.picks, a.p, 1))
    go = passes_now(s, a)
    last = And(go, s.step + 1 == HAND)
    z = zeros(P)
    return t.but(
        pack=_pass(s, t, a),
        step=If(last, 0, If(go, s.step + 1, s.step)),
        picks=vif(last, z, t.picks),
        dealt=vif(last, z, s.dealt),
        phase=If(last, PLAY, s.phase),
        turn=If(last, s.start, s.turn),
    )


PICK = Action(
    "draft.pick", "§Mise en place", "a player picks one card of the pack it holds (all players pick, then the packs pass)",
    params=(Param("card", Name(card_names, "card"), "the card picked"),),
    needs=(
        Need("§Mise en place", "every player has its pack for this round",
             lambda s, a: And(*[s.dealt[q] == 1 for q in seats(s)]), lambda s, a: "a pack is still to be dealt"),
        Need("§Mise en place", "one pick per player before the packs pass",
             lambda s, a: s.picks[a.p] == s.step,
             lambda s, a: f"already picked at this step ({s.step + 1}); waiting for the others"),
        Need("§Mise en place", "the card is in the pack the player holds",
             lambda s, a: s.pack[a.p][a.card] >= 1, lambda s, a: "the card is not in the player's pack"),
    ),
    effect=_pick,
    phases=("draft",), goes=("draft", "play"),
    propose=lambda s: (args(q, card=k) for q in seats(s) for k, c in enumerate(s.pack[q]) if c),
)

ACTIONS = (DEAL, PICK)
