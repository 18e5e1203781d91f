"""Helpers to build Dungeons Raiders positions from a header, as a log would."""

import pytest

from referee.model import load
from referee.replays.engine import setup_from_header

GAME = load("raiders")

BOARD_ANA = {"A2": "Mine", "A3": "Marchand", "B1": "Recruteur", "B2": "Guilde des Voleurs", "B3": "Temple",
             "C1": "Académie", "C2": "Stratège", "C3": "Statue"}
BOARD_BEN = {"A2": "Taverne", "A3": "Mine", "B1": "Caserne", "B2": "Recruteur", "B3": "Oracle",
             "C1": "Académie", "C2": "Foire de la magie", "C3": "L'explorateur"}


def header(options=None, ana=None, ben=None):
    return {
        "referee": 1, "game": "raiders", "players": ["Ana", "Ben"], "options": options or {},
        "setup": {
            "Ana": ana or {"house": "Maison du Renard", "house_cards": ["Larcin", "Ruse"], "buy": ["Banque"], "board": BOARD_ANA},
            "Ben": ben or {"house": "Maison du Lion", "house_cards": ["Rempart", "Levée"], "buy": [], "board": BOARD_BEN},
        },
    }


def start(options=None, **kw):
    return setup_from_header(GAME, header(options, **kw))


def b(name):
    return GAME.default_config().comp.bi(name)


def card(name):
    return GAME.default_config().comp.card_names.index(name)


def vec(n, **at):
    v = [0] * n
    for k, x in at.items():
        v[int(k)] = x
    return tuple(v)


def act(name):
    return GAME.action(name)


def in_actions(s, **changes):
    """The state moved to the resolution step of the actions phase (both placed)."""
    base = dict(phase=3, init=0, current=0, done=(1, 1))
    base.update(changes)
    return s.but(**base)


@pytest.fixture
def game():
    return GAME
