"""`referee audit --format html` (issue #20 item 1): one self-contained page, each finding
beside its rulebook sentences (read from the file at run time), severities apart, proved
items folded, what is not established apart, witnesses steppable through the states the
model computes, the annotated rulebook; all text escaped; the same bytes twice.

The audit is the toy's (tests/toygame.py, with a hole, a conflict and a gap: seconds),
computed once for the module, with a three-event witness game on the conflict. The browser
test (tests/browser.py) loads the page in headless Chromium and skips without it."""
import copy
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.checks.audit import Audit
from referee.checks.findings import Witness
from referee.checks.htmlreport import page
from referee.cli.app import app
from referee.model import load
from referee.model.kernel import Gap

from . import browser
from .test_audit_severity import ruled_toy
from .toygame import GAME

run = CliRunner().invoke
TAKES = [{"do": "take", "by": "Ana", "k": 3, "note": "</script><b>"}, {"do": "take", "by": "Ben", "k": 2}, {"do": "take", "by": "Ana", "k": 1}]
# our own toy rulebook, with markup in it: the page must show it as text
BOOK = "Nim\n\n§1. Prendre\nOn prend de une à trois pierres <b>du tas</b>. Puis l'autre joue.\n\n§2. Fin\nQui vide le tas gagne.\n"


@pytest.fixture(scope="module")
def found():
    toy = ruled_toy(gaps=(Gap("§2", "the <pile>'s size & shape", "10 stones", name="pile_size"),))
    fs = Audit(toy, witnesses=False).run()
    conflict = next(f for f in fs if f.id.endswith(".both"))
    conflict.witness = Witness({"referee": 1, "game": "toy", "players": ["Ana", "Ben"]}, TAKES, "the pile holds 4")
    return fs


@pytest.fixture
def rulebook(tmp_path):
    p = tmp_path / "toy.txt"
    p.write_text(BOOK, encoding="utf-8")
    return p


def test_the_page_is_self_contained_escaped_and_the_same_twice(found, rulebook):
    one, two = page([(GAME, found, rulebook)]), page([(GAME, copy.deepcopy(found), rulebook)])
    assert one == two
    assert not re.search(r"(?i)\b(src|href)=\"?(https?:)?//", one) and "http" not in one.replace("http-equiv", "")
    assert "<b>du tas</b>" not in one and "&lt;b&gt;du tas&lt;/b&gt;" in one  # rulebook text escaped
    assert "the <pile>" not in one and "the &lt;pile&gt;&#x27;s size &amp; shape" in one  # finding text escaped
    blob = one.split('id="witnesses">', 1)[1].split("</script>", 1)[0]
    assert "<" not in blob and ">" not in blob  # nothing in the JSON can close its <script>
    assert "</script><b>" in json.loads(blob)[0]["steps"][1]["event"]  # ... yet the text is all there


def test_control_characters_from_the_rulebook_and_the_log_reach_the_page_escaped(found, tmp_path):
    """A hostile rulebook's ESC, BEL and right-to-left override, and a log note's C1 CSI: the
    page (printed to a terminal by `-f html`) holds none of them raw; each is shown as its
    escape, and the witness's JSON still reads the note back exactly."""
    evil = tmp_path / "evil.txt"
    evil.write_text(BOOK.replace("Qui vide", "\x1b[2J\x07\u202eQui vide"), encoding="utf-8")
    fs = copy.deepcopy(found)
    w = next(f for f in fs if f.witness is not None).witness
    w.events[0]["note"] = "\x9b31m"
    html = page([(GAME, fs, evil)])
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]", html)
    assert "\\x1b[2J\\x07\\u202eQui vide" in html
    blob = html.split('id="witnesses">', 1)[1].split("</script>", 1)[0]
    assert json.loads(blob)[0]["steps"][1]["event"].endswith("note=\x9b31m")


def test_each_finding_sits_beside_the_sentences_read_from_the_rulebook_file(found, rulebook):
    html = page([(GAME, found, rulebook)])
    at = html.index("toy.gap.§2.pile_size")
    gap = html[html.rindex("<article", 0, at):html.index("</article>", at)]
    assert "Qui vide le tas gagne." in gap and "Prendre" not in gap  # its own § only
    link = re.search(r'<a class="cite" href="#(rb\d+)">§2', gap).group(1)  # the toy has no coverage map ...
    assert f'<section id="{link}"><h4>§2' in html and "no coverage map" in html  # ... its text is there all the same
    rulebook.write_text(BOOK.replace("Qui vide le tas gagne.", "Le dernier gagne."), encoding="utf-8")
    assert "Le dernier gagne." in page([(GAME, found, rulebook)])  # read at run time, not shipped


def test_without_a_rulebook_the_page_says_why_and_shows_the_sections_only(found):
    html = page([(GAME, found, None)])
    assert "is not on this machine" in html and "give --rulebook FILE" in html
    assert "toy.gap.§2.pile_size" in html
    assert "--rulebook elsewhere holds no" in page([(GAME, found, None)], given=Path("elsewhere"))


def test_severities_apart_proved_folded_unknown_apart(found, rulebook):
    html = page([(GAME, found, rulebook)])
    e, w, i = (html.index(f'<h3 class="{lv}">') for lv in ("error", "warning", "info"))
    assert e < w < i
    assert html.index('<article class="finding error">') < html.index('<article class="finding warning">')
    held = html.split('<details class="held">', 1)[1].split("</details>", 1)[0]
    assert "toy.invariant.§1.stones_are_conserved" in held
    if any(not f.established for f in found):
        assert 'class="unsettled"' in html and "toy.stalemate" in html.split('class="unsettled"', 1)[1]


def test_witness_states_are_the_models_replay(found):
    from referee.checks.steps import replayed

    w = next(f for f in found if f.witness).witness
    got = replayed(GAME, w)
    assert [s["view"]["pile"] for s in got["steps"]] == [10, 7, 5, 4]
    bad = Witness(w.header, TAKES + [{"do": "take", "by": "Ana", "k": 3}], "x", expect="illegal")
    last = replayed(GAME, bad)["steps"][-1]
    assert last["said"].startswith("refused: it is the player's turn") and last["cite"] == "§1"
    assert last["view"]["pile"] == 4  # the state the refused event left as it was


def test_the_annotated_rulebook_comes_from_the_coverage_map():
    from referee.checks.htmlreport import _book, _coverage, _Page
    from referee.rulebook.book import seed_file

    welcome = load("welcome")
    b, why = _book(welcome, seed_file(welcome))
    if b is None:
        pytest.skip(f"the Welcome seed is not on this machine: {why}")
    out = _coverage(_Page(), welcome, b)
    assert "<code" in out and "units:" in out and "unmapped: no entry" not in out
    text = next(u.text for s in b.sections for u in s.sentences if len(u.text) > 40)
    assert text.replace("'", "&#x27;").replace('"', "&quot;")[:40] in out
    bare = _coverage(_Page(), welcome, None)  # no rulebook file: positions and hashes only
    assert "no rulebook file here" in bare and text[:40] not in bare


def test_the_command_writes_the_page(found, rulebook, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(Audit, "run", lambda self: copy.deepcopy(found))
    r = run(app, ["audit", "toy", "--no-witness", "-f", "html", "--rulebook", str(rulebook)])
    assert r.exit_code == 1 and r.stdout.startswith("<!DOCTYPE html>") and "Qui vide le tas gagne." in r.stdout


def test_in_a_browser_the_page_loads_steps_and_renders(found, rulebook, tmp_path):
    pytest.importorskip("websocket", reason="websocket-client (the test extra) drives the browser")
    chromium = browser.find()
    if chromium is None:
        pytest.skip("no Chromium here (apt-get install chromium; .ci/run installs it when it runs as root)")
    f = tmp_path / "audit.html"
    f.write_text(page([(GAME, found, rulebook)]), encoding="utf-8")
    with browser.Browser(chromium, tmp_path / "profile") as b:
        b.open(f.as_uri())
        before = b.eval("[document.querySelector('.witness .pos').textContent, "
                        "document.querySelector('.witness .state').textContent]")
        assert before[0] == "event 0 / 3" and "10" in before[1]
        b.click(".witness .next")  # a real mouse click, at the button's place on screen
        after = b.eval("[document.querySelector('.witness .pos').textContent, "
                       "document.querySelector('.witness .state').textContent, "
                       "document.querySelector('.witness .ev').textContent, "
                       "[...document.querySelectorAll('.witness tr.changed th')].map(e => e.textContent)]")
        assert after[0] == "event 1 / 3" and after[1] != before[1] and "7" in after[1]
        assert after[1].startswith("phase0")  # a field the event left alone is still shown (rebuilt from deltas)
        assert after[2] == "1. take by Ana k=3 note=</script><b>"  # shown as text, not markup
        assert set(after[3]) == {"pile", "turn", "taken"}
        png = b.screenshot()
        (tmp_path / "audit.png").write_bytes(png)
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(png[16:20], "big") == 1280
        assert b.colours(png) > 20  # rendered: a blank page has 1
        assert b.errors == []  # no exception thrown, nothing logged as an error


def test_a_chapter_without_sentences_of_its_own_shows_its_parts(tmp_path):
    from referee.checks.findings import Finding
    from referee.checks.htmlreport import _book, _Page, _sentences

    p = tmp_path / "book.txt"
    p.write_text("Nim\n\n§3. Fin\n\n§3.1. Compte\nOn compte les pierres.\n", encoding="utf-8")
    b, _ = _book(GAME, p)
    got = _sentences(_Page(), GAME, b, Finding("toy.gap.§3.x", "toy", "gap", ["§3"], "x"))
    assert "On compte les pierres." in got and "no sentence" not in got


def test_states_travel_as_deltas_that_rebuild_every_state():
    from referee.checks.htmlreport import _deltas

    views = [{"a": 1, "b": [1]}, {"a": 1, "b": [2]}, {"a": 2, "c": 3}]
    got = _deltas([{"event": str(i), "view": v} for i, v in enumerate(views)])
    assert [d["set"] for d in got] == [{"a": 1, "b": [1]}, {"b": [2]}, {"a": 2, "c": 3}] and got[2]["gone"] == ["b"]
    state: dict = {}
    for d, v in zip(got, views):  # as the page's script rebuilds them
        state = {k: x for k, x in {**state, **d["set"]}.items() if k not in d.get("gone", [])}
        assert state == v
