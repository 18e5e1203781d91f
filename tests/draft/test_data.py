"""Components as data: the illustrative set loads and passes every data check; bad files
are located BadInput errors; --components DIR replaces the set."""
from pathlib import Path

import pytest

from referee.model.draft import data
from referee.model.kernel import BadInput

from .helpers import GAME, cfg

SHIPPED = (data.HERE / "cards.toml").read_text(encoding="utf-8")


def test_shipped_set_is_illustrative_and_passes_checks():
    c = cfg(5)
    assert c.comp.illustrative is True
    assert [d.says for d in GAME.data_checks(c) if not d.ok] == []
    for claim in GAME.claims:
        if claim.kind == "data":
            assert claim.expr(c.comp) == claim.value, claim.says
    assert len(c.comp.cards) == 13 and len(c.comp.quests) == 6
    assert {c.comp.classes[x.cls] for x in c.comp.cards if x.cls is not None} == {"Warrior", "Rogue", "Mage", "Druid"}


def _load(tmp_path: Path, text: str):
    (tmp_path / "cards.toml").write_text(text, encoding="utf-8")
    return data.load(tmp_path)


@pytest.mark.parametrize("change,message", [
    (("cost = 2\nattack = 1\ncount = 16", "cost = -2\nattack = 1\ncount = 16"), r"cards.toml: card\[0\].cost: expected a whole number from 0 to 99, got -2"),
    (('class = "Warrior"\ncost = 2', 'class = "Paladin"\ncost = 2'), r"card\[0\].class: unknown class 'Paladin'"),
    (('type = "hero"', 'type = "villain"'), r"card\[0\].type: expected one of hero, weapon, monster"),
    (('needs = { Rogue = 2 }', 'needs = { }'), r"quest\[1\].needs: a quest requires"),
    (('gain = "attack"', 'gain = "cards"'), r"card\[1\].ability.gain: expected one of gold, xp, attack"),
    (("illustrative = true", "illustrative = true\ncolour = 3"), r"cards.toml: colour: unknown key \(known: illustrative, note, classes"),
    (("gold_supply = 100", "gold_supply = 100\n[[card]]\nname = \"Squire\"\ntype = \"hero\"\nclass = \"Warrior\"\ncost = 1\ncount = 1\n"),
     r"cards.toml: card\[1\].name: 'Squire' is given twice \(first at card\[0\]\)"),
])
def test_bad_components_are_located(tmp_path, change, message):
    old, new = change
    assert old in SHIPPED
    with pytest.raises(BadInput, match=message):
        _load(tmp_path, SHIPPED.replace(old, new, 1))


def test_not_toml_and_missing(tmp_path):
    with pytest.raises(BadInput, match="cards.toml: missing from the components directory"):
        data.load(tmp_path)
    with pytest.raises(BadInput, match="not TOML"):
        _load(tmp_path, "card = [")


def test_components_dir_replaces_the_set(tmp_path):
    (tmp_path / "cards.toml").write_text(SHIPPED.replace("illustrative = true", "illustrative = false")
                                         .replace('name = "Dragon"', 'name = "Wyrm"'), encoding="utf-8")
    c = GAME.configure({}, tmp_path, None, nplayers=2)
    assert c.comp.illustrative is False and "Wyrm" in c.comp.names and "Dragon" not in c.comp.names
