"""Candidate moves for random games (scenarios, stateful tests, witness search): every
event a player could record next, chance outcomes drawn at random but deterministically
from the state (so a game is reproducible from its seed)."""
from __future__ import annotations

import itertools
import random
from types import SimpleNamespace as A
from typing import Any, Iterator

from . import s3_start, s5_metropole as m, s6_actions as x, s7_groups as g7, s8_dungeons as g8, s9_end as e
from .data import CLASSES
from .economy import hand_size
from .state import ACTIONS, EXPEDITIONS, METROPOLE, REFILL, SETUP


def _rng(s: Any, salt: int = 0) -> random.Random:
    return random.Random(hash(s) ^ salt)


class _LazyRng:
    """The state's random generator, seeded on first use (seeding costs as much as
    listing a phase's candidates, and several phases list theirs without chance)."""

    __slots__ = ("s", "r")

    def __init__(self, s: Any):
        self.s, self.r = s, None

    def __getattr__(self, name: str) -> Any:
        if self.r is None:
            self.r = _rng(self.s)
        return getattr(self.r, name)


_UNITS: dict[int, tuple] = {}


def _unit(K: int, u: int | None) -> tuple:
    """The K-vector with a single 1 at u (all zeros for None), built once."""
    key = (K, u)
    if key not in _UNITS:
        _UNITS[key] = tuple(1 if i == u else 0 for i in range(K))
    return _UNITS[key]


def _sample(vec: tuple, n: int, rng: random.Random) -> tuple:
    """n cards drawn at random from a count vector."""
    bag = [k for k, c in enumerate(vec) for _ in range(c)]
    out = [0] * len(vec)
    for k in rng.sample(bag, min(n, len(bag))):
        out[k] += 1
    return tuple(out)


def _draw(s: Any, p: int, n: int, rng: random.Random, disc=None) -> tuple:
    """n cards from the top of the pile: unknown cards first, then those known to lie
    under it (§5.1) in order, then the reshuffled discard (§5.3)."""
    pile, under = s.pile[p], s.bottom[p]
    disc = s.discard[p] if disc is None else disc
    if sum(pile) < n:
        rest = _sample(disc, n - sum(pile), rng)
        return tuple(a + b for a, b in zip(pile, rest))
    unknown = tuple(c - under.count(k) for k, c in enumerate(pile)) if under else pile
    out = list(_sample(unknown, n, rng))
    for k in under[: max(0, n - sum(unknown))]:
        out[k] += 1
    return tuple(out)


def _shuffled(bag: list, rng: random.Random) -> Iterator[int]:
    """The bag in a random order, drawn lazily (a Fisher-Yates shuffle stopped when the
    caller has enough: a refill draws 2 or 3 cards of a pile of 20)."""
    for i in range(len(bag) - 1, -1, -1):
        j = rng.randrange(i + 1) if i else 0
        bag[i], bag[j] = bag[j], bag[i]
        yield bag[i]


def _order(s: Any, p: int, rng: random.Random) -> Iterator[int]:
    """The whole pile in a random order consistent with what is known (§5.1), followed
    by the reshuffled discard (§5.3)."""
    pile, under = s.pile[p], s.bottom[p]
    unknown = [k for k, c in enumerate(pile) for _ in range(c - under.count(k))]
    yield from _shuffled(unknown, rng)
    yield from under
    yield from _shuffled([k for k, c in enumerate(s.discard[p]) for _ in range(c)], rng)


def moves(s: Any) -> Iterator[tuple[Any, A]]:
    rng = _LazyRng(s)
    comp = s.cfg.comp
    K = len(comp.cards)
    if s.phase == SETUP:
        for p in (0, 1):
            if s.done[p] == 0:
                yield s3_start.DRAW, A(p=p, cards=_draw(s, p, 2, rng))
        if s.init == -1:
            for _ in range(6):
                rolls = tuple(tuple(rng.choice(comp.dice[s.start_adv[p][i]]) for i in range(2)) for p in range(2))
                yield s3_start.ROLL, A(p=None, rolls=rolls)
    elif s.phase == METROPOLE:
        p = s.current
        # the two cards drawn depend on the card discarded only when the pile runs out
        same = sum(s.pile[p]) >= 2
        drawn = _draw(s, p, 2, rng) if same else None
        for k in range(K):
            if s.hand[p][k]:
                yield m.PLAY, A(p=p, card=k)
                if not same:
                    drawn = _draw(s, p, 2, rng, disc=tuple(c + (i == k) for i, c in enumerate(s.discard[p])))
                for u in [k2 for k2 in range(K) if drawn[k2]] + [None]:
                    yield m.CYCLE_ACTION, A(p=p, discard=k, drawn=drawn, under=_unit(K, u))
        yield m.RESHUFFLE, A(p=p)
    elif s.phase == REFILL:
        for p in (0, 1):
            if s.done[p] == 0:
                need = max(0, m.target(s, p) - hand_size(s, p))
                got, metro = [0] * K, 0
                for k in _order(s, p, rng):
                    if metro >= need:
                        break
                    got[k] += 1
                    metro += comp.cards[k].kind != "house"
                yield m.REFILL_ACTION, A(p=p, cards=tuple(got))
    elif s.phase == ACTIONS:
        B = len(comp.buildings)
        for p in (0, 1):
            if s.done[p] == 0:
                n = s.tokens[p] + s.bonus[p]
                room = [x.max_mark(b) if s.onboard[p][i] else 0 for i, b in enumerate(comp.buildings)] + [n]
                for k in range(4):
                    toks = [0] * (B + 1)
                    toks[B] = min(k // 3 + k // 3, n)  # the last candidate sends groups (chapter 7)
                    for _ in range(n - toks[B]):
                        i = rng.choice([j for j in range(B + 1) if toks[j] < room[j]])
                        toks[i] += 1
                    yield x.PLACE, A(p=p, tokens=tuple(toks))
                # and placements that load one building as far as its white circle allows
                for i in [j for j in range(B) if room[j] >= 2] + [comp.bi("Avant-Poste")]:
                    toks = [0] * (B + 1)
                    toks[i] = min(n, room[i])
                    rest = n - toks[i]
                    for j in rng.sample([j for j in range(B) if room[j] and j != i], min(rest, sum(1 for j in range(B) if room[j] and j != i))):
                        toks[j] += 1
                        rest -= 1
                    toks[B] += rest
                    yield x.PLACE, A(p=p, tokens=tuple(toks))
            # evolutions the player can pay (§6.4): most turns a player has too few stones,
            # and listing the others only makes the random player test more candidates
            for b, bd in enumerate(comp.buildings):
                lv = s.level[p][b]
                if s.onboard[p][b] and lv < len(bd.evolve) and s.stones[p] >= bd.evolve[lv]:
                    yield x.EVOLVE, A(p=p, building=b)
            # the resolution's moves, for the player whose turn it is to resolve (§6.1)
            if s.done[p] == 1 and x._my_resolution(s, A(p=p)):
                for b in range(B):
                    if s.placed[p][b]:
                        for ef in range(1, s.level[p][b] + 1):  # §6.3: at most the building's level
                            eff = x._effect(s, A(p=p, building=b, effect=ef))
                            rec = [0] * len(CLASSES)
                            if eff.recruit:
                                for _ in range(s.placed[p][b]):
                                    rec[rng.choice(eff.recruit)] += 1
                            yield x.USE, A(p=p, building=b, effect=ef, recruit=tuple(rec))
                if x._on_outpost(s, A(p=p)):
                    yield x.AP_EVOLVE, A(p=p)
                    yield x.AP_MILITIA, A(p=p)
                    for g in range(len(comp.guilds)):
                        yield x.AP_GUILD, A(p=p, guild=g)
                yield x.DONE, A(p=p)
                yield from _shopping(s, p)
        yield from _identify(s)
    elif s.phase == EXPEDITIONS:
        yield from _identify(s)
        yield from _expeditions(s, rng)
        yield e.END_TURN, A(p=None)


# ------------------------------------------------------------------ chapters 7-8
def _identify(s: Any) -> Iterator[tuple[Any, A]]:
    for p in (0, 1):
        for i, o in enumerate(s.owned[p]):
            if o and not s.known[p][i]:
                for sc in (0, 1):
                    yield g7.IDENTIFY, A(p=p, item=i, scroll=sc)


def _shopping(s: Any, p: int) -> Iterator[tuple[Any, A]]:
    """Mercenaries and sales, from the buildings the player has tokens on (§7.5, §7.6)."""
    comp = s.cfg.comp
    placed = s.placed[p]
    draw = placed[g7.strategist(s)]
    troupes = [b for b, bd in enumerate(comp.buildings) if bd.type == "troupes" and placed[b]]
    for mm in range(len(comp.exp.mercenaries)):
        if s.mpile[mm]:
            if draw:
                yield g7.DRAW, A(p=p, mercenary=mm)
            for b in troupes:
                yield g7.BUY, A(p=p, building=b, mercenary=mm)
    if placed[g7.foire(s)]:
        for i, o in enumerate(s.owned[p]):
            if o and s.known[p][i]:
                yield g7.SELL, A(p=p, item=i)


def _tables(cfg: Any) -> tuple:
    """Per Config, built once (held by the Config): (the dice faces' indices per class, the
    House cards' indices, the number of equipment names)."""
    got = cfg.memo.get("raiders.tables")
    if got is None:
        comp = cfg.comp
        fs = g8.faces(cfg)
        dice = tuple(tuple(fs.index((c, f)) for f in comp.dice[c]) for c in range(len(CLASSES)))
        got = cfg.memo["raiders.tables"] = (dice, len(fs), g7.house_idx(cfg), len(g7.equip_names(cfg)))
    return got


def _line(pool: list[int]) -> tuple:
    """The class counts of a line of adventurers."""
    out = [0] * len(CLASSES)
    for c in pool:
        out[c] += 1
    return tuple(out)


def _dice(s: Any, front: tuple, rng: random.Random) -> tuple:
    dice, nf, _, _ = _tables(s.cfg)
    out = [0] * nf
    for c, n in enumerate(front):
        for _ in range(n):
            out[rng.choice(dice[c])] += 1
    return tuple(out)


def _explore(s: Any, n: int, rng: random.Random) -> tuple:
    if sum(s.xpile) >= n:
        return _sample(s.xpile, n, rng)
    rest = _sample(s.xdisc, n - sum(s.xpile), rng)
    return tuple(a + b for a, b in zip(s.xpile, rest))


def _equip(s: Any, p: int, rng: random.Random) -> tuple:
    cfg = s.cfg
    _, _, hk, ne = _tables(cfg)
    nm = len(cfg.comp.exp.mercenaries)
    pool = [j for j, k in enumerate(hk) if s.hand[p][k]] + [len(hk) + mm for mm in range(nm) if s.mercs[p][mm]]
    items = [len(hk) + nm + i for i in range(len(s.owned[p])) if s.owned[p][i] and s.known[p][i]]
    pool += items[: s.charges[p]]
    out = [0] * ne
    for j in rng.sample(pool, min(len(pool), rng.choice((0, 1, 2, 2)))):
        out[j] += 1
    return tuple(out)


def _expeditions(s: Any, rng: random.Random) -> Iterator[tuple[Any, A]]:
    comp = s.cfg.comp
    exp = comp.exp
    nd = len(exp.dungeons)
    for p in (0, 1):
        if s.expedition[p] >= 1:
            yield g7.SKIP, A(p=p)
            if not g7._my_send_turn(s, A(p=p)):
                continue  # §7.2: the groups leave one at a time, alternately
            pool = [c for c, n in enumerate(s.reserve[p]) for _ in range(n)]
            spots = [(d, q) for d in range(nd) for q in (0, 1)
                     if g7.accessible(s, d) and not g7.is_cleared(s, d) and not g7.occupied(s, d, q)
                     and not any(g7.on(s, p, h, d) for h in range(3))]
            for gi in range(3):
                if s.sent[p][gi] or not pool or not spots:
                    continue
                entries = [x for x in spots if x[1] == 0]
                for _ in range(4):
                    rng.shuffle(pool)
                    nf = rng.randint(1, min(4, len(pool)))
                    nb = rng.randint(0, min(4, len(pool) - nf))
                    front, back = _line(pool[:nf]), _line(pool[nf:nf + nb])
                    d, sq = rng.choice(entries if entries and rng.random() < 0.75 else spots)
                    yield g7.SEND, A(p=p, group=gi + 1, dungeon=d, square=sq, front=front, back=back,
                                     cards=_equip(s, p, rng))
    for p in (0, 1):
        for gi in range(3):
            st = s.stage[p][gi]
            if st == g8.WAITING or st == g8.WON:
                dice = _dice(s, s.front[p][gi], rng)
                if st == g8.WAITING:
                    d = s.at[p][gi]
                    yield g8.ROLL, A(p=None, who=p, group=gi + 1, dice=dice, explore=_explore(s, exp.dungeons[d].black, rng))
                yield g8.PVP_ROLL, A(p=None, who=p, group=gi + 1, dice=dice)
                yield g8.REUSE, A(p=p, group=gi + 1)
            elif st == g8.ROLLED:
                yield g8.RESOLVE, _resolution(s, p, gi)
            elif st == g8.PVP_ROLLED and s.sq[p][gi] == g7.HELMET:
                for v in range(3):
                    yield g8.PVP_RESOLVE, A(p=None, who=p, group=gi + 1, versus=v + 1)
        if s.tdue[p] or s.pdue[p]:
            names = g8.treasure_names(s.cfg)
            left = [k for k in range(len(names)) if (s.tpile + s.ipile)[k]]
            rng.shuffle(left)
            for k in left:
                yield (g8.TREASURE if s.tdue[p] else g8.PRIZE), A(p=p, card=k)
            yield g8.NONE, A(p=p)


def _resolution(s: Any, p: int, gi: int) -> A:
    """A sensible choice: criticals on the strongest encounters, every trap disarmed that
    can be (eliminating ones first), every death healed that can be, victims as needed."""
    exp = s.cfg.comp.exp
    xs = exp.exploration
    E = len(xs)
    d = s.at[p][gi]
    crit, dis, heal = s.ccrit[p], s.cdis[p], s.cheal[p]
    encs = sorted([e for e in range(E) if s.xdrawn[e] and xs[e].kind == "encounter"], key=lambda e: -xs[e].value)
    cancelx = [0] * E
    for e in encs:
        if crit and xs[e].value >= exp.dungeons[d].creature:
            cancelx[e], crit = 1, crit - 1
    cancel = min(crit, exp.dungeons[d].red)
    crit -= cancel
    for e in encs:
        if crit and not cancelx[e]:
            cancelx[e], crit = 1, crit - 1
    traps = sorted([e for e in range(E) if s.xdrawn[e] and xs[e].kind == "trap"], key=lambda e: (not xs[e].eliminates, -xs[e].value))
    disarm = [0] * E
    for e in traps[:dis]:
        disarm[e] = 1
    dead = list(s.cdead[p])
    healed = [0] * len(CLASSES)
    for c in range(len(CLASSES)):
        k = min(dead[c], heal)
        healed[c], heal = k, heal - k
    n = sum(1 for e in traps if xs[e].eliminates and not disarm[e])
    eligible = [c for c in range(len(CLASSES)) for _ in range(s.front[p][gi][c] - dead[c])]
    victims = [0] * len(CLASSES)
    for c in eligible[:n]:
        victims[c] += 1
    return A(p=p, group=gi + 1, cancel=cancel, cancelx=tuple(cancelx), disarm=tuple(disarm), heal=tuple(healed),
             victims=tuple(victims))


def progress(s: Any) -> float:
    """How far a game has got: buildings and the Avant-Poste raised, resources held."""
    return float(sum(sum(l) for l in s.level) * 4 + sum(s.tokens) * 10 + sum(s.stones) + sum(s.crowns) / 2
                 + sum(sum(g) for g in s.guilds) * 6 + sum(s.glory) + sum(s.floors) * 3)



def _glory_tables(cfg: Any) -> tuple:
    """(glory of each building's effects, does the building give glory), per Config."""
    got = cfg.memo.get("raiders.glory")
    if got is None:
        per = tuple(tuple(e.gain.glory for e in b.effects) for b in cfg.comp.buildings)
        got = cfg.memo["raiders.glory"] = (per, tuple(any(g) for g in per))
    return got


def weight(s: Any, act: Any, a: A) -> float:
    """How much likelier the random player is to pick this candidate than a plain one (1),
    among the legal ones (read by the scenario generator's player as `moves.weight`).
    Uniform players need 30-130 turns to reach 23 glory (§9.2): ~700 events a game. These
    take the moves that bring glory (§6.3 effects and §6.4 buildings that give glory,
    tokens on them or on Partir en donjon) and Métropole cards (§5.1) more often, and end
    their resolution with tokens left less often: ~310 events a game. Every legal move
    keeps a chance (no weight is 0), so every rule stays reachable."""
    if act is x.DONE:
        return 0.15
    if act is x.USE:
        g = _glory_tables(s.cfg)[0][a.building]
        return 1.0 + 20 * g[a.effect - 1] if a.effect <= len(g) else 1.0
    if act is x.EVOLVE:
        return 15.0 if _glory_tables(s.cfg)[1][a.building] else 1.0
    if act is m.PLAY:
        return 4.0
    if act is x.PLACE:
        gb = _glory_tables(s.cfg)[1]
        t = a.tokens
        return 1.0 + 6 * sum(t[i] for i, g in enumerate(gb) if g) + t[len(gb)]
    return 1.0


moves.weight = weight
