"""Where a Need sits at its limit, or just past it: unit changes of an argument or of a
state value the Need reads."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Iterator

from ...model.kernel import Undecided
from ...model.kernel.rules import Int, Names, Need
from ...model.kernel.reads import leaf, reads, with_leaves


def _safe(test: Any, s: Any) -> bool:
    """test(s), or True when the rule cannot read the state."""
    try:
        return bool(test(s))
    except Exception:  # noqa: BLE001
        return True


def _holds(need: Need, s: Any, a: Any) -> bool | None:
    try:
        return bool(need.test(s, a))
    except Undecided:
        return None
    except Exception:  # noqa: BLE001 - a perturbed state the rule cannot read (index out of range)
        return None


def _unit_steps(s: Any, paths: Any, declared_only: bool) -> Iterator[tuple[tuple, int, int, Any]]:
    """(path, value, d, s with value + d) for each whole number at `paths`, d = -1 then +1,
    within its field's declared range (a state a game can show); `declared_only` skips the
    numbers of fields without one."""
    meta = {f.name: f.metadata for f in s.skeleton()}
    for path in paths:
        v = leaf(s, path)
        if type(v) is not int or (declared_only and path[0] not in meta):
            continue
        m = meta.get(path[0], {})
        for d in (-1, 1):
            if m.get("lo", v - 1) <= v + d <= m.get("hi", v + 1):
                yield path, v, d, with_leaves(s, {path: v + d})


def just_past(need: Need, s: Any, a: Any) -> bool:
    """Is `need` failed just beyond its limit at (s, a): a unit change of one state value it
    reads (within the field's declared range) makes it hold? (One token left where none may
    stay, one crown too many...) Needs that read no number count as just past."""
    try:
        leaves = [p for p in sorted(reads(lambda st: need.test(st, a), s)) if type(leaf(s, p)) is int]
    except Exception:  # noqa: BLE001
        return True
    if not leaves:
        return True
    return any(_holds(need, t, a) is True for _, _, _, t in _unit_steps(s, leaves, declared_only=False))


def tight(act: Any, need: Need, s: Any, a: Any) -> str | None:
    """Is `need` met at its limit by (s, a)? It holds, and a unit change of one argument or
    of one state value the Need reads breaks it. Returns what breaks it, or None."""
    if _holds(need, s, a) is not True:
        return None
    for prm in act.params:
        v = getattr(a, prm.name, None)
        k = prm.kind
        if isinstance(k, Int) and isinstance(v, int):
            for d in (-1, 1):
                b = SimpleNamespace(**{**a.__dict__, prm.name: v + d})
                if k.lo <= v + d <= k.hi and _holds(need, s, b) is False:
                    return f"{prm.name} {v} -> {v + d}"
        if isinstance(k, Names) and isinstance(v, tuple):
            for i in range(len(v)):
                for d in (-1, 1):
                    if v[i] + d < 0:
                        continue
                    b = SimpleNamespace(**{**a.__dict__, prm.name: v[:i] + (v[i] + d,) + v[i + 1:]})
                    if _holds(need, s, b) is False:
                        return f"one {prm.name} {'more' if d > 0 else 'fewer'}"
    try:
        leaves = reads(lambda st: need.test(st, a), s)
    except Exception:  # noqa: BLE001 - a rule that cannot be traced: arguments only
        return None
    for path, v, d, t in _unit_steps(s, sorted(leaves), declared_only=True):
        if _holds(need, t, a) is False:
            return f"{'.'.join(map(str, path))} {v} -> {v + d}"
    return None


def _in_turn(xs: list, ys: list) -> list:
    """Items of xs and ys taken in turn (pair by pair, as zip stops), each once."""
    return list(dict.fromkeys(i for pair in zip(xs, ys) for i in pair))
