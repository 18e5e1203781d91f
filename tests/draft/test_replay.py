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


def test_the_first_player_is_drawn_at_any_time_before_the_first_play_and_once(tmp_path):
    """§Mise en place gives no moment for the draw (an independent engine drew it first, session
    50): before the quests, among them, during the draft or as the play phase opens are all legal."""
    q = ["Heist", "Heist", "Raid", "Raid", "Fellowship"]
    events = [
        {"by": "chance", "do": "setup.quests", "to": "Ana", "quests": q},
        {"by": "chance", "do": "setup.quests", "to": "Ben", "quests": ["Arcane Tower"] * 4 + ["Raid"]},
        {"by": "Ben", "do": "setup.keep", "keep": ["Arcane Tower"] * 3},
        {"by": "Ana", "do": "setup.keep", "keep": ["Heist", "Raid", "Fellowship"]},
    ]
    first = {"by": "chance", "do": "setup.first", "player": "Ben"}
    for at in range(len(events) + 1):
        v = _run(tmp_path, HEAD, *events[:at], first, *events[at:])
        assert v.verdict == "legal" and v.events == 5, at
    v = _run(tmp_path, HEAD, first, *events, {**first, "player": "Ana"})
    assert v.verdict == "illegal" and v.first().line == 7 and v.first().cite == "§Mise en place"
    assert "drawn once" in v.first().message


def test_no_card_is_played_before_the_first_player_is_drawn(tmp_path):
    """The example's draw moved into the draft or to the opening of the play phase stays legal;
    left out, the first card played is refused (no one's turn has come)."""
    from pathlib import Path

    lines = [orjson.loads(x) for x in (Path(__file__).resolve().parents[2] / "examples/draft/legal-2p.jsonl").read_bytes().splitlines()]
    head, events = lines[0], [{k: v for k, v in e.items() if k != "n"} for e in lines[1:] if "do" in e]
    first = next(e for e in events if e["do"] == "setup.first")
    rest = [e for e in events if e is not first]
    opens = next(i for i, e in enumerate(rest) if e["do"].startswith("play."))
    v = _run(tmp_path, head, *rest[:opens], first, *rest[opens:])
    assert v.verdict == "legal" and v.events == len(events)
    picking = next(i for i, e in enumerate(rest) if e["do"] == "draft.pick") + 1  # between two picks of the draft
    v = _run(tmp_path, head, *rest[:picking], first, *rest[picking:])
    assert v.verdict == "legal" and v.events == len(events)
    v = _run(tmp_path, head, *rest)
    assert v.verdict == "illegal" and v.first().line == opens + 2 and v.first().cite == "§Mise en place §Fin de manche"
    assert "the first player is not drawn yet" in v.first().message


def test_an_unlimited_reserve_is_shown_as_such_never_as_a_count_below_0():
    """Option reserve=unlimited (the default): the model's ledger of the reserve runs below 0
    in a 5-player game (hand position d41, session 52); the state a user reads says unlimited."""
    from pathlib import Path

    from referee.model import load
    from referee.replays.engine import replay

    v = replay(Path(__file__).parent / "five_players_unlimited_reserve.jsonl")
    assert v.verdict == "legal" and v.state.pool < 0
    assert load("draft").show(v.state)["pool"] == "unlimited"
