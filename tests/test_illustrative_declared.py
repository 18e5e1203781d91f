"""Every table the model had to make up is said to be made up: each table of a component file
marked `illustrative = true` (data the rulebook never gives, so the model ships a stand-in) is
named by a Gap of the game, whose finding tells the user the text lacks it and what stands in
(issue 17, item 4: a reading the model took without telling anyone is worse than none).

A Gap names a table when its text (what it says is missing, or what the model ships instead)
holds the table's kind (`exploration` for `[[exploration]]`, plural or not) and either the
file's name or the word `illustrative`. Naming only the file is not enough: Raiders' dungeon
file once held Exploration cards and mercenaries that no finding mentioned. A table a text
detector already reports lost (below) needs no Gap: the test checks that finding is there."""
from __future__ import annotations

import re

import pytest

from referee.model import BUILTIN, load
from referee.model.kernel.inputs import read_toml


def _kinds(doc: dict) -> list[str]:
    """The tables of a component file: its top-level keys holding a table or rows of them."""
    return [k for k, v in doc.items()
            if isinstance(v, dict) or (isinstance(v, list) and v and all(isinstance(x, dict) for x in v))]


def _stem(kind: str) -> str:
    k = kind.lower().replace("_", " ")
    return re.sub(r"(ies|y|es|s)$", "", k) if len(k) > 4 else k


def undeclared(game) -> list[str]:
    texts = [f"{g.says} {g.fills}".lower() for g in game.gaps]
    out = []
    for path in sorted(game.components_dir.glob("*.toml")):
        doc = read_toml(path)
        if doc.get("illustrative") is not True:
            continue
        for kind in _kinds(doc):
            stem = _stem(kind)
            if not any(stem in t and (path.name in t or "illustrative" in t) for t in texts):
                out.append(f"{path.name} [{kind}]")
    return out


# tables whose loss the text detectors report from the rulebook itself, with that finding
BY_TEXT = {("raiders", "board.toml [initiation]"): "raiders.gap.§3.3.list-intro"}  # its 9 buildings: a list not there


@pytest.mark.parametrize("name", sorted(BUILTIN))
def test_every_made_up_table_is_named_by_a_gap(name):
    from referee.checks.text import detect
    from referee.rulebook.book import seed_file

    game = load(name)
    if game.components_dir is None:
        pytest.skip("no component files")
    left = undeclared(game)
    by_text = {t: f for (g, t), f in BY_TEXT.items() if g == name and t in left}
    assert sorted(set(left) - set(by_text)) == []
    if by_text and seed_file(game) is not None:
        assert set(by_text.values()) <= {f.id for f in detect(game)}


def test_a_table_no_gap_names_is_caught(tmp_path):
    import dataclasses

    from referee.model.kernel import Gap

    (tmp_path / "deck.toml").write_text('illustrative = true\n[[omen]]\nname = "a"\n[[card]]\nname = "b"\n')
    game = dataclasses.replace(load("draft"), components_dir=tmp_path,
                               gaps=(Gap("§1", "the card list is lost", "illustrative cards (deck.toml)"),))
    assert undeclared(game) == ["deck.toml [omen]"]
