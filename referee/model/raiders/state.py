"""The state of a Dungeons Raiders game: per player (index 0/1, the header's order) and
global. Every field but `bottom` is the numeric skeleton z3 sees; `bottom` (the cards
known to lie under a Métropole pile, §5.1) is concrete-only detail.

Sizes come from the components: B buildings, K cards, C=5 classes (§3.1), G guilds.
They are fixed by the illustrative set; `--components` data must have the same counts
(checked in data.py), so that one shape serves every proof."""
from __future__ import annotations

from dataclasses import dataclass

from ..kernel import State, detail, num, vec

B, K, C, G = 14, 32, 5, 6

PHASES = ("setup", "metropole", "refill", "actions", "expeditions", "over")
SETUP, METROPOLE, REFILL, ACTIONS, EXPEDITIONS, OVER = range(len(PHASES))


@dataclass(frozen=True)
class Raiders(State):
    phase: int = num(0, 5)
    turn: int = num(1, 12)  # the turn marker (§3.6)
    init: int = num(-1, 1)  # who holds the Initiative card (§3.4); -1 before the roll
    current: int = num(0, 1)  # whose option it is in the Métropole phase (§5.1)
    done: tuple = vec(2, lo=0, hi=1)  # per player: finished the current step
    crowns: tuple = vec(2, lo=0, hi=20)  # §6.7 (yellow d20)
    stones: tuple = vec(2, lo=0, hi=20)  # §6.7 (grey d20)
    charges: tuple = vec(2, lo=0, hi=6)  # §6.6 (d6)
    glory: tuple = vec(2, lo=0, hi=25)  # §3.6 glory track
    tokens: tuple = vec(2, lo=3, hi=5)  # permanent action tokens (§3.6, §6.5)
    bonus: tuple = vec(2, lo=0, hi=3)  # extra tokens for this turn only (§3.6)
    onboard: tuple = vec(2, B, lo=0, hi=1)  # the building stands on this player's board
    col: tuple = vec(2, B, lo=0, hi=2)  # its column (A, B, C) (§6.5)
    level: tuple = vec(2, B, lo=0, hi=3)  # black cubes (§3.3)
    placed: tuple = vec(2, B, lo=0, hi=4)  # action tokens on it this turn (§6.1)
    expedition: tuple = vec(2, lo=0, hi=3)  # tokens on "Partir en donjon" (§6.1, §7.2)
    guilds: tuple = vec(2, G, lo=0, hi=1)  # §9.1
    reserve: tuple = vec(2, C, lo=0, hi=6)  # adventurers in the reserve, by class (§3.1)
    start_adv: tuple = vec(2, 2, lo=0, hi=4)  # the Maison's two adventurers (§3.2, §3.4)
    pile: tuple = vec(2, K, lo=0, hi=3)  # the Métropole pile, by card (§3.5)
    hand: tuple = vec(2, K, lo=0, hi=2)
    discard: tuple = vec(2, K, lo=0, hi=3)
    deck_n: tuple = vec(2, lo=12, hi=20)  # cards a player's Métropole cycle holds (§3.5)
    items: tuple = vec(2, lo=0, hi=3)  # special items owned (§9.3 tie-break; chapter 7)
    special: tuple = vec(2, lo=0, hi=1)  # defeated a special dungeon (§9.2; chapter 8)
    bottom: tuple = detail(((), ()))  # cards put under each pile, bottom last (§5.1)
