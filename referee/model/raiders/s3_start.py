"""§3.4 and §3.6, the random part of the setup: each player draws a starting hand of 2
(§3.6) and both roll their Maison's two dice for the Initiative card (§3.4)."""
from __future__ import annotations

from typing import Any

from ..kernel import (
    Action, And, Answer, BadField, If, Need, Names, Param, ParamKind, Ruling, Sum, Sym, args, covers,
    decide, put, vadd, vsub,
)
from ..kernel.rules import shown
from .data import CLASSES, face_value
from .moves import chance, draw
from .state import METROPOLE, SETUP

card_names = lambda cfg: cfg.comp.card_names  # noqa: E731


class Rolls(ParamKind):
    """Both players' two dice, in the header's player order: [["3", "2h"], ["4c", "1"]]."""

    def decode(self, v, cfg, players):
        if not (isinstance(v, list) and len(v) == 2 and all(isinstance(r, list) and len(r) == 2 for r in v)):
            raise BadField("expected two pairs of faces, one pair per player in header order")
        for r in v:
            for f in r:
                if not isinstance(f, str) or not any(f in faces for faces in cfg.comp.dice.values()):
                    raise BadField(f"{shown(f)} is not a face of any die (faces: see dice.toml, §10.1)")
        return tuple(tuple(r) for r in v)

    def encode(self, v, cfg, players):
        return [list(r) for r in v]

    def symbolic(self, cfg, name):
        import z3

        vs = [[z3.Int(f"{name}[{p}][{i}]") for i in range(2)] for p in range(2)]
        side = [z3.And(x >= 0, x <= 9) for r in vs for x in r]
        return tuple(tuple(Sym(x) for x in r) for r in vs), side

    def schema(self, cfg):
        return {"type": "array", "minItems": 2, "maxItems": 2,
                "items": {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "string"}}}


def value(face: Any) -> Any:
    return face_value(face) if isinstance(face, str) else face


def total(a: Any, p: int) -> Any:
    return value(a.rolls[p][0]) + value(a.rolls[p][1])


INITIATIVE = Ruling(
    "initiative", "§3.4", "both players' first rolls total the same: who receives the Initiative card",
    arises=lambda s, a: True,
    answers=(
        Answer("§3.4", "livret", "the higher total takes the Initiative card",
               lambda s, a: total(a, 0) != total(a, 1), lambda s, a: If(total(a, 0) > total(a, 1), 0, 1)),
        Answer("§3.4", "option:initiative_tie=reroll", "on equal totals both roll again",
               lambda s, a: total(a, 0) == total(a, 1), lambda s, a: -1),
    ),
    action="setup.initiative",
)


def _faces_ok(s: Any, a: Any) -> bool:
    dice = s.cfg.comp.dice
    return all(a.rolls[p][i] in dice[s.start_adv[p][i]] for p in range(2) for i in range(2))


def _start(s: Any, drew: tuple, init: Any) -> Any:
    """Both hands drawn and the initiative decided: the Métropole phase of turn 1 opens."""
    go = And(drew[0] == 1, drew[1] == 1, init >= 0)
    return s.but(phase=If(go, METROPOLE, SETUP), init=init, current=If(go, init, 0),
                 done=tuple(If(go, 0, d) for d in drew))


def _draw(s: Any, a: Any) -> Any:
    p = a.p
    t = s.but(pile=put(s.pile, p, vsub(s.pile[p], a.cards)), hand=put(s.hand, p, vadd(s.hand[p], a.cards)))
    return _start(t, put(s.done, p, 1), s.init)


def _deals(s: Any):
    rng = chance(s, 1)
    for p in (0, 1):
        if s.done[p] == 0:
            yield args(p, cards=draw(s, p, 2, rng))


def _rolls(s: Any):
    """Six rolls of both players' two starting adventurers' dice."""
    if s.init == -1:
        rng, dice = chance(s, 2), s.cfg.comp.dice
        for _ in range(6):
            yield args(None, rolls=tuple(tuple(rng.choice(dice[s.start_adv[p][i]]) for i in range(2)) for p in range(2)))


DRAW = Action(
    "setup.draw", "§3.6", "draw the starting hand: 2 cards of one's Métropole pile",
    params=(Param("cards", Names(card_names, "card", 2), "the 2 cards drawn"),),
    needs=(
        Need("§3.6", "each player draws a starting hand once", lambda s, a: s.done[a.p] == 0),
        Need("§3.6", "the starting hand is 2 cards", lambda s, a: Sum(a.cards) == 2,
             lambda s, a: f"{Sum(a.cards)} cards drawn"),
        Need("§3.5", "the cards drawn are in the player's Métropole pile", lambda s, a: covers(s.pile[a.p], a.cards)),
    ),
    effect=_draw, phases=("setup",), goes=("setup", "metropole"), propose=_deals,
)

ROLL = Action(
    "setup.initiative", "§3.4", "both players roll the dice of their two starting adventurers",
    params=(Param("rolls", Rolls(), "the faces, per player in header order"),),
    needs=(
        Need("§3.4", "the Initiative card is not yet given", lambda s, a: s.init == -1),
        Need("§3.4", "each player rolls the dice of his Maison's two adventurers", _faces_ok,
             lambda s, a: "dice: " + "; ".join(f"{CLASSES[s.start_adv[p][i]]} {a.rolls[p][i]}" for p in range(2) for i in range(2)),
             concrete_only=True),
    ),
    effect=lambda s, a: _start(s, s.done, decide(INITIATIVE, s, a)),
    by="chance", phases=("setup",), goes=("setup", "metropole"), propose=_rolls,
)

ACTIONS = (DRAW, ROLL)
RULINGS = (INITIATIVE,)
