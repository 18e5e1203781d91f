"""Every encoded rule of a game, with its §, source and where its code is written
(`referee rules GAME`; "at" is file:line, found by checks/where.py)."""
from __future__ import annotations

from ..model.kernel import Game
from .where import Finder


def catalogue(game: Game) -> list[dict]:
    w = Finder(game)
    rows: list[dict] = []

    def add(row: dict, at: str | None) -> None:
        rows.append({**row, **({"at": at} if at else {})})

    for p in game.phases:
        add({"cite": p.cite, "kind": "phase", "says": f"{p.name}: {p.says}"}, w.named("Phase", p.name))
    for a in game.actions:
        add({"cite": a.cite, "kind": "event", "says": f"{a.name}: {a.says}", "source": a.source,
             "params": [pr.name for pr in a.params]},
            w.named("Action", a.name) or w.rule(a.says, a.effect, *[n.test for n in a.needs]))
        for n in a.needs:
            add({"cite": n.cite, "kind": "need", "says": f"{a.name} needs: {n.says}", "source": n.source},
                w.rule(n.says, n.test, n.show))
    for i in game.invariants:
        add({"cite": i.cite, "kind": "invariant", "says": i.says, "source": i.source}, w.rule(i.says, i.test))
    for st in game.steps:
        add({"cite": st.cite, "kind": "step", "says": st.says, "source": st.source}, w.rule(st.says, st.when, st.then))
    for c in game.claims:
        add({"cite": c.cite, "kind": "claim", "says": c.says, "source": c.source}, w.rule(c.says, c.expr, c.goal))
    for r in game.rulings:
        add({"cite": r.cite, "kind": "ruling", "says": r.says}, w.rule(r.says, r.arises))
        for x in r.answers:
            add({"cite": x.cite, "kind": "answer", "says": f"{r.name}: {x.says}", "source": x.source},
                w.rule(x.says, x.applies, x.gives))
    for sv in game.sourced:
        at = w.named("Sourced", sv.name)
        for src, val in sv.says.items():
            add({"cite": sv.cite, "kind": "sourced", "says": f"{sv.doc}: {val}", "source": src}, at)
    for o in game.options:
        add({"cite": o.cite, "kind": "option", "says": f"{o.name} ({o.kind}): {o.says}; "
             + "; ".join(f"{k} = {v}" for k, v in o.choices.items()) + f" (default {o.default})"},
            w.named("Option", o.name))
    for g in game.gaps:
        add({"cite": g.cite, "kind": "gap", "says": f"{g.says} — {g.fills}"}, w.rule(g.says))
    # events a log may record and no rule judges: the replay is "not established" from them,
    # each at its line of beyond.toml, shown as every rule's place is (where.shown)
    from ..replays.beyond import beyond, beyond_file
    from .where import shown

    acts = beyond(game)
    if acts:
        f = beyond_file(game)
        lines = f.read_text(encoding="utf-8").splitlines()
        for b in acts.values():
            at = next((i for i, t in enumerate(lines, 1) if t.replace(" ", "") == f'do="{b.do}"'), 1)
            add({"cite": b.cite, "kind": "not judged", "says": f"{b.do}: {b.why} (gap {b.gap})"}, shown(f, at))
    return rows
