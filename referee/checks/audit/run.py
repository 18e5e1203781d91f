"""Running the audit's checks: each in turn here, while the witness searches run in a
pool of two niced worker processes; the findings wait for their witnesses (_later) and
get them when the searches are collected (_resolve)."""
from __future__ import annotations

import time

from ...model.kernel import Game
from ..findings import Finding
from .. import witness as W
from .. import workers
from ..text import detect as text_detectors


GRACE = 0.5  # seconds the audit waits past its budget for a search's last move
STUCK_SECONDS = 0.5  # the stalemate search's share of the witness worker


def _fid(game: Game, kind: str, tail: str) -> str:
    return f"{game.name}.{kind}.{tail}"


class Runner:
    """The orchestration of an Audit (its state is set by Audit.__init__)."""

    # -------------------------------------------------------------- orchestration
    def run(self) -> list[Finding]:
        self.t0 = time.monotonic()
        self.deadline = self.t0 + self.budget  # the witness searches' (shared clock)
        self.elsewhere: list = []  # rulings that cannot arise as configured (_ruling)
        self.pool = None
        self.futures: dict = {}
        if self.witnesses:
            # witnesses are searched concretely in other processes while z3 works here
            # niced: the proofs (two processes) come first, the searches take what is left.
            # Two workers: one explores for every ruling at once while the other searches,
            # in turn, a stalemate (short: an option that causes one shows in a few games)
            # and each claim's witness (the consequence of a contradiction, e.g. §6.5's 5 tokens)
            self.pool = workers.context().Pool(2, initializer=_nice)
            self._submit(("stuck",), seconds=min(STUCK_SECONDS, self.witness_seconds))
            if self.game.rulings:
                self._submit(self._rulings_task, seconds=self.witness_seconds * len(self.game.rulings))
            for i, c in enumerate(self.game.claims):
                if c.kind == "max":
                    self._submit(("claim", i, c.value))
        try:
            self._run()
            t = time.monotonic()
            self._resolve()
            self.timings["witnesses (waiting)"] = time.monotonic() - t
            if self.elsewhere:
                # audited again at a player count where they can arise: the proofs there
                # run once the first searches are done, and their searches get a time of their own
                t = time.monotonic()
                self.pending = []
                # the proofs there (their own budget, _setting), then the search: each ruling's
                # witness search is submitted as its ruling is checked
                self.deadline = t + self.witness_seconds + 1 + max(10.0, self.budget * 0.3) * len(self.elsewhere)
                for r in self.elsewhere:
                    self._ruling(r, elsewhere=True)
                self._resolve()
                self.timings["rulings at other player counts"] = time.monotonic() - t
            return self.findings
        finally:
            if self.pool is not None:
                self.pool.terminate()

    @property
    def _rulings_task(self) -> tuple:
        return ("rulings", tuple(r.name for r in self.game.rulings))

    def _submit(self, task: tuple, seconds: float | None = None) -> None:
        if self.pool is not None and task not in self.futures:
            self.futures[task] = self.pool.apply_async(
                W.run_task, (self.game.name, self.rules, task, seconds or self.witness_seconds,
                             self.deadline - 0.2))

    def _later(self, task: tuple, then, key: str | None = None) -> None:
        """Attach the witness of `task` when the searches are collected: then(witness, note)."""
        if self.pool is None:
            then(None, "not searched (--no-witness)")
            return
        self._submit(task)
        self.pending.append((task, then, key))

    def _resolve(self) -> None:
        from multiprocessing import TimeoutError as Late

        for task, then, key in self.pending:
            # the workers stop at the budget, between two moves: a short grace for the last one
            left = self.deadline - time.monotonic() + GRACE
            try:
                w = self.futures[task].get(timeout=max(0.05, left))
                if key is not None:
                    w = w.get(key)
                    then(w, "" if w else "no game raising it was found by the rulings' shared search (at most "
                                         f"{self.witness_seconds:.1f} s of CPU a ruling, within the audit's "
                                         f"{self.budget:.0f}-s budget; see --witness-seconds, --budget)")
                    continue
                then(w, "" if w else f"no game reaching it was found within {self.witness_seconds:.1f} s of search")
            except Late:
                then(None, f"the search was stopped at the audit's time budget ({self.budget:.0f} s; see --budget)")
            except Exception as e:  # noqa: BLE001 - a failed search costs its witness, not the audit
                then(None, f"the search failed: {type(e).__name__}: {e}")

    def _run(self) -> None:
        for name, step in (("data", self.data), ("gaps", self.gaps), ("graph", self.graph),
                           ("invariants", self.invariants), ("sources", self.sources), ("claims", self.claims),
                           ("rulings", self.rulings), ("options", self.disputed), ("stalemates", self.stalemates),
                           ("text", lambda: self.findings.extend(text_detectors(self.game)))):
            t = time.monotonic()
            step()
            self.timings[name] = time.monotonic() - t

    def add(self, f: Finding) -> Finding:
        self.findings.append(f)
        return f


def _nice() -> None:
    import os

    try:
        os.nice(15)
    except OSError:
        pass
