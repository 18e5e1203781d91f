"""The state of a game of Dungeon Draft: a numeric skeleton z3 sees in full.

Five seats (2 to 5 players, §Intro): every per-player field is a vector of length 5 and the
seats beyond the number of players stay empty (the number of players is in the Config, so
z3 sees one shape). Cards are count vectors per kind (data.MAX_KINDS draft kinds,
data.MAX_QUESTS quest kinds); the engine never needs the order of a pile.

Zones of the draft cards: `deck` (the draft deck), `pack` (the cards a player holds during
the draft, passed on after each pick), `hand` (the cards a player has drafted this round,
played from in the play phase), `played` (heroes and weapons in front of a player; `fresh`: those of this round),
`discard` (the draft discard: defeated monsters, unplayed cards).
Zones of the quests: `qdeck`, `qdealt` (the 5 dealt, before keeping 3), `qhand` (kept, not
yet played), `qplayed`.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..kernel import State, num, vec
from .data import MAX_KINDS as K, MAX_QUESTS as Q, SEATS as P

SETUP, DRAFT, PLAY, END = 0, 1, 2, 3


@dataclass(frozen=True)
class Draft(State):
    phase: int = num(0, 3)
    round: int = num(1, 4)  # 1..4
    start: int = num(0, 4)  # the round's start player (§Fin de manche)
    turn: int = num(0, 4)  # whose play turn it is
    drawn: int = num(0, 1)  # the first player has been drawn (setup.first: any time before the first play)
    step: int = num(0, 7)  # completed pick steps this round
    picks: tuple = vec(P, lo=0, hi=7)  # cards each player has picked this round
    dealt: tuple = vec(P, lo=0, hi=1)  # got a 7-card pack this round
    ended: tuple = vec(P, lo=0, hi=1)  # has ended its play turn this round
    qgot: tuple = vec(P, lo=0, hi=1)  # was dealt its 5 quests
    kept: tuple = vec(P, lo=0, hi=1)  # has kept its 3 quests
    gold: tuple = vec(P, lo=0, hi=20)
    xp: tuple = vec(P, lo=0, hi=20)  # XP tokens taken from the reserve
    bonus: tuple = vec(P, lo=0, hi=6)  # attack granted for the rest of the round
    pool: int = num(0, 120)  # gold in the common reserve
    deck: tuple = vec(K, lo=0, hi=14)
    pack: tuple = vec(P, K, lo=0, hi=3)
    hand: tuple = vec(P, K, lo=0, hi=3)
    played: tuple = vec(P, K, lo=0, hi=3)
    fresh: tuple = vec(P, K, lo=0, hi=3)  # of `played`, those played this round (option class_after)
    discard: tuple = vec(K, lo=0, hi=6)
    qdeck: tuple = vec(Q, lo=0, hi=5)
    qdealt: tuple = vec(P, Q, lo=0, hi=2)
    qhand: tuple = vec(P, Q, lo=0, hi=2)
    qplayed: tuple = vec(P, Q, lo=0, hi=2)
