"""`decide` with a ruling's own functions compiled: its `arises`, and each answer's
`applies` and `gives`, traced like a Need and compiled once per (ruling, action, args known,
Config), on the ruling's first call.

`decide` itself runs as written on a copy of the ruling whose functions are the compiled
ones (so the text's answers, the options in force, the conflicts and `Undecided` are
decided by the one piece of code that decides them); what it records is given back under
the ruling's own name: the (ruling, answer) pairs of the decision trace, and the ruling an
`Undecided` names. A function the tracer cannot see through stays as written.
"""
from __future__ import annotations

import dataclasses
from typing import Any

from ..rules import _TRACE, Undecided, decide
from .emit import Function, attempt, compile_functions


class CompiledRuling:
    """Called as decide(r, s, a) is (the traced rules call it in decide's place)."""

    __name__ = "decide"

    def __init__(self, r: Any, act: Any, spec: dict, cfg: Any, state_cls: type):
        self.r, self.act, self.spec, self.cfg, self.state_cls = r, act, spec, cfg, state_cls
        self.r2: Any = None  # the ruling with its functions compiled (built on first call)
        self.back: dict = {}  # id of a compiled answer -> the ruling's own answer

    def __call__(self, r: Any, s: Any, a: Any) -> Any:
        r2 = self.r2 or self._build()
        trace = _TRACE.get()
        n = 0 if trace is None else len(trace)
        try:
            return decide(r2, s, a)
        except Undecided as e:
            if e.ruling is r2:
                raise Undecided(self.r) from None
            raise
        finally:
            if trace is not None and len(trace) > n:
                trace[n:] = [(self.r, self.back[id(x)]) if q is r2 else (q, x) for q, x in trace[n:]]

    def _build(self) -> Any:
        from .tracer import Trace

        r, act, spec = self.r, self.act, self.spec
        tr = Trace(self.state_cls, self.cfg)
        pieces = [("arises", r.arises)]
        for i, x in enumerate(r.answers):
            pieces += [(f"applies{i}", x.applies), (f"gives{i}", x.gives)]
        got, fns = {}, []
        for name, piece in pieces:
            v, why, mark = attempt(tr, lambda: piece(tr.state(), tr.args(act, spec)))
            if why is not None:  # as written
                got[name] = piece
                continue
            fn = Function(tr, name, "s, a")
            src, roots = fn.value(v)
            fn.ops(mark, roots)
            fn.line(f"return {src}")
            fns.append(fn)
        ns = compile_functions(tr, fns, f"<compiled {r.name} ruling, {act.name} {spec or ''}>")
        for fn in fns:
            got[fn.name] = ns[fn.name]
        answers = tuple(dataclasses.replace(x, applies=got[f"applies{i}"], gives=got[f"gives{i}"])
                        for i, x in enumerate(r.answers))
        self.back = {id(x2): x for x, x2 in zip(r.answers, answers)}
        self.r2 = dataclasses.replace(r, arises=got["arises"], answers=answers)
        return self.r2


def compiled_ruling(r: Any, act: Any, spec: dict, cfg: Any, state_cls: type) -> CompiledRuling:
    """The compiled ruling for these args known at trace time, kept in the Config's memo."""
    key = ("ruling", id(r), act.name, tuple(sorted(spec.items(), key=repr)))
    got = cfg.memo.get(key)
    if got is None or got[0] is not r or got[1] is not act:
        got = cfg.memo[key] = (r, act, CompiledRuling(r, act, dict(spec), cfg, state_cls))
    return got[2]
