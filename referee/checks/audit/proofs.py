"""What z3 establishes about the rules: the invariants (by induction), contradictions
between sources and what each reading changes, the text's claims (z3 Optimize), each
waiting for its witness where a game must show it."""
from __future__ import annotations

from typing import Any

import z3

from ...model.kernel import Config
from ...model.kernel.rules import cites, plural
from ..findings import BUILT, Finding, Why, covers_text, open_of, rule_name, spans
from .maximum import maximum
from .unknown import gave_up
from ... import proofstore
from .. import work
from ..invariants import all_instances
from ..symbolic import sym_state, term
from .run import _fid


BOUND = "upper bound proved, no game found reaching it"  # a "max" claim until a game reaches its value: not found is not "unreachable"


class Proofs:
    """What z3 establishes: invariants, sources, claims (for an Audit)."""

    # -------------------------------------------------------------- invariants
    def invariants(self) -> None:
        # every player count the game allows, each with the same budget; a safety net for models
        # z3 struggles with (reported unknown), not a race: the same proofs under any load
        counts = self.player_counts() or [None]
        at = {n: self.proved_at(n) for n in counts}
        self.inv = at[counts[0]][1]
        n = len(all_instances(self.game, self.cfg))
        for r in self.inv:
            inv = self.game.invariants[r.index]
            base = Finding(_fid(self.game, "invariant", inv.cite, rule_name(inv)), self.game.name, "proved", cites(inv.cite),
                           inv.says, [inv.source] if inv.source else [], status="inductive", about=inv.about)
            if r.status == "proved" and n == 0 and self.game.actions:
                r.status, r.by = "vacuous", "no action instance was built: the induction step covers no event"
            # the first count (the audit's own first) where it is not proved: the result reported
            bad = next((k for k in counts if at[k][1][r.index].status != "proved"), None)
            if r.status == "proved" and bad is not None:
                r = at[bad][1][r.index]
            if r.status == "proved":
                self._proved(base, inv, counts, at, n, r)
                continue
            there = (f" with {bad} players (proved with {spans([k for k in counts if k != bad])})"
                     if bad is not None and bad != counts[0] else "")
            base.details = [f"{r.status} at {r.by}{there}"] + [f"{k} = {v}" for k, v in list(r.model.items())[:12]]
            if r.status in ("unknown", "vacuous"):
                base.kind, base.status = "unknown", "not established"
                budget = r.by.startswith("the time budget")
                if r.status == "vacuous" and "gave up" in r.by:  # z3 found no setup state within its count
                    base.details, base.open = [f"{r.by}{there} ({self._covers(self.cfg)})"], "budget"
                elif r.status == "vacuous":
                    base.details, base.open = [f"not applicable: {r.by}{there} ({self._covers(self.cfg)})"], "scope"
                elif budget:
                    base.details = [f"not checked within the budget: {r.by}{there} (the proofs get 60% of --budget; "
                                    f"rerun with --budget {self._more_budget()})"]
                    base.open = "budget"
                else:  # checks/invariants.py keeps no z3 reason here: its count of work, the usual one
                    base.details, base.open = [f"the solver gave up at {r.by}{there}"], "budget"
                self.add(base)
                continue
            base.kind, base.status = "unknown", "not established"
            base.open = self._lacking()  # the step may go through once the invariants left open are proved
            if there:  # the witness search plays the audit's own player count
                base.details[0] = (f"the proof by induction fails at {r.by}{there}; no game was searched with "
                                   f"{bad} players; a state that step does not rule out:")
                self.add(base)
                continue
            base.details[0] = (f"the proof by induction fails at {r.by} and no game breaking it was found; "
                               "a state that step does not rule out:")

            def then(w, note, f=base, inv=inv):
                if w:
                    f.kind, f.status = "violated", "violated"
                    f.says, f.witness = f"violated: {inv.says}", w
                else:
                    f.witness_note = note

            self._later(("invariant", r.index), then)
            self.add(base)

    def _proved(self, base: Finding, inv, counts: list, at: dict, n: int, r) -> None:
        """An invariant proved at every count: proved where it says something (its test does
        not hold in every state there), not applicable where it says nothing anywhere."""
        counts = [k for k in counts if k is not None]
        blank = [k for k in counts if self.blank(self.setting(k)[2][r.index])] if counts else (
            [None] if self.blank(self.setting(None)[2][r.index]) else [])
        meant = [k for k in counts if k not in blank]
        if blank and not meant:
            if self._proved_in_variant(base, inv, counts, r):
                return
            only = self.applies_only(inv.test, counts)
            base.kind, base.status, base.open = "unknown", "not established", "scope"
            base.details = [f"not applicable: {only or 'it holds in every state, reachable or not'} "
                            f"(audited {covers_text(self.covers(counts))}: there it holds in every state, "
                            "so its proof would say nothing)"]
            self.add(base)
            return
        base.covers = self.covers(meant)
        base.details = [f"holds at setup and every event preserves it ({n} action instances"
                        + (f" with {counts[0]} players" if counts else "") + f"; {covers_text(base.covers)})"
                        + ("; z3's proof of these exact rules ships with referee (bench/certify.py)"
                           if r.by == proofstore.CERTIFIED else "")]
        vacuous_at(base, blank)
        self.add(base)

    def _proved_in_variant(self, base: Finding, inv, counts: list, r) -> bool:
        """An invariant that says nothing as audited but does in a variant the text offers
        (Raiders' competition mode ends after turn 10): proved there, and reported as
        covering that variant only; where the proof there does not go through, not
        established, saying why (never "not applicable": the rule means something there).
        False when no variant gives it a meaning."""
        got = self.variant_where(inv.test, counts)
        if got is None:
            return False
        name, value, cfg = got
        there = self.proved_under(cfg)[r.index]
        if there.status != "proved":
            base.kind, base.status = "unknown", "not established"
            base.open = "budget" if there.status == "unknown" else "method"
            base.details = [f"not established under the variant {name}={value}, the one setting where it says "
                            f"something: {there.status} at {there.by} (no game of that variant was searched)"]
            self.add(base)
            return True
        base.covers = self.covers(counts[:1], cfg)
        base.details = [f"holds at setup and every event preserves it under the variant {name}={value} "
                        f"({len(all_instances(self.game, cfg))} action instances; {covers_text(base.covers)})"
                        + ("; z3's proof of these exact rules ships with referee (bench/certify.py)"
                           if there.by == proofstore.CERTIFIED else ""),
                        f"as audited ({name}={self.cfg.options.get(name)}) it holds in every state, reachable or "
                        "not: it says nothing there, so that setting is not claimed"]
        self.add(base)
        return True

    def _covers(self, cfg: Config) -> str:
        """What a result under cfg covers, in one line: its player count, options, components."""
        n = self._count_of(cfg)
        return covers_text(self.covers([n] if n is not None else [], cfg))

    @staticmethod
    def _proof_budget(budget: float) -> float:
        """The proofs' share of --budget: 60% of it, and never under 30 s of z3's work."""
        return max(30.0, budget * 0.6)

    def _more_budget(self) -> str:
        """A --budget that gives the proofs twice the work they had (advice that changes
        nothing is no advice: below 50, --budget leaves the proofs at their floor)."""
        import math

        return f"{math.ceil(2 * self._proof_budget(self.budget) / 0.6)}"

    # -------------------------------------------------------------- sources
    def sources(self) -> None:
        for sv in self.game.sourced:
            vals = {k: v for k, v in sv.says.items()}
            if len(set(map(repr, vals.values()))) < 2:
                continue
            core = self._core(sv)
            winner = self.cfg.source_of(sv)
            titles = {s.key: s.title for s in self.game.sources}
            f = Finding(_fid(self.game, "contradiction", sv.cite, sv.name), self.game.name, "contradiction", cites(sv.cite),
                        f"{sv.doc}: " + " vs ".join(f"{titles[k]} says {v}" for k, v in vals.items())
                        + f"; the consolidated rules take the {titles[winner]}",
                        sorted(vals), details=self._cannot_both(core, vals), in_play=True)
            self._consequences(sv, f)
            self.add(f)

    def _cannot_both(self, core: list[str], vals: dict) -> list[str]:
        """The sources that cannot all hold, in words; nothing when they are all the sources
        (the headline already sets them side by side)."""
        if not core or len(core) >= len(vals):
            return []
        return [f"these {len(core)} sources cannot all hold together: {', '.join(core)}"]

    def _core(self, sv) -> list[str]:
        """z3 unsat core over the sources' statements about the value (tracked by § and source)."""
        s = z3.Solver()
        first = next(iter(sv.says.values()))
        shape = len(first) if isinstance(first, tuple) else 0
        vs = [z3.Int(f"{sv.name}[{i}]") for i in range(shape)] if shape else [z3.Int(sv.name)]
        for src, val in sv.says.items():
            vals = val if shape else (val,)
            s.assert_and_track(z3.And([v == x for v, x in zip(vs, vals)]), z3.Bool(f"{sv.cite} {src}"))
        if s.check() == z3.unsat:
            return [str(x) for x in s.unsat_core()]
        return []

    def _consequences(self, sv, f: Finding) -> None:
        """For each claim that reads this value: its maximum under each source's reading."""
        # the reachable states (as the invariants describe them) differ between readings
        # only if some invariant reads the value; otherwise no maximum can change
        hyps = []
        for src in sv.says:
            S = sym_state(self.game, self.cfg.pinned(sv.name, src), "m")
            hyps.append(z3.simplify(z3.And([term(i.test(S)) for i in self.game.invariants])))
        if all(h.eq(hyps[0]) for h in hyps[1:]):
            f.details.append("no invariant reads this value: the claims' maxima are the same under every reading")
            self._reading(sv, f)
            return
        for c in self.game.claims:
            if c.kind != "max":
                continue
            maxima = {}
            for src in sv.says:
                maxima[src] = self._maximum(c, self.cfg.pinned(sv.name, src))
            if not all(isinstance(m, int) for m, _ in maxima.values()):  # an unknown is no value
                why = next((how for m, how in maxima.values() if m is None),
                           "the proved invariants do not bound it")
                f.details.append(f"consequence for '{c.says}' ({c.cite}): not established under every reading "
                                 f"({why})")
                continue
            if len({str(m) for m, _ in maxima.values()}) > 1:
                titles = {s.key: s.title for s in self.game.sources}
                f.details.append(f"consequence for '{c.says}' ({c.cite}): the largest value is "
                                 + ", ".join(f"{m} as the {titles[k]} says" for k, (m, _) in maxima.items()))
                m = maxima[self.cfg.source_of(sv)][0]

                def then(w, note, f=f, m=m):
                    f.witness = w
                    if w:
                        f.details.append(f"the witness reaches {m} under the consolidated rules")
                    else:
                        f.witness_note = note

                self._later(("claim", self.game.claims.index(c), m), then)
        if not any(d.startswith("consequence for") and "largest value is" in d for d in f.details):
            self._reading(sv, f)

    def _reading(self, sv, f: Finding) -> None:
        """No claim's maximum tells the readings apart: the witness is a game the other
        source's value plays otherwise (disputed.py), searched with the disputed options."""
        def then(w, note, f=f):
            f.witness, f.witness_note = w, note

        self.readings.append(("source", sv.name))
        self._later(self.READINGS, then, key=("source", sv.name))

    def _maximum(self, c, cfg: Config, n: int | None = None) -> tuple[Any, str]:
        """Cached by the claim, the player count and the source each sourced value is read
        from; over the invariants proved with n players (None: the audit's count)."""
        if getattr(self, "_max_cache", None) is None:
            self._max_cache = {}
        key = (id(c), n, tuple(cfg.source_of(sv) for sv in self.game.sourced))
        if key not in self._max_cache:
            self._max_cache[key] = (self._maximum_of(c, cfg) if n is None
                                    else self._maximum_of(c, cfg, n=n))
        return self._max_cache[key]

    def _maximum_of(self, c, cfg: Config, n: int | None = None) -> tuple[Any, str]:
        """The largest value of the claim under the proved invariants: with n players (their
        shared terms, Counts.setting), or under cfg (a source's reading pinned)."""
        if n is not None or cfg is self.cfg:
            _, S, terms = self.setting(n)
            cons = list(terms.values())
        else:
            S = sym_state(self.game, cfg, "m")
            cons = [term(self.game.invariants[r.index].test(S)) for r in self.inv if r.status == "proved"]
        return maximum(cons, term(c.expr(S)), c.value)

    # -------------------------------------------------------------- claims
    def claims(self) -> None:
        counts = self.player_counts() or [None]
        for i, c in enumerate(self.game.claims):
            if c.kind == "data":
                continue
            f = Finding(_fid(self.game, "claim", c.cite, rule_name(c)), self.game.name, "claim", cites(c.cite), c.says,
                        [c.source] if c.source else [])
            if c.kind in ("max", "min"):
                self._bound(f, i, c, counts)
            elif c.kind == "always":
                self._always_at(f, c, counts)
            built = self.by_construction(c) if f.status in ("proved", BOUND) else ""
            if built:  # the proof rests on the illustrative numbers: no proof about the real game
                if f.status == "proved":  # an upper bound no game reached stays that: the set does not reach it either
                    f.status = BUILT
                f.details.append(built)
            self.add(f)

    def _bound(self, f: Finding, i: int, c, counts: list) -> None:
        """A "max" claim at every count: the bound is the largest maximum over the counts."""
        if c.kind == "min":
            f.kind, f.status, f.details = "unknown", "not established", ["min claims are not supported"]
            f.open = "method"
            return
        got = {k: self._maximum(c, self.config_at(k), None if k == counts[0] else k) for k in counts}
        at = (lambda k: f" with {k} players" if k is not None and len(counts) > 1 else "")
        open_at = next((k for k in counts if got[k][0] is None), False)
        if open_at is not False:
            f.kind, f.status, f.open = "unknown", "not established", open_of(got[open_at][1])
            f.details = [got[open_at][1] + at(open_at)]
            return
        unbounded = next((k for k in counts if not isinstance(got[k][0], int)), False)
        if unbounded is not False:  # z3 found no bound: a fact about the invariants, not the rules
            f.kind, f.status, f.open = "unknown", "not established", self._lacking()
            f.details = [f"the proved invariants do not bound this value{at(unbounded)}; "
                         + (self._unproved() or "the invariants do not capture this claim")]
            return
        m = max(got[k][0] for k in counts)
        top = [k for k in counts if got[k][0] == m]
        real = [k for k in counts if k is not None]
        if m < c.value:
            f.status, f.details = "refuted", [f"under the proved invariants the largest value is {m}, not {c.value}"
                                              + (f" ({covers_text(self.covers(real))})" if real else "")]
            f.covers = self.covers(real)
            return
        if m > c.value:
            f.kind, f.status, f.open = "unknown", "not established", self._lacking()
            f.details = [f"the proved invariants allow more than {c.value}{at(top[0])} (they over-approximate the "
                         "reachable states; no game exceeding it was searched)"]
            return
        # the bound is proved; the value is reached only with a game that reaches it
        f.status, f.covers = BOUND, self.covers(real)
        f.details = [f"no state the proved invariants allow exceeds {m} ({covers_text(f.covers)})"]
        # the witness search plays the audit's count first, then the other counts and variants
        # (witness.across_settings): z3 may allow the value at a count where no game reaches it

        def then(w, note, f=f, m=m):
            if w:
                f.status, f.witness = ("reached" if f.status == BOUND else f.status), w
                played = len(w.header.get("players", ())) or None
                f.details[0] = (f"upper bound {m} proved from the invariants ({covers_text(f.covers)}); "
                                f"the witness game reaches it ({len(w.events)} {plural(len(w.events), 'event')}{at(played)})")
            else:  # half the claim (its bound) proved, the other (a game reaching it) not found:
                # not established, no finding, and a larger search may settle it
                f.witness_note = note
                f.kind, f.open = "unknown", open_of(note)

        self._later(("claim", i, c.value), then)

    def _always_at(self, f: Finding, c, counts: list) -> None:
        """An "always" claim at every count, claimed where it says something."""
        real = [k for k in counts if k is not None]
        for k in counts:
            status, details = self._always(c, None if k == counts[0] else k)
            if status != "proved":
                f.kind, f.status, f.open = "unknown", "not established", open_of(details[0])
                f.details = [d + (f" (with {k} players)" if real and len(real) > 1 else "") for d in details]
                return
        blank = [k for k in real if self.blank(term(c.expr(self.setting(k)[1])))] if real else []
        meant = [k for k in real if k not in blank]
        if real and not meant:
            f.kind, f.status, f.open = "unknown", "not established", "scope"
            f.details = [f"not applicable: {self.applies_only(c.expr, real) or 'it holds in every state'} "
                         f"(audited {covers_text(self.covers(real))}: there it holds in every state)"]
            return
        f.status, f.covers = "proved", self.covers(meant)
        f.details = [f"implied by the proved invariants ({covers_text(f.covers)})"]
        vacuous_at(f, blank)

    def _always(self, c, n: int | None = None) -> tuple[str, list[str]]:
        """Proved when the proved invariants (with n players; None: the audit's count) imply
        it. A state they allow that breaks it is not a refutation: it may be unreachable (no
        game is searched for it here)."""
        cfg, S, hyp = self._setting(n)
        s = z3.Solver()
        work.limited(s)
        s.add(*hyp)
        s.add(z3.Not(term(c.expr(S))))
        r = s.check()
        if r == z3.unsat:
            return "proved", ["implied by the proved invariants"]
        if r == z3.unknown:
            return "unknown", [gave_up(s)]
        why = self._unproved()
        return "unknown", [Why("the proved invariants do not imply it" + (f" ({why})" if why else ""), self._lacking())]

    def _unproved(self) -> str:
        """How many invariants this audit left unproved ("" when none): a claim checked
        over the proved ones alone may fail for want of the others."""
        n = sum(r.status != "proved" for r in self.inv)
        return f"{n} of {len(self.inv)} invariants are not proved in this audit" if n else ""

    def _lacking(self) -> str:
        """What would settle a result that the proved invariants alone do not: a larger budget
        when the budget or z3's count left some invariant unproved (the proof may go through
        with it), else nothing the audit can do."""
        return "budget" if any(r.status in ("unknown", "vacuous") for r in self.inv) else "method"


def vacuous_at(f: Finding, blank: list[int]) -> None:
    """The player counts where a proved result holds in every state, reachable or not: in its
    details and in its covers, so the text report says them beside the counts it covers (a
    reader of s56 saw "2 to 5 players" in the rule and "2–4 players" under it, and only the
    JSON said why)."""
    if blank:
        f.details.append(f"with {spans(blank)} players it holds in every state, reachable or not: it says "
                         "nothing there, so those counts are not claimed")
        f.covers["vacuous"] = sorted(blank)
