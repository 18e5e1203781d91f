"""Scenarios: edge-case games with their expected verdicts, for other people's engines
(`referee scenarios GAME`). Game-agnostic: everything comes from the `Game` record.

Three families, each a set of replayable JSONL logs whose header carries the expected
verdict (`"expect"`, the format replays/expect.py checks), plus manifest.json:

- random: legal full games played from the model's own moves (`Game.moves`, filtered by
  every Need), over every combination of the variant options (mode, board side...), each
  other rules option in turn, and every number of players the game accepts.
- boundary: for every guard (`Need`, the phase need included) of every action, a legal game
  whose last event meets the Need at its limit, and one whose last event steps past it. The
  states are those reached by legal random games; the arguments that make exactly that Need
  fail while the others hold are found by z3 over the Need's own test (the same code the
  replay engine runs), then checked concretely. "At its limit" is decided from the Need
  itself: a unit change of one argument, or of one state value the Need reads, breaks it.
- mutants: a legal game with one event changed (a field value, the player, an event dropped
  or duplicated), replayed to find its verdict: illegal (line and §) or still legal.
- unreadable: for every field of every action, a legal game cut after the first event of
  that action, the field made unreadable (a number past its range, a list one name too
  long, a name or player the game does not know): expected unreadable, with line and field.

Deterministic for a given seed (every random choice comes from `random.Random(seed/...)`,
z3 is asked small questions without time limits that matter).
"""
from __future__ import annotations

import z3

import copy
import itertools
import random
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Iterator

import orjson

from ..model.kernel import BadInput, Game, Undecided
from ..model.kernel.logic import Not, Sym, SymbolicBranch
from ..model.kernel.play import event
from ..model.kernel.rules import Int, Name, Names, Need, Player
from ..model.kernel.reads import leaf, parts, reads, with_leaves
from .symbolic import _sym_param, leaves as value_leaves

FAMILIES = ("random", "boundary", "mutants", "unreadable")


# ------------------------------------------------------------------ configurations
def player_counts(game: Game) -> list[int]:
    """The numbers of players the game accepts (asked of its own `configure`)."""
    out = []
    for n in range(1, 9):
        try:
            game.configure({}, None, None, nplayers=n)
            out.append(n)
        except Exception:  # noqa: BLE001 - BadInput: not a valid number of players
            continue
    return out


def configurations(game: Game) -> list[tuple[dict, int]]:
    """(options, players): every combination of the variant options (kind "variant": mode,
    board side), then each other rules option's non-default choices one at a time; the
    player counts are spread over them so that each count appears."""
    variants = [o for o in game.options if o.kind == "variant"]
    combos = [dict(zip([o.name for o in variants], vals))
              for vals in itertools.product(*[list(o.choices) for o in variants])] or [{}]
    others = [{o.name: c} for o in game.options if o.kind != "variant" for c in o.choices if c != o.default]
    opts = combos + others
    counts = player_counts(game) or [2]
    n = max(len(opts), len(counts))
    return [(opts[i % len(opts)], counts[i % len(counts)]) for i in range(n)]


# ------------------------------------------------------------------ playing
class Player_:
    """Plays random legal games fast: the Needs of each action are built once, candidates
    are tried in a random order and the first legal one is taken (which is a uniform choice
    among the legal moves, without testing every candidate). A game whose candidate
    generator carries a `weight(s, act, args)` function (`Game.moves.weight`) is played by
    a weighted draw instead: each legal move is taken with a probability proportional to
    its weight (the players of a long game can then end it sooner)."""

    def __init__(self, game: Game):
        self.game = game
        self.needs = {a.name: game.needs(a) for a in game.actions}
        self.weight = getattr(game.moves, "weight", None)

    def ok(self, s: Any, act: Any, a: Any) -> bool:
        try:
            for n in self.needs[act.name]:
                if not n.test(s, a):
                    return False
        except Undecided:
            return False
        return True

    def step(self, s: Any, rng: random.Random):
        """(action, args, next state) of a random legal move, or None."""
        game = self.game
        cands = list(game.moves(s))
        weight = self.weight
        ws = [weight(s, act, a) for act, a in cands] if weight is not None else None
        while cands:  # a lazy shuffle: draw candidates at random until one is legal
            if ws is None:
                k = rng.randrange(len(cands))
            else:  # a weighted draw without replacement
                r, k = rng.random() * sum(ws), 0
                while k < len(ws) - 1 and r >= ws[k]:
                    r -= ws[k]
                    k += 1
                ws[k], ws[-1] = ws[-1], ws[k]
                ws.pop()
            cands[k], cands[-1] = cands[-1], cands[k]
            act, a = cands.pop()
            if not self.ok(s, act, a):
                continue
            try:
                t = game.apply(s, act, a)
                game.result(t)
            except Undecided:  # the rules cannot tell what this move does: not a legal game
                continue
            return act, a, t
        return None

    def greedy_step(self, s: Any, rng: random.Random):
        """The legal move that goes furthest into the game (`Game.progress`), ties at random."""
        game, best, top = self.game, None, None
        for act, a in game.moves(s):
            if not self.ok(s, act, a):
                continue
            try:
                t = game.apply(s, act, a)
                game.result(t)
            except Undecided:
                continue
            score = game.progress(t) + rng.random()
            if top is None or score > top:
                best, top = (act, a, t), score
        return best

    def play(self, header: dict, rng: random.Random, max_steps: int = 3000, keep: bool = False,
             greed: float = 0.0):
        """A random legal game from a header: (path [(action, args)], final state, states).
        With `greed`, that share of the moves goes furthest into the game (Game.progress)."""
        s = self.game.first_state(header)
        path, states = [], [s] if keep else []
        if self.game.progress is None:
            greed = 0.0
        for _ in range(max_steps):
            if self.game.result(s) is not None:
                break
            got = self.greedy_step(s, rng) if greed and rng.random() < greed else self.step(s, rng)
            if got is None:
                break
            act, a, s = got
            path.append((act, a))
            if keep:
                states.append(s)
        return path, s, states


def header_for(game: Game, options: dict, nplayers: int, rng: random.Random) -> dict:
    cfg = game.configure(options, None, None, nplayers=nplayers)
    h = game.random_header(rng, cfg)
    return {**h, "options": {**h.get("options", {}), **options}}


def result_line(game: Game, s: Any, players: list[str]) -> dict | None:
    out = game.result(s)
    if out is None:
        return None
    ws = [players[i] for i in out.winners]
    res: dict[str, Any] = {"winner": ws[0] if len(ws) == 1 else ws}
    if out.points is not None:
        res["points"] = {players[i]: int(p) for i, p in enumerate(out.points)}
    return {"result": res}


def log_lines(game: Game, header: dict, path: list, extra: list[dict] = ()) -> list[dict]:
    players = tuple(header["players"])
    cfg = game.configure(header.get("options", {}), None, None, nplayers=len(players))
    rows = [header]
    for i, (act, a) in enumerate(path, 1):
        rows.append({"n": i, **event(game, cfg, act, a, players)})
    return rows + list(extra)


# ------------------------------------------------------------------ the scenario set
@dataclass
class Scenario:
    family: str
    slug: str
    rows: list[dict]
    expect: dict
    exercises: str
    cites: list[str]
    extra: dict = field(default_factory=dict)


def _slug(x: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", x.lower()).strip("-")[:40] or "x"


def _families(family: str | list[str]) -> tuple[str, ...]:
    """The families asked for ("all", one name or a list), in the order of FAMILIES."""
    wanted = [family] if isinstance(family, str) else list(family)
    unknown = sorted(set(wanted) - set(FAMILIES) - {"all"})
    if unknown:
        raise ValueError(f"unknown scenario family {unknown[0]!r} (known: {', '.join(FAMILIES)})")
    return FAMILIES if "all" in wanted else tuple(f for f in FAMILIES if f in wanted)


def build(game: Game, count: int = 20, seed: int = 0, family: str | list[str] = "all",
          budget: float | None = None) -> list[Scenario]:
    """The scenarios of `game`, in memory (nothing is written): the families asked for, in
    the order of FAMILIES. Arguments as for `generate`."""
    fams = _families(family)
    gen = Generator(game, seed)
    scen: list[Scenario] = []
    if "random" in fams:
        scen += gen.random(count)
    if "boundary" in fams:
        scen += gen.boundary(budget=budget)
    if "mutants" in fams:
        scen += gen.mutants(max(1, count))
    if "unreadable" in fams:
        scen += gen.unreadable(max(1, count))
    return scen


class OutDirRefused(BadInput):
    """`out_dir` holds files this module did not write (or --force without its manifest)."""


def _own_files(out_dir: Path) -> set[str] | None:
    """The files an earlier run wrote into out_dir, as its manifest.json lists them (plain
    names only: a manifest naming a path elsewhere is not ours); None when there is no such
    manifest."""
    try:
        doc = orjson.loads((out_dir / "manifest.json").read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return None
    if type(doc) is not dict or doc.get("referee") != 1 or type(doc.get("referee")) is not int \
            or type(doc.get("scenarios")) is not list:
        return None
    names = [m.get("file") for m in doc["scenarios"] if type(m) is dict]
    module = doc.get("module")
    if module is not None:
        names.append(module)
    if not all(type(n) is str and n == Path(n).name and not n.startswith(".") and n.endswith((".jsonl", ".py"))
               for n in names):
        return None
    return set(names) | {"manifest.json"}


def check_out_dir(out_dir: Path, force: bool = False) -> set[str]:
    """Where scenarios may be written: a new or empty folder; with `force`, a folder an
    earlier run wrote (recognised by its manifest.json), whose listed files may be replaced
    or removed and nothing else. Returns the names that may be replaced; raises
    OutDirRefused (exit 2) otherwise. A user's file is never deleted or overwritten."""
    out_dir = Path(out_dir)
    if not out_dir.exists():
        return set()
    if not out_dir.is_dir():
        raise OutDirRefused(f"{out_dir}: not a directory")
    present = {p.name for p in out_dir.iterdir()}
    if not present:
        return set()
    own = _own_files(out_dir)
    if not force:
        hint = (" (it holds an earlier run's scenarios: --force replaces the files its manifest.json lists)"
                if own is not None else "")
        raise OutDirRefused(f"{out_dir}: not empty; scenarios are written only into a new or empty folder, "
                            f"so that no file of yours is replaced or removed{hint}")
    if own is None:
        raise OutDirRefused(f"{out_dir}: not empty and holds no manifest.json written by `referee scenarios`; "
                            f"--force replaces only the files such a manifest lists")
    return own


def generate(game: Game, out_dir: Path, count: int = 20, seed: int = 0, family: str | list[str] = "all",
             fmt: str = "logs", budget: float | None = None, force: bool = False) -> list[dict]:
    """Write the scenarios of `game` to out_dir (logs + manifest.json; with fmt "pytest" also
    a test module) and return the manifest. `family`: "all", one family or a list of them;
    `count`: random games (and the legal games the other families start from); `budget`:
    seconds for the boundary search (None: no limit beyond the search's own bounds).
    out_dir must be new or empty; with `force`, a folder of an earlier run, whose files (those
    its manifest lists) are replaced or removed and no other (check_out_dir)."""
    fams = _families(family)
    out_dir = Path(out_dir)
    own = check_out_dir(out_dir, force)
    scen = build(game, count, seed, family, budget)  # in memory: the probes replay without files
    manifest, files = [], {}
    for i, sc in enumerate(scen):
        name = f"{game.name}-{sc.family}-{i:04d}-{sc.slug}.jsonl"
        rows = copy.deepcopy(sc.rows)
        rows[0] = {**rows[0], "expect": sc.expect, "note": f"{sc.family}: {sc.exercises}"}
        files[name] = b"".join(orjson.dumps(r) + b"\n" for r in rows)
        manifest.append({"file": name, "game": game.name, "family": sc.family, "expect": sc.expect,
                         "exercises": sc.exercises, "cites": sc.cites, "options": rows[0].get("options", {}),
                         "players": rows[0]["players"], "events": sum(1 for r in rows[1:] if "n" in r), **sc.extra})
    module = f"test_{game.name}_scenarios.py" if fmt == "pytest" else None
    # nothing is written before every name is known to be new or this module's own
    out_dir.mkdir(parents=True, exist_ok=True)
    present = {p.name for p in out_dir.iterdir()}
    clash = sorted((set(files) | {"manifest.json"} | ({module} if module else set())) & present - own)
    if clash:
        raise OutDirRefused(f"{out_dir / clash[0]}: not written by `referee scenarios` (its manifest.json does "
                            f"not list it): left as it is, and nothing written")
    for name, data in files.items():
        (out_dir / name).write_bytes(data)
    # an earlier run's files with other parameters would be replayed too: remove them (only those)
    for old in sorted(own - set(files) - {"manifest.json", module}):
        (out_dir / old).unlink(missing_ok=True)
    doc = {"referee": 1, "game": game.name, "seed": seed, "count": count, "families": list(fams), "scenarios": manifest}
    if module:
        doc["module"] = module
    (out_dir / "manifest.json").write_bytes(orjson.dumps(doc, option=orjson.OPT_INDENT_2) + b"\n")
    if fmt == "pytest":
        write_pytest(game, out_dir)
    return manifest


class Generator:
    def __init__(self, game: Game, seed: int):
        self.game, self.seed = game, seed
        self.player = Player_(game)
        self.confs = configurations(game)
        self._played: dict[tuple, tuple] = {}  # legal games already played (mutants, unreadable)

    def rng(self, *tag: Any) -> random.Random:
        return random.Random("/".join(map(str, (self.seed, *tag))))

    def legal_game(self, i: int, keep: bool = False, tag: str = "random", max_steps: int = 3000, greed: float = 0.0):
        key = (i, keep, tag, max_steps, greed)
        if key in self._played:
            return self._played[key]
        got = self._legal_game(i, keep, tag, max_steps, greed)
        if not keep:
            self._played[key] = got
        return got

    def _legal_game(self, i: int, keep: bool, tag: str, max_steps: int, greed: float):
        opts, n = self.confs[i % len(self.confs)]
        rng = self.rng(tag, i)
        header = header_for(self.game, opts, n, rng)
        path, s, states = self.player.play(header, rng, max_steps=max_steps, keep=keep, greed=greed)
        return header, path, s, states

    # -------------------------------------------------------------- random
    def random(self, count: int) -> list[Scenario]:
        out = []
        for i in range(count):
            header, path, s, _ = self.legal_game(i)
            res = result_line(self.game, s, header["players"])
            opts = ", ".join(f"{k}={v}" for k, v in header.get("options", {}).items())
            how = "a complete game" if res else f"a legal game stopped after {len(path)} events (no end reached)"
            out.append(Scenario("random", _slug(f"{len(header['players'])}p {opts}"),
                                log_lines(self.game, header, path, [res] if res else []), {"verdict": "legal"},
                                f"{how}, {len(header['players'])} players, {opts or 'default options'}",
                                sorted({act.cite for act, _ in path})))
        return out

    # -------------------------------------------------------------- boundary
    def boundary(self, budget: float | None = None, per_game: int = 300) -> list[Scenario]:
        """For each (action, Need): a legal event at the Need's limit and an event past it.
        The states searched are those of two legal games per configuration: one uniformly
        random, one that mostly takes the move going furthest (resources, levels, guilds
        pile up: the limits come within reach)."""
        B = Boundary(self, budget)
        for i in range(len(self.confs)):
            for greed in (0.0, 0.8):
                header, path, s, states = self.legal_game(i, keep=True, tag=f"boundary{greed}",
                                                          max_steps=per_game * (2 if greed else 1), greed=greed)
                B.add_game(header, path, states)
        return B.search()

    # -------------------------------------------------------------- mutants
    def mutants(self, count: int) -> list[Scenario]:
        from ..replays.engine import replay

        out: list[Scenario] = []
        for i in range(count):
            # a legal game of at most 400 events (a complete one when it ends by then):
            # every mutant is replayed, and long games make slow replays
            header, path, s, _ = self.legal_game(i, tag="mutants", max_steps=400)
            res = result_line(self.game, s, header["players"])
            rows = log_lines(self.game, header, path, [res] if res else [])
            rng = self.rng("mutate", i)
            for kind, what, mrows in self._mutations(rows, rng):
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

    # -------------------------------------------------------------- unreadable
    def unreadable(self, count: int) -> list[Scenario]:
        """For every field of every action: the earliest event of that action in the legal
        games the mutants start from, that field made unreadable, the log cut after it.
        Each is replayed: the engine must stop there, on that field (else it is left out)."""
        from ..replays.engine import replay

        game = self.game
        first: dict[str, tuple[int, list]] = {}  # action -> (row index, rows) of its earliest event
        for i in range(count):
            header, path, s, _ = self.legal_game(i, tag="mutants", max_steps=400)
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
        return out

    def _mutations(self, rows: list[dict], rng: random.Random, per_game: int = 6) -> Iterator[tuple[str, str, list]]:
        """One-event changes of a legal log: a field value, the player, a dropped or a
        duplicated event. Each change is a fresh copy; events are renumbered."""
        game = self.game
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
            if kind == "field":
                prms = [p for p in act.params if p.name in ev or p.optional]
                if not prms:
                    kind = "drop"
                else:
                    prm = rng.choice(prms)
                    new = _other_value(prm, ev.get(prm.name), cfg, players, rng)
                    if new is None:
                        continue
                    ev[prm.name] = new
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


# ------------------------------------------------------------------ boundary search
def _safe(test: Any, s: Any) -> bool:
    """test(s), or True when the rule cannot read the state."""
    try:
        return bool(test(s))
    except Exception:  # noqa: BLE001
        return True


def _holds(need: Need, s: Any, a: Any) -> bool | None:
    try:
        return bool(need.test(s, a))
    except Undecided:
        return None
    except Exception:  # noqa: BLE001 - a perturbed state the rule cannot read (index out of range)
        return None


def _unit_steps(s: Any, paths: Any, declared_only: bool) -> Iterator[tuple[tuple, int, int, Any]]:
    """(path, value, d, s with value + d) for each whole number at `paths`, d = -1 then +1,
    within its field's declared range (a state a game can show); `declared_only` skips the
    numbers of fields without one."""
    meta = {f.name: f.metadata for f in s.skeleton()}
    for path in paths:
        v = leaf(s, path)
        if type(v) is not int or (declared_only and path[0] not in meta):
            continue
        m = meta.get(path[0], {})
        for d in (-1, 1):
            if m.get("lo", v - 1) <= v + d <= m.get("hi", v + 1):
                yield path, v, d, with_leaves(s, {path: v + d})


def just_past(need: Need, s: Any, a: Any) -> bool:
    """Is `need` failed just beyond its limit at (s, a): a unit change of one state value it
    reads (within the field's declared range) makes it hold? (One token left where none may
    stay, one crown too many...) Needs that read no number count as just past."""
    try:
        leaves = [p for p in sorted(reads(lambda st: need.test(st, a), s)) if type(leaf(s, p)) is int]
    except Exception:  # noqa: BLE001
        return True
    if not leaves:
        return True
    return any(_holds(need, t, a) is True for _, _, _, t in _unit_steps(s, leaves, declared_only=False))


def tight(act: Any, need: Need, s: Any, a: Any) -> str | None:
    """Is `need` met at its limit by (s, a)? It holds, and a unit change of one argument or
    of one state value the Need reads breaks it. Returns what breaks it, or None."""
    if _holds(need, s, a) is not True:
        return None
    for prm in act.params:
        v = getattr(a, prm.name, None)
        k = prm.kind
        if isinstance(k, Int) and isinstance(v, int):
            for d in (-1, 1):
                b = SimpleNamespace(**{**a.__dict__, prm.name: v + d})
                if k.lo <= v + d <= k.hi and _holds(need, s, b) is False:
                    return f"{prm.name} {v} -> {v + d}"
        if isinstance(k, Names) and isinstance(v, tuple):
            for i in range(len(v)):
                for d in (-1, 1):
                    if v[i] + d < 0:
                        continue
                    b = SimpleNamespace(**{**a.__dict__, prm.name: v[:i] + (v[i] + d,) + v[i + 1:]})
                    if _holds(need, s, b) is False:
                        return f"one {prm.name} {'more' if d > 0 else 'fewer'}"
    try:
        leaves = reads(lambda st: need.test(st, a), s)
    except Exception:  # noqa: BLE001 - a rule that cannot be traced: arguments only
        return None
    for path, v, d, t in _unit_steps(s, sorted(leaves), declared_only=True):
        if _holds(need, t, a) is False:
            return f"{'.'.join(map(str, path))} {v} -> {v + d}"
    return None


def _in_turn(xs: list, ys: list) -> list:
    """Items of xs and ys taken in turn (pair by pair, as zip stops), each once."""
    return list(dict.fromkeys(i for pair in zip(xs, ys) for i in pair))


class Boundary:
    """Legal games' states, searched for each (action, Need) pair."""

    def __init__(self, gen: Generator, budget: float | None):
        self.gen, self.game = gen, gen.game
        self.budget = budget
        self.points: list[tuple[int, int, Any]] = []  # (game index, prefix length, state)
        self.games: list[tuple[dict, list]] = []
        self.templates: dict[str, list] = {}  # action name -> candidate args seen in the games
        self._moves: dict[int, list] = {}
        self._order: dict[str, list[int]] = {}

    def add_game(self, header: dict, path: list, states: list) -> None:
        g = len(self.games)
        self.games.append((header, path))
        for k, s in enumerate(states):
            if self.game.result(s) is None:
                self.points.append((g, k, s))

    def moves(self, idx: int) -> list:
        if idx not in self._moves:
            s = self.points[idx][2]
            self._moves[idx] = list(self.game.moves(s))
            for act, a in self._moves[idx]:
                t = self.templates.setdefault(act.name, [])
                if len(t) < 8:
                    t.append(a)
        return self._moves[idx]

    def order(self, tag: str) -> list[int]:
        """States in a seeded order: early states (short logs) alternate with the latest
        ones (where levels, guilds and resources have piled up: the rarer limits)."""
        if tag not in self._order:
            self._order[tag] = self._make_order(tag)
        return self._order[tag]

    def _make_order(self, tag: str) -> list[int]:
        """Two orders taken in turn: all states shuffled, early and late ones alternating
        (the late ones are where levels and resources have piled up); and game by game,
        each game's states so ordered, the games taking turns (a configuration played by
        two games of thirty, e.g. an option that stops its games early, comes within the
        first tries of every search)."""
        rng = self.gen.rng("boundary-order", tag)
        idx = list(range(len(self.points)))
        rng.shuffle(idx)
        early = sorted(idx, key=lambda i: self.points[i][1] // 25)
        late = sorted(idx, key=lambda i: -self.points[i][1] // 25)
        glob = [i for pair in zip(early, late) for i in pair]
        per: dict[int, list[int]] = {}
        for i, (g, _, _) in enumerate(self.points):
            per.setdefault(g, []).append(i)
        rows = []
        for g in sorted(per):
            idx = per[g]
            rng.shuffle(idx)
            early = sorted(idx, key=lambda i: self.points[i][1] // 25)
            late = sorted(idx, key=lambda i: -self.points[i][1] // 25)
            rows.append(_in_turn(early, late))
        rng.shuffle(rows)
        turns = [i for col in itertools.zip_longest(*rows) for i in col if i is not None]
        return _in_turn(glob, turns)

    def scenario(self, idx: int, act: Any, a: Any, expect: dict, exercises: str, cites: list, extra: dict) -> list:
        """[the scenario], or [] when the arguments cannot be written as a log line (a
        candidate move whose list is longer than the names it is read against: Draft's
        deck vector under some options has one entry more than its card names)."""
        g, k, s = self.points[idx]
        header, path = self.games[g]
        try:
            rows = log_lines(self.game, header, path[:k] + [(act, a)])
        except (IndexError, KeyError):
            return []
        if expect["verdict"] == "illegal":
            # the event is refused by a guard ("illegal"), not accepted and then found to
            # break an invariant of the model ("invariant"): replay --expect tells them apart
            expect = {**expect, "line": len(rows), "kind": "illegal"}
        return [Scenario("boundary", _slug(f"{expect['verdict']} {act.name} {extra['says']}"), rows, expect,
                         exercises, cites, extra)]

    def search(self) -> list[Scenario]:
        game = self.game
        deadline = None if self.budget is None else time.monotonic() + self.budget
        out: list[Scenario] = []
        for act in game.actions:
            needs = game.needs(act)
            for j, need in enumerate(needs):
                if deadline is not None and time.monotonic() > deadline:
                    return out
                tag = f"{act.name}#{j}"
                info = {"action": act.name, "need": j, "says": need.says}
                try:
                    legal = self._legal_at_limit(act, j, tag)
                except z3.Z3Exception:  # e.g. a real-valued argument this search cannot write back
                    continue
                if legal is not None:
                    idx, a, why, strict = legal
                    what = (f"'{act.name}' meets '{need.says}' at its limit ({why} breaks it)" if strict else
                            f"'{act.name}' meets '{need.says}' (no state at its limit found)")
                    out += self.scenario(idx, act, a, {"verdict": "legal"}, what, [need.cite],
                                             {**info, "at_limit": strict, "side": "limit"})
                try:
                    past = self._past(act, j, tag)
                except z3.Z3Exception:
                    past = None
                if past is not None:
                    idx, a, exact, how = past
                    what = (f"'{act.name}' breaks '{need.says}'" + (" and nothing else" if exact else
                            " (the first Need that fails)") + f", {how}")
                    out += self.scenario(idx, act, a, {"verdict": "illegal", "cite": need.cite}, what,
                                             [need.cite], {**info, "exact": exact, "side": "past", "found_by": how})
                    out += self._conjunct_pasts(act, j, tag, idx, a, info, deadline)
        out += self.invariant_limits()
        return out

    def _conjunct_pasts(self, act: Any, j: int, tag: str, idx: int, a: Any, info: dict, deadline: float | None,
                        most: int = 4) -> list[Scenario]:
        """For a Need that is a conjunction (of 2 to `most` parts, read at the state and
        arguments of its *past* scenario), one more *past* per conjunct: that conjunct alone
        fails, the Need's other conjuncts and (if z3 finds it) every other Need hold. An
        engine that checks only part of the guard passes the Need's one scenario, not these."""
        need = self.game.needs(act)[j]
        s = self.points[idx][2]
        sa, pairs = _sym_args(act, s.cfg, a)  # the arguments z3 chooses made symbolic, as solve() does
        cs = conjuncts(need, s, sa)
        if cs is None or len(cs) > most:
            return []
        out = []
        for i in range(len(cs)):
            t = conjunct_target(need, s, sa, i)
            if type(t) is Sym and pairs:
                t = z3.is_true(z3.simplify(z3.substitute(t.t, *pairs)))
            if t is True:
                continue  # the Need's own past scenario already breaks this conjunct alone
            if deadline is not None and time.monotonic() > deadline:
                break
            try:
                got = self._past(act, j, tag, conj=i, tries_max=10)
            except z3.Z3Exception:
                got = None
            if got is None:
                continue
            k, b, exact, how = got
            part = str(cs[i][0])
            what = (f"'{act.name}' breaks part {i + 1} of {len(cs)} of '{need.says}' ({part}) and "
                    + ("nothing else" if exact else "its other parts hold") + f", {how}")
            out += self.scenario(k, act, b, {"verdict": "illegal", "cite": need.cite}, what, [need.cite],
                                     {**info, "exact": exact, "side": "past", "found_by": how, "conjunct": i,
                                      "conjuncts": len(cs), "part": part})
        return out

    def invariant_limits(self) -> list[Scenario]:
        """For each invariant (a limit the rules keep: 20 crowns, 6 charges, levels 0..3...):
        the shortest legal game found whose last state sits on it from above (one more of a
        value it reads would break it) and from below (one less would). No legal game can
        step past an invariant: a Need forbids it, and the Needs have their own scenarios."""
        out = []
        s0 = self.points[0][2] if self.points else None
        # states after at least one event (the setup alone sits on most limits trivially)
        order = sorted((i for i in range(len(self.points)) if self.points[i][1] > 0), key=lambda i: (self.points[i][1], i))
        step = max(1, len(order) // 120)  # 120 states, spread from the shortest prefixes to the longest
        sample = order[::step]
        for k, inv in enumerate(self.game.invariants):
            plist = []
            for part in parts(inv):  # the values each conjunct reads (traced once, on the first state)
                try:
                    plist.append((part, sorted(reads(part, s0))))
                except Exception:  # noqa: BLE001 - a rule that cannot be traced
                    continue
            for d, side in ((1, "from above"), (-1, "from below")):
                hit = None
                for idx in sample:
                    s = self.points[idx][2]
                    for part, leaves in plist:
                        if not _safe(part, s):
                            continue
                        for path in leaves:
                            v = leaf(s, path)
                            if type(v) is int and not _safe(part, with_leaves(s, {path: v + d})):
                                hit = (idx, path, v)
                                break
                        if hit:
                            break
                    if hit:
                        break
                if hit is None:
                    continue
                idx, path, v = hit
                g, n, s = self.points[idx]
                header, gpath = self.games[g]
                where = ".".join(map(str, path))
                out.append(Scenario("boundary", _slug(f"legal reaches {inv.says}"), log_lines(self.game, header, gpath[:n]),
                                    {"verdict": "legal"},
                                    f"a legal game reaches the limit of '{inv.says}' {side}: {where} = {v}, "
                                    f"{'one more' if d > 0 else 'one less'} would break it", [inv.cite],
                                    {"invariant": k, "says": inv.says, "side": "limit", "at_limit": True,
                                     "direction": side}))
        return out

    def _legal_at_limit(self, act: Any, j: int, tag: str):
        need = self.game.needs(act)[j]
        fallback = None
        for n, idx in enumerate(self.order(tag)):
            if n > 600:
                break
            s = self.points[idx][2]
            for act2, a in self.moves(idx):
                if act2.name != act.name or not self.gen.player.ok(s, act, a):
                    continue
                try:
                    self.game.apply(s, act, a)
                except Undecided:
                    continue
                why = tight(act, need, s, a)
                if why is not None:
                    return idx, a, why, True
                if fallback is None:
                    fallback = (idx, a, "", False)
        return fallback

    def _past(self, act: Any, j: int, tag: str, conj: int | None = None, tries_max: int = 60):
        """A state of a legal game and arguments whose first failing Need is the j-th (with
        `conj`: by that conjunct of it alone)."""
        game = self.game
        needs = game.needs(act)
        tries, first = 0, None  # a few more states are tried for a past just beyond the limit
        order = self.order(tag)
        if conj is not None:  # states where the action is a candidate first: a part of a guard is searched
            mine = [i for i in order[:1500] if any(a2.name == act.name for a2, _ in self.moves(i))]
            order = mine + [i for i in order if i not in set(mine)]
        for idx in order:
            s = self.points[idx][2]
            if j > 0 and not needs[0].test(s, SimpleNamespace(p=None)):
                continue  # out of phase: only the phase Need can be the one that fails here
            temps = [a for act2, a in self.moves(idx) if act2.name == act.name] or [
                t for t in self.templates.get(act.name, []) if _fits(act, t, s.cfg)]
            if not temps:
                continue
            tries += 1
            if tries > tries_max:
                return first
            got = solve(game, s, act, j, temps[0], conj=conj)
            if got is not None:
                if conj is not None or just_past(needs[j], s, got[0]):
                    return (idx,) + got
                if first is None:
                    first, tries_max = (idx,) + got, min(tries_max, tries + 5)
        return first


# ------------------------------------------------------------------ conjuncts of a Need
def _flat_and(e: Any) -> list:
    if z3.is_and(e):
        return [c for x in e.children() for c in _flat_and(x)]
    return [e]


def conjuncts(need: Need, s: Any, a: Any) -> list | None:
    """The conjuncts of a Need's test at (s, a), as z3 terms over the state values it reads
    (named like `done[0]`) and the symbolic arguments: [(term, leaves)], or None when the
    test is not a conjunction there. Rules never branch on state values, so making the
    values it reads symbolic keeps the test's shape: it depends on the arguments and the
    configuration only (the key of the cache, held by the Config: Config.memo)."""
    try:
        key = ("conjuncts", id(need), tuple((k, v.t.get_id() if type(v) is Sym else
                                           tuple(x.t.get_id() if type(x) is Sym else x for x in v)
                                           if isinstance(v, tuple) else v) for k, v in sorted(a.__dict__.items())))
    except Exception:  # noqa: BLE001 - arguments that do not make a key
        key = None
    memo = s.cfg.memo
    if key is not None and key in memo:
        return memo[key][1]
    got = _conjuncts(need, s, a)
    if key is not None:
        memo[key] = (need, got, a)  # the Need kept alive with its entry: its id stays its own
    return got


def _conjuncts(need: Need, s: Any, a: Any) -> list | None:
    try:
        leaves = [p for p in sorted(reads(lambda st: need.test(st, a), s)) if type(leaf(s, p)) is int]
        S = s
        for path in leaves:
            S = with_leaves(S, {path: Sym(z3.Int(_leaf_name(path)))})
        t = need.test(S, a)
    except Exception:  # noqa: BLE001 - a rule that cannot be traced or made symbolic
        return None
    if type(t) is not Sym:
        return None
    cs = [c for c in _flat_and(t.t) if not z3.is_true(c)]
    return [(c, leaves) for c in cs] if len(cs) >= 2 else None


def _leaf_name(path: tuple) -> str:
    return path[0] + "".join(f"[{i}]" for i in path[1:])


def conjunct_target(need: Need, s: Any, a: Any, i: int) -> Any:
    """"Conjunct i of the Need fails and its other conjuncts hold" at the concrete state s,
    for arguments a (some symbolic): a Sym, a bool, or None when there is no conjunct i."""
    cs = conjuncts(need, s, a)
    if cs is None or i >= len(cs):
        return None
    leaves = cs[0][1]
    key = ("conjunct-target", id(cs), i)  # cs is kept alive by its conjuncts entry
    memo = s.cfg.memo
    if key not in memo:
        memo[key] = (cs, z3.And(z3.Not(cs[i][0]), *[c for k, (c, _) in enumerate(cs) if k != i]),
                         [z3.Int(_leaf_name(p)) for p in leaves])
    _, t, vs = memo[key]
    if vs:
        t = z3.substitute(t, *[(v, z3.IntVal(leaf(s, p))) for v, p in zip(vs, leaves)])
    t = z3.simplify(t)
    if z3.is_true(t):
        return True
    if z3.is_false(t):
        return False
    return Sym(t)


def conjunct_holds(need: Need, s: Any, a: Any, i: int) -> bool:
    """Concretely: does conjunct i fail at (s, a) while the Need's other conjuncts hold?"""
    t = conjunct_target(need, s, a, i)
    return t is True


# ------------------------------------------------------------------ z3 over one Need
def _split(act: Any, cfg: Any) -> tuple[list, list, list]:
    """Params made symbolic (z3 values that decode back into a log field), enumerated
    (small finite domains), or kept from the template."""
    sym, enum, fixed = [], [], []
    for prm in act.params:
        k = prm.kind
        if isinstance(k, Int) and not k.enum:
            sym.append(prm)
        elif isinstance(k, Names):
            sym.append(prm)
        elif isinstance(k, Name) and k.sym:
            sym.append(prm)
        elif k.domain(cfg) is not None:
            enum.append(prm)
        else:
            fixed.append(prm)
    return sym, enum, fixed


def _sym_args(act: Any, cfg: Any, a: Any) -> tuple[SimpleNamespace, list]:
    """`a` with the arguments solve() makes symbolic replaced by their z3 variables, and the
    (variable, value) pairs that give them back."""
    sym, _, _ = _split(act, cfg)
    out, pairs = dict(a.__dict__), []
    for prm in sym:
        v, vs, _ = _z3_param(prm, cfg, f"x.{prm.name}")
        out[prm.name] = v
        cur = getattr(a, prm.name, None)
        vals = cur if isinstance(cur, tuple) else (cur,)
        if len(vals) != len(vs) or not all(isinstance(x, int) for x in vals):
            return SimpleNamespace(**a.__dict__), []
        pairs += [(z, z3.IntVal(x)) for z, x in zip(vs, vals)]
    return SimpleNamespace(**out), pairs


def _z3_param(prm: Any, cfg: Any, name: str):
    """The symbolic param of the checks (symbolic._sym_param) with its z3 variables."""
    v, cs = _sym_param(prm, cfg, name)
    return v, [x.t for x in value_leaves(v)], cs


def _combos(doms: list, limit: int = 20000) -> Iterator[tuple]:
    """The combinations of the enumerated arguments, those closest to the template (its
    values come first in each domain) first: all of the template, then one value changed,
    then two... (so that a bounded search still tries another player, another card)."""
    sizes = [len(d) for _, d in doms]
    n = 1
    for k in sizes:
        n *= k
    if n > limit:
        yield from itertools.product(*[d for _, d in doms])
        return
    idx = sorted(itertools.product(*[range(k) for k in sizes]), key=lambda c: sum(1 for x in c if x))
    for c in idx:
        yield tuple(d[x] for (_, d), x in zip(doms, c))


def solve(game: Game, s: Any, act: Any, j: int, template: Any, combos_max: int = 60, conj: int | None = None):
    """Arguments for `act` at the concrete state s whose first failing Need is the j-th:
    z3 over the Needs' tests (the other Needs hold if it can, else only the ones before),
    then checked concretely. With `conj`, the j-th Need fails by that conjunct only (its
    other conjuncts hold). Returns (args, exact, how) or None."""
    from .symbolic import term

    cfg = s.cfg
    needs = game.needs(act)

    def others_hold(b: Any) -> bool:  # every Need but the target holds (or cannot tell)
        return all(_holds(n, s, b) is not False for k, n in enumerate(needs) if k != j)

    sym, enum, fixed = _split(act, cfg)
    players = [None] if act.by == "chance" else list(range(cfg.extra.get("nplayers", 2)))
    doms = [("p", _first(players, template.p))]
    for prm in enum:
        dom = list(prm.kind.domain(cfg)) + ([prm.default] if prm.optional else [])
        doms.append((prm.name, _first(dom, getattr(template, prm.name, None))))
    zs, side, values = [], [], {}
    for prm in sym:
        v, vs, cs = _z3_param(prm, cfg, f"x.{prm.name}")
        values[prm.name], side = v, side + cs
        zs.append((prm, vs))
    order = [j] + list(range(j))  # the target first, then the Needs before it: most combos stop early
    for n, combo in enumerate(_combos(doms)):
        if n >= combos_max:
            break
        base = {k: v for (k, _), v in zip(doms, combo)}
        for prm in fixed:
            base[prm.name] = getattr(template, prm.name, prm.default)
        a = SimpleNamespace(**base, **values)
        terms: list = [None] * len(needs)
        try:
            dead = False
            for k in order + list(range(j + 1, len(needs))):
                if needs[k].concrete_only:
                    if k == j:
                        dead = True
                        break
                    continue
                t = needs[k].test(s, a)
                if k == j and conj is not None:
                    t = conjunct_target(needs[k], s, a, conj)
                    if t is None:
                        dead = True
                        break
                    t = Not(t)  # the target "fails" when the chosen conjunct alone fails
                terms[k] = t
                if type(t) is not Sym and (bool(t) if k == j else (k < j and not t)):
                    dead = True  # the target cannot fail, or a Need before it cannot hold
                    break
            if dead:
                continue
        except (SymbolicBranch, Undecided, TypeError, IndexError, KeyError, AttributeError, ValueError):
            continue
        before = [t for t in terms[:j] if t is not None]
        after = [t for t in terms[j + 1:] if t is not None]
        for exact in (True, False):
            got = _model(z3, term, side, before, terms[j], after if exact else [], zs, template, cfg)
            if got is None:
                continue
            b = SimpleNamespace(**base, **got)
            fail = _first_failing(game, s, act, b)
            if fail == j and (conj is None or conjunct_holds(needs[j], s, b, conj)):
                how = "found by z3" if zs else "found by enumerating the arguments"
                return b, others_hold(b), how
    if conj is not None:
        return None
    # a concrete-only Need (it reads detail z3 does not see): unit changes of a legal move's
    # arguments; when the one found breaks a later Need too, a second unit change of another
    # argument that mends it (e.g. a card drawn changed, then the card put under with it)
    first = None
    for b in neighbours(act, template, cfg):
        if _first_failing(game, s, act, b) == j:
            if others_hold(b):
                return b, True, "found by a unit change of a candidate move's arguments"
            first = first or b
    if first is None:
        return None
    changed = {p.name for p in act.params if getattr(first, p.name, None) != getattr(template, p.name, None)}
    for c in neighbours(act, first, cfg):
        if any(getattr(c, n, None) != getattr(first, n, None) for n in changed):
            continue
        if _first_failing(game, s, act, c) == j and others_hold(c):
            return c, True, "found by two unit changes of a candidate move's arguments"
    return first, False, "found by a unit change of a candidate move's arguments"


def neighbours(act: Any, a: Any, cfg: Any, limit: int = 400) -> Iterator[SimpleNamespace]:
    """Arguments one unit away from a: a number +-1, one name more or fewer in a list, one
    name of a list replaced by another, another name, another player."""
    n = 0
    for prm in act.params:
        v, k = getattr(a, prm.name, None), prm.kind
        alts: list = []
        if isinstance(k, Int) and isinstance(v, int):
            alts = [v + d for d in (-1, 1) if k.lo <= v + d <= k.hi]
        elif isinstance(k, Names) and isinstance(v, tuple):
            alts = [v[:i] + (v[i] + d,) + v[i + 1:] for i in range(len(v)) for d in (-1, 1)
                    if v[i] + d >= 0 and sum(v) + d <= k.most]
            # and one name replaced by another (as many names: a Need on the count still holds)
            alts += [tuple(x - (n == i) + (n == o) for n, x in enumerate(v))
                     for i in range(len(v)) if v[i] for o in range(len(v)) if o != i]
        elif isinstance(k, Name) and isinstance(v, int):
            alts = [x for x in range(len(k.names(cfg))) if x != v]
        elif isinstance(k, Player) and isinstance(v, int):
            alts = [x for x in range(cfg.extra.get("nplayers", 2)) if x != v]
        for x in alts:
            yield SimpleNamespace(**{**a.__dict__, prm.name: x})
            n += 1
            if n >= limit:
                return


def _fits(act: Any, a: Any, cfg: Any) -> bool:
    """Arguments seen in another game fit this one (its players exist here, its lists of
    names are as long as this configuration's)."""
    n = cfg.extra.get("nplayers", 2)
    ps = [a.p] + [getattr(a, p.name, None) for p in act.params if isinstance(p.kind, Player)]
    lists = [(getattr(a, p.name, None), p.kind) for p in act.params if isinstance(p.kind, Names)]
    return (all(x is None or (isinstance(x, int) and x < n) for x in ps)
            and all(not isinstance(v, tuple) or len(v) == len(k.names(cfg)) for v, k in lists))


def _first(dom: list, v: Any) -> list:
    return ([v] + [x for x in dom if x != v]) if v in dom else dom


def _first_failing(game: Game, s: Any, act: Any, a: Any) -> int | None:
    try:
        for k, need in enumerate(game.needs(act)):
            if not need.test(s, a):
                return k
    except Undecided:
        return -1
    except Exception:  # noqa: BLE001
        return -2
    return None


def _model(z3: Any, term: Any, side: list, before: list, target: Any, after: list, zs: list, template: Any,
           template_cfg: Any = None):
    """Values of the symbolic params (or {} when none): before and after hold, target fails;
    as close to the template's values as z3 finds (fewest changes)."""
    plain = [t for t in before + after + [target] if type(t) is not Sym]
    if any(not t for t in before + after if type(t) is not Sym) or (type(target) is not Sym and target):
        return None
    if not zs:
        return {} if not any(type(t) is Sym for t in before + after + [target]) else None
    opt = z3.Optimize()
    opt.set("timeout", 10000)
    opt.add(*side)
    opt.add(*[term(t) for t in before + after if type(t) is Sym])
    opt.add(z3.Not(term(target)) if type(target) is Sym else z3.BoolVal(True))
    dist = []
    for prm, vs in zs:
        tv = getattr(template, prm.name, None)
        tvals = tv if isinstance(tv, tuple) else (tv,)
        for v, x in zip(vs, tvals):
            if isinstance(x, int):
                dist.append(z3.If(v >= x, v - x, x - v))
    if dist:
        opt.minimize(z3.Sum(dist))
    del plain
    if opt.check() != z3.sat:
        return None
    m = opt.model()
    out = {}
    for prm, vs in zs:
        vals = [m.eval(v, model_completion=True).as_long() for v in vs]
        out[prm.name] = tuple(vals) if isinstance(prm.kind, Names) else vals[0]
    return out


# ------------------------------------------------------------------ pytest format
PYTEST = '''"""Scenarios for {title}, generated by `referee scenarios {game} --format pytest`
(seed {seed}). Drop this folder into your test suite and tell it how to call your engine.

The contract: your engine is a function `engine(lines) -> verdict`.
- `lines` is the log as a list of dicts: lines[0] the header (game, options, players,
  setup; ignore its "expect" and "note"), then one dict per event ({{"n", "by", "do", ...}}),
  then maybe {{"result": ...}}. Line numbers count from 1 at the header.
- It returns a dict {{"verdict": "legal" | "illegal" | "unreadable", "line": int | None,
  "cite": str | None}}: the first illegal line and the § of the rule it breaks (a wrong
  declared result is illegal too), or the first line a field of which cannot be read (a
  number out of range, too many names, an unknown name: "unreadable", no §). "line" and
  "cite" are compared only when your engine gives them (not None).
Say which function: define a fixture `referee_engine` in your conftest.py, or set
REFEREE_ENGINE=package.module:function. Without either, referee's own engine is used.
"""
import importlib
import json
import os
from pathlib import Path

import pytest

HERE = Path(__file__).parent
MANIFEST = json.loads((HERE / "manifest.json").read_text(encoding="utf-8"))
SCENARIOS = MANIFEST["scenarios"]


def _referee(lines):
    import tempfile

    from referee.replays.engine import replay

    with tempfile.NamedTemporaryFile("wb", suffix=".jsonl", delete=False) as fh:
        fh.write(b"".join(json.dumps(x, ensure_ascii=False).encode() + b"\\n" for x in lines))
    try:
        v = replay(Path(fh.name))
    finally:
        os.unlink(fh.name)
    p = v.first()
    return {{"verdict": v.verdict, "line": p.line if p else None, "cite": p.cite if p else None}}


@pytest.fixture
def referee_engine():
    spec = os.environ.get("REFEREE_ENGINE")
    if spec:
        mod, _, fn = spec.partition(":")
        return getattr(importlib.import_module(mod), fn)
    return _referee


@pytest.mark.parametrize("sc", SCENARIOS, ids=[s["file"][:-6] for s in SCENARIOS])
def test_scenario(sc, referee_engine):
    lines = [json.loads(x) for x in (HERE / sc["file"]).read_text(encoding="utf-8").splitlines() if x.strip()]
    got = referee_engine(lines)
    want = sc["expect"]
    assert got["verdict"] == want["verdict"], f"{{sc['exercises']}}: expected {{want}}, got {{got}}"
    if want["verdict"] in ("illegal", "unreadable"):
        if got.get("line") is not None:
            assert got["line"] == want["line"], f"{{sc['exercises']}}: expected line {{want['line']}}, got {{got}}"
        if want["verdict"] == "illegal" and got.get("cite") is not None:
            assert got["cite"] == want["cite"], f"{{sc['exercises']}}: expected {{want['cite']}}, got {{got}}"
'''


def write_pytest(game: Game, out_dir: Path, seed: int | None = None) -> Path:
    doc = orjson.loads((out_dir / "manifest.json").read_bytes())
    path = out_dir / f"test_{game.name}_scenarios.py"
    path.write_text(PYTEST.format(title=game.title, game=game.name, seed=doc.get("seed")), encoding="utf-8")
    return path
