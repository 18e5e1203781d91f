"""Hand-built Dungeon Twister positions. Squares are sq = 10 * x + y; room 0 ("1a", the
illustrative set) covers x 1..5, y 0..4: a pit at (2, 1), a clockwise gear at (3, 2), a
closed portcullis (gate 0) between (3, 3) and (4, 3), a wall between (4, 0) and (4, 1)."""
import pytest

from referee.model import load
from referee.model.kernel import args
from referee.model.twister.board import NTOK, room_of
from referee.model.twister.common import counts_of, geo
from referee.model.twister.setup import HEADER_EXAMPLE
from referee.replays.engine import setup_from_header

GAME = load("twister")


def tok(p, name):
    from referee.model.twister.params import TOKEN_NAMES

    return p * NTOK + TOKEN_NAMES.index(name)


def cid(p, name):
    from referee.model.twister.data import CHAR_NAMES

    return p * 8 + CHAR_NAMES.index(name)


def position(where, held=None, wounded=(), revealed=(0,), options=None, ap=5, turn=0, rot=None):
    """An act-phase state: `where` maps (player, name) -> square; every other token is gone;
    rooms in `revealed` are face up; the per-square counts are those of the position."""
    h = dict(HEADER_EXAMPLE)
    if options:
        h["options"] = options
    s = setup_from_header(GAME, h)
    loc = [-1] * 28
    for (p, name), q in where.items():
        loc[tok(p, name)] = q
    hd = [-1] * 16
    for (p, name), (q, obj) in (held or {}).items():
        hd[cid(p, name)] = tok(q, obj)
    w = [False] * 16
    for p, name in wounded:
        w[cid(p, name)] = True
    rv = tuple(r in revealed for r in range(8))
    s = s.but(phase=2, turn=turn, ap=ap, loc=tuple(loc), held=tuple(hd), wounded=tuple(w), revealed=rv,
              hid=tuple(0 if rv[r] else (2 if r % 4 in (0, 3) else 3) for r in range(8)), res=(0, 0),
              rot=rot or (0,) * 8, four=True, high=5)
    occ, objs, unw = counts_of(s.loc, s.wounded)
    g = geo(s)
    onpit = tuple(bool(0 <= s.loc[t] < 220 and g.pit(s, s.loc[t])) for t in range(28))
    shut = tuple(room_of(q) is not None and not rv[room_of(q)] for q in range(220))
    return s.but(occ=occ, objs=objs, unw=unw, onpit=onpit, shut=shut)


def why(s, name, **kw):
    """The first failing Need of an event (None if legal)."""
    act = GAME.action(name)
    need = GAME.first_failure(s, act, args(kw.pop("p", s.turn), **kw))
    return None if need is None else need.says


def do(s, name, **kw):
    act = GAME.action(name)
    a = args(kw.pop("p", s.turn), **kw)
    t = GAME.step(s, act, a)
    assert GAME.broken(t) == [], [i.says for i in GAME.broken(t)]
    return t


@pytest.fixture
def game():
    return GAME
