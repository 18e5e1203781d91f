"""Proofs cover what they claim (issue 16, item 1): the audit runs at every player count the
game allows, a rule that says nothing in a configuration (its test holds in every state,
reachable or not) is never proved there, and each proved or decided item lists what it
covers. On the toy game (tests/toygame.py) with a configure that takes 2 to 3 players."""
import dataclasses
import io
import json

from rich.console import Console

from referee.checks import report
from referee.checks.audit import Audit
from referee.checks.findings import AGREES, BUILT, covers_text, only_with, spans
from referee.checks.htmlreport import page
from referee.checks.sarif import sarif
from referee.checks.rulebook import Rulebook
from referee.model import load
from referee.model.kernel import Claim, Gap, Implies, Invariant

from .test_audit_honesty import GAME, _game, _one, _run


def _np(s):
    return s.cfg.extra["nplayers"]


# only with three players does it say anything: with two it is `True` whatever the state
THIRD = Invariant("§1", "with three players the pile is never negative", lambda s: Implies(_np(s) >= 3, s.pile >= 0),
                  name="third")
# says something with two players only: with three it holds in every state
PAIR = Invariant("§1", "with two players the pile is never negative", lambda s: Implies(_np(s) == 2, s.pile >= 0),
                 name="pair")
# says something only when the option start=12 is in force
TWELVE = Invariant("§0", "a twelve-stone pile never grows", lambda s: s.pile <= 12 if s.cfg.opt("start") == "12" else True,
                   name="twelve")


def _text(game, findings):
    buf = io.StringIO()
    report.text(Console(file=buf, width=400, color_system=None), game, findings, {})
    return buf.getvalue()


# says something only under start=12, and is false there from the setup on
ELEVEN = Invariant("§0", "a twelve-stone pile holds at most eleven", lambda s: s.pile <= 11 if s.cfg.opt("start") == "12" else True,
                   name="eleven")


def test_a_rule_vacuous_at_the_only_count_is_not_applicable_never_proved():
    # Nim is for 2 players: an invariant about 3 players says nothing in any configuration audited
    g = _game(2, 2, invariants=GAME.invariants + (THIRD,))
    _, fs = _run(g)
    f = _one(fs, ".third")
    assert (f.kind, f.status) == ("unknown", "not established") and f.covers is None
    assert f.details[0].startswith("not applicable: it holds in every state"), f.details
    out = _text(g, fs)
    held = out.split("not established")[0]  # the proved block
    assert "with three players" not in held


def test_a_rule_of_one_variant_is_proved_in_that_variant_only():
    """start=12 is a variant the toy's text offers (kind "variant"): a guarantee that says
    something only there is proved there and covers that variant; one that fails there is
    not established, never "not applicable" (it means something) nor proved."""
    g = _game(2, 2, invariants=GAME.invariants + (TWELVE, ELEVEN))
    _, fs = _run(g)
    twelve, eleven = _one(fs, ".twelve"), _one(fs, ".eleven")
    assert (twelve.kind, twelve.status) == ("proved", "inductive")
    assert twelve.covers["not_default"] == {"start": "12"}
    assert "under the variant start=12" in twelve.details[0] and "start=10" in twelve.details[1]
    assert (eleven.kind, eleven.status) == ("unknown", "not established") and eleven.covers is None
    assert eleven.details[0].startswith("not established under the variant start=12")
    # the user who audits start=12 gets the proof in the audit's own setting
    _, fs = _run(g, options={"start": "12"})
    assert _one(fs, ".twelve").covers["not_default"] == {"start": "12"}
    assert "under the variant" not in _one(fs, ".twelve").details[0]


def test_a_rule_vacuous_at_some_counts_is_proved_only_where_it_says_something():
    g = _game(2, 3, invariants=GAME.invariants + (THIRD, PAIR))
    _, fs = _run(g)
    third, pair = _one(fs, ".third"), _one(fs, ".pair")
    assert third.kind == "proved" and third.covers["players"] == [3]
    assert pair.kind == "proved" and pair.covers["players"] == [2]
    assert any("with 2 players it holds in every state" in d for d in third.details)
    # a rule that says something at every count covers them all
    assert _one(fs, ".the_pile_is_never_negative").covers["players"] == [2, 3]


def test_an_always_claim_that_says_nothing_is_not_applicable():
    claim = Claim("§1", "with three players the pile is never negative", "always",
                  lambda s: Implies(_np(s) >= 3, s.pile >= 0))
    g = _game(2, 3, claims=(claim,))
    g2 = _game(2, 2, claims=(claim,))
    f = _one(_run(g)[1], ".claim.")
    assert f.status == "proved" and f.covers["players"] == [3]
    f2 = _one(_run(g2)[1], ".claim.")
    assert f2.kind == "unknown" and f2.covers is None


def test_covers_in_text_json_and_sarif():
    g = _game(2, 3, invariants=GAME.invariants + (THIRD,))
    a, fs = _run(g, options={"start": "12"})
    f = _one(fs, ".the_pile_is_never_negative")
    assert covers_text(f.covers) == "2, 3 players, options start=12 (others default), shipped components"
    assert "2, 3 players, options start=12 (others default)" in _text(g, fs)
    assert json.loads(json.dumps(f.to_json()))["covers"]["players"] == [2, 3]
    run = sarif([(g, fs, Rulebook(None))])["runs"][0]
    held = {x["id"]: x for x in run["properties"]["referee/proved"]}
    assert held[f.id]["covers"]["players"] == [2, 3] and held[_one(fs, ".third").id]["covers"]["players"] == [3]
    assert "covers: 2, 3 players, options start=12 (others default), shipped components" in page([(g, fs, None)])


def test_spans_and_only_with():
    assert spans([2, 3, 4, 5]) == "2–5" and spans([2, 3]) == "2, 3" and spans([2, 4, 5]) == "2, 4, 5"
    assert only_with([3, 4, 5], [2, 3, 4, 5]) == "arises only with >= 3 players"
    assert only_with([2, 4], [2, 3, 4]) == "arises only with 2, 4 players"


# ------------------------------------------------------------------ circular claims
def _illustrative(gaps):
    from types import SimpleNamespace

    conf = _game(2, 2).configure

    def configure(options, comp_dir, prefer, nplayers=2):
        return dataclasses.replace(conf(options, comp_dir, prefer, nplayers), comp=SimpleNamespace(illustrative=True))

    claim = Claim("§9", "the 8 cards cost 31 in all", "data", lambda comp: 31, 31, name="cost_31")
    return dataclasses.replace(_game(2, 2, claims=(claim,), gaps=gaps), configure=configure)


def test_a_claim_met_by_the_illustrative_set_built_for_it_is_not_proved():
    lost = Gap("§9", "the card list is lost", "illustrative cards in cards.toml", name="cards", data=("cards",))
    f = _one(_run(_illustrative((lost,)))[1], ".cost_31")
    assert f.status == BUILT and not f.is_problem and f.severity is None
    assert f.details[0].startswith(f"{BUILT}: it reads the set's values, and at its § the model's gap (cards)")
    # the same claim where the text's table is not lost is checked: the component files agree
    # with it, which proves nothing of the text (s53, s54 readers: not "proved"), and is no finding
    elsewhere = Gap("§8", "the card list is lost", "illustrative cards in cards.toml", name="cards", data=("cards",))
    f = _one(_run(_illustrative((elsewhere,)))[1], ".cost_31")
    assert f.status == AGREES and not f.is_problem and f.severity is None
    # the word "illustrative" in what the project fills does not make a lost table: Gap.data does
    worded = Gap("§9", "the card list is lost", "illustrative cards in cards.toml", name="cards")
    assert _one(_run(_illustrative((worded,)))[1], ".cost_31").status == AGREES


def test_raiders_31_crowns_and_plus_6_hold_by_construction():
    a = Audit(load("raiders"), witnesses=False)
    by = {c.name: a.by_construction(c) for c in a.game.claims}
    assert by["8_advanced_cards"].startswith(BUILT) and by["maximum_bonus_6"].startswith(BUILT)
    assert "bonus_tables_give" not in by  # withdrawn (session 39): the data check maximum_bonus_6 reads the tables
    assert by["building_receives_4"] == ""  # §6.1 §6.3: numbers of the text's own rules
    assert by["all_6_guilds"].startswith(BUILT)  # §9.1: the guilds exist only in the illustrative set
    assert by["permanent_tokens_5"] == ""  # §6.5: the printed tile's number (a source), not the set's


def test_a_data_check_is_checked_at_every_count():
    from referee.model.kernel import DataCheck

    def checks(cfg):
        n = cfg.extra["nplayers"]
        return [DataCheck("§0", f"the box holds the stones of {n} players", 4 * n <= limit, "", name="box")]

    limit = 12  # 3 players x 4 stones: holds at 2 and 3
    f = _one(_run(_game(2, 3, data_checks=checks))[1], ".box")
    assert (f.status, f.says, f.covers["players"]) == ("ok", "the box holds the stones of 3 players", [2, 3])
    limit = 8  # holds with 2 players only: the audit's count alone would say ok
    f = _one(_run(_game(2, 3, data_checks=checks))[1], ".box")
    assert (f.status, f.says, f.covers) == ("fails", "the box holds the stones of 3 players", None)


def test_a_data_check_that_states_a_claim_of_the_text_is_reported_once_as_the_claim():
    """Draft's claim of a quest deck dealing 25 and the components' check of it were two
    findings for one statement: the claim now carries the check's count; a check of the same
    name that fails would stay a finding of its own."""
    from referee.checks.audit import Audit
    from referee.model import load

    for name, tail in (("draft", "quest_deck_deals"), ("twister", "player_16_cards")):
        a = Audit(load(name), witnesses=False)
        a.data()
        ids = [f.id for f in a.findings if f.id.endswith(tail)]
        assert len(ids) == 1 and ".claim." in ids[0], ids
        f = next(f for f in a.findings if f.id == ids[0])
        assert any(d.startswith("the components' check: ") for d in f.details)


def test_the_counts_where_a_proved_invariant_says_nothing_are_said_beside_those_it_covers():
    """Draft's empty seats: with 5 players no seat is beyond the count, so the rule says
    nothing there; the covers name 5 apart (JSON `vacuous`, and the text report's line)."""
    a = Audit(load("draft"), witnesses=False)
    (f,) = [x for x in a.run() if x.id == "draft.invariant.§Intro.seats_beyond_number"]
    assert f.status == "inductive" and f.covers["players"] == [2, 3, 4] and f.covers["vacuous"] == [5]
    assert covers_text(f.covers).startswith("2–4 players (with 5 it holds in every state: says nothing, not claimed)")
    assert any("with 5 players it holds in every state" in d for d in f.details)
