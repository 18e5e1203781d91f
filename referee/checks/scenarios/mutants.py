"""The mutants and unreadable families: one event of a legal game changed (a field, the
player, an event dropped or duplicated), or one field made unreadable; each replayed in
memory for its expected verdict (illegal with line and §, still legal, or unreadable with
line and field). `gen` is the scenarios' Generator (generator.py)."""
from __future__ import annotations

import copy
import random
from typing import Any, Iterator

import orjson

from ...model.kernel.rules import Int, Name, Names, Player
from .logs import Scenario, _slug, log_lines


def mutants(gen: Any, count: int) -> Iterator[Scenario]:
    """Six one-event changes of each of `count` legal games, each with the verdict its
    replay gives (those that cannot be read are the unreadable family's business), one
    game's at a time (over the Generator's processes: spread.py)."""
    for some in gen.spread.map("mutants_of", range(count)):
        yield from some


def mutants_of(gen: Any, i: int) -> list[Scenario]:
    """The mutants of the i-th legal game (a game of at most 400 events, a complete one when
    it ends by then: every mutant is replayed, and long games make slow replays)."""
    from ...replays.engine import replay

    path, res, rows = gen.logged(i, tag="mutants", max_steps=400)
    rng = gen.rng("mutate", i)
    out = []
    for kind, what, mrows in _mutations(gen.game, rows, rng):
        v = replay([orjson.dumps(r) for r in mrows], label="<mutant>")
        if v.verdict == "unreadable":
            continue
        if v.verdict == "legal":
            exp, cites = {"verdict": "legal"}, []
            what += ": still legal"
        else:
            p = v.first()
            exp = {"verdict": "illegal", "line": p.line, "cite": p.cite}
            if p.kind != "illegal":
                exp["kind"] = p.kind
            cites = [p.cite] if p.cite else []
            what += f": illegal at line {p.line} ({p.message})"
            mrows = mrows[:p.line] if p.kind in ("illegal", "undecided", "invariant") else mrows
        extra = {"mutation": kind, "of": f"legal game {i} ({len(path)} events{', complete' if res else ''})"}
        if v.verdict != "legal":
            extra["message"] = v.first().message
        out.append(Scenario("mutants", _slug(kind), mrows, exp, what, cites, extra))
    return out


def unreadable(gen: Any, count: int) -> list[Scenario]:
    """For every field of every action: the earliest event of that action in the legal
    games the mutants start from, that field made unreadable, the log cut after it.
    Each is replayed: the engine must stop there, on that field (else it is left out)."""
    from ...replays.engine import replay

    game = gen.game
    first: dict[str, tuple[int, list]] = {}  # action -> (row index, rows) of its earliest event
    for i in range(count):
        header, path, s, _ = gen.legal_game(i, tag="mutants", max_steps=400)
        rows = log_lines(game, header, path)
        for ri, r in enumerate(rows):
            if "n" in r and (r["do"] not in first or ri < first[r["do"]][0]):
                first[r["do"]] = (ri, rows)
    out: list[Scenario] = []
    for act in game.actions:
        if act.name not in first:
            continue
        ri, rows = first[act.name]
        players = rows[0]["players"]
        cfg = game.configure(rows[0].get("options", {}), None, None, nplayers=len(players))
        for prm in act.params:
            for what, bad in _unreadable_values(prm, cfg, players):
                rs = copy.deepcopy(rows[:ri + 1])
                rs[ri][prm.name] = bad
                p = replay([orjson.dumps(r) for r in rs], label="<unreadable>").first()
                if p is None or p.kind != "unreadable" or p.line != ri + 1 or p.field != prm.name:
                    continue
                out.append(Scenario(
                    "unreadable", _slug(f"{act.name} {prm.name} {what}"), rs,
                    {"verdict": "unreadable", "line": ri + 1, "field": prm.name},
                    f"event {rs[ri]['n']} ('{act.name}'): field \"{prm.name}\" holds {what}", [act.cite],
                    {"action": act.name, "field": prm.name, "value": what, "message": p.message}))
    if first:  # the header's setup too: each object in it with a key the game does not know
        rows = next(iter(first.values()))[1]
        for where, rs in _unknown_setup_keys(rows):
            p = replay([orjson.dumps(r) for r in rs], label="<unreadable>").first()
            if p is None or p.kind != "unreadable" or p.line != 1:
                continue
            out.append(Scenario("unreadable", _slug(f"setup unknown key {where}"), rs,
                                {"verdict": "unreadable", "line": 1, "field": p.field},
                                f"the header's setup{where} holds a key the game does not know", [],
                                {"action": None, "field": p.field, "value": "an unknown key", "message": p.message}))
    return out


def _unknown_setup_keys(rows: list[dict], most: int = 8) -> Iterator[tuple[str, list]]:
    """The log cut to its header, with a key "unknown" added to one object of its setup:
    the setup itself, then the objects within it (a player's setup...), at most `most`."""
    paths, todo = [], [((), rows[0].get("setup"))]
    while todo and len(paths) < most:
        path, x = todo.pop(0)
        if isinstance(x, dict):
            paths.append(path)
            todo += [((*path, k), v) for k, v in x.items()]
        elif isinstance(x, list):
            todo += [((*path, i), v) for i, v in enumerate(x)]
    for path in paths:
        head = copy.deepcopy(rows[0])
        obj = head["setup"]
        for k in path:
            obj = obj[k]
        obj["unknown"] = 1
        yield "".join(f"[{k!r}]" for k in path), [head]

def _mutations(game: Any, rows: list[dict], rng: random.Random, per_game: int = 6) -> Iterator[tuple[str, str, list]]:
    """One-event changes of a legal log: a field value, the player, a dropped or a
    duplicated event. Each change is a fresh copy; events are renumbered."""
    events = [i for i, r in enumerate(rows) if "n" in r]
    if not events:
        return
    players = rows[0]["players"]
    cfg = game.configure(rows[0].get("options", {}), None, None, nplayers=len(players))

    def renumber(rs):
        k = 0
        for r in rs:
            if "n" in r:
                k += 1
                r["n"] = k
        return rs

    kinds = ["field", "field", "player", "drop", "duplicate", "field"]
    for j in range(per_game):
        kind = kinds[j % len(kinds)]
        i = rng.choice(events)
        rs = copy.deepcopy(rows)
        ev = rs[i]
        act = game.action(ev["do"])
        if kind == "field" and not [p for p in act.params if p.name in ev or p.optional]:
            kind = "drop"  # an event with no field: dropped instead
        if kind == "field":
            got = _field(game, rs, i, cfg, players, rng)
            if got is None:  # no other readable value for that field here (a game's own kind): the
                # other events, in a seeded order, so that the game keeps its field mutant
                got = next((x for k in rng.sample(events, len(events)) if (x := _field(game, rs, k, cfg, players, rng))),
                           None)
            if got is None:
                continue
            ev, prm = got
            yield kind, f"event {ev['n']} ('{ev['do']}'): field \"{prm.name}\" changed", rs
            continue
        if kind == "player":
            if ev["by"] == "chance" or len(players) < 2:
                continue
            ev["by"] = rng.choice([p for p in players if p != ev["by"]])
            yield kind, f"event {ev['n']} ('{ev['do']}') made by another player", rs
        elif kind == "drop":
            del rs[i]
            yield kind, f"event {ev['n']} ('{ev['do']}') dropped", renumber(rs)
        elif kind == "duplicate":
            rs.insert(i + 1, copy.deepcopy(ev))
            yield kind, f"event {ev['n']} ('{ev['do']}') recorded twice", renumber(rs)


def _field(game: Any, rs: list, k: int, cfg: Any, players: list[str], rng: random.Random) -> tuple | None:
    """Event k of rs with one of its fields given another readable value, in place: (the
    event, the param), or None when it has none this module can change."""
    ev = rs[k]
    prms = [p for p in game.action(ev["do"]).params if p.name in ev or p.optional]
    if not prms:
        return None
    prm = rng.choice(prms)
    new = _other_value(prm, ev.get(prm.name), cfg, players, rng)
    if new is None:
        return None
    ev[prm.name] = new
    return ev, prm


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
