"""§5.2 §10.2: a House card is played for its own effect, outside the Métropole phase, and
its effect is printed on the card; the text lost the cards (gap house_card_play). A log that
plays one was refused as an unknown event (exit 2, as for a typo), or, recorded as a
Métropole card, as illegal: neither is true. Its verdict is now "not established" at that
line (exit 1): nothing from there on can be judged (referee/replays/beyond.py and
referee/model/raiders/beyond.toml)."""
from __future__ import annotations

import json
from pathlib import Path

import orjson
from typer.testing import CliRunner

import referee
from referee.cli.app import app
from referee.replays.formats import VERDICT

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "raiders" / "normal-advanced.jsonl"


def _log(tmp_path: Path, at: int, do: str = "house.play", expect: dict | None = None) -> Path:
    """The example with Ana playing her House card Prophétie as event `at` (later events renumbered)."""
    rows = [orjson.loads(x) for x in EXAMPLE.read_bytes().splitlines()]
    if expect is not None:
        rows[0]["expect"] = expect
    ev = {"n": at, "by": "Ana", "do": do, "card": "Prophétie"}
    events = [r for r in rows[1:] if "n" in r]
    events = events[:at - 1] + [ev] + [{**r, "n": r["n"] + 1} for r in events[at - 1:]]
    path = tmp_path / "house.jsonl"
    path.write_bytes(b"\n".join(orjson.dumps(r) for r in [rows[0], *events]) + b"\n")
    return path


def test_a_house_card_played_is_not_established_from_its_line(tmp_path):
    path = _log(tmp_path, 8)  # after the Métropole phase's refill
    for keep_going in (False, True):
        v = referee.replay(path, keep_going=keep_going)
        assert v.verdict == "not established" and v.code == 1
        (p,) = v.problems
        assert (p.line, p.kind, p.cite) == (9, "beyond", "§5.2 §10.2")
        assert "house_card_play" in p.message and "nor any after it" in p.message
    r = CliRunner().invoke(app, ["replay", str(path)])
    assert r.exit_code == 1 and f"{path}:9: not established: 'house.play'" in r.stdout.replace("\n", "")
    r = CliRunner().invoke(app, ["replay", str(path), "-f", "json"])
    doc = json.loads(r.stdout)
    import jsonschema

    jsonschema.validate(doc, VERDICT)
    assert doc["verdict"] == "not established" and doc["problems"][0]["kind"] == "beyond"


def test_an_illegal_step_before_it_keeps_the_verdict_illegal(tmp_path):
    path = _log(tmp_path, 8)
    rows = path.read_bytes().splitlines()
    first = orjson.loads(rows[2])
    first["cards"] = ["Rituel", "Rituel"]  # Ana's starting hand: a card she does not hold
    rows[2] = orjson.dumps(first)
    path.write_bytes(b"\n".join(rows) + b"\n")
    v = referee.replay(path, keep_going=True)
    assert v.verdict == "illegal" and [p.kind for p in v.problems][-1] == "beyond"


def test_expect_names_it_and_a_typo_stays_unreadable(tmp_path):
    path = _log(tmp_path, 8, expect={"verdict": "not established", "line": 9, "cite": "§5.2"})
    assert CliRunner().invoke(app, ["replay", "--expect", str(path)]).exit_code == 0
    typo = _log(tmp_path, 8, do="house.plya")
    v = referee.replay(typo)
    assert v.verdict == "unreadable" and v.first().field == "do"


def test_why_and_the_library_say_it_located(tmp_path):
    """`replay --why` on the event or after it, and `Play.push`, raise it as every question the
    rules leave without an answer: exit 1, its line and §, never a traceback."""
    import pytest

    from referee.errors import Undecided

    path = _log(tmp_path, 8)
    for target in ("8", "9"):
        r = CliRunner().invoke(app, ["replay", str(path), "--why", target])
        assert r.exit_code == 1 and "9: 'house.play': the rules cannot judge" in r.stderr.replace("\n", ""), r.stderr
        r = CliRunner().invoke(app, ["replay", str(path), "--why", target, "-f", "json"])  # JSON, as asked
        d = orjson.loads(r.stdout)
        assert r.exit_code == 1 and (d["verdict"], d["explained"], d["line"], d["cite"]) == (
            "not established", False, 9, "§5.2 §10.2") and "the rules cannot judge" in d["message"], r.stdout
    rows = [orjson.loads(x) for x in path.read_bytes().splitlines()]
    play = referee.load("raiders", options=rows[0]["options"]).new(rows[0]["players"], rows[0]["setup"])
    for ev in rows[1:8]:
        play.push({k: v for k, v in ev.items() if k != "n"})
    with pytest.raises(Undecided) as e:
        play.push({k: v for k, v in rows[8].items() if k != "n"})
    assert e.value.cite == "§5.2 §10.2" and e.value.exit_code == 1


def test_after_the_end_it_is_illegal_as_any_event(tmp_path):
    """Once the game is over every event is illegal (§9.2), an act the text does not give too."""
    rows = [orjson.loads(x) for x in EXAMPLE.read_bytes().splitlines()]
    events = [r for r in rows[1:] if "n" in r]
    ev = {"n": len(events) + 1, "by": "Ana", "do": "house.play", "card": "Prophétie"}
    path = tmp_path / "late.jsonl"
    path.write_bytes(b"\n".join(orjson.dumps(r) for r in [rows[0], *events, ev]) + b"\n")
    v = referee.replay(path)
    assert v.verdict == "illegal" and "after the end of the game" in v.first().message
