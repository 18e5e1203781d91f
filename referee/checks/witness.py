"""Witnesses: concrete, replayable traces from a setup to the situation a finding describes.

The search plays the model itself (its own `moves`, filtered by every Need), so a witness
is legal by construction and replays with `referee replay`. It is a beam search over
concrete states: from a few random setups, it expands every legal move, keeps the states
that score best (the quantity a claim maximises, then how far the game has got), and stops
as soon as the goal is met. Chance is on the witness's side: dice and draws are whatever
the moves generator proposes. Deterministic for a given seed: bounded by a count of the work done (search.Budget).
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable

from ..model.kernel import BadInput, Game, Undecided
from ..model.kernel.play import event
from .explore import Goal, explore_from_setups
from .findings import Witness
from .search import Budget, Explored, Rules
from .rounds import CLIMB, RESTARTS, ROUND_SHARE, STEER_GREED, in_rounds, part as _part, patiently
from .steer import Target, climb


def search(game: Game, rules: Rules, goal: Goal, metric: Callable[[Any], float] | None,
           budget: Budget, **explore: Any) -> tuple[dict, list] | None:
    """(header, [(action, args)]) reaching the goal, or None within the budget: greedy on
    what a claim maximises, then on how far the game has got (`explore`: greed, depth,
    seed of explore_from_setups)."""
    progress = game.progress or (lambda s: 0.0)
    metric = metric or (lambda s: 0.0)
    return explore_from_setups(game, rules, lambda header, path, *move: goal(*move),
                    lambda t: metric(t) * 1000 + progress(t), budget, **explore)


def search_rulings(game: Game, rules: Rules, names: tuple[str, ...], budget: Budget,
                   targets: dict[str, Target] | None = None) -> dict[str, tuple[dict, list]]:
    """One exploration for every ruling: {name: (header, path)} for each ruling some move
    of the random games raises (an option, or nothing, decided it), until all are found or
    the budget runs out. Sharing the games finds each witness as soon as one search would.
    With `targets` (the states z3 found, steer.py), the exploration greedy on how far the
    game has got has at most 1 - STEERED_SHARE of the work; the rest goes, in equal parts,
    to the rulings it did not raise, each search climbing towards its ruling's situation
    (every ruling is still looked for in every game)."""
    found: dict[str, tuple[dict, list]] = {}
    wanted = set(names)

    def goal(header, path, before, act, a, after, decided):
        for r, _ in decided:
            if r.name in wanted and r.name not in found:
                found[r.name] = (header, path + [(act, a)])
        return len(found) == len(wanted)

    progress = game.progress or (lambda s: 0.0)
    steered = [n for n in names if (targets or {}).get(n)]
    if not steered:
        explore_from_setups(game, rules, goal, progress, budget)
        return found
    # the shared exploration raises the rulings that arise early within a small part of its
    # count (Raiders: the last of 6 at 2,206 of 18,000 moves)
    patiently(game, rules, goal, progress, budget)
    # where the audit's setting does not show a situation, another may (Draft's reserve runs
    # short with 5 players; Raiders' final tie comes within reach in the 10 turns of its
    # competition mode): the rounds are held to a part of what is left (rounds.ROUND_SHARE),
    # and every other round plays each ruling still missing in the next other setting
    # (other_settings' order), so no ruling's share at the audit's setting is halved
    others = other_settings(game, rules)
    tries: dict[str, int] = {}

    def one(name: str, share: float, seed: int) -> None:
        k = tries[name] = tries.get(name, -1) + 1  # this ruling's round
        played = rules if k % 2 == 0 or not others else others[(k // 2) % len(others)]
        _steered(game, played, name, targets[name], found, goal, progress, budget, share, seed)

    in_rounds(steered, found, budget, one, held=ROUND_SHARE if others else 1.0)
    return found


def _steered(game: Game, played: Rules, name: str, target: Target, found: dict, goal: Callable, progress: Callable,
             budget: Budget, share: float, seed: int) -> None:
    """One ruling's steered search (search_rulings) in one setting, on its share of the count."""
    near, there, cell = climb(target)
    restart = dataclasses.replace(RESTARTS, cell=cell)
    explore_from_setups(game, played, lambda *move: goal(*move) or name in found,
                        lambda t: near(t) * CLIMB + progress(t), _part(budget, share),
                        greed=STEER_GREED, seed=seed, restart=restart, focus=there)


def other_settings(game: Game, rules: Rules) -> list[Rules]:
    """The games a witness may also be played in: the other player counts the game allows
    (most first), then each other value of each variant the text offers (an Option of kind
    "variant": a mode, a board side), one at a time, unless the audit's options set it. A
    witness found there says so (_played_with)."""
    out = [dataclasses.replace(rules, nplayers=n) for n in other_counts(game, rules)]
    for o in game.options:
        if o.kind != "variant" or o.name in rules.options:
            continue
        out.extend(dataclasses.replace(rules, options={**rules.options, o.name: v})
                   for v in o.choices if v != o.default)
    return out


def other_counts(game: Game, rules: Rules) -> list[int]:
    """The player counts other than the audit's that the game allows with these options
    (1 to 8, those its configure accepts), most first."""
    here = rules.config(game).extra
    here = here.get("nplayers") if isinstance(here, dict) else None
    if here is None:
        return []
    ok = []
    for n in range(8, 0, -1):
        try:
            rules.config(game, n)
        except (BadInput, TypeError):
            continue
        if n != here:
            ok.append(n)
    return ok


def to_witness(game: Game, rules: Rules, header: dict, path: list, reaches: str) -> Witness:
    """The log of `path`; its expected verdict is what the rules in force say of its last
    event: a question an option answers by refusing the move (or that nothing decides)
    makes the witness an illegal game, refused there with the Need's §."""
    players = tuple(header["players"])
    cfg = Rules(header.get("options", {}), rules.components, rules.prefer).config(game, len(players))
    events = [event(game, cfg, act, a, players) for act, a in path]
    refused = _refused_last(game, cfg, header, path)
    if refused is None:
        return Witness(header, events, reaches, "legal")
    cite, why = refused
    return Witness(header, events, f"{reaches}; the rules in force refuse it ({cite}: {why})", "illegal",
                   cites=[cite])


def _refused_last(game: Game, cfg: Any, header: dict, path: list) -> tuple[str, str] | None:
    """(the §, why) the rules in force refuse the last move of `path`, or None."""
    if not path:
        return None
    s = game.setup(header, cfg)
    for act, a in path[:-1]:
        s = game.apply(s, act, a)
    act, a = path[-1]
    try:
        need = game.first_failure(s, act, a)
        if need is None:
            game.apply(s, act, a)
    except Undecided as e:
        return e.ruling.cite, "the rules give no outcome"
    return None if need is None else (need.cite, need.says)


def _played_with(game: Game, rules: Rules, header: dict) -> str:
    """Words for a witness played at another player count or variant than the search's own."""
    here = rules.config(game).extra
    n = len(header.get("players", ()))
    said = []
    if isinstance(here, dict) and here.get("nplayers") not in (None, n):
        said.append(f"a game of {n} players: the search did not find one of {here['nplayers']}")
    default = {o.name: o.default for o in game.options}
    theirs = header.get("options", {})
    for name, v in sorted(theirs.items()):
        if rules.options.get(name, default.get(name)) != v:
            said.append(f"a game under the variant {name}={v}: the search did not find one under "
                        f"{name}={rules.options.get(name, default.get(name))}")
    return f" ({'; '.join(said)})" if said else ""


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


def search_gaps(game: Game, rules: Rules, names: tuple[str, ...], budget: Budget) -> dict[str, tuple[dict, list]]:
    """One exploration for every gap that arises in play (Gap.on, Gap.arises): {name:
    (header, path)} for each whose situation a legal move of the random games meets, that
    move the path's last (the witness plays the model's reading: a legal game); until all
    are found or the budget runs out. Where a gap says how near a state is to its situation
    (Gap.toward), the random games have at most half the work (they stop once the other gaps
    are found), and searches greedy on that nearness, restarted from the nearest states met,
    the rest (rounds.in_rounds)."""
    wanted = [g for g in game.gaps if g.name in names and g.arises is not None]
    on: dict[str, list] = {}
    for g in wanted:
        for e in g.on:
            on.setdefault(e, []).append(g)
    found: dict[str, tuple[dict, list]] = {}

    steered = [g for g in wanted if g.toward is not None]
    # what the random games play for: the gaps no search climbs to, once they are all found
    plain = [g for g in wanted if g.toward is None] or wanted

    def meets(header, path, before, act, a, after, decided) -> None:
        if after is None:  # a move refused (an option's answer, shown to the rulings' goal): not played
            return
        for g in on.get(act.name, ()):
            if g.name not in found and g.arises(before, a):
                found[g.name] = (header, path + [(act, a)])

    def done() -> bool:
        return all(g.name in found for g in plain)

    def goal(*move) -> bool:
        meets(*move)
        return done()

    if not wanted:
        return found
    whole = budget
    if steered:  # at most half the work for the random games, the rest climbing (Gap.toward)
        budget = _part(whole, whole.units // 2)
    # uniform playouts: a gap's situation is one of ordinary play, which a greedy run
    # towards the end skips (Draft: 49 quests met in 135,000 moves weighed greedily, none a
    # player's second; 545 uniformly, 129 of them a second). Half the work at the audit's
    # setting; what is left, if a gap is still missing, shared by the other settings (a
    # situation of 5 players, or of a variant), each playing for the gaps still missing
    progress = game.progress or (lambda s: 0.0)
    weighs = getattr(game.moves, "weight", None) is not None

    def play(played: Rules, part: Budget) -> None:
        if not weighs or played is not rules:
            explore_from_setups(game, played, goal, progress, part, greed=0.0)
            return
        # a game whose moves carry weights (Raiders: the weighted player's, which sends groups
        # and fights PvPs; uniform play meets about one PvP in 72,000 moves) plays half of its
        # share at the audit's setting uniformly, the other half weighted, each game its own
        explore_from_setups(game, played, goal, progress, _part(part, part.units // 2), greed=0.0)
        if not done():  # the rest of the share (the half played was charged to it)
            explore_from_setups(game, played, goal, progress, part, greed=0.0, seed=1, mode="weighted")

    across_settings(game, rules, budget, play, done)
    by = {g.name: g for g in steered}

    def one(name: str, share: float, seed: int) -> None:
        near = by[name].toward
        explore_from_setups(game, rules, lambda *move: meets(*move) or name in found,
                            lambda t: near(t) * CLIMB + progress(t), _part(whole, share),
                            greed=STEER_GREED, seed=seed, restart=RESTARTS)

    if steered:
        in_rounds(list(by), found, whole, one)
    return found


def across_settings(game: Game, rules: Rules, budget: Budget, play: Callable[[Rules, Budget], Any],
                    done: Callable[[], bool]) -> None:
    """play(rules, part of the budget): half the work at the audit's setting; what is left,
    while not done, shared by the other settings in other_settings' order (a situation, or a
    claim's value, that only more players or a variant reach: Welcome's five success cards
    are all held only by four players). A witness found there says so (_played_with)."""
    others = other_settings(game, rules)
    play(rules, _part(budget, budget.units // 2) if others else budget)
    for i, played in enumerate(others):
        if done() or budget.exhausted:
            break
        play(played, _part(budget, (budget.units - budget.used) // (len(others) - i)))


def run_task(game_name: str, rules: Rules | dict, task: tuple, units: int,
             net: float | None = None) -> tuple[Witness | dict | Explored | None, bool]:
    """A witness search a worker process runs: (what it found, whether the time net stopped
    it). It does `units` of work (search.Budget), unless `net` seconds of its CPU time
    come first. What it found: the witness, or None; the task
    ("rulings", names) and ("gaps", names) give {name: Witness} for those found; ("stuck",) a Witness or,
    when it found none, what it explored."""
    from ..model import load

    game = load(game_name)
    rules = rules if isinstance(rules, Rules) else Rules(rules)
    budget = Budget(units, net)
    return _run(game, rules, task, budget), budget.netted


def _run(game: Game, rules: Rules, task: tuple, budget: Budget) -> Witness | dict | Explored | None:
    if task[0] == "rulings":
        if len(task) > 2 and task[2] is not None:  # ("rulings", names, n): played with n players
            import dataclasses

            rules = dataclasses.replace(rules, nplayers=task[2])
        # ("rulings", names, n, ((name, target), ...)): the states z3 found (steer.py)
        got = search_rulings(game, rules, task[1], budget, dict(task[3]) if len(task) > 3 else {})
        by = {r.name: r for r in game.rulings}
        return {name: to_witness(game, rules, header, path, f"the last event raises the question: {by[name].says}"
                                 + _played_with(game, rules, header))
                for name, (header, path) in got.items()}
    if task[0] == "gaps":  # ("gaps", names): the gaps arising in play (search_gaps)
        got = search_gaps(game, rules, task[1], budget)
        by = {g.name: g for g in game.gaps}
        return {name: to_witness(game, rules, header, path, f"the last event is where the text is silent "
                                 f"({by[name].cite}): {by[name].when}" + _played_with(game, rules, header))
                for name, (header, path) in got.items()}
    if task[0] == "readings":  # ("readings", ((kind, name), ...)): disputed options, sources' values (disputed.py)
        from .disputed import search_readings

        got = search_readings(game, rules, task[1], budget)
        return {key: to_witness(game, rules, header, path, reaches) for key, (header, path, reaches) in got.items()}
    if task[0] == "stuck":
        from .stuck import blocked, find

        stats: dict = {}
        got = find(game, rules, budget, stats=stats)
        if got is None:
            return Explored(stats["games"], stats["states"], stats.get("why", ""), budget.netted)
        header, path, s = got
        w = to_witness(game, rules, header, path, "no event is legal and the game is not over (z3: no params of any "
                       "event satisfy its Needs)")
        w.details, w.cites = blocked(game, s)
        w.phase = game.phases[s.phase].name if hasattr(s, "phase") else None
        return w
    goal, metric, reaches = task_goal(game, task)
    if task[0] != "claim":
        found = search(game, rules, goal, metric, budget)
        return to_witness(game, rules, *found, reaches) if found else None
    got: list = []  # a claim's value may be reached only at another setting

    def play(played: Rules, part: Budget) -> None:
        got.append(search(game, played, goal, metric, part))

    across_settings(game, rules, budget, play, lambda: got[-1] is not None)
    found = next((f for f in got if f), None)
    return to_witness(game, rules, *found, reaches + _played_with(game, rules, found[0])) if found else None
