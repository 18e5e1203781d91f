"""Every shipped example replays to the verdict its header expects (its lines against the
game's JSON Schema: tests/test_schemas.py)."""
from pathlib import Path

import pytest

from referee.replays.engine import replay
from referee.replays.expect import mismatch

EXAMPLES = sorted((Path(__file__).parent.parent / "examples").rglob("*.jsonl"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_example_verdict(path):
    v = replay(path)
    assert v.expect is not None, f"{path.name}: examples carry an \"expect\" in their header"
    assert mismatch(v) is None, mismatch(v)


def test_examples_exist_for_every_game():
    """examples/ holds the built-in games' logs (a plugin game ships its own)."""
    from referee.model import BUILTIN

    have = {p.parent.name for p in EXAMPLES}
    assert set(BUILTIN) <= have, f"no examples for {set(BUILTIN) - have}"
