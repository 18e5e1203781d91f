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


def test_finite_reserve_never_goes_below_zero():
    """The text never counts the gold reserve (gap common_gold_reserve, option `reserve`): no
    ruling asks what is taken when it runs short (s39: one finding, the gap). Under
    reserve=finite the reserve never goes below 0: proved here, with every invariant, since as
    audited (reserve=unlimited) it would say nothing (it was the invariant
    common_reserve_holds, reported 'not applicable')."""
    import dataclasses

    from referee.checks.invariants import prove
    from referee.model.draft.invariants import reserve_nonneg
    from referee.model.kernel import Invariant

    assert "reserve_short" not in {r.name for r in GAME.rulings}
    inv = Invariant("§Jouer des cartes", "the reserve never holds less than nothing (reserve=finite)", reserve_nonneg,
                    name="reserve_nonneg")
    g = dataclasses.replace(GAME, invariants=GAME.invariants + (inv,))
    res = prove(g, cfg(2, reserve="finite"))
    assert [(g.invariants[r.index].name, r.status) for r in res if r.status != "proved"] == []


def test_a_short_finite_reserve_gives_what_is_left():
    from types import SimpleNamespace

    from referee.model.draft.rulings import take

    # the rule reads only the pool, the players' gold and the option
    s = SimpleNamespace(cfg=cfg(2, reserve="finite"), pool=3, gold=(1, 2))
    assert take(s, 0, 5) == ((4, 2), 0)
    s = SimpleNamespace(cfg=cfg(2), pool=3, gold=(1, 2))
    assert take(s, 0, 5) == ((6, 2), -2)


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


def test_class_after_is_a_conflict_the_published_rule_settles():
    """A ruling of the player and the class (no action of its own): the audit's own check.
    §Jouer des cartes keeps only a past round's Attack, Gold and XP; the tip of §Fin de manche
    keeps 'the icons' in effect, the word of §Icônes de classe for the class icon: two answers.
    The default follows the published rule (dungeon-draft.md:8: only attack, gold production
    and XP count after their round), s39."""
    from referee.checks.audit import Audit

    f = next(x for x in Audit(GAME, witnesses=False).run() if x.id.endswith(".class_after") and x.kind != "option")
    assert f.kind == "ambiguity" and f.status == "conflict", (f.status, f.says)
    assert "§Jouer des cartes (" in f.says and "§Fin de manche (" in f.says
    assert "class_after=round" in f.says and "class_after=all" in f.says
    assert any(d.startswith("default round: follows the published rule (dungeon-draft.md:8)") for d in f.details), f.details


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
