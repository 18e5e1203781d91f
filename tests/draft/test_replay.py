"""Replays of hand-written Dungeon Draft logs: bad input is "unreadable" (exit 2) with the
line and field, a broken rule is "illegal" (exit 1) with its §."""
import orjson

from referee.replays.engine import replay

HEAD = {"referee": 1, "game": "draft", "players": ["Ana", "Ben"], "setup": {}}


def _run(tmp_path, header, *events):
    p = tmp_path / "g.jsonl"
    rows = [header] + [{"n": i, **e} for i, e in enumerate(events, 1)]
    p.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in rows))
    return replay(p)


def test_header_errors(tmp_path):
    v = _run(tmp_path, {**HEAD, "players": ["A", "B", "C", "D", "E", "F"]})
    assert v.verdict == "unreadable" and "2 to 5 players" in v.first().message
    v = _run(tmp_path, {**HEAD, "options": {"gold": "12"}})
    assert v.verdict == "unreadable" and "options: gold" in v.first().message
    v = _run(tmp_path, {**HEAD, "setup": {"first": "Ana"}})
    assert v.verdict == "unreadable" and "takes no fields" in v.first().message


def test_unknown_card_is_unreadable(tmp_path):
    ev = {"by": "chance", "do": "setup.quests", "to": "Ana", "quests": ["Heist", "Heist", "Raid", "Raid", "Holy Grail"]}
    v = _run(tmp_path, HEAD, ev)
    assert v.verdict == "unreadable" and v.first().field == "quests" and "Holy Grail" in v.first().message


def test_event_out_of_phase(tmp_path):
    v = _run(tmp_path, HEAD, {"by": "Ana", "do": "play.end"})
    assert v.verdict == "illegal" and v.first().line == 2
    assert "'play.end' is an event of the play phase" in v.first().message and v.first().cite == "§Jouer des cartes"


def test_quests_then_first_player(tmp_path):
    q = ["Heist", "Heist", "Raid", "Raid", "Fellowship"]
    events = [
        {"by": "chance", "do": "setup.quests", "to": "Ana", "quests": q},
        {"by": "chance", "do": "setup.quests", "to": "Ben", "quests": ["Arcane Tower"] * 4 + ["Raid"]},
        {"by": "Ben", "do": "setup.keep", "keep": ["Arcane Tower"] * 3},
        {"by": "chance", "do": "setup.first", "player": "Ben"},
    ]
    v = _run(tmp_path, HEAD, *events)
    assert v.verdict == "illegal" and v.first().line == 5 and v.first().cite == "§Mise en place"
    assert "every player has kept its quests" in v.first().message
    events.insert(3, {"by": "Ana", "do": "setup.keep", "keep": ["Heist", "Raid", "Fellowship"]})
    v = _run(tmp_path, HEAD, *events)
    assert v.verdict == "legal" and v.events == 5
