"""One action compiled: its Needs (the first failing one), its effect, and what it writes.

Each Need and the effect is traced with the event's args as stand-ins. A rule that indexes
a Python table with an arg (`cfg.comp.cost[a.card]`: fine for z3, which enumerates such
args) cannot be traced that way; it is then traced again with that arg known, and
compiled per value of it on first use (`PerValue`): a log pays for the values it holds,
never for all of them. What still cannot be traced stays interpreted (`Fallback`).
"""
from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import Any, Callable

from ..game import Game
from .emit import Function, attempt, compile_functions, compile_lock, edited_at, effect_changes, touched_fn
from .tracer import GIVEN, Trace, arg_ranges


@dataclass
class Fallback:
    """A rule not compiled for every event: what it is, its §, and why."""

    kind: str  # "need" | "effect" | "invariant"
    rule: str  # the event's name (with the need's rank), or the invariant's name
    cite: str
    why: str
    # set when the rule compiles once the args it indexes tables with are known: it is
    # then compiled per value of these args, on first use (PerValue); empty: interpreted
    per_value: tuple = ()

    def to_json(self) -> dict:
        return dict(self.__dict__)


# A value of a per-value rule is compiled at its second use: the rule's action is hot already
# (compiled at its HOT-th event: this workload replays it often), and a value met twice is one
# the log (or batch) keeps meeting (a Twister room is revealed once a game: at HOT uses each
# of the 8 rooms compiled only after 32 games, inside a batch's or a bench's timed run).
PER_VALUE_HOT = 2


class PerValue:
    """A rule compiled per value of a few args: `build(spec)` traces and compiles it with
    those args known ({name: value}), once per distinct value, at its `hot`-th use (before:
    `cold`, the rule as written). A search proposes many values a log never holds. An
    optional arg in `given` counts by whether it is None or GIVEN (any other value)."""

    def __init__(self, names: tuple, build: Callable[[dict], Any], cold: Any, hot: int, given: frozenset = frozenset()):
        self.names, self.build, self.key = names, build, attrgetter(*names)
        if given & set(names):
            get = self.key
            picked = [n in given for n in names]
            one = len(names) == 1
            self.key = lambda a: _presence(get(a), picked, one)
        self.cold, self.hot = cold, hot
        self.got: dict = {}
        self.seen: dict = {}

    def get(self, a: Any) -> Any:
        key = self.key(a)
        got = self.got.get(key)
        if got is None:
            n = self.seen[key] = self.seen.get(key, 0) + 1
            if n < self.hot:
                return self.cold
            got = self.got[key] = self.build(dict(zip(self.names, key if len(self.names) > 1 else (key,))))
        return got


def _presence(key: Any, picked: list, one: bool) -> Any:
    """A PerValue key with each optional arg picked as None or GIVEN."""
    if one:
        return None if key is None else GIVEN
    return tuple((None if k is None else GIVEN) if p else k for k, p in zip(key, picked))


def _optional(act: Any) -> frozenset:
    """The optional params that may be None: a rule testing `a.x is None` is compiled once
    for None and once for a value given (the test is on the arg, never on the state)."""
    return frozenset(prm.name for prm in act.params if prm.optional and prm.default is None)


def _few(act: Any, cfg: Any) -> list[str]:
    """The args of few values a rule may index a table with: the acting player, each
    param the checks enumerate, and whether each optional one is given."""
    return ([] if act.by == "chance" else ["p"]) + [
        prm.name for prm in act.params if not prm.optional and prm.kind.domain(cfg) is not None] + sorted(_optional(act))


def _probes(act: Any, cfg: Any) -> list[dict]:
    """The arg sets to try, one arg alone first, on a value each may take."""
    first = {"p": 0}
    optional = _optional(act)
    for prm in act.params:
        if prm.name in optional:
            first[prm.name] = GIVEN
        elif prm.name in _few(act, cfg):
            first[prm.name] = next(iter(prm.kind.domain(cfg)), None)
    few = [n for n in _few(act, cfg) if first.get(n) is not None]
    return [{n: first[n]} for n in few] + ([{n: first[n] for n in few}] if len(few) > 1 else [])


class CompiledAction:
    """`needs(s, a)`: the index of the first failing Need, or -1; `effect(s, a)`: the next
    state (without the concrete-only `detail`); `writes_for(a)`: the leaves it may write."""

    def __init__(self, game: Game, cfg: Any, act: Any, hot: int = 1):
        self.act, self.needs_of = act, game.needs(act)
        self.game, self.cfg, self.hot = game, cfg, hot
        self.ranges = tuple((name, lo, hi) for name, (lo, hi) in arg_ranges(act, cfg).items())
        self.fallbacks: list[Fallback] = []
        self._pvs: list[PerValue] = []  # its rules compiled per value
        self.writes: set | None = None
        # (fields, touched): the flat vectors the effect edits at indices known at run time,
        # and touched(s, a) giving those indices, per field (emit.touched_fn); or None
        self.edits: tuple | None = None
        self.effect_pv: PerValue | None = None
        # one trace for the action's Needs, its effect and every value compiled later: the
        # stand-ins of the state's fields are made once (a Draft hand is 200 of them), not per value
        tr = self._tr = Trace(game.state_cls, cfg)
        fn = Function(tr, "needs", "s, a")
        for k, need in enumerate(self.needs_of):
            r, why, mark = attempt(tr, lambda: need.test(tr.state(), tr.args(act)))
            if why is None:
                src, roots = fn.value(r)
                fn.ops(mark, roots)
                fn.line(f"if not {src}: return {k}")
                continue
            # (need bound now: the rule is traced per value later, when this loop is over)
            pv = self._per_value(lambda t, spec, test=need.test: test(t.state(), t.args(act, spec)), self._need_fn,
                                 need.test)
            self.fallbacks.append(Fallback("need", f"{act.name} need {k}", need.cite, why, pv.names if pv else ()))
            test = (lambda pv: lambda s, a: pv.get(a)(s, a))(pv) if pv else need.test
            fn.line(f"if not {tr.const(test)}(s, a): return {k}")
        fn.line("return -1")
        eff = Function(tr, "effect", "s, a")
        touched = None
        t, why, mark = attempt(tr, lambda: act.effect(tr.state(), tr.args(act)))
        if why is None:
            try:
                changes, self.writes = effect_changes(tr, t)
            except Exception as e:  # noqa: BLE001 - it returned something else: interpret it
                why = f"{type(e).__name__}: {e}"
        if why is None:
            _effect_body(eff, mark, changes)
            if act.detail is not None:  # concrete-only: it may write any concrete-only field
                self.writes |= {(f,) for f in tr.details}
            edits = edited_at(tr, changes)
            touched = touched_fn(tr, mark, edits)
        else:
            pv = self.effect_pv = self._per_value(lambda t, spec: act.effect(t.state(), t.args(act, spec)),
                                                  self._effect_fn, (act.effect, None, None))
            self.fallbacks.append(Fallback("effect", act.name, act.cite, why, pv.names if pv else ()))
            run = (lambda pv: lambda s, a: pv.get(a)[0](s, a))(pv) if pv else act.effect
            eff.line(f"return {tr.const(run)}(s, a)")
        ns = compile_functions(tr, [fn, eff] + ([touched] if touched else []), f"<compiled {game.name} {act.name}>")
        self.needs, self.effect, self.source = ns["needs"], ns["effect"], ns["__source__"]
        if touched is not None:
            self.edits = (tuple(edits), ns["touched"])

    def fits(self, a: Any) -> bool:
        """The args lie in the ranges the tracer assumed (tracer.arg_ranges): the
        acting player and each Int or Name param, as a decoder gives them. A proposed move
        may not (the compiled rules then run an index as pure that could raise)."""
        for name, lo, hi in self.ranges:
            v = getattr(a, name, None)
            if type(v) is int and not lo <= v <= hi:
                return False
        return True

    def writes_for(self, a: Any) -> tuple[set | None, Any, tuple | None]:
        """The leaves the effect may write for these args (None: unknown), which set it is
        (the per-value key, or None for every event), and its edits (see `edits`)."""
        if self.effect_pv is None:
            return self.writes, None, self.edits
        key = self.effect_pv.key(a)
        got = self.effect_pv.got.get(key)  # not compiled for these args yet: unknown
        return (None, key, None) if got is None else (got[1], key, got[2])

    def _trace(self) -> Trace:
        if self._tr is None:  # loaded from disk (compile/store.py): a trace of its own from now on
            self._tr = Trace(self.game.state_cls, self.cfg)
        return self._tr

    def __getstate__(self) -> dict:
        return {**self.__dict__, "_tr": None}  # the stand-ins are made again when needed

    def compiled_values(self) -> int:
        """How many values of it are compiled (its per-value rules': PerValue)."""
        return sum(len(pv.got) for pv in self._pvs)

    # ------------------------------------------------------------ per value
    def _per_value(self, run: Callable[[Trace, dict], Any], build: Callable, cold: Any) -> PerValue | None:
        """The fewest args of few values that, known, let `run` be traced (tried on one
        value each), as a PerValue compiling it on first use; None if no set does."""
        tr = self._trace()
        for spec in _probes(self.act, self.cfg):
            got, why, _ = attempt(tr, lambda: run(tr, spec))
            if why is None and (build != self._effect_fn or _changes_ok(tr, got)):  # (!=: a bound method is made anew)
                names = tuple(spec)
                pv = PerValue(names, lambda sp: self._built(build, run, sp), cold, min(self.hot, PER_VALUE_HOT),
                              _optional(self.act))
                self._pvs.append(pv)
                return pv
        return None

    def _built(self, build: Callable, run: Callable, spec: dict) -> Any:
        """A value compiled on first use (PerValue), under the Config's compile lock: the
        action's one Trace takes one thread at a time."""
        with compile_lock(self.cfg):
            return build(run, spec)

    def _need_fn(self, run: Callable, spec: dict) -> Any:
        tr = self._trace()
        fn = Function(tr, "need", "s, a")
        r, why, mark = attempt(tr, lambda: run(tr, spec))
        if why is not None:  # this value cannot be traced: the rule as it is
            return lambda s, a: run(_Concrete(s, a), None)
        src, roots = fn.value(r)
        fn.ops(mark, roots)
        fn.line(f"return {src}")
        return compile_functions(tr, [fn], f"<compiled {self.game.name} {self.act.name} {spec}>")["need"]

    def _effect_fn(self, run: Callable, spec: dict) -> tuple[Any, set | None, tuple | None]:
        tr = self._trace()
        fn = Function(tr, "effect", "s, a")
        t, why, mark = attempt(tr, lambda: run(tr, spec))
        if why is None:
            try:
                changes, writes = effect_changes(tr, t)
            except Exception:  # noqa: BLE001
                why = "not a changed state"
        if why is not None:
            return self.act.effect, None, None
        _effect_body(fn, mark, changes)
        if self.act.detail is not None:
            writes |= {(f,) for f in tr.details}
        edits = edited_at(tr, changes)
        touched = touched_fn(tr, mark, edits)
        ns = compile_functions(tr, [fn] + ([touched] if touched else []), f"<compiled {self.game.name} {self.act.name} {spec}>")
        return ns["effect"], writes, (tuple(edits), ns["touched"]) if touched else None


class _Concrete:
    """What a per-value rule's `run(trace, spec)` reads when it runs interpreted."""

    def __init__(self, s: Any, a: Any):
        self._s, self._a = s, a

    def state(self) -> Any:
        return self._s

    def args(self, act: Any, spec: Any) -> Any:
        return self._a


def _changes_ok(tr: Trace, t: Any) -> bool:
    try:
        effect_changes(tr, t)
        return True
    except Exception:  # noqa: BLE001
        return False


def _effect_body(fn: Function, mark: int, changes: dict) -> None:
    """The next state as State.but makes it (a copy of the state's fields, some changed),
    written out: no call, no keyword dict (an event's effect is on the replay's hot path)."""
    vals = {f: fn.value(v) for f, v in changes.items()}
    fn.ops(mark, [n for _, deps in vals.values() for n in deps])
    if not vals:
        fn.line("return s")
        return
    fn.line(f"_t = {fn.tr.const(object.__new__)}(s.__class__)")
    fn.line("_d = _t.__dict__")
    fn.line("_d.update(s.__dict__)")
    for f, (src, _) in vals.items():
        fn.line(f"_d[{f!r}] = {src}")
    fn.line("return _t")
