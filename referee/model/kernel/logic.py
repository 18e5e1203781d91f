"""Rules are written once and run two ways (DESIGN.md, "One rule, one place").

The helpers below dispatch on their arguments: plain Python for ints, bools and
Fractions (the replay path, which never imports z3), z3 for symbolic values.

Symbolic values are wrapped in `Sym`. A `Sym` refuses `bool()` -- always, not only
for `<` -- so `if s.level == TOP:`, `x in (1, 2)`, `and`/`or`/`not`, `min()`/`max()`
and dict look-ups all fail loudly when a rule is run symbolically, instead of
silently taking a branch (z3's own `bool(x == 3)` compares the two expressions and
returns False). Rules branch with `If`, combine with `And`/`Or`/`Not`, index tables
with `Lookup`.
"""
from __future__ import annotations

from contextvars import ContextVar
from operator import add as _add, mul as _mul, sub as _sub
from typing import Any, Iterable

_Z3 = None
# While a rule is traced into straight-line Python (kernel/compile/), the recorder that
# stands in for z3: held per context, never in a module global, so two threads tracing
# side by side keep their own. None on every other path (one ContextVar.get, symbolic only).
RECORDER: ContextVar[Any] = ContextVar("referee_recorder", default=None)


class Untraceable(Exception):
    """A rule cannot be traced (kernel/compile/): it falls back to the interpreted path."""


def z3mod():
    """Import z3 on first symbolic use only: the replay path never calls this."""
    rec = RECORDER.get()
    if rec is not None:
        return rec
    global _Z3
    if _Z3 is None:
        import z3

        _Z3 = z3
    return _Z3


class SymbolicBranch(TypeError):
    """A rule took a Python branch on a symbolic value (the `==` trap)."""


def _u(x: Any) -> Any:
    return x.t if type(x) is Sym else x


class Sym:
    """A z3 term that cannot be used as a Python truth value.

    `dom`, when set, lists every value the term can take (the checks assert it as a side
    constraint): Lookup, put and bump then build their If-chains over those values only,
    not over the whole table. A case split of a param (ParamKind.cases) sets it."""

    __slots__ = ("t", "dom")
    __hash__ = None  # dict/set look-ups with a symbolic key would compare silently

    def __init__(self, t: Any, dom: tuple[int, ...] | None = None):
        self.t = t
        self.dom = dom

    # The messages do not print the term: And/Or catch this on their hot path, and
    # printing a large z3 term costs far more than building it.
    def __bool__(self):
        raise SymbolicBranch("a rule branched on a symbolic value: use If/And/Or/Not/Lookup")

    def __index__(self):
        raise SymbolicBranch("a rule indexed a table with a symbolic value: use Lookup")

    def __repr__(self) -> str:
        return f"Sym({self.t})"

    # comparisons
    def __eq__(self, o):  # type: ignore[override]
        return Sym(self.t == _u(o))

    def __ne__(self, o):  # type: ignore[override]
        return Sym(self.t != _u(o))

    def __lt__(self, o):
        return Sym(self.t < _u(o))

    def __le__(self, o):
        return Sym(self.t <= _u(o))

    def __gt__(self, o):
        return Sym(self.t > _u(o))

    def __ge__(self, o):
        return Sym(self.t >= _u(o))

    # arithmetic (with a plain int, the values the term can take follow: 14*p + who)
    def __add__(self, o):
        return Sym(self.t + _u(o), _shift(self.dom, o, _add))

    def __radd__(self, o):
        return Sym(_u(o) + self.t, _shift(self.dom, o, _add))

    def __sub__(self, o):
        return Sym(self.t - _u(o), _shift(self.dom, o, _sub))

    def __rsub__(self, o):
        return Sym(_u(o) - self.t, _shift(self.dom, o, lambda d, o: o - d))

    def __mul__(self, o):
        return Sym(self.t * _u(o), _shift(self.dom, o, _mul))

    def __rmul__(self, o):
        return Sym(_u(o) * self.t, _shift(self.dom, o, _mul))

    def __floordiv__(self, o):  # z3 integer division floors for the positive divisors rules use
        fd = getattr(self.t, "floordiv", None)  # a traced value keeps Python's `//`
        return Sym(fd(_u(o)) if fd is not None else self.t / _u(o))

    def __truediv__(self, o):  # reals (Trolls et Dragons distances)
        return Sym(self.t / _u(o))

    def __rtruediv__(self, o):
        return Sym(_u(o) / self.t)

    def __mod__(self, o):
        return Sym(self.t % _u(o))

    def __neg__(self):
        return Sym(-self.t)


def _shift(dom: tuple | None, o: Any, op: Any) -> tuple | None:
    return None if dom is None or type(o) is not int else tuple(op(d, o) for d in dom)


def _any_sym(*xs: Any) -> bool:
    return any(type(x) is Sym for x in xs)


def is_sym(*xs: Any) -> bool:
    """A rule's own fork between its concrete and symbolic forms: a traced rule that forks
    would compile its symbolic form, which may differ from the concrete one (Game.concrete_forks)."""
    if RECORDER.get() is not None and _any_sym(*xs):
        raise Untraceable("the rule branches on is_sym (a concrete-only fork)")
    return _any_sym(*xs)


def _sym_in(xs: tuple) -> bool:
    """An argument, or an item of a tuple argument (a state's vector), is symbolic."""
    for x in xs:
        t = type(x)
        if t is Sym or (isinstance(x, tuple) and any(type(y) is Sym for y in x)):
            return True
    return False


def fork(concrete: Any, symbolic: Any, like: int | None = None, edits: int | None = None) -> Any:
    """One helper in two forms: `concrete` for values (the replay's: Python branches,
    precomputed tables) and `symbolic` for z3 terms; the helper runs `symbolic` when an
    argument (or an item of a tuple argument) is a Sym, `concrete` otherwise. This is the
    kernel's place for a rule's `is_sym` fork: traced (kernel/compile/), the helper is one
    call to `concrete`, the very code the interpreted path runs on values, so a rule using
    it compiles (an `is_sym` in a rule's own body cannot: its symbolic branch is not the
    concrete one). `like`: the result is a vector shaped as that argument (else one value).
    The two forms may differ only as the model says (an over-approximation on the
    skeleton); the game's tests compare them where they must agree. `edits` (with `like`):
    the result is argument `like` with at most its item at argument `edits` changed, as
    put/bump (the compiled replay then re-checks the invariants at that item only)."""

    same = concrete is symbolic  # one body for both (it may branch on a Sym's type itself)

    def run(*xs: Any) -> Any:
        rec = RECORDER.get()
        if rec is not None:
            return rec.call(concrete, *xs, like=like, edits=edits)
        return concrete(*xs) if same or not _sym_in(xs) else symbolic(*xs)

    run.concrete, run.symbolic = concrete, symbolic  # type: ignore[attr-defined]
    run.__name__ = getattr(concrete, "__name__", "fork")
    return run


def If(c: Any, a: Any, b: Any) -> Any:
    if type(c) is not Sym:
        return a if c else b
    return Sym(z3mod().If(c.t, _u(a), _u(b)))


def lazy_if(c: Any, fa: Any, fb: Any, *xs: Any) -> Any:
    """If(c, fa(*xs), fb(*xs)), running only the branch taken when c is concrete: a branch
    may raise out of its own situation (`decide` raises Undecided there). The same value as
    If on every path, so not a concrete-only fork (Game.concrete_forks): symbolically both
    branches go into z3's If; traced, it is one call, run concretely (its branches
    interpreted). The branches take their inputs as `xs` (not from a closure), so that the
    traced call can hand them the concrete state and args at run time."""
    if type(c) is not Sym:
        return fa(*xs) if c else fb(*xs)
    rec = RECORDER.get()
    if rec is not None:
        return rec.call(lazy_if, c, fa, fb, *xs)
    return If(c, fa(*xs), fb(*xs))


# The concrete path is the hot path of replays: `all`/`any` run in C and a Sym raises
# SymbolicBranch from bool(), which sends us to the symbolic path.
def And(*xs: Any) -> Any:
    try:
        return all(xs)
    except SymbolicBranch:
        return Sym(z3mod().And(*[_u(x) for x in xs]))


def Or(*xs: Any) -> Any:
    try:
        return any(xs)
    except SymbolicBranch:
        return Sym(z3mod().Or(*[_u(x) for x in xs]))


def Not(x: Any) -> Any:
    if type(x) is not Sym:
        return not x
    return Sym(z3mod().Not(x.t))


def Implies(a: Any, b: Any) -> Any:
    if type(a) is not Sym and type(b) is not Sym:
        return (not a) or bool(b)
    return Sym(z3mod().Implies(_u(a), _u(b)))


def Min(*xs: Any) -> Any:
    if not _any_sym(*xs):
        return min(xs)
    m = xs[0]
    for x in xs[1:]:
        m = If(x < m, x, m)
    return m


def Max(*xs: Any) -> Any:
    if not _any_sym(*xs):
        return max(xs)
    m = xs[0]
    for x in xs[1:]:
        m = If(x > m, x, m)
    return m


def Sum(xs: Iterable[Any]) -> Any:
    xs = list(xs)
    try:
        return sum(xs)
    except TypeError:
        pass
    if not _any_sym(*xs):
        raise TypeError(f"Sum of non-numbers: {xs!r}")
    z3 = z3mod()
    terms = [x.t if type(x) is Sym else x for x in xs if not (type(x) is int and x == 0)]
    return Sym(z3.Sum(terms)) if terms else 0


def Count(flags: Iterable[Any]) -> Any:
    """How many of the flags hold."""
    return Sum(If(f, 1, 0) for f in flags)


def Among(x: Any, values: Iterable[Any]) -> Any:
    """x is one of the values (for a symbolic x with a `dom`, only the values it can be
    are tested)."""
    if type(x) is not Sym:
        return x in values
    if x.dom is not None:
        values = [v for v in values if v in x.dom]
    return Or(*[x == v for v in values])


def Lookup(table: tuple | list, i: Any, default: Any = None) -> Any:
    """table[i], also for a symbolic index (a chain of If over the table, or over the
    values i can take when its `dom` is known)."""
    if type(i) is not Sym:
        if 0 <= i < len(table):
            return table[i]
        if default is None:
            raise IndexError(f"index {i} outside a table of {len(table)}")
        return default
    rec = RECORDER.get()
    if rec is not None:  # traced: one operation, the concrete Lookup at run time
        return rec.call(Lookup, table, i, default)
    if i.dom is not None:
        vals = [table[k] if 0 <= k < len(table) else default for k in i.dom]
        vals = [(k, v) for k, v in zip(i.dom, vals) if v is not None]
        out = vals[-1][1]  # i is one of dom (a side constraint): the last needs no test
        for k, v in reversed(vals[:-1]):
            out = If(i == k, v, out)
        return out
    out = table[-1] if default is None else default
    for k in range(len(table) - 1, -1, -1):
        out = If(i == k, table[k], out)
    return out


def _touched(i: Any, n: int) -> set | range:
    return range(n) if i.dom is None else set(i.dom)


def put(vec: tuple, i: Any, v: Any) -> tuple:
    """vec with item i replaced by v (i may be symbolic; with a `dom`, the items it cannot
    be are kept as they are). An index outside the vector is refused on values, as it is
    out of Python's reach: put at -1 would change the last item, where the symbolic form
    (the one proofs read) changes none."""
    if type(i) is not Sym:
        if not 0 <= i < len(vec):
            raise IndexError(f"put at {i}, outside a vector of {len(vec)}")
        out = list(vec)
        out[i] = v
        return tuple(out)
    rec = RECORDER.get()
    if rec is not None:
        return rec.call(put, vec, i, v)
    hit = _touched(i, len(vec))
    return Edited(tuple(If(i == k, v, x) if k in hit else x for k, x in enumerate(vec)), vec, "put", i, v)


def bump(vec: tuple, i: Any, d: Any) -> tuple:
    """vec with d added to item i (an index outside the vector refused on values, as put)."""
    if type(i) is not Sym:
        if not 0 <= i < len(vec):
            raise IndexError(f"bump at {i}, outside a vector of {len(vec)}")
        out = list(vec)
        out[i] += d
        return tuple(out)
    rec = RECORDER.get()
    if rec is not None:
        return rec.call(bump, vec, i, d)
    hit = _touched(i, len(vec))
    return Edited(tuple(If(i == k, x + d, x) if k in hit else x for k, x in enumerate(vec)), vec, "bump", i, d)


class Edited(tuple):
    """What put or bump built at a symbolic index, remembering how: `base` with item `at`
    set to (op "put") or raised by (op "bump") `by`. The proofs read it as a frame: every
    item but the one at `at` is base's (checks/invariants.py proves a family of conjuncts
    at the edited indices only). Built on the symbolic path alone; a tuple otherwise."""

    def __new__(cls, items: tuple, base: tuple, op: str, at: Any, by: Any):
        t = super().__new__(cls, items)
        t.base, t.op, t.at, t.by = base, op, at, by
        return t


def vadd(a: tuple, b: tuple) -> tuple:
    if len(a) != len(b):
        raise ValueError(f"vadd of vectors of {len(a)} and {len(b)} items")
    return tuple(map(_add, a, b))  # map runs in C; Sym's operators still apply


def vsub(a: tuple, b: tuple) -> tuple:
    if len(a) != len(b):
        raise ValueError(f"vsub of vectors of {len(a)} and {len(b)} items")
    return tuple(map(_sub, a, b))


def within(vec: tuple, lo: Any, hi: Any = None) -> Any:
    """Every item of vec is >= lo (and <= hi)."""
    if hi is None:
        return And(*[x >= lo for x in vec])
    return And(*[And(x >= lo, x <= hi) for x in vec])


def covers(big: tuple, small: tuple) -> Any:
    """The multiset `big` contains the multiset `small` (count vectors)."""
    return And(*[b >= s for b, s in zip(big, small, strict=True)])
