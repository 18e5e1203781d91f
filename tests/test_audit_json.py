"""The audit's JSON (issue #20 item 6): one shape always (a version, the tool, a list of
games), no wall clock unless --timings, valid against the schema shipped in the package.
Real output of the command, on the toy game (seconds); test_cli validates a Raiders audit."""
import json

import jsonschema
import orjson
import pytest
from typer.testing import CliRunner

from referee import schemas
from referee.checks import report
from referee.cli.app import app

from .test_audit_honesty import _run
from .test_audit_severity import ruled_toy

run = CliRunner().invoke


def _validate(doc):
    schema = schemas.load("audit")
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(doc)


@pytest.fixture(scope="module")
def cli():
    return run(app, ["audit", "toy", "--no-witness", "-f", "json"])


def test_the_audit_json_of_one_game_is_the_versioned_document_and_valid(cli):
    r = cli
    assert r.exit_code in (0, 1), r.output
    doc = json.loads(r.stdout)
    _validate(doc)
    assert doc["version"] == 2 and [g["game"] for g in doc["games"]] == ["toy"]
    assert "timings" not in doc["games"][0] and "seconds" not in r.stdout  # no clock by default


def test_findings_come_first_by_severity_and_the_rest_validates_too():
    g = ruled_toy()
    _, fs = _run(g)
    doc = json.loads(orjson.dumps(report.document([report.as_json(g, fs, {})])))
    _validate(doc)
    levels = [f["severity"] for f in doc["games"][0]["findings"]]
    assert levels[:2] == ["error", "warning"] and set(levels[2:]) == {None}, levels


def test_timings_only_when_asked_and_still_valid():
    doc = json.loads(run(app, ["audit", "toy", "--no-witness", "-f", "json", "--timings"]).stdout)
    _validate(doc)
    assert set(doc["games"][0]["timings"]) >= {"invariants", "rulings"}


def test_a_document_of_another_shape_is_refused(cli):
    doc = json.loads(cli.stdout)
    for bad in (doc["games"][0], {**doc, "version": 0}, {**doc, "games": [{**doc["games"][0], "clock": 1.5}]}):
        try:
            _validate(bad)
        except jsonschema.ValidationError:
            continue
        raise AssertionError(f"accepted: {list(bad)}")


def test_a_result_not_established_says_what_would_settle_it():
    """Every result not established carries `open` (findings.OPEN), set where it is made, not
    read from its words: the schema refuses one without it. A min claim (not supported)
    is open for a reason no budget changes."""
    from referee.checks.findings import OPEN
    from referee.model.kernel import Claim

    from .test_audit_honesty import _game

    g = _game(claims=(Claim("§1", "the pile holds at least 1 stone", "min", lambda s: s.pile, 1),))
    _, fs = _run(g)
    doc = json.loads(orjson.dumps(report.document([report.as_json(g, fs, {})])))
    _validate(doc)
    opened = [f for f in doc["games"][0]["findings"] if f["kind"] == "unknown"]
    assert opened and all(f["open"] in OPEN for f in opened)
    # the schema, the report's words and findings.OPEN name the same kinds, in one order
    assert schemas.load("audit")["$defs"]["finding"]["properties"]["open"]["enum"] == list(OPEN)
    assert tuple(report.TOLD) == OPEN
    assert [f["open"] for f in opened if "min claims" in f["details"][0]] == ["method"]
    bare = {k: v for k, v in opened[0].items() if k != "open"}
    with pytest.raises(jsonschema.ValidationError):
        _validate({**doc, "games": [{**doc["games"][0], "findings": [bare]}]})
