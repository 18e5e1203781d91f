"""Stalemates in the audit (checks/audit/listed.py `stalemates`, checks/stuck.py): the finding, its
§s, and its witness; and the proof's soundness when an optional param is left out."""
from __future__ import annotations

from dataclasses import dataclass

import orjson

from referee.checks.audit import Audit
from referee.checks.stuck import no_event_possible
from referee.model import load
from referee.model.kernel import Action, Config, Game, Int, Need, Param, Phase, State, args, num
from referee.replays.engine import replay


def test_the_audit_reports_the_stalemate_an_option_causes(tmp_path):
    a = Audit(load("raiders"), options={"unresolved": "forbidden"}, budget=30.0)
    a.witness_seconds = 0.2  # the stalemate search needs a few dozen moves: the claims' searches need not run long
    found = [f for f in a.run() if f.status == "stalemate"]
    assert len(found) == 1, [f.id for f in a.findings if "stale" in f.id]
    f = found[0]
    assert f.kind == "gap" and "unresolved=forbidden" in f.says and "actions phase" in f.says
    assert {"§6.1", "§6.3"} <= set(f.cites)  # the option's § and the level rule that blocks
    assert any("[§6.3]" in d for d in f.details)
    log = tmp_path / "w.jsonl"
    log.write_bytes(b"\n".join(orjson.dumps(x) for x in f.witness.lines()) + b"\n")
    v = replay(log)
    assert v.verdict == "legal" and v.outcome is None


@dataclass(frozen=True)
class _S(State):
    phase: int = num()
    n: int = num()


def test_an_event_that_leaves_out_an_optional_param_is_considered():
    """The only legal event omits its optional bid (default 0, outside the bid's bounds 1..5):
    the proof must try the default too, or it would report a false stalemate."""
    pass_ = Action("pass", "§1", "pass, or bid 1 to 5", params=(Param("bid", Int(1, 5), optional=True, default=0),),
                   needs=(Need("§1", "no bid may be made", lambda s, a: a.bid == 0),),
                   effect=lambda s, a: s.but(n=s.n + 1), phases=("play",), propose=lambda s: (args(0, bid=0),))
    cfg = Config("toy", {}, ())
    game = Game("toy", "Toy", "", "0", _S, (), (), (Phase("play", "§0", ""),), (pass_,), (),
                configure=lambda o, d, p, nplayers=2: cfg, setup=lambda h, c: _S(cfg=c, phase=0, n=0),
                init=lambda s: True, result=lambda s: None)
    s = _S(cfg=cfg, phase=0, n=0)
    assert no_event_possible(game, s) is False
    blocked = _S(cfg=cfg, phase=1, n=0)  # no phase 1 event exists: a true stalemate
    assert no_event_possible(game, blocked) is True
