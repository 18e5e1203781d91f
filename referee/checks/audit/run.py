"""Running the audit's checks: each in turn here, while the witness searches run in a
pool of two niced worker processes; the findings wait for their witnesses (_later) and
get them when the searches are collected (_resolve)."""
from __future__ import annotations

import time

from ...model.kernel import Game
from ..findings import Finding, Why, finding_id
from .. import policy
from .. import witness as W
from .. import workers
from ..share import NOT_SEARCHED
from ..steady import settle, steady, worker_start
from ..text import detect as text_detectors
from .. import worked


GRACE = 0.5  # seconds the audit waits past the time net for a search's last move
WAIT = 10  # the audit waits for its searches WAIT times their CPU net, in wall seconds (a hang's net)
STUCK_SECONDS = 1.0  # the stalemate search's work, in seconds of an idle machine (counted: _units)
RULINGS_SHARE = 3  # the rulings' shared search gets the work of this many searches at most
NET = 120.0  # seconds of a search's CPU: its time net (search.Budget), at least 10x --budget


def net_seconds(budget: float) -> float:
    """The time net of one witness search, in seconds of its own CPU time: far past what its
    count takes, so a loaded machine (less CPU a second, the same CPU a count) never meets
    it; only a search that runs away does, and the audit says so."""
    return max(NET, 10 * budget)


def wait_seconds(budget: float) -> float:
    """How long the audit waits, on the clock, for all its searches: a net for a machine so
    loaded (or a worker so stuck) that even their CPU nets would not end them in time."""
    return WAIT * net_seconds(budget)


def _fid(game: Game, kind: str, cite: str, name: str) -> str:
    return finding_id(game.name, kind, cite, name)


class Runner:
    """The orchestration of an Audit (its state is set by Audit.__init__)."""

    # the search for games another reading plays otherwise (disputed options, sources'
    # values: disputed.py), submitted once the options are checked (Listed.disputed)
    READINGS = ("readings",)

    # -------------------------------------------------------------- orchestration
    def run(self) -> list[Finding]:
        with steady():  # the same findings whatever ran before in this process (steady.py)
            return self._audit()

    def _audit(self) -> list[Finding]:
        # what a run caches holds terms of its own z3 context: a second run starts without them
        for cache in ("_settings", "_max_cache", "steer"):
            self.__dict__.pop(cache, None)
        self.findings, self.pending = [], []
        self.t0 = time.monotonic()
        self.deadline = self.t0 + wait_seconds(self.budget)  # the wait for the searches (shared clock)
        self.elsewhere: list = []  # rulings that cannot arise as configured (_ruling)
        self.pool = None
        self.futures: dict = {}
        self.readings: list = []  # the points whose witness plays the other reading (READINGS)
        if self.witnesses:
            # witnesses are searched concretely in other processes while z3 works here
            # niced: the proofs (two processes) come first, the searches take what is left.
            # Two workers: one explores for every ruling at once while the other searches,
            # in turn, a stalemate (short: an option that causes one shows in a few games)
            # and each claim's witness (the consequence of a contradiction, e.g. §6.5's 5 tokens)
            self.pool = workers.context().Pool(2, initializer=_nice)
            self._submit(("stuck",), units=self._units(min(STUCK_SECONDS, self.witness_seconds)))
            # the rulings' search is submitted once z3 has checked them (rulings.py): it climbs
            # towards the states z3 found
            for i, c in enumerate(self.game.claims):
                if c.kind == "max":
                    self._submit(("claim", i, c.value))
        try:
            self._run()
            t = time.monotonic()
            self.progress("witnesses")
            self._resolve()
            self.timings["witnesses (waiting)"] = time.monotonic() - t
            if self.elsewhere:
                # audited again at a player count where they can arise: the proofs there
                # run once the first searches are done, and their searches get a time of their own
                t = time.monotonic()
                self.progress("rulings at other player counts")
                self.pending = []
                # the proofs there (their own budget, _setting), then the search: each ruling's
                # witness search is submitted as its ruling is checked
                self.deadline = t + wait_seconds(self.budget)
                for r in self.elsewhere:
                    self._ruling(r, elsewhere=True)
                self._resolve()
                self.timings["rulings at other player counts"] = time.monotonic() - t
            self.progress("policy")
            policy.fold_disputed_effects(self)  # one defect of the text, one finding
            policy.published_answers(self)  # before the folds weigh severities
            policy.fold_within(self)
            policy.review(self)  # once every question is reported: the options' bases (checks/policy.py)
            return self.findings
        finally:
            if self.pool is not None:
                self.pool.terminate()

    @property
    def _rulings_task(self) -> tuple:
        return ("rulings", tuple(r.name for r in self.game.rulings))

    @property
    def _gaps_task(self) -> tuple:
        return ("gaps", tuple(g.name for g in self.game.gaps if g.arises is not None))

    def _units(self, seconds: float) -> int:
        """Seconds of an idle machine as a count of moves weighed, at the game's measured
        rate (Game.search_rate): the count, not the clock, stops a search."""
        return int(seconds * self.game.search_rate)

    @property
    def _rulings_units(self) -> int:
        """One exploration serves every ruling: the work of one search each, up to a share."""
        return self._units(self.witness_seconds * max(1, min(len(self.game.rulings), RULINGS_SHARE)))

    @property
    def _gaps_units(self) -> int:
        """One exploration serves every gap arising in play, as for the rulings; a gap whose
        situation is climbed to (Gap.toward) brings a search's work of its own."""
        return self._units(self.witness_seconds * gap_shares(self.game, self._gaps_task[1]))

    def _submit(self, task: tuple, units: int | None = None, sent: tuple | None = None) -> None:
        """Start the search of `task` (its key in `futures`), sending `sent` to the worker."""
        if self.pool is not None and task not in self.futures:
            if units is None:
                units = (self._rulings_units if task[0] == "rulings" else self._gaps_units if task[0] == "gaps"
                         else self._units(self.witness_seconds))
            sent = sent or task
            if task == self._rulings_task:
                # with the state z3 found for each ruling (steer.py), in the rulings' order
                sent = task + (None, tuple((n, t) for n, t in self.steer.items() if t))
            self.futures[task] = self.pool.apply_async(
                W.run_task, (self.game.name, self.rules, sent, units, net_seconds(self.budget)))

    def _later(self, task: tuple, then, key: str | None = None) -> None:
        """Attach the witness of `task` when the searches are collected: then(witness, note)."""
        if self.pool is None:
            then(None, NOT_SEARCHED)
            return
        if task not in (self._rulings_task, self.READINGS):  # those once all their points are known
            self._submit(task)
        self.pending.append((task, then, key))

    def _resolve(self) -> None:
        from multiprocessing import TimeoutError as Late

        for task, then, key in self.pending:
            # the searches stop at their count, or at the net between two moves: a grace for the last
            left = self.deadline - time.monotonic() + GRACE
            try:
                w, netted = self.futures[task].get(timeout=max(0.05, left))
            except Late:
                then(None, Why(f"not collected within {wait_seconds(self.budget):.0f} s of waiting: the machine "
                               "was too loaded, or the search stuck; rerun", "load"))
                continue
            except Exception as e:  # noqa: BLE001 - a failed search costs its witness, not the audit
                then(None, Why(f"the search failed: {type(e).__name__}: {e}", "method"))
                continue
            if key is not None:
                w = w.get(key)
            if w or not netted:
                then(w, "" if w else self._not_found_note(task))
            else:
                then(w, self._netted_note())

    def _not_found_note(self, task: tuple) -> str:
        """One line, in the search's own unit: the moves it weighed (search.Budget); a larger
        budget weighs more."""
        if task[0] == "rulings":
            return Why(f"no example game found within {self._rulings_units:,} moves weighed (one search for every "
                       "ruling)", "budget")
        if task[0] == "gaps":
            return Why(f"no game found within {self._gaps_units:,} moves weighed whose last event is the situation "
                       "(one search for every gap arising in play)", "budget")
        if task == self.READINGS:
            return Why(f"no game found within {self._units(self.witness_seconds):,} moves weighed that the other "
                       "reading plays otherwise (one search for every disputed option and sources' value)", "budget")
        if task[0] == "claim" and W.other_settings(self.game, self.rules):
            return Why(f"no example game found within {self._units(self.witness_seconds):,} moves weighed (half at "
                       "the audit's setting, the rest at the other player counts and variants)", "budget")
        return Why(f"no example game found within {self._units(self.witness_seconds):,} moves weighed", "budget")

    def _netted_note(self) -> str:
        return Why(f"the search was stopped by its time net ({net_seconds(self.budget):.0f} s of its CPU) before "
                   "its count: it ran far slower than its game's measured rate", "load")

    def _run(self) -> None:
        for name, step in (("data", self.data), ("gaps", self.gaps), ("graph", self.graph),
                           ("invariants", self.invariants), ("steps", self.steps), ("sources", self.sources), ("claims", self.claims),
                           ("rulings", self.rulings), ("options", self.disputed), ("stalemates", self.stalemates),
                           ("text", lambda: self.findings.extend(text_detectors(self.game, self.rulebook))),
                           ("worked examples", self.worked)):
            t = time.monotonic()
            self.progress(name)
            step()
            settle()
            self.timings[name] = time.monotonic() - t

    def worked(self) -> None:
        """The text's worked examples, replayed under the audited rules (its options, component
        files and preferred source), each covering its log's player count (checks/worked.py)."""
        setting = worked.Setting(self.options or None, self.components, self.prefer)
        self.findings.extend(worked.check(
            self.game, self.rulebook, setting,
            lambda n, opts: self.covers([n], self.game.configure(opts, self.components, self.prefer))))

    def add(self, f: Finding) -> Finding:
        self.findings.append(f)
        return f


def gap_shares(game: Game, names: tuple) -> int:
    """How many witness searches' work the gaps' one search has (audit, tests alike)."""
    climbed = sum(1 for g in game.gaps if g.name in names and g.toward is not None)
    return max(1, min(len(names), RULINGS_SHARE)) + climbed


def _nice() -> None:
    import os

    worker_start()  # a search's memory is collected as it runs, at the same points each run (steady.py)
    try:
        os.nice(15)
    except OSError:
        pass
