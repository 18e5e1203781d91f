"""What must hold in every reachable state (proved by z3 by induction), the consequences
the text claims, and what the text refers to without defining it."""
from __future__ import annotations

from typing import Any

from ..kernel import And, Claim, Gap, Implies, Invariant, Lookup, Or, Sum, vadd, within
from .economy import CHARGE_CAP, CROWN_CAP, STONE_CAP, hand_size
from .s6_actions import ap, max_mark
from .sources import AP_TOKENS
from .state import OVER, SETUP

P = (0, 1)


def forall(f, *domains):
    """f holds for every combination of the domains (the proofs check each conjunct
    apart, so an action re-proves only the conjuncts whose values it changed)."""
    import itertools

    combos = list(itertools.product(*[d if isinstance(d, (range, tuple, list)) else range(d) for d in domains]))

    def test(s):
        return And(*[f(s, *c) for c in combos])

    test.parts = [lambda s, c=c: f(s, *c) for c in combos]
    return test


def each(f):
    """f holds for both players."""
    return forall(f, P)





def _tokens(s: Any, p: int) -> Any:
    extra = s.cfg.value(AP_TOKENS)
    lvl = s.level[p][ap(s)]
    return s.tokens[p] == 3 + Sum(Lookup(extra, l) * If_le(l, lvl) for l in range(len(extra)))


def If_le(l: int, lvl: Any) -> Any:
    from ..kernel import If

    return If(lvl >= l, 1, 0)


from .state import B, K


def _level(s: Any, p: int, b: int) -> Any:
    ok = And(s.level[p][b] >= 0, s.level[p][b] <= 3)
    if b == ap(s):
        return And(ok, s.onboard[p][b] == 1, s.level[p][b] >= 1)
    return ok


def _card(s: Any, p: int, k: int) -> Any:
    return And(s.pile[p][k] >= 0, s.hand[p][k] >= 0, s.discard[p][k] >= 0)


def _cycle(s: Any, p: int) -> Any:
    return Sum(vadd(vadd(s.pile[p], s.hand[p]), s.discard[p])) == s.deck_n[p]


def _placed_on(s: Any, p: int, i: int) -> Any:
    b = s.cfg.comp.buildings[i]
    return And(s.placed[p][i] >= 0, s.placed[p][i] <= max_mark(b), Implies(s.onboard[p][i] == 0, s.placed[p][i] == 0))


def _placed(s: Any, p: int) -> Any:
    return And(s.expedition[p] >= 0, Sum(s.placed[p]) + s.expedition[p] <= s.tokens[p] + s.bonus[p])


INVARIANTS = (
    Invariant("§6.7", "a player never holds more than 20 crowns, nor fewer than 0",
              each(lambda s, p: And(s.crowns[p] >= 0, s.crowns[p] <= CROWN_CAP))),
    Invariant("§6.7", "a player never holds more than 20 stones, nor fewer than 0",
              each(lambda s, p: And(s.stones[p] >= 0, s.stones[p] <= STONE_CAP))),
    Invariant("§6.6", "a player never holds more than 6 charges, nor fewer than 0",
              each(lambda s, p: And(s.charges[p] >= 0, s.charges[p] <= CHARGE_CAP))),
    Invariant("§3.6", "glory is never negative", each(lambda s, p: s.glory[p] >= 0)),
    Invariant("§3.6 §6.5", "permanent action tokens are the 3 of the start plus those the Avant-Poste's levels give",
              each(_tokens), source="tuile"),
    Invariant("§3.6", "extra action tokens are never negative", each(lambda s, p: s.bonus[p] >= 0)),
    Invariant("§3.3 §6.5", "buildings stay between levels 0 and 3; the Avant-Poste stands at level 1 or more",
              forall(_level, P, B)),
    Invariant("§3.5 §5.1", "no card count of a pile, hand or discard is negative", forall(_card, P, K)),
    Invariant("§3.5 §5.1", "every Métropole card is in exactly one of pile, hand and discard", each(_cycle)),
    Invariant("§6.1", "tokens on a building never exceed its white circle (1 without), and only on one's own buildings",
              forall(_placed_on, P, B)),
    Invariant("§6.1", "a player never places more tokens than he has", each(_placed)),
    Invariant("§9.1", "a guild is owned or not (never twice)",
              forall(lambda s, p, g: Or(s.guilds[p][g] == 0, s.guilds[p][g] == 1), P, 6)),
    Invariant("§3.1", "adventurers in the reserve are never negative", forall(lambda s, p, c: s.reserve[p][c] >= 0, P, 5)),
    Invariant("§3.4", "the Initiative card belongs to a player once the first roll is made (nobody before it)",
              lambda s: And(s.init >= -1, s.init <= 1, Implies(s.phase != SETUP, s.init >= 0))),
    Invariant("§3 §5 §6 §9.2", "the game is always in one of its phases", lambda s: And(s.phase >= 0, s.phase <= OVER)),
    Invariant("§5.1 §6.1", "each player's progress through a step is 0, 1 or 2",
              each(lambda s, p: And(s.done[p] >= 0, s.done[p] <= 2))),
    Invariant("§3.4 §5.1", "the player to choose an option is one of the two", lambda s: And(s.current >= 0, s.current <= 1)),
    Invariant("§9.2", "the turn marker starts at 1 and only moves forward", lambda s: s.turn >= 1),
)

CLAIMS = (
    Claim("§6.5", "a player can have up to 5 permanent action tokens", "max", lambda s: s.tokens[0], 5,
          source="tuile", goal=lambda s: s.tokens[0] == 5),
    Claim("§6.1 §6.3", "a building receives at most 4 tokens (the white circle goes up to 4)", "max",
          lambda s: s.placed[0][s.cfg.comp.bi("Recruteur")], 4, goal=lambda s: s.placed[0][s.cfg.comp.bi("Recruteur")] == 4),
    Claim("§9.1", "each player can buy all 6 guilds", "max", lambda s: Sum(s.guilds[0]), 6,
          goal=lambda s: Sum(s.guilds[0]) == 6),
    Claim("§10.2", "the 8 advanced cards cost 31 crowns in all", "data",
          lambda comp: sum(c.price for c in comp.cards if c.kind == "advanced"), 31),
)

GAPS = (
    Gap("§6.2 §10.3", "the building table (effects, costs, white circles, evolution prices) is missing",
        "an illustrative set (components/buildings.toml) that keeps every number the text gives"),
    Gap("§6.5", "the Avant-Poste's level conditions are not given (only an example of counting levels)",
        "illustrative conditions in components/board.toml: level 2 needs 3 levels in the right column, level 3 needs 4 in the middle one"),
    Gap("§3.3", "the layout of the advanced side (which slots are level 1, which are base slots) is not given",
        "an illustrative board in components/board.toml"),
    Gap("§9.1", "the 6 guilds' conditions and prices are missing", "illustrative guilds in components/guilds.toml"),
    Gap("§10.1", "the dice faces are missing", "illustrative dice in components/dice.toml"),
    Gap("§10.2", "the Métropole and House card lists are missing", "illustrative cards in components/cards.toml"),
    Gap("§8.2 §8.6 §10.4 §10.5 §10.6", "the dungeon tiles, front and reinforcement bonus tables, treasures and special items are missing",
        "not encoded yet: chapters 7-8 (expeditions) are a later step of this model"),
    Gap("§9.4", "the competition ranks table is missing", "ranks are not computed"),
    Gap("§3.6", "stones and charges start at 0 on a d20 and a d6, dice that have no 0 face", "the model counts from 0"),
    Gap("§9.3", "the glory track's length and the positions of its shields are not given",
        "glory is an unbounded count; victory points are glory // 3 as §9.3 says"),
)
