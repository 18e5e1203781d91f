"""The policy for options and defaults (checks/policy.py, issue #16 items 4-5): every option
declares the basis of its default, defaults follow the text then the published rule, the
audit flags the model's own defaults, disputed points name their sources, and headlines
state the situation and the readings. All fast: no z3 query, no search."""
from __future__ import annotations

import dataclasses
from pathlib import Path
from types import SimpleNamespace

import pytest

from referee.checks import policy
from referee.checks.findings import Finding
from referee.model import BUILTIN, load
from referee.model.kernel import Basis

def _facts() -> Path | None:
    """../shared/facts beside the seeds, where they are on this machine."""
    from referee.rulebook.book import seeds_dir

    seeds = seeds_dir()
    return seeds.parent / "facts" if seeds is not None else None


@pytest.mark.parametrize("name", BUILTIN)
def test_every_option_declares_a_basis_its_default_follows(name):
    assert policy.problems(load(name)) == []


def _toy(**change):
    from tests.toygame import GAME

    o = dataclasses.replace(GAME.options[0], **change)
    return dataclasses.replace(GAME, options=(o,))


def test_an_option_without_basis_or_against_it_is_refused():
    assert policy.problems(_toy()) == []
    assert "no basis" in policy.problems(_toy(basis=None))[0]
    against = policy.problems(_toy(basis=Basis("text", "§0", "12", "the rules start at twelve")))
    assert any("goes against its text basis" in p for p in against)
    assert any("none of" in p for p in policy.problems(_toy(basis=Basis("model", "§0", "11", "eleven"))))
    assert any("facts file and line" in p for p in policy.problems(_toy(basis=Basis("published", "§0", "10", "ten"))))
    assert any("house option" in p for p in
               policy.problems(_toy(kind="house", basis=Basis("model", "§0", "10", "nothing decides it"))))


@pytest.mark.parametrize("name", BUILTIN)
def test_published_bases_point_at_a_line_of_the_facts(name):
    facts = _facts()
    if facts is None or not facts.is_dir():
        pytest.skip("the facts files (../shared/facts) are not on this machine")
    for o in load(name).options:
        for where in (o.basis.cite if o.basis.kind == "published" else "", o.basis.against):
            if policy.FACTS.match(where or ""):
                file, line = where.split(":")
                lines = (facts / file).read_text(encoding="utf-8").splitlines()
                assert 1 <= int(line) <= len(lines) and lines[int(line) - 1].strip(), (o.name, where)


def test_the_known_defaults_follow_the_text_or_the_published_rule():
    """#16: raiders pvp_heal (§8.8: fought as in PvE, heals apply), twister end (§Fin: at
    once; published: end of turn, a contradiction) and exit_carried (published: saved,
    scores nothing)."""
    opts = {(g, o.name): o for g in BUILTIN for o in load(g).options}
    assert (opts["raiders", "pvp_heal"].default, opts["raiders", "pvp_heal"].basis.kind) == ("yes", "text")
    end = opts["twister", "end"]
    assert (end.default, end.basis.kind, end.basis.against) == ("immediate", "text", "dungeon-twister.md:50")
    assert (opts["twister", "exit_carried"].default, opts["twister", "exit_carried"].basis.kind) == ("no", "published")


def _audit(game, findings=()):
    cfg = game.default_config()
    a = SimpleNamespace(game=game, cfg=cfg, findings=list(findings))
    a.add = lambda f: a.findings.append(f) or f
    return a


def test_the_review_flags_a_model_default_and_lists_a_decided_point():
    a = _audit(_toy())
    policy.review(a)
    assert a.findings == []  # a variant the toy's text offers: no finding
    a = _audit(_toy(kind="silent", basis=Basis("model", "§0", "10", "the rules give no starting pile")))
    policy.review(a)
    (f,) = a.findings
    assert (f.id, f.status, f.severity) == ("toy.default.§0.start", "default", "info")
    assert "the model plays 10" in f.says
    a = _audit(_toy(kind="house", basis=Basis("text", "§0", "10", "the rules start at ten")))
    policy.review(a)
    (f,) = a.findings
    assert (f.kind, f.status, f.severity) == ("proved", "decided", None) and f.says.startswith("decided by §0")
    # a published rule, not the text, decides it: the text is silent, a finding (a silent option's status)
    a = _audit(_toy(kind="house", basis=Basis("published", "toy.md:3", "10", "the published rules start at ten")))
    policy.review(a)
    (f,) = a.findings
    assert (f.kind, f.status, f.severity) == ("gap", "published rule", "warning") and f.is_problem
    assert "the text gives no answer, a published rule does (facts/toy.md:3)" in f.says


def test_a_reported_model_default_is_flagged_on_its_own_finding():
    game = load("raiders")
    asked = Finding("raiders.ambiguity.§3.4.initiative", "raiders", "ambiguity", ["§3.4"], "…", status="hole",
                    rule="initiative")
    a = _audit(game, [asked])
    policy.review(a)
    assert any(d.startswith("default reroll: the model's choice") for d in asked.details)
    assert any(d.startswith("the text read: §3.4#2") for d in asked.details)
    assert not any(f.id.endswith(".initiative_tie") for f in a.findings)  # flagged once, where it is reported
    decided = {f.rule or f.id.rsplit(".", 1)[-1] for f in a.findings if f.status == "decided"}
    assert "pvp_heal" in decided


def test_a_point_two_sources_state_differently_is_a_contradiction_naming_both():
    game = load("twister")
    end = next(o for o in game.options if o.name == "end")
    kind, says, sources = policy.disputed(game, end)
    assert kind == "contradiction"
    assert sources == ["002_4fb96ebe3216544d.txt §Fin", "facts/dungeon-twister.md:50"]
    # the facts line reports the published rulebook's other reading; it states no rule of its own
    assert "facts/dungeon-twister.md:50 reports a public source that reads 002_4fb96ebe3216544d.txt §Fin otherwise" in says
    assert "cannot both hold" not in says and "follows the text" in says
    # two sections of the rulebook that state a point differently cannot both hold
    two = dataclasses.replace(end, basis=dataclasses.replace(end.basis, against="§Victoire"))
    assert "cannot both hold" in policy.disputed(game, two)[1]
    plain = dataclasses.replace(end, basis=dataclasses.replace(end.basis, against=""))
    assert policy.disputed(game, plain)[0] == "ambiguity"
    # one facts line that reports both readings is one source, listed once (Draft's gold)
    gold = next(o for o in load("draft").options if o.name == "gold")
    assert policy.disputed(load("draft"), gold)[2] == ["facts/dungeon-draft.md:6"]


def test_a_headline_states_the_situation_the_event_and_the_readings():
    game = load("raiders")
    r = next(x for x in game.rulings if x.name == "initiative")
    opts = [x for x in r.answers if x.option is not None]
    status, says = policy.headline(r, None, opts, game.default_config())
    assert status == "hole"
    assert says.startswith("both players' first rolls total the same")
    assert "(during a 'setup.initiative' event): the text gives no answer" in says
    assert "[followed in this audit: option initiative_tie=reroll]" in says and "readings: 1) " in says
    for bad in ("e.g.", "unsat", "core"):
        assert bad not in says


def test_both_five_is_not_applicable_under_the_texts_end():
    """Twister's both_five arises only with end=turn: under the default (the text's
    immediate end) the audit says so, and asks z3 nothing."""
    from referee.checks.audit import Audit

    game = load("twister")
    r = next(x for x in game.rulings if x.name == "both_five")
    a = Audit(game, witnesses=False)
    a._ruling(r)
    (f,) = a.findings
    assert (f.kind, f.status) == ("unknown", "not applicable")
    assert "arises only with end=turn" in f.details[0]


def test_a_hole_a_published_rule_answers_is_a_warning_not_an_error():
    """Twister's pawns: §Règle d'or 2 is silent on carried tokens, the published rule counts
    them (dungeon-twister.md:44): nothing is undefined in play, the text should say it."""
    game = load("twister")
    hole = Finding("twister.ambiguity.§Règle_d'or_2.pawns", "twister", "ambiguity", ["§Règle d'or 2"],
                   "a mover carries a token: the text gives no answer — readings: …", status="hole", rule="pawns")
    assert hole.severity == "error"
    a = _audit(game, [hole])
    policy.published_answers(a)  # as the audit runs them: before the folds weigh severities (s61)
    policy.review(a)
    assert (hole.status, hole.severity) == ("published rule", "warning")
    assert "the text gives no answer, a published rule does (facts/dungeon-twister.md:44)" in hole.says
    assert any(d.startswith("default yes: follows the published rule (dungeon-twister.md:44") for d in hole.details)


def test_a_conflict_no_option_settles_declares_the_basis_of_the_reading_a_replay_follows():
    """A ruling with two text answers of one source and no option: a replay follows the first
    listed, a default like any other (Twister's troll_regen)."""
    game = load("twister")
    r = next(x for x in game.rulings if x.name == "troll_regen")
    assert policy.needs_basis(r) and r.basis.value == "§Troll"
    bare = dataclasses.replace(game, rulings=tuple(dataclasses.replace(x, basis=None) if x is r else x
                                                   for x in game.rulings))
    assert any("troll_regen" in p and "declares no basis" in p for p in policy.problems(bare))
    f = Finding("twister.ambiguity.§Troll.troll_regen", "twister", "ambiguity", ["§Troll"], "…", status="conflict",
                rule="troll_regen")
    policy.review(_audit(game, [f]))
    assert any(d.startswith("a replay follows §Troll: the model's choice") for d in f.details)


def test_ids_take_the_form_game_kind_section_name():
    """A § with blanks or a slash (Trolls' '§Tour de jeu/6') is written as finding_id writes it,
    by the text detectors too (their hits become findings in text/hit.py)."""
    from referee.checks.text import Hit, findings
    from referee.checks.text.page import Page

    page = Page("trolls", "003.txt", (), ())
    (f,) = findings(page, [Hit("§Tour de jeu/6", "may-must", "contradiction", "…", 26, "initier")])
    assert f.id == "trolls.contradiction.§Tour_de_jeu_6.may-must"
