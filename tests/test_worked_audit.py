"""The text's worked examples in the audit (checks/worked.py): each declared one replays as
the text says; one whose numbers the rules do not give is refuted, with its log as the
witness; an example the text gives and no replay checks is not established, and said so."""
import json
from dataclasses import replace
from pathlib import Path

import pytest

from referee.checks import report, worked
from referee.checks.severity import EXAMPLE
from referee.model import load
from referee.rulebook.book import seeds_dir
from referee.replays.engine import replay
from referee.replays.expect import mismatch

needs_seeds = pytest.mark.skipif(seeds_dir() is None, reason="the seed rulebooks (../shared/seeds) are not here")
GAMES = ("trolls", "raiders", "draft", "welcome", "twister")


def _units(text: str, tmp: Path) -> tuple:
    from referee.rulebook.text import sections

    p = tmp / "book.txt"
    p.write_text(text, encoding="utf-8")
    return tuple(u for s in sections(p) for u in s.sentences)


def test_marked_reads_how_an_example_opens_and_runs_to_the_end_of_its_line(tmp_path):
    text = ("Titre\n\nUn tir coûte 1 point. Ex : un tireur mise 3. Il paie donc 4 points.\n"
            "Une charge coûte le double.\n\nExemple : deux figurines avancent. Elles paient 4.\n\n"
            "On peut par exemple recruter puis partir.\n\n"
            "Le joueur suivant, c'est-à-dire celui de gauche, joue.\n\nExemples : rien.\n\nEx. un cas.\n")
    groups = worked.marked(_units(text, tmp_path))
    opened = [g[0].text.split()[0:2] for g in groups]
    assert [len(g) for g in groups] == [2, 2, 1, 1, 1]
    assert opened[0] == ["Ex", ":"] and groups[0][1].text.startswith("Il paie")
    assert not any("c'est-à-dire" in u.text for g in groups for u in g)  # a restatement, not an example


@needs_seeds
@pytest.mark.parametrize("game", GAMES)
def test_every_declared_example_replays_as_the_text_says(game):
    got = [f for f in worked.check(load(game)) if f.kind == "claim"]
    assert len(got) == len(worked.declared(load(game)))
    bad = [(f.id, f.details) for f in got if f.status != EXAMPLE]
    assert bad == []
    for f in got:
        assert not f.is_problem and f.severity is None and f.witness is not None and f.sources


@needs_seeds
def test_the_seed_examples_are_found_and_each_is_replayed_or_said_not_established():
    """Trolls' eight "Ex :" are all replayed; Raiders' three are listed, §6.3's two replayed and
    §6.5's said not established (no replay declared); the other texts give none."""
    trolls = worked.check(load("trolls"))
    assert len(trolls) == 8 and all(f.status == EXAMPLE for f in trolls)
    raiders = worked.check(load("raiders"))
    assert sorted((f.kind, f.cites[0]) for f in raiders) == [("claim", "§6.3"), ("claim", "§6.3"), ("unknown", "§6.5")]
    for f in raiders:
        if f.kind == "unknown":
            assert f.open == "method" and "no replay of it is declared" in f.details[0] and f.severity is None
    for g in ("draft", "welcome", "twister"):
        assert worked.check(load(g)) == []


@needs_seeds
def test_an_example_the_rules_do_not_give_is_refuted_with_its_log_as_witness(monkeypatch):
    game = load("trolls")
    real = worked.declared(game)
    ex = next(w for w in real if w.name == "move_12_inches")
    wrong = replace(ex, logs=(replace(ex.logs[0], shows=(replace(ex.logs[0].shows[0], after=11),)),))
    monkeypatch.setattr(worked, "declared", lambda g: [wrong])
    (f,) = [f for f in worked.check(game) if f.kind == "claim"]
    assert f.status == "refuted" and f.severity == "warning" and f.is_problem
    assert "the rules give from 16 to 10" in f.details[0]
    assert f.witness is not None and len(f.witness.events) == 8


@needs_seeds
def test_a_log_that_does_not_get_its_expected_verdict_refutes_the_example(tmp_path, monkeypatch):
    game = load("trolls")
    ex = next(w for w in worked.declared(game) if w.name == "charge_11_inches")
    lines = ex.logs[1].file.read_text(encoding="utf-8").splitlines()
    last = json.loads(lines[-1])
    last["x"] = 4  # 8 points: the charge is legal, and the log expected it refused
    bad = tmp_path / "charge.jsonl"
    bad.write_text("\n".join(lines[:-1] + [json.dumps(last)]) + "\n", encoding="utf-8")
    monkeypatch.setattr(worked, "declared", lambda g: [replace(ex, logs=(replace(ex.logs[1], file=bad),))])
    (f,) = [f for f in worked.check(game) if f.kind == "claim"]
    assert f.status == "refuted" and "expected illegal, got legal" in f.details[0]


@needs_seeds
def test_an_edited_rulebook_leaves_examples_not_established(tmp_path):
    """A sixth rulebook (here: an edited copy) whose example no replay checks, and declared
    examples whose text is gone: each said not established, none a value."""
    book = tmp_path / "book.txt"
    book.write_text("Règles\n\nUn tir coûte 1 point. Ex : un tireur mise 3, il paie 4.\n", encoding="utf-8")
    got = worked.check(load("trolls"), book)
    assert got and all(f.kind == "unknown" and f.status == "not established" for f in got)
    gone = [f for f in got if "none of its units is in this rulebook" in f.details[0]]
    assert len(gone) == len(worked.declared(load("trolls"))) and all(f.open == "input" for f in gone)
    (new,) = [f for f in got if f not in gone]
    assert new.open == "method" and new.sources == ["book.txt:3"]


@needs_seeds
@pytest.mark.parametrize("game", ("trolls", "raiders"))
def test_each_example_witness_replays_to_its_expected_verdict(game, tmp_path):
    found = [f for f in worked.check(load(game)) if f.witness is not None]
    written = report.write_witnesses(found, tmp_path)
    assert len(written) == len(found)
    for path in written:
        v = replay(path)
        assert mismatch(v) is None, (path.name, mismatch(v))


BAD_DECLARATIONS = [
    ('example = 3', "holds only [[example]] and [[unplayed]] tables"),
    ('[[example]]\nname = "x"\nunits = []\nsays = "s"\nlog = [{ file = "a.jsonl" }]', "units is a list"),
    ('[[example]]\nname = "x"\nunits = "e64d246129"\nsays = "s"\nlog = [{ file = "a.jsonl" }]', "units is a list"),
    ('[[example]]\nname = "x"\nunits = ["e64d246129"]\nsays = "s"\nlog = []', "an example no log plays"),
    ('[[example]]\nname = "x"\nunits = ["e64d246129"]\nsays = "s"\nlog = [{ fil = "a" }]', "a log has a file"),
    ('[[example]]\nname = "x"\nunits = ["e64d246129"]\nsays = "s"\nlog = [{ file = 5 }]', "a log has a file"),
    ('[[example]]\nname = "x"\nunits = ["e64d246129"]\nsays = "s"\nlog = [{ file = "/etc/passwd" }]',
     "named by its file's name"),
    ('[[example]]\nname = "x"\nunits = ["e64d246129"]\nsays = "s"\nlog = [{ file = "a.jsonl", shows = 5 }]',
     "shows is a list"),
    ('[[unplayed]]\nunits = ["e64d246129"]', "unplayed 1: has exactly units"),
    ('[[unplayed]]\nunits = "e64d246129"\nwhy = "w"', "unplayed 1: has exactly units"),
]


@needs_seeds
@pytest.mark.parametrize("toml, says", BAD_DECLARATIONS)
def test_a_bad_worked_file_is_a_located_not_established_result(tmp_path, monkeypatch, toml, says):
    import referee.rulebook.book as B

    (tmp_path / "worked.toml").write_text(toml + "\n", encoding="utf-8")
    monkeypatch.setattr(B, "game_folder", lambda g: tmp_path)
    (f,) = worked.check(load("trolls"))
    assert f.kind == "unknown" and f.open == "input" and f.severity is None
    assert "worked.toml: " in f.details[0] and says in f.details[0]


def _declare(tmp_path, monkeypatch, log_text, shows="", name="bet_5_and_7.jsonl"):
    """trolls' first example, declared over a log of the test's own (worked/ in tmp_path)."""
    import referee.rulebook.book as B

    (tmp_path / "worked").mkdir(exist_ok=True)
    if log_text is not None:
        (tmp_path / "worked" / name).write_text(log_text, encoding="utf-8")
    (tmp_path / "worked.toml").write_text(
        f'[[example]]\nname = "bet_5_and_7"\nunits = ["e64d246129"]\nsays = "s"\n'
        f'[[example.log]]\nfile = "{name}"\n' + (f"shows = [{shows}]\n" if shows else ""), encoding="utf-8")
    monkeypatch.setattr(B, "game_folder", lambda g: tmp_path)
    return [f for f in worked.check(load("trolls")) if "bet_5_and_7" in f.id]


def _trolls_log() -> str:
    ex = next(w for w in worked.declared(load("trolls")) if w.name == "bet_5_and_7")
    return ex.logs[0].file.read_text(encoding="utf-8")


@needs_seeds
@pytest.mark.parametrize("log, shows, says", [
    (None, "", "cannot be read"),  # no such file
    ("", "", "empty"),
    ("{not json\n", "", "jsonl:1: not JSON"),
    ("raiders", "", "raiders"),  # a log of another game
    ("trolls", '{ line = 99, path = "rsv.1", from = 0, to = 12 }', "not an event the log plays"),
    ("trolls", '{ line = 1, path = "rsv.1", from = 0, to = 12 }', "not an event the log plays"),
    ("trolls", '{ line = 8, path = "rsvx.1", from = 0, to = 12 }', "has no 'rsvx.1'"),
    ("trolls", '{ line = 8, path = "rsv.²", from = 0, to = 12 }', "has no 'rsv.²'"),
])
def test_a_mistake_of_the_declaration_is_not_established_never_refuted(tmp_path, monkeypatch, log, shows, says):
    """A log missing, unreadable or of another game, or a shows that reads no event or no
    value: the project's declaration is at fault, not the rulebook (the s56 second read found
    each of these reported as the text refuted, or as a traceback)."""
    if log == "raiders":
        log = next(worked.declared(load("raiders"))[0].logs[0].file.open(encoding="utf-8"))
    elif log == "trolls":
        log = _trolls_log()
    (f,) = _declare(tmp_path, monkeypatch, log, shows)
    assert f.kind == "unknown" and f.open == "input", (f.kind, f.status, f.details)
    assert says in f.details[0] and "bet_5_and_7.jsonl" in f.details[0], f.details


@needs_seeds
def test_values_are_compared_as_json_writes_them(tmp_path, monkeypatch):
    """`false` is not `0`: a view's 12 read against a declared 12.0 is a difference."""
    (f,) = _declare(tmp_path, monkeypatch, _trolls_log(), '{ line = 8, path = "rsv.1", from = false, to = 12.0 }')
    assert f.status == "refuted" and "from false to 12.0 by the text; the rules give from 0 to 12" in f.details[0]


@needs_seeds
def test_a_replayed_example_says_what_it_covers(tmp_path):
    from referee.checks.audit import Audit

    a = Audit(load("trolls"), witnesses=False)
    a.findings = []
    a.worked()
    held = [f for f in a.findings if f.status == EXAMPLE]
    assert len(held) == 8 and all(f.covers and f.covers["players"] == [3] for f in held)


@needs_seeds
def test_audit_rulebook_given_is_the_one_the_detectors_and_examples_read(tmp_path):
    """`referee audit GAME --rulebook FILE` read FILE for the report's lines but ran the text
    detectors and the worked examples on the seed (s56): an editor's edited copy got the
    seed's findings. Now an aside added to the copy is found, and an example edited away is
    said not established."""
    from typer.testing import CliRunner

    from referee.cli.app import app
    from referee.rulebook.book import seed_file

    text = seed_file(load("trolls")).read_text(encoding="utf-8")
    edited = text.replace("Ex : les Humains ont un Mvt de 2''.", "Ex : les Humains ont un Mvt de 3''.")
    edited = edited.replace("Le joker n'apporte aucun point de Rsv.",
                            "Le joker n'apporte aucun point de Rsv. Je trouve cette règle trop dure.")
    assert edited != text
    book = tmp_path / seed_file(load("trolls")).name
    book.write_text(edited, encoding="utf-8")
    r = CliRunner().invoke(app, ["audit", "trolls", "--no-witness", "-f", "json", "--rulebook", str(book)])
    assert r.exit_code == 1, r.output
    assert json.loads(r.stdout)["games"][0]["rulebook"] == str(book)  # the file read, not the seed (s59)
    got = {f["id"]: f for f in json.loads(r.stdout)["games"][0]["findings"]}
    assert "trolls.gap.§Joker_1.first-person" in got
    for fmt in ("text", "html"):  # the headline names it too
        shown = CliRunner().invoke(app, ["audit", "trolls", "--no-witness", "-f", fmt, "--rulebook", str(tmp_path)],
                                   env={"COLUMNS": "400"})
        assert f"audit of {book}" in " ".join(shown.stdout.split()), fmt
    moved = got["trolls.unknown.§Actions_Mouvement.example_move_12_inches"]  # one unit of two edited
    assert moved["status"] == "not established" and "1 of its 2 units differ" in moved["details"][0]
    assert moved["open"] == "input"
    assert "trolls.unknown.§Actions_Mouvement.example_3" not in got  # said once, as the declared example's
    assert got["trolls.claim.§Actions_Tir.example_shot_heavy_weapon"]["status"] == EXAMPLE  # untouched: replayed


@needs_seeds
def test_the_audits_options_reach_the_replays():
    """The replays run under the audited rules: an option the game does not have makes every
    example not established, saying why, never 'replays as the text says'."""
    got = worked.check(load("trolls"), setting=worked.Setting(options={"no_such_option": "x"}))
    assert got and all(f.kind == "unknown" and f.open == "input" for f in got)
    assert "no_such_option" in got[0].details[0]


@needs_seeds
def test_the_library_audit_reads_the_rulebook_given_and_refuses_a_bad_one(tmp_path):
    """`Rules.audit(rulebook=...)`, as `referee audit --rulebook`: the same refusals (one
    function, checks/rulebook.refused), and the text detectors read the book given."""
    import referee
    from referee import errors
    from referee.rulebook.book import seed_file

    rules = referee.load("trolls")
    with pytest.raises(errors.Unreadable, match="no such file or folder") as e:
        rules.audit(witnesses=False, rulebook=tmp_path / "nothing.txt")
    assert e.value.field == "rulebook"
    other = tmp_path / "other.txt"
    other.write_text("Un texte\n\nQui n'est pas un livre de règles.\n", encoding="utf-8")
    with pytest.raises(errors.Unreadable, match="none of the §s trolls's rules cite"):
        rules.audit(witnesses=False, rulebook=other)
    text = seed_file(rules.game).read_text(encoding="utf-8")
    book = tmp_path / "edited.txt"
    book.write_text(text.replace("Le joker n'apporte aucun point de Rsv.",
                                 "Le joker n'apporte aucun point de Rsv. Je trouve cette règle dure."), encoding="utf-8")
    ids = {f.id for f in rules.audit(witnesses=False, rulebook=book)}
    assert "trolls.gap.§Joker_1.first-person" in ids


@needs_seeds
def test_an_example_declared_unplayed_says_why():
    """Raiders §6.5's example is not replayed, and its result says why (worked.toml's
    [[unplayed]]), not only that no replay is declared."""
    (f,) = [f for f in worked.check(load("raiders")) if f.kind == "unknown"]
    assert f.cites == ["§6.5"] and f.open == "method"
    assert f.details[0].startswith("not established: no replay of it is declared, because its result")
    assert "avant_poste_level" in f.details[0]
