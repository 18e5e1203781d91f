"""The checks every game's `configure` shares (kernel/inputs.py): options, sources, player
counts and component files give located BadInput errors, for every registered game."""
from __future__ import annotations

import pytest

from referee.model import load, names
from referee.model.kernel import BadInput
from referee.model.kernel.inputs import read_toml


@pytest.mark.parametrize("name", names())
def test_options_are_checked_the_same_way(name):
    game = load(name)
    n = game.default_config().extra["nplayers"]
    with pytest.raises(BadInput, match="options: unknown option 'nope'"):
        game.configure({"nope": "x"}, None, None, nplayers=n)
    with pytest.raises(BadInput, match="options: expected an object"):
        game.configure(["x"], None, None, nplayers=n)
    if game.options:
        o = game.options[0]
        with pytest.raises(BadInput, match=rf"options: {o.name}: 'zzz' is not one of .*\[{o.cite}\]"):
            game.configure({o.name: "zzz"}, None, None, nplayers=n)
        assert game.configure({o.name: o.default}, None, None, nplayers=n).options[o.name] == o.default
    with pytest.raises(BadInput, match="unknown source 'nobody'"):
        game.configure({}, None, "nobody", nplayers=n)
    with pytest.raises(BadInput, match="players: .* is a game for") as e:
        game.configure({}, None, None, nplayers=9)
    assert e.value.field == "players"  # the field a header is refused on (engine.header_refused)
    with pytest.raises(BadInput) as e:
        game.configure({"nope": "x"}, None, None, nplayers=n)
    assert e.value.field == "options"


def test_a_decimal_option_value_is_shown_as_given():
    """`"gold": 9.0` where 9 is meant: the message shows 9.0, not only its kind (Draft's
    "a decimal number is not one of 9, 5", s53 G15)."""
    game = load("draft")
    with pytest.raises(BadInput, match=r"options: gold: the decimal number 9\.0 is not one of 9, 5 \[§"):
        game.configure({"gold": 9.0}, None, None, nplayers=2)


def test_a_header_block_refuses_a_field_it_does_not_read_and_names_those_it_does():
    from referee.model.kernel.inputs import check_fields

    check_fields({"teams": {}}, ("teams",))
    check_fields({}, ("hands", "factions"))  # what is required is the reader's to say
    with pytest.raises(BadInput, match=r'^setup: unknown field \'Teams\' \(known: "teams"\)$'):
        check_fields({"teams": {}, "Teams": {}, "zz": 1}, ("teams",))


@pytest.mark.parametrize("name", names())
def test_a_components_path_holding_a_nul_byte_is_bad_input(name):
    """No file has such a name, and os.stat raises ValueError on it: refused as input
    (kernel/inputs.not_regular), never a ValueError from the API."""
    from pathlib import Path

    game = load(name)
    n = game.default_config().extra["nplayers"]
    with pytest.raises(BadInput):
        game.configure({}, Path("comp\0onents"), None, nplayers=n)
    with pytest.raises(BadInput, match="NUL"):
        read_toml(Path("a\0b.toml"))


def test_component_files_errors_name_the_file(tmp_path):
    with pytest.raises(BadInput, match="a.toml: missing from the components directory"):
        read_toml(tmp_path / "a.toml")
    (tmp_path / "b.toml").write_bytes(b"x = 'caf\xe9'\n")
    with pytest.raises(BadInput, match=r"b.toml: not UTF-8 \(byte 9\)"):
        read_toml(tmp_path / "b.toml")
    (tmp_path / "c.toml").write_text("x = [", encoding="utf-8")
    with pytest.raises(BadInput, match="c.toml: not TOML"):
        read_toml(tmp_path / "c.toml")
    (tmp_path / "d.toml").mkdir()
    with pytest.raises(BadInput, match="d.toml: cannot read"):
        read_toml(tmp_path / "d.toml")
    (tmp_path / "e.toml").write_text("x = 1\n", encoding="utf-8")
    assert read_toml(tmp_path / "e.toml") == {"x": 1}


@pytest.mark.parametrize("name", names())
def test_components_must_be_a_directory(name, tmp_path):
    game = load(name)
    n = game.default_config().extra["nplayers"]
    (tmp_path / "f.toml").write_text("x = 1\n", encoding="utf-8")
    says = "not a components directory" if game.components_dir is not None else "has no components"
    for d in (tmp_path / "f.toml", tmp_path / "nowhere"):
        with pytest.raises(BadInput, match=says) as e:
            game.configure({}, d, None, nplayers=n)
        assert e.value.exit_code == 2


def test_a_number_past_a_double_and_a_decimal_n_are_said_as_they_are(tmp_path):
    """A 400-digit number is valid JSON that orjson cannot hold: it was called "not JSON"; a
    decimal "n" of 2.0 was told numbers past 64 bits are read as decimals (s64 hostile run)."""
    from referee.replays.engine import replay

    head = b'{"referee": 1, "game": "welcome", "players": ["Ana", "Ben"], "setup": {"adventurer": "Warrior", "first": "Ana"}}\n'
    for event, said, unsaid in ((b'{"n": 1' + b"0" * 400 + b"}", "too large to read", "not JSON"),
                                (b'{"n": 1.0, "by": "Ana", "do": "bid.draw", "monster": "Goblin"}', "decimal number 1.0",
                                 "past 64 bits")):
        f = tmp_path / "x.jsonl"
        f.write_bytes(head + event + b"\n")
        v = replay(f)
        assert v.verdict == "unreadable" and said in v.problems[0].message and unsaid not in v.problems[0].message, v.to_json()
