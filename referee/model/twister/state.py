"""The state of a game of Dungeon Twister: its numeric skeleton (what z3 sees) and one
concrete-only marker.

Positions (`loc`) say where each token is; the per-square counts below are what the
z3 proofs of the square rule (§Règle d'or 2) use.

Tokens are numbered t = 14 * p + k: k < 8 the characters (Cleric, Goblin, Mekanork, Thief,
Troll, WallWalker, Warrior, Wizard), k = 8..13 the objects (Armor, Sword, Rope, Staff,
Potion, Treasure). Characters are also numbered c = 8 * p + k (held, wounded).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..kernel import State, detail, flag, num, vec

SETUP, CARD, ACT, OVER = range(4)


@dataclass(frozen=True)
class Twister(State):
    phase: int = num(0, 3)
    turn: int = num(0, 1)  # the active player (in setup: who hides the next token)
    loc: tuple = vec(28, lo=-2, hi=307)  # square 0..219, 300+r hidden in room r, -1 gone, -2 reserve
    held: tuple = vec(16, lo=-1, hi=27)  # the token a character carries, or -1
    wounded: tuple = vec(16, sort="bool")
    rot: tuple = vec(8, lo=0, hi=3)  # quarter turns clockwise of each room
    revealed: tuple = vec(8, sort="bool")
    gate: tuple = vec(16, lo=0, hi=2)  # portcullis 2r+i: 0 closed, 1 open, 2 broken
    vp: tuple = vec(2, lo=0, hi=6)
    used: tuple = vec(2, 4, sort="bool")  # action cards 2..5 already played in this cycle
    high: int = num(1, 5)  # highest action card played so far by anyone (1 before the first)
    four: bool = flag()  # a 4 has been played: the first-cycle restriction is over
    ap: int = num(0, 5)  # action points left this turn
    pot: tuple = vec(28, lo=0, hi=8)  # each character's action points from speed potions, by token (§Potion: its own);
    # no single drinker marker: a second character's potion leaves the first one's points (§Potion: its 4 new points are the drinker's own)
    cc: tuple = vec(2, 7, lo=0, hi=2)  # combat cards in hand, by value 0..6
    jumps: tuple = vec(2, lo=0, hi=3)  # jump cards in hand
    # The square counts z3 reasons with (the abstraction of `loc` the proofs use; the tests
    # check at every step of random games that they equal the counts of the tokens' squares):
    occ: tuple = vec(220, lo=0, hi=2)  # tokens on each square (carried ones included)
    objs: tuple = vec(220, lo=0, hi=1)  # objects on each square
    unw: tuple = vec(220, lo=0, hi=1)  # unwounded characters on each square
    onpit: tuple = vec(28, sort="bool")  # the token stands on a pit (pits turn with their room)
    hid: tuple = vec(8, lo=0, hi=3)  # tokens face down in each room
    res: tuple = vec(2, lo=0, hi=10)  # tokens each player still has to hide (setup)
    # each square lies in a face-down room: its room's flag, per square, so that "nothing on
    # a face-down room" is a rule of each square alone (the proofs check it where a move goes)
    shut: tuple = vec(220, sort="bool")
    live: Any = detail(None)  # True on states built by setup: the concrete board checks run
