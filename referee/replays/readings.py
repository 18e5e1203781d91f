"""An event the rules refuse only through a reading the model chose where the text does not
decide (an option whose default has basis "model", checks/policy.py): under another reading
the project itself offers, the event is legal. "Illegal" would then be the model's word, not
the book's: the replay's verdict is "not established" at that line, naming the question, the
reading that refuses the event and the one that accepts it. A log that names the option in
its header (or `--option`) is judged under it, as it asks.

Read only when an event has been refused: the hot path never comes here."""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, Iterable

from ..model.kernel import Game, Illegal, Undecided
from ..model.kernel import rules as R


def other_reading(game: Game, s: Any, act: Any, a: Any, trace: Iterable, named: Iterable[str],
                  again: Callable[[str, Any], Any] | None = None) -> dict | None:
    """For an event refused on state `s`: the first question the text leaves open that was
    answered on it (`trace`, as rules.tracing records it) by an option the log did not name,
    whose default is the model's own choice, and a value of that option under which the
    game is legal up to this event and the event too. None when there is none: the refusal
    is the text's (or the log's own option's).

    `again(option, value)`: the state before this event when the log is played again from its
    header under that value, or None when that reading refuses an earlier event (`prefix`
    builds it). Without it the event is tried on `s` with the option changed, which says
    nothing of the events before it (a reading that accepts this event may refuse an earlier
    one the default accepted: then no reading accepts the game, and the refusal stands;
    a hostile run, s63)."""
    named = set(named)
    options = {o.name: o for o in game.options}
    for r, ans in dict.fromkeys(trace):
        if ans.option is None:
            continue
        name, value = ans.option
        o = options.get(name)
        if o is None or name in named or o.basis is None or o.basis.kind != "model":
            continue
        for alt in o.choices:
            if alt == value:
                continue
            try:
                with R.tracing([]):  # the trial's own answers are not the log's
                    # not the event alone on this state first: the state the other reading builds
                    # may differ where the log does not show it (Raiders cycle_mixed: where a House
                    # card lies), so an event refused here may be accepted there
                    if again is None:
                        t = s.but(cfg=dataclasses.replace(s.cfg, options={**s.cfg.options, name: alt}))
                    else:
                        t = again(name, alt)
                        if t is None:  # that reading refuses an earlier event: it accepts no game here
                            continue
                    game.step(t, act, a)
            except (Illegal, Undecided):
                continue
            except Exception:  # noqa: BLE001 - a reading the rules cannot play here accepts nothing
                continue
            return {"ruling": r.name, "cite": r.cite, "says": r.says, "option": name, "refuses": value, "accepts": alt}
    return None


def prefix(game: Game, header: dict, players: tuple, lines: list, components: Any = None,
           prefer: str | None = None) -> Callable[[str, Any], Any]:
    """`again` for other_reading: the log's events before the refused one (`lines`, each
    (Line, its n)) played again from the header with one option changed, every event checked;
    None when that reading refuses one of them or the rules cannot run it."""
    from .engine import decode, setup_from_header

    def again(name: str, value: Any) -> Any:
        try:
            t = setup_from_header(game, {**header, "options": {**header.get("options", {}), name: value}},
                                  components, prefer)
            for line, n in lines:
                act, a = decode(game, t.cfg, players, line, n)
                t = game.step(t, act, a)
            return t
        except Exception:  # noqa: BLE001 - refused, undecided, or a state the rules cannot run on
            return None
    return again


def said(d: dict, refused: str) -> str:
    """The message: which reading refuses the event (`refused`: the replay's own refusal, what
    it breaks), which one accepts it, and how to be judged under one."""
    return (f"the text does not decide '{d['ruling']}' [{d['cite']}], and the event is refused only under the "
            f"model's reading of it: option {d['option']}={d['refuses']} (the default) refuses it ({refused}), "
            f"option {d['option']}={d['accepts']} accepts it; name the option in the header's \"options\" to judge "
            f"the log under one reading")
