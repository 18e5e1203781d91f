"""§8.7: when the group on a dungeon's entry is routed, the attacker on its helmet does not
fight it and 'peut' then do the dungeon: a choice (expedition.decline), where an ambush
nobody answered does the dungeon (§7.3). A group that declines goes back to the reserve at
once, as a routed group's survivors do (§8.9 returns it at the phase's end: nothing between
tells the two apart; the gap helmet_may_decline, withdrawn in session 61).

Found by a blind reading of the rulebook (session 48): the model made that PvE due, so a
game whose attacker declined was refused. The logs are scenario games (tests/data/raiders/),
one cut at the rout, one at the roll of a group on a helmet whose entry nobody took."""
from pathlib import Path

import orjson

import referee

DATA = Path(__file__).resolve().parents[1] / "data" / "raiders"


def _replay(tmp_path, name, keep=None, add=()):
    """The log `name`, its first `keep` lines (all: None), then the events `add`."""
    rows = (DATA / name).read_bytes().splitlines()[:keep]
    n = orjson.loads(rows[-1]).get("n", 0)
    rows += [orjson.dumps({"n": n + i, **e}) for i, e in enumerate(add, 1)]
    path = tmp_path / name
    path.write_bytes(b"\n".join(rows) + b"\n")
    return referee.load("raiders").replay(path)


def test_the_attacker_of_a_routed_group_may_leave_and_its_adventurers_go_back(tmp_path):
    # line 19: Ben's group 2, on the entry, routed (score 5 against 6); line 20: Ana's group 1,
    # on that dungeon's helmet, declines
    before = _replay(tmp_path, "helmet-declines-after-rout.jsonl", keep=-1)
    after = _replay(tmp_path, "helmet-declines-after-rout.jsonl")
    assert before.verdict == after.verdict == "legal", after
    s, t = before.state, after.state
    went = [r + f + b for r, f, b in zip(s.reserve[0], s.front[0][0], s.back[0][0])]
    assert sum(s.front[0][0]) + sum(s.back[0][0]) >= 1
    assert list(t.reserve[0]) == went and t.stage[0][0] == 0 and t.at[0][0] == -1


def test_it_declines_once_and_the_turn_waits_for_its_choice(tmp_path):
    again = _replay(tmp_path, "helmet-declines-after-rout.jsonl", add=[{"by": "Ana", "do": "expedition.decline", "group": 1}])
    assert again.verdict == "illegal" and again.problems[0].line == 21 and again.problems[0].cite == "§8.7 §7.3", again
    # neither fought nor left: the turn cannot end (§8.9); once it has left, it can
    end = _replay(tmp_path, "helmet-declines-after-rout.jsonl", keep=-1, add=[{"by": "chance", "do": "turn.end"}])
    assert end.verdict == "illegal" and end.problems[0].line == 20 and "§8.9" in end.problems[0].cite, end
    assert _replay(tmp_path, "helmet-declines-after-rout.jsonl", add=[{"by": "chance", "do": "turn.end"}]).verdict == "legal"


def test_the_attacker_of_a_routed_group_may_still_do_the_dungeon(tmp_path):
    # instead of declining, Ana's group 1 (one adventurer in front) rolls its PvE: 'peut', not 'doit' leave
    roll = {"by": "chance", "do": "expedition.roll", "who": "Ana", "group": 1, "dice": ["prêtre 3c"], "explore": []}
    v = _replay(tmp_path, "helmet-declines-after-rout.jsonl", keep=-1, add=[roll])
    assert v.verdict == "legal", v
    assert v.state.stage[0][0] == 2  # PvE dice rolled


def test_an_ambush_nobody_answered_does_the_dungeon(tmp_path):
    # line 127: Ben's group 2 waits on a helmet whose entry nobody took (§7.3): no choice
    v = _replay(tmp_path, "helmet-declines-unanswered-ambush.jsonl")
    assert v.verdict == "illegal" and v.problems[0].line == 127 and v.problems[0].cite == "§8.7 §7.3", v
    assert "sent, its combat to come" in v.problems[0].message
    assert _replay(tmp_path, "helmet-declines-unanswered-ambush.jsonl", keep=-1).verdict == "legal"
