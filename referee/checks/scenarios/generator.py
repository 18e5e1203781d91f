"""The legal games every family starts from (seeded, each played once, by checks/explore.py),
and the random family; the boundary, mutants and unreadable families are asked of their
own modules (boundary.py, mutants.py)."""
from __future__ import annotations

import itertools
import random
from typing import Any, Iterator

from ...model.kernel import Game
from ..explore import Explorer
from ..search import Rules
from ..steady import settle, steady
from .boundary import Boundary
from .declared import declare
from .families import configurations, header_for
from .logs import Scenario, _slug, log_lines, result_line
from .mutants import mutants, mutants_of, unreadable
from .reach import near, steered_games, unplayed
from .rulings import ruled
from .spread import Spread


PLAYED_ON = 3000  # events a steered game is played on after its rare action, at most
# events of the legal games kept for the families that read them again (rulings, mutants,
# unreadable, declarations): a game is kept while it fits in this many, the others played
# again when asked (each is a function of the seed and its index, so the scenarios are the
# same). A game is about 1 KB an event: ~60 MB at most, whatever --count is.
KEPT_EVENTS = 60_000


class Generator:
    def __init__(self, game: Game, seed: int, confs: list[tuple[dict, int]] | None = None, jobs: int = 1):
        self.game, self.seed = game, seed
        self.spread = Spread(self, jobs)  # the random, mutants and rulings families' games, over `jobs` processes
        # the scenarios' games: weighted by the game's own move weights when it has them
        self.explorer = Explorer(game, "weighted", lawful=True)
        self.confs = confs or configurations(game)  # (options, players) the games cycle through
        self._played: dict[tuple, tuple] = {}  # legal games already played (mutants, unreadable)
        self._kept = 0  # the events of the games in _played (KEPT_EVENTS)
        self.keeps = True  # whether it keeps its games (a worker does not: spread.py)
        self.unreached: list = []  # actions no boundary game plays and no steered search reached (reach.py)
        self.configs: dict[int, Any] = {}  # the Configs its games were played under, by id (keep_compiled)

    def rng(self, *tag: Any) -> random.Random:
        return random.Random("/".join(map(str, (self.seed, *tag))))

    def legal_game(self, i: int, keep: bool = False, tag: str = "random", max_steps: int = 3000, greed: float = 0.0):
        key = (i, keep, tag, max_steps, greed)
        if key in self._played:
            return self._played[key]
        got = self._legal_game(i, keep, tag, max_steps, greed)
        if not keep and self.keeps and self._kept + len(got[1]) <= KEPT_EVENTS:
            self._played[key] = got
            self._kept += len(got[1])
        return got

    def _legal_game(self, i: int, keep: bool, tag: str, max_steps: int, greed: float):
        opts, n = self.confs[i % len(self.confs)]
        rng = self.rng(tag, i)
        header = header_for(self.game, opts, n, rng)
        s = self.game.first_state(header)
        self.configs.setdefault(id(s.cfg), s.cfg)
        # with `greed`, that share of the moves goes furthest into the game (Game.progress)
        ex = Explorer(self.game, "weighted", score=self.game.progress, greed=greed, lawful=True) if greed else self.explorer
        first, path, afters = s, [], []
        for m in (play := ex.play(s, rng, max_steps)):
            path.append((m.act, m.args))
            afters.append(m.after)
        # the outcomes a log may declare, declared: checked on their own event (declared.py)
        return header, declare(self.game, first, path, afters), play.state, [first, *afters] if keep else []

    def keep_compiled(self) -> None:
        """Keep on disk what its games compiled (kernel/compile/store.py), as a replay does: the
        next generation or replay under the same rules starts from it instead of tracing them."""
        from ...model.kernel.compile.store import save_configs

        save_configs(list(self.configs.values()))

    # -------------------------------------------------------------- random
    def logged(self, i: int, **kw: Any) -> tuple[list, dict | None, list[dict]]:
        """The i-th legal game (`legal_game`'s keywords) as a log: (its moves, its result line or
        None when it did not end, its log lines, the result last)."""
        header, path, s, _ = self.legal_game(i, **kw)
        res = result_line(self.game, s, header["players"])
        return path, res, log_lines(self.game, header, path, [res] if res else [])

    def random(self, count: int) -> Iterator[Scenario]:
        """The random family, one game at a time (written as it comes: outdir.generate)."""
        return self.spread.map("random_one", range(count))

    def random_one(self, i: int) -> Scenario:
        path, res, rows = self.logged(i)
        header = rows[0]
        opts = ", ".join(f"{k}={v}" for k, v in header.get("options", {}).items())
        how = "a complete game" if res else f"a legal game stopped after {len(path)} events (no end reached)"
        return Scenario("random", _slug(f"{len(header['players'])}p {opts}"), rows, {"verdict": "legal"},
                        f"{how}, {len(header['players'])} players, {opts or 'default options'}",
                        sorted({act.cite for act, _ in path}))

    # -------------------------------------------------------------- boundary
    def boundary(self, budget: float | None = None, per_game: int = 300) -> list[Scenario]:
        """For each (action, Need): a legal event at the Need's limit and an event past it.
        The states searched are those of two legal games per configuration: one uniformly
        random, one that mostly takes the move going furthest (resources, levels, guilds
        pile up: the limits come within reach)."""
        with steady():  # z3's answers depend on these games alone, not on what ran before (steady.py)
            return self._boundary(budget, per_game)

    def _boundary(self, budget: float | None, per_game: int) -> list[Scenario]:
        B = Boundary(self, budget)
        same = []  # the games under confs[0], the rules the steered searches play
        for i in range(len(self.confs)):
            for greed in (0.0, 0.8):
                header, path, s, states = self.legal_game(i, keep=True, tag=f"boundary{greed}",
                                                          max_steps=per_game * (2 if greed else 1), greed=greed)
                B.add_game(header, path, states)
                settle()  # the game's cycles, freed here rather than at the block's end
                if i == 0:
                    same.append((header, path))
        # an action these games never play: a game steered to it (reach.py), whose states
        # near each of its rare events are tried first for those actions' Needs
        opts, n = self.confs[0]
        paths = [p for _, p in B.games]
        rare = {a.name for a in unplayed(self.game, paths)}
        found, self.unreached = steered_games(self.game, Rules(opts, nplayers=n), paths, self.seed, games=same)
        out = []
        for act, header, path in found:
            header = {**header, "options": {**header.get("options", {}), **opts}}
            first = self.game.first_state(header)
            afters = list(itertools.accumulate(path, lambda s, m: self.game.apply(s, *m), initial=first))[1:]
            # played on to its end: what the rare event changes is then read by the later
            # events and the result (a PvP fought with items reused, its winner)
            for m in self.explorer.play(afters[-1], self.rng("reach", act.name), PLAYED_ON):
                path, afters = path + [(m.act, m.args)], afters + [m.after]
            path = declare(self.game, first, path, afters)
            B.add_game(header, path, [first, *afters], near(path, rare))
            res = result_line(self.game, afters[-1], header["players"])
            out.append(Scenario("boundary", _slug(f"reached {act.name}"), log_lines(self.game, header, path, [res] if res else []),
                                {"verdict": "legal"}, f"a game steered to '{act.name}', which no random game plays, then played "
                                + ("to its end" if res else f"on ({len(path)} events, no end reached)"),
                                sorted({a.cite for a, _ in path}), {"action": act.name, "side": "reached"}))
        return out + B.search()

    # -------------------------------------------------------------- mutants, unreadable
    def mutants(self, count: int) -> Iterator[Scenario]:
        return mutants(self, count)

    def mutants_of(self, i: int) -> list[Scenario]:
        return mutants_of(self, i)

    def ruled(self, i: int) -> tuple | None:
        return ruled(self, i)

    def unreadable(self, count: int) -> list[Scenario]:
        return unreadable(self, count)
