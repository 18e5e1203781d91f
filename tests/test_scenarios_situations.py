"""The situations family (checks/scenarios/situations.py) and the declarations family
(checks/scenarios/declarations.py), on Welcome to the Dungeon: each situation is a legal game
in which the option's value decides an event (replayed under another value, the same log is
refused or ends otherwise), its moves under the other value carry the verdict the replay
gives, and each declared field alone is checked (a wrong one refused at its line, where an
engine that ignores a lone declaration finds it legal)."""
import copy

import orjson
import pytest

from referee.checks.scenarios.declarations import declarations
from referee.checks.scenarios.generator import Generator
from referee.checks.scenarios.situations import situations
from referee.model import load
from referee.replays.engine import replay
from referee.replays.expect import mismatch

# options whose situations the search meets within a few games (chooser: the next bidding's
# chooser; death: a run that ends at 0 HP; survive: the Potion or the Ring under each reading)
OPTIONS = ("chooser", "death", "survive")


def _replay(rows: list) -> object:
    return replay([orjson.dumps(r) for r in rows], label="<test>")


def _with_expect(sc) -> list:
    rows = copy.deepcopy(sc.rows)
    rows[0] = {**rows[0], "expect": sc.expect}
    return rows


@pytest.fixture(scope="module")
def welcome():
    g = load("welcome")
    gen = Generator(g, 0)
    return g, situations(gen, events=3000, only=OPTIONS), declarations(gen, 2)


def test_each_option_value_has_a_situation_and_its_moves_under_the_others(welcome):
    g, scen, _ = welcome
    values = {f"{o.name}={v}" for o in g.options if o.name in OPTIONS for v in o.choices}
    played = {sc.extra["option"] for sc in scen if "of" not in sc.extra}
    assert played == values
    crossed = {(sc.extra["of"], sc.extra["option"]) for sc in scen if "of" in sc.extra}
    assert crossed == {(a, b) for a in values for b in values if a != b and a.split("=")[0] == b.split("=")[0]}
    for sc in scen:  # each replays to what its header expects
        assert mismatch(_replay(_with_expect(sc))) is None, sc.exercises


def test_the_option_decides_in_each_situation(welcome):
    """The same log, its header under another value of the option, does not give the same
    verdict: an engine that reads the option as another value fails the scenario. (A game
    in which the option decided nothing would pass under every value.)"""
    g, scen, _ = welcome
    for sc in (x for x in scen if "of" not in x.extra):
        name, v = sc.extra["option"].split("=")
        for w in next(o for o in g.options if o.name == name).choices:
            if w == v:
                continue
            rows = copy.deepcopy(sc.rows)
            rows[0]["options"] = {**rows[0]["options"], name: w}
            got = _replay(rows)
            assert got.verdict != "legal", f"{sc.exercises}: still legal under {name}={w}"
            assert got.first().line >= sc.extra["line"]


def test_declarations_alone_right_and_wrong(welcome):
    _, _, scen = welcome
    fields = {sc.extra["field"] for sc in scen}
    assert fields == {"outcome", "hp"}
    for sc in scen:
        rows, line = _with_expect(sc), len(sc.rows)
        assert mismatch(_replay(rows)) is None, sc.exercises
        others = {"outcome", "hp"} - {sc.extra["field"]}
        assert not others & set(sc.rows[-1]), "the other declarable field is left out"
        if sc.expect["verdict"] == "illegal":
            assert sc.expect["line"] == line and sc.expect["cite"] == "§Issue"
            bare = copy.deepcopy(sc.rows)
            del bare[-1][sc.extra["field"]]  # an engine that ignores a lone declaration
            assert _replay(bare).verdict == "legal"
    assert {sc.expect["verdict"] for sc in scen} == {"legal", "illegal"}
