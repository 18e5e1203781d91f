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
    unknown = tuple(c - under.count(k) for k, c in enumerate(pile))
    out = list(_sample(unknown, n, rng))
    for k in under[: max(0, n - sum(unknown))]:
        out[k] += 1
    return tuple(out)


def _order(s: Any, p: int, rng: random.Random) -> list[int]:
    """The whole pile in a random order consistent with what is known (§5.1), followed
    by the reshuffled discard (§5.3)."""
    pile, under = s.pile[p], s.bottom[p]
    unknown = [k for k, c in enumerate(pile) for _ in range(c - under.count(k))]
    rng.shuffle(unknown)
    disc = [k for k, c in enumerate(s.discard[p]) for _ in range(c)]
    rng.shuffle(disc)
    return unknown + list(under) + disc


def moves(s: Any) -> Iterator[tuple[Any, A]]:
    rng = _rng(s)
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
        for k in range(K):
            if s.hand[p][k]:
                yield m.PLAY, A(p=p, card=k)
                drawn = _draw(s, p, 2, rng, disc=tuple(c + (i == k) for i, c in enumerate(s.discard[p])))
                for u in [k2 for k2 in range(K) if drawn[k2]] + [None]:
                    under = tuple(1 if i == u else 0 for i in range(K))
                    yield m.CYCLE_ACTION, A(p=p, discard=k, drawn=drawn, under=under)
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
            for b in range(B):
                if s.onboard[p][b]:
                    yield x.EVOLVE, A(p=p, building=b)
            if s.done[p] == 1:
                for b in range(B):
                    if s.placed[p][b]:
                        for ef in (1, 2, 3):
                            eff = x._effect(s, A(p=p, building=b, effect=ef))
                            rec = [0] * len(CLASSES)
                            if eff.recruit:
                                for _ in range(s.placed[p][b]):
                                    rec[rng.choice(eff.recruit)] += 1
                            yield x.USE, A(p=p, building=b, effect=ef, recruit=tuple(rec))
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
    comp = s.cfg.comp
    for mm in range(len(comp.exp.mercenaries)):
        if s.mpile[mm]:
            yield g7.DRAW, A(p=p, mercenary=mm)
            for b, bd in enumerate(comp.buildings):
                if bd.type == "troupes" and s.placed[p][b]:
                    yield g7.BUY, A(p=p, building=b, mercenary=mm)
    for i, o in enumerate(s.owned[p]):
        if o and s.known[p][i]:
            yield g7.SELL, A(p=p, item=i)


def _line(pool: list[int], n: int, rng: random.Random) -> tuple:
    out = [0] * len(CLASSES)
    for c in rng.sample(pool, min(n, len(pool))):
        out[c] += 1
    return tuple(out)


def _dice(s: Any, front: tuple, rng: random.Random) -> tuple:
    fs = g8.faces(s.cfg)
    out = [0] * len(fs)
    for c, n in enumerate(front):
        for _ in range(n):
            out[fs.index((c, rng.choice(s.cfg.comp.dice[c])))] += 1
    return tuple(out)


def _explore(s: Any, n: int, rng: random.Random) -> tuple:
    if sum(s.xpile) >= n:
        return _sample(s.xpile, n, rng)
    rest = _sample(s.xdisc, n - sum(s.xpile), rng)
    return tuple(a + b for a, b in zip(s.xpile, rest))


def _equip(s: Any, p: int, rng: random.Random) -> tuple:
    cfg = s.cfg
    hk = g7.house_idx(cfg)
    nm = len(cfg.comp.exp.mercenaries)
    pool = [j for j, k in enumerate(hk) if s.hand[p][k]] + [len(hk) + mm for mm in range(nm) if s.mercs[p][mm]]
    items = [len(hk) + nm + i for i in range(len(s.owned[p])) if s.owned[p][i] and s.known[p][i]]
    pool += items[: s.charges[p]]
    out = [0] * len(g7.equip_names(cfg))
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
            pool = [c for c, n in enumerate(s.reserve[p]) for _ in range(n)]
            spots = [(d, q) for d in range(nd) for q in (0, 1)
                     if g7.accessible(s, d) and not g7.is_cleared(s, d) and not g7.occupied(s, d, q)
                     and not any(g7.on(s, p, h, d) for h in range(3))]
            for gi in range(3):
                if s.sent[p][gi] or not pool or not spots:
                    continue
                for _ in range(4):
                    rng.shuffle(pool)
                    nf = rng.randint(1, min(4, len(pool)))
                    front = _line(pool[:nf], nf, rng)
                    back = _line(pool[nf:], rng.randint(0, min(4, len(pool) - nf)), rng)
                    entries = [x for x in spots if x[1] == 0]
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
