"""§Enchères: on his turn a player draws the top monster or passes; after a draw he adds
it to the dungeon or sets it aside with one equipment tile; the last player who has not
passed enters the dungeon (§Variante: the author's variant, as an option)."""
from __future__ import annotations

from referee.model.kernel import Action, And, Count, If, Lookup, Name, Need, Param, Sum, args, bump, put, vadd

from .state import (
    BID, DUNGEON, K, NP, PLACE, ZERO, after, bidding, pile_known, start_hp,
)


def monster_names(cfg):
    return cfg.comp.names


def tile_names(cfg):
    return cfg.comp.tile_names


# a draw or a pass may open a round, whose first bidder §Manche suivante names (the previous
# adventurer, else the next on his left): their turn Need cites it beside §Enchères' order
def _your_turn(cite: str) -> Need:
    return Need(cite, "it is the player's turn to bid", lambda s, a: s.turn == a.p,
                lambda s, a: f"it is the turn of player #{s.turn + 1} of the header")


def _next_bidder(s, passed):
    return after(s, lambda q: bidding(s, q, passed))


# ---------------------------------------------------------------- draw
def _draw(s, a):
    return s.but(deck=bump(s.deck, a.monster, -1), hand=bump(s.hand, a.monster, 1), phase=PLACE)


DRAW = Action(
    "bid.draw", "§Enchères", "draw the top monster of the deck, secretly (the log records which)",
    params=(Param("monster", Name(monster_names, "monster"), "the monster drawn"),),
    needs=(
        _your_turn("§Enchères §Manche suivante"),
        Need("§Enchères", "the monster deck is not empty (an empty deck forces a pass)",
             lambda s, a: Sum(s.deck) > 0,
             lambda s, a: "the monster deck is empty"),
        Need("§Enchères", "the monster drawn is still in the deck",
             lambda s, a: s.deck[a.monster] > 0,
             lambda s, a: f"no {s.cfg.comp.names[a.monster]} left in the deck ({s.deck[a.monster]})"),
    ),
    effect=_draw, phases=("bid",), goes=("place",),
    propose=lambda s: (args(s.turn, monster=k) for k in range(K) if s.deck[k] > 0),
)


# ---------------------------------------------------------------- pass
def _pass(s, a):
    passed = put(s.passed, a.p, 1)
    left = Count(bidding(s, q, passed) for q in range(NP))
    last = _only_bidder(s, passed)
    enter = left == 1
    runner = If(enter, last, _next_bidder(s, passed))
    t = s.but(passed=passed, played=put(s.played, a.p, 1), turn=runner, phase=If(enter, DUNGEON, BID))
    # §Donjon: the runner enters with the equipment left; his starting HP is fixed now.
    hp0 = If(enter, start_hp(s), 0)
    return t.but(hp0=hp0, hp=hp0, dmg=0, gain=0, heal=0, revealed=0,
                 entered=tuple(If(enter, x, 0) for x in s.dungeon))


def _only_bidder(s, passed):
    """The seat of the only player still bidding (when there is exactly one)."""
    out = 0
    for q in range(NP):
        out = out + If(bidding(s, q, passed), q, 0)
    return out


PASS = Action(
    "bid.pass", "§Enchères", "pass: leave the bidding for this round; when all but one have "
    "passed, the last one becomes the runner and enters the dungeon",
    needs=(_your_turn("§Enchères §Manche suivante"),),
    effect=_pass, phases=("bid",), goes=("bid", "dungeon"),
    propose=lambda s: (args(s.turn),),
)


# ---------------------------------------------------------------- place the drawn monster
def _add(s, a):
    return s.but(dungeon=vadd(s.dungeon, s.hand), hand=ZERO, played=put(s.played, a.p, 1),
                 turn=_next_bidder(s, s.passed), phase=BID)


def _add_on_top(s, t, a):
    """The monster drawn goes face down on top of the dungeon pile (concrete order)."""
    return t.but(pile=s.pile + (s.hand.index(1),)) if pile_known(s) else t


ADD = Action(
    "bid.add", "§Enchères", "add the monster drawn to the dungeon pile, face down",
    needs=(_your_turn("§Enchères"),),
    effect=_add, detail=_add_on_top, phases=("place",), goes=("bid",),
    propose=lambda s: (args(s.turn),),
)


def slot(s, name_idx: int):
    """The slot of the named tile under the adventurer in play (-1: it has no such tile)."""
    c = s.cfg.comp
    return Lookup(c.slot_of_name(c.tile_names[name_idx]), s.adv)


def _tile_left(s, a):
    sl = slot(s, a.tile)
    return And(sl >= 0, Lookup(s.tiles, sl, default=0) == 1)


def _sacrifice(s, a):
    sl = slot(s, a.tile)
    return s.but(aside=vadd(s.aside, s.hand), hand=ZERO, tiles=put(s.tiles, sl, 0),
                 played=put(s.played, a.p, 1), turn=_next_bidder(s, s.passed), phase=BID)


def _variant_ok(s, a):
    if s.cfg.opt("variant") == "off":
        return True
    return s.played[a.p] == 1


SACRIFICE = Action(
    "bid.sacrifice", "§Enchères", "set the monster drawn aside, face down, with one available "
    "equipment tile (with no equipment left the monster must join the dungeon)",
    params=(Param("tile", Name(tile_names, "equipment tile"), "the tile sacrificed"),),
    needs=(
        _your_turn("§Enchères"),
        Need("§Enchères", "the tile sacrificed is still under the adventurer in play",
             _tile_left, lambda s, a: f"{s.cfg.comp.adv_names[s.adv]} has no {s.cfg.comp.tile_names[a.tile]} left"),
        Need("§Variante", "with the author's variant, the monster drawn on a player's first bidding turn "
             "must join the dungeon", _variant_ok, lambda s, a: "this is the player's first bidding turn"),
    ),
    effect=_sacrifice, phases=("place",), goes=("bid",),
    propose=lambda s: (args(s.turn, tile=i) for i in range(len(s.cfg.comp.tile_names))),
)

ACTIONS = (DRAW, PASS, ADD, SACRIFICE)
