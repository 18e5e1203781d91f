"""`referee rules` gives each rule's file:line (checks/where.py): the line is where the rule
is written, found by its words and its code."""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.checks.catalogue import catalogue
from referee.cli.app import app
from referee.model import BUILTIN, load

ROOT = Path(__file__).parent.parent


@cache
def _source(f: str) -> str:
    return (ROOT / f).read_text(encoding="utf-8")


def _window(at: str, before: int = 1, after: int = 4) -> str:
    f, line = at.rsplit(":", 1)
    lines = _source(f).splitlines()
    n = int(line)
    assert 1 <= n <= len(lines), at
    return "\n".join(lines[max(0, n - 1 - before):n + after])


@pytest.mark.parametrize("name", BUILTIN)
def test_every_rule_is_located_where_its_words_are(name):
    """Every row has an `at`; where a rule's words are a plain literal in its game's code,
    they are at that line (or just around it): not a helper's, not the kernel's."""
    rows = catalogue(load(name))
    literal = 0
    for r in rows:
        assert r.get("at", "").startswith(f"referee/model/{name}/"), r
        words = r["says"].split(": ", 1)[-1] if r["kind"] in ("need", "answer") else r["says"]
        head = words[:25]
        text = _source(r["at"].rsplit(":", 1)[0])
        if r["kind"] in ("need", "invariant", "claim", "ruling", "answer") and text.count(f'"{head}') == 1:
            literal += 1
            assert head in _window(r["at"]), (r["kind"], r["says"], r["at"])
    assert literal > 20


def test_text_and_json_show_the_place():
    r = CliRunner().invoke(app, ["rules", "welcome", "-f", "json"])
    rows = json.loads(r.stdout)
    axe = next(x for x in rows if x["kind"] == "need" and x["cite"] == "§Équipement.Hache")
    assert "Hache" in _window(axe["at"], 2, 6) or "axe" in _window(axe["at"], 2, 6).lower()
    text = CliRunner().invoke(app, ["rules", "welcome"], env={"COLUMNS": "300"}).stdout
    assert axe["at"] in text


def test_plugin_game_rules_are_located_in_its_module():
    import tests.toygame as toy

    rows = catalogue(toy.GAME)
    assert rows and all(r.get("at", "").startswith("tests/toygame.py:") for r in rows if r["kind"] != "option")
