"""The questions the text must answer (Rulings), checked the way the audit does: z3 looks
for a state satisfying every invariant, where the ruling arises and the event's Needs hold,
and where no text answer applies ("no outcome") or two apply with different results
("several outcomes"); each found hole must be closed by the option's answers."""
import itertools

import pytest
import z3

from referee.checks.symbolic import instances, sym_state, term
from referee.model.kernel.rules import answer_in_force
from referee.model.welcome.dungeon import SURVIVE
from referee.model.welcome.rounds import CHOOSER
from welcome_helpers import G, cfg


def _search(ruling, c, what, with_options=False, where=None):
    """A model of the situation `what` ('none' or 'several'), or None."""
    S = sym_state(G, c, "s")
    act = G.action(ruling.action)
    hyp = [term(i.test(S)) for i in G.invariants]
    answers = [x for x in ruling.answers
               if (not x.source.startswith("option:")) or (with_options and answer_in_force(x, c))]
    for inst in instances(G, c, act):
        sol = z3.Solver()
        sol.set("timeout", 20000)
        sol.add(*hyp, *inst.side, term(ruling.arises(S, inst.args)))
        if where is not None:
            sol.add(term(where(S)))
        sol.add(*[term(n.test(S, inst.args)) for n in G.needs(act)])
        app = [term(x.applies(S, inst.args)) for x in answers]
        if what == "none":
            sol.add(z3.And(*[z3.Not(x) for x in app]))
        else:
            pairs = [z3.And(app[i], app[j], term(answers[i].gives(S, inst.args)) != term(answers[j].gives(S, inst.args)))
                     for i, j in itertools.combinations(range(len(answers)), 2)]
            sol.add(z3.Or(*pairs) if pairs else z3.BoolVal(False))
        r = sol.check()
        assert r != z3.unknown, (ruling.name, inst.label)
        if r == z3.sat:
            m = sol.model()
            return {f.name: [m.eval(term(x), model_completion=True) for x in
                             (getattr(S, f.name) if isinstance(getattr(S, f.name), tuple) else (getattr(S, f.name),))]
                    for f in S.skeleton()}
    return None


def test_survive_has_two_text_outcomes_when_the_potion_or_ring_acted():
    """§Issue counts damage against the starting HP; §Équipement's Potion and Ring act on the
    HP: a runner healed by the Potion (or fed by the Ring) can have HP left with damage >= start."""
    m = _search(SURVIVE, cfg(), "several")
    assert m is not None
    dmg, hp0, hp = m["dmg"][0].as_long(), m["hp0"][0].as_long(), m["hp"][0].as_long()
    assert (dmg < hp0) != (hp >= 1)  # the two readings disagree
    assert z3.is_true(m["potion_used"][0]) or m["gain"][0].as_long() > 0


def test_survive_always_has_an_outcome():
    assert _search(SURVIVE, cfg(), "none") is None


@pytest.mark.parametrize("n", [3, 4])
def test_chooser_has_two_text_answers_when_the_runner_was_just_eliminated(n):
    """§Manche suivante names the player who just entered, with no exception; §Issue has just
    eliminated him: two answers (a conflict), never none."""
    m = _search(CHOOSER, cfg(n), "several")
    assert m is not None
    runner = m["turn"][0].as_long()
    assert m["fails"][runner].as_long() == 2
    assert _search(CHOOSER, cfg(n), "none") is None


def test_chooser_conflict_needs_three_players():
    # With 2 players, eliminating the runner ends the game (§Victoire): the conflict cannot arise.
    # (The invariants leave the number of players free, 2 to 4: the default 2-player audit
    # finds the 3-4 player conflict too.)
    assert _search(CHOOSER, cfg(2), "several", where=lambda S: S.np == 2) is None
    assert _search(CHOOSER, cfg(2), "several") is not None


def test_chooser_has_one_text_answer_while_the_runner_is_in_play():
    from referee.model.welcome.state import runner_in_play

    assert _search(CHOOSER, cfg(4), "several", where=runner_in_play) is None


@pytest.mark.parametrize("choice", ["left", "runner"])
def test_the_chooser_options_apply_whenever_the_runner_was_eliminated(choice):
    from referee.model.welcome.state import runner_in_play

    live = [x for x in CHOOSER.answers if x.source == f"option:chooser={choice}"]
    assert len(live) == 1
    S = sym_state(G, cfg(3, chooser=choice), "s")
    sol = z3.Solver()
    sol.add(term(CHOOSER.arises(S, None)), z3.Not(term(runner_in_play(S))), z3.Not(term(live[0].applies(S, None))))
    assert sol.check() == z3.unsat
