"""Every shipped example replays to the verdict its header expects, and every line of it
validates against the game's JSON Schema (generated from the model)."""
from pathlib import Path

import jsonschema
import orjson
import pytest

from referee.model import load
from referee.replays.engine import replay
from referee.replays.expect import mismatch
from referee.replays.schema import schema

EXAMPLES = sorted((Path(__file__).parent.parent / "examples").rglob("*.jsonl"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_example_verdict(path):
    v = replay(path)
    assert v.expect is not None, f"{path.name}: examples carry an \"expect\" in their header"
    assert mismatch(v) is None, mismatch(v)


@pytest.mark.parametrize("path", [p for p in EXAMPLES if '"unreadable"' not in p.read_text(errors="replace").splitlines()[0]],
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_example_schema(path):
    rows = [orjson.loads(x) for x in path.read_bytes().splitlines() if x.strip()]
    game = load(rows[0]["game"])
    validator = jsonschema.Draft202012Validator(schema(game, game.default_config(nplayers=len(rows[0]["players"]))))
    for i, row in enumerate(rows, 1):
        errors = list(validator.iter_errors(row))
        assert not errors, f"{path.name}:{i}: {errors[0].message}"


def test_examples_exist_for_every_game():
    """examples/ holds the built-in games' logs (a plugin game ships its own)."""
    from referee.model import BUILTIN

    have = {p.parent.name for p in EXAMPLES}
    assert set(BUILTIN) <= have, f"no examples for {set(BUILTIN) - have}"


def test_published_schemas_are_current(tmp_path):
    """docs/schemas/*.schema.json are what the models generate (python -m referee.replays.schema)."""
    from referee.replays.schema import publish

    docs = Path(__file__).parent.parent / "docs" / "schemas"
    for p in publish(tmp_path):
        assert (docs / p.name).read_bytes() == p.read_bytes(), f"{p.name} is stale: run python -m referee.replays.schema"
