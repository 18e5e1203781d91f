"""§Intro names the aim (objective points) and gives no winner rule, no values and no end
(gap aim_collect_points). A declared result is judged on the model's reading, and the
refusal says so: a game ending 0-0-0 declared with no winner was refused "the rules give
Ana, Ben, Cy (objective points) [§Intro]", as if the text gave them (a hand-computed
position, s61: notes/s61/handpos, T10e)."""
from __future__ import annotations

from pathlib import Path

import referee

LOG = Path(__file__).resolve().parents[1] / "data" / "trolls" / "no-points-nobody-declared.jsonl"


def test_a_result_judged_on_the_models_reading_names_the_gap() -> None:
    v = referee.replay(LOG)
    assert v.verdict == "illegal"
    (p,) = v.problems
    assert p.cite == "§Intro" and p.kind == "result" and "declared no winner" in p.message
    assert "the model's reading" in p.message and "gap aim_collect_points" in p.message and "a tie shares the win" in p.message
