"""A JSON Schema per game, derived from the model's own actions and params (one place:
the schema cannot drift from what the engine accepts)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..model.kernel import Config, Game


def schema(game: Game, cfg: Config) -> dict[str, Any]:
    events = []
    for act in game.actions:
        props: dict[str, Any] = {
            "n": {"type": "integer", "minimum": 1},
            "by": {"const": "chance"} if act.by == "chance" else {"type": "string"},
            "do": {"const": act.name},
            "note": {"type": "string"},
        }
        required = ["n", "by", "do"]
        for prm in act.params:
            props[prm.name] = {**prm.kind.schema(cfg), "description": prm.doc}
            if not prm.optional:
                required.append(prm.name)
        events.append({
            "title": act.name, "description": f"{act.says} [{act.cite}]",
            "type": "object", "properties": props, "required": required, "additionalProperties": False,
        })
    header = {
        "type": "object",
        "required": ["referee", "game", "players"],
        "properties": {
            "referee": {"const": 1}, "game": {"const": game.name}, "rules": {"type": "string"},
            "players": {"type": "array", "items": {"type": "string"}, "minItems": 1},
            "options": {"type": "object", "properties": {
                o.name: {"enum": list(o.choices), "description": f"{o.says} [{o.cite}]"} for o in game.options}},
            "setup": {"type": "object"}, "expect": {"type": "object"}, "note": {"type": "string"},
        },
        "additionalProperties": False,
    }
    result = {
        "type": "object", "required": ["result"], "additionalProperties": False,
        "properties": {"result": {"type": "object", "properties": {
            "winner": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
            "points": {"type": "object", "additionalProperties": {"type": "integer"}}},
            "additionalProperties": False}},
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"referee:{game.name}",
        "title": f"{game.title}: one line of a referee log",
        "description": "Line 1 is the header, then one event per line, then optionally the result.",
        "$defs": {"header": header, "result": result, "event": {"oneOf": events}},
        "oneOf": [{"$ref": "#/$defs/header"}, {"$ref": "#/$defs/event"}, {"$ref": "#/$defs/result"}],
    }


def publish(directory: Path) -> list[Path]:
    """Write docs/schemas/<game>.schema.json for every built-in game."""
    import orjson

    from ..model import BUILTIN, load

    directory.mkdir(parents=True, exist_ok=True)
    out = []
    for name in BUILTIN:
        game = load(name)
        p = directory / f"{name}.schema.json"
        p.write_bytes(orjson.dumps(schema(game, game.default_config()), option=orjson.OPT_INDENT_2) + b"\n")
        out.append(p)
    return out


if __name__ == "__main__":  # python -m referee.replays.schema [DIR]
    import sys

    for p in publish(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/schemas")):
        print(p)
