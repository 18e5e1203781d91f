"""A JSON Schema per game for the lines of its logs, derived from the declarations the
reader itself uses: the header's fields (log.HEADER, log.EXPECT), the game's setup block
(Game.setup_schema, declared beside its reader) and each event's params (their ParamKinds).
So the schema cannot drift from what the engine accepts.

Events are discriminated by "do": one if/then per event, so a validator reports the field
of that event at fault ("'Gobln' is not one of [...]" at `monster`), not "is not valid
under any of the given schemas". The shipped files are referee/schemas/*.schema.json
(`referee schema GAME`); docs/schemas.md says how to use them."""
from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import quote

from ..model.kernel import Config, Game
from .formats import EXPECTED
from .log import FORMAT, HEADER

DIALECT = "https://json-schema.org/draft/2020-12/schema"
JSON_TYPE = {int: "integer", str: "string", dict: "object", list: "array"}
SHIPPED = Path(__file__).parent.parent / "schemas"  # package data: in the wheel


def log_id(game: Game) -> str:
    """The schema's URI: the log format, the game and the rulebook version it encodes."""
    return f"urn:referee:log:{FORMAT}:{quote(game.name, safe='')}:{quote(game.version, safe='')}"


def _event(act: Any, cfg: Config) -> dict:
    props: dict[str, Any] = {
        "n": {"type": "integer", "minimum": 1, "description": "the event's number, from 1"},
        "by": {"const": "chance"} if act.by == "chance" else {"type": "string", "not": {"const": "chance"},
                                                                "description": "the acting player"},
        "do": {"const": act.name},
        "note": {"type": "string"},
    }
    required = ["n", "by", "do"]
    for prm in act.params:
        props[prm.name] = {**prm.kind.schema(cfg), "description": prm.doc}
        if not prm.optional:
            required.append(prm.name)
    return {"title": act.name, "description": f"{act.says} [{act.cite}]", "type": "object",
            "properties": props, "required": required, "additionalProperties": False}


def _header(game: Game, cfg: Config) -> dict:
    props: dict[str, Any] = {k: {"type": JSON_TYPE[kind], "description": doc} for k, (kind, _, doc) in HEADER.items()}
    props["referee"] = {"const": FORMAT, "description": HEADER["referee"][2]}
    props["game"] = {"const": game.name, "description": HEADER["game"][2]}
    props["rules"] = {"const": game.version, "description": HEADER["rules"][2]}
    props["players"] |= {"items": {"type": "string", "not": {"const": "chance"}}, "minItems": 1, "uniqueItems": True}
    props["options"] |= {"additionalProperties": False, "properties": {
        o.name: {"enum": _option_values(o.choices), "description": f"{o.says} [{o.cite}]"} for o in game.options}}
    if game.setup_schema is not None:
        props["setup"] = {"type": "object", **game.setup_schema(cfg)}
    props["expect"] |= EXPECTED
    return {"type": "object", "required": [k for k, (_, req, _) in HEADER.items() if req],
            "properties": props, "additionalProperties": False}


def _option_values(choices: tuple) -> list:
    """An option's values as a header may give them: each choice, and a whole number's
    digits also as a JSON number (the reader takes 9 for "9": kernel/inputs.choose_options)."""
    return [*choices, *(int(c) for c in choices if c.isdigit() and str(int(c)) == c)]


RESULT = {
    "type": "object", "required": ["result"], "additionalProperties": False,
    "properties": {"note": {"type": "string"}, "result": {
        "type": "object", "required": ["winner"], "additionalProperties": False, "properties": {
            "winner": {"type": ["string", "array", "null"], "items": {"type": "string"}, "uniqueItems": True,
                       "description": "a player, the players of a shared win, or null or [] for nobody"},
            "points": {"type": "object", "additionalProperties": {"type": "integer"}}}}},
}


def schema(game: Game, cfg: Config) -> dict[str, Any]:
    """The schema of one line of a log of `game` (the header, an event or the result)."""
    from .beyond import beyond

    events = {act.name: _event(act, cfg) for act in game.actions}
    # an act the text names and does not give: its fields are unknown, its verdict "not established"
    events |= {b.do: {"title": b.do, "description": f"not judged: {b.why} (gap {b.gap}); the replay's verdict is "
                      f"'not established' from this line [{b.cite}]", "type": "object",
                      "properties": {"n": {"type": "integer", "minimum": 1}, "by": {"type": "string"},
                                     "do": {"const": b.do}}, "required": ["n", "by", "do"]}
               for b in beyond(game).values() if b.do not in events}
    event = {
        "type": "object", "required": ["n", "by", "do"],
        "properties": {"do": {"enum": list(events), "description": "the event's name"}},
        "allOf": [{"if": {"properties": {"do": {"const": name}}, "required": ["do"]},
                   "then": {"$ref": f"#/$defs/events/{name}"}} for name in events],
    }
    return {
        "$schema": DIALECT,
        "$id": log_id(game),
        "title": f"{game.title}: one line of a referee log (format {FORMAT}, rules {game.version})",
        "description": "Line 1 is the header, then one event per line, then optionally the result.",
        "$defs": {"header": _header(game, cfg), "result": RESULT, "event": event, "events": events},
        # keyed on the line's own keys, so a validator checks one shape and names its field
        "if": {"required": ["referee"]}, "then": {"$ref": "#/$defs/header"},
        "else": {"if": {"required": ["result"]}, "then": {"$ref": "#/$defs/result"},
                 "else": {"$ref": "#/$defs/event"}},
    }


def shipped() -> dict[str, bytes]:
    """File name -> bytes of every schema referee ships: one per built-in game, the verdict's
    and the scenario manifest's (replays/formats.py)."""
    import orjson

    from ..model import BUILTIN, load
    from .formats import MANIFEST, VERDICT

    docs = {f"{name}.schema.json": schema(g, g.default_config()) for name in BUILTIN for g in [load(name)]}
    docs |= {"verdict.schema.json": VERDICT, "manifest.schema.json": MANIFEST}
    return {k: orjson.dumps(v, option=orjson.OPT_INDENT_2) + b"\n" for k, v in docs.items()}


def publish(directory: Path = SHIPPED) -> list[Path]:
    """Write every shipped schema into `directory` (referee/schemas by default)."""
    directory.mkdir(parents=True, exist_ok=True)
    out = []
    for name, data in shipped().items():
        p = directory / name
        p.write_bytes(data)
        out.append(p)
    return out


if __name__ == "__main__":  # python -m referee.replays.schema [DIR]
    import sys

    for p in publish(Path(sys.argv[1]) if len(sys.argv) > 1 else SHIPPED):
        print(p)
