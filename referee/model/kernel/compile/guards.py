"""Guarded reads: the leaves an invariant conjunct reads only inside the consequent of one
of its top-level implications, And(..., Implies(g, b), ...), and the guards g they hang on.

Twister's carrying conjunct for character c says, for each of the 28 tokens t, "if c holds
t, t stands where c does": it reads every token's place, so any token that moves re-checks
all 16 such conjuncts, while only the carrier of the moved token can break. A conjunct held
before a step; if every leaf it reads that the step changed is read only inside consequents
whose guards are false after the step, it still holds: its guards read leaves that are not
guarded themselves, which kept their values, so each such guard was false before as well;
its other parts read no leaf that changed. So the replay asks the guard (one comparison)
before calling the conjunct (compiled.py's _Watched).

Only what tracing shows is used: a leaf read anywhere else, or a consequent holding an
operation that may raise or a call other than a pure helper, leaves the conjunct as it was.
"""
from __future__ import annotations

from typing import Any

from .tracer import Node, Trace


def _walk(tr: Trace, start: Any, leaves: set, fields: set) -> bool:
    """The leaves and whole vectors (a row or a field used as a value) a value reads, into
    `leaves` and `fields`; False if it holds an operation that is not pure."""
    pure, seen, todo = True, set(), [start]
    while todo:
        n = todo.pop()
        if type(n) is not Node or n.n in seen:
            continue
        seen.add(n.n)
        leaf = tr.leaves.get(n.n)
        if leaf is not None:
            leaves.add(leaf)
            continue
        f = tr.vecs.get(n.n)
        if f is not None:
            fields.add(f)
            continue
        pure = pure and n.pure
        todo.extend(n.deps)
    return pure


def guarded(tr: Trace, root: Any) -> dict:
    """{leaf: (guard nodes...)} for the leaves the conjunct `root` reads only in consequents
    of its top-level implications (any of whose guards, true after a step, calls for it)."""
    if type(root) is not Node:
        return {}
    op = tr.logic.get(root.n)
    items = op[1] if op is not None and op[0] == "and" else (root,)
    free_leaves: set = set()
    free_fields: set = set()
    by_leaf: dict = {}
    by_field: dict = {}
    for item in items:
        op = tr.logic.get(item.n) if type(item) is Node else None
        if op is not None and op[0] == "implies" and type(op[1][0]) is Node:
            g, b = op[1]
            leaves: set = set()
            fields: set = set()
            if _walk(tr, b, leaves, fields) and _safe(tr, g):
                _walk(tr, g, free_leaves, free_fields)
                for leaf in leaves:
                    by_leaf.setdefault(leaf, set()).add(g)
                for f in fields:
                    by_field.setdefault(f, set()).add(g)
                continue
        _walk(tr, item, free_leaves, free_fields)
    return {leaf: tuple(sorted(gs | by_field.get(leaf[0], set()), key=lambda n: n.n))
            for leaf, gs in by_leaf.items() if leaf not in free_leaves and leaf[0] not in free_fields}


def _safe(tr: Trace, g: Node) -> bool:
    """A guard computed again after the step changes nothing: no `decide` (it records its
    ruling) and no lazy_if (its branches may decide) among what it computes."""
    seen, todo = set(), [g]
    while todo:
        n = todo.pop()
        if type(n) is not Node or n.n in seen:
            continue
        seen.add(n.n)
        fn = tr.calls.get(n.n)
        if fn is not None and getattr(fn, "__name__", "") in ("decide", "lazy_if"):
            return False
        todo.extend(n.deps)
    return True
