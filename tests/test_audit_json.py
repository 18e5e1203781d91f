"""The audit's JSON (issue #20 item 6): one shape always (a version, the tool, a list of
games), no wall clock unless --timings, valid against the schema shipped in the package.
Real output of the command, on the toy game (seconds); test_cli validates a Raiders audit."""
import json

import jsonschema
from typer.testing import CliRunner

import orjson

from referee import schemas
from referee.checks import report
from referee.cli.app import app
from referee.model.kernel import Answer, Ruling

from .test_audit_honesty import _game, _run

run = CliRunner().invoke


def _validate(doc):
    schema = schemas.load("audit")
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(doc)


def test_the_audit_json_of_one_game_is_the_versioned_document_and_valid():
    r = run(app, ["audit", "toy", "--no-witness", "-f", "json"])
    assert r.exit_code in (0, 1), r.output
    doc = json.loads(r.stdout)
    _validate(doc)
    assert doc["version"] == 1 and [g["game"] for g in doc["games"]] == ["toy"]
    assert "timings" not in doc["games"][0] and "seconds" not in r.stdout  # no clock by default


def test_findings_come_first_by_severity_and_the_rest_validates_too():
    one = Answer("§1", "book", "the left player", lambda s, a: True, lambda s, a: 1)
    two = Answer("§2", "book", "the right player", lambda s, a: True, lambda s, a: 0)
    g = _game(rulings=(Ruling("who", "§1", "who starts?", lambda s, a: True, ()),
                       Ruling("both", "§1", "who goes next?", lambda s, a: True, (one, two), action="take")))
    _, fs = _run(g)
    doc = json.loads(orjson.dumps(report.document([report.as_json(g, fs, {})])))
    _validate(doc)
    levels = [f["severity"] for f in doc["games"][0]["findings"]]
    assert levels[:2] == ["error", "warning"] and set(levels[2:]) == {None}, levels


def test_timings_only_when_asked_and_still_valid():
    doc = json.loads(run(app, ["audit", "toy", "--no-witness", "-f", "json", "--timings"]).stdout)
    _validate(doc)
    assert set(doc["games"][0]["timings"]) >= {"invariants", "rulings"}


def test_a_document_of_another_shape_is_refused():
    doc = json.loads(run(app, ["audit", "toy", "--no-witness", "-f", "json"]).stdout)
    for bad in (doc["games"][0], {**doc, "version": 0}, {**doc, "games": [{**doc["games"][0], "clock": 1.5}]}):
        try:
            _validate(bad)
        except jsonschema.ValidationError:
            continue
        raise AssertionError(f"accepted: {list(bad)}")
