"""`referee replay LOG --why N`: every rule checked for one event, with the values it read,
the options that decided, and what the effect changed; the same event by number or by line."""
from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from referee.cli.app import app
from referee.replays.engine import replay

EX = Path(__file__).parent.parent / "examples"
LEGAL = EX / "welcome" / "2p-warrior-two-successes.jsonl"
AXE = EX / "welcome" / "bad-axe-twice.jsonl"


def run(*args):
    r = CliRunner().invoke(app, ["replay", *map(str, args)])
    return r.exit_code, r.stdout, r.stderr if r.stderr_bytes is not None else ""


def test_legal_event_every_rule_holds_and_the_change_is_named():
    code, out, _ = run(LEGAL, "--why", "5", "-f", "json")
    d = json.loads(out)
    assert code == 0 and d["verdict"] == "legal" and d["event"] == 5 and d["line"] == 6
    assert d["do"] == "bid.draw" and d["first_failing"] is None
    assert len(d["needs"]) >= 3 and all(n["holds"] and n["cite"].startswith("§") for n in d["needs"])
    deck = next(n for n in d["needs"] if "still in the deck" in n["says"])
    assert deck["reads"] == {"deck[3]": 2}  # the Vampire's count, read by that rule and no other leaf
    assert {"field": "phase", "before": "bid", "after": "place"} in d["changes"]  # names, from Game.show
    assert {"field": "hand", "before": [0] * 8, "after": [0, 0, 0, 1, 0, 0, 0, 0]} in d["fields"]
    # the same event asked by its line, and as text
    assert json.loads(run(LEGAL, "--why", "line:6", "-f", "json")[1]) == d
    code, text, _ = run(LEGAL, "--why", "event:5")
    assert code == 0 and "legal: 4 rule(s) checked" in text and "phase: bid -> place" in text


def test_illegal_event_shows_the_first_failing_rule_and_the_others():
    v = replay(AXE)
    code, out, _ = run(AXE, "--why", f"line:{v.first().line}", "-f", "json")
    d = json.loads(out)
    assert code == 1 and d["verdict"] == "illegal"
    bad = d["needs"][d["first_failing"]]
    assert bad["cite"] == v.first().cite == "§Équipement.Hache" and not bad["holds"]
    assert bad["shows"] == "the Axe was used already" and bad["reads"]["axe_used"] is True
    assert all(n["holds"] for n in d["needs"][:d["first_failing"]])
    assert d["changes"] == [] and "FAIL [§Équipement.Hache]" in run(AXE, "--why", f"line:{v.first().line}")[1]


def test_the_option_that_decided_is_shown():
    path = EX / "draft" / "legal-2p.jsonl"
    at = next(x for x in replay(path).decided if x["ruling"] == "stop_early")
    d = json.loads(run(path, "--why", f"line:{at['line']}", "-f", "json")[1])
    assert {"ruling": "stop_early", "cite": at["cite"], "option": at["option"]} in d["decided"]


def test_bad_targets_are_located_errors():
    assert run(LEGAL, "--why", "0")[0] == 2
    assert run(LEGAL, "--why", "turn:3")[0] == 2
    code, out, err = run(LEGAL, "--why", "999")
    assert code == 2 and "event 999 is not an event of this log (36 events)" in err and "Traceback" not in err
    assert run(LEGAL, AXE, "--why", "3")[0] == 2  # one log only
    code, _, err = run(EX / "welcome" / "unreadable-unknown-monster.jsonl", "--why", "999")
    assert code == 2 and "unreadable-unknown-monster.jsonl:" in err
    code, _, err = run(EX / "welcome" / "unreadable-unknown-adventurer.jsonl", "--why", "1")
    assert code == 2 and "unreadable-unknown-adventurer.jsonl:1: header: setup: adventurer" in err


def test_why_agrees_with_the_replay_in_every_game():
    """For the first illegal example of each game (a broken guard), --why at the engine's line
    finds the same § failing; the event before it is legal."""
    from referee.model import BUILTIN
    from referee.replays.why import why

    for game in BUILTIN:
        for p in sorted((EX / game).glob("*.jsonl"), key=lambda p: p.stat().st_size):  # the short ones first
            v = replay(p)
            if v.verdict == "illegal" and " breaks " in v.first().message and v.first().line > 3:
                d = why(p, ("line", v.first().line))
                assert d["verdict"] == "illegal" and d["needs"][d["first_failing"]]["cite"] == v.first().cite, p
                assert why(p, ("line", v.first().line - 1))["verdict"] == "legal", p
                break
        else:
            raise AssertionError(f"no illegal example for {game}")


def test_an_exact_fraction_is_shown_as_its_text_not_a_crash():
    """A Trolls charge ending on a half inch: the position is a Fraction, which JSON cannot hold
    (the s51 hand-computed positions: --why crashed on it, in text and in JSON)."""
    log = Path(__file__).parent / "trolls" / "charge_half_inch.jsonl"
    code, out, err = run(log, "--why", "10", "-f", "json")
    assert code == 0 and "Traceback" not in err, err
    d = json.loads(out)
    assert any(c["after"] == ["35/2", 4] for c in d["fields"] if c["field"].startswith("pos["))
    code, text, _ = run(log, "--why", "10")
    assert code == 0 and '"35/2"' in text
