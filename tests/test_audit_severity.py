"""Findings a rules editor can act on (issue #16 item 5): three severities by the finding's
nature (checks/severity.py), the report by severity then as the rulebook reads, headlines
in plain words. In-memory findings and the toy game: no z3 run beyond the toy's."""
import dataclasses
import io
import re
import time
from pathlib import Path

from rich.console import Console

from referee.checks import report
from referee.checks.audit import Audit
from referee.checks.findings import Finding, Witness
from referee.checks.rulebook import Rulebook
from referee.checks.severity import NATURES, nature
from referee.model.kernel import Answer, Basis, Ruling

from .test_audit_honesty import _game, _one, _run
from .toygame import GAME

DOC = Path(__file__).parent.parent / "docs" / "audit.md"
BOOK = Rulebook.from_lines(Path("book.txt"), ("Title", "§3.4. Starting player", "• 24 tiles Équipement",
                                              "Équipement is a sentence.", "§3.10. Later", "Équipement", "§10.1. Tables"))
# a book without numbers: its parts are title lines, set apart by blank lines
PLAIN = Rulebook.from_lines(Path("plain.txt"), ("Nim", "", "• 24 tiles Équipement", "Équipement is a sentence.", "",
                                               "Équipement", "", "Each ring is worth one.", ""))


def _f(kind, cite, status="", fid=None):
    return Finding(fid or f"toy.{kind}.{cite}.x{status}", "toy", kind, [cite], f"{kind} {status}", status=status)


def _in_play(witnessed: bool) -> Finding:
    f = dataclasses.replace(_f("gap", "§1"), in_play=True)
    if witnessed:
        f.witness = Witness({"players": ["a", "b"]}, [{"do": "x"}], "reaches it")
    return f


def test_a_gap_arising_in_play_is_a_warning_found_or_not_and_wording_stays_info():
    # readers of s49 and s51: a gap that bites in play ranked below a rare hole, as wording;
    # its level does not hang on whether the search found its game (budget, load, --no-witness)
    assert _in_play(witnessed=True).severity == "warning" == _in_play(witnessed=False).severity
    assert _f("gap", "§1").severity == "info"


def test_a_table_the_text_does_not_print_is_a_warning_whoever_gives_it():
    """Readers of s52 (both books): a lost table played from an illustrative set was rated
    info, as wording, below a missing move cost: it is `lost_data`, a warning. Four judges of
    s60: a table the published game prints (Welcome's monsters) or --components gives was
    still info, though the book lacks it all the same: `table_not_given`, a warning. Each
    Gap.data names shipped component files."""
    from referee.model import load, names

    marked = 0
    for name in names():
        folder = Path(__file__).parent.parent / "referee" / "model" / name / "components"
        if not folder.is_dir():
            continue  # the toy game of the tests
        game = load(name)
        for g in game.gaps:
            for stem in g.data:
                marked += 1
                assert (folder / f"{stem}.toml").is_file(), (name, g.name, stem)
    assert marked >= 10
    from referee.model import draft

    def level(game, gap, components=None):
        a = Audit(load(game), witnesses=False, components=components)
        a.pool = None  # the gaps alone, no witness search
        a.gaps()
        f = _one(a.findings, gap)
        return nature(f), f.severity

    assert level("draft", "refers_cards_gold") == ("lost_data", "warning")  # cards.toml: illustrative
    assert level("draft", "refers_cards_gold", Path(draft.__file__).parent / "components") == ("table_not_given", "warning")
    assert level("welcome", "lists_monsters_names") == ("table_not_given", "warning")  # the published cards
    shipped = dataclasses.replace(_f("gap", "§1"), lost_data=True)
    assert shipped.severity == "warning" and nature(shipped) == "lost_data"
    assert "lost_data" not in shipped.to_json() and "table" not in shipped.to_json()


def test_each_nature_has_its_severity_and_the_doc_lists_them_all():
    got = {nature(_f("gap", "§1", "stalemate")): "stalemate", nature(_f("violated", "§1", "violated")): "violated",
           nature(_f("gap", "§1", "hole")): "hole", nature(_f("ambiguity", "§1", "conflict")): "conflict",
           nature(_f("ambiguity", "§1", "disputed")): "disputed", nature(_f("gap", "§1")): "gap",
           nature(_f("contradiction", "§1")): "contradiction", nature(_f("data", "§1", "fails")): "data_fails",
           nature(_f("claim", "§1", "refuted")): "claim_refuted",
           nature(_f("claim", "§1", "upper bound proved, no game found reaching it")): "claim_not_reached",
           nature(_f("gap", "§1", fid="toy.graph.§1.dead_end_play")): "dead_end",
           nature(_f("gap", "§1", fid="toy.graph.§1.unreached_over")): "unreached_phase",
           nature(_f("ambiguity", "§1", "default")): "model_default",
           nature(_f("ambiguity", "§1", "off-basis")): "off_basis",
           nature(_f("ambiguity", "§1", "published rule")): "published_answer",
           nature(_in_play(witnessed=True)): "gap_in_play",
           nature(dataclasses.replace(_f("gap", "§1"), lost_data=True)): "lost_data",
           nature(dataclasses.replace(_f("gap", "§1"), table=True)): "table_not_given"}
    assert all(k == v for k, v in got.items()) and set(got) == set(NATURES)
    assert _f("gap", "§1", "stalemate").severity == "error" and _f("gap", "§1", "hole").severity == "error"
    assert _f("ambiguity", "§1", "conflict").severity == "warning" and _f("gap", "§1").severity == "info"
    for kept_apart in (_f("proved", "§1", "inductive"), _f("claim", "§1", "reached"), _f("unknown", "§1", "x"),
                       _f("data", "§1", "ok")):
        assert kept_apart.severity is None and not kept_apart.is_problem
    doc = DOC.read_text(encoding="utf-8")
    for key, (level, _) in NATURES.items():
        assert re.search(rf"\| `{key}` \| {level} \|", doc), key  # the table in docs/audit.md is this one


def test_the_report_is_sorted_by_severity_then_as_the_book_reads():
    fs = [_f("gap", "§10.1"), _f("ambiguity", "§3.10", "conflict"), _f("gap", "§10.1", "hole"),
          _f("ambiguity", "§3.4", "conflict"), _f("gap", "§3.4", "stalemate"), _f("gap", "§Équipement")]
    got = [(f.severity, f.cites[0]) for f in report.ordered(fs, BOOK)]
    assert got == [("error", "§3.4"), ("error", "§10.1"), ("warning", "§3.4"), ("warning", "§3.10"),
                   ("info", "§10.1"), ("info", "§Équipement")]


def test_a_heading_is_found_at_its_line_never_at_a_sentence_or_list_item():
    assert BOOK.line_of("§3.10") == 5 and BOOK.line_of("§3.4") == 2 and BOOK.line_of("§3") == 2
    assert PLAIN.line_of("§Équipement") == 6  # not line 3, a list item naming the word
    assert BOOK.line_of("§Nowhere") is None and Rulebook(None).line_of("§3.4") is None
    assert PLAIN.order("§Équipement") < PLAIN.order("§Nowhere")  # found headings first, the rest by name


def ruled_toy(**kw):
    """The toy with two rulings: `who`, answered by an option only (a hole), and `both`,
    two text answers that differ during a 'take' (a conflict)."""
    one = Answer("§1", "book", "the left player", lambda s, a: True, lambda s, a: 1)
    two = Answer("§2", "book", "the right player", lambda s, a: True, lambda s, a: 0)
    opt = Answer("§1", "option:start=10", "as the option says", lambda s, a: True, lambda s, a: 1)
    return _game(rulings=(Ruling("who", "§1", "who starts?", lambda s, a: True, (opt,)),
                          Ruling("both", "§1", "who goes next?", lambda s, a: True, (one, two), action="take",
                                 basis=Basis("model", "§1", "§1", "the toy's two rules disagree; it follows §1"))), **kw)


def test_a_hole_is_an_error_a_conflict_a_warning_in_plain_words():
    g = ruled_toy()
    _, fs = _run(g)
    hole, conflict = _one(fs, ".who"), _one(fs, ".both")
    assert (hole.status, hole.severity, conflict.status, conflict.severity) == ("hole", "error", "conflict", "warning")
    assert "(during a 'take' event)" in conflict.says and "give different answers here" in conflict.says
    out = io.StringIO()
    report.text(Console(file=out, width=400, color_system=None), g, fs, {})
    text = out.getvalue()
    assert "e.g. during" not in text and "unsat core" not in text
    assert text.index("error (1)") < text.index("warning (1)")


def test_two_sources_need_no_core_three_say_which_cannot_hold():
    a = Audit(GAME, witnesses=False)
    assert a._cannot_both(["§6.5 livret", "§6.5 tuile"], {"livret": 4, "tuile": 5}) == []
    got = a._cannot_both(["§6.5 livret", "§6.5 tuile"], {"livret": 4, "tuile": 5, "site": 4})
    assert got == ["these 2 sources cannot all hold together: §6.5 livret, §6.5 tuile"]


class _Done:
    def get(self, timeout=None):
        return None, False  # the search ran its count and found nothing (not stopped by the time net)


def test_a_search_that_found_nothing_says_so_in_one_line_in_its_unit():
    a = Audit(GAME, witnesses=False)
    notes = []
    a.deadline, a.futures = time.monotonic() + 5, {("claim", 0, 3): _Done()}
    a.pending = [(("claim", 0, 3), lambda w, note: notes.append(note), None)]
    a._resolve()
    # search.Budget counts moves weighed: --witness-seconds at the game's search_rate
    # a claim's search plays the toy's other player counts too (witness.across_settings)
    assert notes == [f"no example game found within {int(3.0 * GAME.search_rate):,} moves weighed (half at the "
                     "audit's setting, the rest at the other player counts and variants)"]
