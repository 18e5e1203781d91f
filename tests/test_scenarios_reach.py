"""Games steered to an action the random games never play (checks/scenarios/reach.py):
Raiders' PvP resolution (§8.8) needs two rival groups on one dungeon, which no random game
of the boundary family reaches; the steered game is legal, ends on the action, and its
states give the action's Needs their scenarios."""
from __future__ import annotations

import orjson

from referee.checks.scenarios.generator import Generator
from referee.checks.scenarios.logs import log_lines
from referee.checks.scenarios.reach import steer_to, unplayed
from referee.checks.search import Rules
from referee.model import load
from referee.replays.engine import replay


def test_steered_game_is_legal_and_ends_on_the_action():
    game = load("raiders")
    act = next(a for a in game.actions if a.name == "pvp.resolve")
    got = steer_to(game, Rules(), act, units=150_000)
    assert got is not None, "the PvP is reached within 150,000 units (found at ~75,000 when written)"
    header, path = got
    assert path[-1][0] is act
    v = replay([orjson.dumps(x) for x in log_lines(game, header, path)], label="<reach>")
    assert v.verdict == "legal", v


def test_a_budget_too_small_finds_nothing():
    game = load("raiders")
    act = next(a for a in game.actions if a.name == "pvp.resolve")
    assert steer_to(game, Rules(), act, units=2_000) is None


def test_unplayed_lists_the_actions_no_path_plays_in_the_games_order():
    game = load("raiders")
    by = {a.name: a for a in game.actions}
    left = unplayed(game, [[(by["setup.draw"], None)], [(by["turn.end"], None)]])
    assert [a.name for a in left] == [a.name for a in game.actions if a.name not in ("setup.draw", "turn.end")]


def test_the_steered_games_states_give_the_pvp_need_its_past():
    """Before reach.py, no Raiders scenario broke "the defender has rolled" (§8.8): an engine
    resolving a PvP before the defender's roll passed every scenario. The boundary search
    over the steered game's states alone (the states near its PvP events tried first) finds
    that Need's exact past, and the log replays to it."""
    from itertools import accumulate

    from referee.checks.scenarios.boundary import Boundary
    from referee.checks.scenarios.reach import near

    game = load("raiders")
    act = next(a for a in game.actions if a.name == "pvp.resolve")
    header, path = steer_to(game, Rules(), act, units=150_000)
    first = game.first_state(header)
    states = list(accumulate(path, lambda s, m: game.apply(s, *m), initial=first))
    B = Boundary(Generator(game, 0), None)
    B.add_game(header, path, states, near(path, {"pvp.roll", "pvp.resolve"}))
    assert B.first["pvp.resolve"] and B.first["pvp.resolve"][0] == len(states) - 2  # the state it was played in
    j = next(k for k, n in enumerate(game.needs(act)) if n.says == "the defender has rolled on the same dungeon's entry")
    idx, a, exact, _ = B._past(act, j, f"{act.name}#{j}")
    assert exact
    sc = B.scenario(idx, act, a, {"verdict": "illegal", "cite": "§8.8"}, "", ["§8.8"], {"says": "x"})[0]
    v = replay([orjson.dumps(r) for r in sc.rows], label="<reach>")
    assert (v.verdict, v.problems[0].line, v.problems[0].cite) == ("illegal", sc.expect["line"], "§8.8")


def test_a_need_reading_an_open_point_gets_a_past_under_the_reading_in_force():
    """Welcome's `round.next` Need reads the `chooser` point (who picks the next adventurer
    after a runner's elimination, §Enchères): besides its own past, one where the option
    value in force settles the point, refused at its line with the Need's §."""
    from referee.checks.scenarios.boundary import _decides

    game = load("welcome")
    got = [x for x in Generator(game, 0).boundary() if "reading" in x.extra]
    assert any(x.extra["reading"].startswith("chooser: option:chooser=") for x in got), [x.extra for x in got]
    for x in got:
        v = replay([orjson.dumps(r) for r in x.rows], label="<reading>")
        assert (v.verdict, v.problems[0].line, v.problems[0].cite) == ("illegal", x.expect["line"], x.expect["cite"])
    # where an option's answer settles a point: it applies and no answer of the text does
    r = next(r for r in game.rulings if r.name == "survive")
    text = [a for a in r.answers if a.option is None]
    opt = next(a for a in r.answers if a.option == ("survive", "damage"))
    s = game.first_state({"players": ["A", "B"], "setup": {"adventurer": "Warrior", "first": "A"}})
    assert bool(_decides(r, text[1])(s, None)) is bool(text[1].applies(s, None))
    assert bool(_decides(r, opt)(s, None)) is (bool(opt.applies(s, None)) and not any(bool(t.applies(s, None)) for t in text))


def test_an_action_one_search_misses_is_reached_a_step_at_a_time():
    """Raiders' `item.reuse` (§7.5) needs a group that carries items, won its PvE and is
    attacked there: items are rare, and a search climbing towards the whole situation
    meets the PvP long before a group with items. `steps_to` finds games where the Need
    "it carries items to reuse" holds alone (a group just sent with items); restarted from
    their last states only, each a start of its own, the search reaches the action, and
    the game replays as legal."""
    from referee.checks.scenarios.reach import _last, steps_to

    game = load("raiders")
    act = next(a for a in game.actions if a.name == "item.reuse")
    j = next(k for k, n in enumerate(game.needs(act)) if n.says.startswith("it carries items"))
    subs = steps_to(game, Rules(), act, j, seed=2)
    assert subs, "groups sent with items are found"
    for header, path in subs:
        s = _last(game, Rules(), header, path)[2]
        assert path[-1][0].name == "expedition.send" and any(x >= 1 for row in s.gn for x in row)
    got = steer_to(game, Rules(), act, units=400_000, seed=3, known=[_last(game, Rules(), *x) for x in subs], fresh=False)
    assert got is not None
    header, path = got
    assert path[-1][0] is act
    v = replay([orjson.dumps(x) for x in log_lines(game, header, path)], label="<reach>")
    assert v.verdict == "legal", v


def test_the_boundary_budget_is_z3_work_not_a_clock():
    """The budget of the boundary search is counted in z3's units (checks/work.py): no
    work at all finds nothing, and the same budget finds the same scenarios on any machine
    (the clock it once read gave fewer on a loaded one)."""
    from referee.checks.scenarios import Generator

    game = load("welcome")
    assert Generator(game, seed=0).boundary(budget=0.0) == []
    some = [s.slug for s in Generator(game, seed=0).boundary(budget=0.02)]
    assert some and some == [s.slug for s in Generator(game, seed=0).boundary(budget=0.02)]
