"""Omnipotence after a Polymorph (gap omnipotence_after_polymorph, option omni_polymorph): the
monsters of the pile as the runner entered it (the default), or those he faced. Two logs of an
independent engine (session 50), which read 'faced': a pile of two Golems, one turned into a
Dragon (split: all different only as faced), and an Orc and a Golem, the Orc turned into a
Golem (merge: all different only as entered). Each declares the outcome of its reading."""
from pathlib import Path

import orjson
import pytest

from referee.replays.engine import replay

DATA = Path(__file__).resolve().parent.parent / "data" / "welcome"


def _with(tmp_path, name, **options):
    rows = [orjson.loads(x) for x in (DATA / name).read_bytes().splitlines() if x.strip()]
    rows[0] = {**rows[0], "options": {**rows[0].get("options", {}), **options}}
    p = tmp_path / name
    p.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in rows))
    return replay(p)


@pytest.mark.parametrize("name, line, gives", [("omnipotence-polymorph-split.jsonl", 12, "failure"),
                                               ("omnipotence-polymorph-merge.jsonl", 16, "success")])
def test_as_entered_by_default_as_faced_under_the_option(tmp_path, name, line, gives):
    v = _with(tmp_path, name)
    first = v.problems[0]
    assert v.verdict == "illegal" and (first.line, first.cite) == (line, "§Issue") and f"give a {gives}" in first.message
    assert _with(tmp_path, name, omni_polymorph="faced").verdict == "legal"
    assert _with(tmp_path, name, omni_polymorph="pile").verdict == "illegal"
