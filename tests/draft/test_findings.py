"""What the audit must find, checked here with z3 the way the audit does (DESIGN.md, "What
the checks find"): for states satisfying every invariant, the Needs of the event during
which a ruling arises, and its `arises`, is there a situation where no text answer applies
(no outcome) or two apply with different outcomes (several outcomes)? And does each option
close the hole (an option answer in force applies whenever the question arises)?"""
import z3

from referee.checks.symbolic import instances, sym_state, term
from referee.model.kernel import args
from referee.model.kernel.rules import answer_in_force

from .helpers import GAME, cfg


def _ruling(name):
    return next(r for r in GAME.rulings if r.name == name)


def _insts(c, r):
    if r.action is None:
        return [(args(), [], [])]
    act = GAME.action(r.action)
    return [(i.args, i.side, GAME.needs(act)) for i in instances(GAME, c, act)]


def hole(name, n=2, **opts):
    """'none', 'several' or None (the text always answers, once) for a ruling."""
    c = cfg(n, **opts)
    r = _ruling(name)
    S = sym_state(GAME, c, "s")
    text = [x for x in r.answers if not x.source.startswith("option:")]
    for a, side, needs in _insts(c, r):
        sol = z3.Solver()
        sol.set("timeout", 20000)
        sol.add(*[term(inv.test(S)) for inv in GAME.invariants], *side, *[term(nd.test(S, a)) for nd in needs])
        sol.add(term(r.arises(S, a)))
        applies = [term(x.applies(S, a)) for x in text]
        sol.push()
        sol.add(z3.Not(z3.Or(*applies)) if applies else z3.BoolVal(True))
        if sol.check() == z3.sat:
            return "none"
        sol.pop()
        for i in range(len(text)):
            for j in range(i + 1, len(text)):
                sol.push()
                sol.add(applies[i], applies[j], term(text[i].gives(S, a)) != term(text[j].gives(S, a)))
                if sol.check() == z3.sat:
                    return "several"
                sol.pop()
    return None


def closed(name, n=2, **opts):
    """Under the options given, an option answer applies whenever the question arises."""
    c = cfg(n, **opts)
    r = _ruling(name)
    S = sym_state(GAME, c, "s")
    live = [x for x in r.answers if x.source.startswith("option:") and answer_in_force(x, c)]
    for a, side, needs in _insts(c, r):
        sol = z3.Solver()
        sol.add(*side, term(r.arises(S, a)), z3.Not(z3.Or(*[term(x.applies(S, a)) for x in live])))
        if sol.check() != z3.unsat:
            return False
    return True


def test_finite_reserve_is_a_hole():
    # §Fin de tour: gold is taken from the reserve; the text never says what happens when it is short
    assert hole("reserve_short") == "none"
    assert closed("reserve_short") and closed("reserve_short", reserve="finite")


def test_must_play_everything_is_contradictory():
    # §Mise en place (as many as they can) vs §Fin de tour (the cards it wishes to play)
    assert hole("stop_early") == "several"
    assert closed("stop_early") and closed("stop_early", stop="must")


def test_card_counting_itself_is_a_hole():
    assert hole("counts_itself") == "none"
    assert closed("counts_itself", self="yes") and closed("counts_itself", self="no")


def test_pass_direction_is_a_hole_from_three_players():
    assert hole("pass_direction", n=2) is None  # two players: either way reaches the other
    assert hole("pass_direction", n=3) == "none"
    assert closed("pass_direction", n=3) and closed("pass_direction", n=3, **{"pass": "ccw-first"})


def test_xp_tie_is_a_hole():
    assert hole("xp_tie", n=2) == "none"
    assert closed("xp_tie", tie="gold")


def test_class_after_is_a_hole_no_published_rule_fills():
    """A ruling of the player and the class (no action of its own): the audit's own check. The
    facts' line restates §Jouer des cartes, which is what leaves the class open: the finding
    does not claim a published answer (session 37)."""
    from referee.checks.audit import Audit

    f = next(x for x in Audit(GAME, witnesses=False).run() if x.id.endswith(".class_after") and x.kind != "option")
    assert f.kind == "gap" and "class_after=round" in f.says and "class_after=all" in f.says
    assert "published rule" not in f.says and "the text gives no answer" in f.says


def test_options_are_reported_with_their_kind():
    kinds = {o.name: o.kind for o in GAME.options}
    assert kinds["gold"] == "disputed"
    assert {k for k, v in kinds.items() if v == "silent"} == {"pass", "stop", "reserve", "self", "tie", "class_after"}
    for o in GAME.options:
        assert o.cite.startswith("§") and o.default in o.choices


def test_claims_hold_over_the_invariants():
    """Each "always" claim holds in every state satisfying the invariants; each "max" claim's
    value is an upper bound that a state satisfying the invariants reaches (with its goal)."""
    c = cfg(2)
    S = sym_state(GAME, c, "s")
    hyp = [term(inv.test(S)) for inv in GAME.invariants]
    for claim in GAME.claims:
        sol = z3.Solver()
        sol.set("timeout", 20000)
        sol.add(*hyp)
        if claim.kind == "always":
            sol.add(z3.Not(term(claim.expr(S))))
            assert sol.check() == z3.unsat, claim.says
        elif claim.kind == "max":
            sol.push()
            sol.add(term(claim.expr(S)) > claim.value)
            assert sol.check() == z3.unsat, claim.says
            sol.pop()
            sol.add(term(claim.expr(S)) == claim.value, term(claim.goal(S)))
            assert sol.check() == z3.sat, claim.says
