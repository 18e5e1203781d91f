"""Every encoded rule of a game, with its § and source (`referee rules GAME`)."""
from __future__ import annotations

from ..model.kernel import Game


def catalogue(game: Game) -> list[dict]:
    rows: list[dict] = []
    for p in game.phases:
        rows.append({"cite": p.cite, "kind": "phase", "says": f"{p.name}: {p.says}"})
    for a in game.actions:
        rows.append({"cite": a.cite, "kind": "event", "says": f"{a.name}: {a.says}", "source": a.source,
                     "params": [pr.name for pr in a.params]})
        for n in a.needs:
            rows.append({"cite": n.cite, "kind": "need", "says": f"{a.name} needs: {n.says}", "source": n.source})
    for i in game.invariants:
        rows.append({"cite": i.cite, "kind": "invariant", "says": i.says, "source": i.source})
    for c in game.claims:
        rows.append({"cite": c.cite, "kind": "claim", "says": c.says, "source": c.source})
    for r in game.rulings:
        rows.append({"cite": r.cite, "kind": "ruling", "says": r.says})
        for x in r.answers:
            rows.append({"cite": x.cite, "kind": "answer", "says": f"{r.name}: {x.says}", "source": x.source})
    for sv in game.sourced:
        for src, val in sv.says.items():
            rows.append({"cite": sv.cite, "kind": "sourced", "says": f"{sv.doc}: {val}", "source": src})
    for o in game.options:
        rows.append({"cite": o.cite, "kind": "option", "says": f"{o.name} ({o.kind}): {o.says}; "
                     + "; ".join(f"{k} = {v}" for k, v in o.choices.items()) + f" (default {o.default})"})
    for g in game.gaps:
        rows.append({"cite": g.cite, "kind": "gap", "says": f"{g.says} — {g.fills}"})
    return rows
