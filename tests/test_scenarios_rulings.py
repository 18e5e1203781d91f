"""The rulings family (checks/scenarios/rulings.py): each scenario is a complete legal game
in which one answer to a point the text leaves open decides a step; it replays to its
expected verdict (the round trip), and the set tells readings apart: played under another
value of the option that decided, some of its games change verdict or outcome."""
import json

import orjson
import pytest
from typer.testing import CliRunner

from referee.cli.app import app
from referee.model import load
from referee.replays.engine import replay
from referee.replays.expect import mismatch

run = CliRunner().invoke


@pytest.fixture(scope="module", params=["draft"])  # every game's are round-tripped in test_scenarios.py
def made(request, tmp_path_factory):
    d = tmp_path_factory.mktemp(f"rulings-{request.param}")
    r = run(app, ["scenarios", request.param, "--family", "rulings", "--count", "2", "--seed", "0", "--out", str(d)])
    assert r.exit_code == 0, r.output
    return request.param, d, json.loads((d / "manifest.json").read_text())["scenarios"]


def test_each_ruling_scenario_replays_to_its_expected_verdict(made):
    game, d, scen = made
    assert len(scen) >= 3  # 7 with this seed
    r = run(app, ["replay", str(d), "--expect", "--format", "json"])
    assert r.exit_code == 0, r.output
    rows = [json.loads(x) for x in r.stdout.splitlines()]
    assert len(rows) == len(scen) and all(x["expected"] for x in rows)
    keys = [(s["ruling"], s["answer"]) for s in scen]
    assert len(set(keys)) == len(keys)  # one game per (ruling, answer)
    for s in scen:  # complete games: the declared result is what an engine reading otherwise gets wrong
        assert s["expect"] == {"verdict": "legal", "decides": s["ruling"]}
        last = orjson.loads((d / s["file"]).read_bytes().splitlines()[-1])
        assert "result" in last


def test_another_reading_changes_some_verdict(made):
    """The expectation is not empty words: the same games under another value of the option
    that decided (an engine reading the open point otherwise) fail some of them."""
    game, d, scen = made
    options = {o.name: o for o in load(game).options}
    changed = 0
    for s in scen:
        if "=" not in s["answer"]:
            continue
        name, value = s["answer"].split("=", 1)
        lines = (d / s["file"]).read_bytes().splitlines()
        head = orjson.loads(lines[0])
        for other in options[name].choices:
            if other != value:
                head["options"] = {**head.get("options", {}), name: other}
                v = replay([orjson.dumps(head), *lines[1:]], label="<other reading>")
                changed += mismatch(v) is not None
    assert changed >= 2
