"""A list longer than a log may hold for its field, where the rules themselves refuse that many
(a Raiders starting hand of 3 cards, §3.6): the event was read, and it breaks a rule, so its
verdict is "illegal" with the rule's §, not "unreadable" (exit 2 with no §), which a referee
counting illegal games would miss (s62 hand-computed positions).

A list's bound (kernel Names.most) is the format's: the symbolic domain every proof is made
on. So the event is decoded again with that one list's bound lifted, only to ask the action's
Needs on it, in their order; the first that refuses it is the verdict. When none does, or the
lifted value cannot be read or played, the line stays unreadable: a bound no rule states is
the format's alone. Read only after a field was refused: the hot path never comes here."""
from __future__ import annotations

import dataclasses
from typing import Any

from ..model.kernel import Game, Illegal
from ..model.kernel.rules import Names
from .decoders import loose_decoder
from .log import Line, Unreadable


def past_bound(game: Game, s: Any, players: tuple, line: Line, err: Unreadable) -> tuple | None:
    """(action, args, the Illegal its Needs raise, the field, its length, its bound) when `err`
    refused a list only for its length and a Need of the action refuses the event read with
    that bound lifted; else None."""
    ev = line.data
    act = game.action(ev["do"]) if type(ev.get("do")) is str else None
    prm = next((x for x in act.params if x.name == err.field), None) if act is not None else None
    if prm is None or type(prm.kind) is not Names:
        return None
    v = ev.get(prm.name)
    if type(v) is not list or len(v) <= prm.kind.most:
        return None
    wide = dataclasses.replace(prm, kind=dataclasses.replace(prm.kind, most=len(v)))
    act2 = dataclasses.replace(act, params=tuple(wide if x is prm else x for x in act.params))
    p = None if act.by == "chance" else players.index(ev["by"])
    try:
        a = loose_decoder(act2, s.cfg, players)(ev, p, line.no)
        game.step(s, act, a)
    except Illegal as e:
        return act, a, e, prm.name, len(v), prm.kind.most
    except Exception:  # noqa: BLE001 - another field at fault, or a value the rules cannot play: unreadable
        return None
    return None
