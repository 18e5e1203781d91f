"""Components as data: the shipped set passes every check; a bad file is a located BadInput."""
import shutil

import pytest

from conftest import GAME

from referee.model.kernel import BadInput, IllegalSetup
from referee.model.twister.data import HERE


def test_shipped_components_pass_every_data_check():
    checks = GAME.data_checks(GAME.default_config())
    assert checks and all(c.ok for c in checks), [c.detail for c in checks if not c.ok]
    cfg = GAME.default_config()
    assert "rooms.toml" in cfg.comp.illustrative and "board.toml" in cfg.comp.illustrative
    for claim in GAME.claims:
        if claim.kind == "data":
            assert claim.expr(cfg.comp) == claim.value, claim.says


def _copy(tmp_path):
    d = tmp_path / "comp"
    shutil.copytree(HERE, d)
    return d


def test_components_dir_and_located_errors(tmp_path):
    d = _copy(tmp_path)
    cfg = GAME.configure({}, d, None)
    assert cfg.comp.rooms[0].name == "1a"
    text = (d / "rooms.toml").read_text().replace('"|. . . . .|"', '"|. . X . .|"', 1)
    (d / "rooms.toml").write_text(text)
    with pytest.raises(BadInput, match=r"rooms.toml: room\[0\].grid: row 2, column 6: 'X' is not a square"):
        GAME.configure({}, d, None)
    d2 = _copy(tmp_path / "b")
    (d2 / "board.toml").write_text('positions = ["1a"]\n')
    with pytest.raises(BadInput, match="board.toml: positions"):
        GAME.configure({}, d2, None)


def test_bad_options_and_teams():
    with pytest.raises(BadInput, match="unknown option"):
        GAME.configure({"nope": "1"}, None, None)
    with pytest.raises(BadInput, match="options: carried"):
        GAME.configure({"carried": "maybe"}, None, None)
    cfg = GAME.default_config()
    bad = {"players": ["Ana", "Ben"], "setup": {"teams": {"Ana": {"Troll": 1}, "Ben": {}}}}
    with pytest.raises(IllegalSetup, match="a team has 4 characters") as e:  # read, and against §Mise en place
        GAME.setup(bad, cfg)
    assert e.value.cite == "§Mise en place"
    bad = {"players": ["Ana", "Ben"], "setup": {"teams": {"Ana": {"Troll": 1, "Thief": 1, "Cleric": 2, "Goblin": 3}}}}
    with pytest.raises(BadInput, match="same square"):
        GAME.setup(bad, cfg)


def test_an_ability_the_rules_do_not_play_is_refused_not_ignored(tmp_path):
    """characters.toml names each character's ability; the rules play the text's (§Clerc,
    §Troll...) by the character's name, so a file setting the Cleric's to "none" was read and
    ignored: a heal replayed legal under it (a hostile run, s61). Refused, located, with its §."""
    d = _copy(tmp_path)
    text = (d / "characters.toml").read_text()
    assert 'ability = "heal"' in text
    (d / "characters.toml").write_text(text.replace('ability = "heal"', 'ability = "none"', 1))
    with pytest.raises(BadInput, match=r"characters.toml: character\[0\].ability: Cleric's ability is 'heal'.*§Clerc"):
        GAME.configure({}, d, None)
