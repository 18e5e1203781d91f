"""The Steps of a game in the audit (kernel Step, checks/transitions.py): each proved at every
player count the game allows, from the invariants proved at that count, or reported not
established with why (the budget, the solver, a state the proofs do not rule out, or no
event that brings its situation about)."""
from __future__ import annotations

from ...model.kernel.rules import cites, plural
from ..findings import Finding, covers_text, rule_name, spans
from .. import work
from ..transitions import prove_steps
from .run import _fid

STEP_SECONDS = 5.0  # the Steps' z3 work at each player count (seconds of an idle machine)


class Transitions:
    """The Steps' proofs (for an Audit)."""

    def steps(self) -> None:
        if not self.game.steps:
            return
        counts = self.player_counts() or [None]
        allowance = int(STEP_SECONDS * work.RATE)
        at = {}
        for n in counts:
            cfg, S, hyp = self.setting(n)
            at[n] = prove_steps(self.game, cfg, S, list(hyp.values()), allowance)
        for i, st in enumerate(self.game.steps):
            f = Finding(_fid(self.game, "step", st.cite, rule_name(st)), self.game.name, "proved",
                        cites(st.cite), st.says, [st.source] if st.source else [], status="every event")
            got = {n: at[n][i] for n in counts}
            bad = next((n for n in counts if got[n].status in ("not-proved", "unknown")), None)
            meant = [n for n in counts if got[n].status == "proved"]
            where = lambda n: f" with {n} players" if n is not None else ""  # noqa: E731
            if bad is not None:
                r = got[bad]
                f.kind, f.status = "unknown", "not established"
                f.open = "budget" if r.status == "unknown" else "method"  # z3 gave up, or the step's proof fails
                if r.status == "unknown":
                    f.details = [f"not established{where(bad)}: {r.by}"]
                else:
                    f.details = [f"not established{where(bad)}: the proof fails at {r.by}, from a state the proved "
                                 "invariants allow (no game was searched that reaches it):"] + \
                                [f"{k} = {v}" for k, v in list(r.model.items())[:12]]
            elif not meant:
                f.kind, f.status, f.open = "unknown", "not established", "scope"
                f.details = [f"not applicable: {got[counts[0]].by} ({self._covers(self.cfg)})"]
            else:
                real = [n for n in meant if n is not None]
                f.covers = self.covers(real)
                events = max(got[n].events for n in meant)
                f.details = [f"holds over every event, from any state the proved invariants allow (up to {events} "
                             f"{plural(events, 'action instance')} {'brings' if events == 1 else 'bring'} its situation about; {covers_text(f.covers)})"]
                blank = [n for n in counts if n is not None and n not in meant]
                if blank:
                    f.details.append(f"with {spans(blank)} players no event brings its situation about: "
                                     "those counts are not claimed")
            self.add(f)
