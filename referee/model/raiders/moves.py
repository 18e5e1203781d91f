"""Candidate moves for random games (scenarios, stateful tests, witness search): every
event a player could record next, chance outcomes drawn at random but deterministically
from the state (so a game is reproducible from its seed)."""
from __future__ import annotations

import itertools
import random
from types import SimpleNamespace as A
from typing import Any, Iterator

from . import s3_start, s5_metropole as m, s6_actions as x, s9_end as e
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
                for _ in range(3):
                    toks = [0] * (B + 1)
                    for _ in range(n):
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
    elif s.phase == EXPEDITIONS:
        yield e.END_TURN, A(p=None)


def progress(s: Any) -> float:
    """How far a game has got: buildings and the Avant-Poste raised, resources held."""
    return float(sum(sum(l) for l in s.level) * 4 + sum(s.tokens) * 10 + sum(s.stones) + sum(s.crowns) / 2
                 + sum(sum(g) for g in s.guilds) * 6 + sum(s.glory))
