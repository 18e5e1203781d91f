"""A hypothesis state machine built from each model's own moves, Needs and invariants:
random legal games, every invariant checked after every step (shrinking gives the
shortest game that breaks one), and every phase change an event makes drawn in the
phase graph (`Action.goes`: an event that may stay in its phase lists that phase too).
Each game is played under an option set drawn from a covering set where every pair of
values of two options appears (`--all-pairs`): an option whose reading breaks an invariant
is found here, not only the defaults."""
import random

import pytest
from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from referee.checks.explore import Explorer
from referee.checks.scenarios.families import configurations, header_for
from referee.model import load, names
from referee.replays.engine import setup_from_header


def machine_for(name: str):
    game = load(name)
    ex = Explorer(game)  # the legal moves (and their states) as every search of the checks sees them
    edges = set(game.graph().edges(keys=True))
    confs = configurations(game, all_pairs=True)

    class Game(RuleBasedStateMachine):
        @initialize(seed=st.integers(0, 2**16), conf=st.integers(0, len(confs) - 1))
        def setup(self, seed, conf):
            options, n = confs[conf]
            self.s = setup_from_header(game, header_for(game, options, n, random.Random(seed)))
            self.steps = 0

        # A game that ends within the run's steps starts a new one: without this rule a short
        # game (Nim, tests/toygame.py) leaves no rule to run, which hypothesis calls an error.
        @precondition(lambda self: game.result(self.s) is not None)
        @rule(seed=st.integers(0, 2**16), conf=st.integers(0, len(confs) - 1))
        def next_game(self, seed, conf):
            self.setup(seed, conf)

        @precondition(lambda self: game.result(self.s) is None)
        @rule(data=st.data())
        def play(self, data):
            moves = ex.legal(self.s)
            if not moves:
                return
            m = data.draw(st.sampled_from(moves), label="move")  # hypothesis draws: it shrinks the game
            before = self.s
            self.s = m.after
            moved = (game.phases[before.phase].name, game.phases[self.s.phase].name, m.act.name)
            assert moved in edges, f"'{m.act.name}' went {moved[0]} -> {moved[1]}: no such edge in the phase graph"
            self.steps += 1
            # the engine's incremental check and the full check agree
            assert [i.says for i in game.broken_after(before, self.s)] == [i.says for i in game.broken(self.s)]

        @invariant()
        def invariants_hold(self):
            if hasattr(self, "s"):
                assert game.broken(self.s) == [], [i.says for i in game.broken(self.s)]

    Game.__name__ = f"{name.title()}Machine"
    return Game


@pytest.mark.parametrize("name", names())
def test_random_games_keep_invariants(name):
    m = machine_for(name)
    m.TestCase.settings = settings(max_examples=8, stateful_step_count=60, deadline=None, derandomize=True,
                                   suppress_health_check=list(HealthCheck))
    m.TestCase().runTest()
