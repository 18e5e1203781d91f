"""The witness search steered by z3 (issue #16 item 6): the state z3 finds where a ruling
has no answer becomes the goal the explorer climbs (checks/steer.py). On a walk made for
it: a marker moves one step up or down on a track of 100; the question arises only at
square 60, which a random walk of the same work almost never reaches (seconds)."""
from dataclasses import dataclass

import z3

from referee import (
    Action, And, Answer, Config, Game, Int, Invariant, Need, Option, Param, Phase, Ruling, Source, State,
    args,
    choose_options, decide, num,
)
from referee.checks import witness as W
from referee.checks.audit import Audit
from referee.checks.search import Budget, Rules
from referee.checks.steer import closeness, target
from referee.checks.symbolic import skeleton_terms, sym_state

SOURCES = (Source("book", "walk book", 1),)
TOP, FAR = 100, 60


@dataclass(frozen=True)
class Walk(State):
    phase: int = num(0, 0)
    at: int = num(0, TOP)
    steps: int = num(0, 10_000)


AT_FAR = Ruling("far", "§2", "what the marker does on square 60", lambda s, a: s.at + a.d == FAR,
                (Answer("§2", "option:far=stay", "it stays", lambda s, a: True, lambda s, a: 1),), action="step",
                otherwise=0)
STEP = Action(
    "step", "§1", "move the marker one square",
    params=(Param("d", Int(-1, 1, enum=True), "up or down"),),
    needs=(Need("§1", "a step up or down", lambda s, a: a.d != 0),
           Need("§1", "on the track", lambda s, a: And(s.at + a.d >= 0, s.at + a.d <= TOP))),
    effect=lambda s, a: s.but(at=s.at + a.d + 0 * decide(AT_FAR, s, a), steps=s.steps + 1),
    phases=("walk",), goes=("walk",), propose=lambda s: (args(0, d=d) for d in (-1, 1)),
)
WALK = Game(
    name="walk", title="Walk", rulebook="(none)", version="1", state_cls=Walk, sources=SOURCES,
    options=(Option("far", "§2", "square 60", {"stay": "it stays"}, "stay"),),
    phases=(Phase("walk", "§1", "the marker walks"),), actions=(STEP,), rulings=(AT_FAR,),
    invariants=(Invariant("§1", "on the track", lambda s: And(s.at >= 0, s.at <= TOP)),),
    configure=lambda o, c, p, nplayers=1: Config("walk", choose_options(o, WALK.options), SOURCES, p,
                                                extra={"nplayers": 1}),
    setup=lambda h, cfg: Walk(cfg=cfg, phase=0, at=0, steps=0),
    init=lambda S: And(S.phase == 0, S.at == 0, S.steps == 0),
    result=lambda s: None,
    random_header=lambda rng, cfg: {"referee": 1, "game": "walk", "options": dict(cfg.options), "players": ["Ana"]},
    header_example={"referee": 1, "game": "walk", "players": ["Ana"]},
)
UNITS = 2_000  # moves weighed: about 650 steps


def test_the_goal_is_the_state_z3_found_on_the_fields_the_question_reads():
    a = Audit(WALK, witnesses=False)
    a.run()
    names = [n for n, _ in skeleton_terms(sym_state(WALK, a.cfg, "r"))]
    got = {names[i]: v for i, v in a.steer["far"].values}
    assert set(got) == {"at#0"} and got["at#0"] in (FAR - 1, FAR + 1)  # `steps` is not read: not a goal


def test_closeness_is_zero_at_the_target_and_falls_with_the_distance():
    s = z3.Solver()
    S = sym_state(WALK, WALK.configure({}, None, None), "r")
    s.add(S.at.t == 7, S.steps.t == 3)
    s.check()
    goal = target(S, [S.at.t == 7], s.model())
    near = closeness(goal)
    start = WALK.setup({}, WALK.configure({}, None, None))
    assert goal.values == ((1, 7),) and near(start.but(at=7, steps=99)) == 0 and near(start) == -7


def test_steered_by_z3_the_search_finds_what_random_play_misses_with_the_same_work():
    a = Audit(WALK, witnesses=False)
    a.run()
    plain = W.search_rulings(WALK, Rules(), ("far",), Budget(UNITS))
    steered = W.search_rulings(WALK, Rules(), ("far",), b := Budget(UNITS), a.steer)
    assert "far" not in plain and "far" in steered and b.used <= UNITS
    header, path = steered["far"]
    assert len(path) < 200 and sum(x.d for _, x in path) == FAR  # the last step arrives on square 60
    assert steered == W.search_rulings(WALK, Rules(), ("far",), Budget(UNITS), a.steer)  # deterministic


# ------------------------------------------------------------------ disputed options
EDGE = 5  # under edge=stop the track ends here; the audit's reading (go) runs on to TOP


def _edged():
    import dataclasses

    def on_track(s, a):
        top = EDGE if s.cfg.opt("edge") == "stop" else TOP
        return And(s.at + a.d >= 0, s.at + a.d <= top)

    step = dataclasses.replace(STEP, needs=(STEP.needs[0], Need("§1", "on the track", on_track)),
                               effect=lambda s, a: s.but(at=s.at + a.d, steps=s.steps + 1))
    opts = (Option("edge", "§3", "where the track ends", {"go": "at 100", "stop": "at 5"}, "go", kind="disputed"),
            Option("idle", "§3", "a point nothing reads", {"a": "a", "b": "b"}, "a", kind="disputed"))
    g = dataclasses.replace(WALK, name="edged", actions=(step,), rulings=(), options=opts, _by_name={}, _needs={}, _configs={},
                            _watch={},
                            configure=lambda o, c, p, nplayers=1: Config("edged", choose_options(o, opts), SOURCES, p,
                                                                        extra={"nplayers": 1}))
    return g


def test_a_disputed_option_is_witnessed_where_its_other_reading_plays_the_last_event_otherwise():
    from referee.checks.disputed import search_readings

    g = _edged()
    got = search_readings(g, Rules(), (("option", "edge"), ("option", "idle")), Budget(UNITS))
    header, path, reaches = got["option", "edge"]
    assert reaches == "the last event is illegal under edge=stop"
    assert sum(x.d for _, x in path[:-1]) == EDGE and path[-1][1].d == 1  # the step past square 5
    assert ("option", "idle") not in got  # an option no rule reads plays nothing otherwise: no witness
    # (the options declare no basis: the audit also reports that, as edged.policy.§3.edge)
    f = [x for x in Audit(g, witnesses=False).run() if x.id.endswith(".edge") and ".policy." not in x.id]
    assert len(f) == 1 and f[0].in_play and f[0].status == "disputed"


def test_two_sources_giving_a_value_differently_are_witnessed_where_the_other_value_plays_otherwise():
    import dataclasses

    from referee import Sourced
    from referee.checks.disputed import search_readings

    srcs = (Source("book", "walk book", 2), Source("card", "walk card", 1))
    end = Sourced("end", "§4", {"book": TOP, "card": EDGE}, "where the track ends")
    base = _edged()
    step = dataclasses.replace(base.actions[0], needs=(STEP.needs[0], Need("§4", "on the track", lambda s, a: And(
        s.at + a.d >= 0, s.at + a.d <= s.cfg.value(end)))))
    g = dataclasses.replace(base, sources=srcs, sourced=(end,), actions=(step,), _by_name={}, _needs={}, _watch={},
                            _configs={},
                            configure=lambda o, c, p, nplayers=1: Config("edged", choose_options(o, base.options), srcs,
                                                                        p, extra={"nplayers": 1}))
    header, path, reaches = search_readings(g, Rules(), (("source", "end"),), Budget(UNITS))["source", "end"]
    assert reaches == "the last event is illegal as the walk card reads end"
    assert sum(x.d for _, x in path[:-1]) == EDGE and path[-1][1].d == 1


class _Pool:
    """Records what the audit sends its workers (no process started)."""

    def __init__(self):
        self.sent = []

    def apply_async(self, fn, args):
        self.sent.append(args[2])


def test_the_audit_sends_the_rulings_search_the_states_z3_found_once_every_ruling_is_checked():
    import time

    a = Audit(WALK)
    a.pool, a.futures, a.deadline, a.elsewhere = _Pool(), {}, time.monotonic() + 60, []
    a.invariants()
    a.rulings()
    (task,) = a.pool.sent
    assert task[:2] == ("rulings", ("far",)) and dict(task[3]) == a.steer and a.steer["far"]
