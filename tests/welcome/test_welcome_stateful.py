"""A hypothesis state machine over the model's own moves and guards: each step plays one legal
event (chance outcomes included), every invariant is checked after every step, and the
projection z3 sees stays well-formed; shrinking gives the shortest trace to a failure."""
import random

from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from referee.checks.explore import Explorer
from referee.replays.engine import setup_from_header
from welcome_helpers import G


class WelcomeGame(RuleBasedStateMachine):
    @initialize(n=st.sampled_from([2, 3, 4]), seed=st.integers(0, 999),
                options=st.sampled_from([{}, {"vorpal": "one", "polymorph": "dungeon", "chooser": "runner"},
                                         {"variant": "on", "omnipotence": "with_aside", "zero_hp": "survive"}]))
    def start(self, n, seed, options):
        c = G.configure(options, None, None, nplayers=n)
        self.s = setup_from_header(G, G.random_header(random.Random(seed), c))
        self.trace = []

    @rule(data=st.data())
    def play(self, data):
        if G.result(self.s) is not None:  # the game is over: nothing more to play
            return
        moves = Explorer(G).legal(self.s)
        assert moves, f"no legal move in {G.show(self.s)}"
        m = data.draw(st.sampled_from(moves), label="event")
        self.trace.append((m.act.name, vars(m.args)))
        self.s = m.after

    @invariant()
    def every_invariant(self):
        if hasattr(self, "s"):
            assert G.broken(self.s) == [], [i.says for i in G.broken(self.s)]

    @invariant()
    def projection_is_the_skeleton(self):
        if hasattr(self, "s"):
            proj = self.s.project()
            assert set(proj) == {f.name for f in self.s.skeleton()}
            assert sum(self.s.deck) + sum(self.s.hand) + sum(self.s.dungeon) + sum(self.s.aside) \
                + sum(self.s.discard) + sum(self.s.shown) == 13


TestWelcomeGame = WelcomeGame.TestCase
TestWelcomeGame.settings = settings(max_examples=20, stateful_step_count=100, deadline=None, derandomize=True,
                                    suppress_health_check=list(HealthCheck))
