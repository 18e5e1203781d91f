"""Candidate moves for random games (chance outcomes included: the card drawn or
revealed is proposed for every kind still in its pile); the kernel keeps the legal ones."""
from __future__ import annotations

from referee.model.kernel import args

from . import bidding as B
from . import dungeon as D
from . import rounds as R
from .state import top_ok
from .state import BID, DUNGEON, ENCOUNTER, K, NEXT, NP, PLACE, REVEAL


def moves(s):
    p = s.turn
    if s.phase == BID:
        for k in range(K):
            if s.deck[k] > 0:
                yield B.DRAW, args(p, monster=k)
        yield B.PASS, args(p)
    elif s.phase == PLACE:
        yield B.ADD, args(p)
        for i in range(len(s.cfg.comp.tile_names)):
            yield B.SACRIFICE, args(p, tile=i)
    elif s.phase == DUNGEON:
        for k in range(K):
            yield D.VORPAL, args(p, monster=k)
            if s.dungeon[k] > 0 and top_ok(s, k):  # the top card, where the pile's order is known
                yield D.REVEAL_, args(p, monster=k)
        yield D.LEAVE, args(p, outcome=-1, hp=None)  # no declared outcome
    elif s.phase == ENCOUNTER:
        yield D.FIGHT, args(p)
        yield D.FIGHT, args(p)  # facing is the common choice: weight it
        yield D.AXE, args(p)
        for k in range(K):
            yield D.POLYMORPH, args(p, monster=k)
    elif s.phase == REVEAL:
        yield R.REVEAL_ASIDE, args(p, monsters=tuple(s.aside))
    elif s.phase == NEXT:
        for q in range(NP):
            for adv in range(len(s.cfg.comp.adventurers)):
                yield R.NEXT_ROUND, args(q, adventurer=adv)
