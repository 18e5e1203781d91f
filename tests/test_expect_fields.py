"""An expectation or a result line read as the schema says (hostile sweep, session 46): null in
"expect" is "not said", an empty "cites" and an unknown open point are unreadable (a typo
would pass or fail for no reason), and the result line's "note" and "points" are checked as
the header's and the events' are."""
import json
from pathlib import Path

import pytest

from referee.replays.engine import replay
from referee.replays.expect import mismatch

LOG = Path(__file__).parent.parent / "examples" / "welcome" / "2p-warrior-two-successes.jsonl"


def _lines(expect=None, result=None):
    rows = [json.loads(x) for x in LOG.read_text(encoding="utf-8").splitlines() if x.strip()]
    if expect is not None:
        rows[0] = {**rows[0], "expect": expect}
    if result is not None:
        assert "result" in rows[-1]
        rows[-1] = result
    return [json.dumps(r) for r in rows]


@pytest.mark.parametrize("expect", [
    {"verdict": "legal", "line": None, "cite": None},
    {"verdict": "legal", "line": None, "cite": None, "cites": None, "field": None, "kind": None, "decides": None,
     "undecided": None},
])
def test_null_in_expect_is_not_said(expect):
    v = replay(_lines(expect))
    assert v.verdict == "legal" and mismatch(v) is None


@pytest.mark.parametrize("expect, field", [
    ({"verdict": "illegal", "cites": []}, "expect.cites"),
    ({"verdict": "legal", "undecided": {"no_such_point": [3]}}, "expect.undecided"),
    ({"verdict": "legal", "decides": "no_such_point"}, "expect.decides"),
])
def test_an_expectation_that_no_verdict_can_meet_is_unreadable(expect, field):
    v = replay(_lines(expect))
    assert v.verdict == "unreadable"
    first = v.first()
    assert (first.line, first.field) == (1, field), first


@pytest.mark.parametrize("result, field", [
    ({"result": {"winner": "Ana"}, "note": 5}, "note"),
    ({"result": {"winner": "Ana", "points": None}}, "points"),
])
def test_the_result_line_is_read_as_strictly_as_the_others(result, field):
    v = replay(_lines(result=result))
    assert v.verdict == "unreadable" and v.first().field == field, v.first()


def test_an_expectation_naming_an_unknown_open_point_exits_2_under_expect(tmp_path):
    # was: exit 1 ("expected legal, got unreadable"): the header was read as readable
    from typer.testing import CliRunner

    from referee.cli.app import app

    f = tmp_path / "typo.jsonl"
    f.write_text("\n".join(_lines({"verdict": "legal", "undecided": {"no_such_point": [3]}})) + "\n", encoding="utf-8")
    r = CliRunner().invoke(app, ["replay", str(f), "--expect"])
    assert r.exit_code == 2, r.output
