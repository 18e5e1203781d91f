"""A hypothesis state machine plays random legal games from GAME.moves and checks every
invariant after every step (and that the card counts seen by z3 match the concrete state)."""
import random

from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from helpers import GAME
from referee.checks.explore import Explorer
from referee.replays.engine import setup_from_header


class Games(RuleBasedStateMachine):
    @initialize(seed=st.integers(0, 10_000))
    def deal(self, seed):
        self.s = setup_from_header(GAME, GAME.random_header(random.Random(seed), GAME.default_config()))

    @rule(data=st.data())
    def play(self, data):
        moves = Explorer(GAME).legal(self.s)
        if not moves or GAME.result(self.s) is not None:
            return
        m = moves[data.draw(st.integers(0, len(moves) - 1))]
        self.s = GAME.step(self.s, m.act, m.args)  # checked again: the Needs raise if the explorer erred

    @invariant()
    def every_invariant_holds(self):
        if hasattr(self, "s"):
            assert GAME.broken(self.s) == []
            assert sum(map(sum, self.s.hand + self.s.deck + self.s.bet + self.s.grave)) == 36


Games.TestCase.settings = settings(max_examples=8, stateful_step_count=60, deadline=None, derandomize=True,
                                   suppress_health_check=list(HealthCheck))
TestGames = Games.TestCase
