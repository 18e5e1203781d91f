"""An event refused only under the model's reading of a point the text does not decide is
"not established", not "illegal" (replays/readings.py): the reading is an option whose default
the model chose (basis "model"), the log did not name it, and another of its values accepts
the event. Named in the header, the option judges the log as it asks.

The logs come from independent checks of session 61: a Trolls hand of 3 drawing one card
(hand-computed positions) and a Raiders cycle drawing a House card and a Métropole card with
nothing put under the pile (an engine written from the book)."""
from __future__ import annotations

from pathlib import Path

import orjson
import pytest

import referee
from referee.replays.why import why

DATA = Path(__file__).resolve().parent / "data"
TROLLS = DATA / "trolls" / "hand-of-three-draws-one.jsonl"  # line 13: a hand of 3 draws 1
RAIDERS = DATA / "raiders" / "cycle-one-house-nothing-under.jsonl"  # line 6: under: []


def _with(tmp_path: Path, src: Path, **options: str) -> Path:
    lines = src.read_bytes().splitlines()
    head = orjson.loads(lines[0])
    head["options"] = {**head.get("options", {}), **options}
    out = tmp_path / src.name
    out.write_bytes(b"\n".join([orjson.dumps(head)] + lines[1:]) + b"\n")
    return out


@pytest.mark.parametrize("src, line, option, accepts", [
    (TROLLS, 13, "short_refill", "pick"),
    (RAIDERS, 6, "cycle_mixed", "beside"),
])
def test_a_refusal_resting_on_the_models_reading_is_not_established(tmp_path, src, line, option, accepts):
    game = orjson.loads(src.read_bytes().splitlines()[0])["game"]
    v = referee.load(game).replay(src)
    assert v.verdict == "not established", v
    p, = v.problems
    assert (p.line, p.kind) == (line, "undecided")
    assert f"option {option}=" in p.message and f"{option}={accepts} accepts it" in p.message
    # the refusal it rests on is still said, and nothing after the line is judged
    assert "refuses" in p.message and v.events == line - 1
    # named, the reading judges the log: the accepting one finds it legal, the default illegal
    assert referee.load(game).replay(_with(tmp_path, src, **{option: accepts})).verdict == "legal"
    default = {o.name: o.default for o in referee.load(game).game.options}[option]
    named = referee.load(game).replay(_with(tmp_path, src, **{option: default}))
    assert named.verdict == "illegal" and named.problems[0].line == line


def test_why_gives_the_same_verdict_and_names_both_readings():
    d = why(TROLLS, ("line", 13))
    assert d["verdict"] == "not established"
    r = d["reading"]
    assert (r["ruling"], r["option"], r["refuses"], r["accepts"]) == ("draw_short_refill", "short_refill", "two", "pick")


def test_a_refusal_the_text_makes_stays_illegal(tmp_path):
    # the same hand of 3 drawing three cards: above 5 in hand under every reading (§Tour de jeu/1)
    lines = TROLLS.read_text(encoding="utf-8").splitlines()
    ev = orjson.loads(lines[12])
    assert ev["do"] == "turn.draw" and len(ev["cards"]) == 1
    ev["cards"] = ev["cards"] * 3
    lines[12] = orjson.dumps(ev).decode()
    path = tmp_path / "three.jsonl"
    path.write_text("\n".join(lines[:13]) + "\n", encoding="utf-8")
    v = referee.load("trolls").replay(path)
    assert v.verdict == "illegal" and v.problems[0].line == 13, v


def test_an_option_the_text_or_a_published_answer_decides_is_not_a_reading():
    # only options whose default the model chose may turn a refusal into "not established"
    from referee.replays.readings import other_reading
    from referee.model import load
    from referee.model.kernel import Answer, Ruling

    game = load("twister")
    heal = next(o for o in game.options if o.name == "heal_shared")
    assert heal.basis.kind == "published"
    r = Ruling("toy", "§x", "a toy question", lambda s, a: True,
               (Answer("§x", "option:heal_shared=no", "", lambda s, a: True, lambda s, a: 0),))
    trace = [(r, r.answers[0])]
    assert other_reading(game, None, None, None, trace, {}) is None  # never tried: the published answer stands


WELCOME = Path(__file__).resolve().parents[1] / "examples" / "welcome" / "4p-warrior-elimination.jsonl"


def _chooser_twice(tmp_path: Path) -> Path:
    """The shipped game with the chooser of line 185 changed to the runner just eliminated (Dan):
    line 90 follows the default reading (the left neighbour chooses), line 185 the other one
    (the runner chooses), so no reading accepts the whole game (a hostile run, s63)."""
    lines = WELCOME.read_bytes().splitlines()
    row = orjson.loads(lines[184])
    assert row["do"] == "round.next" and row["by"] == "Ana"
    lines[184] = orjson.dumps({**row, "by": "Dan"})
    out = tmp_path / "chooser-185-dan.jsonl"
    out.write_bytes(b"\n".join(lines) + b"\n")
    return out


def test_a_reading_that_refuses_an_earlier_event_accepts_nothing(tmp_path):
    """"Not established" only when another reading accepts the game up to that line: here the
    other value of `chooser` accepts line 185 but refuses line 90, which the default accepted,
    so the refusal at 185 stands, and the replay and --why agree."""
    log = _chooser_twice(tmp_path)
    v = referee.replay(log)
    assert (v.verdict, v.first().line, v.first().cite) == ("illegal", 185, "§Manche suivante"), v
    assert why(log, ("line", 185))["verdict"] == "illegal"
    named = referee.replay(_with(tmp_path, log, chooser="runner"))  # as the message would have advised
    assert (named.verdict, named.first().line) == ("illegal", 90)


def test_why_after_a_refusal_resting_on_a_reading_explains_nothing(tmp_path):
    """The replay judges nothing after a line that is not established; --why says so for a later
    event (exit 1, that line and its §), not "legal" on the state the default reading left."""
    from referee import errors

    lines = TROLLS.read_bytes().splitlines()
    later = orjson.loads(lines[12])
    log = tmp_path / "more.jsonl"
    log.write_bytes(b"\n".join(lines + [orjson.dumps({**later, "n": later["n"] + 1})]) + b"\n")
    with pytest.raises(errors.Undecided) as e:
        why(log, ("line", 14))
    assert e.value.line == 13 and e.value.cite == "§Tour de jeu/1" and "short_refill=pick accepts it" in e.value.message
