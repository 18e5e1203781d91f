"""Mutated and unreadable fields: values the field's decoding refuses, and other readable
values for a one-event change."""
from __future__ import annotations

import random
from typing import Any

from ...model.kernel.rules import Int, Name, Names, Player


def _unreadable_values(prm: Any, cfg: Any, players: list[str]) -> list[tuple[str, Any]]:
    """(what, value) that the field's own decoding refuses: just past a number's range,
    one name more than a list holds, a name or a player the game does not know."""
    k = prm.kind
    if isinstance(k, Int):
        return [(f"{k.hi + 1}, one more than its largest value {k.hi}", k.hi + 1),
                (f"{k.lo - 1}, one less than its smallest value {k.lo}", k.lo - 1)]
    unknown = "?" + "".join(sorted(set(players)))  # a name no component list and no header holds
    if isinstance(k, Name):
        return [(f"an unknown {k.what}", unknown)]
    if isinstance(k, Names):
        names = list(k.names(cfg))
        out = [(f"an unknown {k.what}", [unknown])]
        if names:
            plural = k.what + ("es" if k.what.endswith("s") else "s")
            out.insert(0, (f"{k.most + 1} {plural}, one more than the list holds", [names[0]] * (k.most + 1)))
        return out
    if isinstance(k, Player):
        return [("a player the header does not name", unknown)]
    return []


def _other_value(prm: Any, v: Any, cfg: Any, players: list[str], rng: random.Random) -> Any:
    """Another valid (readable) value for a field: a neighbour number, another name, one
    name more or fewer in a list, another player."""
    k = prm.kind
    if isinstance(k, Int):
        cands = [x for x in ((v if isinstance(v, int) else k.lo) + d for d in (-1, 1)) if k.lo <= x <= k.hi]
        return rng.choice(cands) if cands else None
    if isinstance(k, Name):
        names = [x for x in k.names(cfg) if x != v]
        return rng.choice(names) if names else None
    if isinstance(k, Names):
        cur = list(v or [])
        names = list(k.names(cfg))
        if cur and (len(cur) >= k.most or rng.random() < 0.5):
            cur.pop(rng.randrange(len(cur)))
        else:
            cur.append(rng.choice(names))
        return cur
    if isinstance(k, Player):
        others = [p for p in players if p != v]
        return rng.choice(others) if others else None
    return None
