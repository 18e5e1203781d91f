"""Concrete and symbolic runs of every rule agree; the invariants are proved by induction
(and the proof can fail: a model without one cost Need does not keep Rsv >= 0); component
data and bad input."""
import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from helpers import GAME
from referee.checks.agree import disagreements
from referee.checks.invariants import all_instances, prove  # noqa: F401  (prove: the mutation test)
from referee.checks.strategies import states
from referee.checks.symbolic import Instance
from referee.model.kernel import BadInput, Int, Names
from referee.model.trolls.state import Group, Moves, Multiples, Point

CFG = GAME.default_config()
INSTS = all_instances(GAME, CFG)
FRAC = st.fractions(-2, 26, max_denominator=4).map(Fraction)


def _value(kind, draw):
    if isinstance(kind, Names):
        return tuple(draw(st.integers(0, 1)) for _ in range(6))
    if isinstance(kind, Int):
        return draw(st.integers(0, 12))
    if isinstance(kind, Point):
        return (draw(FRAC), draw(FRAC))
    if isinstance(kind, Group):
        return tuple(draw(st.integers(0, 1)) for _ in range(6))
    if isinstance(kind, Multiples):
        return tuple(draw(st.integers(0, 6)) for _ in range(6))
    if isinstance(kind, Moves):
        return tuple(x for _ in range(6) for x in (draw(st.integers(0, 1)), draw(FRAC), draw(FRAC)))
    raise TypeError(kind)


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True,
          phases=(Phase.explicit, Phase.generate))
@given(st.data())
def test_rules_agree_concrete_and_symbolic(data):
    """Every Need, effect, invariant and ruling answer gives the same value on a concrete state
    and on the symbolic state (with the same concrete arguments; the generic test of
    tests/test_conformance.py does not substitute symbolic arguments: see docs/trolls.md)."""
    s = data.draw(states(GAME, CFG))
    inst = data.draw(st.sampled_from(INSTS))
    a = dataclasses.replace(inst).args.__class__(**vars(inst.args))
    for prm in inst.action.params:
        if prm.kind.domain(CFG) is None:
            v = _value(prm.kind, data.draw)  # (None for an optional point is a Python branch on an argument)
            setattr(a, prm.name, v)
    concrete = Instance(inst.action, a, [], inst.label)
    assert disagreements(GAME, s, concrete, a) == []


def test_a_missing_cost_need_breaks_the_rsv_proof():
    reload = GAME.action("act.reload")
    weak = dataclasses.replace(reload, needs=tuple(n for n in reload.needs if "2 points" not in n.says))
    g = dataclasses.replace(GAME, actions=tuple(weak if x is reload else x for x in GAME.actions), _by_name={},
                            invariants=(GAME.invariants[0], GAME.invariants[3]))
    res = prove(g, CFG)
    assert res[0].status == "not-inductive" and "act.reload" in res[0].by


def test_setup_states_satisfy_init():
    """The base case of the proofs is not vacuous: the setup state of a real header satisfies init."""
    import z3

    from helpers import start
    from referee.checks.symbolic import same_as, sym_state, term

    S = sym_state(GAME, CFG, "s")
    sv = z3.Solver()
    sv.add(term(GAME.init(S)), same_as(S, start()))
    assert sv.check() == z3.sat


def test_component_data_match_the_text():
    bad = [(c.cite, c.says, c.detail) for c in GAME.data_checks(CFG) if not c.ok]
    assert bad == []
    assert CFG.comp.figures_illustrative and not CFG.comp.cards_illustrative


def test_data_claims_hold():
    for c in GAME.claims:
        if c.kind == "data":
            assert c.expr(CFG.comp) == c.value, c.says


def test_always_claims_follow_from_the_invariants():
    import z3

    from referee.checks.symbolic import sym_state, term

    S = sym_state(GAME, CFG, "s")
    for c in GAME.claims:
        if c.kind == "always":
            sv = z3.Solver()
            sv.add(*[term(i.test(S)) for i in GAME.invariants], z3.Not(term(c.expr(S))))
            assert sv.check() == z3.unsat, c.says


@pytest.mark.parametrize("opts, msg", [
    ({"zero_rsv": "maybe"}, "zero_rsv"), ({"colour": "red"}, "unknown option"),
])
def test_bad_options(opts, msg):
    with pytest.raises(BadInput, match=msg):
        GAME.configure(opts, None, None)


def test_two_players_is_bad_input():
    with pytest.raises(BadInput, match="a game for 3 players"):
        GAME.configure({}, None, None, nplayers=2)


def test_bad_components_are_located(tmp_path: Path):
    src = GAME.components_dir
    (tmp_path / "cards.toml").write_text((src / "cards.toml").read_text())
    (tmp_path / "figures.toml").write_text((src / "figures.toml").read_text().replace('mvt = 3', 'mvt = "x"'))
    with pytest.raises(BadInput, match=r"figures.toml: profile\[dragon\].mvt: expected a whole number or a string"):
        GAME.configure({}, tmp_path, None)
    (tmp_path / "figures.toml").write_text((src / "figures.toml").read_text().replace('mvt = 3', 'mvt = 4'))
    cfg = GAME.configure({}, tmp_path, None)
    assert [c.says for c in GAME.data_checks(cfg) if not c.ok] == ['a Dragon has Mvt 3"']


@pytest.mark.parametrize("setup, msg", [
    ({}, "hands"), ({"hands": [["as"] * 5] * 3}, "more than 2"), ({"hands": [["as", "3", "5", "7"]] * 3}, "5 cards"),
    ({"hands": [["as", "3", "5", "7", "9"]] * 3, "factions": ["Trolls", "Humains", "Dragons"]}, "seated"),
])
def test_bad_setup(setup, msg):
    with pytest.raises(BadInput, match=msg):
        GAME.setup({"setup": setup}, CFG)
