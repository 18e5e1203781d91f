"""Stalemates (checks/stuck.py): with option unresolved=forbidden, a token left on a level-0
building can never be resolved (§6.3: the effect must be at or below the level) and the
player may not end his actions with it (§6.1 under that option): no event is legal."""
from __future__ import annotations

import orjson

from referee.checks import witness as W
from referee.checks.witness import Budget, Rules
from referee.checks.stuck import find, no_event_possible
from referee.model import load
from referee.replays.engine import replay, setup_from_header

RAIDERS = load("raiders")


def test_forbidding_unresolved_tokens_can_stall_the_actions_phase(tmp_path):
    header, path, s = find(RAIDERS, Rules({"unresolved": "forbidden"}), Budget(8_000))
    assert RAIDERS.result(s) is None
    assert RAIDERS.phases[s.phase].name == "actions"
    assert no_event_possible(RAIDERS, s) is True
    # the same game with the default option goes on: the token may stay unresolved
    t = setup_from_header(RAIDERS, {**header, "options": {}})
    for act, a in path:
        t = RAIDERS.step(t, act, a)
    assert no_event_possible(RAIDERS, t) is False


def test_a_fresh_game_is_not_a_stalemate():
    import random

    cfg = RAIDERS.default_config()
    s = setup_from_header(RAIDERS, RAIDERS.random_header(random.Random(3), cfg))
    assert no_event_possible(RAIDERS, s) is False


def test_the_stalemate_witness_replays_legal_and_unfinished(tmp_path):
    w, _ = W.run_task("raiders", {"unresolved": "forbidden"}, ("stuck",), 8_000)
    assert w is not None and w.phase == "actions"
    assert any("[§6.3]" in d for d in w.details)
    log = tmp_path / "stuck.jsonl"
    log.write_bytes(b"\n".join(orjson.dumps(x) for x in w.lines()) + b"\n")
    v = replay(log)
    assert v.verdict == "legal" and v.outcome is None and v.events == len(w.events)
