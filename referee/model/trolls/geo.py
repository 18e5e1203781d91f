"""Geometry on exact rationals (ints or Fractions concretely: data.py, z3 Reals symbolically).

No square root anywhere: every distance test compares squared distances (§Actions).
Figure indices here are Python ints (enumerated arguments); data comes from cfg.comp.
"""
from __future__ import annotations

from ..kernel import And, Lookup, Or, Sum
from .data import half


def sub(p, q):
    return (p[0] - q[0], p[1] - q[1])


def dot(u, v):
    return u[0] * v[0] + u[1] * v[1]


def cross(u, v):
    return u[0] * v[1] - u[1] * v[0]


def dist2(p, q):
    d = sub(p, q)
    return dot(d, d)


def fig(s, i):
    return s.cfg.comp.figs[i]


def owner(s, i) -> int:
    return s.cfg.comp.figs[i].owner


def alive(s, i):
    return s.pdv[i] > 0


def ahead(s, i, j):
    """The sign of where j stands for i: > 0 in front, < 0 behind, 0 exactly abeam."""
    return dot(s.face[i], sub(s.pos[j], s.pos[i]))


def touching(p, q, reach):
    """Bases touch or overlap: centres at most `reach` = (base1 + base2) / 2 apart."""
    return dist2(p, q) <= reach * reach


def contact(s, i, j, pi=None):
    """Figure i (at pi, or where it stands) is in base contact with figure j."""
    r = half(fig(s, i).prof.base + fig(s, j).prof.base)
    return touching(s.pos[i] if pi is None else pi, s.pos[j], r)


def engaged(s, i, pi=None):
    """In a càc: in base contact with a living figure of another faction (see Gap 'contact'),
    where i stands, or at pi."""
    n = len(s.cfg.comp.figs)
    return Or(*[And(alive(s, j), contact(s, i, j, pi)) for j in range(n) if owner(s, j) != owner(s, i)])


def count(flags):
    return Sum(flags)


def lookup_fig(s, attr, idx):
    """A profile value of the figure at a (possibly symbolic) slot index."""
    return Lookup(tuple(getattr(f.prof, attr) for f in s.cfg.comp.figs), idx)
