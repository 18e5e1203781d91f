"""Scenarios under any options (issue 19, item 2): `--option NAME=VALUE` puts every family
under exactly that rule set, `--all-pairs` under a covering set of option sets; both checked
as the audit checks its --option, the options written in every header."""
import itertools
import json

import pytest
from typer.testing import CliRunner

from referee.checks.scenarios import Generator, configurations, log_lines
from referee.checks.scenarios.pairwise import all_pairs
from referee.cli.app import app
from referee.model import load, names
from referee.replays.engine import replay

run = CliRunner().invoke


def _pairs_missing(game, confs):
    """Every pair of values of two options that no configuration holds (the test's own count,
    not pairwise.py's)."""
    return [(a.name, x, b.name, y) for a, b in itertools.combinations(game.options, 2)
            for x in a.choices for y in b.choices
            if not any(o[a.name] == x and o[b.name] == y for o, _ in confs)]


@pytest.mark.parametrize("name", names())
def test_all_pairs_covers_every_pair_of_values_of_two_options(name):
    g = load(name)
    confs = configurations(g, all_pairs=True)
    assert all(set(o) == {x.name for x in g.options} and all(o[x.name] in x.choices for x in g.options)
               for o, _ in confs)
    assert not _pairs_missing(g, confs)
    assert confs[0][0] == {x.name: x.default for x in g.options}  # the first set: the defaults
    # an option given stays fixed; the others are still paired
    free = [x for x in g.options if len(x.choices) > 1]
    if free:
        pin = free[-1]
        value = [c for c in pin.choices if c != pin.default][0]
        pinned = configurations(g, {pin.name: value}, all_pairs=True)
        assert all(o[pin.name] == value for o, _ in pinned)
        rest = [x for x in g.options if x.name != pin.name]
        assert not [m for m in _pairs_missing(g, pinned) if m[0] != pin.name and m[2] != pin.name]
        assert len(rest) < 2 or len(pinned) >= 2


def test_the_greedy_cover_is_small_and_can_miss_nothing():
    """Sizes measured for the built-in games: 8 to 14 option sets where the product is 128
    to 24,576; and a cover of factors of unequal sizes is checked pair by pair."""
    factors = [["a", "b", "c"], ["0", "1"], ["x", "y", "z", "w"], ["p"], ["0", "1"]]
    rows = all_pairs(factors)
    want = {(i, u, j, v) for i, j in itertools.combinations(range(5), 2) for u in factors[i] for v in factors[j]}
    got = {(i, r[i], j, r[j]) for r in rows for i, j in itertools.combinations(range(5), 2)}
    assert want <= got and len(rows) < 3 * 2 * 4 * 2
    assert len(configurations(load("raiders"), all_pairs=True)) <= 14  # 20 options (s62: cycle_mixed)


@pytest.mark.parametrize("name", names())
def test_every_configuration_plays_under_its_options(name):
    """--option and --all-pairs on every game: each configuration's legal game (a short one:
    Dungeon Twister's games cost ~15 ms a step) has exactly those options in its header
    and replays as legal."""
    g = load(name)
    free = [x for x in g.options if len(x.choices) > 1]
    pin = {free[0].name: [c for c in free[0].choices if c != free[0].default][0]} if free else {}
    for confs in (configurations(g, pin), configurations(g, all_pairs=True)):
        gen = Generator(g, 3, confs)
        for i, (opts, n) in enumerate(confs):
            header, path, _, _ = gen.legal_game(i, tag="options", max_steps=3)
            assert {k: header["options"][k] for k in opts} == opts and len(header["players"]) == n
            v = replay(log_lines(g, header, path), label="<options>")
            assert v.verdict == "legal", v.first().message
    if pin:
        assert all(o == pin for o, _ in configurations(g, pin))


def test_unknown_option_or_value_is_exit_2_as_in_the_audit(tmp_path):
    for bad, known in (("nope=1", "known: gold, pass"), ("gold=7", "not one of 9, 5")):
        r = run(app, ["scenarios", "draft", "--option", bad, "--out", str(tmp_path / "x")])
        a = run(app, ["audit", "draft", "--option", bad, "--no-witness"])
        assert r.exit_code == a.exit_code == 2 and known in r.stderr
        assert r.stderr == a.stderr  # the same check, the same words
        assert not (tmp_path / "x").exists()
    r = run(app, ["scenarios", "draft", "--option", "gold", "--out", str(tmp_path / "x")])
    assert r.exit_code == 2 and "NAME=VALUE" in r.stderr


def test_every_family_under_the_options_given(tmp_path):
    d = tmp_path / "s"
    r = run(app, ["scenarios", "draft", "--option", "gold=5", "-o", "stop=must", "--count", "1",
                  "--family", "mutants", "--family", "unreadable", "--out", str(d)])
    assert r.exit_code == 0, r.stderr
    doc = json.loads((d / "manifest.json").read_text())
    assert doc["options"] == {"gold": "5", "stop": "must"}
    for s in doc["scenarios"]:
        head = json.loads((d / s["file"]).read_text().splitlines()[0])
        assert head["options"]["gold"] == "5" and head["options"]["stop"] == "must"
    assert {s["family"] for s in doc["scenarios"]} == {"mutants", "unreadable"}
    assert run(app, ["replay", str(d), "--expect"]).exit_code == 0


def test_all_pairs_from_the_command_line(tmp_path):
    d = tmp_path / "s"
    r = run(app, ["scenarios", "welcome", "--all-pairs", "--count", "2", "--family", "unreadable", "--out", str(d)])
    assert r.exit_code == 0, r.stderr
    doc = json.loads((d / "manifest.json").read_text())
    confs = [c["options"] for c in doc["configurations"]]
    assert doc["all_pairs"] and not _pairs_missing(load("welcome"), [(c, 0) for c in confs])
    assert "--count 2 plays" in r.stderr and f"--count {len(confs)} covers them all" in r.stderr
    heads = [json.loads((d / s["file"]).read_text().splitlines()[0])["options"] for s in doc["scenarios"]]
    assert heads and all(h in confs for h in heads)
    assert run(app, ["replay", str(d), "--expect"]).exit_code == 0


def test_the_python_front_door_plays_under_its_options():
    """`referee.load(game, options).scenarios()` played the usual cycle, whatever the options."""
    import referee

    scen = referee.load("draft", {"gold": "5"}).scenarios(count=1, family="unreadable")
    assert scen and all(sc.rows[0]["options"]["gold"] == "5" for sc in scen)
    scen = referee.load("draft").scenarios(count=3, family="random", all_pairs=True)
    first = [o for o, _ in configurations(load("draft"), all_pairs=True)[:3]]
    assert [sc.rows[0]["options"] for sc in scen] == first
