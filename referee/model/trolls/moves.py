"""Candidate moves for random games (the kernel keeps the legal ones) and random headers.

Geometry in random games stays on axis-aligned lines so that every point is rational
(a recoil along a diagonal may need an irrational point: see docs/trolls.md)."""
from __future__ import annotations

import itertools
import random
from fractions import Fraction
from math import isqrt

from ..kernel import args
from ..kernel.rules import Undecided
from .actions import BID, CHARGE, DESTROY, MELEE_ACT, MOVE, RECOIL_ACT, RELOAD, REORIENT, SHOOT
from .geo import alive, contact, owner
from .rulings import draw_count
from .state import BET, CLOSE, DRAW, DUEL, NOBODY, PLAY, RECOIL
from .turn import BET_ACT, BLANC, DRAW_ACT, END_TURN, GAME_END, PASS, REVEAL

AXES = ((1, 0), (-1, 0), (0, 1), (0, -1))


def _multisets(counts, n):
    out = set()
    pool = [k for k, c in enumerate(counts) for _ in range(c)]
    for combo in itertools.combinations(pool, n):
        v = [0] * len(counts)
        for k in combo:
            v[k] += 1
        out.add(tuple(v))
    return sorted(out)


def _frac_sqrt(q: Fraction):
    n, d = q.numerator, q.denominator
    rn, rd = isqrt(n), isqrt(d)
    return Fraction(rn, rd) if rn * rn == n and rd * rd == d else None


def _x_for(d2: Fraction, mvt: Fraction) -> int:
    x = 1
    while (x * mvt) ** 2 < d2:
        x += 1
    return x


def _one(i, nf=6):
    return tuple(1 if j == i else 0 for j in range(nf))


def _moves_arg(i, to, nf=6):
    return _flat({i: to}, nf)


def _flat(tos, nf=6):
    out = []
    for j in range(nf):
        out += [1, *tos[j]] if j in tos else [0, Fraction(0), Fraction(0)]
    return tuple(out)


def moves(s):
    c = s.cfg.comp
    nf = len(c.figs)
    if s.phase == DRAW:
        for p in range(3):
            if s.drawn[p]:
                continue
            try:
                n = draw_count(s, args(p))
            except Undecided:
                continue
            for v in _multisets(s.deck[p], n):
                yield DRAW_ACT, args(p, cards=v)
        return
    if s.phase == BET:
        yield REVEAL, args(None)
        yield GAME_END, args(None)
        for p in range(3):
            if s.betted[p]:
                continue
            for n in (0, 1, 2, 3):
                for v in _multisets(s.hand[p], n):
                    yield BET_ACT, args(p, cards=v)
        return
    if s.phase == CLOSE:
        yield END_TURN, args(None)
        for p in range(3):
            yield BLANC, args(p)
        return
    if s.phase == DUEL:
        for p in range(3):
            for amt in range(0, min(s.rsv[p], 4) + 1):
                yield BID, args(p, amount=amt)
        return
    if s.phase == RECOIL:
        for i in range(nf):
            if not s.recoil[i]:
                continue
            for j in range(nf):
                out = (s.pos[i][0] - s.pos[j][0], s.pos[i][1] - s.pos[j][1])
                d2 = out[0] ** 2 + out[1] ** 2
                if j == i or d2 == 0:
                    continue
                r = _frac_sqrt(d2)
                if r is None:
                    continue
                b = c.figs[j].prof.base
                to = (s.pos[i][0] + out[0] * b / r, s.pos[i][1] + out[1] * b / r)
                yield RECOIL_ACT, args(owner(s, i), fig=i, away=j, to=to)
        return
    if s.phase != PLAY:
        return
    p = s.solo if s.solo != NOBODY else s.step
    yield PASS, args(p)
    for q in range(3):
        yield BLANC, args(q)
    mine = [i for i in range(nf) if owner(s, i) == p and alive(s, i)]
    foes = [j for j in range(nf) if owner(s, j) != p and alive(s, j)]
    for i in mine:
        f = c.figs[i]
        for x in (1, 2, 3):
            for dx, dy in AXES:
                to = (s.pos[i][0] + dx * x * f.prof.mvt, s.pos[i][1] + dy * x * f.prof.mvt)
                yield MOVE, args(p, figs=_moves_arg(i, to, nf), x=x, face=None, centre=None)
        for j in foes:
            v = (s.pos[j][0] - s.pos[i][0], s.pos[j][1] - s.pos[i][1])
            if v != (0, 0):
                yield REORIENT, args(p, figs=_one(i, nf), face=v, centre=None)
            if f.prof.weapon != "none":
                yield SHOOT, args(p, figs=_one(i, nf), target=j, centre=None)
            if contact(s, i, j):
                yield MELEE_ACT, args(p, figs=_one(i, nf), target=j, centre=None)
            # a charge along an axis, to base contact, at a target in front
            if s.face[i][0] * v[0] + s.face[i][1] * v[1] <= 0:
                continue
            reach = (f.prof.base + c.figs[j].prof.base) / 2
            for dx, dy in AXES:
                to = (s.pos[j][0] - dx * reach, s.pos[j][1] - dy * reach)
                d2 = (to[0] - s.pos[i][0]) ** 2 + (to[1] - s.pos[i][1]) ** 2
                if (to[0] - s.pos[i][0]) * dy != (to[1] - s.pos[i][1]) * dx:
                    continue  # keep charges on the axis line: recoils stay rational
                yield CHARGE, args(p, figs=_moves_arg(i, to, nf), target=j, x=_x_for(d2, f.prof.mvt), face=None, centre=None)
        if f.prof.weapon == "heavy":
            yield RELOAD, args(p, fig=i)
        for o, ob in enumerate(c.objs):
            r = (f.prof.base + ob.size) / 2
            if s.struct[o] <= 0 or (s.pos[i][0] - ob.pos[0]) ** 2 + (s.pos[i][1] - ob.pos[1]) ** 2 > r * r:
                continue
            for bid in (0, 2, 4):
                yield DESTROY, args(p, fig=i, obj=o, bid=bid)
    # a whole-faction group (Humans and Trolls): shot or reorientation, centred on the first figure
    if len(mine) >= 2 and p != 2:
        g = tuple(1 if j in mine else 0 for j in range(nf))
        centre = s.pos[mine[0]]
        for j in foes:
            yield SHOOT, args(p, figs=g, target=j, centre=centre)
            v = (s.pos[j][0] - centre[0], s.pos[j][1] - centre[1])
            if v != (0, 0):
                yield REORIENT, args(p, figs=g, face=v, centre=centre)
        for dx, dy in AXES:
            tos = {i: (s.pos[i][0] + dx * c.figs[i].prof.mvt, s.pos[i][1] + dy * c.figs[i].prof.mvt) for i in mine}
            figs = _flat(tos, nf)
            yield MOVE, args(p, figs=figs, x=1, face=None, centre=centre)


def random_header(rng: random.Random, cfg) -> dict:
    kinds = cfg.comp.kinds
    hands = []
    for _ in range(3):
        deck = [k for k in kinds for _ in range(cfg.comp.copies)]
        rng.shuffle(deck)
        hands.append(deck[:5])
    return {"referee": 1, "game": "trolls", "rules": "2020", "players": ["Humains", "Trolls", "Dragons"],
            "options": {}, "setup": {"hands": hands}}
