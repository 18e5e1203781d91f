"""§Actions/Corps à corps: after a tied melee each fighter steps back straight away from its
opponent by the size of that opponent's base. Along a diagonal that point is irrational, and a
log writes exact lengths only, so until session 49 no diagonal tie could be recorded (an
independent engine's game, tests/data/trolls/recoil-on-a-diagonal.jsonl: h2 at (19, 3) steps
away from t1 at (20, 4), base 2, to (17.5858, 1.5858)). The point is now accepted within a
hundredth of an inch of the exact one, across the line and along it; farther off is refused."""
from __future__ import annotations

from pathlib import Path

import orjson
import pytest

import referee

LOG = Path(__file__).resolve().parents[1] / "data" / "trolls" / "recoil-on-a-diagonal.jsonl"


def _with_recoil(tmp: Path, to: list[str]) -> referee.replays.engine.Verdict:
    rows = LOG.read_bytes().splitlines()
    h2 = orjson.loads(rows[22])  # line 23; t1 steps back from h2 (base 1) on line 24
    assert h2["do"] == "melee.recoil" and h2["fig"] == "h2" and h2["away"] == "t1"
    rows[22] = orjson.dumps({**h2, "to": to})
    log = tmp / "recoil.jsonl"
    log.write_bytes(b"\n".join(rows) + b"\n")
    return referee.replay(log)


def test_the_engines_diagonal_recoil_is_legal() -> None:
    assert referee.replay(LOG).verdict == "legal"


@pytest.mark.parametrize("to", [["17.586", "1.586"], ["17.59", "1.58"], ["1758579/100000", "158579/100000"]])
def test_within_a_hundredth(to: list[str], tmp_path: Path) -> None:
    # 2/sqrt(2) = 1.41421...: (19 - 1.41421, 3 - 1.41421) = (17.58579, 1.58579)
    assert _with_recoil(tmp_path, to).verdict == "legal"


@pytest.mark.parametrize("to, why", [(["17.6", "1.6"], "too short"), (["17.57", "1.57"], "too long"),
                                     (["17.60", "1.57"], "off the line"), (["20.4142", "4.4142"], "towards t1")])
def test_farther_off_is_refused(to: list[str], why: str, tmp_path: Path) -> None:
    v = _with_recoil(tmp_path, to)
    assert (v.verdict, v.problems[0].line, v.problems[0].cite) == ("illegal", 23, "§Actions/Corps à corps"), why
    assert "within 1/100" in v.problems[0].message


def test_from_the_same_point_any_way() -> None:
    """h2 and t1 both at (20, 4) tie a melee: no way is 'away' (gap recoil_direction), so any
    way is; before, no recoil was legal and the game could not go on (a review's log, s49)."""
    log = LOG.parent / "recoil-same-point.jsonl"
    rows = [orjson.loads(x) for x in log.read_bytes().splitlines()]
    play = referee.load("trolls", options=rows[0]["options"]).new(rows[0]["players"], rows[0]["setup"])
    for ev in rows[1:]:
        play.push({k: v for k, v in ev.items() if k != "n"})
    assert play.is_legal({"by": "Ana", "do": "melee.recoil", "fig": "h2", "away": "t1", "to": [20, 6]})
    assert not play.is_legal({"by": "Ana", "do": "melee.recoil", "fig": "h2", "away": "t1", "to": [20, 5]})
    assert play.legal_moves()  # the random games propose one too
