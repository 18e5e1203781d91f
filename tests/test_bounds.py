"""A list longer than a log may hold for its field (kernel Names.most), where a rule refuses
that many, is an illegal event with the rule's §, not an unreadable line (replays/bounds.py;
s62 hand-computed positions: a Raiders starting hand of 3 cards, §3.6). Where no rule refuses
it, the bound is the format's alone and the line stays unreadable."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import orjson
from referee import Action, Names, Need, Param, Sum
from referee.replays.engine import replay

from . import toygame

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "raiders" / "normal-advanced.jsonl"


def _raiders(cards: list[str], keep_going: bool = False):
    lines = [orjson.loads(x) for x in EXAMPLE.read_bytes().splitlines() if x.strip()]
    assert lines[2]["do"] == "setup.draw" and len(lines[2]["cards"]) == 2
    lines[2]["cards"] = cards
    return replay(lines[:5], keep_going=keep_going)


def test_a_starting_hand_of_three_is_illegal_at_its_line_with_its_section():
    first = orjson.loads(EXAMPLE.read_bytes().splitlines()[2])["cards"]
    v = _raiders(first + first[:1])
    assert v.verdict == "illegal", v
    p, = v.problems
    assert (p.line, p.kind, p.cite) == (3, "illegal", "§3.6")
    assert "the starting hand is 2 cards" in p.message and "holds 3, more than the 2" in p.message
    # -k: nothing after it is checked (its args are past what the rules are played on), and it says so
    k = _raiders(first + first[:1], keep_going=True)
    assert k.verdict == "illegal" and [w.line for w in k.warnings] == [3]


def test_a_long_list_with_an_unknown_name_stays_unreadable():
    v = _raiders(["Conseil de guerre", "Prophétie", "no such card"])
    assert v.verdict == "unreadable" and (v.problems[0].line, v.problems[0].field) == (3, "cards"), v


def _toy(count_need: bool):
    mark = Action(
        "mark", "§3", "mark some letters",
        params=(Param("letters", Names(lambda cfg: ("a", "b", "c"), "letter", 2), "the letters"),),
        needs=(Need("§3", "two letters at most", lambda s, a: Sum(a.letters) <= 2),) if count_need else (),
        effect=lambda s, a: s, phases=("play",))
    return dataclasses.replace(toygame.GAME, actions=toygame.GAME.actions + (mark,), _by_name={}, _needs={}, _watch={})


def _mark(game, letters):
    head = {"referee": 1, "game": "toy", "players": ["Ana", "Ben"]}
    return replay([head, {"n": 1, "by": "Ana", "do": "mark", "letters": letters}], game=game)


def test_a_bound_no_rule_states_is_the_formats_alone():
    u = _mark(_toy(count_need=False), ["a", "b", "c"])
    assert u.verdict == "unreadable" and u.problems[0].field == "letters", u
    v = _mark(_toy(count_need=True), ["a", "b", "c"])
    assert v.verdict == "illegal" and v.problems[0].cite == "§3"
    assert _mark(_toy(count_need=True), ["a", "b"]).verdict == "legal"


def test_why_gives_the_replays_verdict_on_a_list_past_its_bound(tmp_path):
    """--why on that event explains its refusal (the rule that fails), and on a later one says
    that nothing after it is judged, as the replay: it said unreadable, exit 2 (a hostile run,
    s63: 106 of 300 such logs, in all five games)."""
    import pytest
    from referee import errors
    from referee.replays.why import why

    lines = [orjson.loads(x) for x in EXAMPLE.read_bytes().splitlines() if x.strip()]
    lines[2]["cards"] = lines[2]["cards"] + lines[2]["cards"][:1]
    log = tmp_path / "hand-of-three.jsonl"
    log.write_bytes(b"\n".join(orjson.dumps(x) for x in lines[:5]) + b"\n")
    d = why(log, ("line", 3))
    assert d["verdict"] == "illegal" and d["needs"][d["first_failing"]]["cite"] == "§3.6"
    with pytest.raises(errors.Illegal) as e:
        why(log, ("line", 4))
    assert (e.value.line, e.value.cite) == (3, "§3.6")


def test_a_number_past_its_range_that_a_rule_refuses_is_illegal_with_that_rule():
    """A Trolls bid of 61 Rsv points (the format's bound is 60, which no text gives): more than
    his Rsv, so illegal under §Actions/Tir, not unreadable (an independent engine, s63); a
    negative bid no rule refuses stays the format's: unreadable."""
    src = Path(__file__).resolve().parents[1] / "examples" / "trolls" / "illegal-bid-over-rsv.jsonl"
    rows = [orjson.loads(x) for x in src.read_bytes().splitlines() if x.strip()]
    at = max(i for i, r in enumerate(rows) if r.get("do") == "duel.bid")
    for amount, verdict in ((61, "illegal"), (2**62, "illegal"), (-3, "unreadable")):
        rows[at]["amount"] = amount
        v = replay(rows[:at + 1])
        p = v.first()
        assert (v.verdict, p.line) == (verdict, at + 1), v
        if verdict == "illegal":
            assert p.cite == "§Actions/Tir" and "past the 0 to 60" in p.message, p.message
        else:
            assert p.field == "amount"
