"""The symbolic side of the model: states whose numeric skeleton is z3 variables, action
arguments enumerated (finite domains) or symbolic, and one transition per action instance.

What z3 sees is the skeleton (fields declared with num/vec/flag); `detail` fields are None
here, so no Need the checks use may read them (an over-approximation: proofs stay sound).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, Iterator

import z3

from ..model.kernel import Action, Config, Game, Sym
from ..model.kernel.rules import Int, Names


def _leaf(name: str, sort: str) -> Sym:
    if sort == "bool":
        return Sym(z3.Bool(name))
    if sort == "real":
        return Sym(z3.Real(name))
    return Sym(z3.Int(name))


def _shaped(name: str, shape: tuple[int, ...], sort: str) -> Any:
    if not shape:
        return _leaf(name, sort)
    return tuple(_shaped(f"{name}[{i}]", shape[1:], sort) for i in range(shape[0]))


def sym_state(game: Game, cfg: Config, tag: str) -> Any:
    fields: dict[str, Any] = {}
    import dataclasses

    for f in dataclasses.fields(game.state_cls):
        if f.name == "cfg":
            continue
        if "shape" in f.metadata:
            fields[f.name] = _shaped(f"{tag}.{f.name}", f.metadata["shape"], f.metadata["sort"])
        else:
            fields[f.name] = None
    return game.state_cls(cfg=cfg, **fields)


def leaves(x: Any) -> Iterator[Any]:
    if isinstance(x, tuple):
        for y in x:
            yield from leaves(y)
    else:
        yield x


def term(x: Any) -> Any:
    """A z3 term from a Sym, a Python bool/int, or a Fraction."""
    if type(x) is Sym:
        return x.t
    if type(x) is bool:
        return z3.BoolVal(x)
    if isinstance(x, int):
        return z3.IntVal(x)
    from fractions import Fraction

    if isinstance(x, Fraction):
        return z3.RealVal(x)
    raise TypeError(f"not a rule value: {x!r}")


def skeleton_terms(s: Any) -> list[tuple[str, Any]]:
    out = []
    for f in s.skeleton():
        v = getattr(s, f.name)
        for i, leaf in enumerate(leaves(v)):
            out.append((f"{f.name}#{i}", leaf))
    return out


def same_as(s: Any, concrete: Any) -> Any:
    """Constraint: the symbolic state s equals the concrete state."""
    cs = []
    for (_, a), (_, b) in zip(skeleton_terms(s), skeleton_terms(concrete)):
        cs.append(term(a) == term(b))
    return z3.And(cs) if cs else z3.BoolVal(True)


@dataclass
class Instance:
    """One action with its arguments fixed where enumerable, symbolic elsewhere."""

    action: Action
    args: SimpleNamespace
    side: list  # constraints on the symbolic arguments (bounds)
    label: str


def instances(game: Game, cfg: Config, act: Action, tag: str = "a", limit: int = 4000) -> list[Instance]:
    """Every instance of an action the checks consider: finite params enumerated, the others
    symbolic (one value, or one per case of the param's `cases`). An optional param left
    out of an event takes its default: a finite domain gets the default as one more value;
    a symbolic param whose bounds (in every case) exclude the default (None, -1...) gets an
    instance of its own with the default, so no check misses it."""
    players = [None] if act.by == "chance" else list(range(cfg.extra.get("nplayers", 2)))
    finite: list[tuple[str, list]] = [("p", players)]
    symbolic: list[tuple[str, list]] = []  # name, [(value, side constraints, label), ...]
    for prm in act.params:
        dom = prm.kind.domain(cfg)
        if dom is not None:
            finite.append((prm.name, list(dom) + ([prm.default] if prm.optional else [])))
        else:
            name = f"{tag}.{act.name}.{prm.name}"
            cases = prm.kind.cases(cfg, name)
            if cases is None:
                value, side = _sym_param(prm, cfg, name)
                alts = [(value, side, "")]
            else:
                alts = [(v, cs, f"{prm.name} {label}") for v, cs, label in cases]
            if prm.optional and not any(_admits(v, cs, prm.default) for v, cs, _ in alts):
                alts.append((prm.default, [], f"{prm.name} left out"))
            symbolic.append((prm.name, alts))
    out: list[Instance] = []
    for combo in itertools.product(*[d for _, d in finite]):
        for chosen in itertools.product(*[alts for _, alts in symbolic]):
            a = SimpleNamespace(**{k: v for (k, _), v in zip(finite, combo)})
            side: list = []
            for (name, alts), (value, cs, _) in zip(symbolic, chosen):
                setattr(a, name, value)
                side += cs
            shown = [f"{k}={v}" for (k, _), v in zip(finite, combo) if v is not None]
            shown += [label for _, _, label in chosen if label]
            out.append(Instance(act, a, side, act.name + "(" + ", ".join(shown) + ")"))
            if len(out) >= limit:
                raise ValueError(f"{act.name}: more than {limit} enumerated instances; make a param symbolic")
    return out


def _admits(value: Any, side: list, default: Any) -> bool:
    """The symbolic value, within its bounds, can be the default (so it needs no instance)."""
    syms, vals = list(leaves(value)), list(leaves(default))
    if len(syms) != len(vals) or not all(type(v) is int for v in vals):
        return False
    pairs = [(x.t, z3.IntVal(v)) for x, v in zip(syms, vals) if type(x) is Sym]
    if len(pairs) != len(syms):
        return False
    bound = z3.simplify(z3.substitute(z3.And(*side), *pairs) if side else z3.BoolVal(True))
    return z3.is_true(bound)


def _sym_param(prm: Any, cfg: Config, name: str) -> tuple[Any, list]:
    k = prm.kind
    if isinstance(k, Int):
        v = z3.Int(name)
        return Sym(v), [v >= k.lo, v <= k.hi]
    if isinstance(k, Names):
        n = len(k.names(cfg))
        vs = [z3.Int(f"{name}[{i}]") for i in range(n)]
        return tuple(Sym(v) for v in vs), [v >= 0 for v in vs] + [z3.Sum(vs) <= k.most]
    if hasattr(k, "symbolic"):
        return k.symbolic(cfg, name)
    raise TypeError(f"{prm.name}: no symbolic form for {type(k).__name__}")

