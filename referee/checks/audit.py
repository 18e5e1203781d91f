"""The audit of one game: every check over its model, as a list of findings.

Order: component data against the text, gaps the text leaves, the phase graph, the
invariants (z3, by induction), contradictions between sources (z3 unsat cores) and what
each source's reading changes, the text's claims (z3 Optimize + a witness), the rulings
(z3: situations with no answer or two), and the disputed points of public sources.
Every finding names its §s; witnesses are replayable logs (witness.py)."""
from __future__ import annotations

import itertools
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import z3

from ..model.kernel import Config, Game
from ..model.kernel.rules import cites
from .findings import Finding
from .graphs import check_phases
from .invariants import TIMEOUT_MS, all_instances, prove
from .symbolic import _sym_param, instances, sym_state, term
from . import witness as W


GRACE = 0.5  # seconds the audit waits past its budget for a search's last move
STUCK_SECONDS = 0.5  # the stalemate search's share of the witness worker
STUCK_FLOOR = 200  # states below which a stalemate search that found none is no search at all


def _fid(game: Game, kind: str, tail: str) -> str:
    return f"{game.name}.{kind}.{tail}"


class Audit:
    def __init__(self, game: Game, options: dict | None = None, prefer: str | None = None,
                 witnesses: bool = True, witness_seconds: float = 3.0, budget: float = 8.0,
                 components: Path | None = None):
        self.game = game
        self.options = dict(options or {})
        self.prefer = prefer
        self.components = components
        self.cfg: Config = game.configure(self.options, components, prefer)
        self.rules = W.Rules(self.options, components, prefer)  # what the witness searches play
        self.witnesses = witnesses
        self.witness_seconds = witness_seconds
        self.budget = budget  # the whole audit's time: witness searches stop there
        self.pending: list = []
        self.findings: list[Finding] = []
        self.timings: dict[str, float] = {}

    # -------------------------------------------------------------- orchestration
    def run(self) -> list[Finding]:
        self.t0 = time.monotonic()
        self.deadline = self.t0 + self.budget  # the witness searches' (shared clock)
        self.elsewhere: list = []  # rulings that cannot arise as configured (_ruling)
        self.pool = None
        self.futures: dict = {}
        if self.witnesses:
            # witnesses are searched concretely in other processes while z3 works here
            import multiprocessing as mp

            # niced: the proofs (two processes) come first, the searches take what is left.
            # Two workers: one explores for every ruling at once while the other searches,
            # in turn, a stalemate (short: an option that causes one shows in a few games)
            # and each claim's witness (the consequence of a contradiction, e.g. §6.5's 5 tokens)
            self.pool = mp.get_context("fork").Pool(2, initializer=_nice)
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
                           ("rulings", self.rulings), ("options", self.disputed), ("stalemates", self.stalemates)):
            t = time.monotonic()
            step()
            self.timings[name] = time.monotonic() - t

    def add(self, f: Finding) -> Finding:
        self.findings.append(f)
        return f

    # -------------------------------------------------------------- data and gaps
    def data(self) -> None:
        comp = self.cfg.comp
        note = " (illustrative components)" if getattr(comp, "illustrative", False) else ""
        for i, d in enumerate(self.game.data_checks(self.cfg)):
            self.add(Finding(_fid(self.game, "data", str(i)), self.game.name, "data", cites(d.cite),
                             d.says + note, [d.source] if d.source else [], status="ok" if d.ok else "fails",
                             severity="info" if d.ok else "error", details=[d.detail] if d.detail else []))
        for c in self.game.claims:
            if c.kind != "data":
                continue
            got = c.expr(comp)
            ok = got == c.value
            self.add(Finding(_fid(self.game, "claim", c.cite), self.game.name, "claim", cites(c.cite),
                             f"{c.says}: the components give {got}{note}", [c.source] if c.source else [],
                             status="proved" if ok else "refuted"))

    def gaps(self) -> None:
        for i, g in enumerate(self.game.gaps):
            self.add(Finding(_fid(self.game, "gap", str(i)), self.game.name, "gap", cites(g.cite), g.says,
                             details=[f"the project: {g.fills}"]))

    def graph(self) -> None:
        self.findings += check_phases(self.game)

    # -------------------------------------------------------------- invariants
    def invariants(self) -> None:
        # proofs get most of the audit's time; what they cannot finish is reported unknown
        # a safety net for models z3 struggles with (reported unknown), not a race: the
        # proofs of a game z3 handles must not depend on the machine's load
        self.inv = prove(self.game, self.cfg, budget=max(30.0, self.budget * 0.6), jobs=2)
        n = len(all_instances(self.game, self.cfg))
        for r in self.inv:
            inv = self.game.invariants[r.index]
            base = Finding(_fid(self.game, "invariant", str(r.index)), self.game.name, "proved", cites(inv.cite),
                           inv.says, [inv.source] if inv.source else [], status="inductive")
            if r.status == "proved" and n == 0 and self.game.actions:
                r.status, r.by = "vacuous", "no action instance was built: the induction step covers no event"
            if r.status == "proved":
                base.details = [f"holds at setup and every event preserves it ({n} action instances; "
                                f"{self._covers(self.cfg)})"]
                self.add(base)
                continue
            base.details = [f"{r.status} at {r.by}"] + [f"{k} = {v}" for k, v in list(r.model.items())[:12]]
            if r.status in ("unknown", "vacuous"):
                base.kind, base.status, base.severity = "unknown", "not established", "warning"
                budget = r.by.startswith("the time budget")
                if r.status == "vacuous":
                    base.details = [f"not applicable: {r.by} ({self._covers(self.cfg)})"]
                elif budget:
                    base.details = [f"not checked within the budget: {r.by} (the proofs get 60% of --budget; "
                                    f"rerun with --budget {self._more_budget()})"]
                else:
                    base.details = [f"the solver gave up at {r.by}"]
                self.add(base)
                continue
            base.kind, base.status, base.severity = "unknown", "not established", "warning"
            base.details[0] = f"not inductive at {r.by}; no violating game found (counterexample to induction:)"

            def then(w, note, f=base, inv=inv):
                if w:
                    f.kind, f.status, f.severity = "violated", "violated", "error"
                    f.says, f.witness = f"violated: {inv.says}", w
                else:
                    f.witness_note = note

            self._later(("invariant", r.index), then)
            self.add(base)

    def _covers(self, cfg: Config) -> str:
        """What a proof covers: the player count and the options in force."""
        n = cfg.extra.get("nplayers") if isinstance(getattr(cfg, "extra", None), dict) else None
        opts = ", ".join(f"{k}={v}" for k, v in sorted(cfg.options.items()))
        return ", ".join(x for x in ((f"with {n} players" if n is not None else ""), opts) if x) or "as configured"

    def _more_budget(self) -> str:
        return f"{max(2 * self.budget, self.budget + 30):.0f}"

    def _hyp(self, S: Any) -> list:
        """The proved invariants over S: an over-approximation of the reachable states."""
        ok = [self.game.invariants[r.index] for r in self.inv if r.status == "proved"]
        return [term(i.test(S)) for i in ok]

    # -------------------------------------------------------------- sources
    def sources(self) -> None:
        for sv in self.game.sourced:
            vals = {k: v for k, v in sv.says.items()}
            if len(set(map(repr, vals.values()))) < 2:
                continue
            core = self._core(sv)
            winner = self.cfg.source_of(sv)
            titles = {s.key: s.title for s in self.game.sources}
            f = Finding(_fid(self.game, "contradiction", sv.name), self.game.name, "contradiction", cites(sv.cite),
                        f"{sv.doc}: " + " vs ".join(f"{titles[k]} says {v}" for k, v in vals.items())
                        + f"; the consolidated rules take the {titles[winner]}",
                        sorted(vals), details=[f"unsat core: {', '.join(core)}"])
            self._consequences(sv, f)
            self.add(f)

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
            return
        for c in self.game.claims:
            if c.kind != "max":
                continue
            maxima = {}
            for src in sv.says:
                maxima[src] = self._maximum(c, self.cfg.pinned(sv.name, src))
            if not all(isinstance(m, int) for m, _ in maxima.values()):  # an unknown is no value
                f.details.append(f"consequence for '{c.says}' ({c.cite}): not established under every reading "
                                 "(the solver gave up, or the proved invariants do not bound it)")
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

    def _maximum(self, c, cfg: Config) -> tuple[Any, str]:
        """Cached by the claim and the source each sourced value is read from."""
        if getattr(self, "_max_cache", None) is None:
            self._max_cache = {}
        key = (id(c), tuple(cfg.source_of(sv) for sv in self.game.sourced))
        if key not in self._max_cache:
            self._max_cache[key] = self._maximum_of(c, cfg)
        return self._max_cache[key]

    def _maximum_of(self, c, cfg: Config) -> tuple[Any, str]:
        S = sym_state(self.game, cfg, "m")
        opt = z3.Optimize()
        opt.set("timeout", TIMEOUT_MS)
        ok = [self.game.invariants[r.index] for r in self.inv if r.status == "proved"]
        for i in ok:
            opt.add(term(i.test(S)))
        h = opt.maximize(term(c.expr(S)))
        r = opt.check()
        if r != z3.sat:
            return None, str(r)
        v = h.value()
        return (v.as_long() if z3.is_int_value(v) else str(v)), "sat"

    # -------------------------------------------------------------- claims
    def claims(self) -> None:
        for i, c in enumerate(self.game.claims):
            if c.kind == "data":
                continue
            f = Finding(_fid(self.game, "claim", f"{i}"), self.game.name, "claim", cites(c.cite), c.says,
                        [c.source] if c.source else [])
            if c.kind in ("max", "min"):
                m, how = self._maximum(c, self.cfg) if c.kind == "max" else (None, "min claims are not supported")
                if m is None:
                    f.kind, f.status = "unknown", "not established"
                    f.details = [f"the solver gave up (z3's limit of {TIMEOUT_MS // 1000} s a query)"
                                 if how == "unknown" else how]
                elif not isinstance(m, int):  # z3 found no bound: a fact about the invariants, not the rules
                    f.kind, f.status = "unknown", "not established"
                    f.details = ["the proved invariants do not bound this value; "
                                 + (self._unproved() or "the invariants do not capture this claim")]
                elif m < c.value:
                    f.status, f.details = "refuted", [f"under the proved invariants the largest value is {m}, not {c.value}"]
                elif m == c.value:
                    # the bound is proved; the value is reached only with a game that reaches it
                    f.status = "upper bound proved, value not reached"
                    f.details = [f"no reachable state exceeds {m} (z3 Optimize over the invariants)"]

                    def then(w, note, f=f, m=m):
                        if w:
                            f.status, f.severity, f.witness = "reached", "info", w
                            f.details = [f"upper bound {m} proved from the invariants (z3 Optimize); "
                                         f"the witness game reaches it ({len(w.events)} events)"]
                        else:
                            f.witness_note = note

                    self._later(("claim", i, c.value), then)
                else:
                    f.kind, f.status = "unknown", "not established"
                    f.details = [f"the proved invariants allow more than {c.value} (they over-approximate the "
                                 "reachable states; no game exceeding it was searched)"]
            elif c.kind == "always":
                f.status, f.details = self._always(c)
                if f.status != "proved":
                    f.kind, f.status = "unknown", "not established"
            f.severity = "info" if f.status == "proved" else "warning"
            self.add(f)

    def _always(self, c) -> tuple[str, list[str]]:
        """Proved when the proved invariants imply it. A state they allow that breaks it is
        not a refutation: it may be unreachable (no game is searched for it here)."""
        S = sym_state(self.game, self.cfg, "c")
        s = z3.Solver()
        s.set("timeout", TIMEOUT_MS)
        s.add(*self._hyp(S))
        s.add(z3.Not(term(c.expr(S))))
        r = s.check()
        if r == z3.unsat:
            return "proved", ["implied by the proved invariants"]
        if r == z3.unknown:
            return "unknown", [f"the solver gave up (z3's limit of {TIMEOUT_MS // 1000} s a query)"]
        why = self._unproved()
        return "unknown", ["the proved invariants do not imply it" + (f" ({why})" if why else "")]

    def _unproved(self) -> str:
        """How many invariants this audit left unproved ("" when none): a claim checked
        over the proved ones alone may fail for want of the others."""
        n = sum(r.status != "proved" for r in self.inv)
        return f"{n} of {len(self.inv)} invariants are not proved in this audit" if n else ""

    # -------------------------------------------------------------- rulings
    def rulings(self) -> None:
        for r in self.game.rulings:
            self._ruling(r)

    def _ruling_cases(self, r, S, cfg: Config):
        if r.action:
            act = self.game.action(r.action)
            for inst in instances(self.game, cfg, act, tag="r"):
                needs = [term(n.test(S, inst.args)) for n in self.game.needs(act) if not n.concrete_only]
                yield inst.args, inst.side + needs, inst.label
        else:
            fixed, sym, side = [], {}, []
            for prm in r.params:
                dom = prm.kind.domain(cfg)
                if dom is not None:
                    fixed.append((prm.name, list(dom)))
                else:
                    v, cs = _sym_param(prm, cfg, f"r.{r.name}.{prm.name}")
                    sym[prm.name], side = v, side + cs
            for combo in itertools.product(*[d for _, d in fixed]):
                a = SimpleNamespace(**dict(zip([k for k, _ in fixed], combo)), **sym)
                yield a, list(side), r.name

    def _setting(self, n: int | None):
        """(cfg, symbolic state, proved invariants over it) for the audit's configuration
        (n None) or the same rules with n players; the invariants are proved again there."""
        if not hasattr(self, "_settings"):
            self._settings = {}
        if n not in self._settings:
            if n is None:
                cfg, inv = self.cfg, self.inv
            else:
                cfg = self.game.configure(dict(self.options), self.components, self.prefer, nplayers=n)
                inv = prove(self.game, cfg, budget=max(10.0, self.budget * 0.3), jobs=2)
            S = sym_state(self.game, cfg, "r")
            ok = [self.game.invariants[x.index] for x in inv if x.status == "proved"]
            self._settings[n] = (cfg, S, [term(i.test(S)) for i in ok])
        return self._settings[n]

    def player_counts(self) -> list[int]:
        """The player counts the game allows with these options (those its configure accepts,
        1 to 8), the audited one first; [] when the game takes no player count."""
        from ..model.kernel import BadInput

        if getattr(self, "_counts", None) is not None:
            return self._counts
        here = self.cfg.extra.get("nplayers") if isinstance(self.cfg.extra, dict) else None
        if here is None:
            self._counts = []
            return []
        ok = []
        for n in range(1, 9):
            try:
                self.game.configure(dict(self.options), self.components, self.prefer, nplayers=n)
            except (BadInput, TypeError):
                continue
            ok.append(n)
        self._counts = [here] + [n for n in ok if n != here]
        return self._counts

    def _ask_ruling(self, r, n: int | None) -> dict:
        """The ruling checked under one setting: whether its situation can arise at all
        (`arises`), whether the solver gave up somewhere (`unknown`), and a case with no
        text answer (`none_at`) or two different ones (`several`)."""
        cfg, S, hyp = self._setting(n)
        text = [x for x in r.answers if not x.source.startswith("option:")]
        s = z3.Solver()
        s.set("timeout", TIMEOUT_MS)
        s.add(*hyp)
        got = {"cfg": cfg, "text": text, "arises": False, "unknown": False, "none_at": None, "several": None}

        def ask() -> bool:
            out = s.check()
            got["unknown"] |= out == z3.unknown
            return out == z3.sat

        for a, side, label in self._ruling_cases(r, S, cfg):
            s.push()
            s.add(*side)
            s.add(term(r.arises(S, a)))
            out = s.check()
            if out == z3.unsat:  # this case never raises the question
                s.pop()
                continue
            got["arises"] |= out == z3.sat
            got["unknown"] |= out == z3.unknown
            s.push()
            s.add(*[z3.Not(term(x.applies(S, a))) for x in text])
            if got["none_at"] is None and ask():
                got["none_at"] = (label, s.model())
            s.pop()
            for x, y in itertools.combinations(text, 2):
                s.push()
                s.add(term(x.applies(S, a)), term(y.applies(S, a)), term(x.gives(S, a)) != term(y.gives(S, a)))
                if got["several"] is None and ask():
                    got["several"] = (label, s.model(), x, y)
                s.pop()
            s.pop()
        return got

    def _ruling(self, r, elsewhere: bool = False) -> None:
        opts = [x for x in r.answers if x.source.startswith("option:")]
        got = self._ask_ruling(r, None)
        counts = self.player_counts()
        moved = None  # the player count the ruling is audited with, when not the audit's
        if not got["arises"] and not got["unknown"] and len(counts) > 1 and not elsewhere:
            self.elsewhere.append(r)  # after the witness searches (run)
            return
        if not got["arises"] and not got["unknown"]:
            # the question cannot arise as configured: audit it where it can, if anywhere
            for n in counts[1:]:
                there = self._ask_ruling(r, n)
                if there["arises"] or there["unknown"]:
                    got, moved = there, n
                    break
        text = got["text"]
        cited = sorted(set(cites(r.cite)) | {c for x in r.answers for c in cites(x.cite)})
        none_at, several = got["none_at"], got["several"]
        here = f" with {counts[0]} players" if counts else ""
        where = (f"audited with {moved} players: with the audit's {counts[0]} players the question cannot arise"
                 if moved is not None else "")
        if none_at is None and several is None:
            if not got["arises"] or got["unknown"]:
                if got["unknown"]:
                    why = "the solver gave up on it"
                elif len(counts) > 1:
                    why = (f"cannot arise with {', '.join(map(str, sorted(counts)))} players (every count the game "
                           f"allows); audited {self._covers(self.cfg)}")
                else:
                    why = f"cannot arise{here}; audited {self._covers(self.cfg)}"
                self.add(Finding(_fid(self.game, "ruling", r.name), self.game.name, "unknown", cited,
                                 f"whether the rules always answer: {r.says}", status="not established",
                                 details=[f"not established: {why}"] + ([where] if where else [])))
                return
            self.add(Finding(_fid(self.game, "ruling", r.name), self.game.name, "proved", cited,
                             f"the rules always answer: {r.says}", status="decided",
                             details=[f"every reachable situation has exactly one answer ({len(text)} rules; "
                                      f"{self._covers(got['cfg'])})"] + ([where] if where else [])))
            return
        f = Finding(_fid(self.game, "ambiguity", r.name), self.game.name, "ambiguity", cited, "")
        if several is not None:
            label, m, x, y = several
            f.says = (f"two rules give different answers to: {r.says} — {x.cite} ({x.says}) and {y.cite} ({y.says})")
            f.details.append(f"e.g. during {label}")
        else:
            label, m = none_at
            f.says = f"no rule answers: {r.says}"
            f.details.append(f"e.g. during {label}")
        if where:
            f.details.append(where)
        default = [x for x in opts if x.source.split("=")[0][7:] in self.cfg.options
                   and self.cfg.options[x.source.split("=")[0][7:]] == x.source.split("=")[1]]
        if opts:
            name = opts[0].source.split("=")[0][7:]
            f.details.append(f"rules option '{name}': " + "; ".join(f"{x.source.split('=')[1]} = {x.says}" for x in opts)
                             + (f" (default: {default[0].source.split('=')[1]})" if default else ""))
        def then(w, note, f=f):
            f.witness, f.witness_note = w, note

        task = self._rulings_task if moved is None else ("rulings", tuple(x.name for x in self.elsewhere), moved)
        self._later(task, then, key=r.name)
        self.add(f)

    # -------------------------------------------------------------- stalemates
    def stalemates(self) -> None:
        """A reachable state before the end where no event is legal (checks/stuck.py): only
        reported with its witness game, z3 having proved that no event's Needs can hold."""
        if self.pool is None:
            return

        def then(w, note):
            fid = _fid(self.game, "stalemate", "search")
            says = "whether a game can reach a state where no event is legal before the end"
            if w is None:  # failed, or stopped at the budget before it could say what it explored
                self.add(Finding(fid, self.game.name, "unknown", [], says, status="not established",
                                 details=[f"the stalemate search could not run: {note}"]))
                return
            if isinstance(w, W.Explored):
                if w.states < STUCK_FLOOR:
                    why = w.why or (f"the search explored {w.states} states in {w.games} "
                                    f"game{'s' if w.games != 1 else ''}, below the floor of {STUCK_FLOOR}")
                    self.add(Finding(fid, self.game.name, "unknown", [], says, status="not established",
                                     details=[f"not searched: {why}"]))
                return  # not finding one after a real search proves nothing either: no finding
            phase = next((p for p in self.game.phases if p.name == w.phase), None)
            chosen = [o for o in self.game.options if o.name in self.options]
            cited = sorted(set((cites(phase.cite) if phase else []) + [c for o in chosen for c in cites(o.cite)]
                               + w.cites))
            opts = ", ".join(f"{o.name}={self.cfg.options[o.name]}" for o in chosen)
            self.add(Finding(_fid(self.game, "stalemate", phase.name if phase else "any"), self.game.name, "gap",
                             cited, f"a game can reach a state where no event is legal before the end"
                             + (f" ({phase.name} phase)" if phase else "") + ": the text does not say how play goes on"
                             + (f" (with {opts})" if opts else ""), status="stalemate",
                             details=w.details, witness=w))

        self._later(("stuck",), then)

    # -------------------------------------------------------------- disputed points
    def disputed(self) -> None:
        for o in self.game.options:
            if o.kind != "disputed":
                continue
            self.add(Finding(_fid(self.game, "disputed", o.name), self.game.name, "ambiguity", cites(o.cite),
                             f"public sources disagree: {o.says}", status="disputed",
                             details=[f"option '{o.name}': " + "; ".join(f"{k} = {v}" for k, v in o.choices.items())
                                      + f" (default: {o.default})"]))


def _nice() -> None:
    import os

    try:
        os.nice(15)
    except OSError:
        pass


def audit(game: Game, **kw: Any) -> tuple[list[Finding], dict]:
    a = Audit(game, **kw)
    return a.run(), a.timings
