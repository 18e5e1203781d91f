"""What a log may declare, written wherever the rules fix it. An optional field an event left
out (Param.optional) is given the one value of its domain that keeps every Need and leaves
the game in the same next state, when other values of it are refused: a declared outcome
that a Need checks (Welcome's `dungeon.leave`, its outcome and the HP left, §Issue). A field
whose Param names its value (`fixed`: Raiders' combat scores, §8.6 §8.8) is given that value
when the event takes it. A field that is a choice (no value refused, or several that fit)
stays out. An engine that computes the outcome otherwise is then caught on that event, not
at the end of the game or never."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from ...model.kernel import Game, Illegal
from ...model.kernel.rules import Int

WIDEST = 200  # an Int field of a wider range is not enumerated


def declare(game: Game, s: Any, path: list, afters: list) -> list:
    """`path` ((action, args) from state `s`, reaching the states `afters`) with every
    declarable field written."""
    out = []
    rules = None
    for (act, a), after in zip(path, afters):
        left = [prm for prm in act.params if prm.optional and getattr(a, prm.name) == prm.default]
        if left and (rules is None or rules.cfg is not s.cfg):
            rules = _Rules(game, s.cfg)
        fixed = [prm for prm in left if prm.fixed is not None]
        if fixed:  # the values the rules name, checked together in one step
            b = SimpleNamespace(**{**vars(a), **{prm.name: prm.fixed(s, a) for prm in fixed}})
            a = b if _same(rules, s, act, b, after) else _each(rules, s, act, a, fixed, after)
        a = _each(rules, s, act, a, [prm for prm in left if prm.fixed is None], after)
        out.append((act, a))
        s = after
    return out


class _Rules:
    """Game.step through a Game's compiled rules under one Config (kernel/compile/: the same
    states and the same Illegal, the Need's `show` included; the Explorer that played the
    moves plays through them too): a declaration steps every event whose field was left
    out, up to once per value of its domain. Anything else with a `step` steps as it is."""

    def __init__(self, game: Game, cfg: Any):
        self.game, self.cfg, self.fast = game, cfg, None
        if isinstance(game, Game):
            from ...model.kernel.compile import compiled

            self.fast = compiled(game, cfg)

    def step(self, s: Any, act: Any, a: Any) -> Any:
        if self.fast is None:
            return self.game.step(s, act, a)
        need = self.fast.first_failure(s, act, a)
        if need is not None:
            raise Illegal(act, need, need.show(s, a) if need.show else "")
        return self.fast.apply(s, act, a)


def _each(rules: _Rules, s: Any, act: Any, a: Any, prms: list, after: Any) -> Any:
    for prm in prms:
        a = _declared(rules, s, act, a, prm, after)
    return a


def _same(rules: _Rules, s: Any, act: Any, b: Any, after: Any) -> bool:
    try:
        return rules.step(s, act, b) == after
    except Illegal:
        return False


def _domain(prm: Any, cfg: Any) -> Any:
    dom = prm.kind.domain(cfg)
    if dom is None and isinstance(prm.kind, Int) and prm.kind.hi - prm.kind.lo <= WIDEST:
        dom = range(prm.kind.lo, prm.kind.hi + 1)
    return dom


def _declared(rules: _Rules, s: Any, act: Any, a: Any, prm: Any, after: Any) -> Any:
    if prm.fixed is not None:  # the rules say which value: write it if the event takes it
        b = SimpleNamespace(**{**vars(a), prm.name: prm.fixed(s, a)})
        return b if _same(rules, s, act, b, after) else a
    dom = _domain(prm, s.cfg)
    if dom is None:
        return a
    fits, refused = [], 0
    for v in dom:
        if v == prm.default:
            continue
        b = SimpleNamespace(**{**vars(a), prm.name: v})
        try:
            same = rules.step(s, act, b) == after
        except Illegal:
            refused += 1
            continue
        except Exception:  # noqa: BLE001 - a value the effect cannot take is not a declaration
            continue
        if same:
            fits.append(b)
            if len(fits) > 1:
                return a
    return fits[0] if len(fits) == 1 and refused else a
