"""A question an option answers by refusing the move (Twister's heal_shared=no): the
witness search sees the refused move, the witness is an illegal game refused at its last
event with the Need's §, and the replay reports the option that decided it there."""
from __future__ import annotations

import dataclasses

from referee.checks import witness as W
from referee.checks.report import write_witnesses
from referee.checks.findings import Finding
from referee.checks.search import Budget, Rules
from referee.model.kernel import Answer, Need, Ruling, decide
from referee.replays.engine import replay
from referee.replays.expect import mismatch

from . import toygame
from .toygame import GAME

BIG = Ruling("big", "§1", "may a player take three stones at once?", lambda s, a: a.k == 3,
             (Answer("§1", "option:start=10", "not with the short pile", lambda s, a: True, lambda s, a: 0),),
             action="take")
TAKE = dataclasses.replace(toygame.TAKE, needs=toygame.TAKE.needs + (
    Need("§1.3", "three at once only where allowed", lambda s, a: decide(BIG, s, a) == 1),))
TOY = dataclasses.replace(GAME, rulings=(BIG,), actions=(TAKE,), _by_name={}, _needs={}, _watch={})


def test_a_move_an_option_refuses_is_witnessed_as_an_illegal_game(tmp_path):
    rules = Rules()
    got = W.search_rulings(TOY, rules, ("big",), Budget(2_000))
    header, path = got["big"]
    w = W.to_witness(TOY, rules, header, path, "the last event raises the question")
    assert w.expect == "illegal" and w.cites == ["§1.3"] and "refuse it (§1.3" in w.reaches
    f = Finding("toy.ambiguity.§1.big", "toy", "ambiguity", ["§1"], "", witness=w, rule="big")
    log, = write_witnesses([f], tmp_path)
    v = replay(log, game=TOY)
    assert mismatch(v) is None, mismatch(v)  # illegal at the last line, §1.3, decided by the option
    last = len(w.events) + 1
    assert (v.problems[0].line, v.problems[0].cite) == (last, "§1.3")
    assert [(d["line"], d["ruling"], d.get("option")) for d in v.decided] == [(last, "big", "start=10")]


def test_a_move_another_need_refuses_raises_nothing():
    # the option lets three stones go; a later Need refuses them: no question arose on that move
    allow = dataclasses.replace(BIG, answers=(
        Answer("§1", "book", "fewer than three is fine", lambda s, a: a.k != 3, lambda s, a: 1),
        Answer("§1", "option:start=10", "three too", lambda s, a: a.k == 3, lambda s, a: 1)))
    take = dataclasses.replace(toygame.TAKE, needs=(
        Need("§1.3", "three at once only where allowed", lambda s, a: decide(allow, s, a) == 1),
        Need("§1.4", "never three at once", lambda s, a: a.k != 3)) + toygame.TAKE.needs)
    toy = dataclasses.replace(GAME, rulings=(allow,), actions=(take,), _by_name={}, _needs={}, _watch={})
    assert W.search_rulings(toy, Rules(), ("big",), Budget(2_000)) == {}
