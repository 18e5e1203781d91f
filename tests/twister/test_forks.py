"""The board's tables against the rules they are derived from: each kernel `fork` of the
model (a concrete form over tables by square, the form the replay and the compiled rules
run; a symbolic form over the rooms' features, the one z3 reads) gives the same answer on
random boards: random rotations and portcullises, every square, the tokens of random games.
The symbolic form is run on z3 constants and simplified, so a table built off by a quarter
turn, a room or a square fails here."""
import random
from types import SimpleNamespace

import pytest

z3 = pytest.importorskip("z3")

from conftest import GAME  # noqa: E402

from referee.checks.explore import Explorer  # noqa: E402
from referee.model.kernel import Sym  # noqa: E402
from referee.model.twister import board, common, paths, salles  # noqa: E402
from referee.model.twister.board import NSQ, neighbours, room_of, xy  # noqa: E402
from referee.replays.engine import setup_from_header  # noqa: E402


def _value(x):
    """A symbolic form's answer as a Python value (simplified z3 constants)."""
    if isinstance(x, tuple):
        return tuple(_value(y) for y in x)
    if type(x) is Sym:
        x = z3.simplify(x.t)
        return z3.is_true(x) if z3.is_bool(x) else x.as_long()
    return x


class Forms:
    """Each fork's symbolic form built once over z3 variables (the args at the positions
    `keep` stay values: a player, a room, a turn's table of squares), then read at given
    values by substitution: f.concrete(*xs) must equal it."""

    def __init__(self):
        self.built = {}

    def _vars(self, x, name):
        if isinstance(x, tuple):
            return tuple(self._vars(y, f"{name}_{k}") for k, y in enumerate(x))
        return Sym(z3.Bool(name) if isinstance(x, bool) else z3.Int(name))

    def agree(self, f, *xs, keep=()):
        key = (f.__name__, id(f), tuple(xs[k] if not isinstance(xs[k], dict) else id(xs[k]) for k in keep),
               tuple(isinstance(x, bool) for x in xs))
        got = self.built.get(key)
        if got is None:
            vs = [x if k in keep else self._vars(x, f"x{k}") for k, x in enumerate(xs)]
            got = self.built[key] = (vs, f.symbolic(*vs))
        vs, form = got
        subst = []
        for k, (v, x) in enumerate(zip(vs, xs)):
            if k not in keep:
                for var, val in zip(_flat(v), _flat(x)):
                    subst.append((var.t, z3.BoolVal(val) if isinstance(val, bool) else z3.IntVal(val)))
        got = _value(_map(lambda t: Sym(z3.substitute(t.t, *subst)) if type(t) is Sym else t, form))
        assert got == f.concrete(*xs), (f.__name__, xs)


def _flat(x):
    return [z for y in x for z in _flat(y)] if isinstance(x, tuple) else [x]


def _map(fn, x):
    return tuple(_map(fn, y) for y in x) if isinstance(x, tuple) else fn(x)


def test_features_by_square_are_the_rooms_features_at_every_rotation():
    g = board.geometry(GAME.default_config())
    forms = Forms()
    rng = random.Random(4)
    boards = [(k,) * 8 for k in range(4)] + [tuple(rng.randrange(4) for _ in range(8))]
    for rot in boards:  # every room at every quarter turn, then mixed
        for q in range(-1, NSQ + 1):
            forms.agree(g.pit_at, q, rot)
            forms.agree(g.gear_at, q, rot)
        s = SimpleNamespace(rot=rot)
        for q in range(NSQ):  # the sides by pair of squares: the rooms' sides by pair of (x, y)
            for n in neighbours(q):
                assert g.side(s, q, n) == _side(g, rot, q, n), (q, n, rot)
    # and the tables say something: pits and both gears are met
    kinds = {k for row in g.kinds for k in row}
    assert {"pit", "gear+", "gear-"} <= kinds


def _side(g, rot, a, b):
    """What lies between squares a and b, read from the rooms' sides as they are given
    (keyed by the pair of (x, y)): a wall wins over a portcullis."""
    key, found = frozenset((xy(a), xy(b))), None
    for q in (a, b):
        r = room_of(q)
        v = None if r is None else g.sides[r][rot[r]].get(key)
        if v is not None:
            if v[0] == "wall":
                return "wall"
            found = ("gate", v[1])
    return found


def test_square_predicates_agree_on_every_square():
    rng = random.Random(5)
    forms = Forms()
    for q in range(-2, NSQ + 2):
        forms.agree(board.on_board, q)
        for p in (0, 1):
            forms.agree(board.on_line, q, p, keep=(1,))
        forms.agree(board.in_room, q, rng.randrange(8), keep=(1,))
        forms.agree(board.adjacent, q, q + rng.choice((1, -1, 10, -10, 2, 11)))
        forms.agree(paths._open_at, q, tuple(rng.random() < 0.5 for _ in range(8)))


def _states(n_games=1, steps=150):
    rng = random.Random(11)
    for _ in range(n_games):
        s = setup_from_header(GAME, GAME.random_header(rng, GAME.default_config()))
        for i, m in enumerate(Explorer(GAME).play(s, rng, steps)):
            if i % 10 == 0:
                yield m.after


def test_token_helpers_agree_on_the_states_of_random_games():
    rng = random.Random(6)
    forms = Forms()
    seen = 0
    for s in _states():
        g = common.geo(s)
        t = rng.randrange(28)
        forms.agree(common.held_by_any, s.held, t)
        # (put_if and sq_bump are one body for both forms: nothing to compare)
        # who leaves and who is wounded at random; the squares they leave stay values (the
        # symbolic form then bumps known squares by symbolic amounts)
        newloc = tuple(-1 if rng.random() < 0.2 else x for x in s.loc)
        neww = tuple(w or rng.random() < 0.2 for w in s.wounded)
        forms.agree(common._recount, (s.occ, s.objs, s.unw), s.loc, newloc, s.wounded, neww, keep=(0, 1, 2))
        r, d = rng.randrange(8), rng.choice((1, -1))
        forms.agree(salles.turned_loc, s.loc, g.turnmap, r, d, keep=(1, 2, 3))
        seen += 1
    assert seen >= 10


def test_a_placement_per_square_and_its_counts_agree_on_random_placements():
    # the reveal's counts (§Règle d'or 2): random spots in and around each room, crowded
    # often enough that every bound is both met and broken
    rng = random.Random(7)
    forms = Forms()
    outcomes = set()
    counts = tuple(rng.randrange(3) for _ in range(NSQ))  # a board's counts, the same throughout
    for _ in range(150):
        room = rng.randrange(8)
        own = board.room_squares(room)
        pool = own[:3] + (own[0] - 1, -1)  # few squares: tokens pile up
        spots = tuple(rng.choice(pool) if rng.random() < 0.3 else -1 for _ in range(board.T))
        for tokens, most in ((salles.ALL, 2), (salles.OBJECTS, 1), (salles.CHARACTERS, 1)):
            forms.agree(salles.per_square, spots, room, tokens, most, keep=(1, 2, 3))
            outcomes.add(salles.per_square.concrete(spots, room, tokens, most))
            # the reveal's counts after the placement: the same spots added to a board's counts
            # (the counts kept as values: the spots are what the two forms read differently)
            forms.agree(salles.add_placed, counts, spots, room, tokens, keep=(0, 2, 3))
    assert outcomes == {True, False}


def test_the_edits_that_test_their_index_agree_on_every_index():
    # put_if and sq_bump skip an index they are not to edit (-1: nobody; a square off the
    # board) on values, where put/bump's If chain changes nothing for a term: every index
    # from -1 to the last item, on a vector of values (an index past the end raises on
    # values, as put does: no state, nothing for a proof to cover)
    forms = Forms()
    vec = tuple(range(3, 3 + board.T))
    for i in range(-1, board.T):
        forms.agree(common.put_if, vec, i, 99, keep=(0, 2))
    counts = tuple(k % 3 for k in range(NSQ))
    for q in (-9, -1) + tuple(range(0, NSQ, 7)) + (NSQ - 1,):
        forms.agree(common.sq_bump, counts, q, -1, keep=(0, 2))
