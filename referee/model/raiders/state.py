"""The state of a Dungeons Raiders game: per player (index 0/1, the header's order) and
global. Every field but `bottom` is the numeric skeleton z3 sees; `bottom` (the cards
known to lie under a Métropole pile, §5.1) is concrete-only detail.

Sizes come from the components: B buildings, K cards, C=5 classes (§3.1), G guilds.
They are fixed by the illustrative set; `--components` data must have the same counts
(checked in data.py), so that one shape serves every proof."""
from __future__ import annotations

from dataclasses import dataclass, field

from typing import Any

from ..kernel import State, detail, num, vec

B, K, C, G = 14, 32, 5, 6
D, E, T, I, M = 7, 10, 12, 8, 6  # dungeons, Exploration cards, treasures, items, mercenaries (data.py)
NG, NPILES = 3, 4  # groups (§7.1), treasure piles (§8.7)


def _full(shape: tuple, v: int):
    return v if not shape else tuple(_full(shape[1:], v) for _ in range(shape[0]))


def xvec(*shape: int, lo: int = 0, hi: int = 30, start: int = 0) -> Any:
    """A skeleton field of chapters 7-8 with its value at setup (so setup.py is unchanged)."""
    return field(default=_full(shape, start), metadata={"shape": tuple(shape), "lo": lo, "hi": hi, "sort": "int"})

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
    # chapters 7-8 (s7_groups.py, s8_dungeons.py); per player p and group g (level g+1)
    at: tuple = xvec(2, NG, lo=-1, hi=D - 1, start=-1)  # the dungeon the group stands on, -1: none (§7.2)
    sq: tuple = xvec(2, NG, lo=0, hi=1)  # 0 entry (PvE), 1 helmet (PvP) (§7.3)
    stage: tuple = xvec(2, NG, lo=0, hi=6)  # see s8_dungeons.STAGES
    sent: tuple = xvec(2, NG, lo=0, hi=1)  # the group has left this turn (§7.2)
    front: tuple = xvec(2, NG, C, lo=0, hi=3)  # adventurers on the front line, by class (§7.2, §8.5)
    back: tuple = xvec(2, NG, C, lo=0, hi=3)  # on the reinforcement line (§8.6)
    gb: tuple = xvec(2, NG, lo=0, hi=6)  # front + reinforcement bonus, noted at formation (§8.6)
    ge: tuple = xvec(2, NG, lo=0, hi=6)  # bonus of the equipped cards (§7.4, §8.6)
    gi: tuple = xvec(2, NG, lo=0, hi=6)  # part of ge from items used once per combat (§7.5)
    gs: tuple = xvec(2, NG, lo=0, hi=3)  # part of ge from single-use items (§7.5)
    gn: tuple = xvec(2, NG, lo=0, hi=2)  # how many such items (a new charge each to reuse, §7.5)
    reuse: tuple = xvec(2, NG, lo=0, hi=1)  # items paid again for the PvP (§7.5)
    gear: tuple = xvec(2, NG, lo=0, hi=2)  # cards equipped (§7.4)
    floors: tuple = xvec(D, lo=0, hi=3)  # House markers on the tile: floors succeeded (§8.7)
    xpile: tuple = xvec(E, lo=0, hi=1, start=1)  # Exploration draw pile (§8.4)
    xdisc: tuple = xvec(E, lo=0, hi=1)  # its discard
    xdrawn: tuple = xvec(E, lo=0, hi=1)  # drawn for the combat in progress
    tpile: tuple = xvec(T, lo=0, hi=1, start=1)  # Gloire, Richesse, Prisonniers treasures left (§8.7)
    ipile: tuple = xvec(I, lo=0, hi=1, start=1)  # the Objets pile: special items left (§7.5, §8.7)
    owned: tuple = xvec(2, I, lo=0, hi=1)  # special items held (§7.5)
    known: tuple = xvec(2, I, lo=0, hi=1)  # ... and identified
    mpile: tuple = xvec(M, lo=0, hi=1, start=1)  # mercenaries still available (§7.6)
    mercs: tuple = xvec(2, M, lo=0, hi=1)  # mercenaries a player owns
    mout: tuple = xvec(M, lo=0, hi=1)  # equipped this turn: back to the pile after phase 3 (§7.6)
    worn: tuple = xvec(2, I, lo=0, hi=NG)  # the group (1-3) an item lies under this turn, 0: none (§7.4)
    hworn: tuple = xvec(2, K, lo=0, hi=1)  # House cards under a group this turn and kept (option house_card=hand, §7.4)
    ctot: tuple = xvec(2, lo=0, hi=20)  # the combat in progress: dice total (§8.5)
    ccrit: tuple = xvec(2, lo=0, hi=3)  # criticals
    cdis: tuple = xvec(2, lo=0, hi=3)  # disarms
    cheal: tuple = xvec(2, lo=0, hi=3)  # heals
    cdead: tuple = xvec(2, C, lo=0, hi=2)  # deaths rolled, by class
    tdue: tuple = xvec(2, lo=0, hi=3)  # treasures to draw after a PvE success (§8.7)
    tdraw: tuple = xvec(2, NPILES, lo=0, hi=1)  # draws from each pile for that success
    tpass: tuple = xvec(2, lo=0, hi=1)  # secret passages drawn in that combat (§8.7)
    pdue: tuple = xvec(2, lo=0, hi=1)  # the PvP winner's treasure (§8.8)
