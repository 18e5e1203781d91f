"""Witnesses: concrete, replayable traces from a setup to the situation a finding describes.

The search plays the model itself (its own `moves`, filtered by every Need), so a witness
is legal by construction and replays with `referee replay`. It is a beam search over
concrete states: from a few random setups, it expands every legal move, keeps the states
that score best (the quantity a claim maximises, then how far the game has got), and stops
as soon as the goal is met. Chance is on the witness's side: dice and draws are whatever
the moves generator proposes. Deterministic for a given seed; bounded in time.
"""
from __future__ import annotations

import random
import time
from typing import Any, Callable

from ..model.kernel import Game, Illegal, Undecided
from ..model.kernel import rules as R
from ..model.kernel.play import event, legal
from .findings import Witness

Goal = Callable[[Any, Any, Any, Any, list], bool]  # (before, action, args, after, decided) -> reached


def _children(game: Game, s: Any, goal: Goal):
    """Every legal move from s with the state it leads to; the goal is checked on each.
    Questions decided by an option (not by the text) are traced, in Needs and effects."""
    out = []
    for act, a in game.moves(s):
        decided: list = []
        R.DECIDED = decided
        try:
            if game.first_failure(s, act, a) is not None:
                continue
            t = game.apply(s, act, a)
            game.result(t)  # the end-of-game questions (winner, scoring) too
        except Undecided as e:
            decided.append((e.ruling, None))
            t = None
        finally:
            R.DECIDED = None
        if goal(s, act, a, t, decided):
            return None, (act, a)
        if t is not None:
            out.append((act, a, t))
    return out, None


def starts(game: Game, options: dict, rng: random.Random, deadline: float):
    """(header, first state) of random setups under the options, until the deadline."""
    from ..replays.engine import setup_from_header

    cfg = game.configure(options, None, None)
    while time.monotonic() < deadline:
        header = game.random_header(rng, cfg)
        yield header, setup_from_header(game, header)


def search(game: Game, cfg_options: dict, goal: Goal, metric: Callable[[Any], float] | None = None,
           seconds: float = 2.0, greed: float = 0.6, depth: int = 1500, seed: int = 0) -> tuple[dict, list] | None:
    """(header, [(action, args)]) reaching the goal, or None within the budget.

    Random playouts from random setups, greedy on (metric, progress) with probability
    `greed`, random otherwise; every legal move of every visited state is tested."""
    if game.moves is None or game.random_header is None:
        return None
    deadline = time.monotonic() + seconds
    rng = random.Random(seed)
    progress = game.progress or (lambda s: 0.0)
    metric = metric or (lambda s: 0.0)
    for header, s in starts(game, cfg_options, rng, deadline):
        path: list = []
        for _ in range(depth):
            if time.monotonic() > deadline or game.result(s) is not None:
                break
            kids, hit = _children(game, s, goal)
            if hit is not None:
                return header, path + [hit]
            if not kids:
                break
            if rng.random() < greed:
                best = max(metric(t) * 1000 + progress(t) + rng.random() for _, _, t in kids)
                act, a, t = next(k for k in kids if metric(k[2]) * 1000 + progress(k[2]) + 1 >= best)
            else:
                act, a, t = rng.choice(kids)
            path.append((act, a))
            s = t
    return None


def search_rulings(game: Game, options: dict, names: tuple[str, ...], deadline: float, greed: float = 0.6,
                   depth: int = 1500, seed: int = 0) -> dict[str, tuple[dict, list]]:
    """One exploration for every ruling: {name: (header, path)} for each ruling some move
    of the random games raises (an option, or nothing, decided it), until all are found or
    the deadline. Sharing the games finds each witness as soon as one search would."""
    found: dict[str, tuple[dict, list]] = {}
    if game.moves is None or game.random_header is None:
        return found
    wanted = set(names)
    rng = random.Random(seed)
    progress = game.progress or (lambda s: 0.0)
    for header, s in starts(game, options, rng, deadline):
        path: list = []

        def goal(before, act, a, after, decided):
            for r, _ in decided:
                if r.name in wanted and r.name not in found:
                    found[r.name] = (header, path + [(act, a)])
            return False

        for _ in range(depth):
            if time.monotonic() > deadline or game.result(s) is not None:
                break
            kids, _ = _children(game, s, goal)
            if len(found) == len(wanted):
                return found
            if not kids:
                break
            if rng.random() < greed:
                best = max(progress(t) + rng.random() for _, _, t in kids)
                act, a, t = next(k for k in kids if progress(k[2]) + 1 >= best)
            else:
                act, a, t = rng.choice(kids)
            path.append((act, a))
            s = t
    return found


def to_witness(game: Game, header: dict, path: list, reaches: str, expect: str = "legal") -> Witness:
    players = tuple(header["players"])
    cfg = game.configure(header.get("options", {}), None, None, nplayers=len(players))
    events = [event(game, cfg, act, a, players) for act, a in path]
    return Witness(header, events, reaches, expect)


def ruling_goal(name: str) -> Goal:
    """A move whose outcome the text does not decide: an option (or nothing) decided it."""
    def goal(before, act, a, after, decided):
        return any(r.name == name for r, _ in decided)

    return goal


def state_goal(pred: Callable[[Any], Any]) -> Goal:
    def goal(before, act, a, after, decided):
        return after is not None and bool(pred(after))

    return goal


# ------------------------------------------------------------------ tasks for a worker
def task_goal(game: Game, task: tuple):
    """(goal, metric, reaches) for a task named by plain data (so a process pool can run it)."""
    kind = task[0]
    if kind == "ruling":
        r = next(x for x in game.rulings if x.name == task[1])
        return ruling_goal(r.name), None, f"the last event raises the question: {r.says}"
    if kind == "claim":
        c = game.claims[task[1]]
        target = task[2]
        return state_goal(lambda s: c.expr(s) >= target), (lambda s: c.expr(s)), f"{c.says}: {target} reached"
    if kind == "invariant":
        inv = game.invariants[task[1]]
        return state_goal(lambda s: not inv.test(s)), None, f"a state where '{inv.says}' fails"
    raise ValueError(task)


def run_task(game_name: str, options: dict, task: tuple, seconds: float,
             deadline: float | None = None) -> Witness | dict | None:
    """A witness search a worker process runs: by the time `seconds` have passed (or the
    absolute `deadline`, time.monotonic()), the witness found, or None. The task
    ("rulings", names) returns {name: Witness} for those found."""
    from ..model import load

    game = load(game_name)
    if deadline is not None:
        seconds = min(seconds, deadline - time.monotonic())
    if task[0] == "rulings":
        got = search_rulings(game, options, task[1], time.monotonic() + seconds)
        by = {r.name: r for r in game.rulings}
        return {name: to_witness(game, header, path, f"the last event raises the question: {by[name].says}")
                for name, (header, path) in got.items()}
    if task[0] == "stuck":
        from .stuck import blocked, find

        got = find(game, options, seconds)
        if got is None:
            return None
        header, path, s = got
        w = to_witness(game, header, path, "no event is legal and the game is not over (z3: no params of any "
                       "event satisfy its Needs)")
        w.details = blocked(game, s)
        w.phase = game.phases[s.phase].name if hasattr(s, "phase") else None
        return w
    goal, metric, reaches = task_goal(game, task)
    found = search(game, options, goal, metric, seconds=seconds)
    return to_witness(game, *found, reaches) if found else None

