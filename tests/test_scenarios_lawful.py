"""A scenario expected legal replays legal even where the rules' Needs let a move through
that breaks an invariant no proof covers (session 37: Twister's heal under heal_shared=yes
left two unwounded characters on a square, and the situations family wrote the game as
legal though `referee replay` refuses it at that line). The scenarios play lawfully: such a
move is not theirs to play. Shown on the toy, given an invariant its Needs do not keep."""
import dataclasses

import orjson

from referee import Invariant
from referee.checks.explore import Explorer
from referee.checks.scenarios import Generator
from referee.replays.engine import replay
from tests.toygame import GAME

# no Need bounds what one player takes: random games break it often, and no proof trusts it
GREEDY = Invariant("§1", "no player holds more than 4 stones", lambda s: (s.taken[0] <= 4) & (s.taken[1] <= 4))
TOY = dataclasses.replace(GAME, invariants=GAME.invariants + (GREEDY,))


def _verdicts(gen: Generator, n: int) -> list[tuple[str, str]]:
    out = []
    for sc in gen.random(n):
        v = replay([orjson.dumps(r).decode() for r in sc.rows], game=TOY)
        out.append((sc.expect["verdict"], v.verdict))
    return out


def test_every_random_scenario_expected_legal_replays_legal():
    got = _verdicts(Generator(TOY, seed=3), 40)
    assert got and all(want == have for want, have in got), got


def test_the_same_games_played_by_needs_alone_would_be_mislabelled():
    gen = Generator(TOY, seed=3)
    gen.explorer = Explorer(TOY, "weighted")  # the explorer before session 37: Needs only
    assert any(have == "illegal" for want, have in _verdicts(gen, 40))
