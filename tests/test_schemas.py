"""The shipped JSON Schemas (referee/schemas/): current, valid, and true to what referee reads
and writes: every example log and generated scenario validates against its game's schema, a
corrupt event is refused at its own field, a setup the schema refuses the reader refuses
too, and real verdicts and manifests validate against theirs."""
from __future__ import annotations

import copy
import random
from functools import cache
from pathlib import Path

import orjson
import pytest

jsonschema = pytest.importorskip("jsonschema", reason="the test extra: pip install -e '.[test]'")

from referee.model import BUILTIN, load  # noqa: E402
from referee.model.kernel import BadInput, IllegalSetup  # noqa: E402
from referee.replays.schema import SHIPPED, shipped  # noqa: E402

ROOT = Path(__file__).parent.parent
EXAMPLES = sorted((ROOT / "examples").rglob("*.jsonl"))


@cache
def validator(name: str):
    doc = orjson.loads((SHIPPED / f"{name}.schema.json").read_bytes())
    return jsonschema.Draft202012Validator(doc)


@cache
def event_validator(game: str, do: str):
    """One event's own schema (jsonschema walks the `do` if/then chain at ~10 ms a line; the
    chain itself is exercised by test_lines_validate_through_the_discriminator)."""
    v = validator(game)
    return v.evolve(schema=v.schema["$defs"]["events"][do])


def errors_of(game: str, row: dict) -> list:
    return list(validator(game).iter_errors(row))


def test_shipped_schemas_are_current():
    """referee/schemas/*.json are what the declarations generate (python -m referee.replays.schema)."""
    for name, data in shipped().items():
        assert (SHIPPED / name).read_bytes() == data, f"{name} is stale: run python -m referee.replays.schema"


def test_ids_name_game_and_version():
    for name in [*BUILTIN, "verdict", "manifest"]:
        jsonschema.Draft202012Validator.check_schema(validator(name).schema)
    ids = {validator(g).schema["$id"] for g in BUILTIN}
    assert len(ids) == len(BUILTIN) and all(i.startswith("urn:referee:log:1:") for i in ids)
    assert validator("welcome").schema["$id"] == "urn:referee:log:1:welcome:livret%20FR"


def _readable_examples() -> dict[str, list[dict]]:
    """game -> the distinct lines (n aside) of its examples that referee can read."""
    by: dict[str, dict] = {}
    for p in EXAMPLES:
        raw = p.read_bytes().splitlines()
        if b'"unreadable"' in raw[0]:
            continue
        rows = [orjson.loads(x) for x in raw if x.strip()]
        for r in rows:
            key = orjson.dumps({k: v for k, v in r.items() if k != "n"}, option=orjson.OPT_SORT_KEYS)
            by.setdefault(rows[0]["game"], {})[key] = r
    return {g: list(rows.values()) for g, rows in by.items()}


def test_every_example_line_validates():
    """Each distinct line of every readable example: headers and results through the whole
    schema, events through their own event's schema."""
    checked = 0
    for game, rows in _readable_examples().items():
        for r in rows:
            errs = list(event_validator(game, r["do"]).iter_errors(r)) if "do" in r else errors_of(game, r)
            assert not errs, f"{game}: {r}: {errs[0].message}"
            checked += 1
    assert checked > 1000


def test_lines_validate_through_the_discriminator():
    """One line per event name (and every header) through the top-level if/then chain."""
    for game, rows in _readable_examples().items():
        seen = set()
        for r in rows:
            if r.get("do") not in seen:
                seen.add(r.get("do"))
                assert not errors_of(game, r), f"{game}: {r}"


@pytest.mark.parametrize("game, row, field, words", [
    ("welcome", {"n": 1, "by": "Ana", "do": "bid.draw", "monster": "Gobln"}, "monster", "is not one of"),
    ("welcome", {"n": 1, "by": "Ana", "do": "bid.draw"}, None, "'monster' is a required property"),
    ("welcome", {"n": 1, "by": "Ana", "do": "bid.draw", "monster": "Goblin", "colour": 1}, None, "'colour' was unexpected"),
    ("welcome", {"n": 0, "by": "Ana", "do": "bid.draw", "monster": "Goblin"}, "n", "less than the minimum"),
    ("welcome", {"n": 1, "by": "Ana", "do": "bid.drow", "monster": "Goblin"}, "do", "is not one of"),
    ("raiders", {"n": 1, "by": "chance", "do": "setup.initiative", "rolls": [["1", "2"]]}, "rolls", "too short"),
    ("twister", {"referee": 1, "game": "twister", "players": ["A", "B"], "setup": {"teams": {"A": {"Thief": 10, "Troll": 1, "Cleric": 2, "Wizard": 3}}}},
     "setup", "10 is greater than the maximum"),
    ("raiders", {"referee": 1, "game": "raiders", "players": ["A", "B"], "setup": {"A": {"house": "Nope", "house_cards": ["x", "y"]},
                                                                  "B": {"house": "Nope", "house_cards": ["x", "y"]}}},
     "house", "'Nope' is not one of"),
])
def test_corrupt_line_names_its_field(game, row, field, words):
    """A validator's error is about the event's own field, not 'not valid under any of'."""
    errs = errors_of(game, row)
    assert errs, row
    best = jsonschema.exceptions.best_match(errs)
    assert words in best.message, best.message
    assert "any of the given schemas" not in best.message
    if field:
        assert field in [str(x) for x in best.absolute_path], (best.absolute_path, best.message)


def _mutants(x):
    """Copies of x with one leaf or key changed: to a name no component has, a wrong kind,
    a number out of range, one item more or less."""
    if isinstance(x, dict):
        for k, v in x.items():
            for m in _mutants(v):
                yield {**x, k: m}
            yield {kk: vv for kk, vv in x.items() if kk != k}
        yield {**x, "Nope": 1}
    elif isinstance(x, list):
        for i, v in enumerate(x):
            for m in _mutants(v):
                yield x[:i] + [m] + x[i + 1:]
        yield x[:-1]
        yield x + x[-1:]
    elif isinstance(x, str):
        yield "Nope"
        yield 3
    elif isinstance(x, int) and not isinstance(x, bool):
        yield x + 10
        yield "3"


@pytest.mark.parametrize("name", BUILTIN)
def test_setup_schema_is_never_stricter_than_the_reader(name):
    """Random headers pass both the schema and the reader; a setup the schema refuses, the
    reader refuses too (BadInput or IllegalSetup), and the schema refuses some."""
    game = load(name)
    refused = 0
    for seed in range(3):
        rng = random.Random(seed)
        cfg = game.default_config()
        header = game.random_header(rng, cfg)
        assert not errors_of(name, header), header
        game.first_state(header)
        for setup in list(_mutants(header.get("setup", {})))[:60]:
            h = {**copy.deepcopy(header), "setup": setup}
            if errors_of(name, h):
                refused += 1
                with pytest.raises((BadInput, IllegalSetup)):
                    game.first_state(h)
    assert refused > 0


def test_verdicts_validate(tmp_path):
    """`referee replay -f json` verdicts of every kind: legal, illegal, not established, unreadable (examples,
    --explain states included), with --expect's key, and an error verdict."""
    from referee.cli.replay import _one
    from referee.replays.engine import Problem, Verdict

    v = validator("verdict")
    kinds = set()
    picked = {}
    for p in EXAMPLES:  # two of each expected verdict
        picked.setdefault(orjson.loads(p.read_bytes().splitlines()[0]).get("expect", {}).get("verdict"), []).append(p)
    for p in [p for ps in picked.values() for p in ps[:2]]:
        d = _one(p, keep_going=True, explain=True, components=None, prefer=None).to_json()
        d["expected"] = True
        assert not list(v.iter_errors(d)), (p, next(v.iter_errors(d)).message)
        kinds.add(d["verdict"])
    assert kinds == {"legal", "illegal", "not established", "unreadable"}
    err = Verdict(file="x.jsonl", verdict="error", problems=[Problem(0, "error", "internal error in referee: X")])
    assert not list(v.iter_errors(err.to_json()))
    bad = {**err.to_json(), "verdict": "fine"}
    assert list(v.iter_errors(bad))


def test_scenario_logs_and_manifest_validate(tmp_path):
    """A small scenarios run (Welcome, the fastest game): its manifest validates, every
    legal or illegal scenario's lines validate, every unreadable one is refused by the
    schema at the line referee names (Welcome's unreadable fields all carry a name list)."""
    from referee.checks.scenarios import generate

    generate(load("welcome"), tmp_path, count=1, family=["random", "mutants", "unreadable"])
    manifest = orjson.loads((tmp_path / "manifest.json").read_bytes())
    assert not list(validator("manifest").iter_errors(manifest))
    assert manifest["referee"] == 1
    n_unreadable = 0
    for m in manifest["scenarios"]:
        rows = [orjson.loads(x) for x in (tmp_path / m["file"]).read_bytes().splitlines() if x.strip()]
        if m["expect"]["verdict"] == "unreadable":
            n_unreadable += 1
            assert errors_of("welcome", rows[m["expect"]["line"] - 1]), m
            continue
        for r in rows:
            errs = list(event_validator("welcome", r["do"]).iter_errors(r)) if "do" in r else errors_of("welcome", r)
            assert not errs, (m["file"], r, errs[0].message)
    assert n_unreadable > 0


def test_schema_command_prints_the_shipped_file():
    from typer.testing import CliRunner

    from referee.cli.app import app

    run = CliRunner().invoke(app, ["schema", "verdict"])
    assert run.exit_code == 0 and run.stdout.encode() == (SHIPPED / "verdict.schema.json").read_bytes()
    run = CliRunner().invoke(app, ["schema", "chess"])
    assert run.exit_code == 2 and "unknown schema 'chess'" in run.output


@pytest.mark.parametrize("name", BUILTIN)
def test_option_values_the_schema_takes_are_the_ones_the_reader_takes(name):
    """Each option's value, as a string and (a whole number) as a JSON number: the schema and
    the reader agree on each, and on a number that is no choice (an independent engine's
    finding: {"gold": 9} was read as "9" while the schema took only the string)."""
    game = load(name)
    header = game.random_header(random.Random(0), game.default_config())
    for o in game.options:
        values = [*o.choices, *(int(c) for c in o.choices if c.isdigit()), 99991, "no such choice", 1.5, None]
        for x in values:
            h = {**copy.deepcopy(header), "options": {**header.get("options", {}), o.name: x}}
            schema_ok = not [e for e in errors_of(name, h) if "options" in e.absolute_path]
            try:
                game.first_state(h)
                reader_ok = True
            except BadInput as e:
                reader_ok = e.field != "options"
            except IllegalSetup:
                reader_ok = True  # a setup that this option makes illegal: the value itself was read
            assert schema_ok == reader_ok, (o.name, x, schema_ok, reader_ok)


def test_header_schema_and_reader_share_one_declaration():
    """The schema's header fields are log.HEADER's, which read_header checks: a field the
    reader does not know is refused by both, one it requires is required by both."""
    from referee.replays.log import HEADER, Line, Unreadable, read_header

    header = validator("welcome").schema["$defs"]["header"]
    assert set(header["properties"]) == set(HEADER)
    assert set(header["required"]) == {k for k, (_, req, _) in HEADER.items() if req}
    row = {"referee": 1, "game": "welcome", "players": ["Ana", "Ben"], "colour": "red"}
    assert errors_of("welcome", row)
    with pytest.raises(Unreadable, match="unknown header field 'colour'"):
        read_header(Line(1, row), ["welcome"])
    for key, (kind, _, _) in HEADER.items():
        if key not in ("referee", "game", "players"):
            wrong = {**row, "colour": None}
            del wrong["colour"]
            wrong[key] = 3 if kind is not int else "x"
            assert errors_of("welcome", wrong), key
            with pytest.raises(Unreadable):
                read_header(Line(1, wrong), ["welcome"])


def test_every_family_and_rule_set_keys_validate(tmp_path):
    """Every family's scenarios, under a rule set asked for, and what the boundary family
    could not reach: the manifest validates (the schema's families are the generator's)."""
    from referee.checks.scenarios import generate
    from referee.checks.scenarios.families import FAMILIES
    from referee.replays.formats import FAMILIES as LISTED

    assert tuple(LISTED) == tuple(FAMILIES)
    generate(load("welcome"), tmp_path, count=1, options={"ring_overlap": "other_first"})
    manifest = orjson.loads((tmp_path / "manifest.json").read_bytes())
    assert {m["family"] for m in manifest["scenarios"]} >= {"random", "boundary", "situations"}
    assert not list(validator("manifest").iter_errors(manifest))
    manifest["not_reached"] = [{"action": "item.reuse", "cite": "§7.5", "why": "no legal game reaches it"}]
    assert not list(validator("manifest").iter_errors(manifest))
    manifest["not_reached"] = [{"action": "item.reuse"}]
    assert list(validator("manifest").iter_errors(manifest))
