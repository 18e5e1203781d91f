"""The situation's distance (checks/distance.py): a z3 formula over the symbolic state,
measured on concrete states as a branch distance the steered search climbs (milliseconds)."""
import z3

from referee.checks import distance
from referee.checks.steer import climb, target
from referee.checks.symbolic import skeleton_terms, sym_state, term

from .test_witness_steer import WALK

CFG = WALK.configure({}, None, None)
S = sym_state(WALK, CFG, "r")
START = WALK.setup({}, CFG)


def _measure(*formulas):
    return distance.measure(distance.program(list(formulas), distance.places_of(skeleton_terms(S), term)))


def test_zero_where_the_situation_holds_and_less_the_nearer_each_condition():
    far = _measure(S.at.t >= 60, S.steps.t == 3)
    assert far(START.but(at=60, steps=3)) == 0.0
    assert far(START.but(at=59, steps=3)) == 0.5  # one failing condition, one step away: 1/(1+1)
    assert far(START.but(at=40, steps=3)) > far(START.but(at=59, steps=3))  # farther: more
    assert 1.0 < far(START.but(at=0, steps=0)) < 2.0  # both fail, neither is met at all
    assert far(START.but(at=70, steps=3)) == 0.0  # >= holds past the bound too


def test_a_disjunction_is_as_near_as_its_nearest_branch_and_a_negation_swaps():
    far = _measure(z3.Or(S.at.t == 10, S.at.t == 90))
    assert far(START.but(at=88)) == far(START.but(at=12)) == 2 / 3
    assert _measure(z3.Not(S.at.t == 10))(START.but(at=10)) == 1.0
    assert _measure(z3.Not(S.at.t == 10))(START.but(at=11)) == 0.0


def test_an_argument_of_the_event_is_chosen_by_the_search_so_its_nearest_choice_counts():
    d = z3.Int("r.step.d")  # not a state leaf: an argument of the event
    far = _measure(S.at.t + z3.If(d == 1, 1, -1) == 60)
    assert far(START.but(at=59)) == 0.0 and far(START.but(at=61)) == 0.0  # one step up, or down
    assert far(START.but(at=57)) == 2 / 3  # two steps short at best


def test_the_target_carries_the_situation_and_the_search_climbs_it():
    s = z3.Solver()
    s.add(S.at.t == 60)
    s.check()
    goal = target(S, [S.at.t == 60], s.model())
    assert goal.situation and goal.values == ((1, 60),)
    score, there, _ = climb(goal)
    assert score(START.but(at=59)) > score(START.but(at=30))
    assert there(START.but(at=60)) and not there(START.but(at=59))


def test_a_situation_the_audits_player_count_does_not_show_is_searched_at_another():
    """The walk's track reaches square 60 only with 3 players (z3's state over-approximates:
    it does not know): the steered search looks there too, and says so in the witness."""
    import dataclasses

    from referee import BadInput, Config, Need, choose_options
    from referee.checks import witness as W
    from referee.checks.search import Budget, Rules

    from .test_witness_steer import STEP, UNITS

    def configure(o, c, p, nplayers=1):
        if nplayers not in (1, 2, 3):
            raise BadInput(f"{nplayers} players")
        return Config("walk", choose_options(o, WALK.options), WALK.sources, p, extra={"nplayers": nplayers})

    def on_track(s, a):
        top = 100 if s.cfg.extra["nplayers"] == 3 else 50
        return z3.And(s.at + a.d >= 0, s.at + a.d <= top) if not isinstance(s.at, int) else 0 <= s.at + a.d <= top

    step = dataclasses.replace(STEP, needs=(STEP.needs[0], Need("§1", "on the track", on_track)))
    g = dataclasses.replace(
        WALK, name="walk3", actions=(step,), configure=configure, _by_name={}, _needs={}, _configs={}, _watch={},
        random_header=lambda rng, cfg: {"referee": 1, "game": "walk3", "options": dict(cfg.options),
                                        "players": ["Ana", "Ben", "Cleo"][:cfg.extra["nplayers"]]})
    s = z3.Solver()
    s.add(S.at.t == 59)
    s.check()
    goal = {"far": target(S, [S.at.t + 1 == 60], s.model())}
    assert W.other_counts(g, Rules()) == [3, 2]
    header, path = W.search_rulings(g, Rules(), ("far",), Budget(UNITS), goal)["far"]
    assert len(header["players"]) == 3 and sum(x.d for _, x in path) == 60
    assert "a game of 3 players" in W._played_with(g, Rules(), header)


def test_cells_open_a_disjunction_at_its_nearest_branch():
    """The situation where an action is legal is a disjunction over its instances: as one
    condition it tells no state apart (one restart cell for all); opened at its nearest
    branch, states near different instances, or meeting different conditions of one, keep
    cells of their own (explore.Restarts)."""
    prog = distance.program([z3.Or(z3.And(S.at.t >= 60, S.steps.t == 3), z3.And(S.at.t <= 5, S.steps.t == 0))],
                            distance.places_of(skeleton_terms(S), term))
    one = distance.measure_parts(prog)
    assert one(START.but(at=59, steps=3))[1] == one(START.but(at=4, steps=1))[1] == (False,)
    parts = distance.measure_parts(prog, branches=True)
    near_first, near_second = parts(START.but(at=59, steps=3)), parts(START.but(at=4, steps=1))
    assert near_first[0] == one(START.but(at=59, steps=3))[0]  # the distance is the same
    assert near_first[1][0] != near_second[1][0]  # another branch is nearest
    assert near_first[1][1:] == (False, True) and near_second[1][1:] == (True, False)
    assert parts(START.but(at=60, steps=3))[1][1:] == (True, True)
