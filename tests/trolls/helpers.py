"""Building positions of Trolls et Dragons by hand, for the tests."""
from fractions import Fraction as F

from referee.model import load
from referee.model.kernel import args
from referee.model.trolls.state import NOBODY, PLAY

GAME = load("trolls")
HANDS = [["as", "3", "5", "7", "9"], ["as", "3", "5", "7", "joker"], ["as", "as", "3", "5", "9"]]


def header(hands=HANDS, options=None):
    return {"referee": 1, "game": "trolls", "players": ["Ana", "Ben", "Cy"], "options": options or {},
            "setup": {"hands": hands}}


def start(options=None, hands=HANDS):
    cfg = GAME.configure(options or {}, None, None, nplayers=3)
    return GAME.setup(header(hands, options), cfg)


def playing(rsv=(10, 10, 10), options=None, **fields):
    """A state in the middle of a turn: rounds under way, the Human to initiate."""
    s = start(options)
    return s.but(phase=PLAY, step=0, solo=NOBODY, rsv=rsv, drawn=(True,) * 3, betted=(True,) * 3, **fields)


def idx(name):
    return GAME.default_config().comp.fig_names.index(name)


def one(name):
    return tuple(1 if i == idx(name) else 0 for i in range(6))


def group(*names):
    return tuple(1 if GAME.default_config().comp.fig_names[i] in names else 0 for i in range(6))


def moving(**to):
    names = GAME.default_config().comp.fig_names
    out = []
    for n in names:
        out += [1, F(to[n][0]), F(to[n][1])] if n in to else [0, F(0), F(0)]
    return tuple(out)


def act(name):
    return GAME.action(name)


def step(s, name, p=None, **kw):
    return GAME.step(s, act(name), args(p, **kw))


def failing(s, name, p=None, **kw):
    """The first Need an event fails (None if legal)."""
    return GAME.first_failure(s, act(name), args(p, **kw))


def setpos(s, **where):
    pos = list(s.pos)
    for n, p in where.items():
        pos[idx(n)] = (F(p[0]), F(p[1]))
    return s.but(pos=tuple(pos))


def setface(s, **where):
    face = list(s.face)
    for n, p in where.items():
        face[idx(n)] = (F(p[0]), F(p[1]))
    return s.but(face=tuple(face))
