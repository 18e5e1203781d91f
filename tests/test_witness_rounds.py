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
    monkeypatch.setattr(W, "other_settings", lambda game, rules: [])  # the audit's setting only
    game = SimpleNamespace(progress=None)
    targets = {n: Target(values=((0, 1),)) for n in NAMES}
    found = W.search_rulings(game, Rules(), NAMES, Budget(4_000), targets)
    assert set(found) == {"easy"}
    steered = [(seed, units) for seed, units in calls if seed]
    # hard's first share, then easy's (all that is left), then hard again with a new seed and
    # what easy did not spend (about 1,500 of easy's 1,500 less its 10)
    assert [seed for seed, _ in steered] == [1, 2, 1 + len(NAMES)]
    assert steered[2][1] > steered[1][1] - 20


def test_with_another_setting_rounds_are_held_and_every_other_round_plays_there(monkeypatch):
    # a ruling missing at the audit's setting: its first round spends ROUND_SHARE of what is
    # left there, its second round plays the other setting with part of the rest
    played: list = []

    def explore(game, rules, goal, score, budget, seed=0, **kw):
        played.append((rules.nplayers, budget.units))
        while not budget.over():
            if seed == 0:
                goal({}, [], None, None, None, None, [])
        return None

    monkeypatch.setattr(W, "explore_from_setups", explore)
    monkeypatch.setattr(rounds, "explore_from_setups", explore)
    other = Rules(nplayers=5)
    monkeypatch.setattr(W, "other_settings", lambda game, rules: [other])
    game = SimpleNamespace(progress=None)
    budget = Budget(4_000)
    W.search_rulings(game, Rules(), ("hard",), budget, {"hard": Target(values=((0, 1),))})
    steered = played[1:]  # after the shared random games
    assert [n for n, _ in steered[:3]] == [None, 5, None]
    left = 4_000 - played[0][1] - 1
    assert abs(steered[0][1] - rounds.ROUND_SHARE * left) <= 2
    assert steered[1][1] < left - steered[0][1]  # the second round is held too


def test_a_share_of_a_share_is_charged_to_the_whole():
    """The gaps' search halves its share of a setting: what the half uses must reach the
    whole count (it was charged to the share alone, and the settings after it were given
    the same units again)."""
    whole = Budget(100)
    share = rounds.part(whole, 60)
    half = rounds.part(share, 30)
    while not half.over():
        pass
    assert (half.used, share.used, whole.used) == (31, 30, 30)
    while not share.over():
        pass
    assert share.used == 61 and whole.used == 60
    rest = rounds.part(whole, whole.units - whole.used)
    assert rest.units == 40
