"""An event the rules refuse only through a reading the model chose where the text does not
decide (an option whose default has basis "model", checks/policy.py): under another reading
the project itself offers, the event is legal. "Illegal" would then be the model's word, not
the book's: the replay's verdict is "not established" at that line, naming the question, the
reading that refuses the event and the one that accepts it. A log that names the option in
its header (or `--option`) is judged under it, as it asks.

Read only when an event has been refused: the hot path never comes here."""
from __future__ import annotations

import dataclasses
from typing import Any, Iterable

from ..model.kernel import Game, Illegal, Undecided
from ..model.kernel import rules as R


def other_reading(game: Game, s: Any, act: Any, a: Any, trace: Iterable, named: Iterable[str]) -> dict | None:
    """For an event refused on state `s`: the first question the text leaves open that was
    answered on it (`trace`, as rules.tracing records it) by an option the log did not name,
    whose default is the model's own choice, and a value of that option under which the
    event is legal. None when there is none: the refusal is the text's (or the log's own
    option's)."""
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
            cfg = dataclasses.replace(s.cfg, options={**s.cfg.options, name: alt})
            try:
                with R.tracing([]):  # the trial's own answers are not the log's
                    game.step(s.but(cfg=cfg), act, a)
            except (Illegal, Undecided):
                continue
            except Exception:  # noqa: BLE001 - a reading the rules cannot play here accepts nothing
                continue
            return {"ruling": r.name, "cite": r.cite, "says": r.says, "option": name, "refuses": value, "accepts": alt}
    return None


def said(d: dict, refused: str) -> str:
    """The message: which reading refuses the event (`refused`: the replay's own refusal, what
    it breaks), which one accepts it, and how to be judged under one."""
    return (f"the text does not decide '{d['ruling']}' [{d['cite']}], and the event is refused only under the "
            f"model's reading of it: option {d['option']}={d['refuses']} (the default) refuses it ({refused}), "
            f"option {d['option']}={d['accepts']} accepts it; name the option in the header's \"options\" to judge "
            f"the log under one reading")
