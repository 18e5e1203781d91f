"""The situations family: for every option and each of its values, a complete legal game
played under that value in which one event goes otherwise under another value of the option
(that value refuses it, or it leaves another state), or whose setup or final score differs
under another value: the option really decides there. Then
the same moves under each other value, the outcomes a log may declare declared again under
that value, with the verdict the replay gives (legal, or illegal at the first event that
value refuses).

Why: the random family plays each non-default value in one configuration of many, a few games
in all, and the rulings family takes the first game whose trace names a ruling, which for a
ruling with no `otherwise` is any event of its action, its situation held or not (Welcome's
`ring_overlap` at any fight). Where an option decides needs two components together (the Ring
of Power beside another tile that defeats the same monster, a Potion drunk under
`survive=damage`), those games rarely hold it. An engine that reads an option's value wrong, or
computes the situation wrong, passes those and fails these.

The games searched: per option value, games under that value alone (the other options at
their defaults), the player counts cycling, until one holds such an event or the games played
reach `events` events in all; a count of events, so a seed gives the same set anywhere. Each
event is stepped under every other value from the same state (the state's Config swapped), so
the search costs about one step per value per event. `gen` is the scenarios' Generator
(generator.py)."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import orjson

from ...model.kernel import BadInput, Game, Illegal, IllegalSetup
from ..explore import Explorer
from .declared import declare
from .edges import edges
from .families import player_counts, under
from .logs import Scenario, _slug, expected, log_lines, result_line

EVENTS = 10_000  # events played per option value at most (Welcome: ~120 games)


def situations(gen: Any, events: int = EVENTS, max_steps: int = 3000, only: tuple[str, ...] | None = None
               ) -> list[Scenario]:
    """The scenarios of every option (or of the options named in `only`), in the game's order."""
    game = gen.game
    counts = player_counts(game) or [2]
    out: list[Scenario] = []
    for opt in (o for o in game.options if only is None or o.name in only):
        vals = list(opt.choices)
        for v in vals:
            found = _search(gen, opt.name, v, vals, counts, events, max_steps)
            if found is None:
                continue
            header, path, res, line, why = found
            rows = log_lines(game, header, path, [res] if res else [])
            how = "a complete game" if res else f"a legal game stopped after {len(path)} events"
            out.append(Scenario("situations", _slug(f"{opt.name} {v}"), rows, {"verdict": "legal"},
                                f"{how} under {opt.name}={v} whose event at line {line} {why}",
                                sorted({act.cite for act, _ in path}),
                                {"option": f"{opt.name}={v}", "line": line}))
            for w in vals:
                if w != v:
                    sc = _under(game, header, path, opt.name, w, v, line)
                    if sc is not None:
                        out.append(sc)
    return out + (edges(gen, counts) if only is None else [])


def _differs(game: Game, s: Any, act: Any, a: Any, after: Any, others: list) -> str | None:
    """How the event (act, a) from state s, which gave `after`, goes under another value of
    the option (`others`: (value, its Config)): refused, or another next state; None when
    every value gives the same."""
    for w, cfg in others:
        try:
            t = game.step(s.but(cfg=cfg), act, a)
        except Illegal as e:
            return f"is refused under {w} ({e.need.cite})"
        except Exception:  # noqa: BLE001 - a state of one value read under another: no answer
            continue
        if t != after:
            return f"leaves another state under {w}"
    return None


def _setup_differs(game: Game, header: dict, first: Any, name: str, others: list) -> str | None:
    """The first state another value sets up from the same header differs (a setup option)."""
    for w, _ in others:
        try:
            if game.first_state({**header, "options": {**header.get("options", {}), name: w}}) != first:
                return f"is set up otherwise under {w}"
        except Exception:  # noqa: BLE001 - a header another value refuses: the verdict says it (_under)
            return f"is refused under {w}"
    return None


def _result_differs(game: Game, end: Any, others: list) -> str | None:
    """The end of the game scores otherwise under another value (a tie, points)."""
    try:
        def score(o: Any) -> Any:
            return o and (o.winners, o.points)
        got = score(game.result(end))
        for w, cfg in others:
            if score(game.result(end.but(cfg=cfg))) != got:
                return f"scores otherwise under {w}"
    except Exception:  # noqa: BLE001 - a state of one value read under another: no answer
        return None
    return None


def _search(gen: Any, name: str, v: str, vals: list, counts: list, events: int, max_steps: int):
    """(header, declared path, result line, line, how the option decides) of the first game
    under name=v one of whose events goes otherwise under another value, or None."""
    game = gen.game
    explorer = Explorer(game, "weighted", lawful=True)
    played = 0
    for header, rng in under(game, gen.seed, name, v, counts, "situations"):
        if played >= events:
            break
        try:
            if header is None:
                raise BadInput("refused")
            n = len(header["players"])
            others = [(w, game.configured({**header.get("options", {}), name: w}, None, None, n))
                      for w in vals if w != v]
        except BadInput:  # that player count is refused under some value
            played += 1
            continue
        first = s = game.first_state(header)
        why = _setup_differs(game, header, first, name, others)
        path, afters, line = [], [], 1 if why else None  # the header is line 1
        for m in (play := explorer.play(s, rng, max_steps)):
            if line is None:
                why = _differs(game, s, m.act, m.args, m.after, others)
                line = len(path) + 2 if why else None
            path.append((m.act, m.args))
            afters.append(m.after)
            s = m.after
        played += max(1, len(path))
        if line is None:  # the result line: the winner or the points another value gives
            why = _result_differs(game, play.state, others)
            line = len(path) + 2 if why else None
        if line is not None:
            res = result_line(game, play.state, header["players"])
            return header, declare(game, first, path, afters), res, line, why
    return None


def _under(game: Game, header: dict, path: list, name: str, w: str, v: str, line: int) -> Scenario | None:
    """The same moves under name=w: what a log may declare declared under w, cut after the
    first event w refuses; the expected verdict is the replay's."""
    from ...replays.engine import replay

    h = {**header, "options": {**header.get("options", {}), name: w}}
    try:
        rows = _replayed_under(game, h, path)
    except BadInput:
        return None
    except IllegalSetup:  # the same header breaks a setup rule under w: the log is its header
        rows = log_lines(game, h, [])
    verdict = replay([orjson.dumps(x) for x in rows], label="<situations>")
    if verdict.verdict == "unreadable":
        return None
    exp, said = expected(verdict, "still legal, the outcomes declared under it")
    if exp.get("kind", "illegal") in ("illegal", "undecided", "invariant") and "line" in exp:
        rows = rows[:exp["line"]]  # the log ends on the event refused
    return Scenario("situations", _slug(f"{name} {w} moves of {v}"), rows, exp,
                    f"the moves of the {name}={v} game whose event at line {line} goes otherwise under {w}, "
                    f"played under {name}={w}: {said}", [exp["cite"]] if exp.get("cite") else [],
                    {"option": f"{name}={w}", "line": line, "of": f"{name}={v}"})


def _replayed_under(game: Game, h: dict, path: list) -> list[dict]:
    """The log of `path` from header h: the declared fields left out and declared again,
    cut after the first event h's rules refuse (raises BadInput, IllegalSetup)."""
    s = first = game.first_state(h)
    moves, afters = [], []
    for act, a in path:
        plain = SimpleNamespace(**{**vars(a), **{p.name: p.default for p in act.params if p.optional}})
        moves.append((act, plain))
        try:
            s = game.step(s, act, plain)
        except Illegal:
            break  # the event h's rules refuse, as played
        afters.append(s)
    ok = declare(game, first, moves[:len(afters)], afters) + moves[len(afters):]
    res = result_line(game, s, h["players"]) if len(afters) == len(path) else None
    return log_lines(game, h, ok, [res] if res else [])
