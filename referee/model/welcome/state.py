"""The state of a game of Welcome to the Dungeon, and the helpers every chapter reads.

What z3 sees (the skeleton): the phase, the seats, whose turn it is (the runner once the
bidding ends), the adventurer in play and which of its six tiles remain, the 13 monsters
as count vectors over the 8 kinds in each zone (deck, the card in hand, dungeon pile, set
aside, discard, the monster being faced), the player aids (failures), success cards, and
the dungeon's HP book-keeping. Nothing is concrete-only: the log records every card drawn
or revealed, so deck order is never needed (the Needs check each card was possible).
"""
from __future__ import annotations

from dataclasses import dataclass

from referee.model.kernel import And, Count, If, Lookup, Or, State, Sum, detail, flag, num, vec

NP, K, T = 4, 8, 6  # seats, monster kinds, tiles per adventurer
PHASES = ("bid", "place", "dungeon", "encounter", "reveal", "next", "over")
BID, PLACE, DUNGEON, ENCOUNTER, REVEAL, NEXT, OVER = range(len(PHASES))


@dataclass(frozen=True)
class Welcome(State):
    phase: int = num(0, 6)
    np: int = num(2, 4)  # players in the game (seats np..3 are empty)
    turn: int = num(0, 3)  # whose bidding turn; from the end of the bidding, the runner
    adv: int = num(0, 3)  # the adventurer in play
    tiles: tuple = vec(T, lo=0, hi=1)  # 1 = the tile is still under the adventurer
    deck: tuple = vec(K, lo=0, hi=2)  # the monster deck
    hand: tuple = vec(K, lo=0, hi=1)  # the monster just drawn, not yet placed
    dungeon: tuple = vec(K, lo=0, hi=2)  # the dungeon pile
    aside: tuple = vec(K, lo=0, hi=2)  # set aside with a sacrificed tile this round
    discard: tuple = vec(K, lo=0, hi=2)  # met in the dungeon (or replaced by Polymorph)
    shown: tuple = vec(K, lo=0, hi=1)  # the monster revealed and being faced
    entered: tuple = vec(K, lo=0, hi=2)  # the dungeon pile as the runner entered it
    faced: tuple = vec(K, lo=0, hi=2)  # the monsters faced: each revealed, a Polymorph's replacement for the one replaced
    passed: tuple = vec(NP, lo=0, hi=1)  # left the bidding this round (empty seats: 1)
    played: tuple = vec(NP, lo=0, hi=1)  # has had a bidding turn this round (author's variant)
    fails: tuple = vec(NP, lo=0, hi=2)  # 0 aid white, 1 aid red, 2 eliminated
    wins: tuple = vec(NP, lo=0, hi=2)  # success cards held
    supply: int = num(0, 5)  # success cards left in play (5 of the 8)
    hp0: int = num(0, 12)  # starting HP of this dungeon
    hp: int = num(-12, 16)  # current HP
    dmg: int = num(0, 20)  # total damage taken
    gain: int = num(0, 6)  # HP added by the Ring of Power
    heal: int = num(0, 14)  # HP given back by the Healing Potion
    revealed: int = num(0, 13)  # dungeon cards revealed so far
    vorpal: int = num(-1, 7)  # the kind named for the Vorpal weapon (-1: not named)
    vorpal_spent: bool = flag()  # the Vorpal weapon has struck (scope "one")
    axe_used: bool = flag()
    potion_used: bool = flag()
    poly_used: bool = flag()
    pact_used: bool = flag()
    pact_next: bool = flag()  # the Pact will defeat the next monster
    # The dungeon pile's order, bottom first (concrete only): §Enchères adds each monster face
    # down on the pile, which is not shuffled before §Donjon reveals it card by card, so a
    # log fixes which card comes next (the last one added). The monster deck is shuffled
    # (§Mise en place.3, §Manche suivante): its order is unknown and stays a count vector.
    pile: tuple = detail(())


# ---------------------------------------------------------------- the dungeon pile's order
def pile_known(s) -> bool:
    """The order of the dungeon pile is known: a concrete state whose pile lists every card
    of the dungeon (a position built by hand without it accepts any card of the pile)."""
    return s.pile is not None and len(s.pile) == sum(s.dungeon)


def top_ok(s, k: int) -> bool:
    """Card kind k is the top of the dungeon pile, or the order is not known."""
    return not (pile_known(s) and s.pile) or s.pile[-1] == k


def pile_after_top(s) -> tuple:
    """The pile once its top card is taken (unchanged where the order is not known)."""
    return s.pile[:-1] if pile_known(s) and s.pile else s.pile


# ---------------------------------------------------------------- seats and turns
def in_play(s, q: int):
    """Seat q holds a player not eliminated (§Issue: two failures eliminate)."""
    return And(q < s.np, s.fails[q] < 2)


def bidding(s, q: int, passed=None):
    passed = s.passed if passed is None else passed
    return And(in_play(s, q), passed[q] == 0)


def after(s, ok) -> object:
    """The first seat clockwise after `s.turn` that satisfies ok(q) (s.turn itself if none).
    Clockwise = to the left (§Enchères: play clockwise; §Manche suivante: to his left)."""
    table = []
    for t0 in range(NP):
        out: object = t0
        for d in range(NP - 1, 0, -1):
            q = (t0 + d) % NP
            out = If(ok(q), q, out)
        table.append(out)
    return Lookup(tuple(table), s.turn)


def runner_in_play(s):
    return Lookup(s.fails, s.turn) < 2


def next_in_play(s):
    return after(s, lambda q: in_play(s, q))


# ---------------------------------------------------------------- the adventurer's tiles
def has(s, effect: str):
    """The adventurer in play still has its tile with this effect (False if it has none)."""
    slots = s.cfg.comp.slot_of_effect(effect)
    return Lookup(tuple(False if sl < 0 else s.tiles[sl] == 1 for sl in slots), s.adv)


def base(s):
    return Lookup(s.cfg.comp.base, s.adv)


def bonus(s, t: int):
    c = s.cfg.comp
    return Lookup(tuple(c.bonus(ad, t) for ad in range(len(c.adventurers))), s.adv)


def start_hp(s):
    """§Donjon: the base HP of the adventurer plus every HP bonus still under it."""
    return base(s) + Sum(If(s.tiles[t] == 1, bonus(s, t), 0) for t in range(T))


def passive_defeat(s, k: int, but: tuple[str, ...] = ()):
    """A remaining tile defeats every monster of kind k with no choice and no use-up
    (Torch, Holy Grail, Dragon Spear, War Hammer, Invisibility Cloak, Ring of Power),
    leaving out the tiles whose effect is in `but`."""
    c = s.cfg.comp
    advs = range(len(c.adventurers))
    return Or(*[And(s.tiles[t] == 1, Lookup(tuple(c.defeats(ad, t, k) and c.adventurers[ad].tiles[t].effect not in but
                                                  for ad in advs), s.adv))
                for t in range(T)])


def shown_strength(s):
    return Sum(s.shown[k] * s.cfg.comp.strength[k] for k in range(K))


def unit(k: int) -> tuple:
    return tuple(1 if i == k else 0 for i in range(K))


ZERO = (0,) * K


def count_in_play(s, fails=None):
    fails = s.fails if fails is None else fails
    return Count(And(q < s.np, fails[q] < 2) for q in range(NP))
