"""The boundary family: for every guard of every action, a legal event at its limit and
one just past it, searched over the states of legal games."""
from __future__ import annotations

import itertools
from types import SimpleNamespace
from typing import Any, Callable

import z3

from ...model.kernel import Undecided
from ...model.kernel.logic import And, Not, Or, Sym, is_sym
from ...model.kernel.rules import consulting
from ...model.kernel.reads import leaf, parts, reads, with_leaves
from .conjuncts import conjunct_target, conjuncts, shapes
from .limits import _holds, _in_turn, _safe, just_past, tight
from .logs import Scenario, _slug, log_lines
from .solve import _first_failing, _fits, _sym_args, solve
from .. import work
from ..steady import settle


class Boundary:
    """Legal games' states, searched for each (action, Need) pair."""

    def __init__(self, gen: Any, budget: float | None):  # gen: the Generator (generator.py)
        self.gen, self.game = gen, gen.game
        self.budget = budget
        self.points: list[tuple[int, int, Any]] = []  # (game index, prefix length, state)
        self.games: list[tuple[dict, list]] = []
        self.templates: dict[str, list] = {}  # action name -> candidate args seen in the games
        self._moves: dict[int, list] = {}
        self._order: dict[str, list[int]] = {}
        self.first: dict[str, list[int]] = {}  # action name -> states tried first for its Needs (reach.py)

    def add_game(self, header: dict, path: list, states: list, first: dict[str, list[int]] | None = None) -> None:
        """A legal game's states; `first`: action name -> prefix lengths of this game whose
        states are tried first for that action's Needs (a game steered to it, reach.py)."""
        g = len(self.games)
        self.games.append((header, path))
        at: dict[int, int] = {}
        for k, s in enumerate(states):
            if self.game.result(s) is None:
                at[k] = len(self.points)
                self.points.append((g, k, s))
        for name, ks in (first or {}).items():
            self.first.setdefault(name, []).extend(at[k] for k in ks if k in at)

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
            first = self.first.get(tag.split("#")[0], [])
            self._order[tag] = first + [i for i in self._make_order(tag) if i not in set(first)]
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
        # the budget is z3's work (work.py: units, the same on any machine), not a clock
        stop = None if self.budget is None else work.spent() + int(self.budget * work.RATE)

        def over() -> bool:
            return stop is not None and work.spent() > stop
        out: list[Scenario] = []
        for act in game.actions:
            settle()  # the cycles the last action's queries left, freed at the same point each run
            needs = game.needs(act)
            for j, need in enumerate(needs):
                if over():
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
                    out += self._conjunct_pasts(act, j, tag, idx, a, info, over)
                    out += self._reading_pasts(act, j, tag, idx, a, info, over)
        out += self.invariant_limits()
        return out

    def _conjunct_pasts(self, act: Any, j: int, tag: str, idx: int, a: Any, info: dict, over: Callable[[], bool],
                        most: int = 4) -> list[Scenario]:
        """For a Need that is a conjunction (read at the state and arguments of its *past*
        scenario), one more *past* per conjunct: that conjunct alone fails, the Need's other
        conjuncts and (if z3 finds it) every other Need hold. An engine that checks only part
        of the guard passes the Need's one scenario, not these. A conjunction of more than
        `most` parts (one per card or item: "each item is owned and identified") gets one per
        shape of part, the first `most` shapes (shapes()): any one part of that shape fails
        alone, whichever item the state lets fail."""
        need = self.game.needs(act)[j]
        s = self.points[idx][2]
        sa, pairs = _sym_args(act, s.cfg, a)  # the arguments z3 chooses made symbolic, as solve() does
        cs = conjuncts(need, s, sa)
        if cs is None:
            return []
        out = []
        for i in (range(len(cs)) if len(cs) <= most else shapes(cs)[:most]):
            t = conjunct_target(need, s, sa, i)  # i: a conjunct, or a shape's conjuncts
            if type(t) is Sym and pairs:
                t = z3.is_true(z3.simplify(z3.substitute(t.t, *pairs)))
            if t is True:
                continue  # the Need's own past scenario already breaks this conjunct alone
            if over():
                break
            got = self._one_more_past(act, j, tag, conj=i)
            if got is None:
                continue
            k, b, exact, how = got
            first = i[0] if isinstance(i, tuple) else i
            part = str(cs[first][0]) + (f" or one of its {len(i) - 1} likes" if isinstance(i, tuple) and len(i) > 1 else "")
            what = (f"'{act.name}' breaks part {first + 1} of {len(cs)} of '{need.says}' ({part}) and "
                    + ("nothing else" if exact else "its other parts hold") + f", {how}")
            out += self.scenario(k, act, b, {"verdict": "illegal", "cite": need.cite}, what, [need.cite],
                                     {**info, "exact": exact, "side": "past", "found_by": how, "conjunct": first,
                                      "conjuncts": len(cs), "part": part})
        return out

    def _one_more_past(self, act: Any, j: int, tag: str, **how: Any):
        """A Need's further *past* (`_past` with `conj` or `also`, 10 states tried), or None."""
        try:
            return self._past(act, j, tag, tries_max=10, **how)
        except z3.Z3Exception:
            return None

    def _reading_pasts(self, act: Any, j: int, tag: str, idx: int, a: Any, info: dict,
                       over: Callable[[], bool]) -> list[Scenario]:
        """For a Need that reads an open point (it calls `decide`), one more *past* per
        reading that can settle the point under the rules in force (each text answer, the
        option value in force): the Need fails where that reading decides. An engine that
        gets the Need right under one reading only (Welcome's chooser of the next adventurer
        under `chooser=left`) passes the Need's one scenario, not these."""
        need = self.game.needs(act)[j]
        s = self.points[idx][2]
        seen: set = set()
        try:
            with consulting(seen):
                need.test(s, a)
        except Exception:  # noqa: BLE001 - Undecided there: the Need's past says so already
            return []
        out = []
        for r in (r for r in self.game.rulings if r.name in seen):
            for x in r.answers:
                if over():
                    return out
                if x.option is not None and s.cfg.opt(x.option[0]) != x.option[1]:
                    continue  # another value's reading: not the rules in force
                decides = _decides(r, x)
                if _holds_at(decides, s, a):
                    continue  # the Need's own past is read so already
                got = self._one_more_past(act, j, tag, also=decides)
                if got is None:
                    continue
                k, b, exact, how = got
                what = (f"'{act.name}' breaks '{need.says}' where '{x.says}' [{x.source}] settles "
                        f"'{r.says}', " + ("nothing else" if exact else "the first Need that fails") + f", {how}")
                out += self.scenario(k, act, b, {"verdict": "illegal", "cite": need.cite}, what, [need.cite],
                                     {**info, "exact": exact, "side": "past", "found_by": how,
                                      "reading": f"{r.name}: {x.source}"})
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
                if act2.name != act.name or not self.gen.explorer.ok(s, act, a):
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

    def _past(self, act: Any, j: int, tag: str, conj: int | tuple | None = None, tries_max: int = 60, also: Any = None):
        """A state of a legal game and arguments whose first failing Need is the j-th (with
        `conj`: by that conjunct of it alone; with `also`: where that predicate holds too)."""
        game = self.game
        needs = game.needs(act)
        tries, first = 0, None  # a few more states are tried for a past just beyond the limit
        order = self.order(tag)
        if conj is not None or also is not None:  # states where the action is a candidate first
            mine = [i for i in order[:1500] if any(a2.name == act.name and (also is None or _holds_at(also, self.points[i][2], b))
                                                   for a2, b in self.moves(i))]
            order = mine + [i for i in order if i not in set(mine)]
        for idx in order:
            s = self.points[idx][2]
            if j > 0 and not needs[0].test(s, SimpleNamespace(p=None)):
                continue  # out of phase: only the phase Need can be the one that fails here
            temps = [a for act2, a in self.moves(idx) if act2.name == act.name] or [
                t for t in self.templates.get(act.name, []) if _fits(act, t, s.cfg)]
            if also is not None:  # a candidate where the reading settles the point
                temps = [a for a in temps if _holds_at(also, s, a)]
            if not temps:
                continue
            tries += 1
            if tries > tries_max:
                break
            got = solve(game, s, act, j, temps[0], conj=conj) if also is None else _proposed(game, s, act, j, temps)
            if got is not None:
                if conj is not None or also is not None:
                    return (idx,) + got
                # best: every other Need holds (an engine that skips this one Need accepts
                # the event: an inexact past is refused by another Need, often of the same §);
                # else none of the others that fail shares its § (an engine that skips it
                # names another §); and it is just past the limit; a few more states are tried
                rank = (bool(got[1]), got[1] or not _same_cite(needs, j, s, got[0]), just_past(needs[j], s, got[0]))
                if rank == (True, True, True):
                    return (idx,) + got
                if first is None or rank > first[0]:
                    first = (rank, (idx,) + got)
                    tries_max = min(tries_max, tries + 5)
        return None if first is None else first[1]


def _decides(r: Any, x: Any) -> Any:
    """Where answer x settles ruling r (kernel decide): a text answer where it applies; an
    option's where it applies and no text answer does, or where two text answers of one rank
    apply and give different outcomes (a conflict the option settles: Welcome's chooser of the
    next adventurer, §Manche suivante against §Issue); both only where the question arises,
    for a ruling that has an outcome otherwise."""
    text = [y for y in r.answers if y.option is None]

    def clashes(s: Any, a: Any) -> list:
        app = [y.applies(s, a) for y in text]
        if is_sym(*app):  # a symbolic state: the outcomes are not compared (as before)
            return []
        hit = [y for y, c in zip(text, app) if c]
        return [True for i in range(len(hit)) for j in range(i + 1, len(hit))
                if s.cfg.rank(hit[i].source) == s.cfg.rank(hit[j].source) and hit[i].gives(s, a) != hit[j].gives(s, a)]

    def pred(s: Any, a: Any) -> Any:
        here = [x.applies(s, a)]
        if x.option is not None:
            here.append(Or(And(*[Not(y.applies(s, a)) for y in text]), *clashes(s, a)))
        return And(*here, *([r.arises(s, a)] if r.otherwise is not None else []))

    return pred


def _proposed(game: Any, s: Any, act: Any, j: int, temps: list, most: int = 60):
    """(args, exact, how) of the first candidate move (of `most`) whose first failing Need is
    the j-th, as the game proposed it (where a reading settles a point, the arguments are
    those of moves the game makes: Twister's squares are not enumerated), or None."""
    needs = game.needs(act)
    for b in temps[:most]:
        if _first_failing(game, s, act, b) == j:
            exact = all(_holds(n, s, b) is not False for k, n in enumerate(needs) if k != j)
            return b, exact, "a candidate move of the game's own"
    return None


def _same_cite(needs: list, j: int, s: Any, a: Any) -> bool:
    """Another Need of the same § as the j-th fails too (a past that cannot tell them apart)."""
    return any(_holds(n, s, a) is False for k, n in enumerate(needs) if k != j and n.cite == needs[j].cite)


def _holds_at(pred: Any, s: Any, a: Any) -> bool:
    try:
        return bool(pred(s, a))
    except Exception:  # noqa: BLE001 - cannot be read there: not known to hold
        return False
