"""The scenarios' legal games declare what the rules fix and a log may declare
(checks/scenarios/declared.py): every Welcome `dungeon.leave` carries the dungeon's outcome
and the HP left (§Issue), so an engine that computes them otherwise is caught on that line;
a field that is a choice is left out."""
from types import SimpleNamespace

import orjson

from referee.checks.scenarios import Generator, log_lines
from referee.checks.scenarios.declared import declare
from referee.model.kernel import Illegal
from referee.model.kernel.rules import Int, Param
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


def test_every_raiders_combat_declares_its_scores():
    """Raiders' declared fields name their value (Param.fixed): each PvE declares its score
    and resistance (§8.6), each PvP both scores (§8.8); one off is illegal on that line."""
    for i in range(7, 20):  # seed 0's first PvP is in game 7
        rows = _game("raiders", i)
        pvp = [r for r in rows[1:] if r.get("do") == "pvp.resolve"]
        if pvp:
            break
    pve = [r for r in rows[1:] if r.get("do") == "expedition.resolve"]
    assert pve and pvp, "no PvP in games 7-19"
    assert all(type(r["score"]) is int and type(r["resistance"]) is int for r in pve)
    assert all(type(r["score"]) is int and type(r["defence"]) is int for r in pvp)
    assert replay([orjson.dumps(r) for r in rows]).verdict == "legal"
    for r, key, cite in ((pve[0], "resistance", "§8.6"), (pvp[0], "defence", "§8.8")):
        line = rows.index(r) + 1
        bad = [dict(x) for x in rows[:line]]
        bad[-1][key] += 1
        v = replay([orjson.dumps(x) for x in bad])
        assert (v.verdict, v.first().line, v.first().cite) == ("illegal", line, cite), key


def _toy(refuse, hi=2):
    """One action with an optional number x (default 0) that changes nothing; `refuse` the
    values a Need refuses."""
    need = SimpleNamespace(says="x is right", cite="§1")
    act = SimpleNamespace(params=(Param("x", Int(0, hi), optional=True, default=0),))

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


def test_a_declared_value_no_log_can_write_is_not_offered_as_a_wrong_one():
    """Twister's token fields read "Player.Name" for 0..27: "one off" the last token is no
    value at all (session 37: the declarations family crashed on it, IndexError)."""
    from types import SimpleNamespace

    from referee.checks.scenarios.declarations import _writable
    from referee.model import load
    from referee.model.twister.params import Token

    cfg = load("twister").default_config()
    prm = SimpleNamespace(kind=Token())
    assert _writable(prm, 27, cfg, ("A", "B")) and _writable(prm, 0, cfg, ("A", "B"))
    assert not _writable(prm, 28, cfg, ("A", "B")) and not _writable(prm, -1, cfg, ("A", "B"))
