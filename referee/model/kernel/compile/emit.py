"""Straight-line Python from traced rules: one function per action's Needs, one per effect,
one per set of invariant conjuncts an action may break.

Each function is a list of segments run in order, each either traced (its operations,
then a test of its result) or interpreted (the rule itself, called as it is). Unused pure
operations are dropped; the others (calls, indexing by a value, division) stay in the
segment where the rule ran them, so a rule raises where and when it raised interpreted.
"""
from __future__ import annotations

import re
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from ..logic import RECORDER, Sym
from .tracer import Node, Trace, TState, TVec


def compile_lock(cfg: Any) -> Any:
    """The lock every compile under one Config holds. Threads replaying under one Config
    share its CompiledGame, whose actions keep one Trace each for the values compiled later:
    two threads tracing into one Trace at once would interleave their nodes and emit wrong
    code (seen: a Welcome sacrifice compiled for one thread's tile under another's). Kept in
    the Config's memo (no module state); reentrant, as a compile may start another."""
    got = cfg.memo.get("compile.lock")
    return got if got is not None else cfg.memo.setdefault("compile.lock", threading.RLock())


@contextmanager
def recording(tr: Trace) -> Iterator[None]:
    token = RECORDER.set(tr.recorder)
    try:
        yield
    finally:
        RECORDER.reset(token)


def attempt(tr: Trace, fn: Callable[[], Any]) -> tuple[Any, str | None, int]:
    """Trace fn(): (its value, None, the first node it made), or (None, why it cannot
    be traced, ...) with the nodes it made dropped."""
    mark, known = len(tr.nodes), set(tr.fields)
    try:
        with recording(tr):
            return fn(), None, mark
    except Exception as e:  # noqa: BLE001 - any failure to trace means: interpret this rule
        del tr.nodes[mark:]
        for d in (tr.calls, tr.edits, tr.logic, tr.leaves, tr.vecs):  # their node numbers will be reused
            for n in [n for n in d if n >= mark]:
                del d[n]
        for f in set(tr.fields) - known:  # their stand-ins were made of the nodes dropped
            del tr.fields[f]
        return None, f"{type(e).__name__}: {e}", mark


_REF = re.compile("\x01(\\d+)\x02")
INLINE_MAX = 240  # longer expressions keep their variable: CPython's compiler recurses on nesting


@dataclass
class Function:
    """The source of one compiled function, built segment by segment: the nodes to
    emit (by number) and lines of text, both naming nodes by Node.ref."""

    tr: Trace
    name: str
    params: str
    lines: list = field(default_factory=list)
    _done: set = field(default_factory=set)

    def ops(self, mark: int, roots: list[Node], impure: bool = True) -> None:
        """Emit what the nodes made since `mark` need: the roots and (`impure`) every impure
        node, with their (not yet emitted) dependencies, in the order the rule made them."""
        want = list(roots) + ([n for n in self.tr.nodes[mark:] if not n.pure] if impure else [])
        need: set[int] = set()
        while want:
            n = want.pop()
            if n.n in self._done or n.n in need:
                continue
            need.add(n.n)
            want.extend(n.deps)
        self.lines.extend(sorted(need))
        self._done |= need

    def value(self, v: Any) -> tuple[str, list[Node]]:
        deps: list[Node] = []
        return self.tr.render(v, deps), deps

    def line(self, text: str) -> None:
        self.lines.append(text)

    def source(self) -> str:
        """The function's text: a pure node used once is written where it is used, the
        others are assigned to a variable v<n> where the rule made them."""
        nodes = self.tr.nodes
        uses: dict[int, int] = {}
        for x in self.lines:
            for m in _REF.findall(nodes[x].src if type(x) is int else x):
                uses[int(m)] = uses.get(int(m), 0) + 1
        inline = {k for k in self._done if uses.get(k) == 1 and nodes[k].pure and len(nodes[k].src) < INLINE_MAX}
        done: dict[int, str] = {}

        def text(src: str) -> str:
            return _REF.sub(lambda m: ref(int(m.group(1))), src)

        def ref(k: int) -> str:
            if k not in inline:
                return f"v{k}"
            got = done.get(k)
            if got is None:
                got = done[k] = text(nodes[k].src)
            return got

        out = [f"def {self.name}({self.params}):"]
        for x in self.lines:
            if type(x) is not int:
                out.append("    " + text(x))
            elif x not in inline and uses.get(x):  # a node nothing uses (an impure call) still runs
                out.append(f"    v{x} = {text(nodes[x].src)}")
            elif x not in inline:
                out.append(f"    {text(nodes[x].src)}")
        return "\n".join(out + ["    pass"]) + "\n"


def compile_functions(tr: Trace, fns: list[Function], filename: str) -> dict[str, Any]:
    """Compile the functions' source once, with the trace's constants as globals."""
    src = "\n".join(f.source() for f in fns)
    ns: dict[str, Any] = dict(tr.consts)
    exec(compile(src, filename, "exec"), ns)  # noqa: S102 - our own generated code, from the rules
    ns["__source__"] = src
    return ns


def written(v: Any, orig: Any, path: tuple, out: set) -> None:
    """The leaves (paths) where an effect's value v of a field differs from the field as
    it was (orig): an item kept as it was is no write; an opaque vector is its whole path."""
    if v is orig:
        return
    t = type(v)
    if (t is tuple or t is TVec) and type(orig) is TVec and len(v) == len(orig):
        for k in range(len(v)):
            written(tuple.__getitem__(v, k), tuple.__getitem__(orig, k), path + (k,), out)
        return
    out.add(path)


def effect_changes(tr: Trace, t: Any) -> tuple[dict, set]:
    """The fields an effect's traced result changes, and the leaves it writes."""
    if type(t) is not TState or t._tr is not tr:
        raise TypeError("the effect did not return the state it was given, changed")
    changes, writes = {}, set()
    for f, v in t._changed.items():
        w: set = set()
        written(v, tr.fields.get(f), (f,), w)  # a field never read: written whole
        if w:
            changes[f] = v
            writes |= w
    return changes, writes


def edited_at(tr: Trace, changes: dict) -> dict:
    """The flat vector fields an effect changes only by put/bump (or a fork declaring
    `edits`) at indices known at run time: {field: [index (a Node or an int)...]}, each
    a chain of edits from the field as it was. A field changed otherwise is not in it."""
    out = {}
    for f, v in changes.items():
        orig = tr.fields.get(f)
        if type(v) is not TVec or type(orig) is not TVec:
            continue
        n, at = v.base, []
        while n.n in tr.edits and tr.nodes[n.n] is n:
            n, i = tr.edits[n.n]
            at.append(i)
        if at and n is orig.base:
            out[f] = at
    return out


def touched_fn(tr: Trace, mark: int, edits: dict) -> Function | None:
    """`touched(s, a)`: for each field of `edits`, the indices the effect edits from s with
    args a, computed as the effect computes them. None if an index depends on a call other
    than a Lookup (a `decide` would record its ruling twice)."""
    if not edits:
        return None
    seen: set = set()
    want = [i.t if type(i) is Sym else i for at in edits.values() for i in at]
    while want:
        n = want.pop()
        if type(n) is not Node or n.n in seen:
            continue
        seen.add(n.n)
        fn = tr.calls.get(n.n)
        if fn is not None and getattr(fn, "__name__", "") != "Lookup":
            return None
        want.extend(n.deps)
    fn = Function(tr, "touched", "s, a")
    rows, roots = [], []
    for at in edits.values():
        srcs = []
        for i in at:
            src, deps = fn.value(i)
            srcs.append(src)
            roots += deps
        rows.append("(" + "".join(x + ", " for x in srcs) + ")")
    fn.ops(mark, roots, impure=False)
    fn.line("return (" + "".join(r + ", " for r in rows) + ")")
    return fn
