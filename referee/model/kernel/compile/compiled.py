"""The compiled concrete path of one game under one configuration.

`compiled(game, cfg)` is built once per (rules, Config) and kept in the frozen Config's
`memo` (no module state). Each action is traced and compiled on first use, so a log pays
only for the events it holds. Everything here is generated from the game's own Need,
Action and Invariant objects (compile/tracer.py); a rule the tracer cannot see through
keeps its interpreted form, and `fallbacks()` lists it with the reason.

Same results as Game.step / Game.apply / Game.broken_after, by construction: a Need
that fails is reported by the same Illegal (its own `show`), `decide` runs as it is (its
trace and Undecided unchanged), and the effect's concrete-only `detail` runs as it is.
"""
from __future__ import annotations

from itertools import compress
from operator import ne
from typing import Any

from ..game import Game, Illegal
from ..reads import parts, reads
from .action import CompiledAction, Fallback
from ..logic import Sym
from .emit import Function, attempt, compile_functions, compile_lock
from .guards import guarded
from .tracer import Trace


def _overlaps(leaf: tuple, writes: set, below: set) -> bool:
    """A leaf a conjunct reads is under a path written, or holds one (`below`: every
    prefix of a path written)."""
    return leaf in below or any(leaf[:i] in writes for i in range(1, len(leaf)))


# An action runs interpreted for its first events, compiled from the HOT-th on: tracing and
# compiling one costs what 15 to 70 of its events cost interpreted (docs/compiled.md), so a
# short log is not slowed by compiling rules it uses twice.
HOT = 32
# A log's setup is checked whole once; all the conjuncts in one function (_whole_fn) pay
# back only after some 330 to 900 more setups (measured, session 39: compiling them costs
# what 330-900 interpreted checks cost, 10 ms for Trolls to 350 ms for Twister), so a batch
# of a few hundred logs is faster without: they are compiled at the SETUP_HOT-th setup.
SETUP_HOT = 256


def _path(leaf: tuple) -> str:
    """A leaf (field, index...) as Python: field[i][j]."""
    return str(leaf[0]) + "".join(f"[{i}]" for i in leaf[1:])


class CompiledGame:
    """step / apply / broken_after of a Game, each action compiled at its `hot`-th event."""

    def __init__(self, game: Game, cfg: Any, hot: int = HOT):
        self.game, self.cfg, self.hot = game, cfg, hot
        self.setup_hot = hot if hot <= 1 else max(hot, SETUP_HOT)  # hot=1: everything compiled at once (tests)
        self._seen: dict[str, int] = {}  # events of each action not compiled yet
        self._acts: dict[str, CompiledAction] = {}
        self._invs: dict[tuple, Any] = {}
        self._reads: list | None = None  # per invariant: [(conjunct, leaves it reads, their fields)]
        self._conj: dict[tuple, Any] = {}  # (invariant, conjunct) -> its compiled test (or itself)
        # id of a conjunct (reads.parts, kept alive in _reads) -> its compiled test: the
        # states of a step not compiled yet are diffed (Game.broken_after), then these run
        self._by_part: dict[int, Any] = {}
        self._guards: dict[tuple, dict] = {}  # (invariant, conjunct) -> {leaf: its guards} (guards.py)
        self.inv_fallbacks: dict[tuple, Fallback] = {}
        self._setups = 0  # whole checks of a state (a log's setup) done so far
        self._whole: Any = None  # every conjunct in one function (_whole_fn), from the hot-th check
        self._tr: Trace | None = None  # the invariants' trace (_trace)
        self.stored: tuple = ()  # size() when loaded from or saved to disk (compile/store.py)

    def size(self) -> tuple:
        """What is compiled: the actions, and the values of their per-value rules."""
        return tuple(sorted((name, ca.compiled_values()) for name, ca in self._acts.items()))

    # What a run leaves on disk (compile/store.py): the compiled actions and how often each
    # action not compiled yet was seen. The invariants' side is made again (a replay trusts
    # the proved ones, and it is keyed by the ids of the invariants' parts).
    _KEPT = ("game", "cfg", "hot", "setup_hot", "_seen", "_acts")

    def __getstate__(self) -> dict:
        return {k: self.__dict__[k] for k in self._KEPT}

    def __setstate__(self, state: dict) -> None:
        self.__init__(state["game"], state["cfg"], state["hot"])
        self.__dict__.update(state)

    def _trace(self) -> Trace:
        """One trace for every invariant function: the state's stand-ins are made once, not
        once per action's conjuncts (the conjuncts read the state alone, never an arg)."""
        if self._tr is None:
            self._tr = Trace(self.game.state_cls, self.cfg)
        return self._tr

    def action(self, act: Any) -> CompiledAction:
        ca = self._acts.get(act.name)
        if ca is None or ca.act is not act:
            with compile_lock(self.cfg):
                ca = self._acts.get(act.name)
                if ca is None or ca.act is not act:
                    ca = self._acts[act.name] = CompiledAction(self.game, self.cfg, act, self.hot)
        return ca

    def _hot(self, act: Any) -> CompiledAction | None:
        """The action compiled, if it is (or from this event on is) hot; else None."""
        ca = self._acts.get(act.name)
        if ca is not None and ca.act is act:
            return ca
        n = self._seen[act.name] = self._seen.get(act.name, 0) + 1
        return self.action(act) if n >= self.hot else None

    def step(self, s: Any, act: Any, a: Any) -> Any:
        """Game.step: raises Illegal with the first failing Need, else the next state."""
        ca = self._acts.get(act.name)
        if ca is None or ca.act is not act:
            ca = self._hot(act)
            if ca is None:
                return self.game.step(s, act, a)
        k = ca.needs(s, a)
        if k >= 0:
            need = ca.needs_of[k]
            raise Illegal(act, need, need.show(s, a) if need.show else "")
        t = ca.effect(s, a)
        return t if act.detail is None else act.detail(s, t, a)

    def first_failure(self, s: Any, act: Any, a: Any) -> Any:
        """Game.first_failure: the first Need the move breaks, or None. Args not as the
        decoder gives them (a player for a chance event, a player or a number outside the
        range the compiled rules assumed: a move proposed, not decoded) are checked
        interpreted."""
        ca = None if act.by == "chance" and a.p is not None else self._hot(act)
        if ca is None or not ca.fits(a):
            return self.game.first_failure(s, act, a)
        k = ca.needs(s, a)
        return None if k < 0 else ca.needs_of[k]

    def apply(self, s: Any, act: Any, a: Any) -> Any:
        """Game.apply: the effect without the Needs."""
        ca = None if act.by == "chance" and a.p is not None else self._hot(act)
        if ca is None or not ca.fits(a):
            return self.game.apply(s, act, a)
        t = ca.effect(s, a)
        return t if act.detail is None else act.detail(s, t, a)

    def broken_after(self, before: Any, after: Any, act: Any, trusted: frozenset = frozenset(), a: Any = None) -> list:
        """Game.broken_after for a step of `act` from a state where every invariant not
        trusted held: only the conjuncts reading a leaf the action may write are checked
        (its write set, known when it was compiled), so no diff of the two states."""
        ca = self._acts.get(act.name)
        if ca is None or ca.act is not act:  # not compiled yet: the states are diffed
            return self.game.broken_after(before, after, trusted, self._by_part)
        writes, which, edits = ca.writes_for(a)
        if writes is None:
            return self.game.broken_after(before, after, trusted, self._by_part)
        key = (act.name, trusted, which)
        fn = self._invs.get(key)
        if fn is None:
            with compile_lock(self.cfg):  # the invariants' one Trace: one thread at a time
                fn = self._invs.get(key)
                if fn is None:
                    fn = self._invs[key] = self._inv_fn(act, writes, trusted, before, edits)
        invs = self.game.invariants
        return [invs[k] for k in fn(before, after, a)]

    def broken(self, s: Any) -> list:
        """Game.broken: every invariant checked whole (a log's setup state), each conjunct
        compiled where it is, as written where not yet. The conjuncts are compiled as the
        actions that may break them are; at the `setup_hot`-th check, all of them, in one
        function (a batch of logs checks one setup each, and a replay that trusts every
        invariant checks nothing else). Before that, with no action compiled yet, as written."""
        self._setups += 1
        if self._setups == self.setup_hot:
            with compile_lock(self.cfg):
                self._read_sets(s)
                self._conjuncts([(k, j) for k, conj in enumerate(self._reads) for j in range(len(conj))])
                self._whole = self._whole_fn()
        elif self._reads is None:
            return self.game.broken(s)
        if self._whole is not None:
            invs = self.game.invariants
            return [invs[k] for k in self._whole(s)]
        conj = self._conj
        # every conjunct is run, as the invariant's own test runs them all (And of a list)
        return [inv for k, inv in enumerate(self.game.invariants)
                if not all([conj.get((k, j), part)(s) for j, (part, _, _) in enumerate(self._reads[k])])]

    def _whole_fn(self) -> Any:
        """Every invariant's conjuncts in one function body (a Twister setup has 760 of
        them: one call each cost more than their tests). Each conjunct is computed before
        any is tested, as the invariant's own And of a list runs them all; one left
        interpreted is called as it is. The indices of the invariants broken, in order."""
        tr = self._trace()
        fn = Function(tr, "broken", "s")
        fn.line("bad = []")
        for k, conj in enumerate(self._reads):
            names = []
            for j, (part, _, _) in enumerate(conj):
                name = f"x{k}_{j}"
                names.append(name)
                if self._conj.get((k, j), part) is not part:  # compiled alone: traced again here
                    r, why, mark = attempt(tr, lambda: part(tr.state()))
                    if why is None:
                        src, roots = fn.value(r)
                        fn.ops(mark, roots)
                        fn.line(f"{name} = {src}")
                        continue
                fn.line(f"{name} = {tr.const(part)}(s)")  # as written
            fn.line(f"if not ({' and '.join(names) or 'True'}): bad.append({k})")
        fn.line("return bad")
        return compile_functions(tr, [fn], f"<compiled {self.game.name} invariants, whole>")["broken"]

    def _inv_fn(self, act: Any, writes: set, trusted: frozenset, s: Any, edits: tuple | None = None) -> Any:
        """One function per action (and trusted set): each invariant not trusted with a
        conjunct reading a leaf the action may write, its conjuncts called in order."""
        self._read_sets(s)
        below = {w[:i] for w in writes for i in range(1, len(w) + 1)}
        fields = {w[0] for w in writes}
        picked = {k: [j for j, (_, leaves, fs) in enumerate(self._reads[k])
                      if not fs.isdisjoint(fields) and any(_overlaps(leaf, writes, below) for leaf in leaves)]
                  for k in range(len(self.game.invariants)) if k not in trusted}
        self._conjuncts([(k, j) for k, js in picked.items() for j in js])
        tr = self._trace()
        fn = Function(tr, "broken", "b, s, a")
        fn.line("bad = []")
        watched = _Watched(self, picked, s, writes, edits)
        if watched.tests:
            fn.line(f"bad = {tr.const(watched)}(b, s, a)")
        for k, js in picked.items():
            rest = [j for j in js if (k, j) not in watched.tests]
            if rest:
                tests = " and ".join(self._test(tr, k, j, writes, below) for j in rest)
                fn.line(f"if {k} not in bad and not ({tests}): bad.append({k})")
        fn.line("return sorted(bad)")
        return compile_functions(tr, [fn], f"<compiled {self.game.name} invariants after {act.name}>")["broken"]

    def _test(self, tr: Trace, k: int, j: int, writes: set, below: set) -> str:
        """A conjunct's test after the step: its compiled function; one left interpreted
        (often the costly ones) is first asked whether a leaf it reads changed from the
        state before (`b`), where it held, as Game.broken_after does."""
        test = self._conj[(k, j)]
        call = f"{tr.const(test)}(s)"
        if test is not self._reads[k][j][0]:
            return call
        leaves = sorted(leaf for leaf in self._reads[k][j][1] if _overlaps(leaf, writes, below))
        same = " and ".join(f"b.{_path(leaf)} == s.{_path(leaf)}" for leaf in leaves)
        return f"(({same}) or {call})" if same else call

    def _read_sets(self, s: Any) -> None:
        """What each invariant conjunct reads (reads.py, as Game.broken_after records it)."""
        if self._reads is None:
            self._reads = [[(part, got, {leaf[0] for leaf in got}) for part in parts(inv) for got in [reads(part, s)]]
                           for inv in self.game.invariants]

    def _conjuncts(self, keys: list) -> None:
        """Compile the conjuncts not compiled yet, each once for every action, in one go."""
        todo = [key for key in keys if key not in self._conj]
        if not todo:
            return
        tr = self._trace()
        fns = []
        guards: dict = {}
        for k, j in todo:
            inv = self.game.invariants[k]
            part = self._reads[k][j][0]
            r, why, mark = attempt(tr, lambda: part(tr.state()))
            if why is not None:
                self.inv_fallbacks[(k, j)] = Fallback("invariant", f"{inv.name or inv.says} conjunct {j}", inv.cite, why)
                self._conj[(k, j)] = part
                continue
            fn = Function(tr, f"c{k}_{j}", "s")
            src, roots = fn.value(r)
            fn.ops(mark, roots)
            fn.line(f"return {src}")
            fns.append(fn)
            guards[(k, j)] = guarded(tr, r.t if type(r) is Sym else r)
        for g in {g.n: g for gs in guards.values() for got in gs.values() for g in got}.values():
            fn = Function(tr, f"g{g.n}", "s")  # a guard, computed again on the state after a step
            src, roots = fn.value(g)
            fn.ops(0, roots, impure=False)
            fn.line(f"return {src}")
            fns.append(fn)
        ns = compile_functions(tr, fns, f"<compiled {self.game.name} invariant conjuncts>")
        for fn in fns:
            if fn.name[0] == "c":
                k, j = map(int, fn.name[1:].split("_"))
                self._conj[(k, j)] = ns[fn.name]
                self._by_part[id(self._reads[k][j][0])] = ns[fn.name]
        for key, gs in guards.items():
            self._guards[key] = {leaf: tuple(ns[f"g{g.n}"] for g in got) for leaf, got in gs.items()}

    def fallbacks(self, s: Any) -> list[Fallback]:
        """Every rule kept interpreted, all actions and every invariant conjunct compiled
        (from a state `s` of this configuration, to know what the conjuncts read)."""
        out: list[Fallback] = []
        for act in self.game.actions:
            out += self.action(act).fallbacks
        with compile_lock(self.cfg):
            self._read_sets(s)
            self._conjuncts([(k, j) for k, conj in enumerate(self._reads) for j in range(len(conj))])
        out += [self.inv_fallbacks[k] for k in sorted(self.inv_fallbacks)]
        return out

    def counts(self, s: Any) -> dict[str, list[int]]:
        """How many needs, effects and invariant conjuncts there are, and how many of them
        are compiled (after `fallbacks(s)`)."""
        fb = self.fallbacks(s)
        total = {"need": sum(len(self.game.needs(a)) for a in self.game.actions), "effect": len(self.game.actions),
                 "invariant": sum(len(c) for c in self._reads or ())}
        return {k: [n - sum(f.kind == k and not f.per_value for f in fb), n] for k, n in total.items()}


class _Watched:
    """The compiled conjuncts an action may break through a long vector it writes whole (a
    put or bump at an index known only at run time: every item is in its write set), when
    they read only whole fields and items of flat vectors: checked where the step changed a
    leaf they read, the vectors compared item by item in C, each changed item naming its
    readers (a Twister move edits 3 of 220 squares and 3 of 28 token places: 3 of 220
    square conjuncts run, not all). Sound as Game.broken_after is: a conjunct whose leaves
    kept their values holds, as it did before the step (rules never branch on state
    values). Other conjuncts are called as they are (comparing costs more than a few calls).
    Calling it gives the invariants broken, as a list; the rest is checked by the caller."""

    def __init__(self, fast: "CompiledGame", picked: dict, s: Any, writes: set, edits: tuple | None = None):
        self.tests: dict = {}
        self.readers: dict = {}
        self.guarded: dict = {}  # leaf -> [(conjunct, its guards)]: read only under them (guards.py)
        flat: dict = {}
        whole = {f for f, v in vars(s).items() if type(v) is tuple and len(v) >= WATCH_MIN
                 and ((f,) in writes or all((f, i) in writes for i in range(len(v))))}
        for k, js in picked.items():
            for j in js:
                test, leaves = fast._conj[(k, j)], fast._reads[k][j][1]
                if test is fast._reads[k][j][0] or not all(_flat_leaf(s, leaf) for leaf in leaves) \
                        or not any(leaf[0] in whole for leaf in leaves):
                    continue
                self.tests[(k, j)] = test
                guards = fast._guards.get((k, j), {})
                for leaf in leaves:
                    if leaf in guards:
                        self.guarded.setdefault(leaf, []).append(((k, j), guards[leaf]))
                    else:
                        self.readers.setdefault(leaf, []).append((k, j))
                    flat[leaf[0]] = len(getattr(s, leaf[0])) if len(leaf) == 2 else None
        # a vector the effect edits only at indices it computes (emit.touched_fn) is
        # compared at those items alone: (its position in touched's answer, field, length)
        at = {f: k for k, f in enumerate(edits[0])} if edits else {}
        self.touched = edits[1] if edits else None
        self.edited = tuple((at[f], f, n) for f, n in sorted(flat.items()) if n is not None and f in at)
        self.vectors = tuple((f, n) for f, n in sorted(flat.items()) if n is not None and f not in at)
        self.scalars = tuple(f for f, n in sorted(flat.items()) if n is None)

    def __call__(self, b: Any, s: Any, a: Any = None) -> list:
        todo: set = set()
        maybe: list = []  # conjuncts a changed leaf calls for if one of its guards holds
        readers, guarded = self.readers, self.guarded
        vectors = self.vectors
        if self.edited:
            try:
                where = self.touched(b, a)
            except Exception:  # noqa: BLE001 - cannot happen after the effect ran: compare all
                where, vectors = None, vectors + tuple((f, n) for _, f, n in self.edited)
            if where is not None:
                for k, f, n in self.edited:
                    x, y = getattr(b, f), getattr(s, f)
                    for i in where[k]:
                        if -n <= i < n and x[i] != y[i]:
                            todo.update(readers.get((f, i % n), ()))
                            maybe += guarded.get((f, i % n), ())
        for f, n in vectors:
            x, y = getattr(b, f), getattr(s, f)
            if x is not y:
                for i in compress(range(n), map(ne, x, y)):
                    todo.update(readers.get((f, i), ()))
                    maybe += guarded.get((f, i), ())
        for f in self.scalars:
            if getattr(b, f) != getattr(s, f):
                todo.update(readers.get((f,), ()))
                maybe += guarded.get((f,), ())
        for key, guards in maybe:
            if key not in todo:
                for g in guards:
                    if g(s):
                        todo.add(key)
                        break
        bad = []
        for k, j in sorted(todo):
            if k not in bad and not self.tests[(k, j)](s):
                bad.append(k)
        return bad


WATCH_MIN = 16  # a vector this long, written whole, is compared item by item (_Watched)


def _flat_leaf(s: Any, leaf: tuple) -> bool:
    """A whole field holding one value, or an item of a flat vector field."""
    v = getattr(s, leaf[0])
    if len(leaf) == 1:
        return type(v) is not tuple
    return len(leaf) == 2 and type(v) is tuple and all(type(x) is not tuple for x in v)


def compiled(game: Game, cfg: Any, hot: int = HOT) -> CompiledGame:
    """The compiled path of `game` under `cfg` (each action compiled at its `hot`-th
    event; 1: at once), built once and kept on the Config."""
    key = ("compiled", id(game.actions), id(game.invariants), hot)
    got = cfg.memo.get(key)
    if got is None or got[0] is not game.actions or got[1] is not game.invariants:
        from .store import load

        # what an earlier run compiled under these very rules (the default `hot` only: a
        # test's hot=1 compiles everything itself)
        fast = load(game, cfg, hot) if hot == HOT else None
        got = cfg.memo[key] = (game.actions, game.invariants, fast or CompiledGame(game, cfg, hot))
    return got[2]
