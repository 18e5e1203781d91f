"""§5 La phase Métropole: in turn order each player takes one of three options (§5.1);
House cards are not Métropole cards (§5.2); at the end of the phase each player draws up
to 2 Métropole cards, 3 with an Académie of level 2 or more (§5.3)."""
from __future__ import annotations

from typing import Any

from ..kernel import (
    Action, And, Answer, If, Implies, Lookup, Max, Name, Names, Need, Param, Ruling, Sum, args, bump,
    covers, decide, put, vadd, vsub,
)
from .economy import (after_draw, bottom_after, cap_needs, count, draw_possible, hand_size, kinds, metro, settle,
                      top_draw_ok)
from .moves import chance, draw, order, units
from .state import ACTIONS, METROPOLE, REFILL

card_names = lambda cfg: cfg.comp.card_names  # noqa: E731


def _turn(s: Any, a: Any) -> Any:
    return And(s.current == a.p, s.done[a.p] == 0)


TURN = Need("§5.1", "in turn order, each player takes one option", _turn,
            lambda s, a: f"it is {'the other player' if s.current != a.p else 'nobody'}'s option now")


def _next(s: Any, p: int) -> Any:
    """After player p's option: the other player's, or the end of the phase (§5.1, §5.3)."""
    done = put(s.done, p, 1)
    end = And(done[0] == 1, done[1] == 1)
    return s.but(done=tuple(If(end, 0, d) for d in done), current=1 - p, phase=If(end, REFILL, METROPOLE))


def _is_metro(s: Any, a: Any) -> bool:
    return s.cfg.comp.cards[a.card].kind != "house"


def _play(s: Any, a: Any) -> Any:
    card = s.cfg.comp.cards[a.card]
    p = a.p
    t = s.but(hand=put(s.hand, p, bump(s.hand[p], a.card, -1)), discard=put(s.discard, p, bump(s.discard[p], a.card, 1)))
    return _next(settle(t, p, card.gain), p)


PLAY = Action(
    "metropole.play", "§5.1", "play a Métropole card from one's hand and apply its effect; it goes to the discard",
    params=(Param("card", Name(card_names, "card"), "the card played"),),
    needs=(
        TURN,
        Need("§5.1", "the card is in the player's hand", lambda s, a: s.hand[a.p][a.card] >= 1),
        Need("§5.2", "House cards are not Métropole cards: they are played outside this phase", _is_metro),
        *cap_needs(lambda s, a: (s.cfg.comp.cards[a.card].gain,)),
    ),
    effect=_play, phases=("metropole",), goes=("metropole", "refill"),
    propose=lambda s: (args(s.current, card=k) for k, n in enumerate(s.hand[s.current]) if n),
    weight=lambda s, a: 4.0,  # the weighted player plays Métropole cards more often (moves.glory_tables)
)


def _house_drawn(s: Any, a: Any) -> Any:
    return count(a.drawn, kinds(s, "house"))


# §5.1 puts one of the two drawn cards under the pile; §5.2 keeps any House card drawn in
# this phase in hand. With two House cards drawn, the two cannot both hold; with one of each
# the House card stays in hand either as the card kept (the Métropole card under) or beside
# it, outside the hand size (nothing under): option cycle_mixed.
CYCLE = Ruling(
    "cycle_under", "§5.1 §5.2", "a player takes the second option (discard one, draw two): how many of the two cards go under his pile, and which (§5.1: one, the other kept; "
    "§5.2 keeps a House card in hand: with two House cards drawn the two disagree; with one House card and one Métropole card the House card "
    "may be the card kept, the Métropole card going under (the Need of _under_not_house), or, §5.2 leaving House cards out of the hand size, "
    "be kept beside the one card §5.1 keeps, so that nothing goes under: option cycle_mixed)",
    arises=lambda s, a: True,
    answers=(
        # with one House card drawn neither § tells which card is the one kept: no text answer
        Answer("§5.1", "livret", "one drawn card is kept, the other goes under the pile", lambda s, a: _house_drawn(s, a) != 1,
               lambda s, a: 1),
        Answer("§5.2", "option:cycle_mixed=under", "the House card is the card kept: the Métropole card goes under",
               lambda s, a: _house_drawn(s, a) == 1, lambda s, a: 1),
        Answer("§5.2", "option:cycle_mixed=beside", "the House card stays beside the card kept: nothing goes under",
               lambda s, a: _house_drawn(s, a) == 1, lambda s, a: 0),
        Answer("§5.2", "livret", "a House card drawn in the Métropole phase stays in hand",
               lambda s, a: _house_drawn(s, a) == 2, lambda s, a: 0),
        Answer("§5.2", "option:cycle_house=keep-both", "both House cards stay in hand",
               lambda s, a: _house_drawn(s, a) == 2, lambda s, a: 0),
        Answer("§5.1", "option:cycle_house=one-under", "one of the two House cards goes under the pile",
               lambda s, a: _house_drawn(s, a) == 2, lambda s, a: 1),
    ),
    action="metropole.cycle",
)


def _under_n(s: Any, a: Any) -> Any:
    return decide(CYCLE, s, a)


def _cycle_pool(s: Any, a: Any) -> tuple:
    """(pile, discard) the two cards are drawn from: the discarded card is already on the discard."""
    p = a.p
    return s.pile[p], bump(s.discard[p], a.discard, 1)


def _cycle(s: Any, a: Any) -> Any:
    p = a.p
    pile, disc = _cycle_pool(s, a)
    pile, disc = after_draw(pile, disc, a.drawn)
    under = a.under
    hand = vsub(vadd(bump(s.hand[p], a.discard, -1), a.drawn), under)
    t = s.but(hand=put(s.hand, p, hand), pile=put(s.pile, p, vadd(pile, under)), discard=put(s.discard, p, disc))
    return _next(t, p)


def _cycle_detail(s: Any, t: Any, a: Any) -> Any:
    p = a.p
    under = list(bottom_after(s, p, a.drawn))
    under += [k for k, n in enumerate(a.under) for _ in range(n)]
    return t.but(bottom=put(s.bottom, p, tuple(under)))


def _under_ok(s: Any, a: Any) -> Any:
    return Sum(a.under) == _under_n(s, a)


def _under_not_house(s: Any, a: Any) -> Any:
    """§5.2: with one House card drawn, the card put under is the other one."""
    return Implies(_house_drawn(s, a) == 1, count(a.under, kinds(s, "house")) == 0)


def _cycles(s: Any):
    """Each card of the hand discarded, with the two cards drawn and each choice of the one
    put under the pile (or none)."""
    p, K, unit_of = s.current, len(s.cfg.comp.cards), units(s.cfg)
    rng = chance(s, 3)
    # the two cards drawn depend on the card discarded only when the pile runs out
    same = sum(s.pile[p]) >= 2
    drawn = draw(s, p, 2, rng) if same else None
    for k in range(K):
        if s.hand[p][k]:
            if not same:
                drawn = draw(s, p, 2, rng, disc=tuple(c + (i == k) for i, c in enumerate(s.discard[p])))
            for u in [k2 for k2 in range(K) if drawn[k2]] + [None]:
                yield args(p, discard=k, drawn=drawn, under=unit_of[-1 if u is None else u])


CYCLE_ACTION = Action(
    "metropole.cycle", "§5.1", "discard a card from one's hand, draw two, keep one and put the other under the pile",
    params=(Param("discard", Name(card_names, "card", sym=True), "the card discarded"),
            Param("drawn", Names(card_names, "card", 2), "the two cards drawn"),
            Param("under", Names(card_names, "card", 1), "the drawn card put under the pile ([] if none)")),
    needs=(
        TURN,
        Need("§5.1", "the discarded card is in the player's hand", lambda s, a: Lookup(s.hand[a.p], a.discard) >= 1),
        Need("§5.1", "two cards are drawn", lambda s, a: Sum(a.drawn) == 2, lambda s, a: f"{Sum(a.drawn)} drawn"),
        Need("§5.1 §5.3", "the cards drawn come from the pile (then the reshuffled discard)",
             lambda s, a: draw_possible(*_cycle_pool(s, a), a.drawn)),
        Need("§5.1", "cards put under the pile come out last", lambda s, a: top_draw_ok(s, a.p, a.drawn),
             concrete_only=True),
        Need("§5.1 §5.2", "as many cards go under the pile as the rules give (none with two House cards drawn "
             "under option cycle_house=keep-both)", _under_ok,
             lambda s, a: f"{Sum(a.under)} card(s) put under, the rules give {_under_n(s, a)}"),
        Need("§5.1", "the card put under the pile is one of the two drawn", lambda s, a: covers(a.drawn, a.under)),
        Need("§5.2", "a drawn House card stays in hand: the other card goes under", _under_not_house),
    ),
    effect=_cycle, detail=_cycle_detail, phases=("metropole",), goes=("metropole", "refill"), propose=_cycles,
)


def _reshuffle(s: Any, a: Any) -> Any:
    p = a.p
    pile = vadd(vadd(s.pile[p], s.discard[p]), s.hand[p])
    zero = tuple(0 for _ in s.hand[p])
    return _next(s.but(pile=put(s.pile, p, pile), hand=put(s.hand, p, zero), discard=put(s.discard, p, zero)), p)


RESHUFFLE = Action(
    "metropole.reshuffle", "§5.1", "discard one's hand and shuffle one's discard back into the Métropole pile",
    needs=(TURN,),
    effect=_reshuffle, detail=lambda s, t, a: t.but(bottom=put(s.bottom, a.p, ())),
    phases=("metropole",), goes=("metropole", "refill"),
    propose=lambda s: (args(s.current),),
)


def target(s: Any, p: int) -> Any:
    """§5.3: 2 cards, or 3 with an Académie of level 2 or more."""
    ac = s.cfg.comp.bi("Académie")
    return If(And(s.onboard[p][ac] == 1, s.level[p][ac] >= 2), 3, 2)


def _refill(s: Any, a: Any) -> Any:
    p = a.p
    pile, disc = after_draw(s.pile[p], s.discard[p], a.cards)
    done = put(s.done, p, 1)
    end = And(done[0] == 1, done[1] == 1)
    return s.but(pile=put(s.pile, p, pile), discard=put(s.discard, p, disc), hand=put(s.hand, p, vadd(s.hand[p], a.cards)),
                 done=tuple(If(end, 0, d) for d in done), phase=If(end, ACTIONS, REFILL),
                 placed=tuple(tuple(If(end, 0, x) for x in row) for row in s.placed))


def _refills(s: Any):
    """The cards each player still to draw would draw from the top of its pile (in an order
    consistent with what is known of it, §5.1), until the hand size is reached."""
    rng, comp = chance(s, 4), s.cfg.comp
    for p in (0, 1):
        if s.done[p] == 0:
            need = max(0, target(s, p) - hand_size(s, p))
            got, n = [0] * len(comp.cards), 0
            for k in order(s, p, rng):
                if n >= need:
                    break
                got[k] += 1
                n += comp.cards[k].kind != "house"
            yield args(p, cards=tuple(got))


REFILL_ACTION = Action(
    "metropole.refill", "§5.3", "at the end of the phase, draw until one holds 2 Métropole cards (3 with Académie level 2+)",
    params=(Param("cards", Names(card_names, "card", 8), "the cards drawn, House cards included"),),
    needs=(
        Need("§5.3", "each player draws once at the end of the phase", lambda s, a: s.done[a.p] == 0),
        Need("§5.3", "the player draws exactly up to the hand size (House cards drawn do not count)",
             lambda s, a: count(a.cards, metro(s)) == Max(0, target(s, a.p) - hand_size(s, a.p)),
             lambda s, a: f"holds {hand_size(s, a.p)} Métropole cards, hand size {target(s, a.p)}, "
                          f"draws {count(a.cards, metro(s))}"),
        Need("§5.3", "the cards drawn come from the pile (then the reshuffled discard)",
             lambda s, a: draw_possible(s.pile[a.p], s.discard[a.p], a.cards)),
        Need("§5.1", "cards put under the pile come out last", lambda s, a: top_draw_ok(s, a.p, a.cards),
             concrete_only=True),
    ),
    effect=_refill, detail=lambda s, t, a: t.but(bottom=put(s.bottom, a.p, bottom_after(s, a.p, a.cards))),
    phases=("refill",), goes=("refill", "actions"), propose=_refills,
)

ACTIONS_ = (PLAY, CYCLE_ACTION, RESHUFFLE, REFILL_ACTION)
RULINGS = (CYCLE,)
