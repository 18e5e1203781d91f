"""The coverage maps (referee/model/<game>/coverage.toml): every unit of each seed has one
entry, each entry points at a unit of the seed (same line and hash), every rule id resolves
against the Game record (this part runs without the seeds). And the checks themselves, on a
small rulebook and the toy game (tests/toygame.py), each shown failing on its own defect."""
from pathlib import Path

import pytest

import referee.model as M
from referee.errors import Unreadable
from referee.rulebook.book import Book, book, seed_file
from referee.rulebook.coverage import map_path, problems, read_map
from referee.rulebook.ids import resolve, rules
from referee.rulebook.text import sections

from . import toygame

GAMES = list(M.BUILTIN)


@pytest.mark.parametrize("name", GAMES)
def test_every_rule_id_of_the_map_resolves(name):
    game = M.load(name)
    known = rules(game)
    bad = [f"{e.row}: {e.at}: {why}" for e in read_map(map_path(game)) for rid in e.rules
           if (why := resolve(known, rid)[1])]
    assert bad == []


@pytest.mark.parametrize("name", GAMES)
def test_every_unit_of_the_seed_has_its_entry(name):
    game = M.load(name)
    if seed_file(game) is None:
        pytest.skip(f"the seed {Path(game.rulebook).name} is not here (../shared/seeds)")
    path = map_path(game)
    assert problems(game, book(game), read_map(path), str(path)) == []


BOOK = "§1. Prendre\n\nOn prend 1 à 3 pierres ; à son tour.\n\n§2. Fin\n\nLa pile vide finit la partie. Bravo.\n"


def _setup(tmp_path, rows):
    rb = tmp_path / "nim.txt"
    rb.write_text(BOOK, encoding="utf-8")
    b = Book("toy", rb, tuple(sections(rb)))
    units = {u.key: u for s in b.sections for u in s.sentences}
    m = tmp_path / "coverage.toml"
    m.write_text("sentence = [\n" + "".join(f"  {r},\n" for r in rows(units)) + "]\n", encoding="utf-8")
    return b, read_map(m)


def _row(u, tail):
    return f'{{ at = "{u.key}", line = {u.line}, hash = "{u.hash}", {tail} }}'


def _good(units):
    return [_row(units["§1#1"], 'rules = ["action:take", "need:take#2@' + rules(toygame.GAME)["need:take#2"].pin + '"]'),
            _row(units["§1#2"], 'rules = ["need:take#1@' + rules(toygame.GAME)["need:take#1"].pin + '"]'),
            _row(units["§2#1"], f'rules = ["invariant:3@{rules(toygame.GAME)["invariant:3"].pin}", "result"]'),
            _row(units["§2#2"], 'not = "flavour"')]


def test_a_complete_map_has_no_problem(tmp_path):
    b, entries = _setup(tmp_path, _good)
    assert [e.at for e in entries] == ["§1#1", "§1#2", "§2#1", "§2#2"]
    assert problems(toygame.GAME, b, entries) == []


@pytest.mark.parametrize("defect, expect", [
    (lambda rows: rows[:-1], "§2#2 (line 7, hash"),  # a unit with no entry
    (lambda rows: rows + [rows[-1].replace("§2#2", "§2#3")], "§2#3: no such unit"),
    (lambda rows: [rows[0].replace('hash = "', 'hash = "0')] + rows[1:], "read the unit again"),  # stale
    (lambda rows: [rows[0].replace("action:take", "action:grab")] + rows[1:], "no rule 'action:grab'"),
    (lambda rows: [rows[0].replace("need:take#2@", "need:take#2@f")] + rows[1:], "pinned to f"),
    (lambda rows: rows[:2] + [rows[2].replace("invariant:3", "invariant:2")] + rows[3:], "invariant:2 is pinned to"),
])
def test_each_defect_of_a_map_is_reported(tmp_path, defect, expect):
    b, entries = _setup(tmp_path, lambda units: defect(_good(units)))
    got = problems(toygame.GAME, b, entries, "coverage.toml")
    assert len(got) == 1 and expect in got[0], got


@pytest.mark.parametrize("row, expect", [
    ('{ at = "§1#1", line = 3, hash = "x" }', "give either rules"),
    ('{ at = "§1#1", line = 3, hash = "x", not = "boring" }', "is no reason"),
    ('{ at = "§1#1", line = 3, hash = "x", not = "out of scope" }', "needs why"),
    ('{ at = "§1#1", line = 3, hash = "x", text = "la phrase" }', "needs at, line, hash"),
])
def test_a_malformed_entry_is_a_located_error(tmp_path, row, expect):
    m = tmp_path / "coverage.toml"
    m.write_text(f"# a map\nsentence = [\n  {row},\n]\n", encoding="utf-8")
    with pytest.raises(Unreadable) as e:
        read_map(m)
    assert e.value.line == 3 and expect in e.value.located()


@pytest.mark.parametrize("name", GAMES)
def test_the_map_stores_no_sentence_of_the_rulebook(name):
    """Our words only: no `why` shares a run of 6 words with the seed."""
    game = M.load(name)
    if seed_file(game) is None:
        pytest.skip(f"the seed {Path(game.rulebook).name} is not here (../shared/seeds)")
    runs = set()
    for s in book(game).sections:
        for u in s.sentences:
            w = u.text.lower().split()
            runs |= {" ".join(w[i:i + 6]) for i in range(len(w) - 5)}
    text = map_path(game).read_text(encoding="utf-8").lower()
    assert [r for r in runs if r in text] == []
