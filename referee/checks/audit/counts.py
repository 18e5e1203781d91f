"""What each result of an audit covers, and where a rule says anything at all (issue 16,
"Proofs cover what they claim").

The audit runs its proofs, claims and rulings at every player count the game allows (the
counts its configure accepts), not at one: a proof with 2 players says nothing of 5. Each
proved or decided result then lists what it covers: the counts, the options in force and
the component set ("2–5 players, default options, illustrative components").

A rule whose test holds in every state of a configuration, reachable or not (z3: its
negation is unsatisfiable with no hypothesis), says nothing there: proving it there proves
nothing. It is proved only at the counts where it says something, and where it says
nothing at every audited count it is "not applicable", with where it would apply (another
player count, another option's value) when one is found."""
from __future__ import annotations

from typing import Any, Callable

import z3

from ...model.kernel import BadInput, Config
from ... import proofstore
from .. import work
from ...model.kernel.rules import cites
from ..findings import BUILT, only_with
from ..invariants import prove
from ..symbolic import sym_state, term


class Counts:
    """The audited configurations of an Audit (its state is set by Audit.__init__)."""

    def player_counts(self) -> list[int]:
        """The player counts the game allows with these options (those its configure accepts,
        1 to 8), the audited one first; [] when the game takes no player count."""
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

    def _count_of(self, cfg: Config) -> int | None:
        return cfg.extra.get("nplayers") if isinstance(cfg.extra, dict) else None

    def config_at(self, n: int | None) -> Config:
        """The audit's configuration with n players (None: the audit's own)."""
        counts = self.player_counts()
        if n is None or (counts and n == counts[0]):
            return self.cfg
        if not hasattr(self, "_cfgs"):
            self._cfgs = {}
        if n not in self._cfgs:
            self._cfgs[n] = self.game.configure(dict(self.options), self.components, self.prefer, nplayers=n)
        return self._cfgs[n]

    def proved_at(self, n: int | None) -> tuple[Config, list]:
        """(cfg, invariant results) with n players (None: the audit's own configuration), each
        count proved with the same budget (the certificate or the cache when they hold it)."""
        if not hasattr(self, "_proofs"):
            self._proofs = {}
        counts = self.player_counts()
        cfg = self.config_at(n)
        n = n if n is not None else (counts[0] if counts else None)
        if n not in self._proofs:
            units = self._proof_budget(self.budget)
            inv = proofstore.proved(self.game, cfg, self.components, units,
                                    lambda: prove(self.game, cfg, budget=units, jobs=2))
            self._proofs[n] = (cfg, inv)
        return self._proofs[n]

    def covers(self, counts: list[int] | None = None, cfg: Config | None = None) -> dict:
        """What a result covers: the player counts, the options in force (those changed from
        their defaults apart) and the component set."""
        cfg = cfg or self.cfg
        defaults = {o.name: o.default for o in self.game.options}
        changed = {k: v for k, v in sorted(cfg.options.items()) if defaults.get(k) != v}
        comp = ("given (--components)" if self.components is not None
                else "illustrative" if getattr(cfg.comp, "illustrative", False) else "shipped")
        cov: dict[str, Any] = {"players": sorted(counts) if counts else [], "options": dict(sorted(cfg.options.items())),
                               "not_default": changed, "components": comp}
        return cov

    def setting(self, n: int | None, tag: str = "m") -> tuple[Config, Any, dict]:
        """(cfg, symbolic state S, {index: term over S} of the invariants proved) with n
        players (None: the audit's count), one per `tag`: built once per count and tag, shared
        by the invariants' vacuity and the claims ("m"), and by the rulings ("r", theirs)."""
        if not hasattr(self, "_settings"):
            self._settings = {}
        counts = self.player_counts()
        key = (None if n is None or (counts and n == counts[0]) else n, tag)
        if key not in self._settings:
            cfg, inv = self.proved_at(key[0])
            S = sym_state(self.game, cfg, tag)
            self._settings[key] = (cfg, S, {x.index: term(self.game.invariants[x.index].test(S))
                                            for x in inv if x.status == "proved"})
        return self._settings[key]

    # -------------------------------------------------------------- vacuity
    @staticmethod
    def blank(t: Any) -> bool:
        """True when the term holds in every state, reachable or not: it says nothing."""
        s = work.limited(z3.Solver())
        s.add(z3.Not(t))
        return s.check() == z3.unsat

    def says_nothing(self, test: Callable[[Any], Any], cfg: Config) -> bool:
        """True when `test` holds in every state of cfg (a configuration the audit does not run)."""
        return self.blank(term(test(sym_state(self.game, cfg, "v"))))

    def applies_only(self, test: Callable[[Any], Any], counts: list[int]) -> str:
        """Where a test that says nothing as audited would say something: "with >= 3 players"
        (a count the game allows), or "with reserve=finite" (another value of one option), or
        "" when nowhere the audit tries."""
        others = [n for n in self.player_counts() if n not in counts]
        where = sorted(n for n in others if not self.says_nothing(test, self.config_at(n)))
        if where:
            return only_with(where, self.player_counts())
        got = self._meant_elsewhere(test, counts, lambda o: True)
        return f"arises only with {got[0]}={got[1]}" if got else ""

    def variant_where(self, test: Callable[[Any], Any], counts: list[int]) -> tuple[str, str, Config] | None:
        """(option, value, cfg) of the first variant the text offers (an Option of kind
        "variant": a mode, a board side) under which a test that says nothing as audited
        says something, with the audit's first player count; None when there is none. The
        audit proves such a rule there (Proofs._proved): the book's own variants are rules
        of the game, not readings, so a guarantee of one of them is worth proving. An
        option the user set is the one audited: it is never varied."""
        return self._meant_elsewhere(test, counts, lambda o: o.kind == "variant" and o.name not in self.options)

    def _meant_elsewhere(self, test: Callable[[Any], Any], counts: list[int],
                         which: Callable[[Any], bool]) -> tuple[str, str, Config] | None:
        """(option, value, cfg): the first other value of an option `which` accepts under
        which `test` says something (the audit's first player count), or None."""
        for o in self.game.options:
            if not which(o):
                continue
            for v in o.choices:
                if v == self.cfg.options.get(o.name):
                    continue
                try:
                    cfg = self.game.configure({**self.options, o.name: v}, self.components, self.prefer,
                                              **({"nplayers": counts[0]} if counts else {}))
                except (BadInput, TypeError):
                    continue
                if not self.says_nothing(test, cfg):
                    return o.name, v, cfg
        return None

    def proved_under(self, cfg: Config) -> list:
        """The invariant results under another configuration than the audit's (a variant),
        with the same budget (the certificate or the cache when they hold it)."""
        if not hasattr(self, "_variant_proofs"):
            self._variant_proofs = {}
        key = tuple(sorted(cfg.options.items()))
        if key not in self._variant_proofs:
            units = self._proof_budget(self.budget)
            self._variant_proofs[key] = proofstore.proved(self.game, cfg, self.components, units,
                                                          lambda: prove(self.game, cfg, budget=units, jobs=2))
        return self._variant_proofs[key]

    # -------------------------------------------------------------- circular claims
    def by_construction(self, c: Any) -> str:
        """Why a claim or data check holds only because the illustrative set was built to
        satisfy it, or "": the shipped set is illustrative throughout (not --components) and
        the model lists a gap at one of its §s that the illustrative set fills. A data check
        reads the set's values by definition. A claim proved from the invariants may rest on
        them without naming them (an invariant's own proof runs the effects, which read the
        set: Raiders' bonus of at most 6 is proved through the illustrative bonus table), and
        which do cannot be told apart here: so it is said as a may, never as a fact."""
        if self.components is not None or getattr(self.cfg.comp, "illustrative", False) is not True:
            return ""
        if getattr(c, "source", None) in {x.key for x in self.game.sources}:
            return ""  # its number is a rule source's (Raiders §6.5: the printed tile's), not the set's
        mine = set(cites(c.cite))
        lost = [g for g in self.game.gaps if g.data and mine & set(cites(g.cite))]
        if not lost:
            return ""
        names = ", ".join(g.name for g in lost)
        how = ("its proof may rest on the set's values" if getattr(c, "kind", "data") in ("max", "always")
               else "it reads the set's values")
        return (f"{BUILT}: {how}, and at its § the model's gap ({names}) puts the illustrative set where the text "
                "gives no value; --components DIR checks it against the real one")

