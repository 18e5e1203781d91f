"""A game's candidate moves, derived from its actions: each Action proposes its own
candidate args (`Action.propose`) beside its Needs, and the phase it is allowed in
selects which actions are asked. Random games, scenarios, witnesses and `Rules.new()`
draw from these (the kernel keeps the legal ones: kernel/play.py)."""
from __future__ import annotations

from typing import Any, Iterator


class Proposals:
    """`Game.moves`: callable on a state, yielding (action, args) in the order of
    `Game.actions` (then each action's own order). `weight` is set when an action weighs
    its candidates (the weighted explorer reads it; the others weigh 1)."""

    def __init__(self, actions: tuple, phases: tuple):
        self.actions = actions
        # phase index -> the actions asked in it (the phase Need, read once per Game); the
        # coverage test asks them one by one
        self.asked = {i: tuple(a for a in actions if a.propose is not None and ph.name in a.phases)
                      for i, ph in enumerate(phases)}
        self.weight = self._weight if any(a.weight is not None for a in actions) else None

    def __call__(self, s: Any) -> Iterator[tuple[Any, Any]]:
        for act in self.asked.get(s.phase, ()):
            for a in act.propose(s):
                yield act, a

    @staticmethod
    def _weight(s: Any, act: Any, a: Any) -> float:
        return 1.0 if act.weight is None else act.weight(s, a)
