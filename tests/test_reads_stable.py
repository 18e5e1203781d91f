"""The replays re-check only the invariant conjuncts whose leaves a step wrote, with the
leaves each conjunct reads recorded once, on the first state (kernel/reads.py). That is
sound only while no conjunct indexes a table with a value read from the state
(Lookup(s.loc, s.held[c]) reads another item in another state): this test plays random
games of every game and asserts every conjunct reads the same leaves in every state met."""
import random

import pytest

from referee.checks.explore import Explorer
from referee.model import load
from referee.model.kernel.reads import parts, reads
from referee.replays.engine import setup_from_header

GAMES = ("raiders", "welcome", "draft", "trolls", "twister")


@pytest.mark.parametrize("name", GAMES)
def test_each_conjunct_reads_the_same_leaves_in_every_state(name):
    g = load(name)
    ex = Explorer(g)
    for seed in range(2):
        rng = random.Random(seed)
        s = setup_from_header(g, g.random_header(rng, g.default_config()))
        first = [[reads(p, s) for p in parts(inv)] for inv in g.invariants]
        for k, m in enumerate(ex.play(s, rng, 300)):
            if k % 15:
                continue
            for i, inv in enumerate(g.invariants):
                for j, p in enumerate(parts(inv)):
                    assert reads(p, m.after) == first[i][j], (inv.name, j, k)


def test_a_state_indexed_read_is_caught():
    """The check itself: a conjunct indexing one field by another's value reads other leaves
    in other states."""
    from types import SimpleNamespace as NS

    from referee.model.kernel.logic import Lookup

    def part(s):
        return Lookup(s.loc, s.at) >= 0

    a, b = NS(loc=(1, 2, 3), at=0), NS(loc=(1, 2, 3), at=2)
    assert reads(part, a) != reads(part, b)
