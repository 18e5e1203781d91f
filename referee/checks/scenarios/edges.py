"""The edges of the open questions, under each option value that answers one: complete legal
games (part of the situations family) in which an event of the question's action sits just
beside it —
- one condition short of the question: each condition of the ruling's `arises` failing
  alone while the others hold (Welcome's Ring of Power alone defeating a monster, under
  `ring_overlap=other_first`: the question needs another tile beside it, so the Ring adds its
  strength there under either value);
- the value's own answer at its limit: where it applies, its outcome is met exactly, or
  missed by one unit of a value it reads (under `survive=damage`, damage one short of the
  starting HP; under Draft's `self=no`, exactly the class count the ability needs).
An engine that gives the option's answer too wide a scope (no Ring gain ever), or reads
its comparison one unit off, plays these games otherwise: a later event is refused, or a
declared outcome (the HP left a dungeon with) or the result line differs.

Games are played under the value alone (the other options at their defaults), the player
counts cycling, until `events` events are played; a count of
events, so a seed gives the same set anywhere. One scenario per game, listing the edges it
holds. `gen` is the scenarios' Generator (generator.py)."""
from __future__ import annotations

from typing import Any

import orjson

from ...model.kernel import Game
from ...model.kernel.reads import reads
from ...model.kernel.rules import Need
from ..explore import Explorer
from .conjuncts import conjunct_holds, conjuncts
from .declared import declare
from .families import under
from .limits import just_past, tight
from .logs import Scenario, _slug, log_lines, result_line

EVENTS = 3_000  # events played per option value at most


def edges(gen: Any, counts: list[int], events: int = EVENTS) -> list[Scenario]:
    """The edge games of every option value that answers a ruling, in the game's order."""
    game = gen.game
    out: list[Scenario] = []
    for opt in game.options:
        for v in opt.choices:
            mine = [(r, x) for r in game.rulings for x in r.answers if x.source == f"option:{opt.name}={v}"]
            if mine:
                out += _games(gen, game, opt.name, v, mine, counts, events)
    return out


def _probes(mine: list) -> list[tuple[Any, str, Any]]:
    """(ruling, what, Need) whose edges are looked for: each ruling's `arises`, and the
    value's answer's outcome where it is a truth value. A Need object each, made once (the
    conjuncts' cache is keyed by it)."""
    out, seen = [], set()
    for r, x in mine:
        if r.name not in seen:
            seen.add(r.name)
            out.append((r, "arises", Need(r.cite, r.says, r.arises)))
        if r.outcome == "bool":
            out.append((r, x, Need(x.cite, x.says, x.gives)))
    return out


def _edges_at(game: Game, probes: list, s: Any, act: Any, a: Any) -> list[tuple[str, str]]:
    """(key, words) of every edge the event (act, a) at state s sits on."""
    got = []
    for r, what, need in probes:
        if r.action != act.name:
            continue
        try:
            if what == "arises":
                cs = conjuncts(need, s, a) or []
                for i in range(len(cs)):
                    if conjunct_holds(need, s, a, i):
                        got.append((f"{r.name}/arises/{i}", f"one condition short of '{r.says}' [{r.cite}]: "
                                    f"part {i + 1} of {len(cs)} ({_short(cs[i][0])}) fails alone"))
            elif bool(what.applies(s, a)) and reads(lambda st: need.test(st, a), s):  # an outcome read off the state
                why = tight(act, need, s, a)
                if why is not None:
                    got.append((f"{r.name}/{what.source}/limit", f"'{what.says}' met at its limit ({why} breaks it)"))
                elif not bool(what.gives(s, a)) and just_past(need, s, a):
                    got.append((f"{r.name}/{what.source}/past", f"'{what.says}' missed by one unit"))
        except Exception:  # noqa: BLE001 - Undecided, or a rule that cannot be read here: no edge
            continue
    return got


def _games(gen: Any, game: Game, name: str, v: str, mine: list, counts: list[int], events: int) -> list[Scenario]:
    probes = _probes(mine)
    acts = {r.action for r, _, _ in probes}
    explorer = Explorer(game, "weighted", lawful=True)
    found: set[str] = set()
    out: list[Scenario] = []
    played = 0
    for header, rng in under(game, gen.seed, name, v, counts, "edges"):
        if played >= events:
            break
        if header is None:  # that player count is refused under this value
            played += 1
            continue
        first = s = game.first_state(header)
        path, afters, new = [], [], {}
        for m in (play := explorer.play(s, rng, 3000)):
            if m.act.name in acts:
                for key, words in _edges_at(game, probes, s, m.act, m.args):
                    if key not in found and key not in new:
                        new[key] = (len(path) + 2, words)  # the header is line 1
            path.append((m.act, m.args))
            afters.append(m.after)
            s = m.after
        played += max(1, len(path))
        if not new:
            continue
        found |= set(new)
        res = result_line(game, play.state, header["players"])
        how = "a complete game" if res else f"a legal game stopped after {len(path)} events"
        said = "; ".join(f"line {line}: {words}" for line, words in sorted(new.values()))
        rows = log_lines(game, header, declare(game, first, path, afters), [res] if res else [])
        out.append(Scenario("situations", _slug(f"{name} {v} edge"), rows, _expect(rows, new),
                            f"{how} under {name}={v} beside the question it answers: {said}",
                            sorted({act.cite for act, _ in path}),
                            {"option": f"{name}={v}", "edges": sorted(new), "lines": sorted(x for x, _ in new.values())}))
    return out


def _expect(rows: list[dict], new: dict) -> dict:
    """Legal; and at each edge line where the replay reports no rules option settling the
    edge's open point (the text settles it there, or it does not arise), that none does
    (`expect.undecided`): an engine or a rule that lets the option settle it there too is
    told apart even where the outcome comes out the same (Draft's ability at exactly its
    class count under `self=no`: the text settles it)."""
    from ...replays.engine import replay

    v = replay([orjson.dumps(r) for r in rows], label="<edges>")
    said = {(d["ruling"], d["line"]) for d in v.decided}
    undecided: dict[str, list[int]] = {}
    for key, (line, _) in new.items():
        r = key.split("/")[0]
        if (r, line) not in said and line not in undecided.get(r, []):
            undecided.setdefault(r, []).append(line)
    return {"verdict": "legal", **({"undecided": {r: sorted(ls) for r, ls in sorted(undecided.items())}} if undecided else {})}


def _short(t: Any, most: int = 160) -> str:
    """A condition's z3 text on one line, cut to `most` characters."""
    x = " ".join(str(t).split())
    return x if len(x) <= most else x[:most - 3] + "..."
