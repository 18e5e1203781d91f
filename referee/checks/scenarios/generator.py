"""The legal games every family starts from (seeded, each played once), and the random
family; the boundary, mutants and unreadable families are asked of their own modules."""
from __future__ import annotations

import copy
import random
from typing import Any, Iterator

import orjson

from ...model.kernel import Game
from ..explore import Explorer
from .boundary import Boundary
from .families import configurations, header_for
from .logs import Scenario, _slug, log_lines, result_line
from .mutants import _other_value, _unreadable_values


class Generator:
    def __init__(self, game: Game, seed: int):
        self.game, self.seed = game, seed
        # the scenarios' games: weighted by the game's own move weights when it has them
        self.explorer = Explorer(game, "weighted")
        self.confs = configurations(game)
        self._played: dict[tuple, tuple] = {}  # legal games already played (mutants, unreadable)

    def rng(self, *tag: Any) -> random.Random:
        return random.Random("/".join(map(str, (self.seed, *tag))))

    def legal_game(self, i: int, keep: bool = False, tag: str = "random", max_steps: int = 3000, greed: float = 0.0):
        key = (i, keep, tag, max_steps, greed)
        if key in self._played:
            return self._played[key]
        got = self._legal_game(i, keep, tag, max_steps, greed)
        if not keep:
            self._played[key] = got
        return got

    def _legal_game(self, i: int, keep: bool, tag: str, max_steps: int, greed: float):
        opts, n = self.confs[i % len(self.confs)]
        rng = self.rng(tag, i)
        header = header_for(self.game, opts, n, rng)
        s = self.game.first_state(header)
        # with `greed`, that share of the moves goes furthest into the game (Game.progress)
        ex = Explorer(self.game, "weighted", score=self.game.progress, greed=greed) if greed else self.explorer
        path, states = [], [s] if keep else []
        for m in (play := ex.play(s, rng, max_steps)):
            path.append((m.act, m.args))
            if keep:
                states.append(m.after)
        return header, path, play.state, states

    # -------------------------------------------------------------- random
    def random(self, count: int) -> list[Scenario]:
        out = []
        for i in range(count):
            header, path, s, _ = self.legal_game(i)
            res = result_line(self.game, s, header["players"])
            opts = ", ".join(f"{k}={v}" for k, v in header.get("options", {}).items())
            how = "a complete game" if res else f"a legal game stopped after {len(path)} events (no end reached)"
            out.append(Scenario("random", _slug(f"{len(header['players'])}p {opts}"),
                                log_lines(self.game, header, path, [res] if res else []), {"verdict": "legal"},
                                f"{how}, {len(header['players'])} players, {opts or 'default options'}",
                                sorted({act.cite for act, _ in path})))
        return out

    # -------------------------------------------------------------- boundary
    def boundary(self, budget: float | None = None, per_game: int = 300) -> list[Scenario]:
        """For each (action, Need): a legal event at the Need's limit and an event past it.
        The states searched are those of two legal games per configuration: one uniformly
        random, one that mostly takes the move going furthest (resources, levels, guilds
        pile up: the limits come within reach)."""
        B = Boundary(self, budget)
        for i in range(len(self.confs)):
            for greed in (0.0, 0.8):
                header, path, s, states = self.legal_game(i, keep=True, tag=f"boundary{greed}",
                                                          max_steps=per_game * (2 if greed else 1), greed=greed)
                B.add_game(header, path, states)
        return B.search()

    # -------------------------------------------------------------- mutants
    def mutants(self, count: int) -> list[Scenario]:
        from ...replays.engine import replay

        out: list[Scenario] = []
        for i in range(count):
            # a legal game of at most 400 events (a complete one when it ends by then):
            # every mutant is replayed, and long games make slow replays
            header, path, s, _ = self.legal_game(i, tag="mutants", max_steps=400)
            res = result_line(self.game, s, header["players"])
            rows = log_lines(self.game, header, path, [res] if res else [])
            rng = self.rng("mutate", i)
            for kind, what, mrows in self._mutations(rows, rng):
                v = replay([orjson.dumps(r) for r in mrows], label="<mutant>")
                if v.verdict == "unreadable":
                    continue
                if v.verdict == "legal":
                    exp, cites = {"verdict": "legal"}, []
                    what += ": still legal"
                else:
                    p = v.first()
                    exp = {"verdict": "illegal", "line": p.line, "cite": p.cite}
                    if p.kind != "illegal":
                        exp["kind"] = p.kind
                    cites = [p.cite] if p.cite else []
                    what += f": illegal at line {p.line} ({p.message})"
                    mrows = mrows[:p.line] if p.kind in ("illegal", "undecided", "invariant") else mrows
                extra = {"mutation": kind, "of": f"legal game {i} ({len(path)} events{', complete' if res else ''})"}
                if v.verdict != "legal":
                    extra["message"] = v.first().message
                out.append(Scenario("mutants", _slug(kind), mrows, exp, what, cites, extra))
        return out

    # -------------------------------------------------------------- unreadable
    def unreadable(self, count: int) -> list[Scenario]:
        """For every field of every action: the earliest event of that action in the legal
        games the mutants start from, that field made unreadable, the log cut after it.
        Each is replayed: the engine must stop there, on that field (else it is left out)."""
        from ...replays.engine import replay

        game = self.game
        first: dict[str, tuple[int, list]] = {}  # action -> (row index, rows) of its earliest event
        for i in range(count):
            header, path, s, _ = self.legal_game(i, tag="mutants", max_steps=400)
            rows = log_lines(game, header, path)
            for ri, r in enumerate(rows):
                if "n" in r and (r["do"] not in first or ri < first[r["do"]][0]):
                    first[r["do"]] = (ri, rows)
        out: list[Scenario] = []
        for act in game.actions:
            if act.name not in first:
                continue
            ri, rows = first[act.name]
            players = rows[0]["players"]
            cfg = game.configure(rows[0].get("options", {}), None, None, nplayers=len(players))
            for prm in act.params:
                for what, bad in _unreadable_values(prm, cfg, players):
                    rs = copy.deepcopy(rows[:ri + 1])
                    rs[ri][prm.name] = bad
                    p = replay([orjson.dumps(r) for r in rs], label="<unreadable>").first()
                    if p is None or p.kind != "unreadable" or p.line != ri + 1 or p.field != prm.name:
                        continue
                    out.append(Scenario(
                        "unreadable", _slug(f"{act.name} {prm.name} {what}"), rs,
                        {"verdict": "unreadable", "line": ri + 1, "field": prm.name},
                        f"event {rs[ri]['n']} ('{act.name}'): field \"{prm.name}\" holds {what}", [act.cite],
                        {"action": act.name, "field": prm.name, "value": what, "message": p.message}))
        return out

    def _mutations(self, rows: list[dict], rng: random.Random, per_game: int = 6) -> Iterator[tuple[str, str, list]]:
        """One-event changes of a legal log: a field value, the player, a dropped or a
        duplicated event. Each change is a fresh copy; events are renumbered."""
        game = self.game
        events = [i for i, r in enumerate(rows) if "n" in r]
        if not events:
            return
        players = rows[0]["players"]
        cfg = game.configure(rows[0].get("options", {}), None, None, nplayers=len(players))

        def renumber(rs):
            k = 0
            for r in rs:
                if "n" in r:
                    k += 1
                    r["n"] = k
            return rs

        kinds = ["field", "field", "player", "drop", "duplicate", "field"]
        for j in range(per_game):
            kind = kinds[j % len(kinds)]
            i = rng.choice(events)
            rs = copy.deepcopy(rows)
            ev = rs[i]
            act = game.action(ev["do"])
            if kind == "field":
                prms = [p for p in act.params if p.name in ev or p.optional]
                if not prms:
                    kind = "drop"
                else:
                    prm = rng.choice(prms)
                    new = _other_value(prm, ev.get(prm.name), cfg, players, rng)
                    if new is None:
                        continue
                    ev[prm.name] = new
                    yield kind, f"event {ev['n']} ('{ev['do']}'): field \"{prm.name}\" changed", rs
                    continue
            if kind == "player":
                if ev["by"] == "chance" or len(players) < 2:
                    continue
                ev["by"] = rng.choice([p for p in players if p != ev["by"]])
                yield kind, f"event {ev['n']} ('{ev['do']}') made by another player", rs
            elif kind == "drop":
                del rs[i]
                yield kind, f"event {ev['n']} ('{ev['do']}') dropped", renumber(rs)
            elif kind == "duplicate":
                rs.insert(i + 1, copy.deepcopy(ev))
                yield kind, f"event {ev['n']} ('{ev['do']}') recorded twice", renumber(rs)
