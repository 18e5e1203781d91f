"""`decide` with a ruling's own functions compiled: its `arises`, and each answer's
`applies` and `gives`, traced like a Need and compiled once per (ruling, action, args known,
Config), on the ruling's first call.

The decision itself is `rules.settle`, the very code the interpreted `decide` ends in
(the text's answers, the options in force, the conflicts, `Undecided`), given the ruling's
and its answers' own objects: the decision trace and the `decided` entries are the same.
A function the tracer cannot see through stays as written.
"""
from __future__ import annotations

from typing import Any

from ..rules import _CONSULTED, _answers, settle
from .emit import Function, attempt, compile_functions


class CompiledRuling:
    """Called as decide(r, s, a) is, on values (the traced rules call it in decide's place)."""

    __name__ = "decide"

    def __init__(self, r: Any, act: Any, spec: dict, cfg: Any, state_cls: type):
        self.r, self.act, self.spec, self.cfg, self.state_cls = r, act, spec, cfg, state_cls
        self.built = False

    def __call__(self, r: Any, s: Any, a: Any) -> Any:
        seen = _CONSULTED.get()
        if seen is not None:
            seen.add(r.name)
        if not self.built:
            self._build()
        if r.otherwise is not None and not self.arises(s, a):
            return r.otherwise
        text, rank = self.text, self.rank
        t_app = [f(s, a) for f in self.t_applies]
        o_app = [f(s, a) for f in self.o_applies]
        hit = [k for k, c in enumerate(t_app) if c]
        vals = [self.t_gives[k](s, a) for k in hit if rank[k] == rank[hit[0]]]
        return settle(r, [text[k] for k in hit], vals, self.opts, o_app, lambda i: self.o_gives[i](s, a))

    def _build(self) -> None:
        from .tracer import Trace

        r, act, spec = self.r, self.act, self.spec
        text, opts, rank = _answers(r, self.cfg)
        tr = Trace(self.state_cls, self.cfg)
        got, fns = {}, []
        pieces = [("arises", r.arises)] + [(f"{kind}{i}", getattr(x, kind))
                                            for i, x in enumerate(r.answers) for kind in ("applies", "gives")]
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
        index = {id(x): i for i, x in enumerate(r.answers)}
        self.arises = got["arises"]
        self.text, self.opts = text, opts
        self.rank = [rank[x.source] for x in text]
        self.t_applies = [got[f"applies{index[id(x)]}"] for x in text]
        self.t_gives = [got[f"gives{index[id(x)]}"] for x in text]
        self.o_applies = [got[f"applies{index[id(x)]}"] for x in opts]
        self.o_gives = [got[f"gives{index[id(x)]}"] for x in opts]
        self.built = True


def compiled_ruling(r: Any, act: Any, spec: dict, cfg: Any, state_cls: type) -> CompiledRuling:
    """The compiled ruling for these args known at trace time, kept in the Config's memo."""
    key = ("ruling", id(r), act.name, tuple(sorted(spec.items(), key=repr)))
    got = cfg.memo.get(key)
    if got is None or got[0] is not r or got[1] is not act:
        got = cfg.memo[key] = (r, act, CompiledRuling(r, act, dict(spec), cfg, state_cls))
    return got[2]
