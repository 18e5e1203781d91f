"""Steps (kernel Step): guarantees about every event, read on the states before and after
it ("the Initiative passes each time the turn marker moves", §3.4 of Dungeons Raiders).

Proved action instance by action instance: from any state the proved invariants allow,
with the event's Needs holding, the state its effect gives and the state before satisfy
the Step's `then` wherever they satisfy its `when`. Sound as far as those invariants are,
which the audit proves by induction first (checks/invariants.py): a Step is never proved
from an invariant that is not. Not vacuous: an instance counts only when z3 finds a state
where its Needs hold and the Step's `when` does; none at all is "not applicable", never
"proved". The work is z3's resource count, like every proof here: the same result under
any load."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import z3

from ..model.kernel import Config, Game
from . import work
from .invariants import InvResult, _describe, _solver, all_instances, pushed, spent_out
from .symbolic import term


@dataclass
class StepResult(InvResult):
    """An invariant's result (status proved | not-proved | unknown | vacuous; `by` the
    instance where it failed or why it is not established; `model` a state the proved
    invariants allow, where it fails), and how many instances bring its situation about."""

    events: int = 0  # the action instances where the Step's `when` can hold


def prove_steps(game: Game, cfg: Config, S: Any, hyp: list, allowance: int | None) -> list[StepResult]:
    """Each of `game.steps` under cfg, from the symbolic state S and the proved invariants'
    terms `hyp` over it, within `allowance` z3 resource units (None: no limit)."""
    res = [StepResult(i) for i in range(len(game.steps))]
    if not res:
        return res
    start = work.spent()
    solver = _solver(game)
    solver.add(*hyp)
    for inst in all_instances(game, cfg):
        if spent_out(res, allowance, start, inst.label, "the budget"):
            break
        T = pushed(solver, game, S, inst)
        for r, st in zip(res, game.steps):
            if r.status != "proved":
                continue
            solver.push()
            solver.add(term(st.when(S, T)))
            can = solver.check()
            if can == z3.sat:
                r.events += 1
                solver.add(z3.Not(term(st.then(S, T))))
                out = solver.check()
                if out == z3.sat:
                    r.status, r.by, r.model = "not-proved", inst.label, _describe(solver.model(), S)
                elif out == z3.unknown:
                    r.status, r.by = "unknown", f"the solver gave up at {inst.label}"
            elif can == z3.unknown:
                r.status, r.by = "unknown", f"the solver gave up at {inst.label}"
            solver.pop()
        solver.pop()
    for r in res:
        if r.status == "proved" and r.events == 0:
            r.status, r.by = "vacuous", "no event can bring about the situation it is about"
    return res
