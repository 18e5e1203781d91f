"""The rulings' steered searches spend the count where a witness is missing (witness.py):
each stops once its own ruling is raised, so what it did not spend goes to the rulings
still missing, in another round with a new seed. The explorer is replaced by one that
raises a ruling after a set count (milliseconds)."""
from types import SimpleNamespace

from referee.checks import rounds
from referee.checks import witness as W
from referee.checks.search import Budget, Rules
from referee.checks.steer import Target

RAISED_AT = {2: 10}  # seed -> the moves weighed after which the search raises its ruling
NAMES = ("hard", "easy")  # steered in this order: seed 1 looks for hard, seed 2 for easy


def _explorer(calls):
    def explore(game, rules, goal, score, budget, seed=0, **kw):
        calls.append((seed, budget.units))
        while not budget.over():
            if budget.used == RAISED_AT.get(seed):
                ruling = SimpleNamespace(name=NAMES[seed - 1])
                if goal({}, [], None, None, None, None, [(ruling, None)]):
                    return None
            if seed == 0:  # the shared exploration raises nothing: its patience ends it
                goal({}, [], None, None, None, None, [])
        return None

    return explore


def test_a_search_that_raised_its_ruling_passes_its_count_on_to_those_still_missing(monkeypatch):
    calls: list = []
    monkeypatch.setattr(W, "explore_from_setups", _explorer(calls))
    monkeypatch.setattr(rounds, "explore_from_setups", W.explore_from_setups)  # the shared random games
    monkeypatch.setattr(W, "other_counts", lambda game, rules: [])
    game = SimpleNamespace(progress=None)
    targets = {n: Target(values=((0, 1),)) for n in NAMES}
    found = W.search_rulings(game, Rules(), NAMES, Budget(4_000), targets)
    assert set(found) == {"easy"}
    steered = [(seed, units) for seed, units in calls if seed]
    # hard's first share, then easy's (all that is left), then hard again with a new seed and
    # what easy did not spend (about 1,500 of easy's 1,500 less its 10)
    assert [seed for seed, _ in steered] == [1, 2, 1 + len(NAMES)]
    assert steered[2][1] > steered[1][1] - 20
