"""The edges of the open questions (checks/scenarios/edges.py): under each option value that
answers a ruling, games where the question misses by one condition, or the value's answer
sits at its limit. Each is a legal game, and its listed events are of the ruling's action."""
from __future__ import annotations

import orjson
import pytest

from referee.checks.scenarios.edges import edges
from referee.checks.scenarios.families import player_counts
from referee.checks.scenarios.generator import Generator
from referee.model import load
from referee.replays.engine import replay
from referee.replays.expect import mismatch


def _edges(name: str):
    game = load(name)
    return game, edges(Generator(game, 0), player_counts(game) or [2])


@pytest.mark.parametrize("name", ["welcome", "draft"])
def test_every_edge_game_is_legal_and_its_lines_are_the_rulings_action(name):
    game, got = _edges(name)
    assert got
    actions = {r.name: r.action for r in game.rulings}
    for sc in got:
        v = replay([orjson.dumps(r) for r in sc.rows], label=sc.slug)
        assert v.verdict == "legal", (sc.slug, v.problems[:1])
        for line in sc.extra["lines"]:
            assert sc.rows[line - 1]["do"] in set(actions.values())
        assert all(k.split("/")[0] in actions for k in sc.extra["edges"])


def test_the_ring_alone_under_other_first():
    """The Ring of Power alone defeating a monster (no other tile does): the question of
    `ring_overlap` does not arise, and the Ring adds its strength under either value. An
    engine that applies `other_first` to every Ring fight (never a gain) is told apart."""
    game, got = _edges("welcome")
    keys = {k for sc in got if sc.extra["option"] == "ring_overlap=other_first" for k in sc.extra["edges"]}
    ring = next(r for r in game.rulings if r.name == "ring_overlap")
    assert ring.action == "dungeon.fight"
    # its last condition: another tile (the Pact, its next monster, a Vorpal weapon or a
    # passive tile) defeats the monster too; failing alone, the Ring is alone
    last = "ring_overlap/arises/3"  # the 4th of its 4 conditions (phase, the Ring held, its strength, another tile)
    assert last in keys, keys


def test_draft_self_no_at_exactly_the_class_count():
    """Under `self=no` the card's ability works with exactly N other cards of its class: the
    answer's comparison at its limit (one card fewer breaks it)."""
    _, got = _edges("draft")
    sc = next(sc for sc in got if "counts_itself/option:self=no/limit" in sc.extra["edges"])
    # the text settles it there ("enough without it"): no option does, and the replay agrees;
    # a rule letting `self=no` settle it there too (a comparison one unit off) is told apart
    (line,) = sc.extra["lines"]
    assert sc.expect == {"verdict": "legal", "undecided": {"counts_itself": [line]}}
    v = replay([orjson.dumps(r) for r in sc.rows], label=sc.slug)
    v.expect = sc.expect
    assert mismatch(v) is None


def test_undecided_is_checked_against_the_replays_decisions():
    """expect.undecided fails where the replay reports a rules option settling the point:
    the first Welcome edge game in which a ruling is settled by its option (the replay
    traces a ruling only where its question arises)."""
    _, got = _edges("welcome")
    for sc in got:
        v = replay([orjson.dumps(r) for r in sc.rows], label=sc.slug)
        if v.decided:
            break
    else:
        pytest.fail("no Welcome edge game has a point an option settles: nothing to check")
    name = v.decided[0]["ruling"]
    lines = [d["line"] for d in v.decided if d["ruling"] == name]
    v.expect = {"verdict": "legal", "undecided": {name: lines[:1]}}
    assert name in mismatch(v)
    v.expect = {"verdict": "legal", "undecided": {name: [1]}}
    assert mismatch(v) is None


@pytest.mark.parametrize("bad", ['"x"', '{"ring_overlap": "7"}', '{"ring_overlap": [1, "a"]}', '{"ring_overlap": 5}',
                                 '{"ring_overlap": [0]}'])
def test_a_malformed_undecided_is_a_located_error_not_a_crash(bad):
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    log = next(p for p in sorted((root / "examples" / "welcome").glob("*.jsonl")) if "illegal" not in p.name)
    rows = [orjson.loads(x) for x in log.read_bytes().splitlines() if x.strip()]
    rows[0]["expect"] = {"verdict": "legal", "undecided": orjson.loads(bad)}
    v = replay([orjson.dumps(r) for r in rows], label="<bad>")
    assert v.verdict == "unreadable" and v.problems[0].line == 1 and v.problems[0].field == "expect.undecided"
