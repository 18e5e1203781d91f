"""`referee coverage` and what it reports: units encoded, exercised by the shipped examples,
not encoded, stale after an edit, unmapped; located errors; the same bytes twice."""
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import referee.model as M
from referee.cli.app import app
from referee.rulebook.book import Book, book, seed_file
from referee.rulebook.coverage import map_path, read_map
from referee.rulebook.exercised import exercised
from referee.rulebook.report import book_from_map, report
from referee.rulebook.text import sections

from . import toygame

run = CliRunner().invoke
DRAFT = M.load("draft")
needs_seed = pytest.mark.skipif(seed_file(DRAFT) is None, reason="the seed 004 is not here (../shared/seeds)")


@needs_seed
def test_the_command_shows_each_sentence_with_its_rules_and_figures():
    r = run(app, ["coverage", "draft"])
    assert r.exit_code == 0, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    assert "all: 37 units: 33 encoded, 32 exercised, 4 not encoded" in lines
    # a unit encoded and exercised: its mark, position, line, hash, rules (* exercised), its text
    i = next(k for k, x in enumerate(lines) if x.startswith("  + #2     L3    aa7f0fa757"))
    assert "action:setup.keep*" in lines[i] and "need:setup.keep#2*" in lines[i] and "need:setup.keep#3 " in lines[i]
    assert lines[i + 1].startswith("      | Ensuite")
    assert any(x.startswith("  - #7") and "not encoded: flavour" in x for x in lines)


@needs_seed
def test_an_edited_rulebook_shows_stale_and_unmapped_sentences(tmp_path, monkeypatch):
    monkeypatch.setattr("referee.rulebook.exercised.EXAMPLES", tmp_path / "none")  # no replays: fast
    seed = seed_file(DRAFT).read_text(encoding="utf-8")
    edited = seed.replace("chaque joueur reçoit 5 cartes Quête.", "chaque joueur reçoit 6 cartes Quête.")
    edited = edited.replace("Hourra!", "Hourra! Encore une phrase.")
    f = tmp_path / "004.txt"
    f.write_text(edited, encoding="utf-8")
    r = run(app, ["coverage", "draft", "--rulebook", str(f), "-f", "json"])
    assert r.exit_code == 1, r.stdout + r.stderr
    rep = json.loads(r.stdout)
    units = {u["at"]: u for s in rep["sections"] for u in s["units"]}
    assert units["§Mise en place#1"]["status"] == "stale"
    assert units["§Mise en place#1"]["reread"][0] == "action:setup.quests"
    assert units["§Fin de manche#8"]["status"] == "unmapped" and units["§Fin de manche#8"]["text"] == "Encore une phrase."
    assert rep["figures"]["stale"] == 1 and rep["figures"]["unmapped"] == 1 and rep["exercised"] is None


@pytest.mark.parametrize("name", ["draft", "welcome", "trolls", "raiders"])  # inline, outline, outline+titles, numbered
def test_a_blank_line_on_top_moves_every_unit_and_changes_none(tmp_path, monkeypatch, name):
    """One blank line added at the top of a book marked every unit stale, the same hash read
    one line down, "0 encoded" (s53 G16). Units are matched by their text first: each is
    `moved`, keeps its status and rules, and nothing is stale (exit 0)."""
    game = M.load(name)
    if seed_file(game) is None:
        pytest.skip("the seed is not here (../shared/seeds)")
    monkeypatch.setattr("referee.rulebook.exercised.EXAMPLES", tmp_path / "none")  # no replays: fast
    f = tmp_path / "book.txt"
    f.write_text("\n" + seed_file(game).read_text(encoding="utf-8"), encoding="utf-8")
    seed = json.loads(run(app, ["coverage", name, "-f", "json"]).stdout)
    r = run(app, ["coverage", name, "--rulebook", str(f), "-f", "json"])
    assert r.exit_code == 0, r.stdout + r.stderr
    rep = json.loads(r.stdout)
    assert rep["figures"] == {**seed["figures"], "moved": seed["figures"]["units"]}
    was = {u["at"]: u for sec in seed["sections"] for u in sec["units"]}
    for u in (u for sec in rep["sections"] for u in sec["units"]):
        assert u["line"] == was[u["at"]]["line"] + 1 and u["moved"] == {"at": u["at"], "line": u["line"] - 1}
        assert (u["status"], u.get("rules")) == (was[u["at"]]["status"], was[u["at"]].get("rules"))
    text = run(app, ["coverage", name, "--rulebook", str(f)]).stdout
    assert "stale:" not in text and "(moved: mapped at line " in text


@pytest.mark.parametrize("name", ["welcome", "trolls", "twister"])  # the books read through an outline
def test_a_paragraph_added_inside_an_outline_book_is_unmapped_and_moves_no_section(tmp_path, monkeypatch, name):
    """The outline gives the line each § begins at in the seed: a paragraph added in the
    middle shifted every later § onto the wrong lines (s53 G16, the part left in s54). The
    outline is moved onto the edited book by the first sentence the map records for each §:
    the new paragraph is the one unmapped unit, in the § it was added to; every other unit
    keeps its §, its entry and its rules (moved: one line further down after the insertion)."""
    game = M.load(name)
    if seed_file(game) is None:
        pytest.skip("the seed is not here (../shared/seeds)")
    monkeypatch.setattr("referee.rulebook.exercised.EXAMPLES", tmp_path / "none")  # no replays: fast
    lines = seed_file(game).read_text(encoding="utf-8").split("\n")
    seed = json.loads(run(app, ["coverage", name, "-f", "json"]).stdout)
    secs = [s for s in seed["sections"] if s["units"]]
    at = secs[len(secs) // 2]  # a § in the middle: its last unit's line, then a new paragraph
    last = at["units"][-1]["line"]
    f = tmp_path / "book.txt"
    f.write_text("\n".join(lines[:last] + ["", "Une phrase ajoutée par un éditeur."] + lines[last:]), encoding="utf-8")
    r = run(app, ["coverage", name, "--rulebook", str(f), "-f", "json"])
    assert r.exit_code == 1, r.stdout + r.stderr  # a sentence no entry maps: the map needs a look
    rep = json.loads(r.stdout)
    new = [(s["cite"], u) for s in rep["sections"] for u in s["units"] if u["status"] == "unmapped"]
    assert [(c, u["line"]) for c, u in new] == [(at["cite"], last + 2)]
    was = {u["at"]: u for sec in seed["sections"] for u in sec["units"]}
    got = {u["at"]: u for sec in rep["sections"] for u in sec["units"] if u["status"] != "unmapped"}
    assert got.keys() == was.keys() and rep["figures"]["stale"] == 0
    for k, u in got.items():
        shift = 2 if was[k]["line"] > last else 0
        assert u["line"] == was[k]["line"] + shift and (u["status"], u.get("rules")) == (was[k]["status"], was[k].get("rules"))


def test_a_rulebook_that_cannot_be_read_is_a_located_error_exit_2(tmp_path):
    r = run(app, ["coverage", "draft", "--rulebook", str(tmp_path / "none.txt")])
    assert r.exit_code == 2 and "none.txt: cannot be read" in r.stderr and "Traceback" not in r.stderr


@needs_seed
@pytest.mark.parametrize("name", ["welcome", "trolls", "twister", "raiders"])
def test_another_games_rulebook_is_refused_as_the_audit_refuses_it(tmp_path, monkeypatch, name):
    """Draft's book given as another game's was shown as that game's, "0 encoded", exit 1
    (s59 hostile run); the audit refused it. Both refuse it now, exit 2, nothing on stdout."""
    monkeypatch.setattr("referee.rulebook.exercised.EXAMPLES", tmp_path / "none")  # no replays: fast
    r = run(app, ["coverage", name, "--rulebook", str(seed_file(DRAFT))])
    assert r.exit_code == 2 and r.stdout == "", r.stdout
    text = r.stderr.replace("\n", "")
    assert text.startswith(f"referee: --rulebook {seed_file(DRAFT)}: ") and f"not {name}'s rulebook?" in text, text


@needs_seed  # Draft's book too: the cut lines are pasted into it at the end
def test_a_book_cut_to_a_few_of_its_sentences_shows_the_rest_gone_where_the_audit_refuses_it(tmp_path, monkeypatch):
    """Coverage shows what an edit took out: a copy of Welcome's book cut to its first lines
    keeps under a quarter of its sentences, which the audit refuses (its findings would point
    at lines the book lacks), and coverage shows, the rest gone (exit 1; s60 review)."""
    game = M.load("welcome")
    if seed_file(game) is None:
        pytest.skip("the seed is not here (../shared/seeds)")
    monkeypatch.setattr("referee.rulebook.exercised.EXAMPLES", tmp_path / "none")  # no replays: fast
    f = tmp_path / "cut.txt"
    f.write_text("\n".join(seed_file(game).read_text(encoding="utf-8").split("\n")[:10]) + "\n", encoding="utf-8")  # 8 of 66 sentences
    r = run(app, ["coverage", "welcome", "--rulebook", str(f), "-f", "json"])
    assert r.exit_code == 1, r.stdout + r.stderr
    rep = json.loads(r.stdout)
    assert rep["gone"] and rep["figures"]["stale"] + rep["figures"]["unmapped"] == 0, rep["figures"]
    assert rep["figures"]["gone"] == len(rep["gone"]) == 66 - 8
    a = run(app, ["audit", "welcome", "--rulebook", str(f), "--no-witness"])
    assert a.exit_code == 2 and "not welcome's rulebook?" in a.stderr.replace("\n", "")
    # the same lines pasted into another game's book: still not Welcome's
    mixed = tmp_path / "mixed.txt"
    mixed.write_text(f.read_text(encoding="utf-8") + "\n" + seed_file(DRAFT).read_text(encoding="utf-8"), encoding="utf-8")
    r = run(app, ["coverage", "welcome", "--rulebook", str(mixed)])
    assert r.exit_code == 2 and "not welcome's rulebook?" in r.stderr.replace("\n", ""), r.stdout[-300:]


def test_only_a_regular_rulebook_file_of_a_bounded_size_is_read(tmp_path):
    """A FIFO used to hang the command (it waited for a writer) and /dev/zero never ended:
    neither is opened, and a file past the size of any rulebook is refused unread."""
    import os

    fifo = tmp_path / "book.txt"
    os.mkfifo(fifo)
    big = tmp_path / "big.txt"
    big.write_bytes(b"x" * ((4 << 20) + 1))
    for path, says in ((fifo, "a FIFO, not a regular file"), (Path("/dev/zero"), "a device, not a regular file"),
                       (big, "larger than 4 MiB")):
        r = run(app, ["coverage", "draft", "--rulebook", str(path)])
        assert r.exit_code == 2 and says in r.stderr, (path, r.stderr)


def _seeds_cases(tmp_path):
    """REFEREE_SEEDS values that give no seed of Draft: (value, what the message says)."""
    import os

    (tmp_path / "afile").write_text("x")
    (tmp_path / "empty").mkdir()
    (tmp_path / "fifo").mkdir()
    os.mkfifo(tmp_path / "fifo" / Path(DRAFT.rulebook).name)
    return [(str(tmp_path / "nowhere"), "no such folder"), (str(tmp_path / "afile"), "not a folder"),
            (str(tmp_path / "empty"), f"no {Path(DRAFT.rulebook).name} in this folder"),
            (str(tmp_path / "fifo"), f"{Path(DRAFT.rulebook).name} there is a FIFO, not a regular file")]


def test_a_referee_seeds_that_gives_no_seed_is_a_located_exit_2(tmp_path, monkeypatch):
    """REFEREE_SEEDS set to a folder that is not there, a file, a folder without the seed or
    with a FIFO in its place: coverage printed a report from the map alone, exit 0, and the
    audit said "set REFEREE_SEEDS" (s53 G10). Both now refuse, naming the variable and where
    it pointed; --rulebook FILE needs no seed and is unaffected."""
    for value, says in _seeds_cases(tmp_path):
        monkeypatch.setenv("REFEREE_SEEDS", value)
        for args in (["coverage", "draft"], ["coverage", "draft", "-f", "json"], ["audit", "draft", "--no-witness"]):
            r = run(app, args)
            assert r.exit_code == 2 and r.stdout == "", (args, value, r.stdout)
            text = r.stderr.replace("\n", "")
            assert text.startswith(f"referee: REFEREE_SEEDS={value}: ") and says in text, (args, text)


@needs_seed
def test_a_referee_seeds_holding_another_book_under_the_seed_name_is_refused(tmp_path, monkeypatch):
    """REFEREE_SEEDS naming a folder whose file of Draft's seed name is Welcome's book (or a
    text of no game): the audit read it as Draft's, every finding placed at lines it does not
    have (s60 review). The check --rulebook makes (checks/rulebook.refused) now reads it too:
    exit 2, naming the variable and the file."""
    name, own = Path(DRAFT.rulebook).name, seed_file(DRAFT).read_bytes()
    welcome = seed_file(M.load("welcome"))
    if welcome is None:
        pytest.skip("the seed 001 is not here (../shared/seeds)")
    for text in (welcome.read_text(encoding="utf-8"), "Une ligne.\nUne autre.\n"):
        (tmp_path / name).write_text(text, encoding="utf-8")
        monkeypatch.setenv("REFEREE_SEEDS", str(tmp_path))
        for args in (["coverage", "draft"], ["audit", "draft", "--no-witness"]):
            r = run(app, args)
            assert r.exit_code == 2 and r.stdout == "", (args, r.stdout)
            said = r.stderr.replace("\n", "")
            assert said.startswith(f"referee: REFEREE_SEEDS={tmp_path}: ") and "not draft's rulebook" in said, said
        with pytest.raises(Exception, match="not draft's rulebook"):  # the library reads it too
            book(DRAFT)
    (tmp_path / name).write_bytes(own)  # its own book: read
    assert run(app, ["coverage", "draft"]).exit_code in (0, 1)


@needs_seed
def test_coverage_takes_a_folder_holding_the_book_as_the_audit_does(tmp_path):
    """--rulebook DIR: the audit reads the game's book inside it by name; coverage said "a
    directory, not a regular file" (s60 review). Now the same report as the file, and a
    folder without the book a located exit 2."""
    seed = seed_file(DRAFT)
    by_file = run(app, ["coverage", "draft", "--rulebook", str(seed), "-f", "json"])
    by_dir = run(app, ["coverage", "draft", "--rulebook", str(seed.parent), "-f", "json"])
    assert by_dir.exit_code == by_file.exit_code and json.loads(by_dir.stdout) == json.loads(by_file.stdout)
    r = run(app, ["coverage", "draft", "--rulebook", str(tmp_path)])
    assert r.exit_code == 2 and "a folder without draft's rulebook" in r.stderr.replace("\n", "")


def test_without_the_rulebook_the_map_alone_is_shown_without_text():
    entries = read_map(map_path(DRAFT))
    rep = report(DRAFT, book_from_map(DRAFT, entries, DRAFT.rulebook), entries, None, text=False)
    units = [u for s in rep["sections"] for u in s["units"]]
    assert len(units) == len(entries) and not any("text" in u for u in units)
    assert rep["figures"]["stale"] == rep["figures"]["unmapped"] == 0 and rep["exercised"] is None
    assert rep["figures"]["encoded"] + rep["figures"]["not encoded"] == len(entries)


@needs_seed
def test_the_report_is_the_same_bytes_twice():
    entries = read_map(map_path(DRAFT))
    b = book(DRAFT)
    one = json.dumps(report(DRAFT, b, entries, None, text=True), ensure_ascii=False)
    assert one == json.dumps(report(DRAFT, b, entries, None, text=True), ensure_ascii=False)


# ---------------------------------------------------------------- exercised, on the toy game

def _log(tmp_path, name, events, result=None):
    lines = [{"referee": 1, "game": "toy", "players": ["Ana", "Ben"]}]
    lines += [{"n": i, "by": by, "do": "take", "k": k} for i, (by, k) in enumerate(events, 1)]
    if result is not None:
        lines.append({"result": {"winner": result}})
    (tmp_path / name).write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")


def test_exercised_counts_legal_events_refusing_needs_and_checked_results(tmp_path):
    _log(tmp_path, "legal.jsonl", [("Ana", 3), ("Ben", 3), ("Ana", 3), ("Ben", 1)], result="Ben")
    _log(tmp_path, "twice.jsonl", [("Ana", 1), ("Ana", 1)])  # Ana plays out of turn: need #1 refuses
    ex = exercised(toygame.GAME, tmp_path)
    assert ex.logs == 2
    assert ex.by == {"action:take": ("legal.jsonl", "twice.jsonl"), "need:take#1": ("twice.jsonl",),
                     "result": ("legal.jsonl",), "setup": ("legal.jsonl", "twice.jsonl")}
    assert exercised(toygame.GAME, tmp_path / "nothing") is None  # no example: not established


def test_a_unit_is_exercised_only_through_a_rule_an_example_exercised(tmp_path):
    rb = tmp_path / "nim.txt"
    rb.write_text("§1. Prendre\n\nOn prend 1 à 3 pierres.\nChacun à son tour.\n", encoding="utf-8")
    b = Book("toy", rb, tuple(sections(rb)))
    u1, u2 = b.sections[0].sentences
    m = tmp_path / "coverage.toml"
    m.write_text(f'sentence = [\n  {{ at = "§1#1", line = {u1.line}, hash = "{u1.hash}", rules = ["action:take"] }},\n'
                 f'  {{ at = "§1#2", line = {u2.line}, hash = "{u2.hash}", rules = ["invariant:1@x"] }},\n]\n', encoding="utf-8")
    _log(tmp_path, "legal.jsonl", [("Ana", 3)])
    rep = report(toygame.GAME, b, read_map(m), exercised(toygame.GAME, tmp_path), text=False)
    a, c = rep["sections"][0]["units"]
    assert a["exercised"] == [{"id": "action:take", "by": ["legal.jsonl"]}] and c["exercised"] == []
    assert c["rules"][0]["resolves"] is False  # the pin is wrong: the report says so
    assert rep["figures"]["exercised"] == 1


@needs_seed
def test_json_names_a_rulebook_whose_name_is_not_utf8_exactly(tmp_path, monkeypatch):
    """`-f json` gave a traceback when the rulebook's file name held a byte that is not UTF-8
    (orjson refuses the lone surrogate Python holds it as); the replay's JSON had the fix (s53 G4),
    every `-f json` now prints through cli.common.json_text. (The book is Draft's own: a text
    of no game is refused before any report.)"""
    import os

    monkeypatch.setattr("referee.rulebook.exercised.EXAMPLES", tmp_path / "none")  # no replays: fast
    name = os.fsdecode(b"bk\xff.txt")
    (tmp_path / name).write_bytes(seed_file(DRAFT).read_bytes())
    r = CliRunner().invoke(app, ["coverage", "draft", "--rulebook", str(tmp_path / name), "-f", "json"])
    assert r.exit_code in (0, 1), r.output
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert json.loads(r.stdout)["rulebook"].endswith("bk\udcff.txt")


def test_an_outline_book_cut_short_shows_its_lost_sentences_gone(tmp_path, monkeypatch):
    """Twister's book cut after its first 27 lines: the §s past its end are not there, their
    sentences `gone` with the rules to read again (exit 1), and the last § keeps its own
    sentences only; it was exit 2, "§Blessés starts at line 29, past the file's 27 lines"."""
    game = M.load("twister")
    if seed_file(game) is None:
        pytest.skip("the seed is not here (../shared/seeds)")
    monkeypatch.setattr("referee.rulebook.exercised.EXAMPLES", tmp_path / "none")
    f = tmp_path / "book.txt"
    f.write_text("\n".join(seed_file(game).read_text(encoding="utf-8").split("\n")[:27]) + "\n", encoding="utf-8")
    r = run(app, ["coverage", "twister", "--rulebook", str(f)])
    assert r.exit_code == 1, r.stdout + r.stderr
    assert "gone: §Fin#3 (map line" in r.stdout and "past the file" not in r.stdout + r.stderr
    rep = json.loads(run(app, ["coverage", "twister", "--rulebook", str(f), "-f", "json"]).stdout)
    assert rep["sections"][-1]["cite"] == "§Combat groupé"
    assert {u["status"] for s in rep["sections"] for u in s["units"]} <= {"encoded", "exercised", "not encoded"}


@pytest.mark.parametrize("name", ["welcome", "trolls", "twister"])
def test_each_outline_row_holds_the_hash_of_the_seed_line_it_begins_at(name):
    """The hash by which an edited copy's §s are found (book.anchored): strict, as the map is."""
    from referee.rulebook.book import game_folder, read_outline
    from referee.rulebook.text import digest, read_lines

    game = M.load(name)
    if seed_file(game) is None:
        pytest.skip("the seed is not here (../shared/seeds)")
    lines = read_lines(seed_file(game))
    rows = read_outline(game_folder(game) / "outline.toml")
    assert rows and all(h == digest(lines[line - 1].strip()) for _, line, _, h in rows), \
        [(c, line, digest(lines[line - 1].strip())) for c, line, _, h in rows if h != digest(lines[line - 1].strip())]


@pytest.mark.parametrize("edit", ["heading", "before_heading", "book_title", "above_title"])
def test_a_line_added_next_to_a_heading_is_a_sentence_of_its_section(tmp_path, monkeypatch, edit):
    """Trolls' §s with a heading line (s55 review): a line added between a heading and its
    first sentence, or at the end of the § before one, or under the book's title, is the one
    unmapped unit, in the § it was added to; no heading takes its place."""
    game = M.load("trolls")
    if seed_file(game) is None:
        pytest.skip("the seed is not here (../shared/seeds)")
    monkeypatch.setattr("referee.rulebook.exercised.EXAMPLES", tmp_path / "none")
    lines = seed_file(game).read_text(encoding="utf-8").split("\n")
    seed = json.loads(run(app, ["coverage", "trolls", "-f", "json"]).stdout)
    heads = [s for s in seed["sections"] if s["units"] and s["line"] < s["units"][0]["line"] and s["cite"] != "§Intro"]
    sec = heads[0]
    at, into = {"heading": (sec["line"], sec["cite"]),
                "before_heading": (sec["line"] - 1, None), "book_title": (1, "§Intro"), "above_title": (0, "§Intro")}[edit]
    f = tmp_path / "book.txt"
    f.write_text("\n".join(lines[:at] + ["Une phrase ajoutée par un éditeur."] + lines[at:]), encoding="utf-8")
    rep = json.loads(run(app, ["coverage", "trolls", "--rulebook", str(f), "-f", "json"]).stdout)
    new = [(s["cite"], u["text"]) for s in rep["sections"] for u in s["units"] if u["status"] == "unmapped"]
    assert [t for _, t in new] == ["Une phrase ajoutée par un éditeur."], new
    if into:
        assert new[0][0] == into
    assert [s["cite"] for s in rep["sections"]] == [s["cite"] for s in seed["sections"]]


@pytest.mark.parametrize("name", ["welcome", "trolls", "twister"])
def test_a_byte_order_mark_changes_no_unit(tmp_path, monkeypatch, name):
    """Windows Notepad writes a UTF-8 byte-order mark: the book's title line must still be
    found by its hash (s55 second review: it became an unmapped sentence, exit 1)."""
    game = M.load(name)
    if seed_file(game) is None:
        pytest.skip("the seed is not here (../shared/seeds)")
    monkeypatch.setattr("referee.rulebook.exercised.EXAMPLES", tmp_path / "none")
    f = tmp_path / "book.txt"
    f.write_bytes(b"\xef\xbb\xbf" + seed_file(game).read_bytes())
    r = run(app, ["coverage", name, "--rulebook", str(f), "-f", "json"])
    assert r.exit_code == 0, r.stdout + r.stderr
    assert json.loads(r.stdout)["figures"]["unmapped"] == 0


def test_the_worked_examples_logs_count_as_exercising_rules():
    """The game's worked/ logs (installed with the package) are replayed beside examples/:
    Trolls' §Joker/2 example plays a round blanc, and the refused Dragon its Need."""
    from referee.model import load
    from referee.rulebook.exercised import exercised

    ex = exercised(load("trolls"))
    assert ex.worked == 11 and ex.logs > ex.worked
    assert "worked/blanc_before_group_shot.jsonl" in ex.by["action:round.blanc"]
    assert any("worked/blanc_dragon_reacts.jsonl" in by for rid, by in ex.by.items() if rid.startswith("need:act.move#"))


def test_a_folder_holding_something_else_under_the_books_name_says_what_it_is(tmp_path):
    """--rulebook DIR where the book's name is a FIFO or a folder: both commands say what is
    there (a FIFO was said to be "a folder without the rulebook", s62 hostile run), exit 2,
    and the FIFO is never opened (it would wait for a writer)."""
    import os

    name = Path(DRAFT.rulebook).name
    os.mkfifo(tmp_path / name)
    (tmp_path / "seeds").mkdir()
    (tmp_path / "seeds" / name).mkdir()
    for cmd in (["coverage", "draft"], ["audit", "draft", "--no-witness"]):
        r = run(app, [*cmd, "--rulebook", str(tmp_path)])
        assert r.exit_code == 2 and "a FIFO, not a regular file" in r.stderr.replace("\n", ""), r.stderr
