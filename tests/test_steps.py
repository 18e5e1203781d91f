"""Steps: guarantees read on the states before and after an event (kernel Step), proved by
z3 for each action from the proved invariants, never over nothing, and checked by replays.
Built on the toy game (tests/toygame.py), and Dungeons Raiders' §3.4 Initiative."""
import dataclasses

import pytest

from referee.checks.audit import Audit
from referee.checks.symbolic import sym_state
from referee.checks.transitions import prove_steps
from referee.model import load
from referee.model.kernel import Step
from referee.replays.engine import replay

from . import toygame
from .toygame import GAME

PASSES = Step("§1", "the turn passes after each take", when=lambda s, t: t.pile != s.pile,
              then=lambda s, t: t.turn == 1 - s.turn, name="turn_passes")
STAYS = Step("§1", "the same player takes again", when=lambda s, t: t.pile != s.pile,
             then=lambda s, t: t.turn == s.turn, name="turn_stays")
GROWS = Step("§1", "a pile that grows grows by one", when=lambda s, t: t.pile > s.pile,
             then=lambda s, t: t.pile == s.pile + 1, name="pile_grows")


def _game(*steps, **kw):
    return dataclasses.replace(GAME, steps=steps, _by_name={}, _needs={}, _watch={}, **kw)


def _proved(game):
    cfg = game.configure({}, None, None)
    return prove_steps(game, cfg, sym_state(game, cfg, "s"), [], None)


def test_a_step_the_effects_keep_is_proved_over_the_events_that_bring_it_about():
    r, = _proved(_game(PASSES))
    assert (r.status, r.events) == ("proved", 6)  # each player takes 1, 2 or 3


def test_a_step_an_effect_breaks_is_not_proved_and_names_the_event():
    r, = _proved(_game(STAYS))
    assert r.status == "not-proved" and r.by.startswith("take") and r.model


def test_a_step_no_event_brings_about_is_vacuous_not_proved():
    r, = _proved(_game(GROWS))  # no take makes the pile grow
    assert r.status == "vacuous"


def test_the_audit_reports_each_step_three_ways():
    a = Audit(_game(PASSES, STAYS, GROWS), witnesses=False)
    fs = {f.id: f for f in a.run() if ".step." in f.id}
    assert (fs["toy.step.§1.turn_passes"].kind, fs["toy.step.§1.turn_passes"].status) == ("proved", "every event")
    assert fs["toy.step.§1.turn_stays"].status == "not established"
    grows = fs["toy.step.§1.pile_grows"]
    assert grows.status == "not established" and grows.details[0].startswith("not applicable")


def _take_keeping_the_turn():
    bad = dataclasses.replace(toygame.TAKE, effect=lambda s, a: s.but(pile=s.pile - a.k, taken=toygame.put(
        s.taken, a.p, s.taken[a.p] + a.k), phase=(s.pile - a.k == 0) * toygame.OVER))
    return bad


@pytest.mark.parametrize("compiled", [False, True])
def test_a_replay_reports_the_event_that_breaks_a_step(compiled):
    # the turn Need is dropped and the effect keeps the turn: every Need holds, the Step does not
    take = dataclasses.replace(_take_keeping_the_turn(), needs=toygame.TAKE.needs[1:])
    game = _game(PASSES, actions=(take,))
    rows = [{"referee": 1, "game": "toy", "players": ["Ana", "Ben"]},
            {"n": 1, "by": "Ana", "do": "take", "k": 2}, {"n": 2, "by": "Ana", "do": "take", "k": 1}]
    v = replay(rows, game=game, compiled=compiled, compile_after=1)
    assert v.verdict == "illegal"
    p, = v.problems
    assert (p.line, p.kind, p.cite) == (2, "invariant", "§1") and "the turn passes after each take" in p.message


def test_raiders_initiative_passes_at_each_new_turn_and_only_then():
    """And §7.2's 'at most once a turn' (s63): a group leaves only unmarked, and the mark is
    cleared only as the expeditions end."""
    g = load("raiders")
    cfg = g.configure({}, None, None)
    got = prove_steps(g, cfg, sym_state(g, cfg, "s"), [], None)
    assert [(g.steps[r.index].name, r.status) for r in got] == [
        ("initiative_passes_each_turn", "proved"), ("initiative_moves_only_with_turn", "proved"),
        ("group_departs_unmarked", "proved"), ("departure_mark_kept", "proved")]
    assert all(r.events >= 1 for r in got)
