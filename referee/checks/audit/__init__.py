"""The audit of one game: every check over its model, as a list of findings.

Order: component data against the text, gaps the text leaves, the phase graph, the
invariants (z3, by induction), contradictions between sources (z3 unsat cores) and what
each source's reading changes, the text's claims (z3 Optimize + a witness), the rulings
(z3: situations with no answer or two), and the disputed points of public sources.
Every finding names its §s; witnesses are replayable logs (witness.py).

Modules, one job each: run (running the checks, the witness pool), counts (the player
counts audited, what each result covers, rules that say nothing), listed (findings the
model states), proofs (invariants, sources, claims), transitions (the Steps, read on two
states), rulings (the rulings policy); Audit
puts them together."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from ...model.kernel import Config, Game
from ..findings import Finding
from .. import witness as W
from .counts import Counts
from .listed import STUCK_FLOOR, Listed
from .proofs import Proofs
from .rulings import Rulings
from .transitions import Transitions
from .run import GRACE, STUCK_SECONDS, Runner


class Audit(Runner, Counts, Listed, Proofs, Transitions, Rulings):
    def __init__(self, game: Game, options: dict | None = None, prefer: str | None = None,
                 witnesses: bool = True, witness_seconds: float = 3.0, budget: float = 8.0,
                 components: Path | None = None, progress: Callable[[str], None] = lambda step: None,
                 rulebook: Path | None = None):
        self.game = game
        # the rulebook file the text detectors and the worked examples read (`--rulebook`, a file
        # already located); None: the game's seed
        self.rulebook = rulebook
        self.progress = progress  # told each check's name as it starts (the CLI's progress bar)
        self.options = dict(options or {})
        self.prefer = prefer
        self.components = components
        self.cfg: Config = game.configure(self.options, components, prefer)
        self.rules = W.Rules(self.options, components, prefer)  # what the witness searches play
        self.witnesses = witnesses
        # each witness search's work: seconds of an idle machine, counted in moves weighed
        # (search.Budget) at the game's measured rate, so the same on any machine
        self.witness_seconds = witness_seconds
        self.budget = budget  # the proofs' z3 work, in seconds of an idle machine (work.py)
        self.pending: list = []
        self.readings: list = []  # the points whose witness plays the other reading (Runner.READINGS)
        self.findings: list[Finding] = []
        self.timings: dict[str, float] = {}


def audit(game: Game, **kw: Any) -> tuple[list[Finding], dict]:
    a = Audit(game, **kw)
    return a.run(), a.timings


__all__ = ["GRACE", "STUCK_FLOOR", "STUCK_SECONDS", "Audit", "audit"]
