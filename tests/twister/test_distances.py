"""The moves' path lengths (paths.distances: a breadth-first search over tables of the
board's layout, bounded by the fastest speed) against a reference: networkx's shortest paths
over the whole board's graph of the squares a mover may cross, read square by square from the
rule as written (deplacement.crossable, Geo.passable), on states of random games."""
import random
from types import SimpleNamespace

import networkx as nx

from conftest import GAME

from referee.checks.explore import Explorer
from referee.model.twister.board import NSQ, neighbours, room_of
from referee.model.twister.common import geo
from referee.model.twister.deplacement import standing
from referee.model.twister.paths import crossable, distances, steps_to
from referee.replays.engine import setup_from_header


def _reference(s, p, k, src, enterable):
    g, G = geo(s), nx.Graph()
    G.add_node(src)
    for q in range(NSQ):
        if not enterable(q) and q != src:
            continue
        for n in neighbours(q):
            if n > q and (enterable(n) or n == src) and g.passable(s, q, n):
                G.add_edge(q, n)
    return nx.single_source_shortest_path_length(G, src)


def test_bounded_search_gives_the_shortest_paths_of_the_whole_board():
    rng = random.Random(7)
    s = setup_from_header(GAME, GAME.random_header(rng, GAME.default_config()))
    fastest = max(c.speed for c in s.cfg.comp.chars)
    compared = 0
    for i, m in enumerate(Explorer(GAME).play(s, rng, 120)):
        if i % 6:
            continue
        t = m.after
        if t.live is None:
            continue
        for k, _, _, q in standing(t):
            a = SimpleNamespace(p=t.turn, who=k)
            whole = distances(t, a, q)
            ref = _reference(t, t.turn, k, q, crossable(t, a))  # the same squares, the whole board's graph
            assert whole == ref, (i, k, q)
            near = distances(t, a, q, fastest)
            assert near == {x: d for x, d in ref.items() if d <= fastest}
            # the replay's question, one target at a time (the search stops on reaching it)
            for to in list(ref)[:: 7] + [q, (q + 53) % NSQ]:
                for limit in (0, 2, fastest):
                    want = ref.get(to, 99)
                    assert steps_to(t, t.turn, k, q, to, limit) == (want if want <= limit else 99), (i, k, q, to, limit)
            compared += 1
    assert compared >= 20


def test_each_layout_reads_the_sides_as_the_rule_as_written():
    """paths.Layout (built from the rooms' drawn sides) against Geo.passable and Geo.pit,
    side by side, on random rotations, portcullis states and revealed rooms."""
    from referee.model.twister.paths import Layout

    rng = random.Random(3)
    s = setup_from_header(GAME, GAME.random_header(rng, GAME.default_config()))
    g = geo(s)
    for _ in range(200):
        t = s.but(rot=tuple(rng.randrange(4) for _ in s.rot), gate=tuple(rng.randrange(3) for _ in s.gate),
                      revealed=tuple(rng.random() < 0.6 for _ in s.revealed))
        lay = Layout(t)
        for q in range(NSQ):
            assert lay.pit[q] == bool(g.pit(t, q))
            want = tuple(n for n in neighbours(q) if (t.revealed[r] if (r := room_of(n)) is not None else True)
                         and g.passable(t, min(q, n), max(q, n)))
            assert lay.steps[q] == want, q
