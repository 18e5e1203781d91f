"""What a proved invariant tells a reader of the book (Invariant.about): "text", the encoded
rules keep a rule or a number the text states; "model", the encoding's own bookkeeping or a
property of its readings of silences. Four judges of session 60 read the second kind as
claims about the book; the audit lists it apart: counted in the text report and listed with
--verbose, a section of its own in the HTML, `about` in the JSON. On the toy game."""
import io
from html import escape

import pytest
from rich.console import Console

from referee.checks import report
from referee.checks.findings import Finding
from referee.checks.htmlreport import page
from referee.model import BUILTIN, load
from referee.model.kernel import Invariant

from .test_audit_honesty import GAME, _game, _one, _run

# a rule of the toy's text; its "stones are conserved" is marked the model's below
TEXT = Invariant("§1", "the pile is never negative", lambda s: s.pile >= 0, name="pile_rule")


def _text(game, findings, verbose=False):
    buf = io.StringIO()
    report.text(Console(file=buf, width=400, color_system=None), game, findings, {}, verbose)
    return buf.getvalue()


def test_about_takes_text_or_model_and_nothing_else():
    assert Invariant("§1", "x", lambda s: True).about == "text"
    with pytest.raises(ValueError, match="about='rules', not one of text, model"):
        Invariant("§1", "x", lambda s: True, name="x", about="rules")


def test_a_model_check_is_counted_not_listed_and_listed_with_verbose():
    stones = next(i for i in GAME.invariants if i.says == "stones are conserved")
    kept = tuple(i for i in GAME.invariants if i is not stones)
    g = _game(2, 2, invariants=kept + (TEXT, Invariant(stones.cite, stones.says, stones.test, name="bookkeeping",
                                                       about="model")))
    _, fs = _run(g)
    rule, own = _one(fs, ".pile_rule"), _one(fs, ".bookkeeping")
    assert (rule.kind, rule.about, own.kind, own.about) == ("proved", "text", "proved", "model")
    assert own.to_json()["about"] == "model" and rule.to_json()["about"] == "text"
    assert "about" not in Finding("toy.gap.§1.x", "toy", "gap", ["§1"], "a silence").to_json()  # said of proofs only
    plain = _text(g, fs)
    held = plain.split("proved or decided")[1]
    assert "the pile is never negative" in held and "stones are conserved" not in held
    assert f"2 checks {report.MODEL_ONLY}, listed with --verbose" in held  # the graph's and the bookkeeping's
    assert "proved or decided (2 of the model alone)" in plain.strip().splitlines()[-1]
    loud = _text(g, fs, verbose=True).split("proved or decided")[1]
    assert loud.index("the pile is never negative") < loud.index(f"checks {report.MODEL_ONLY}:") < loud.index("stones are conserved")
    html = page([(g, fs, None)])
    assert html.index("the pile is never negative") < html.index(f"proved {escape(report.MODEL_ONLY)}") < html.index("stones are conserved")


@pytest.mark.parametrize("name", BUILTIN)
def test_each_game_marks_its_bookkeeping_and_keeps_the_texts_rules(name):
    """Every game has both kinds; an invariant about conservation or a value's range only is
    the model's (the text states none of them); the text's caps stay the text's."""
    game = load(name)
    kinds = {i.about for i in game.invariants}
    assert kinds == {"text", "model"}, (name, kinds)
    for i in game.invariants:
        if any(w in i.says for w in ("exactly one place", "never negative", "conserved")):
            assert i.about == "model", (name, i.name, i.says)
