"""Where two readings part (checks/disagree.py): a disputed option that changes a move only
on square 60 of the walk (test_witness_steer.py), which random play of the same work
does not reach; the readings' search climbs the formula z3 gives for "legal under the
audit's reading, played otherwise under the other" and finds the game (seconds)."""
import dataclasses

from referee import Config, If, Option, choose_options
from referee.checks import disagree, distance
from referee.checks.disputed import search_readings
from referee.checks.search import Budget, Rules

from .test_witness_steer import FAR, SOURCES, STEP, UNITS, WALK

OPTS = (Option("leap", "§3", "what a step from square 60 does", {"one": "one square", "two": "two squares"}, "one",
               kind="disputed"),)


def _step(s, a):
    extra = If(s.at == FAR, 1, 0) if s.cfg.opt("leap") == "two" else 0
    return s.but(at=s.at + a.d + extra, steps=s.steps + 1)


def _game():
    step = dataclasses.replace(STEP, effect=_step)
    return dataclasses.replace(WALK, name="leap", actions=(step,), rulings=(), options=OPTS, _by_name={}, _needs={},
                               _configs={}, _watch={},
                               configure=lambda o, c, p, nplayers=1: Config("leap", choose_options(o, OPTS), SOURCES, p,
                                                                           extra={"nplayers": 1}))


def test_the_formula_holds_where_the_readings_part_and_is_farther_the_farther_the_state():
    g = _game()
    cfg, other = g.configure({}, None, None), g.configure({"leap": "two"}, None, None)
    far = distance.measure(disagree.program(g, cfg, other, "leap"))
    start = g.setup({}, cfg)
    assert far(start.but(at=FAR)) == 0.0  # a step from 60 is played otherwise
    assert 0 < far(start.but(at=FAR - 1)) < far(start.but(at=FAR - 10)) < far(start.but(at=0))


def test_the_readings_search_climbs_to_where_they_part_and_random_play_does_not():
    g = _game()
    key = ("option", "leap")
    header, path, reaches = search_readings(g, Rules(), (key,), Budget(UNITS))[key]
    assert reaches == "the last event leads to another state under leap=two"
    assert sum(x.d for _, x in path[:-1]) == FAR  # the last step starts from square 60
    # the same work without the formula (a game that has none: its effects fork on values)
    plain = dataclasses.replace(g, concrete_forks=True, _by_name={}, _needs={}, _configs={}, _watch={})
    assert key not in search_readings(plain, Rules(), (key,), Budget(UNITS))


def test_without_a_formula_the_readings_search_plays_deep_where_weighing_every_move_stays_shallow():
    """A point no formula serves (the game's effects fork on values) is searched in games
    that weigh a sample of each state's moves: with 100 ways to climb a square, weighing
    every move affords 20 steps of the count, a sample of 8 well over 60, to the climb
    from square 60 (Twister's `end`: the fifth point comes late in a game)."""
    from referee import Action, Int, Param, args

    climb = Action("climb", "§1", "climb one square", params=(Param("k", Int(0, 99, enum=True), "how"),),
                   needs=(STEP.needs[1],), effect=lambda s, a: _step(s, args(0, d=1)), phases=("walk",),
                   goes=("walk",), propose=lambda s: (args(0, k=k, d=1) for k in range(100)))
    g = _game()
    g = dataclasses.replace(g, actions=g.actions + (climb,), concrete_forks=True, progress=lambda s: float(s.at),
                            _by_name={}, _needs={}, _configs={}, _watch={})
    key = ("option", "leap")
    header, path, reaches = search_readings(g, Rules(), (key,), Budget(UNITS))[key]
    assert reaches == "the last event leads to another state under leap=two"
    assert sum(x.d for _, x in path[:-1]) == FAR
