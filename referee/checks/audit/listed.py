"""Findings the model states as such: component data against the text, the gaps it
lists, the phase graph, the disputed points of public sources, and the stalemate
search's result (reported only with a witness z3 confirms)."""
from __future__ import annotations

from typing import Any

from ...model.kernel.rules import cites
from ..findings import AGREES, BUILT, Finding, open_of, rule_name
from ..graphs import check_phases
from .. import policy
from .. import witness as W
from .run import _fid

STUCK_FLOOR = 200  # states below which a stalemate search that found none is no search at all


class Listed:
    """The findings of an Audit that the model states (its state is set by Audit.__init__)."""

    # -------------------------------------------------------------- data and gaps
    def data(self) -> None:
        comp = self.cfg.comp
        note = " (illustrative components)" if getattr(comp, "illustrative", False) else ""
        # a data check that states one of the text's own data claims (same name, same §s) is
        # reported once, as the claim, with the check's count in its details
        def same(x: Any) -> tuple:  # a rule's name and §s
            return rule_name(x), tuple(cites(x.cite))

        claimed = {same(c) for c in self.game.claims if c.kind == "data"}
        counted: dict = {}
        for d, covers in self._data_checks():
            if d.ok and same(d) in claimed:  # a failing check stays on its own
                counted[same(d)] = d
                continue
            self.add(Finding(_fid(self.game, "data", d.cite, rule_name(d)), self.game.name, "data", cites(d.cite),
                             d.says + note, [d.source] if d.source else [], status="ok" if d.ok else "fails",
                             details=([d.detail] if d.detail else [])
                             + ([self.by_construction(d)] if d.ok and self.by_construction(d) else []),
                             covers=covers))
        for c in self.game.claims:
            if c.kind != "data":
                continue
            got = c.expr(comp)
            ok = got == c.value
            # a yes/no claim reads as agreement, not as "the components give True"; whose data
            # they are is said: the project's own files (or the ones given), not a printed component
            whose = ("the component files given (--components)" if self.components is not None
                     else "the project's component files")
            gives = ((f"{whose} agree" if got else f"{whose} disagree") if isinstance(got, bool)
                     else f"{whose} give {got}")
            built = self.by_construction(c) if ok else ""
            check = counted.get(same(c))
            also = [f"the components' check: {check.detail}"] if check is not None and check.detail else []
            if self.components is None and not built:  # (a claim built into the set says more)
                also.append("checked against the data the project wrote into its component files, not against "
                            "a printed component: where the files copy the claim's number from the same sentence, "
                            "this checks that copy, not the text")
            self.add(Finding(_fid(self.game, "claim", c.cite, rule_name(c)), self.game.name, "claim", cites(c.cite),
                             f"{c.says}: {gives}{note}", [c.source] if c.source else [],
                             status=BUILT if built else AGREES if ok else "refuted",
                             details=also + ([built] if built else []),
                             covers=self.covers([]) if ok and not built else None))  # the components alone

    def _data_checks(self) -> list:
        """Each data check at every player count (a check may read the count: the gold of 5
        players): (the check as it fails at the first count where it does, else as it reads at
        the largest count; what it covers when it holds). The audit's own list when the counts
        do not give the same checks in the same order."""
        counts = self.player_counts()
        mine = list(self.game.data_checks(self.cfg))
        if len(counts) < 2:
            return [(d, self.covers(counts) if d.ok else None) for d in mine]
        every = {n: list(self.game.data_checks(self.config_at(n))) for n in counts[1:]}
        if any([(d.cite, d.name) for d in xs] != [(d.cite, d.name) for d in mine] for xs in every.values()):
            return [(d, self.covers(counts[:1]) if d.ok else None) for d in mine]
        every[counts[0]] = mine
        out = []
        for i in range(len(mine)):
            bad = next((every[n][i] for n in counts if not every[n][i].ok), None)
            out.append((bad, None) if bad is not None else (every[max(counts)][i], self.covers(counts)))
        return out

    def gaps(self) -> None:
        from ..report import stand_ins

        # the shipped files that declare themselves illustrative: a gap whose data they stand
        # in for is lost data; one whose data the shipped files give as published (Welcome's
        # monsters), or --components gives, is a table the text does not print (severity.py)
        stand = set() if self.components is not None else {name.removesuffix(".toml") for name in stand_ins(self.game)}
        for g in self.game.gaps:
            lost = bool(set(g.data) & stand)
            f = self.add(Finding(_fid(self.game, "gap", g.cite, rule_name(g)), self.game.name, "gap", cites(g.cite),
                                 g.says, details=[f"the project: {g.fills}"], in_play=g.arises is not None,
                                 lost_data=lost, table=bool(g.data) and not lost))
            if g.arises is not None:  # one search for every gap arising in play (witness.search_gaps)
                f.details.append(f"arises in play at {' or '.join(g.on)}: {g.when}")

                def then(w, note, f=f):
                    f.witness, f.witness_note = w, note

                self._later(self._gaps_task, then, key=g.name)

    def graph(self) -> None:
        self.findings += check_phases(self.game)

    # -------------------------------------------------------------- stalemates
    def stalemates(self) -> None:
        """A reachable state before the end where no event is legal (checks/stuck.py): only
        reported with its witness game, z3 having proved that no event's Needs can hold."""
        if self.pool is None:
            return

        def then(w, note):
            # named after where every game starts (the first phase), as it has no § of its own
            fid = _fid(self.game, "stalemate", self.game.phases[0].cite, "search")
            where = cites(self.game.phases[0].cite)  # cited where the id is named: every result names its §
            says = "whether a game can reach a state where no event is legal before the end"
            if w is None:  # failed, or stopped at the budget before it could say what it explored
                self.add(Finding(fid, self.game.name, "unknown", where, says, status="not established",
                                 details=[f"the stalemate search could not run: {note}"], open=open_of(note)))
                return
            if isinstance(w, W.Explored):
                if w.states < STUCK_FLOOR:
                    why = w.why or (f"the search explored {w.states} states in {w.games} "
                                    f"game{'s' if w.games != 1 else ''}, below the floor of {STUCK_FLOOR}"
                                    + (", stopped by its time net (its CPU time ran far past its count's)" if w.netted
                                       else ""))
                    # a larger budget explores more, unless the search says why it could not
                    self.add(Finding(fid, self.game.name, "unknown", where, says, status="not established",
                                     details=[f"not searched: {why}"], open="load" if w.netted else open_of(w.why) if w.why
                                     else "budget"))
                return  # not finding one after a real search proves nothing either: no finding
            phase = next((p for p in self.game.phases if p.name == w.phase), None)
            chosen = [o for o in self.game.options if o.name in self.options]
            cited = sorted(set((cites(phase.cite) if phase else []) + [c for o in chosen for c in cites(o.cite)]
                               + w.cites))
            opts = ", ".join(f"{o.name}={self.cfg.options[o.name]}" for o in chosen)
            self.add(Finding(_fid(self.game, "stalemate", phase.cite if phase else "", phase.name if phase else "any"), self.game.name, "gap",
                             cited, "a game can reach a state where no event is legal before the end"
                             + (f" ({phase.name} phase)" if phase else "") + ": the text does not say how play goes on"
                             + (f" (with {opts})" if opts else ""), status="stalemate",
                             details=w.details, witness=w))

        self._later(("stuck",), then)

    # -------------------------------------------------------------- disputed points
    def disputed(self) -> None:
        # An option that answers a ruling is reported with that ruling (its situation, its
        # witness), not a second time here.
        answered = {x.option[0] for r in self.game.rulings for x in r.answers if x.option is not None}
        shown = tuple(o.name for o in self.game.options if o.kind == "disputed" and o.name not in answered)
        for o in self.game.options:
            if o.name not in shown:
                continue
            # two named sources that disagree are a contradiction (checks/policy.py)
            kind, says, sources = policy.disputed(self.game, o)
            f = self.add(Finding(_fid(self.game, "contradiction" if kind == "contradiction" else "disputed", o.cite, o.name),
                                 self.game.name, kind, cites(o.cite), says, sources,
                                 status="" if kind == "contradiction" else "disputed", rule=o.name, in_play=True))

            def then(w, note, f=f):
                f.witness, f.witness_note = w, note

            # a game its other reading plays otherwise: one search for every such point (Runner.READINGS)
            self._later(self.READINGS, then, key=("option", o.name))
        self.readings += [("option", name) for name in shown]
        if self.readings:
            self._submit(self.READINGS, sent=self.READINGS + (tuple(self.readings),))
