"""The rulings policy: whether the rules answer each question in every reachable
situation (z3), at the audit's player count or, where the question cannot arise there,
at another; the options that decide it, and a game that raises it."""
from __future__ import annotations

import itertools
from types import SimpleNamespace

import z3

from ...model.kernel import Config
from ...model.kernel.rules import cites, consulting, plural
from ..findings import Finding, covers_text, only_with, spans
from .. import policy, steer, work
from ..symbolic import _sym_param, instances, term
from .run import _fid


class Rulings:
    """Whether the rules answer each ruling (for an Audit)."""

    # -------------------------------------------------------------- rulings
    def rulings(self) -> None:
        self.steer = {}  # ruling name -> the z3 state its search climbs towards (steer.py)
        for r in self.game.rulings:
            self._ruling(r)
        # one search for every ruling, once all are checked: it is given their z3 states
        if any(t == self._rulings_task for t, _, _ in self.pending):
            self._submit(self._rulings_task)

    def _ruling_cases(self, r, S, cfg: Config):
        if r.action:
            act = self.game.action(r.action)
            for inst in instances(self.game, cfg, act, tag="r"):
                needs = []
                for n in self.game.needs(act):
                    if n.concrete_only:
                        continue
                    with consulting(set()) as seen:
                        t = term(n.test(S, inst.args))
                    # a Need consulting the ruling is its answer (under the option in force,
                    # it may refuse the very situation), not a condition of the situation
                    if r.name not in seen:
                        needs.append(t)
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
        """(cfg, symbolic state, proved invariants over it) with n players (None: the audit's),
        also read by the "always" claims. Not the claims' terms (tag "m"): z3's time on Trolls'
        heavy_shot_from_melee conflict query swings from 5 s to over 120 s with the terms
        built before it (a loop z3's resource count misses, work.py), and this order is the
        fast one (measured; a fragility to fix in that query, not here)."""
        cfg, S, terms = self.setting(n, "r")
        return cfg, S, list(terms.values())

    def _ask_ruling(self, r, n: int | None) -> dict:
        """The ruling checked under one setting: whether its situation can arise at all
        (`arises`), whether the solver gave up somewhere (`unknown`), and a case with no
        text answer (`none_at`) or two different ones (`several`)."""
        cfg, S, hyp = self._setting(n)
        text = [x for x in r.answers if not x.source.startswith("option:")]
        s = z3.Solver()
        work.limited(s)
        s.add(*hyp)
        got = {"cfg": cfg, "text": text, "arises": False, "unknown": False, "none_at": None, "several": None,
               "target": ()}

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
            unanswered = [z3.Not(term(x.applies(S, a))) for x in text]
            s.add(*unanswered)
            if got["none_at"] is None and ask():
                got["none_at"] = (label, s.model())
                # the state z3 found, on the fields the situation reads: the search's goal (steer.py)
                got["target"] = steer.target(S, [term(r.arises(S, a))] + unanswered, s.model())
            s.pop()
            for x, y in itertools.combinations(text, 2):
                s.push()
                both = [term(x.applies(S, a)), term(y.applies(S, a)), term(x.gives(S, a)) != term(y.gives(S, a))]
                s.add(*both)
                if got["several"] is None and ask():
                    got["several"] = (label, s.model(), x, y)
                    got["target"] = steer.target(S, [term(r.arises(S, a))] + both, s.model())
                s.pop()
            s.pop()
        return got

    def _ruling(self, r, elsewhere: bool = False) -> None:
        """Checked with the audit's player count, then (after the first witness searches) with
        every other count the game allows: decided only where it arises, at every such count."""
        off = [f"{k}={v}" for k, v in r.only if self.cfg.options.get(k) != v]
        if off:  # the question needs another reading of the rules than the one audited
            self.add(Finding(_fid(self.game, "ruling", r.cite, r.name), self.game.name, "unknown",
                             cites(r.cite), f"whether the rules always answer: {r.says}",
                             status="not applicable", open="scope",
                             details=[f"not applicable: arises only with {', '.join(off)} (audited with "
                                      + ", ".join(f"{k}={self.cfg.options.get(k)}" for k, _ in r.only) + ")"]))
            return
        opts = [x for x in r.answers if x.source.startswith("option:")]
        if not hasattr(self, "_asked"):
            self._asked = {}
        got = self._asked.pop(r.name, None) or self._ask_ruling(r, None)
        counts = self.player_counts()
        open_ = got["none_at"] is not None or got["several"] is not None or got["unknown"]
        if not open_ and len(counts) > 1 and not elsewhere:
            self._asked[r.name] = got  # kept for the second pass
            self.elsewhere.append(r)  # the other counts, after the witness searches (run)
            return
        moved = None  # the player count the ruling is reported at, when not the audit's
        arising = [counts[0]] if got["arises"] and counts else []
        if not open_ and elsewhere:
            for n in counts[1:]:
                there = self._ask_ruling(r, n)
                if there["arises"]:
                    arising.append(n)
                if there["none_at"] is not None or there["several"] is not None or there["unknown"]:
                    got, moved = there, n
                    break
        text = got["text"]
        # the ruling's own §s first (its position in the report), then the others its answers cite
        own = cites(r.cite)
        cited = own + sorted({c for x in r.answers for c in cites(x.cite)} - set(own))
        none_at, several = got["none_at"], got["several"]
        here = f" with {counts[0]} players" if counts else ""
        where = ""
        if moved is not None:
            # the audit's first count is the game's default (2 for Draft): the proofs cover every count,
            # the ruling is asked where it arises (s55 reader: "the audit's 2 players" read as the audit's scope)
            where = (f"asked with {moved} players: with {counts[0]} (the first count audited) the question cannot arise"
                     if counts[0] not in arising else
                     f"asked with {moved} players: with {counts[0]} (the first count audited) every situation has one "
                     "answer")
        if none_at is None and several is None:
            if not arising or got["unknown"]:
                if got["unknown"]:
                    why = "the solver gave up on it" + (f" with {moved} players" if moved is not None else "")
                elif len(counts) > 1:
                    why = (f"cannot arise with {spans(counts)} players (every count the game "
                           f"allows); audited {self._covers(self.cfg)}")
                else:  # one count only: the player count is not why; say what was assumed
                    k = sum(r.status == "proved" for r in self.inv)
                    assumed = (f"the {k} proved invariants allow" if k else
                               "the model allows, assuming no invariant (none is proved in this audit): "
                               "its situation may be miswritten")
                    why = f"cannot arise{here} in any state {assumed}; audited {self._covers(self.cfg)}"
                self.add(Finding(_fid(self.game, "ruling", r.cite, r.name), self.game.name, "unknown", cited,
                                 f"whether the rules always answer: {r.says}", status="not established",
                                 open="budget" if got["unknown"] else "scope",
                                 details=[f"not established: {why}"] + ([where] if where else [])))
                return
            cov = self.covers(arising)
            blank = [n for n in counts if n not in arising]
            self.add(Finding(_fid(self.game, "ruling", r.cite, r.name), self.game.name, "proved", cited,
                             f"the rules always answer: {r.says}", status="decided", covers=cov,
                             details=[f"every reachable situation has exactly one answer ({len(text)} {plural(len(text), 'rule')}; "
                                      f"{covers_text(cov)})"]
                             + ([f"not applicable with {spans(blank)} players: {only_with(arising, counts)}"]
                                if blank else [])))
            return
        # the headline: the situation, the event of a log, the § and what each reading gives (policy.py).
        # No answer in the text is a gap (the readings are the model's options, not the text's);
        # two §s whose answers differ, an ambiguity
        status, says = policy.headline(r, several, opts, self.cfg)
        kind = "gap" if status == "hole" else "ambiguity"
        f = Finding(_fid(self.game, kind, r.cite, r.name), self.game.name, kind, cited, says, status=status,
                    rule=r.name, in_play=True)
        if where:
            f.details.append(where)
        def then(w, note, f=f):
            f.witness, f.witness_note = w, note

        if moved is None:
            self.steer[r.name] = got["target"]
        task = self._rulings_task if moved is None else ("rulings", tuple(x.name for x in self.elsewhere), moved)
        self._later(task, then, key=r.name)
        self.add(f)
