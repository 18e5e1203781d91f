"""With --explain, a legal verdict says which of its steps rest on the model's reading of a
point the text is silent on (the verdict's `silent` entries, replays/engine._silent): each gap
that says when it bites (Gap.on, Gap.arises) is listed at the lines where its situation arose,
and only there. Without it they are not looked for (null): testing every gap's situation on
every event halves a replay's speed (bench/replay_speed.py, session 52)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli.app import app
from referee.model import load
from referee.replays.engine import replay
from referee.replays.log import lines

ROOT = Path(__file__).parent
CHARGE = ROOT / "trolls" / "charge_from_melee.jsonl"  # hand position k57 (session 52)
EXAMPLES = sorted((ROOT.parent / "examples").glob("*/*.jsonl"))


def run(*args):
    r = CliRunner().invoke(app, ["replay", *map(str, args)])
    return r.exit_code, r.stdout


def test_a_charge_over_a_base_is_legal_on_the_model_reading_and_says_so():
    # line 14: h2 charges t2 on a straight line over another base; §Actions/Charge never says
    # whether bases on the way block a charge (gap move_blockers)
    assert replay(CHARGE).silent is None  # not looked for
    v = replay(CHARGE, explain=True)
    assert v.verdict == "legal"
    at = {(d["line"], d["gap"]) for d in v.silent}
    assert (14, "move_blockers") in at
    # the other charge of this game (line 10) passes over no base: not this gap's situation
    assert (10, "move_blockers") not in at
    e = next(d for d in v.silent if d["gap"] == "move_blockers")
    assert e["cite"] == "§Actions/Mouvement §Actions/Charge §Actions/Corps à corps" and "a charger may end behind its target" in e["reading"]


def test_the_text_report_groups_each_gap_with_explain():
    code, out = run(CHARGE)
    assert code == 0 and "is silent on" not in out
    code, out = run(CHARGE, "--explain")
    line = next(x for x in out.splitlines() if "'move_blockers'" in x)
    assert line.startswith(f"{CHARGE}:14: the text is silent on 'move_blockers'") and "lines 14;" in line
    assert "the model reads: a move or a charge is checked by its distance alone" in line
    code, out = run(CHARGE, "-f", "json")
    assert json.loads(out)["silent"] is None


def test_a_batch_with_explain_names_each_legal_file_and_its_silences(tmp_path):
    """A batch names only its files that are not legal; given -e it printed the summary alone,
    and a reader concluded that no gap arose (s60 review): each legal file and its silences now."""
    other = tmp_path / "copy.jsonl"
    other.write_bytes(CHARGE.read_bytes())
    code, out = run(CHARGE, other)
    assert code == 0 and f"{CHARGE}: legal," not in out and "is silent on" not in out
    code, out = run(CHARGE, other, "--explain")
    for f in (CHARGE, other):
        assert f"{f}: legal," in out and f"{f}:14: the text is silent on 'move_blockers'" in out, out


def test_why_names_the_silences_of_one_event():
    code, out = run(CHARGE, "--why", "line:14", "-f", "json")
    d = json.loads(out)
    assert code == 0 and "move_blockers" in {x["gap"] for x in d["silent"]}
    code, out = run(CHARGE, "--why", "line:10", "-f", "json")
    assert "move_blockers" not in {x["gap"] for x in json.loads(out)["silent"]}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_silence_is_a_gap_of_the_game_on_its_own_event(path):
    """Each entry names a gap of the game that bites on the event of its line, at a line the
    verdict had accepted (before the first problem)."""
    v = replay(path, explain=True)
    if not v.silent:
        return
    game = load(v.game)
    gaps = {g.name: g for g in game.gaps}
    events = {ln.no: ln.data.get("do") for ln in lines(path) if "do" in ln.data}
    first = min((p.line for p in v.problems if p.line), default=None)
    for d in v.silent:
        g = gaps[d["gap"]]
        assert g.arises is not None and events[d["line"]] in g.on and d["cite"] == g.cite
        assert first is None or d["line"] < first


ROBBED = ROOT / "raiders" / "glory_reached_then_robbed.jsonl"  # an independent referee's log (s59, diffC h1b)


def test_a_player_robbed_below_23_glory_in_the_turn_he_reached_it_is_the_model_reading_and_said():
    # turn 31: Ben reaches 23 glory in a PvE (line 546), then loses the PvP of line 550 and is
    # robbed back to 22; the game goes on into turn 32. §9.2 ends it for a player who 'atteint'
    # 23: reached, or held at the turn's end? (gap glory_reached_or_held: held). The random
    # search met no such PvP in 3,000,000 moves; this log is one.
    v = replay(ROBBED, explain=True)
    assert v.verdict == "legal"
    at = [d for d in v.silent if d["gap"] == "glory_reached_or_held"]
    assert [d["line"] for d in at] == [550] and at[0]["cite"] == "§9.2 §9.3 §8.8"
    # no other PvP of the game took a player from 23 or more below it
    assert all(d["gap"] != "glory_reached_or_held" or d["line"] == 550 for d in v.silent)
