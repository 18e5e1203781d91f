"""Which leaves of a state (field, index...) a rule reads: recorded by running the rule on
a view of the state that logs every access. Rules do not branch on state values, so the
leaves read do not depend on the state: the proofs re-prove, and the replay engine
re-checks, only the conjuncts whose leaves an action changed. One exception the kernel
cannot see: a conjunct that indexes a table with a value read from the state
(Lookup(s.loc, s.at)) reads another item in another state; no invariant of the five games
does (tests/test_reads_stable.py plays random games to hold them to it)."""
from __future__ import annotations

from typing import Any


class _Track(tuple):
    """A tuple that records which of its leaves a rule reads (by path)."""

    def __new__(cls, items, path, log):
        t = super().__new__(cls, items)
        t.path, t.log = path, log
        return t

    def _wrap(self, i, v):
        p = self.path + (i,)
        if isinstance(v, tuple):
            return _Track(v, p, self.log)
        self.log.add(p)
        return v

    def __getitem__(self, i):
        if isinstance(i, slice):
            return tuple(self._wrap(k, self[k]) for k in range(*i.indices(len(self))))
        return self._wrap(i, tuple.__getitem__(self, i))

    def __iter__(self):
        for k in range(len(self)):
            yield self[k]


class _Reads:
    """A view of a state that records which leaves (field, index...) a rule reads."""

    def __init__(self, s: Any):
        object.__setattr__(self, "_s", s)
        object.__setattr__(self, "log", set())

    def __getattr__(self, name: str) -> Any:
        v = getattr(self._s, name)
        if name == "cfg" or name.startswith("_") or callable(v):
            return v
        if isinstance(v, tuple):
            return _Track(v, (name,), self.log)
        self.log.add((name,))
        return v


def conjunction(*fns: Any) -> Any:
    """An invariant's test that holds when every fn (a function of the state) does, with
    `parts` so that the proofs and the replay engine check each conjunct apart: an action
    then re-proves (re-checks) only the conjuncts that read a value it changed."""
    from .logic import And

    def test(s):
        return And(*[f(s) for f in fns])

    test.parts = list(fns)
    return test


class Family:
    """Conjuncts of one shape over the items of some vectors: member q is fn(s, q), which
    reads item q of each vector of `fields` and nothing else (a per-square rule). The
    replay checks the members one by one; the proofs may check the family at the few
    indices an action edits instead (checks/invariants.py, which verifies the shape)."""

    def __init__(self, fn: Any, n: int, fields: tuple[str, ...]):
        self.fn, self.n, self.fields = fn, n, tuple(fields)

    def member(self, q: int) -> Any:
        def test(s: Any) -> Any:
            return self.fn(s, q)

        test.family, test.index = self, q
        return test


def family(fn: Any, n: int, fields: tuple[str, ...]) -> Any:
    """An invariant's test over n like conjuncts fn(s, q), q = 0..n-1 (see Family)."""
    from .logic import And

    fam = Family(fn, n, fields)

    def test(s):
        return And(*[fam.fn(s, q) for q in range(n)])

    test.parts = [fam.member(q) for q in range(n)]
    return test


def parts(inv: Any) -> list:
    """An invariant's conjuncts checked separately (per player for `each`)."""
    return list(getattr(inv.test, "parts", None) or [inv.test])


def reads(fn: Any, S: Any) -> set:
    r = _Reads(S)
    fn(r)
    return r.log


def leaf(s: Any, path: tuple) -> Any:
    """The value at a path (field, index...) as `reads` records them."""
    v = getattr(s, path[0])
    for i in path[1:]:
        v = v[i]
    return v


def with_leaves(s: Any, new: dict) -> Any:
    """s with the values at some paths replaced ({path: value})."""
    by_field: dict = {}
    for path, v in new.items():
        by_field.setdefault(path[0], {})[path[1:]] = v

    def rebuilt(x: Any, subs: dict) -> Any:
        if () in subs:
            return subs[()]
        heads = {p[0] for p in subs}
        return tuple(rebuilt(y, {p[1:]: v for p, v in subs.items() if p[0] == k}) if k in heads else y
                     for k, y in enumerate(x))

    return s.but(**{f: rebuilt(getattr(s, f), subs) for f, subs in by_field.items()})
