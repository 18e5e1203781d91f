"""Invariants as a transition system <Init, Trans, Inv> (z3).

An invariant is *proved* when it holds in every setup state (base case: Init and not Inv
is unsat) and every action instance preserves it, assuming the invariants proved with it
(step: Inv and Needs and not Inv' is unsat, for every action of the model). The assumed
set is a fixpoint (Houdini): a step proof may assume only invariants that are themselves
proved, so when one fails (base case, step, or unknown) the others are proved again
without it; the proved set is then inductive as a whole. Invariants marked `core` are
proved first, assuming only each other (a cheap rule is not lost to the others' cost), then
the rest assuming them. A family of like conjuncts is proved at the indices an action edits
(frame.py). A solver `unknown` is reported
as unknown, never as proved. When the step fails, the counterexample to
induction is shown; whether a reachable state breaks the invariant is then searched for
concretely (witness.py), and the finding says which of the two it is.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import z3

from ..model.kernel import Config, Game, Sym
from . import frame, work, workers
from .symbolic import Instance, instances, sym_state, term

# Live conjuncts are asked about in chunks: one query over hundreds of them (Dungeon
# Twister's 220 squares) costs z3 far more than the same conjuncts a few dozen at a time.
CHUNK = 16
MANY = 4 * CHUNK  # an action with more live conjuncts is first tried on an abstraction


@dataclass
class InvResult:
    index: int
    status: str = "proved"  # proved | base-fails | not-inductive | unknown | vacuous (no setup state)
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
    for name, x in skeleton_terms(s):
        out[name] = str(m.eval(term(x), model_completion=True))
    return out


from ..model.kernel.reads import leaf, parts, reads, with_leaves  # noqa: E402


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
    return work.limited(s)


@dataclass(frozen=True)
class _Job:
    """What a worker of `prove` needs, handed to it explicitly (Pool initializer args).
    Under `fork` nothing is pickled; under `spawn` (macOS, Windows, Python 3.14's Linux
    default: forkserver) it travels by the game's registered name and a Config without its
    memo (z3 terms do not pickle), and the worker loads the game again."""

    game: Game
    cfg: Config
    jobs: int
    allowance: int | None  # z3 resource units each chunk may spend (None: no limit)
    assume: tuple[int, ...] | None = None  # the invariants a step proves and assumes (None: all)
    fixed: tuple[int, ...] = ()  # proved in an earlier stage: assumed, not proved again

    def __reduce__(self):
        import dataclasses

        from ..model import load

        try:
            registered = load(self.game.name) is self.game
        except KeyError:
            registered = False
        if not registered:
            raise TypeError(f"{self.game.name}: not a registered game, so a spawned worker cannot load it; "
                            "prove it with jobs=1 or a fork context")
        return _job_of, (self.game.name, dataclasses.replace(self.cfg), self.jobs, self.allowance, self.assume, self.fixed)


def _job_of(name: str, cfg: Config, jobs: int, allowance: int | None, assume: tuple | None = None,
            fixed: tuple = ()) -> "_Job":
    from ..model import load

    return _Job(load(name), cfg, jobs, allowance, assume, fixed)


def _take_job(job: _Job) -> None:
    """Pool initializer: the job becomes the worker's own (a process-wide value of that
    worker only, set once before any chunk runs; the parent process holds none)."""
    global _job
    _job = job


_job: _Job | None = None  # a worker's job (_take_job); always None in the process that proves


def _chunk_in_child(k: int) -> list[tuple]:
    job = _job
    assert job is not None, "a chunk of prove runs only in a worker started by prove"
    res = _steps(job.game, job.cfg, _open(len(job.game.invariants), job.assume, job.fixed), k, job.jobs, job.allowance)
    return [(r.index, r.status, r.by, r.model) for r in res]


def prove(game: Game, cfg: Config, budget: float | None = None, jobs: int = 1, context: Any = None) -> list[InvResult]:
    """Prove every invariant of the game under cfg. With a `budget` (seconds of work:
    z3 resource units, work.RATE a second, for each of the `jobs` chunks, which run side by
    side), the invariants still open when it is spent are reported unknown, never proved;
    the same budget gives the same results on any machine under any load. `jobs` > 1 splits
    the action instances over worker processes, started by `context` (a multiprocessing
    context or start method name; default: workers.context)."""
    allowance = None if budget is None else int(budget * work.RATE)
    S = sym_state(game, cfg, "s")
    invs = game.invariants
    res = [InvResult(i) for i in range(len(invs))]
    hyp = [term(inv.test(S)) for inv in invs]
    # base case
    base = _solver(game)
    base.add(term(game.init(S)))
    if base.check() != z3.sat:
        # no setup state (or z3 cannot find one): every proof would hold vacuously
        why = "no setup state satisfies the model's setup under this configuration" \
            if base.check() == z3.unsat else "the solver gave up on the setup states"
        return [InvResult(i, "vacuous", why) for i in range(len(invs))]
    for r, h in zip(res, hyp):
        base.push()
        base.add(z3.Not(h))
        out = base.check()
        if out == z3.sat:
            r.status, r.by, r.model = "base-fails", "setup", _describe(base.model(), S)
        elif out == z3.unknown:
            r.status, r.by = "unknown", "setup"
        base.pop()
    # the step, until the invariants it assumes are exactly those it proves (Houdini): each
    # round drops what the last one could not prove and proves the rest again without it.
    # Core invariants first, assuming only each other, so what the others cost cannot leave
    # them unproved; then the others, assuming the core ones proved (fixed: not proved
    # again). Sound: the core set is inductive on its own, the rest relative to it.
    core = [i for i, inv in enumerate(invs) if getattr(inv, "core", False)]
    stages = [core, [i for i in range(len(invs)) if i not in core]] if core else [list(range(len(invs)))]
    fixed: tuple = ()
    for stage in stages:
        while True:
            assume = tuple(r.index for r in res if r.status == "proved" and r.index in stage)
            if not assume:
                break
            got = _round(game, cfg, S, hyp, assume, jobs, allowance, context, fixed)
            lost = [g for g in got if g.index in assume and g.status != "proved"]
            for g in lost:
                res[g.index] = g
            if not lost:
                break
        fixed += tuple(r.index for r in res if r.status == "proved" and r.index in stage)
    return res


def _open(n: int, assume: tuple | None, fixed: tuple = ()) -> list[InvResult]:
    """The results a round starts from: those of `assume` to prove, those of `fixed` proved
    in an earlier stage (assumed, not proved again), the others already settled."""
    return [InvResult(i) if assume is None or i in assume else InvResult(i, "fixed" if i in fixed else "settled")
            for i in range(n)]


def _round(game: Game, cfg: Config, S: Any, hyp: list, assume: tuple, jobs: int, allowance: int | None,
           context: Any, fixed: tuple = ()) -> list[InvResult]:
    """One induction step over every action instance, proving the invariants of `assume`
    assuming them and those of `fixed`."""
    n = len(hyp)
    held = [hyp[i] for i in range(n) if i in assume or i in fixed]
    if jobs <= 1:
        return _steps(game, cfg, _open(n, assume, fixed), 0, 1, allowance, (S, held))
    job = _Job(game, cfg, jobs, allowance, assume, fixed)
    with workers.context(context).Pool(jobs - 1, initializer=_take_job, initargs=(job,)) as pool:
        others = pool.map_async(_chunk_in_child, range(1, jobs))
        mine = _steps(game, cfg, _open(n, assume, fixed), 0, jobs, allowance, (S, held))
        chunks = [[(r.index, r.status, r.by, r.model) for r in mine]] + others.get()
    res = _open(n, assume, fixed)
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


def _never_up(S: Any, T: Any, paths: list) -> bool:
    """The action makes none of the numbers at `paths` larger, whatever the state (a count
    of tokens after some left the square). A fresh solver: z3 simplifies a one-off problem
    far better than an incremental one (220 recounts in a third of a second)."""
    s = work.limited(z3.SolverFor("QF_LIA"))
    s.add(z3.Or([term(leaf(T, p)) > term(leaf(S, p)) for p in paths]))
    return s.check() == z3.unsat


class _Down:
    """The fields (vectors) whose rewritten numbers all never go up, for one action
    instance: one query per field."""

    def __init__(self, S: Any, T: Any, moved: set):
        ints = [p for p in moved if z3.is_int(term(leaf(S, p)))]
        self.fields = {f for f in {p[0] for p in ints} if _never_up(S, T, [p for p in ints if p[0] == f])}

    def among(self, paths: set) -> list:
        return [p for p in paths if p[0] in self.fields]


def _ask_smaller(step: Any, S: Any, T: Any, chunk: list, down: _Down) -> bool:
    """True when the chunk is proved on an abstraction: each number the action rewrote
    that never goes up is replaced by a fresh number no larger than before. z3 then
    reasons on small terms, not on the effect's If-chains (an attack recounts 220
    squares). Sound: the action's own values are one choice of the fresh numbers. False
    when the abstraction does not decide (the exact terms are asked next)."""
    paths = down.among({p for _, _, rd in chunk for p in rd})
    if not paths:
        return False
    fresh = {p: Sym(z3.Int("down!" + ".".join(map(str, p)))) for p in paths}
    step.push()
    step.add(*[f.t <= term(leaf(S, p)) for p, f in fresh.items()])
    out, _ = _ask(step, [term(part(with_leaves(T, fresh))) for _, part, _ in chunk])
    step.pop()
    return out == z3.unsat


def _steps(game: Game, cfg: Config, res: list[InvResult], k0: int, jobs: int, allowance: int | None,
           built: tuple | None = None) -> list[InvResult]:
    """The induction step over every `jobs`-th action instance from `k0` (`built`: the
    symbolic state and hypothesis, when the caller has them already), within `allowance`
    z3 resource units (None: no limit)."""
    start = work.spent()
    invs = game.invariants
    assumed = [r.index for r in res if r.status in ("proved", "fixed")]  # the others are settled: not assumed
    S, hyp = built or (lambda S: (S, [term(invs[k].test(S)) for k in assumed]))(sym_state(game, cfg, "s"))
    # one solver holds the hypothesis; each action instance is pushed in turn and asked,
    # a chunk of live conjuncts at a time, whether it can break one; only then is each
    # conjunct of that chunk asked alone.
    step = _solver(game)
    step.add(*hyp)
    conj = [(k, part, reads(part, S)) for k, inv in enumerate(invs) for part in parts(inv)]
    shapes: dict = {}  # family -> whether its members have one shape (frame.shape_ok), asked once
    for inst in all_instances(game, cfg)[k0::jobs]:
        if spent_out(res, allowance, start, inst.label, "the time budget"):
            break
        T = pushed(step, game, S, inst)
        moved = changed(S, T)
        # a conjunct that reads no leaf the effect touched is its own hypothesis again
        live = [(k, part, rd & moved) for k, part, rd in conj if res[k].status == "proved" and rd & moved]
        live = _framed(step, S, T, live, conj, res, shapes)
        # many live conjuncts (a recount of 220 squares): first on an abstraction
        down = _Down(S, T, moved) if len(live) > MANY else None
        for i in range(0, len(live), CHUNK):
            chunk = [(k, part, rd) for k, part, rd in live[i:i + CHUNK] if res[k].status == "proved"]
            if not chunk:
                continue
            if down and _ask_smaller(step, S, T, chunk, down):
                continue
            exact = [term(part(T)) for _, part, _ in chunk]
            if _ask(step, exact)[0] == z3.unsat:
                continue
            for (k, _, _), t in zip(chunk, exact):  # which conjunct: each alone, for its verdict and model
                if res[k].status == "proved":
                    out, model = _ask(step, [t], S)
                    if out == z3.sat:
                        res[k].status, res[k].by, res[k].model = "not-inductive", inst.label, model
                    elif out == z3.unknown:
                        res[k].status, res[k].by = "unknown", inst.label
        step.pop()
    return res


def spent_out(res: list, allowance: int | None, start: int, label: str, what: str) -> bool:
    """True when z3's work since `start` passed `allowance`: every result still "proved"
    becomes unknown, saying which budget ran out before which instance."""
    if allowance is None or work.spent() - start <= allowance:
        return False
    for r in res:
        if r.status == "proved":
            r.status, r.by = "unknown", f"{what} ({work.seconds(allowance)} of z3's work) ran out before {label}"
    return True


def pushed(solver: Any, game: Game, S: Any, inst: Instance) -> Any:
    """The solver pushed with an action instance's side constraints and Needs over S (the
    caller pops it); the state its effect gives."""
    solver.push()
    solver.add(*inst.side)
    for need in game.needs(inst.action):
        if not need.concrete_only:
            solver.add(term(need.test(S, inst.args)))
    return inst.action.effect(S, inst.args)


def _framed(step: Any, S: Any, T: Any, live: list, conj: list, res: list, shapes: dict) -> list:
    """The live conjuncts left once each family among them (kernel `family`) is proved at
    the indices the action edited (frame.py); a family that does not fit, or is not proved
    there, keeps its members for the usual queries (which name the member and its model)."""
    fams = {id(f): f for f in (getattr(part, "family", None) for _, part, _ in live) if f is not None}
    done = set()
    for key, fam in fams.items():
        # the hypothesis must hold every member (an instance at a symbolic index is drawn from it)
        assumed = sum(1 for k, part, _ in conj if getattr(part, "family", None) is fam and res[k].status in ("proved", "fixed"))
        if assumed != fam.n:
            continue
        if key not in shapes:
            shapes[key] = frame.shape_ok(fam, S)
        if shapes[key] and frame.at_edits(step, S, T, fam) == z3.unsat:
            done.add(key)
    return [x for x in live if id(getattr(x[1], "family", None)) not in done] if done else live
