"""The abstraction the z3 proofs use (per-square counts, on-pit flags, hidden counts) must
evolve exactly as the concrete positions do: checked at every step of random legal games.
Also, concretely: a rotation keeps every room's tokens, and VP only grow."""
import random

from conftest import GAME

from referee.checks.explore import Explorer
from referee.model.twister.board import HID, NSQ, RES, NTOK, room_of, room_squares
from referee.model.twister.common import counts_of, geo
from referee.replays.engine import setup_from_header


def _room_tokens(s, r):
    squares = set(room_squares(r))
    return sorted(t for t in range(28) if s.loc[t] in squares)


def test_projection_matches_positions_in_random_games():
    cfg = GAME.default_config()
    seen = set()
    for seed in (3,):
        rng = random.Random(seed)
        s = setup_from_header(GAME, GAME.random_header(rng, cfg))
        for m in Explorer(GAME).play(s, rng, 90):
            act, a, t = m.act, m.args, m.after
            seen.add(act.name)
            assert counts_of(t.loc, t.wounded) == (t.occ, t.objs, t.unw), act.name
            assert t.hid == tuple(sum(1 for x in t.loc if x == HID + r) for r in range(8)), act.name
            assert t.shut == tuple(room_of(q) is not None and not t.revealed[room_of(q)] for q in range(NSQ)), act.name
            assert t.res == tuple(sum(1 for k in range(NTOK) if t.loc[p * NTOK + k] == RES) for p in (0, 1))
            g = geo(t)
            assert t.onpit == tuple(bool(0 <= t.loc[k] < NSQ and g.pit(t, t.loc[k])) for k in range(28)), act.name
            assert all(x >= y for x, y in zip(t.vp, s.vp)), act.name
            if act.name == "rotate":
                assert len(_room_tokens(t, a.room)) == len(_room_tokens(s, a.room))
                assert set(_room_tokens(t, a.room)) == set(_room_tokens(s, a.room))
            s = t
    assert {"hide", "card", "move", "end", "reveal"} <= seen
