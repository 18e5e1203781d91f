"""The scenarios' legal games declare what the rules fix and a log may declare
(checks/scenarios/declared.py): every Welcome `dungeon.leave` carries the dungeon's outcome
and the HP left (§Issue), so an engine that computes them otherwise is caught on that line;
a field that is a choice is left out."""
from types import SimpleNamespace

import orjson

from referee.checks.scenarios import Generator, log_lines
from referee.checks.scenarios.declared import declare
from referee.model.kernel import Illegal
from referee.model.kernel.rules import Int
from referee.model import load
from referee.replays.engine import replay


def _game(name: str, i: int = 0):
    gen = Generator(load(name), seed=0)
    header, path, _, _ = gen.legal_game(i)
    return log_lines(gen.game, header, path)


def test_every_dungeon_leave_declares_its_outcome_and_hp():
    rows = _game("welcome", 2)
    leaves = [r for r in rows[1:] if r["do"] == "dungeon.leave"]
    assert len(leaves) >= 3
    assert all(r["outcome"] in ("success", "failure", "nothing") and type(r["hp"]) is int for r in leaves)
    assert replay([orjson.dumps(r) for r in rows]).verdict == "legal"
    # another HP, or the other outcome, on the first leave: illegal there, under §Issue
    line = rows.index(leaves[0]) + 1
    for key, value in (("hp", leaves[0]["hp"] + 1), ("outcome", "success" if leaves[0]["outcome"] == "failure" else "failure")):
        bad = [dict(r) for r in rows[:line]]
        bad[-1][key] = value
        v = replay([orjson.dumps(r) for r in bad])
        assert (v.verdict, v.first().line, v.first().cite) == ("illegal", line, "§Issue"), key


def _toy(refuse, hi=2):
    """One action with an optional number x (default 0) that changes nothing; `refuse` the
    values a Need refuses."""
    need = SimpleNamespace(says="x is right", cite="§1")
    act = SimpleNamespace(params=(SimpleNamespace(name="x", optional=True, default=0, kind=Int(0, hi)),))

    def step(s, a, b):
        if b.x in refuse:
            raise Illegal(a, need, "")
        return s
    return SimpleNamespace(step=step), act


def test_a_choice_is_not_declared():
    """A value is declared only where the rules refuse the others: with none refused x is a
    choice (two values fit, or the only other one: left out), with one refused the
    value that fits is written."""
    s = SimpleNamespace(cfg=None)
    for refuse, hi, want in (((), 2, 0), ((), 1, 0), ((2,), 2, 1), ((1,), 2, 2), ((1, 2), 2, 0)):
        game, act = _toy(refuse, hi)
        assert declare(game, s, [(act, SimpleNamespace(p=0, x=0))], [s])[0][1].x == want, refuse
    game, act = _toy(())
    assert declare(game, s, [(act, SimpleNamespace(p=0, x=1))], [s])[0][1].x == 1  # given: kept
