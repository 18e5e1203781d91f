"""What every registered game must satisfy, whatever its rules: concrete and symbolic
evaluations agree on random states (the `==` trap), random legal games keep every
invariant at every step, the phase graph is sound, and the invariants are proved."""
import random

import orjson
import pytest
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from referee.checks.agree import disagreements
from referee.checks.graphs import check_phases
from referee.checks.invariants import all_instances, prove
from referee.checks.strategies import concrete_args, states
from referee.model import load, names
from referee.model.kernel.play import legal

GAMES = names()


@pytest.fixture(scope="module", params=GAMES)
def game(request):
    return load(request.param)


def test_rules_agree_concrete_and_symbolic(game):
    cfg = game.default_config()
    insts = all_instances(game, cfg)

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True,
              phases=[Phase.explicit, Phase.generate])
    @given(st.data())
    def check(data):
        s = data.draw(states(game, cfg))
        inst = data.draw(st.sampled_from(insts))
        a = concrete_args(inst, data.draw)
        assert disagreements(game, s, inst, a) == []

    check()


def test_random_games_keep_every_invariant(game):
    assert game.random_header is not None and game.moves is not None
    from referee.replays.engine import setup_from_header

    for seed in range(6):
        rng = random.Random(seed)
        s = setup_from_header(game, game.random_header(rng, game.default_config()))
        steps = 0
        while game.result(s) is None and steps < 3000:
            moves = legal(game, s)
            if not moves:
                break
            act, a = rng.choice(moves)
            s = game.apply(s, act, a)
            assert game.broken(s) == [], (seed, steps, act.name, [i.says for i in game.broken(s)])
            if game.show is not None and steps % 25 == 0:  # --explain's view reads every state
                orjson.dumps(game.show(s))
            steps += 1
        assert steps > 0


def test_phase_graph_sound(game):
    assert all(f.kind == "proved" for f in check_phases(game)), [f.says for f in check_phases(game)]


# Dungeon Twister's movement adds to 220 square counts at a symbolic square: z3 times out
# there (the audit reports those invariants unknown, never proved). See docs/twister.md.
NOT_YET_PROVED = {"twister"}


def test_invariants_proved(game):
    if game.name in NOT_YET_PROVED:
        pytest.xfail("z3 times out on Dungeon Twister's movement invariants (reported unknown by the audit)")
    res = prove(game, game.default_config(), budget=120)
    bad = [(game.invariants[r.index].says, r.status, r.by) for r in res if r.status != "proved"]
    assert not bad, bad


def test_twister_proofs_report_unknown_not_proved(monkeypatch):
    """Where z3 gives up, the result says so (never 'proved')."""
    import referee.checks.invariants as inv

    monkeypatch.setattr(inv, "TIMEOUT_MS", 500)
    game = load("twister")
    res = prove(game, game.default_config(), budget=4)
    assert {r.status for r in res} <= {"proved", "unknown"}
    assert any(r.status == "unknown" for r in res)
