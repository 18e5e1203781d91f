"""Tracing a rule into operations: the same Need, effect or invariant conjunct, run once
on stand-ins for the state's fields and the event's args.

A rule never branches on a state value (a `Sym` refuses `bool()`: logic.py), so one run
on stand-ins sees every operation it does on any state. The stand-ins are `Sym`s whose
term is a `Node`; while tracing, `z3mod()` returns a `Recorder` instead of z3 (held in
the RECORDER ContextVar, never a global), and `Lookup`/`put`/`bump`/`decide` record one
call to themselves. Whatever the tracer cannot see through (an arg indexing a Python
table, an `is_sym` fork, a concrete-only field, a param of an unknown kind) raises, and
that rule keeps the interpreted path (compile/compiled.py lists it with the reason).
"""
from __future__ import annotations

import dataclasses
from types import SimpleNamespace
from typing import Any

from ..logic import Sym, Untraceable, bump, put
from ..rules import Int, Name, decide
from .values import VALUES


class Node:
    """One value of the traced function: `src` is a Python expression over other nodes
    (`deps`, written {0}, {1}...) and constants. `pure` nodes are dropped when unused;
    the others (calls, indexing by a value, division) run where the rule ran them."""

    __slots__ = ("tr", "n", "src", "deps", "pure", "boolean", "rng")

    def __init__(self, tr: "Trace", src: str, deps: tuple = (), pure: bool = True, boolean: bool = False):
        self.tr, self.src, self.deps, self.pure, self.boolean = tr, src, deps, pure, boolean
        self.rng: tuple | None = None  # (lo, hi) every value it takes lies in, when known (_span)
        self.n = len(tr.nodes)
        tr.nodes.append(self)

    @property
    def ref(self) -> str:
        """How other sources name this node until it is emitted: as a variable, or
        inlined where it is used once (emit.Function.source)."""
        return "\x01%d\x02" % self.n

    def __bool__(self):
        raise Untraceable("a traced value was used as a truth value")

    __hash__ = object.__hash__

    def _op(self, fmt: str, *others: Any, pure: bool = True, boolean: bool = False) -> "Node":
        return self.tr.expr(fmt, (self,) + others, pure, boolean)

    def __eq__(self, o):  # type: ignore[override]
        return self._op("({0} == {1})", o, boolean=True)

    def __ne__(self, o):  # type: ignore[override]
        return self._op("({0} != {1})", o, boolean=True)

    def __lt__(self, o):
        return self._op("({0} < {1})", o, boolean=True)

    def __le__(self, o):
        return self._op("({0} <= {1})", o, boolean=True)

    def __gt__(self, o):
        return self._op("({0} > {1})", o, boolean=True)

    def __ge__(self, o):
        return self._op("({0} >= {1})", o, boolean=True)

    def __add__(self, o):
        return _ranged(self._op("({0} + {1})", o), self, o, _add)

    def __radd__(self, o):
        return _ranged(self.tr.expr("({0} + {1})", (o, self)), o, self, _add)

    def __sub__(self, o):
        return _ranged(self._op("({0} - {1})", o), self, o, _sub)

    def __rsub__(self, o):
        return _ranged(self.tr.expr("({0} - {1})", (o, self)), o, self, _sub)

    def __mul__(self, o):
        return _ranged(self._op("({0} * {1})", o), self, o, _mul)

    def __rmul__(self, o):
        return _ranged(self.tr.expr("({0} * {1})", (o, self)), o, self, _mul)

    # division may raise (by zero): it stays where the rule did it
    def __truediv__(self, o):
        return self._op("({0} / {1})", o, pure=False)

    def __rtruediv__(self, o):
        return self.tr.expr("({0} / {1})", (o, self), False)

    def floordiv(self, o):
        return self._op("({0} // {1})", o, pure=False)

    def __mod__(self, o):
        return self._op("({0} % {1})", o, pure=False)

    def __neg__(self):
        return _ranged(self._op("(-{0})"), 0, self, _sub)


# The values an int takes, as an interval: known for the acting player and for params whose
# decoder bounds them (TArgs), carried through + - * by a constant or another such value.
# A Lookup or an indexing whose index lies inside its table cannot raise: it is then pure,
# so it is computed where it is used, after an `and`/`or` that decided (emit.py).
def _span(x: Any) -> tuple | None:
    t = type(x)
    if t is Sym:
        x = x.t
        t = type(x)
    if t is Node:
        return x.rng
    if t is int:
        return (x, x)
    return None


def _add(a: tuple, b: tuple) -> tuple:
    return (a[0] + b[0], a[1] + b[1])


def _sub(a: tuple, b: tuple) -> tuple:
    return (a[0] - b[1], a[1] - b[0])


def _mul(a: tuple, b: tuple) -> tuple:
    ends = (a[0] * b[0], a[0] * b[1], a[1] * b[0], a[1] * b[1])
    return (min(ends), max(ends))


def _ranged(node: "Node", x: Any, y: Any, op: Any) -> "Node":
    a, b = _span(x), _span(y)
    if a is not None and b is not None and node.rng is None:
        node.rng = op(a, b)
    return node


def _inside(i: Any, n: int) -> bool:
    """Index i (a value or a traced int) is known to lie in 0..n-1."""
    r = _span(i)
    return r is not None and 0 <= r[0] and r[1] < n


class Recorder:
    """What `z3mod()` returns while tracing: z3's connectives, as the concrete helpers
    compute them (logic.And is `all`, so a traced And is a bool, as the concrete one)."""

    def __init__(self, tr: "Trace"):
        self.tr = tr

    def __getattr__(self, name: str) -> Any:
        raise Untraceable(f"the rule uses z3.{name}, which has no traced form")

    def If(self, c, a, b):
        return self.tr.expr("({1} if {0} else {2})", (c, a, b))

    def _connect(self, op: str, xs: tuple) -> Any:
        body = f" {op} ".join(f"{{{k}}}" for k in range(len(xs)))
        if all(type(x) is bool or (type(x) is Node and x.boolean) for x in xs):
            node = self.tr.expr(f"({body})", xs, boolean=True)  # bools: `and` gives a bool, as all()
        else:
            node = self.tr.expr(f"(True if {body} else False)", xs, boolean=True)
        self.tr.logic[node.n] = (op, xs)
        return node

    def And(self, *xs):
        return self._connect("and", xs) if xs else True

    def Or(self, *xs):
        return self._connect("or", xs) if xs else False

    def Not(self, x):
        return self.tr.expr("(not {0})", (x,), boolean=True)

    def Implies(self, a, b):
        if type(b) is bool or (type(b) is Node and b.boolean):  # already a bool: no bool() call
            node = self.tr.expr("((not {0}) or {1})", (a, b), boolean=True)
        else:
            node = self.tr.expr("((not {0}) or bool({1}))", (a, b), boolean=True)
        self.tr.logic[node.n] = ("implies", (a, b))
        return node

    def call(self, fn, *xs, like=None, edits=None):
        """One call to a kernel helper (Lookup, put, bump, decide, a `fork`'s concrete
        form): at run time it gets concrete values and takes its concrete branch, the
        interpreted path's very code. `like`: the result is shaped as that argument;
        `edits`: it is that argument with at most its item at xs[edits] changed."""
        run = fn
        if fn is decide and type(xs[1]) is TState:  # the ruling compiled too
            if type(xs[2]) is TArgs:
                run = self.tr.ruling(xs[0], xs[2])
            elif type(xs[2]) is SimpleNamespace:  # args the rule built: compiled for their shape
                sig = _signature(xs[2])
                if sig is not None:
                    run = self.tr.ruling(xs[0], None, sig)
        if fn.__name__ == "Lookup" and len(xs) == 3 and type(xs[0]) in (tuple, TVec) and _inside(xs[1], len(xs[0])):
            # an index known to lie inside the table cannot raise: the Lookup is the indexing it
            # does on values, written as such and pure (a Twister move makes 30 of them)
            node = self.tr.expr("{0}[{1}]", xs[:2])
            return self.tr.wrap(node, _table_shape(xs[0]))
        # put and bump run on values only here: their concrete branch alone (values.py)
        fname = self.tr.const(VALUES.get(run, run))
        # a Lookup with a default cannot raise either (an int index in range or not): pure, so
        # it is dropped when unused and, used once, computed where used (after an `or` that decides)
        pure = fn.__name__ == "Lookup" and len(xs) == 3 and xs[2] is not None
        node = self.tr.expr(fname + "(" + ", ".join(f"{{{k}}}" for k in range(len(xs))) + ")", xs, pure)
        self.tr.calls[node.n] = fn
        if fn is put or fn is bump:
            like, edits = 0, 1
        vec = None if edits is None else xs[like]
        if type(vec) is TVec and len(vec.shape) == 1:  # a flat vector edited at one item
            self.tr.edits[node.n] = (vec.base, xs[edits])
        if like is not None:
            return self.tr.wrap(node, _shape(xs[like]))
        return self.tr.wrap(node, _shape(xs[0]) if fn.__name__ in ("put", "bump") else _table_shape(xs[0])
                            if fn.__name__ == "Lookup" else ())


def _signature(ns: SimpleNamespace) -> tuple | None:
    """What a traced namespace of args holds, attribute by attribute, as a compiled ruling's
    key: a traced number (with its interval), a traced vector (its shape), or a value that
    is the same on every run (the rule wrote it); None when it holds anything else."""
    out = []
    for name, v in vars(ns).items():
        if not name.isidentifier():
            return None
        t = type(v)
        if t is Sym and type(v.t) is Node:
            out.append((name, "sym", v.t.rng))
        elif t is TVec:
            out.append((name, "vec", v.shape))
        elif not _traced(v) and (v is None or t in (int, bool, str) or (t is tuple and all(type(x) in (int, bool) for x in v))):
            # with its type's name: 1 == True (and hashes alike), yet a ruling may tell them apart
            out.append((name, "const", v, repr(v)))
        else:
            return None
    return tuple(out)


class TNamespace:
    """Args a rule built (a SimpleNamespace) as a compiled ruling reads them: each traced
    attribute read from the namespace given at run time (`a.name`), each constant as it was;
    a name it does not hold raises AttributeError, as on the namespace itself."""

    def __init__(self, tr: "Trace", sig: tuple):
        object.__setattr__(self, "_tr", tr)
        object.__setattr__(self, "_sig", {name: (kind, x) for name, kind, x, *_ in sig})

    def __getattr__(self, name: str) -> Any:
        got = self._sig.get(name)
        if got is None:
            raise MissingArg(f"the rule reads an arg '{name}' the namespace does not have")
        kind, x = got
        if kind == "const":
            return x
        node = self._tr.expr("a." + name, ())
        if kind == "vec":
            return TVec(node, x, None)
        return Sym(_bounded(node, x))

    def __setattr__(self, name, v):
        raise Untraceable("the rule sets an arg")


def _shape(v: Any) -> tuple:
    """The shape of a (nested) tuple: its length, then its first item's shape."""
    if type(v) is tuple or type(v) is TVec:
        return (len(v),) + (_shape(v[0]) if len(v) else ())
    return ()


def _table_shape(table: Any) -> tuple:
    shapes = {_shape(x) for x in table}
    if len(shapes) != 1:
        raise Untraceable("a Lookup over a table whose items differ in shape")
    return shapes.pop()


class TVec(tuple):
    """A vector of the traced state (or a row of one): its items are stand-ins; indexing
    it with a traced value is one operation (the concrete tuple indexed at run time)."""

    def __new__(cls, base: Node, shape: tuple, path: tuple | None):
        tr = base.tr
        items = [tr.item(base, k, shape[1:], None if path is None else path + (k,)) for k in range(shape[0])]
        t = super().__new__(cls, items)
        t.base, t.shape, t.path = base, shape, path
        return t

    def __getitem__(self, i):
        if type(i) is Sym:
            node = self.base.tr.expr("{0}[{1}]", (self.base, i), _inside(i, self.shape[0]))
            return self.base.tr.wrap(node, self.shape[1:])
        return tuple.__getitem__(self, i)


# In a spec of args known when traced: this optional arg is given (not None), its value unknown
# (compile/action.py compiles such a rule once for None and once for any value given).
GIVEN = Ellipsis


class MissingArg(Untraceable, AttributeError):
    """An arg the event does not have: an AttributeError, as reading it from the decoded
    event raises, so `getattr(a, name, default)` traces as it runs."""


class TArgs:
    """The event's args: each param a stand-in of its kind, read on first use."""

    def __init__(self, tr: "Trace", act: Any, cfg: Any, spec: dict | None = None):
        object.__setattr__(self, "_tr", tr)
        object.__setattr__(self, "_kinds", {prm.name: prm for prm in act.params})
        object.__setattr__(self, "_cfg", cfg)
        object.__setattr__(self, "_act", act)
        object.__setattr__(self, "_spec", dict(spec or {}))
        got = dict(spec or {})  # args known when traced: their values; GIVEN: not None, unknown
        object.__setattr__(self, "_given", {n for n, v in got.items() if v is GIVEN})
        object.__setattr__(self, "_got", {n: v for n, v in got.items() if v is not GIVEN})
        object.__setattr__(self, "_ranges", arg_ranges(act, cfg))
        if "p" not in self._got:  # a chance event has no acting player: p is None, as decoded
            self._got["p"] = None if act.by == "chance" else Sym(_bounded(tr.expr("a.p", ()), self._ranges.get("p")))

    def __getattr__(self, name: str) -> Any:
        got = self._got
        if name in got:
            return got[name]
        prm = self._kinds.get(name)
        if prm is None:  # as on the event itself: getattr(a, name, default) gives the default
            raise MissingArg(f"the rule reads an arg '{name}' the event does not have")
        if prm.optional and prm.default is None and name not in self._given:
            raise Untraceable(f"param '{name}' may be None (an identity test cannot be traced)")
        shape = prm.kind.shape(self._cfg)
        if shape is None:
            raise Untraceable(f"param '{name}' is a {type(prm.kind).__name__}, of no declared shape")
        base = self._tr.expr("a." + name, ())
        v: Any = TVec(base, shape, None) if shape else Sym(_bounded(base, self._ranges.get(name)))
        got[name] = v
        return v

    def __setattr__(self, name, v):
        raise Untraceable("the rule sets an arg")


def _bounded(node: Node, rng: tuple | None) -> Node:
    node.rng = rng
    return node


def arg_ranges(act: Any, cfg: Any) -> dict:
    """{arg: (lo, hi)} for the int args of `act` whose values a decoder bounds: the acting
    player and each Int or Name param. The tracer takes them to lie there (an index inside
    its table is then pure); CompiledAction.fits sends args outside them to the rules as
    written."""
    out = {} if act.by == "chance" else {"p": _players(cfg)}
    out.update((prm.name, _decoded(prm, cfg)) for prm in act.params)
    return {name: r for name, r in out.items() if r is not None}


def _players(cfg: Any) -> tuple | None:
    """The acting player's index: the engine decodes it among the header's players, whose
    number the configuration was built for (a game that records it in `extra`)."""
    n = getattr(cfg, "extra", {}).get("nplayers")
    return (0, n - 1) if type(n) is int and n > 0 else None


def _decoded(prm: Any, cfg: Any) -> tuple | None:
    """The values an int param's decoder lets through (kernel Int: lo..hi; Name: an index of
    its names), with its default when optional; None for any other kind."""
    kind = prm.kind
    if type(kind) is Int:
        lo, hi = kind.lo, kind.hi
    elif type(kind) is Name:
        lo, hi = 0, len(kind.names(cfg)) - 1
    else:
        return None
    if prm.optional:
        d = prm.default
        if type(d) is not int:
            return None
        lo, hi = min(lo, d), max(hi, d)
    return (lo, hi) if lo <= hi else None


class TState:
    """The state: the fields z3 sees as stand-ins; `cfg` as it is (rules read their
    tables from it); concrete-only fields cannot be traced."""

    def __init__(self, tr: "Trace", cls: type, cfg: Any, fields: dict, changed: dict):
        d = self.__dict__
        d["_tr"], d["_cls"], d["cfg"], d["_fields"], d["_changed"] = tr, cls, cfg, fields, changed

    def __getattr__(self, name: str) -> Any:
        if name in self._changed:
            return self._changed[name]
        if name in self._tr.shapes:
            return self._fields[name]
        attr = getattr(self._cls, name, None)
        if attr is None or name in self._tr.details:
            raise Untraceable(f"the rule reads the concrete-only field '{name}'")
        return attr.__get__(self, self._cls) if hasattr(attr, "__get__") else attr

    def __setattr__(self, name, v):
        raise Untraceable("the rule sets a field")

    def but(self, **changes: Any) -> "TState":
        for f in changes:
            if f not in self._tr.shapes:
                raise Untraceable(f"the effect writes the concrete-only field '{f}'")
        return TState(self._tr, self._cls, self.cfg, self._fields, {**self._changed, **changes})


class _Fields(dict):
    """The state's fields as stand-ins, made on first read: a rule reads a few fields of a
    state that has hundreds of leaves."""

    def __init__(self, tr: "Trace"):
        super().__init__()
        self.tr = tr

    def __missing__(self, name: str) -> Any:
        shape = self.tr.shapes[name]
        base = self.tr.expr(f"s.{name}", ())
        if shape:
            self.tr.vecs[base.n] = name
        else:
            self.tr.leaves[base.n] = (name,)
        v = self[name] = TVec(base, shape, (name,)) if shape else Sym(base)
        return v


class Trace:
    """The nodes of one compiled function (the Needs of an action, its effect, or the
    invariant conjuncts it may break) and the constants they use."""

    def __init__(self, state_cls: type, cfg: Any):
        self.nodes: list[Node] = []
        self._same: dict[str, Node] = {}
        self.consts: dict[str, Any] = {}
        self._const_ids: dict[int, str] = {}
        self.cfg, self.state_cls = cfg, state_cls
        self.details = {f.name for f in dataclasses.fields(state_cls) if f.metadata.get("detail")}
        self.recorder = Recorder(self)
        self.shapes = {f.name: f.metadata["shape"] for f in state_cls.skeleton()}
        self.fields = _Fields(self)  # each field's stand-in, made when a rule first reads it
        self.calls: dict[int, Any] = {}  # node number -> the helper it calls
        self.edits: dict[int, tuple] = {}  # node number -> (the vector's node, the index) it edits
        self.logic: dict[int, tuple] = {}  # node number -> ("and" | "or" | "implies", its operands)
        self.leaves: dict[int, tuple] = {}  # node number -> the leaf of the state it reads (field, i)
        self.vecs: dict[int, str] = {}  # node number -> the state's vector field (or row) it is

    def state(self) -> TState:
        return TState(self, self.state_cls, self.cfg, self.fields, {})

    def args(self, act: Any, spec: dict | None = None) -> TArgs:
        return TArgs(self, act, self.cfg, spec)

    def ruling(self, r: Any, a: "TArgs | None", sig: tuple | None = None) -> Any:
        """What a traced `decide(r, s, a)` calls at run time: decide with the ruling's
        functions compiled for the args known here, or (`sig`) for args the rule built
        (compile/rulings.py)."""
        from .rulings import compiled_ruling

        if a is None:
            return compiled_ruling(r, None, {}, self.cfg, self.state_cls, sig)
        return compiled_ruling(r, a._act, a._spec, self.cfg, self.state_cls)

    # ------------------------------------------------------------ building nodes
    def item(self, base: Node, k: int, shape: tuple, path: tuple | None) -> Any:
        node = Node(self, f"{base.ref}[{k}]", (base,))  # one per item of a vector made once: no look-up
        if path is not None:  # an item of the state: a leaf (compiled.py's guarded reads), or a row
            if shape:
                self.vecs[node.n] = path[0]
            else:
                self.leaves[node.n] = path
        return TVec(node, shape, path) if shape else Sym(node)

    def wrap(self, node: Node, shape: tuple) -> Any:
        return TVec(node, shape, None) if shape else Sym(node)

    def expr(self, fmt: str, xs: tuple, pure: bool = True, boolean: bool = False) -> Node:
        deps: list[Node] = []
        src = fmt.format(*[self.render(x, deps) for x in xs])
        if not pure:
            return Node(self, src, tuple(deps), pure, boolean)
        got = self._same.get(src)  # the same pure operation on the same values: one node
        if got is None or got.n >= len(self.nodes) or self.nodes[got.n] is not got:
            got = self._same[src] = Node(self, src, tuple(deps), pure, boolean)
        return got

    def const(self, v: Any) -> str:
        name = self._const_ids.get(id(v))
        if name is None:
            name = self._const_ids[id(v)] = f"k{len(self.consts)}"
            self.consts[name] = v
        return name

    def render(self, x: Any, deps: list) -> str:
        """x as a Python expression; the nodes it uses go to deps (by position: {n})."""
        t = type(x)
        if t is Sym:
            x = x.t
            t = type(x)
        if t is Node:
            if x.tr is not self:
                raise Untraceable("a traced value from another trace")
            deps.append(x)
            return x.ref
        if t is TVec:
            deps.append(x.base)
            return x.base.ref
        if x is None or t is bool or (t is int and -(1 << 62) < x < (1 << 62)):
            return repr(x)
        if t is tuple:
            if not any(_traced(y) for y in x):
                return self.const(x)
            return "(" + "".join(self.render(y, deps) + ", " for y in x) + ")"
        if t is TState:
            if x._tr is not self:
                raise Untraceable("a state from another trace")
            if not x._changed:
                return "s"
            return "s.but(%s)" % ", ".join(f"{k}={self.render(v, deps)}" for k, v in x._changed.items())
        if t is TArgs or t is TNamespace:
            return "a"  # the compiled function's own args
        if t is SimpleNamespace:
            return self.const(SimpleNamespace) + "(" + ", ".join(
                f"{k}={self.render(v, deps)}" for k, v in vars(x).items()) + ")"
        if t is list or t is dict or t is set:
            if _traced(x):
                raise Untraceable(f"a {t.__name__} holding traced values")
        return self.const(x)


def _traced(x: Any) -> bool:
    t = type(x)
    if t is Sym or t is Node or t is TVec or t is TState or t is TArgs or t is TNamespace:
        return True
    if t is tuple or t is list:
        return any(_traced(y) for y in x)
    if t is dict:
        return any(_traced(y) for y in x.values())
    return t is SimpleNamespace and any(_traced(y) for y in vars(x).values())
