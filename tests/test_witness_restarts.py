"""The steered search's work (checks/explore.py): restarts from the best state of each cell,
and every move weighed only where the situation's state conditions hold (milliseconds)."""
import random

from referee.checks.explore import Explorer, Restarts, _keep

from .test_witness_steer import WALK

CFG = WALK.configure({}, None, None)
START = WALK.setup({}, CFG)


def test_the_best_state_of_each_cell_is_kept_and_the_worst_cell_dropped_past_the_limit():
    r = Restarts(keep=2, cell=lambda s: s.at % 2)  # two cells: even and odd squares
    kept: dict = {}
    for order, (score, at) in enumerate([(1.0, 2), (3.0, 4), (2.0, 5), (0.5, 7)], 1):
        _keep(kept, r, (score, -order, "h", (), START.but(at=at)))
    assert {c: e[4].at for c, e in kept.items()} == {0: 4, 1: 5}  # the best of each, not the two best overall
    _keep(kept, Restarts(keep=2, cell=lambda s: s.at % 3), (9.0, -9, "h", (), START.but(at=9)))
    assert len(kept) == 2 and 9 in {e[4].at for e in kept.values()}  # a third cell: the worst one goes


def test_away_from_the_situation_only_a_sample_of_the_moves_is_weighed():
    def nothing(*move):
        return False

    s = START.but(at=50)  # both steps legal
    every = Explorer(WALK, focus=lambda s: True, sample=1).expand(s, nothing, random.Random(0))[0]
    few = Explorer(WALK, focus=lambda s: False, sample=1).expand(s, nothing, random.Random(0))[0]
    assert len(every) == 2 and len(few) == 1
