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
from .emit import Function, attempt, compile_functions, compile_lock


class CompiledRuling:
    """Called as decide(r, s, a) is, on values (the traced rules call it in decide's place)."""

    __name__ = "decide"

    def __init__(self, r: Any, act: Any, spec: dict, cfg: Any, state_cls: type, sig: tuple | None = None):
        self.r, self.act, self.spec, self.cfg, self.state_cls = r, act, spec, cfg, state_cls
        self.sig = sig  # args a rule built, not an event's (tracer._signature)
        self.built = False

    def __call__(self, r: Any, s: Any, a: Any) -> Any:
        seen = _CONSULTED.get()
        if seen is not None:
            seen.add(r.name)
        if not self.built:
            with compile_lock(self.cfg):
                if not self.built:
                    self._build()
        if r.otherwise is not None and not self.arises(s, a):
            return r.otherwise
        t_app, o_app = self.apps(s, a)  # every answer's `applies`, text then options, as decide
        hit = [k for k, c in enumerate(t_app) if c]
        if hit and self.alone[hit[0]]:  # the strongest source that applies has one answer: it decides
            return self.t_gives[hit[0]](s, a)
        text, rank = self.text, self.rank
        vals = [self.t_gives[k](s, a) for k in hit if rank[k] == rank[hit[0]]]
        return settle(r, [text[k] for k in hit], vals, self.opts, o_app, lambda i: self.o_gives[i](s, a),
                      None if r.otherwise is not None else lambda: self.arises(s, a))

    def _build(self) -> None:
        from .tracer import TNamespace, Trace

        r, act, spec, sig = self.r, self.act, self.spec, self.sig
        text, opts, rank = _answers(r, self.cfg)
        tr = Trace(self.state_cls, self.cfg)
        got, fns = {}, []

        def args() -> Any:  # the stand-ins of the args: the event's, or those a rule built
            return tr.args(act, spec) if sig is None else TNamespace(tr, sig)

        # `arises` and each answer's `gives` as functions of their own (a `gives` runs only for
        # the answers that apply); every `applies` below, in one body
        pieces = [("arises", r.arises)] + [(f"gives{i}", x.gives) for i, x in enumerate(r.answers)]
        for name, piece in pieces:
            v, why, mark = attempt(tr, lambda: piece(tr.state(), args()))
            if why is not None:  # as written
                got[name] = piece
                continue
            fn = Function(tr, name, "s, a")
            src, roots = fn.value(v)
            fn.ops(mark, roots)
            fn.line(f"return {src}")
            fns.append(fn)
        # every `applies` in one body, in decide's order (the text's, strongest source first,
        # then the options in force): one call an event, not one an answer
        apps = Function(tr, "apps", "s, a")
        written = []  # the answers whose `applies` could not be traced: called as written
        for k, x in enumerate(text + opts):
            v, why, mark = attempt(tr, lambda: x.applies(tr.state(), args()))
            if why is not None:
                written.append(x)
                apps.line(f"c{k} = {tr.const(x.applies)}(s, a)")
                continue
            src, roots = apps.value(v)
            apps.ops(mark, roots)
            apps.line(f"c{k} = {src}")
        cs = [f"c{k}" for k in range(len(text) + len(opts))]
        apps.line("return (%s), (%s)" % ("".join(c + ", " for c in cs[:len(text)]), "".join(c + ", " for c in cs[len(text):])))
        fns.append(apps)
        where = act.name if act is not None else "args " + ",".join(x[0] for x in sig or ())
        ns = compile_functions(tr, fns, f"<compiled {r.name} ruling, {where} {spec or ''}>")
        for fn in fns:
            got[fn.name] = ns[fn.name]
        index = {id(x): i for i, x in enumerate(r.answers)}
        self.arises = got["arises"]
        self.text, self.opts = text, opts
        self.rank = [rank[x.source] for x in text]
        self.t_gives = [got[f"gives{index[id(x)]}"] for x in text]
        self.o_gives = [got[f"gives{index[id(x)]}"] for x in opts]
        self.apps, self.applies_written = ns["apps"], tuple(written)
        self.alone = [self.rank.count(k) == 1 for k in self.rank]
        self.built = True


def compiled_ruling(r: Any, act: Any, spec: dict, cfg: Any, state_cls: type, sig: tuple | None = None) -> CompiledRuling:
    """The compiled ruling for these args known at trace time (or, `sig`, for args of this
    shape a rule built), kept in the Config's memo."""
    key = ("ruling", id(r), None if act is None else act.name, tuple(sorted(spec.items(), key=repr)), sig)
    got = cfg.memo.get(key)
    if got is None or got[0] is not r or got[1] is not act:
        got = cfg.memo[key] = (r, act, CompiledRuling(r, act, dict(spec), cfg, state_cls, sig))
    return got[2]
