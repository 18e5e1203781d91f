"""The one player of random legal games: the witness search, the stalemate search, the
scenarios and the tests play through it.

A move is legal when every Need of its action holds; a move whose Needs or outcome the
rules cannot decide (`Undecided`), or that a Need refuses on an option's answer to an open
question, is never played, and a goal hook sees it with the question it raised (what the
ruling witnesses look for). Moves are drawn:
- uniform: each legal move equally likely. When every legal move is known (a goal hook
  asked for all of them), one is drawn from that list; otherwise candidates are drawn
  lazily, without replacement, until one is legal (the same distribution, without
  testing every candidate);
- weighted: each legal move with a probability proportional to `Game.moves.weight`
  (a long game's players can then end it sooner); lazily too;
- greedy: with probability `greed`, the move with the best `score` of the state after.
  Its tie rule, `near`, is one the seeded outputs depend on, so both are kept: None, the
  best score plus a uniform draw in [0, 1) (ties at random, the scenarios); a number, the
  first move whose score is within `near` of that best draw (the witness searches).
One budget (search.Budget: a count of work, with a time net) bounds a search: one unit
before each step and one for each candidate weighed. Deterministic for a given
random.Random. A step the budget cuts short ends the game as "budget", never as "stuck".
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from ..model.kernel import Game, Undecided
from ..model.kernel import rules as R
from ..model.kernel.proposals import Proposals
from .search import Budget, Rules, starts

# (before, action, args, after or None when the rules cannot tell, [(ruling, choice)]) -> reached
Goal = Callable[[Any, Any, Any, Any, list], bool]
MODES = ("uniform", "weighted")


@dataclass(frozen=True)
class Move:
    act: Any
    args: Any
    after: Any


@dataclass
class Explorer:
    """Plays `game` by its own candidate moves (`Game.moves`), filtered by every Need."""

    game: Game
    mode: str = "uniform"  # uniform | weighted (weighted needs Game.moves.weight, else uniform)
    score: Callable[[Any], float] | None = None  # greedy on it with probability `greed`
    greed: float = 0.0
    near: float | None = None  # the greedy tie rule (module docstring)
    budget: Budget | None = None
    compiled: bool = True  # the rules compiled (kernel/compile/), with the same moves as interpreted
    compile_after: int | None = None  # each action compiled at its Nth move tested (None: compile.HOT)
    focus: Callable[[Any], bool] | None = None  # where every move is weighed (else `sample` of them: expand)
    sample: int = 8
    # the scenarios' player: a move after which an invariant not proved for the rules in force
    # (or a step guarantee) breaks is not played, for a replay refuses it; the witness searches
    # leave it off, to reach such states
    lawful: bool = False
    weight: Any = field(init=False, repr=False)
    _fast: Any = field(default=None, init=False, repr=False)  # (Config, its compiled rules)
    _trust: Any = field(default=None, init=False, repr=False)  # (Config, the invariants proved for it)

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"unknown exploration mode {self.mode!r} (known: {', '.join(MODES)})")
        self.weight = getattr(self.game.moves, "weight", None) if self.mode == "weighted" else None
        if self.score is None:
            self.greed = 0.0

    def over(self) -> bool:
        return self.budget is not None and self.budget.over()

    # -------------------------------------------------------------- one move
    def rules(self, s: Any) -> Any:
        """What plays a move from s: the Game itself, or its rules compiled for s's Config."""
        if not self.compiled:
            return self.game
        got = self._fast
        if got is None or got[0] is not s.cfg:
            from ..model.kernel.compile import HOT, compiled

            got = self._fast = (s.cfg, compiled(self.game, s.cfg, self.compile_after or HOT))
        return got[1]

    def ok(self, s: Any, act: Any, a: Any) -> bool:
        """Every Need of the move holds (one the rules cannot decide does not)."""
        try:
            return self.rules(s).first_failure(s, act, a) is None
        except Undecided:
            return False

    def outcome(self, s: Any, act: Any, a: Any) -> Any:
        """The state after a legal move, or None when the rules cannot tell what it does
        (its effect, or the end-of-game questions: winner, scoring), or when, `lawful`, it
        breaks an invariant."""
        try:
            t = self.rules(s).apply(s, act, a)
            self.game.result(t)
        except Undecided:
            return None
        return t if not self.lawful or self.keeps_invariants(s, act, a, t) else None

    def keeps_invariants(self, s: Any, act: Any, a: Any, t: Any) -> bool:
        """From s, where every invariant holds, t breaks none that a replay checks: those not
        proved for s's rules (the certificate, the proof cache: proofstore.trusted, default
        components as the scenarios play them), and the step guarantees."""
        got = self._trust
        if got is None or got[0] is not s.cfg:
            from .. import proofstore

            got = self._trust = (s.cfg, proofstore.trusted(self.game, s.cfg))
        trusted = got[1]
        if len(trusted) < len(self.game.invariants):
            rules = self.rules(s)
            broken = rules.broken_after(s, t, act, trusted, a) if self.compiled else rules.broken_after(s, t, trusted)
            if broken:
                return False
        return not (self.game.steps and any(True for _ in self.game.broken_steps(s, t)))

    def legal(self, s: Any) -> list[Move]:
        """Every legal move of s with the state it leads to, in the generator's order."""
        out = []
        for act, a in self.game.moves(s):
            if self.ok(s, act, a):
                t = self.outcome(s, act, a)
                if t is not None:
                    out.append(Move(act, a, t))
        return out

    def expand(self, s: Any, goal: Goal, rng: random.Random | None = None) -> tuple[list[Move], Move | None]:
        """(every legal move with its state, the first move reaching the goal or None). The
        goal is asked of each move whose Needs hold, and of each the rules cannot decide
        (after None); the questions an option (not the text) decided are traced, in Needs
        and effects. Stops early, with the moves seen so far, when the budget runs out.
        Away from the situation (`focus` says so), only `sample` legal moves drawn with rng
        are weighed: the work goes to the states where the situation holds."""
        out = []
        cands: Any = self.game.moves(s)
        few = self.focus is not None and rng is not None and not self.focus(s)
        if few:
            cands = list(cands)
            rng.shuffle(cands)
        for act, a in cands:
            if self.over() or (few and len(out) >= self.sample):
                break
            decided: list = []
            with R.tracing(decided):
                try:
                    rules = self.rules(s)
                    need = rules.first_failure(s, act, a)
                    if need is not None:
                        # refused by an option's answer to a question the text leaves open
                        # (Twister heal_shared=no): the question arose on this move
                        if decided and goal(s, act, a, None, _refusing(need, s, a)):
                            return out, Move(act, a, None)
                        continue
                    t = rules.apply(s, act, a)
                    self.game.result(t)
                    if self.lawful and not self.keeps_invariants(s, act, a, t):
                        continue  # a replay refuses it: no scenario plays it, no goal is met by it
                except Undecided as e:
                    decided.append((e.ruling, None))
                    t = None
            if goal(s, act, a, t, decided):
                return out, Move(act, a, t)
            if t is not None:
                out.append(Move(act, a, t))
        return out, None

    def draw(self, s: Any, rng: random.Random) -> Move | None:
        """A legal move drawn lazily (uniform, or weighted), or None when there is none."""
        moves = self.game.moves
        if isinstance(moves, Proposals):  # the same lists, built faster: one comprehension each, no
            # generator resumed per candidate (kept here, not in the kernel, whose proofs it would stale)
            cands = [(act, a) for act in moves.asked.get(s.phase, ()) for a in act.propose(s)]
            ws = [1.0 if act.weight is None else act.weight(s, a) for act, a in cands] if self.weight is not None else None
        else:
            cands = list(moves(s))
            ws = [self.weight(s, act, a) for act, a in cands] if self.weight is not None else None
        while cands:
            if self.over():
                return None
            if ws is None:
                k = rng.randrange(len(cands))
            else:  # a weighted draw without replacement
                k = _weighted_index(ws, rng)
                ws[k], ws[-1] = ws[-1], ws[k]
                ws.pop()
            cands[k], cands[-1] = cands[-1], cands[k]
            act, a = cands.pop()
            if not self.ok(s, act, a):
                continue
            t = self.outcome(s, act, a)
            if t is not None:
                return Move(act, a, t)
        return None

    def best(self, moves: list[Move], rng: random.Random) -> Move | None:
        """The greedy choice among moves (one uniform draw per move, for the ties)."""
        if not moves:
            return None
        if self.near is not None:
            top = max(self.score(m.after) + rng.random() for m in moves)
            return next(m for m in moves if self.score(m.after) + self.near >= top)
        got, top = None, None
        for m in moves:
            v = self.score(m.after) + rng.random()
            if top is None or v > top:
                got, top = m, v
        return got

    def step(self, s: Any, rng: random.Random, goal: Goal | None = None) -> tuple[Move | None, Move | None]:
        """(the move played or None when there is none, the move reaching the goal or None)."""
        kids = None
        if goal is not None:
            kids, hit = self.expand(s, goal, rng)
            if hit is not None:
                return None, hit
            if not kids:
                return None, None
        if self.greed and rng.random() < self.greed:
            return self.best(kids if kids is not None else self.legal(s), rng), None
        if kids is not None:
            if self.weight is None:
                return rng.choice(kids), None
            return kids[_weighted_index([self.weight(s, m.act, m.args) for m in kids], rng)], None
        return self.draw(s, rng), None

    # -------------------------------------------------------------- one game
    def play(self, s: Any, rng: random.Random, depth: int, goal: Goal | None = None) -> Iterator[Move]:
        """The moves of one random legal game from s, until it ends, no move is legal, the
        budget runs out or `depth` moves; with a goal, the move reaching it comes last,
        and `hit` tells whether it did (Playout)."""
        return Playout(self, s, rng, depth, goal)


def _weighted_index(ws: list[float], rng: random.Random) -> int:
    """An index drawn with a probability proportional to its weight (one uniform draw)."""
    r, k = rng.random() * sum(ws), 0
    while k < len(ws) - 1 and r >= ws[k]:
        r -= ws[k]
        k += 1
    return k


def _refusing(need: Any, s: Any, a: Any) -> list:
    """The questions an option answered in the Need that refused a move (none when another
    Need refused it: the move then raises nothing worth a witness)."""
    mine: list = []
    with R.tracing(mine):
        need.test(s, a)
    return mine


class Playout:
    """An iterator over the moves of one game (Explorer.play). Afterwards: `state` (the last
    state reached), `hit` (the move reaching the goal, if any) and `why` it stopped."""

    def __init__(self, ex: Explorer, s: Any, rng: random.Random, depth: int, goal: Goal | None):
        self.ex, self.state, self.rng, self.left, self.goal = ex, s, rng, depth, goal
        self.hit: Move | None = None
        self.why = ""

    def __iter__(self) -> "Playout":
        return self

    def __next__(self) -> Move:
        ex = self.ex
        if self.why:
            raise StopIteration
        if self.left <= 0:
            self.why = "depth"
        elif ex.over():
            self.why = "budget"
        elif ex.game.result(self.state) is not None:
            self.why = "ended"
        if self.why:
            raise StopIteration
        self.left -= 1
        move, hit = ex.step(self.state, self.rng, self.goal)
        if hit is not None:
            self.hit, self.why = hit, "goal"
            return hit
        if move is None:
            self.why = "budget" if ex.budget is not None and ex.budget.exhausted else "stuck"
            raise StopIteration
        self.state = move.after
        return move


def explore_from_setups(game: Game, rules: Rules, goal: Callable[..., bool], score: Callable[[Any], float],
             budget: Budget, greed: float = 0.6, depth: int = 1500, seed: int = 0,
             restart: Restarts | None = None, focus: Callable[[Any], bool] | None = None,
             known: list[tuple[dict, list, Any]] = (), lawful: bool = False,
             mode: str = "uniform") -> tuple[dict, list] | None:
    """Random playouts from random setups (greedy on the score with probability
    `greed`, the first move within one of the best; uniform otherwise); every legal move of
    every visited state is tested against goal(header, path, before, action, args, after,
    decided). The first move reaching it ends the search: (header, path to it included);
    None when the budget runs out. With `restart`, every other playout starts from one of
    the best-scored states met so far instead, for a short leg (Restarts); with `focus`,
    every move is weighed only in the states it accepts (Explorer.expand); `known` states
    ((header, path to it, state)) are offered to the restarts first, as states met (a
    search may then start where an earlier one got); `lawful`: as Explorer.lawful (the
    scenarios' searches)."""
    if game.moves is None or game.random_header is None:
        return None
    rng = random.Random(seed)
    ex = Explorer(game, mode, score=score, greed=greed, near=1.0, budget=budget, focus=focus, lawful=lawful)
    fresh = starts(game, rules, rng, budget)
    kept: dict = {}  # the best state met in each cell: cell -> (score, -order met, header, path, state)
    met = order = 0
    for header, path, s in (known if restart is not None else ()):
        budget.over()  # one unit per state weighed
        order += 1
        _keep(kept, restart, (score(s), -order, header, tuple(path), s))
    while True:
        again = restart is not None and kept and (met % 2 == 1 or not restart.fresh)
        if again:
            _, _, header, path, s = list(kept.values())[rng.randrange(len(kept))]
            path, left = list(path), restart.leg
        else:
            got = next(fresh, None)
            if got is None:
                return None
            (header, s), path, left = got, [], depth
        met += 1
        for m in (play := ex.play(s, rng, left, lambda *move: goal(header, path, *move))):
            if play.hit is not None:
                return header, path + [(m.act, m.args)]
            path.append((m.act, m.args))
            if restart is not None and len(path) % restart.every == 0:
                order += 1
                _keep(kept, restart, (score(m.after), -order, header, tuple(path), m.after))
        if budget.exhausted:
            return None


@dataclass(frozen=True)
class Restarts:
    """Playouts restarted from the best states met (a search that climbs towards a rare
    situation keeps what it reached instead of starting each game over): one state every
    `every` moves of a playout is offered; the best of each `cell` is kept (at most `keep`
    cells, the best scored), and a restart plays `leg` moves from one of them, drawn
    uniformly. Cells keep states that met different parts of the situation (a Potion
    used, a dungeon emptied), so that one met first does not crowd out the other."""

    keep: int = 16
    leg: int = 60
    every: int = 5
    cell: Callable[[Any], Any] = lambda s: None  # by default one cell: the best state only
    fresh: bool = True  # fresh playouts from random setups alternate with the restarts (else restarts only, once a state is kept)


def _keep(kept: dict, restart: Restarts, entry: tuple) -> None:
    """Keep entry if it is the best of its cell (the earlier met first on ties); at most
    `restart.keep` cells, the worst scored dropped."""
    cell = restart.cell(entry[4])
    if cell in kept and kept[cell][:2] >= entry[:2]:
        return
    kept[cell] = entry
    if len(kept) > restart.keep:
        del kept[min(kept, key=lambda c: kept[c][:2])]
