"""A declared dungeon outcome refused on a reading the text leaves open says so (review of
session 37): the Rogue's Ring lifts her HP, an Orc then deals damage equal to the starting HP.
§Issue's sentence fails her; her HP left save her; option `survive` decides (hp by default).
The refusal of a declared failure must carry that decision, compiled or not, and in the text."""
import orjson
import pytest
from typer.testing import CliRunner

from referee.cli.app import app
from referee.replays.engine import replay

HEADER = {"referee": 1, "game": "welcome", "rules": "livret FR", "players": ["Ana", "Ben"],
          "setup": {"adventurer": "Rogue", "first": "Ana"}}
EVENTS = [("Ana", "bid.draw", {"monster": "Dragon"}), ("Ana", "bid.sacrifice", {"tile": "Mithril Armor"}),
          ("Ben", "bid.draw", {"monster": "Lich"}), ("Ben", "bid.sacrifice", {"tile": "Buckler"}),
          ("Ana", "bid.draw", {"monster": "Orc"}), ("Ana", "bid.add", {}),
          ("Ben", "bid.draw", {"monster": "Goblin"}), ("Ben", "bid.add", {}), ("Ana", "bid.pass", {}),
          ("Ben", "dungeon.vorpal", {"monster": "Dragon"}), ("Ben", "dungeon.reveal", {"monster": "Goblin"}),
          ("Ben", "dungeon.fight", {}), ("Ben", "dungeon.reveal", {"monster": "Orc"}), ("Ben", "dungeon.fight", {})]


def _log(outcome: str, options: dict | None = None) -> list[str]:
    head = {**HEADER, **({"options": options} if options else {})}
    rows = [head] + [{"n": i, "by": by, "do": do, **kw} for i, (by, do, kw) in enumerate(EVENTS, 1)]
    rows.append({"n": len(EVENTS) + 1, "by": "Ben", "do": "dungeon.leave", "outcome": outcome})
    return [orjson.dumps(r).decode() for r in rows]


@pytest.mark.parametrize("compiled", [False, True])
def test_a_refused_failure_names_the_option_that_refused_it(compiled):
    # the header names the reading: the refusal is its own
    v = replay(_log("failure", {"survive": "hp"}), compiled=compiled, compile_after=1)
    assert (v.verdict, [p.line for p in v.problems], v.problems[0].cite) == ("illegal", [16], "§Issue")
    assert v.decided == [{"line": 16, "ruling": "survive", "cite": "§Issue", "option": "survive=hp"}]
    # unnamed, the model's default alone refuses what the other reading accepts: not established
    # (replays/readings.py, session 62)
    v = replay(_log("failure"), compiled=compiled, compile_after=1)
    assert (v.verdict, [p.line for p in v.problems], v.problems[0].cite) == ("not established", [16], "§Issue")
    assert "option survive=hp (the default) refuses" in v.problems[0].message
    assert "survive=damage accepts it" in v.problems[0].message
    assert v.decided == [{"line": 16, "ruling": "survive", "cite": "§Issue", "option": "survive=hp"}]


@pytest.mark.parametrize("compiled", [False, True])
def test_each_reading_accepts_its_own_outcome_and_lists_the_decision_once(compiled):
    for option, outcome in (("hp", "success"), ("damage", "failure")):
        v = replay(_log(outcome, {"survive": option}), compiled=compiled, compile_after=1)
        assert v.verdict == "legal", (option, v.problems)
        # the declared outcome's check and the effect both ask: one decision a line
        assert v.decided == [{"line": 16, "ruling": "survive", "cite": "§Issue", "option": f"survive={option}"}]


def test_the_text_report_says_the_refusal_rests_on_the_option(tmp_path):
    f = tmp_path / "ring-fail.jsonl"
    f.write_text("\n".join(_log("failure")) + "\n", encoding="utf-8")
    r = CliRunner().invoke(app, ["replay", str(f)])
    assert r.exit_code == 1
    assert "ring-fail.jsonl:16: here the text does not decide 'survive' alone: option survive=hp applied" in r.output
