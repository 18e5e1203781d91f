"""Invariants as a transition system <Init, Trans, Inv> (z3).

An invariant is *proved* when it holds in every setup state (base case: Init and not Inv
is unsat) and every action instance preserves the conjunction of all invariants (step:
Inv and Needs and not Inv' is unsat, for every action of the model). A solver `unknown`
is reported as unknown, never as proved. When the step fails, the counterexample to
induction is shown; whether a reachable state breaks the invariant is then searched for
concretely (witness.py), and the finding says which of the two it is.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import z3

from ..model.kernel import Config, Game
from .symbolic import Instance, instances, sym_state, term

TIMEOUT_MS = 5000
# Live conjuncts are asked about in chunks: one query over hundreds of them (Dungeon
# Twister's 220 squares) costs z3 far more than the same conjuncts a few dozen at a time.
CHUNK = 16


@dataclass
class InvResult:
    index: int
    status: str = "proved"  # proved | base-fails | not-inductive | unknown
    by: str = ""  # the action instance that breaks the step, or the base case
    model: dict = field(default_factory=dict)


def all_instances(game: Game, cfg: Config) -> list[Instance]:
    out: list[Instance] = []
    for act in game.actions:
        out += instances(game, cfg, act)
    return out


def _describe(m: z3.ModelRef, s: Any) -> dict:
    from .symbolic import skeleton_terms

    out = {}
    for name, leaf in skeleton_terms(s):
        out[name] = str(m.eval(term(leaf), model_completion=True))
    return out


from ..model.kernel.reads import parts, reads  # noqa: E402


def changed(S: Any, T: Any) -> set:
    """Leaves (field, index...) whose term the effect rebuilt."""
    out: set = set()

    def walk(a: Any, b: Any, path: tuple) -> None:
        if a is b:
            return
        if isinstance(a, tuple):
            for k, (x, y) in enumerate(zip(a, b)):
                walk(x, y, path + (k,))
        else:
            out.add(path)

    for f in S.skeleton():
        walk(getattr(S, f.name), getattr(T, f.name), (f.name,))
    return out


def _solver(game: Game) -> Any:
    """A solver for the game's skeleton: integer-only models get z3's QF_LIA solver (faster
    on these linear problems), models with reals the default one."""
    import dataclasses

    real = any(f.metadata.get("sort") == "real" for f in dataclasses.fields(game.state_cls))
    s = z3.Solver() if real else z3.SolverFor("QF_LIA")
    s.set("timeout", TIMEOUT_MS)
    return s


_FORKED: dict = {}  # what a forked worker of `prove` reads (set just before the fork)


def _chunk_in_child(k: int) -> list[tuple]:
    game, cfg, jobs, deadline = _FORKED["job"]
    res = _steps(game, cfg, [InvResult(i) for i in range(len(game.invariants))], k, jobs, deadline)
    return [(r.index, r.status, r.by, r.model) for r in res]


def prove(game: Game, cfg: Config, budget: float | None = None, jobs: int = 1) -> list[InvResult]:
    """Prove every invariant of the game under cfg. With a `budget` (seconds), the
    invariants still open when it runs out are reported unknown ("time budget"),
    never proved. `jobs` > 1 splits the action instances over forked processes."""
    import time

    deadline = None if budget is None else time.monotonic() + budget
    S = sym_state(game, cfg, "s")
    invs = game.invariants
    res = [InvResult(i) for i in range(len(invs))]
    hyp = [term(inv.test(S)) for inv in invs]
    # base case
    base = _solver(game)
    base.add(term(game.init(S)))
    for r, h in zip(res, hyp):
        base.push()
        base.add(z3.Not(h))
        out = base.check()
        if out == z3.sat:
            r.status, r.by, r.model = "base-fails", "setup", _describe(base.model(), S)
        elif out == z3.unknown:
            r.status, r.by = "unknown", "setup"
        base.pop()
    if jobs <= 1:
        return _steps(game, cfg, res, 0, 1, deadline, (S, hyp))
    import multiprocessing as mp

    _FORKED["job"] = (game, cfg, jobs, deadline)
    with mp.get_context("fork").Pool(jobs - 1) as pool:
        others = pool.map_async(_chunk_in_child, range(1, jobs))
        mine = _steps(game, cfg, [InvResult(i) for i in range(len(invs))], 0, jobs, deadline, (S, hyp))
        chunks = [[(r.index, r.status, r.by, r.model) for r in mine]] + others.get()
    for chunk in chunks:  # an invariant is proved only if every chunk proved it
        for idx, status, by, model in chunk:
            if res[idx].status == "proved" and status != "proved":
                res[idx].status, res[idx].by, res[idx].model = status, by, model
    return res


def _ask(step: Any, after: list, S: Any = None) -> tuple[Any, dict]:
    """Whether the solver's state (hypothesis, Needs) can break a term of `after`: unsat
    when it cannot; with S, a counterexample's state when it can."""
    step.push()
    step.add(z3.Not(z3.And(after)))
    out = step.check()
    model = _describe(step.model(), S) if out == z3.sat and S is not None else {}
    step.pop()
    return out, model


def _steps(game: Game, cfg: Config, res: list[InvResult], k0: int, jobs: int, deadline: float | None,
           built: tuple | None = None) -> list[InvResult]:
    """The induction step over every `jobs`-th action instance from `k0` (`built`: the
    symbolic state and hypothesis, when the caller has them already)."""
    import time

    invs = game.invariants
    S, hyp = built or (lambda S: (S, [term(inv.test(S)) for inv in invs]))(sym_state(game, cfg, "s"))
    # one solver holds the hypothesis; each action instance is pushed in turn and asked,
    # a chunk of live conjuncts at a time, whether it can break one; only then is each
    # conjunct of that chunk asked alone.
    step = _solver(game)
    step.add(*hyp)
    conj = [(k, part, reads(part, S)) for k, inv in enumerate(invs) for part in parts(inv)]
    for inst in all_instances(game, cfg)[k0::jobs]:
        if deadline is not None and time.monotonic() > deadline:
            for r in res:
                if r.status == "proved":
                    r.status, r.by = "unknown", f"the time budget ran out before {inst.label}"
            break
        step.push()
        step.add(*inst.side)
        for need in game.needs(inst.action):
            if not need.concrete_only:
                step.add(term(need.test(S, inst.args)))
        T = inst.action.effect(S, inst.args)
        moved = changed(S, T)
        # a conjunct that reads no leaf the effect touched is its own hypothesis again
        live = [(k, term(part(T))) for k, part, rd in conj if res[k].status == "proved" and rd & moved]
        for i in range(0, len(live), CHUNK):
            chunk = [(k, t) for k, t in live[i:i + CHUNK] if res[k].status == "proved"]
            if not chunk or _ask(step, [t for _, t in chunk])[0] == z3.unsat:
                continue
            for k, t in chunk:  # which conjunct: each alone, for its verdict and model
                if res[k].status == "proved":
                    out, model = _ask(step, [t], S)
                    if out == z3.sat:
                        res[k].status, res[k].by, res[k].model = "not-inductive", inst.label, model
                    elif out == z3.unknown:
                        res[k].status, res[k].by = "unknown", inst.label
        step.pop()
    return res
