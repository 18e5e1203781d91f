"""What the actions' candidates share (kernel/proposals.py: each action proposes its own)
and random headers.

Geometry in random games stays on axis-aligned lines so that every point is rational
(a recoil along a diagonal needs an irrational point, proposed to the thousandth: see
docs/trolls.md)."""
from __future__ import annotations

import itertools
import random
from fractions import Fraction
from math import isqrt, sqrt

from .data import exact, half
from .geo import alive, owner
from .state import NOBODY

AXES = ((1, 0), (-1, 0), (0, 1), (0, -1))


def multisets(counts, n):
    out = set()
    pool = [k for k, c in enumerate(counts) for _ in range(c)]
    for combo in itertools.combinations(pool, n):
        v = [0] * len(counts)
        for k in combo:
            v[k] += 1
        out.add(tuple(v))
    return sorted(out)


def _frac_sqrt(q):
    """The exact square root of q (an int or a Fraction) if it is rational, else None."""
    n, d = q.numerator, q.denominator
    rn, rd = isqrt(n), isqrt(d)
    return Fraction(rn, rd) if rn * rn == n and rd * rd == d else None


def _x_for(d2, mvt) -> int:
    x = 1
    while (x * mvt) ** 2 < d2:
        x += 1
    return x


def one(i, nf=6):
    return tuple(1 if j == i else 0 for j in range(nf))


def moves_arg(i, to, nf=6):
    return flat({i: to}, nf)


def flat(tos, nf=6):
    out = []
    for j in range(nf):
        out += [1, *tos[j]] if j in tos else [0, 0, 0]
    return tuple(out)


def side(s):
    """(the player acting in this round, his living figures, the others' living figures)."""
    p = s.solo if s.solo != NOBODY else s.step
    nf = len(s.cfg.comp.figs)
    return (p, [i for i in range(nf) if owner(s, i) == p and alive(s, i)],
            [j for j in range(nf) if owner(s, j) != p and alive(s, j)])


def whole_side(s, p, mine):
    """A whole-faction group (Humans and Trolls), centred on its first figure, or None."""
    if len(mine) < 2 or p == 2:
        return None
    return tuple(1 if j in mine else 0 for j in range(len(s.cfg.comp.figs))), s.pos[mine[0]]


def charges(s, i, j):
    """(figs, x) of the charges of i at j along an axis to base contact, j in front of i
    (on the axis line, so that the recoils stay rational)."""
    c = s.cfg.comp
    f = c.figs[i]
    v = (s.pos[j][0] - s.pos[i][0], s.pos[j][1] - s.pos[i][1])
    if s.face[i][0] * v[0] + s.face[i][1] * v[1] <= 0:
        return
    reach = half(f.prof.base + c.figs[j].prof.base)
    for dx, dy in AXES:
        to = (s.pos[j][0] - dx * reach, s.pos[j][1] - dy * reach)
        d2 = (to[0] - s.pos[i][0]) ** 2 + (to[1] - s.pos[i][1]) ** 2
        if (to[0] - s.pos[i][0]) * dy != (to[1] - s.pos[i][1]) * dx:
            continue
        yield moves_arg(i, to, len(c.figs)), _x_for(d2, f.prof.mvt)


def recoils(s, i):
    """(away, to) for figure i: straight away from each other figure by the size of that
    figure's base; the exact point where the distance is rational, else that point to the
    thousandth (the Need accepts a hundredth); from a figure on the same point, along x."""
    c = s.cfg.comp
    for j in range(len(c.figs)):
        if j == i:
            continue
        out = (s.pos[i][0] - s.pos[j][0], s.pos[i][1] - s.pos[j][1])
        d2 = out[0] ** 2 + out[1] ** 2
        b = c.figs[j].prof.base
        if d2 == 0:
            yield j, (exact(s.pos[i][0] + b), s.pos[i][1])
            continue
        r = _frac_sqrt(d2)
        if r is not None:
            yield j, (exact(s.pos[i][0] + out[0] * b / r), exact(s.pos[i][1] + out[1] * b / r))
        else:
            k = float(b) / sqrt(d2)
            yield j, tuple(exact(Fraction(round(1000 * float(s.pos[i][n] + out[n] * k)), 1000)) for n in (0, 1))


def random_header(rng: random.Random, cfg) -> dict:
    kinds = cfg.comp.kinds
    hands = []
    for _ in range(3):
        deck = [k for k in kinds for _ in range(cfg.comp.copies)]
        rng.shuffle(deck)
        hands.append(deck[:5])
    return {"referee": 1, "game": "trolls", "rules": "2020", "players": ["Humains", "Trolls", "Dragons"],
            "options": {}, "setup": {"hands": hands}}
