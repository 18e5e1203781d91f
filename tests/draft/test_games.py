"""Random legal games of 2 to 5 players (hypothesis): every invariant after every event,
every game reaches its end after exactly four rounds, and the packs picked from during the
draft hold 7, 6, ..., 1 cards."""
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from referee.checks.explore import Explorer
from referee.replays.engine import setup_from_header

from .helpers import GAME


@settings(max_examples=8, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(st.integers(2, 5), st.integers(0, 10**6), st.sampled_from([{}, {"stop": "must", "reserve": "finite", "gold": "5"},
                                                                   {"pass": "ccw-first", "self": "no", "tie": "gold"}]))
def test_random_games(n, seed, opts):
    rng = random.Random(seed)
    c = GAME.configure(opts, None, None, nplayers=n)
    s = setup_from_header(GAME, {**GAME.random_header(rng, c), "options": opts})
    rounds, sizes = set(), []
    for m in (play := Explorer(GAME).play(s, rng, 3000)):
        if m.act.name == "draft.pick":
            sizes.append((s.round, m.args.p, sum(s.pack[m.args.p])))
        s = m.after
        assert GAME.broken(s) == []
        rounds.add(s.round)
    assert play.why != "stuck", "no legal move before the end"
    out = GAME.result(s)
    assert out is not None and rounds <= {1, 2, 3, 4} and s.round == 4
    for r in range(1, 5):
        for p in range(n):
            assert [k for rr, pp, k in sizes if (rr, pp) == (r, p)] == [7, 6, 5, 4, 3, 2, 1]
    assert max(out.points) == out.points[out.winners[0]]
