"""The §s an illegal scenario may be reported under. referee names the first failing Need,
but another engine may test its rules in another order: any Need the event breaks is a
right answer, and no other. The set goes into the expectation (`"cites"`), so an engine
is held to it (the pytest export, `referee replay --expect`) without its order being ours."""
from __future__ import annotations

from typing import Any

from ...model.kernel import Game


def broken_cites(game: Game, rows: list[dict], expect: dict) -> list[str]:
    """The §s of every Need that the event on `expect["line"]` breaks, in the order of the
    action's Needs (the first failing one, `expect["cite"]`, always among them). For an
    invariant problem, the §s of every invariant the event breaks; a declared result, an
    undecided step, an event after the end or an illegal setup has one § only."""
    from ...replays.engine import decode, phase_cite, setup_from_header
    from ...replays.log import Line

    line, cite, kind = expect["line"], expect["cite"], expect.get("kind", "illegal")
    if kind in ("result", "undecided") or line <= 1 or "n" not in rows[line - 1]:
        return [cite]
    header = rows[0]
    players = tuple(header["players"])
    s = setup_from_header(game, header)
    for no in range(2, line):  # the events before it are legal: applied as recorded
        act, a = decode(game, s.cfg, players, Line(no, rows[no - 1]), no - 1)
        s = game.apply(s, act, a)
    act, a = decode(game, s.cfg, players, Line(line, rows[line - 1]), line - 1)
    if game.result(s) is not None:  # an event after the end: the end's §
        return [cite]
    if kind == "invariant":
        found = [inv.cite for inv in game.broken_after(s, game.apply(s, act, a))]
    else:
        needs = game.needs(act)
        failing = [n for n in needs if _fails(n, s, a)]
        found = [n.cite for n in failing]
        if failing and failing[0] is needs[0]:
            # out of its phase: it breaks the order of the phases, which the § of its own phase gives
            # (the replay's answer) and so does the § of the phase whose events were due (the
            # replay's message names both): an engine may name either
            found.append(phase_cite(game, s))
    out = list(dict.fromkeys(c for c in found if c))
    if cite not in out:  # the replay's own answer cannot be missing: a bug here, say so
        raise AssertionError(f"line {line}: {cite} is not among the §s found to break ({out})")
    return out


def _fails(need: Any, s: Any, a: Any) -> bool:
    """Whether the Need refuses the event. A Need written on the assumption that an earlier
    one holds (an index within a list another Need bounds) may not run at all once that one
    fails: it is then not counted as broken, it has no meaning there."""
    try:
        return not need.test(s, a)
    except Exception:  # noqa: BLE001 - see above
        return False
