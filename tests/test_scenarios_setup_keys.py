"""The unreadable family reads the header's setup too (checks/scenarios/mutants.py): each
object of the setup gets a key the game does not know, and the log (its header alone) is
expected unreadable on line 1, field "setup"; an engine that passes over unknown keys reads
a legal header there and fails the scenario."""
import orjson

from referee.checks.scenarios import Generator
from referee.checks.scenarios.mutants import unreadable
from referee.model import load
from referee.replays.engine import replay
from referee.replays.expect import mismatch


def test_an_unknown_setup_key_is_unreadable_on_line_1():
    got = [s for s in unreadable(Generator(load("welcome"), seed=0), 1) if s.extra["value"] == "an unknown key"]
    assert [s.expect for s in got] == [{"verdict": "unreadable", "line": 1, "field": "setup"}]
    rows = got[0].rows
    assert len(rows) == 1 and rows[0]["setup"]["unknown"] == 1
    v = replay([orjson.dumps({**rows[0], "expect": got[0].expect})])
    assert mismatch(v) is None
    # the engine that passes over the key: a legal header, so the scenario catches it
    kept = {k: x for k, x in rows[0]["setup"].items() if k != "unknown"}
    v = replay([orjson.dumps({**rows[0], "setup": kept, "expect": got[0].expect})])
    assert v.verdict == "legal" and mismatch(v) is not None
