"""§6 La phase Actions: every token placed at once (§6.1), resolved by initiative order,
an effect at or below the building's level (§6.3), stone-paid evolution at any time
(§6.4), the Avant-Poste's options (§6.5) and guilds (§9.1)."""
from __future__ import annotations

from typing import Any

from ..kernel import (
    Action, And, If, Implies, Int, Lookup, Name, Names, Need, Or, Param, Sum,
    args, put, vadd,
)
from .data import CLASSES, COLUMNS, Effect, Gain
from .economy import affordable, cap_needs, settle
from .moves import chance, glory_tables
from .sources import AP_TOKENS
from .state import ACTIONS, EXPEDITIONS

DONJON = "Partir en donjon"  # §6.1: the spot that sends a group (chapter 7)
TOP = 3  # §3.3: three black cubes at most


def spots(cfg: Any) -> tuple[str, ...]:
    return cfg.comp.building_names + (DONJON,)


def max_mark(b: Any) -> int:
    """The most tokens a building may receive: 1, or its largest white circle (§6.1)."""
    return max([1] + [e.mark for e in b.effects])


def mark_at(b: Any, level: Any) -> Any:
    """The most tokens a building of that level may receive this turn (§6.1): 1, or the
    largest white circle of an effect its level gives (§3.3: effects 1 to its level). An
    effect above its level cannot be the effect used, so its circle does not count."""
    m = _marks(b)
    return If(level >= 3, m[3], If(level >= 2, m[2], If(level >= 1, m[1], m[0])))


def _marks(b: Any) -> list[int]:
    """mark_at(b, level) for the levels 0 to 3."""
    return [max([1] + [e.mark for e in b.effects[:k]]) for k in range(4)]


def _rooms(cfg: Any) -> tuple[tuple[int, ...], ...]:
    """mark_at of each building at levels 0 to 3, per Config (held by it): the proposers
    read it on values (mark_at's If chain, per building, cost more than the draws)."""
    got = cfg.memo.get("raiders.rooms")
    if got is None:
        got = cfg.memo["raiders.rooms"] = tuple(tuple(_marks(b)) for b in cfg.comp.buildings)
    return got


def _room(rooms: tuple, level: int) -> int:
    """mark_at on a value: its If chain, from the table."""
    return rooms[3] if level >= 3 else rooms[2] if level >= 2 else rooms[1] if level >= 1 else rooms[0]


def _placed_both(s: Any) -> Any:
    return And(s.done[0] >= 1, s.done[1] >= 1)


def _my_resolution(s: Any, a: Any) -> Any:
    """§6.1: once every token is placed, the initiative player resolves, then the other."""
    p = a.p
    return And(_placed_both(s), s.done[p] == 1, Or(s.init == p, s.done[1 - p] == 2))


def _resolution_show(s: Any, a: Any) -> str:
    """Why it is not the player's turn to resolve, in words (no Python values shown)."""
    if not (s.done[0] >= 1 and s.done[1] >= 1):
        return "not every token is placed yet"
    if s.done[a.p] == 2:
        return "this player has resolved its tokens already"
    return f"the Initiative holder (seat {s.init + 1}) resolves first and has not finished"


RESOLVE_TURN = Need("§6.1", "all tokens are placed and it is the player's turn to resolve "
                    "(the initiative player first, then the other)", _my_resolution, _resolution_show)


# ------------------------------------------------------------------ §6.1 placement
def _place(s: Any, a: Any) -> Any:
    p = a.p
    B = len(s.placed[p])
    return s.but(placed=put(s.placed, p, tuple(a.tokens[:B])), expedition=put(s.expedition, p, a.tokens[B]),
                 done=put(s.done, p, 1))


def _mark_bound(s: Any, p: int, i: int) -> Any:
    """The most tokens building i of player p may receive at placement: its level's circle, or
    under circle_read=resolved the largest of its effects' (the level reached by the time they
    are resolved decides: building.use's Need)."""
    b = s.cfg.comp.buildings[i]
    return _marks(b)[3] if s.cfg.opt("circle_read") == "resolved" else mark_at(b, s.level[p][i])


def _marks_ok(s: Any, a: Any) -> Any:
    return And(*[a.tokens[i] <= _mark_bound(s, a.p, i) for i in range(len(s.cfg.comp.buildings))])


def _on_board(s: Any, a: Any) -> Any:
    p = a.p
    return And(*[Implies(s.onboard[p][i] == 0, a.tokens[i] == 0) for i in range(len(s.onboard[p]))])


def _placements(s: Any):
    """Four random spreads of each player's tokens (the last one sends groups, chapter 7),
    then, for each building, one that loads it as far as its white circle allows."""
    comp = s.cfg.comp
    B, rng, rooms = len(comp.buildings), chance(s, 5), _rooms(s.cfg)
    for p in (0, 1):
        if s.done[p] != 0:
            continue
        n = s.tokens[p] + s.bonus[p]
        lv, ob = s.level[p], s.onboard[p]
        room = [_room(rooms[i], lv[i]) if ob[i] else 0 for i in range(B)] + [n]
        for k in range(4):
            toks = [0] * (B + 1)
            toks[B] = min(k // 3 + k // 3, n)
            free = [j for j in range(B + 1) if toks[j] < room[j]]  # where a token may still go, in order
            for _ in range(n - toks[B]):
                i = rng.choice(free)
                toks[i] += 1
                if toks[i] >= room[i]:
                    free.remove(i)
            yield args(p, tokens=tuple(toks))
        usable = [j for j in range(B) if room[j]]
        for i in [j for j in usable if room[j] >= 2] + [comp.bi("Avant-Poste")]:
            toks = [0] * (B + 1)
            toks[i] = min(n, room[i])
            rest = n - toks[i]
            others = [j for j in usable if j != i]
            for j in rng.sample(others, min(rest, len(others))):
                toks[j] += 1
                rest -= 1
            toks[B] += rest
            yield args(p, tokens=tuple(toks))


def _place_weight(s: Any, a: Any) -> float:
    """Tokens on buildings that give glory, or sent to a dungeon (moves.glory_tables)."""
    _, gb, gives = glory_tables(s.cfg)
    return 1.0 + 6 * sum(a.tokens[i] for i in gives) + a.tokens[len(gb)]


def resolving(s: Any) -> list[int]:
    """The player whose turn it is to resolve a token (§6.1), as a list (none or one):
    _my_resolution on values (asked by eight proposers in every state of the phase)."""
    d = s.done
    if d[0] < 1 or d[1] < 1:
        return []
    return [p for p in (0, 1) if d[p] == 1 and (s.init == p or d[1 - p] == 2)]


PLACE = Action(
    "actions.place", "§6.1", "place all one's action tokens at once, on buildings or on Partir en donjon",
    params=(Param("tokens", Names(spots, "spot", 12), "one entry per token: a building or \"Partir en donjon\""),),
    needs=(
        Need("§6.1", "each player places his tokens once, before any is resolved", lambda s, a: s.done[a.p] == 0),
        Need("§6.1", "all the player's action tokens are placed (permanent and extra)",
             lambda s, a: Sum(a.tokens) == s.tokens[a.p] + s.bonus[a.p],
             lambda s, a: f"places {Sum(a.tokens)}, has {s.tokens[a.p]} + {s.bonus[a.p]} extra"),
        Need("§6.1", "tokens go on the player's own buildings", _on_board),
        Need("§6.1 §3.3", "one token per building, unless an effect its level gives carries a white circle (up to its "
             "number, 4 at most)",
             _marks_ok, lambda s, a: ", ".join(f"{b.name}: {a.tokens[i]} (max {_mark_bound(s, a.p, i)} at level "
                                              f"{s.level[a.p][i]})" for i, b in enumerate(s.cfg.comp.buildings)
                                              if a.tokens[i] > _mark_bound(s, a.p, i))),
    ),
    effect=_place, phases=("actions",), propose=_placements, weight=_place_weight,
)


# ------------------------------------------------------------------ §6.3 resolution
_NONE = Effect(Gain(), Gain(), (), 0)  # no such effect (the Avant-Poste has options instead)


def _effect(s: Any, a: Any) -> Effect:
    b = s.cfg.comp.buildings[a.building]
    return b.effects[a.effect - 1] if 1 <= a.effect <= len(b.effects) else _NONE


def _use(s: Any, a: Any) -> Any:
    p, e = a.p, _effect(s, a)
    times = s.placed[p][a.building]
    t = settle(s, p, e.gain, e.cost, times)
    return t.but(reserve=put(t.reserve, p, vadd(t.reserve[p], a.recruit)),
                 placed=put(t.placed, p, put(t.placed[p], a.building, 0)))


def _recruit_ok(s: Any, a: Any) -> Any:
    e = _effect(s, a)
    times = s.placed[a.p][a.building]
    allowed = And(*[a.recruit[c] == 0 for c in range(len(CLASSES)) if c not in e.recruit])
    return And(allowed, Sum(a.recruit) == If(len(e.recruit) > 0, times, 0))


def _not_outpost(s: Any, a: Any) -> bool:
    return s.cfg.comp.buildings[a.building].type != "avant-poste"


def _uses(s: Any):
    """Each effect at most the building's level (§6.3) of each building with a token, the
    adventurers recruited drawn at random."""
    rng = chance(s, 6)
    for p in resolving(s):
        for b in range(len(s.cfg.comp.buildings)):
            for ef in range(1, s.level[p][b] + 1) if s.placed[p][b] else ():
                eff = _effect(s, args(p, building=b, effect=ef))
                rec = [0] * len(CLASSES)
                for _ in range(s.placed[p][b] if eff.recruit else 0):
                    rec[rng.choice(eff.recruit)] += 1
                yield args(p, building=b, effect=ef, recruit=tuple(rec))


def _use_weight(s: Any, a: Any) -> float:
    g = glory_tables(s.cfg)[0][a.building]
    return 1.0 + 20 * g[a.effect - 1] if a.effect <= len(g) else 1.0


USE = Action(
    "building.use", "§6.3", "resolve the tokens on a building: one effect at or below its level, once per token",
    params=(Param("building", Name(lambda cfg: cfg.comp.building_names, "building"), "the building"),
            Param("effect", Int(1, 3, enum=True), "the effect used: 1, 2 or 3 (at most the building's level)"),
            Param("recruit", Names(lambda cfg: CLASSES, "class", 4), "the adventurers recruited, one per token",
                  optional=True, default=(0, 0, 0, 0, 0))),
    needs=(
        RESOLVE_TURN,
        Need("§6.5", "the Avant-Poste is used through its own options (outpost.*)", _not_outpost),
        Need("§6.1", "the player has tokens on this building", lambda s, a: s.placed[a.p][a.building] >= 1),
        Need("§6.3", "the effect is at or below the building's current level",
             lambda s, a: s.level[a.p][a.building] >= a.effect,
             lambda s, a: f"effect {a.effect}, level {s.level[a.p][a.building]}"),
        Need("§6.1 §6.3", "several tokens need an effect whose white circle allows that many",
             lambda s, a: s.placed[a.p][a.building] <= _effect(s, a).mark,
             lambda s, a: f"{s.placed[a.p][a.building]} tokens, the effect takes {_effect(s, a).mark}"),
        Need("§6.3", "the player can pay the effect's cost once per token",
             lambda s, a: affordable(s, a.p, _effect(s, a).cost, s.placed[a.p][a.building]),
             lambda s, a: f"costs {_effect(s, a).cost} x{s.placed[a.p][a.building]}; has {s.crowns[a.p]} crowns, "
                          f"{s.stones[a.p]} stones, {s.charges[a.p]} charges"),
        Need("§6.3", "one adventurer of an offered class per token, when the effect recruits", _recruit_ok),
        *cap_needs(lambda s, a: (_effect(s, a).gain, _effect(s, a).cost, s.placed[a.p][a.building])),
    ),
    effect=_use, phases=("actions",), propose=_uses, weight=_use_weight,
)


# ------------------------------------------------------------------ §6.4 evolution
def _cost(s: Any, a: Any) -> Any:
    b = s.cfg.comp.buildings[a.building]
    return Lookup(b.evolve, s.level[a.p][a.building], default=99)


def _evolutions(s: Any):
    """The evolutions a player can pay (§6.4): most turns a player has too few stones, and
    listing the others only makes the random player test more candidates."""
    bs = s.cfg.comp.buildings
    for p in (0, 1):
        if s.stones[p] < _cheapest(s.cfg):  # pays for none (asked in every state of two phases)
            continue
        for b, bd in enumerate(bs):
            lv = s.level[p][b]
            if s.onboard[p][b] and lv < len(bd.evolve) and s.stones[p] >= bd.evolve[lv]:
                yield args(p, building=b)


def _cheapest(cfg: Any) -> int:
    """The fewest stones any evolution costs (§6.4), per Config (held by it)."""
    got = cfg.memo.get("raiders.cheapest")
    if got is None:
        got = cfg.memo["raiders.cheapest"] = min((c for b in cfg.comp.buildings for c in b.evolve), default=0)
    return got


EVOLVE = Action(
    "building.evolve", "§6.4", "spend stones to raise a building one level (no token needed)",
    params=(Param("building", Name(lambda cfg: cfg.comp.building_names, "building"), "the building"),),
    needs=(
        Need("§6.4", "the building stands on the player's board", lambda s, a: s.onboard[a.p][a.building] == 1),
        Need("§6.5", "the Avant-Poste does not evolve with stones", _not_outpost),
        Need("§3.3", "a building has three levels at most", lambda s, a: s.level[a.p][a.building] < TOP),
        Need("§6.4", "the player has the stones the tile asks", lambda s, a: s.stones[a.p] >= _cost(s, a),
             lambda s, a: f"needs {_cost(s, a)} stones, has {s.stones[a.p]}"),
        # §6.4: at any moment of phase 2; phase 2 is the actions and the sending of groups
        # that ends it (gap phase_numbers), as for identifying (s7_groups._before_combats)
        Need("§6.4", "evolving happens during phase 2 (actions and sending groups)",
             lambda s, a: Or(s.phase == ACTIONS, Or(s.expedition[0] >= 1, s.expedition[1] >= 1))),
    ),
    effect=lambda s, a: s.but(stones=put(s.stones, a.p, s.stones[a.p] - _cost(s, a)),
                              level=put(s.level, a.p, put(s.level[a.p], a.building, s.level[a.p][a.building] + 1))),
    phases=("actions", "expeditions"), timing="§6.4",
    propose=_evolutions, weight=lambda s, a: 15.0 if glory_tables(s.cfg)[1][a.building] else 1.0,
)


# ------------------------------------------------------------------ §6.5 Avant-Poste
def ap(s: Any) -> int:
    return s.cfg.comp.bi("Avant-Poste")


def column_levels(s: Any, p: int, c: int) -> Any:
    """Levels of the buildings in column c (the §6.5 example sums the right column)."""
    return Sum(If(And(s.onboard[p][b] == 1, s.col[p][b] == c), s.level[p][b], 0) for b in range(len(s.level[p])))


def outpost_condition(s: Any, p: int) -> Any:
    """The level condition to raise the Avant-Poste from its current level (§6.5)."""
    lvl = s.level[p][ap(s)]
    return And(*[Implies(lvl + 1 == to, column_levels(s, p, col) >= n) for to, col, n in s.cfg.comp.outpost])


def _on_outpost(s: Any, a: Any) -> Any:
    return s.placed[a.p][ap(s)] >= 1


ON_OUTPOST = Need("§6.5", "the player has a token on the Avant-Poste", _on_outpost)


def _consume(s: Any, p: int) -> Any:
    return s.placed, put(s.placed, p, put(s.placed[p], ap(s), 0))


def _ap_evolve(s: Any, a: Any) -> Any:
    p, i = a.p, ap(s)
    new = s.level[p][i] + 1
    extra = Lookup(s.cfg.value(AP_TOKENS), new, default=0)
    return s.but(level=put(s.level, p, put(s.level[p], i, new)), tokens=put(s.tokens, p, s.tokens[p] + extra),
                 placed=_consume(s, p)[1])


AP_EVOLVE = Action(
    "outpost.evolve", "§6.5", "with a token on the Avant-Poste, raise it one level if the level condition is met",
    needs=(
        RESOLVE_TURN, ON_OUTPOST,
        Need("§6.5", "the Avant-Poste has three levels at most", lambda s, a: s.level[a.p][ap(s)] < TOP),
        Need("§6.5", "the condition of levels is met", lambda s, a: outpost_condition(s, a.p),
             lambda s, a: "; ".join(f"level {to} needs {n} levels in column {COLUMNS[c]}, it has {column_levels(s, a.p, c)}"
                                    for to, c, n in s.cfg.comp.outpost if to == s.level[a.p][ap(s)] + 1)),
    ),
    effect=_ap_evolve, phases=("actions",), source="tuile",
    propose=lambda s: (args(p) for p in resolving(s) if _on_outpost(s, args(p))),
)

AP_MILITIA = Action(
    "outpost.militia", "§6.5", "with a token on the Avant-Poste, gain one free militia per Avant-Poste level",
    needs=(RESOLVE_TURN, ON_OUTPOST),
    effect=lambda s, a: settle(s, a.p, Gain(militia=1), times=s.level[a.p][ap(s)], placed=_consume(s, a.p)[1]),
    phases=("actions",),
    propose=lambda s: (args(p) for p in resolving(s) if _on_outpost(s, args(p))),
)


def type_levels(s: Any, p: int, kind: str) -> Any:
    bs = s.cfg.comp.buildings
    return Sum(If(s.onboard[p][i] == 1, s.level[p][i], 0) for i, b in enumerate(bs) if b.type == kind)


def guild_condition(s: Any, a: Any) -> Any:
    g = s.cfg.comp.guilds[a.guild]
    parts = [s.glory[a.p] >= g.glory]
    if g.type is not None:
        parts.append(type_levels(s, a.p, g.type) >= g.levels)
    return And(*parts)


AP_GUILD = Action(
    "outpost.guild", "§9.1", "with a token on the Avant-Poste, buy one guild whose condition is met",
    params=(Param("guild", Name(lambda cfg: tuple(g.name for g in cfg.comp.guilds), "guild"), "the guild bought"),),
    needs=(
        RESOLVE_TURN, ON_OUTPOST,
        Need("§9.1", "a guild is bought once (it is kept for good)", lambda s, a: s.guilds[a.p][a.guild] == 0),
        Need("§9.1", "the guild's condition is met", guild_condition),
        Need("§9.1 §6.4", "the player can pay the guild's price", lambda s, a: affordable(s, a.p, s.cfg.comp.guilds[a.guild].cost),
             lambda s, a: f"costs {s.cfg.comp.guilds[a.guild].cost}; has {s.crowns[a.p]} crowns, {s.stones[a.p]} stones"),
    ),
    effect=lambda s, a: settle(s, a.p, Gain(), s.cfg.comp.guilds[a.guild].cost,
                               guilds=put(s.guilds, a.p, put(s.guilds[a.p], a.guild, 1)), placed=_consume(s, a.p)[1]),
    phases=("actions",),
    propose=lambda s: (args(p, guild=g) for p in resolving(s) if _on_outpost(s, args(p))
                       for g in range(len(s.cfg.comp.guilds))),
)


# ------------------------------------------------------------------ end of resolution
# §6.3: a placed token 'permet' (allows) the resolution of an effect: one may stay unused (on
# a building still at level 0, or whose cost cannot be paid), and §8.9 gives every token back.
# The text decides (two judges, s60; a ruling till s61); option unresolved=forbidden is a
# house reading, offered so that such engines' games replay.


def _done(s: Any, a: Any) -> Any:
    p = a.p
    done = put(s.done, p, 2)
    end = And(done[0] == 2, done[1] == 2)
    zero = tuple(0 for _ in s.placed[p])
    return s.but(done=tuple(If(end, 0, d) for d in done), placed=put(s.placed, p, zero),
                 phase=If(end, EXPEDITIONS, ACTIONS))


DONE = Action(
    "actions.done", "§6.1", "the player has resolved the actions on his buildings",
    needs=(
        RESOLVE_TURN,
        Need("§6.1", "no token may stay unresolved (the house option unresolved=forbidden)",
             lambda s, a: True if s.cfg.opt("unresolved") != "forbidden" else Sum(s.placed[a.p]) == 0,
             lambda s, a: f"{Sum(s.placed[a.p])} tokens unresolved"),
    ),
    effect=_done, phases=("actions",), goes=("actions", "expeditions"),
    propose=lambda s: (args(p) for p in resolving(s)),
    weight=lambda s, a: 0.15,  # ending a resolution with tokens left, less often (moves.glory_tables)
)

ACTIONS_ = (PLACE, USE, EVOLVE, AP_EVOLVE, AP_MILITIA, AP_GUILD, DONE)
RULINGS = ()
