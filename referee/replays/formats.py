"""The JSON Schemas of what referee writes for machines: a replay verdict (one line of
`referee replay -f json`, engine.Verdict.to_json) and a scenario folder's manifest.json
(checks/scenarios/outdir.py). Each format carries its version: "version" in a verdict,
"referee" in a manifest (the same key as a log header's). A change of shape bumps it."""
from __future__ import annotations

from .log import EXPECT, VERDICTS

VERDICT_VERSION = 2  # 2: the verdict "not established", the problem kind "beyond" (s61)
MANIFEST_VERSION = 1
DIALECT = "https://json-schema.org/draft/2020-12/schema"

_LINE = {"type": "integer", "minimum": 0, "description": "the file's line, from 1 (0: the file as a whole)"}

PROBLEM = {
    "type": "object", "required": ["line", "kind", "message"], "additionalProperties": False,
    "properties": {
        "line": _LINE,
        "kind": {"enum": ["unreadable", "illegal", "invariant", "undecided", "beyond", "result", "error", "warning"],
                 "description": "a line that cannot be read, a broken guard, a broken invariant, a question the "
                                "rules leave open, an act the text names and does not give, a wrong declared "
                                "result, a bug of referee's, or a warning"},
        "message": {"type": "string"},
        "cite": {"type": "string", "description": "the § broken"},
        "source": {"type": "string", "description": "the source that says so, where several do"},
        "field": {"type": "string", "description": "the field at fault (dotted path)"},
        "state": {"type": "object", "description": "the state at the problem (--explain)"},
    },
}

VERDICT = {
    "$schema": DIALECT,
    "$id": f"urn:referee:verdict:{VERDICT_VERSION}",
    "title": "referee replay -f json: the verdict of one log (one JSON object per line)",
    "type": "object", "additionalProperties": False,
    "required": ["version", "file", "game", "verdict", "events", "outcome", "decided", "silent", "invariants", "problems",
                 "warnings"],
    "properties": {
        "version": {"const": VERDICT_VERSION, "description": "this format's version"},
        "file": {"type": "string", "description": "the log: a path, <stdin>, or a packed game (c.tar:g.jsonl, s.games.jsonl#41)"},
        "game": {"type": ["string", "null"], "description": "null when the header could not be read"},
        "verdict": {"enum": ["legal", "illegal", "not established", "unreadable", "error"],
                    "description": "not established: from a line on, the rules give no answer (an act the text "
                                   "names and does not give, or a question no option settles): neither legal nor "
                                   "illegal"},
        "events": {"type": "integer", "minimum": 0, "description": "events read"},
        "outcome": {"oneOf": [{"type": "null"}, {
            "type": "object", "required": ["winners", "how", "cite"], "additionalProperties": False,
            "properties": {"winners": {"type": "array", "items": {"type": "string"}}, "how": {"type": "string"},
                           "cite": {"type": "string"},
                           "points": {"type": "object", "additionalProperties": {"type": "integer"}}}}],
            "description": "how the game ended, by the rules (null: not over)"},
        "invariants": {"type": "object", "required": ["of", "trusted_from_proofs"], "additionalProperties": False,
                       "description": "the game's invariants, and the §s of those not checked after each event "
                                      "because z3 proved them for the rules in force (--check-invariants: none)",
                       "properties": {"of": {"type": "integer", "minimum": 0},
                                      "trusted_from_proofs": {"type": "array", "items": {"type": "string"}}}},
        "decided": {"type": "array", "description": "where the text did not decide alone", "items": {
            "type": "object", "required": ["line", "ruling", "cite"], "additionalProperties": False,
            "properties": {"line": _LINE, "ruling": {"type": "string"}, "cite": {"type": "string"},
                           "option": {"type": "string", "description": "name=value of the option that decided"},
                           "first_of_conflicting": {"type": "string",
                                                    "description": "the first of the text's disagreeing answers"}},
            "oneOf": [{"required": ["option"]}, {"required": ["first_of_conflicting"]}]}},
        "silent": {"type": ["array", "null"], "description": "with --explain, where the text is silent and the model's "
                   "reading of the gap applied (the gap's situation arose on that line: `referee rules GAME` lists the "
                   "gaps); null: not looked for", "items": {
            "type": "object", "required": ["line", "gap", "cite", "reading"], "additionalProperties": False,
            "properties": {"line": _LINE, "gap": {"type": "string", "description": "the gap's name"},
                           "cite": {"type": "string"},
                           "reading": {"type": "string", "description": "what the model reads in its place"}}}},
        "problems": {"type": "array", "items": {"$ref": "#/$defs/problem"}},
        "warnings": {"type": "array", "items": {"$ref": "#/$defs/problem"}},
        "expected": {"type": "boolean", "description": "with --expect: the verdict is the one the header expects"},
    },
    "$defs": {"problem": PROBLEM},
}

def _kind(t: type) -> dict:
    """A field of "expect" (log.EXPECT) as JSON Schema; null: not said."""
    if t is list:  # expect.cites: every § the event breaks (a list of strings)
        return {"type": ["array", "null"], "items": {"type": "string"}, "minItems": 1}
    if t is dict:  # expect.undecided: ruling -> the lines where no option settles it
        return {"type": ["object", "null"], "additionalProperties": {"type": "array", "items": {"type": "integer", "minimum": 1}}}
    if t is int:  # expect.line: lines count from 1 (log._expect)
        return {"type": ["integer", "null"], "minimum": 1}
    return {"type": ["string", "null"]}


# the expected verdict, as a log header's "expect" declares it (log.EXPECT; null: not said)
EXPECTED = {
    "type": "object", "required": ["verdict"], "additionalProperties": False,
    "properties": {"verdict": {"enum": list(VERDICTS)},
                   **{k: _kind(t) for k, t in EXPECT.items()}},
}

# the scenario families (checks/scenarios/families.FAMILIES, held equal by tests/test_schemas.py;
# not imported from there: this module is read on the replay path, which never imports the checks)
FAMILIES = ("random", "boundary", "mutants", "unreadable", "rulings", "situations", "declarations")

MANIFEST = {
    "$schema": DIALECT,
    "$id": f"urn:referee:manifest:{MANIFEST_VERSION}",
    "title": "manifest.json of a `referee scenarios` folder",
    "type": "object", "additionalProperties": False,
    "required": ["referee", "game", "seed", "count", "families", "scenarios"],
    "properties": {
        "referee": {"const": MANIFEST_VERSION, "description": "this format's version"},
        "game": {"type": "string"},
        "seed": {"type": "integer"}, "count": {"type": "integer", "minimum": 1},
        "families": {"type": "array", "items": {"enum": list(FAMILIES)}},
        "module": {"type": "string", "description": "the pytest module written (--format pytest)"},
        "options": {"type": "object", "additionalProperties": {"type": "string"},
                    "description": "the rule set asked for (--option)"},
        "all_pairs": {"type": "boolean", "description": "--all-pairs asked"},
        "configurations": {"type": "array", "description": "the rule sets and player counts played (with --option "
                           "or --all-pairs)", "items": {
                               "type": "object", "required": ["options", "players"], "additionalProperties": False,
                               "properties": {"options": {"type": "object", "additionalProperties": {"type": "string"}},
                                              "players": {"type": "integer", "minimum": 1}}}},
        "not_reached": {"type": "array", "description": "actions no scenario of the boundary family plays: no legal "
                        "game found reaches them (docs/scenarios.md)", "items": {
                            "type": "object", "required": ["action", "cite", "why"], "additionalProperties": False,
                            "properties": {"action": {"type": "string"}, "cite": {"type": "string"},
                                           "why": {"type": "string"}}}},
        "scenarios": {"type": "array", "items": {
            "type": "object", "required": ["file", "game", "family", "expect", "exercises", "cites", "options",
                                           "players", "events"],
            "description": "one log; a family adds its own keys (docs/scenarios.md)",
            "properties": {
                "file": {"type": "string", "pattern": "^[^/\\\\]+\\.jsonl$", "description": "a file of the folder"},
                "game": {"type": "string"},
                "family": {"enum": list(FAMILIES)},
                "expect": EXPECTED, "exercises": {"type": "string"},
                "cites": {"type": "array", "items": {"type": "string"}},
                "options": {"type": "object", "additionalProperties": {"type": "string"}},
                "players": {"type": "array", "items": {"type": "string"}},
                "events": {"type": "integer", "minimum": 0},
            }}},
    },
}
