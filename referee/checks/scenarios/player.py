"""Random legal games played fast, for the scenario families."""
from __future__ import annotations

import random
from typing import Any

from ...model.kernel import Game, Undecided


class Player_:
    """Plays random legal games fast: the Needs of each action are built once, candidates
    are tried in a random order and the first legal one is taken (which is a uniform choice
    among the legal moves, without testing every candidate). A game whose candidate
    generator carries a `weight(s, act, args)` function (`Game.moves.weight`) is played by
    a weighted draw instead: each legal move is taken with a probability proportional to
    its weight (the players of a long game can then end it sooner)."""

    def __init__(self, game: Game):
        self.game = game
        self.needs = {a.name: game.needs(a) for a in game.actions}
        self.weight = getattr(game.moves, "weight", None)

    def ok(self, s: Any, act: Any, a: Any) -> bool:
        try:
            for n in self.needs[act.name]:
                if not n.test(s, a):
                    return False
        except Undecided:
            return False
        return True

    def step(self, s: Any, rng: random.Random):
        """(action, args, next state) of a random legal move, or None."""
        game = self.game
        cands = list(game.moves(s))
        weight = self.weight
        ws = [weight(s, act, a) for act, a in cands] if weight is not None else None
        while cands:  # a lazy shuffle: draw candidates at random until one is legal
            if ws is None:
                k = rng.randrange(len(cands))
            else:  # a weighted draw without replacement
                r, k = rng.random() * sum(ws), 0
                while k < len(ws) - 1 and r >= ws[k]:
                    r -= ws[k]
                    k += 1
                ws[k], ws[-1] = ws[-1], ws[k]
                ws.pop()
            cands[k], cands[-1] = cands[-1], cands[k]
            act, a = cands.pop()
            if not self.ok(s, act, a):
                continue
            try:
                t = game.apply(s, act, a)
                game.result(t)
            except Undecided:  # the rules cannot tell what this move does: not a legal game
                continue
            return act, a, t
        return None

    def greedy_step(self, s: Any, rng: random.Random):
        """The legal move that goes furthest into the game (`Game.progress`), ties at random."""
        game, best, top = self.game, None, None
        for act, a in game.moves(s):
            if not self.ok(s, act, a):
                continue
            try:
                t = game.apply(s, act, a)
                game.result(t)
            except Undecided:
                continue
            score = game.progress(t) + rng.random()
            if top is None or score > top:
                best, top = (act, a, t), score
        return best

    def play(self, header: dict, rng: random.Random, max_steps: int = 3000, keep: bool = False,
             greed: float = 0.0):
        """A random legal game from a header: (path [(action, args)], final state, states).
        With `greed`, that share of the moves goes furthest into the game (Game.progress)."""
        s = self.game.first_state(header)
        path, states = [], [s] if keep else []
        if self.game.progress is None:
            greed = 0.0
        for _ in range(max_steps):
            if self.game.result(s) is not None:
                break
            got = self.greedy_step(s, rng) if greed and rng.random() < greed else self.step(s, rng)
            if got is None:
                break
            act, a, s = got
            path.append((act, a))
            if keep:
                states.append(s)
        return path, s, states
