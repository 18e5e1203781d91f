"""Concrete and symbolic evaluations of every Dungeon Draft rule agree (DESIGN.md, the `==`
trap), on random states and arguments.

The generic checks/agree.py substitutes the instance's own symbolic arguments for the
concrete ones (so symbolic `Names` params, like the cards dealt, are never made concrete)
and feeds `p=None` of chance events to z3; both make it fail on this game. Until it is
fixed, this test runs the same comparison with those two points corrected."""

import z3
from hypothesis import HealthCheck, given, settings, strategies as st

from referee.checks import agree
from referee.checks.invariants import all_instances
from referee.checks.strategies import concrete_args, states
from referee.checks.symbolic import leaves, skeleton_terms, term

from .helpers import GAME


def _pairs(S, s, inst, a):
    pairs = [(term(x), term(y)) for (_, x), (_, y) in zip(skeleton_terms(S), skeleton_terms(s))]
    for k, v in vars(inst.args).items():
        for x, y in zip(leaves(v), leaves(getattr(a, k))):
            if x is None:
                continue
            tx = term(x)
            if z3.is_const(tx) and tx.decl().kind() == z3.Z3_OP_UNINTERPRETED:
                pairs.append((tx, term(y)))
    return pairs


def disagreements(s, inst, a):
    orig = agree._subst_pairs
    agree._subst_pairs = lambda S, s_, inst_, _a: _pairs(S, s_, inst_, a)
    try:
        return agree.disagreements(GAME, s, inst, a)
    finally:
        agree._subst_pairs = orig


def _check(n):
    cfg = GAME.default_config(nplayers=n)
    insts = all_instances(GAME, cfg)

    @settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
    @given(st.data())
    def check(data):
        s = data.draw(states(GAME, cfg))
        inst = data.draw(st.sampled_from(insts))
        a = concrete_args(inst, data.draw)
        assert disagreements(s, inst, a) == []

    check()


def test_agree_two_players():
    _check(2)


def test_agree_five_players():
    _check(5)
