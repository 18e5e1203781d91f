"""The claims of the text, checked the way the audit does: "max" by z3 Optimize over every
state satisfying the invariants, "always" by refuting its negation there; and a concrete
game reaching each "max" goal (a witness)."""
import pytest
import z3

from referee.checks.symbolic import sym_state, term
from referee.model.kernel import Sum
from welcome_helpers import G, cfg, first_state, step, through

CLAIMS = {c.says: c for c in G.claims}


def _hyp(S):
    return [term(i.test(S)) for i in G.invariants]


@pytest.mark.parametrize("claim", [c for c in G.claims if c.kind == "max"], ids=lambda c: c.says[:30])
def test_max_claims(claim):
    c = cfg(4)
    S = sym_state(G, c, "s")
    opt = z3.Optimize()
    opt.set("timeout", 20000)
    opt.add(*_hyp(S))
    h = opt.maximize(term(claim.expr(S)))
    assert opt.check() == z3.sat
    assert h.value().as_long() == claim.value


@pytest.mark.parametrize("claim", [c for c in G.claims if c.kind == "always"], ids=lambda c: c.says[:30])
def test_always_claims(claim):
    S = sym_state(G, cfg(4), "s")
    sol = z3.Solver()
    sol.add(*_hyp(S), z3.Not(term(claim.expr(S))))
    assert sol.check() == z3.unsat


def test_witness_eleven_hp():
    s = step(first_state("Rogue"), "bid.pass", 0)
    goal = CLAIMS["an adventurer enters with at most 11 HP (facts: every adventurer totals 11 with its full kit)"].goal
    assert goal(s) and s.hp0 == 11


def test_witness_six_set_aside():
    s = first_state("Warrior")
    tiles = [t.name for t in s.cfg.comp.adventurers[0].tiles]
    monsters = ["Goblin", "Orc", "Vampire", "Golem", "Lich", "Dragon"]
    for i, (m, t) in enumerate(zip(monsters, tiles)):
        p = i % 2
        s = step(step(s, "bid.draw", p, monster=m), "bid.sacrifice", p, tile=t)
    s = step(s, "bid.draw", 0, monster="Demon")
    for t in tiles:  # no equipment left: the Demon must join the dungeon
        with pytest.raises(Exception):
            step(s, "bid.sacrifice", 0, tile=t)
    goal = CLAIMS["at most 6 monsters are set aside in a round (one tile each, six tiles)"].goal
    assert goal(s) and Sum(s.aside) == 6
    s = step(step(s, "bid.add", 0), "bid.pass", 1)
    assert s.hp0 == 3
    assert step(through(s, "Demon"), "dungeon.leave").fails[0] == 1
