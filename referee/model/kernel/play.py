"""Playing a model concretely: legal moves, random games, and events for the log.

`Game.moves(state)` proposes candidate (action, args) pairs -- chance outcomes included
(a die face, the card drawn), each action its own (`Action.propose`, kernel/proposals.py);
`legal` keeps those every Need allows. Random legal games
feed the stateful tests, the scenario generator and the witness search.
"""
from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any, Iterator

from .game import Game
from .rules import Action, Undecided


def legal(game: Game, s: Any) -> list[tuple[Action, SimpleNamespace]]:
    if game.moves is None:
        return []
    out = []
    for act, a in game.moves(s):
        try:
            if game.first_failure(s, act, a) is None:
                out.append((act, a))
        except Undecided:
            continue
    return out


def event(game: Game, cfg: Any, act: Action, a: SimpleNamespace, players: tuple[str, ...]) -> dict:
    """The log line (without "n") that decodes back to (act, a)."""
    ev: dict[str, Any] = {"by": "chance" if a.p is None else players[a.p], "do": act.name}
    for prm in act.params:
        v = getattr(a, prm.name)
        if prm.optional and v == prm.default:
            continue
        ev[prm.name] = prm.kind.encode(v, cfg, players)
    return ev


def playout(game: Game, s: Any, rng: random.Random, max_steps: int = 2000,
            players: tuple[str, ...] = ("A", "B")) -> Iterator[tuple[Action, SimpleNamespace, Any]]:
    """Yield (action, args, state after) along one random legal game until it ends,
    no move is legal, or max_steps."""
    for _ in range(max_steps):
        if game.result(s) is not None:
            return
        moves = legal(game, s)
        if not moves:
            return
        act, a = rng.choice(moves)
        s = game.apply(s, act, a)
        yield act, a, s
