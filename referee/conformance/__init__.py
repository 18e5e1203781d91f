"""A conformance kit for other engines (`referee differential`): referee's verdicts compared
with another engine's, or with referee's own under another reading of the rules.

Modules, one job each: said (a verdict's comparable part; referee under a reading), engine
(the other engine as a subprocess speaking protocol 1, request.schema.json and
answer.schema.json), classes (a disagreement's class and the option that explains it),
shrink (ddmin over a log's events), run (the runner and its Report), report (text, JSON).
The protocol and the report: docs/differential.md.
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterable, Mapping, Sequence

from ..errors import Unreadable
from .engine import Engine, EngineFailed, schema
from .run import Case, Report, compare, log_cases, scenario_cases
from .said import Reading, Said


def differential(logs: Iterable[str | Path] = (), *, engine: str | Sequence[str] | None = None,
                 against: Mapping[str, str] | None = None, game: str | None = None, count: int = 20,
                 seed: int = 0, family: str | list[str] = "all", budget: float | None = None,
                 options: Mapping[str, str] | None = None, prefer: str | None = None,
                 components: str | Path | None = None, timeout: float = 10.0, shrink: bool | None = None,
                 shrink_steps: int = 200) -> Report:
    """Compare referee (A: under `options`, `prefer`, `components`) with B: the engine
    command `engine` (protocol 1), or referee under the reading `against` changes
    ({"prefer": src, "components": dir, OPTION: value}). The logs: `game`'s scenarios
    (`referee scenarios`: count, seed, family, budget), then `logs`.
    `shrink` (default: with an engine, not against) shrinks each class's first log.
    Raises `Unreadable` (exit 2) for a usage error or a missing log, `EngineFailed` (exit 2)
    when the engine dies, falls silent for `timeout` s or answers out of protocol."""
    from .. import given
    from ..model import names

    logs = given.paths(logs, "logs")
    if not (engine is None or isinstance(engine, str)
            or (isinstance(engine, (list, tuple)) and all(isinstance(x, str) for x in engine))):
        raise Unreadable(f"engine: a command (a string, or a list of strings), not {type(engine).__name__}",
                         field="engine")
    given.pairs(against, "against")
    given.pairs(options, "options")
    given.text(game, "game")
    given.text(prefer, "prefer")
    given.path(components, "components")
    given.whole(count, "count", 1, most=given.COUNT_MOST)
    given.whole(seed, "seed", given.SEED_LEAST, most=given.SEED_MOST)
    given.whole(shrink_steps, "shrink_steps", 1)
    given.number(timeout, "timeout")
    given.number(budget, "budget", none=True)
    if (engine is None) == (against is None):
        raise Unreadable("give either an engine command or a reading to compare against (not both)")
    base = Reading(tuple(sorted((options or {}).items())), prefer, Path(components) if components else None)
    cases = log_cases(Path(p) for p in logs)
    games = [game] if game else []
    if game and game not in names():
        raise Unreadable(f"unknown game {game!r} (known: {', '.join(names())})", field="game")
    if not games and not cases:
        raise Unreadable("nothing to compare: give logs, or a game whose scenarios to play")
    # every reading is checked before the scenarios are played: a usage error said at once,
    # not after minutes of games (the scenarios are of `game`, which is checked with the logs)
    _configured(base, games, cases)
    other = None
    if against is not None:
        change = dict(against)
        given.path(change.get("components"), "against")
        other = base.but(prefer=change.pop("prefer", base.prefer),
                         components=Path(change.pop("components")) if "components" in change else base.components,
                         options=change)
        _configured(other, games, cases)
        if other == base:  # the same reading twice: no log could ever be told apart (hostile run, s61)
            raise Unreadable(f"--against {', '.join(f'{k}={v}' for k, v in sorted(dict(against).items()))} is the "
                             "reading referee already plays here (--option, --prefer, --components): the two "
                             "judges are one, and could not disagree")
    def played() -> list[Case]:  # the scenarios, then the logs
        return [c for g in games for c in scenario_cases(g, count, seed, family, budget)] + cases

    if other is not None:
        # B is a reading already: what changes is the change given, no option is sought
        return compare(played(), base, other, other.describe(), shrink=bool(shrink), most=shrink_steps,
                       explaining=False)
    # the engine started before the scenarios are built: a command that cannot be split or
    # started is said at once, not after them (a hostile run, s63: 45 s)
    with Engine(engine, timeout) as eng:
        return compare(played(), base, eng, f"engine {eng.title!r}", shrink=shrink is not False, most=shrink_steps)


def _configured(r: Reading, games: list[str], cases: list[Case]) -> None:
    """Refuse at once (exit 2) a reading that no game of the run can take: an unknown
    option or value, source, or component set (else every log would be 'unreadable')."""
    from ..model import load, names
    from ..model.kernel import BadInput
    from ..model.kernel.inputs import check_source

    for g in sorted(set(games) | {c.game for c in cases if c.game in names()}):
        game = load(g)
        try:  # the reading's part at fault named, as the front door (api.load) names its arguments
            check_source(r.prefer, game.sources)
        except BadInput as e:
            raise Unreadable(f"{g}: {e}", field="prefer") from None
        try:
            game.configure(dict(r.options), r.components, r.prefer)
        except BadInput as e:  # options and players say their field: what is left is the components
            raise Unreadable(f"{g}: {e}", field=e.field or "components") from None


__all__ = ["Case", "Engine", "EngineFailed", "Reading", "Report", "Said", "compare", "differential",
           "log_cases", "scenario_cases", "schema"]
