"""The state of a game of Trolls et Dragons 2020 (three players: Humains, Trolls, Dragons).

Skeleton (what z3 sees): the cards of each faction as count vectors per card value and zone,
the reserves, the round bookkeeping, the figures (position and facing: exact rationals,
z3 Reals), their PdV and weapons, the objectives, and the pending duel (shot or melee).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..kernel import BadField, State, Sym, num, vec
from ..kernel.rules import ParamKind, shown
from .data import LENGTH_MAX, LENGTH_PATTERN, NF, NK, NO, as_json, parse_length

# phases (indices into GAME.phases)
DRAW, BET, PLAY, DUEL, RECOIL, CLOSE, OVER = range(7)
H, T, D = 0, 1, 2  # players[0] Humains, [1] Trolls, [2] Dragons
NOBODY = 3  # `solo` when no round blanc is being played
SHOT, MELEE = 1, 2


@dataclass(frozen=True)
class TD(State):
    phase: int = num(0, 6)
    turn: int = num(1, 6)
    deck: tuple = vec(3, NK, lo=0, hi=2)
    hand: tuple = vec(3, NK, lo=0, hi=2)
    bet: tuple = vec(3, NK, lo=0, hi=2)
    grave: tuple = vec(3, NK, lo=0, hi=2)
    drawn: tuple = vec(3, sort="bool")
    betted: tuple = vec(3, sort="bool")
    rsv: tuple = vec(3, lo=0, hi=25)
    blanc: tuple = vec(3, lo=0, hi=2)  # rounds blancs still allowed this turn
    step: int = num(0, 2)  # who acts in the current round: 0 Humain, 1 Troll, 2 Dragon
    solo: int = num(0, 3)  # the player of the round blanc being played, 3 = none
    pos: tuple = vec(NF, 2, lo=0, hi=24, sort="real")
    face: tuple = vec(NF, 2, lo=-1, hi=1, sort="real")
    pdv: tuple = vec(NF, lo=0, hi=8)
    loaded: tuple = vec(NF, sort="bool")
    struct: tuple = vec(NO, lo=0, hi=8)
    points: tuple = vec(3, lo=0, hi=8)
    d_kind: int = num(0, 2)  # pending duel: 0 none, 1 shot, 2 melee
    d_att: tuple = vec(NF, lo=0, hi=1)  # the attacking figures
    d_tgt: int = num(0, NF - 1)
    d_bonus: int = num(2 - NF, 6)  # attacker's Tir/Cbt + extras + back, less the target's helpers (melee_defenders)
    d_bid: tuple = vec(2, lo=0, hi=10)  # attacker's, target's secret bids
    d_has: tuple = vec(2, sort="bool")
    recoil: tuple = vec(NF, sort="bool")  # figures still to recoil after a tied melee


# ---------------------------------------------------------------- param kinds
def _names(cfg) -> tuple:
    return cfg.comp.fig_names


def point_of(v: Any, what: str) -> tuple:
    if type(v) is not list or len(v) != 2:
        raise BadField(f"expected a point [x, y], got {shown(v)}")
    out = []
    for x in v:
        if type(x) is float and x.is_integer() and abs(x) >= 2 ** 63:  # a JSON integer orjson could not hold
            raise BadField("a whole number past 64 bits (read as a decimal): no length of the table is that long")
        if type(x) is float:
            raise BadField(f"write {x} as an exact string, e.g. \"{Fraction(x).limit_denominator(1000)}\" (no floats)")
        got, why = parse_length(x)
        if why:
            raise BadField(why)
        out.append(got)
    return tuple(out)


_NUM = {"oneOf": [{"type": "integer"}, {"type": "string", "pattern": LENGTH_PATTERN, "maxLength": LENGTH_MAX}]}
_POINT = {"type": "array", "items": _NUM, "minItems": 2, "maxItems": 2}


@dataclass(frozen=True)
class Point(ParamKind):
    """A point or direction in inches: [x, y], each a whole number or "a/b" / "1.5"."""

    solvable = True  # its numbers are the symbolic leaves (kernel ParamKind)

    def decode(self, v, cfg, players):
        return point_of(v, "point")

    def encode(self, v, cfg, players):
        return [as_json(Fraction(x)) for x in v]

    def symbolic(self, cfg, name):
        import z3

        return (Sym(z3.Real(name + ".x")), Sym(z3.Real(name + ".y"))), []

    def shape(self, cfg):  # (x, y) (kernel/compile/)
        return (2,)

    def schema(self, cfg):
        return dict(_POINT)


@dataclass(frozen=True)
class Group(ParamKind):
    """Figures acting together: a list of figure names, read as a 0/1 flag per slot."""

    solvable = True  # its numbers are the symbolic leaves (kernel ParamKind)

    def decode(self, v, cfg, players):
        names = _names(cfg)
        if type(v) is not list or not v:
            raise BadField(f"expected a non-empty list of figures, got {shown(v)}")
        flags = [0] * NF
        for x in v:
            if x not in names:
                raise BadField(f"unknown figure {shown(x)} (figures: {', '.join(names)})")
            if flags[names.index(x)]:
                raise BadField(f"figure {shown(x)} named twice")
            flags[names.index(x)] = 1
        return tuple(flags)

    def encode(self, v, cfg, players):
        return [n for n, m in zip(_names(cfg), v) if m]

    def symbolic(self, cfg, name):
        import z3

        vs = [z3.Int(f"{name}[{i}]") for i in range(NF)]
        return tuple(Sym(x) for x in vs), [z3.And(x >= 0, x <= 1) for x in vs]

    def shape(self, cfg):  # a flag per figure slot
        return (NF,)

    def schema(self, cfg):
        return {"type": "array", "minItems": 1, "items": {"type": "string", "enum": list(_names(cfg))}}


@dataclass(frozen=True)
class Moves(ParamKind):
    """Where each moving figure ends: {"h1": [x, y], ...}, read as a flat tuple
    (flag, x, y) x slot: (m0, x0, y0, m1, x1, y1, ...)."""

    solvable = True  # its numbers are the symbolic leaves (kernel ParamKind)

    def decode(self, v, cfg, players):
        names = _names(cfg)
        if type(v) is not dict or not v:
            raise BadField(f"expected an object {{figure: [x, y]}}, got {shown(v)}")
        out = [0, 0, 0] * NF
        for k, p in v.items():
            if k not in names:
                raise BadField(f"unknown figure {k!r} (figures: {', '.join(names)})")
            x, y = point_of(p, k)
            i = names.index(k)
            out[3 * i: 3 * i + 3] = [1, x, y]
        return tuple(out)

    def encode(self, v, cfg, players):
        return {n: [as_json(Fraction(x)), as_json(Fraction(y))] for n, (m, x, y) in zip(_names(cfg), triples(v)) if m}

    def symbolic(self, cfg, name):
        import z3

        out, side = [], []
        for i in range(NF):
            m = z3.Int(f"{name}[{i}].m")
            side.append(z3.And(m >= 0, m <= 1))
            out += [Sym(m), Sym(z3.Real(f"{name}[{i}].x")), Sym(z3.Real(f"{name}[{i}].y"))]
        return tuple(out), side

    def shape(self, cfg):  # (flag, x, y) per figure slot
        return (3 * NF,)

    def schema(self, cfg):
        return {"type": "object", "minProperties": 1, "additionalProperties": False,
                "properties": {n: dict(_POINT) for n in _names(cfg)}}


@dataclass(frozen=True)
class Multiples(ParamKind):
    """The multiple of its Mvt each moving figure covers and pays for (x points for x times
    its Mvt, §Actions/Mouvement; a group pays the sum of its members' own costs, §Groupe/3):
    one whole number for every moving figure ("x": 4, as in the §Groupe/3 example), or one
    per moving figure ({"h1": 4, "h2": 1}). Read as one whole number per figure slot: the
    number itself in every slot, or each figure's own, 0 in the slot of a figure not named
    (act.move's and act.charge's Needs then ask one for each moving figure and none for any
    other)."""

    lo: int = 1
    hi: int = 60
    solvable = True  # its numbers are the symbolic leaves (kernel ParamKind)

    def _one(self, x, what):
        if type(x) is not int:
            raise BadField(f"{what}: expected a whole number, got {shown(x)}")
        if not self.lo <= x <= self.hi:
            raise BadField(f"{what}: expected a number from {self.lo} to {self.hi}, got {x}")
        return x

    def decode(self, v, cfg, players):
        if type(v) is int:
            return (self._one(v, "x"),) * NF
        names = _names(cfg)
        if type(v) is not dict or not v:
            raise BadField(f"expected a whole number from {self.lo} to {self.hi}, or an object "
                           f"{{figure: whole number}}, got {shown(v)}")
        out = [0] * NF
        for k, x in v.items():
            if k not in names:
                raise BadField(f"unknown figure {shown(k)} (figures: {', '.join(names)})")
            out[names.index(k)] = self._one(x, k)
        return tuple(out)

    def encode(self, v, cfg, players):
        if len(set(v)) == 1:
            return v[0]
        return {n: x for n, x in zip(_names(cfg), v) if x}

    def symbolic(self, cfg, name):
        import z3

        # 0..hi, not lo..hi: a figure the object leaves out reads as 0, and the proofs must
        # cover every value a log can give (the Needs ask lo..hi of each moving figure)
        vs = [z3.Int(f"{name}[{i}]") for i in range(NF)]
        return tuple(Sym(x) for x in vs), [z3.And(x >= 0, x <= self.hi) for x in vs]

    def shape(self, cfg):  # a whole number per figure slot
        return (NF,)

    def schema(self, cfg):
        one = {"type": "integer", "minimum": self.lo, "maximum": self.hi}
        return {"oneOf": [dict(one), {"type": "object", "minProperties": 1, "additionalProperties": False,
                                      "properties": {n: dict(one) for n in _names(cfg)}}]}


def every(x: int) -> tuple:
    """One multiple x for every figure (the Multiples value of the log's "x": x)."""
    return (x,) * NF


def triples(figs: tuple) -> list:
    """The (flag, x, y) of each slot of a Moves argument."""
    return [tuple(figs[3 * i: 3 * i + 3]) for i in range(len(figs) // 3)]


def members(figs: tuple) -> tuple:
    """The 0/1 membership flag per slot of a Group (one flag per slot) or Moves (three) argument."""
    return tuple(figs[::3]) if len(figs) == 3 * NF else tuple(figs)
