"""A list longer than a log may hold for its field, or a whole number past its range, where the
rules themselves refuse it (a Raiders starting hand of 3 cards, §3.6; a Trolls bid of 61 Rsv
points, more than any Rsv, §Actions/Tir): the event was read, and it breaks a rule, so its
verdict is "illegal" with the rule's §, not "unreadable" (exit 2 with no §), which a referee
counting illegal games would miss (s62 hand-computed positions, s63 an independent engine).

A list's bound (kernel Names.most) and a number's range (kernel Int) are the format's: the
symbolic domain every proof is made on. So the event is decoded again with that one bound
lifted, only to ask the action's Needs on it, in their order; the first that refuses it is the
verdict. When none does, or the lifted value cannot be read or played, the line stays
unreadable: a bound no rule states is the format's alone. Read only after a field was
refused: the hot path never comes here."""
from __future__ import annotations

import dataclasses
from typing import Any

from ..model.kernel import Game, Illegal
from ..model.kernel.rules import Int, Names
from .decoders import loose_decoder
from .log import Line, Unreadable


def past_bound(game: Game, s: Any, players: tuple, line: Line, err: Unreadable) -> tuple | None:
    """(action, args, the Illegal its Needs raise, the field, what it holds past its bound)
    when `err` refused a list only for its length, or a whole number only for its range, and
    a Need of the action refuses the event read with that bound lifted; else None."""
    ev = line.data
    act = game.action(ev["do"]) if type(ev.get("do")) is str else None
    prm = next((x for x in act.params if x.name == err.field), None) if act is not None else None
    if prm is None:
        return None
    v, kind = ev.get(prm.name), prm.kind
    if type(kind) is Names and type(v) is list and len(v) > kind.most:
        wide, past = dataclasses.replace(kind, most=len(v)), f"holds {len(v)}, more than the {kind.most}"
    elif type(kind) is Int and type(v) is int and not kind.lo <= v <= kind.hi:
        # a bid of 61 Rsv points under a bound of 60 the text never gives (an independent
        # Trolls engine, s63): illegal if a rule refuses it (more than his Rsv), else the format's
        wide = dataclasses.replace(kind, lo=min(kind.lo, v), hi=max(kind.hi, v))
        past = f"is {v if abs(v) < 10**30 else 'a number of ' + str(len(str(abs(v)))) + ' digits'}, past the " \
               f"{kind.lo} to {kind.hi}"
    else:
        return None
    act2 = dataclasses.replace(act, params=tuple(dataclasses.replace(prm, kind=wide) if x is prm else x
                                                 for x in act.params))
    p = None if act.by == "chance" else players.index(ev["by"])
    try:
        a = loose_decoder(act2, s.cfg, players)(ev, p, line.no)
        game.step(s, act, a)
    except Illegal as e:
        return act, a, e, prm.name, past
    except Exception:  # noqa: BLE001 - another field at fault, or a value the rules cannot play: unreadable
        return None
    return None


def held_past(name: str, past: str) -> str:
    """What a field past its bound holds, as the replay and --why say it."""
    return f"its \"{name}\" {past} a log of this event may hold"
