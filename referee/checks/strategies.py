"""Hypothesis strategies derived from a model: random skeleton states (for the agreement
tests) and random arguments for an action instance."""
from __future__ import annotations

import dataclasses
from types import SimpleNamespace
from typing import Any

try:
    from hypothesis import strategies as st
except ImportError as e:  # an optional extra: say which one
    raise ImportError("referee.checks.strategies needs Hypothesis: pip install 'referee[strategies]'") from e

from ..model.kernel import Config, Game
from .symbolic import Instance


def _shaped(shape: tuple[int, ...], leaf: st.SearchStrategy) -> st.SearchStrategy:
    if not shape:
        return leaf
    return st.tuples(*[_shaped(shape[1:], leaf) for _ in range(shape[0])])


def states(game: Game, cfg: Config, widen: int = 2) -> st.SearchStrategy:
    """Any skeleton state (reachable or not): bounds come from the field metadata,
    widened a little so that states just outside the rules' limits are drawn too."""
    parts: dict[str, st.SearchStrategy] = {}
    for f in dataclasses.fields(game.state_cls):
        if f.name == "cfg":
            continue
        md = f.metadata
        if "shape" not in md:
            parts[f.name] = st.just(f.default if f.default is not dataclasses.MISSING else None)
            continue
        if md["sort"] == "bool":
            leaf: st.SearchStrategy = st.booleans()
        elif md["sort"] == "real":
            from fractions import Fraction

            leaf = st.fractions(md["lo"] - widen, md["hi"] + widen, max_denominator=8).map(Fraction)
        else:
            leaf = st.integers(md["lo"] - widen if md["lo"] != 0 else 0, md["hi"] + widen)
        parts[f.name] = _shaped(md["shape"], leaf)
    return st.fixed_dictionaries(parts).map(lambda d: game.state_cls(cfg=cfg, **d))


def concrete_args(inst: Instance, draw: Any) -> SimpleNamespace:
    """Concrete arguments for an instance: its enumerated values, random symbolic ones
    (among the values a symbolic one can take, when it lists them: a case of the param)."""
    def value(x: Any) -> Any:  # a symbolic leaf drawn, the others kept, in the arg's own shape
        if isinstance(x, tuple):  # (a pair of pairs stays one: Raiders' initiative rolls)
            return tuple(value(y) for y in x)
        if type(x).__name__ == "Sym":
            return draw(st.sampled_from(x.dom) if getattr(x, "dom", None) else st.integers(0, 6))
        return x

    return SimpleNamespace(**{k: value(v) for k, v in vars(inst.args).items()})
