"""What the actions' candidates share (each action proposes its own: kernel/proposals.py):
chance outcomes drawn at random but deterministically from the state (so a game is
reproducible from its seed), the shapes of a draw, a roll or a resolution, the weights
of the weighted player, and a game's progress."""
from __future__ import annotations

import random
from types import SimpleNamespace as A
from typing import Any, Iterator

from .data import CLASSES


class chance:
    """The state's random generator for one action's candidates (`salt` tells the actions
    apart), seeded on first use: seeding costs as much as listing the candidates, and
    most states list theirs without chance."""

    __slots__ = ("s", "salt", "r", "h")

    def __init__(self, s: Any, salt: int, h: int | None = None):
        self.s, self.salt, self.r, self.h = s, salt, None, h

    def _rng(self) -> random.Random:
        r = self.r
        if r is None:
            if self.h is None:
                self.h = hash(self.s)
            r = self.r = random.Random(self.h ^ self.salt)
        return r

    def other(self, salt: int) -> "chance":
        """The same state's generator for another salt (the state's hash, ~4 us, taken once)."""
        return chance(self.s, salt, self.h)

    # the methods the candidates use, bound once seeded (a __getattr__ per call cost ~1.5 us)
    def choice(self, seq):
        return self._rng().choice(seq)

    def sample(self, population, k):
        return self._rng().sample(population, k)

    def shuffle(self, x) -> None:
        self._rng().shuffle(x)

    def random(self) -> float:
        return self._rng().random()

    def randrange(self, *a):
        return self._rng().randrange(*a)

    def randint(self, a: int, b: int) -> int:
        return self._rng().randint(a, b)


def unit(K: int, u: int | None) -> tuple:
    """The K-vector with a single 1 at u (all zeros for None)."""
    return tuple(1 if i == u else 0 for i in range(K))


def units(cfg: Any) -> tuple:
    """unit(K, u) of each card u, then (at -1) unit(K, None), per Config (held by it): a
    Métropole option lists ten of them a state."""
    got = cfg.memo.get("raiders.units")
    if got is None:
        K = len(cfg.comp.cards)
        got = cfg.memo["raiders.units"] = tuple(unit(K, u) for u in [*range(K), None])
    return got


def _unknown(pile: tuple, under: tuple) -> tuple:
    """The pile's counts without the cards known to lie under it (§5.1)."""
    if not under:
        return pile
    out = list(pile)
    for k in under:
        out[k] -= 1
    return tuple(out)


def sample(vec: tuple, n: int, rng: random.Random) -> tuple:
    """n cards drawn at random from a count vector."""
    bag = [k for k, c in enumerate(vec) for _ in range(c)]
    out = [0] * len(vec)
    for k in rng.sample(bag, min(n, len(bag))):
        out[k] += 1
    return tuple(out)


def draw(s: Any, p: int, n: int, rng: random.Random, disc=None) -> tuple:
    """n cards from the top of the pile: unknown cards first, then those known to lie
    under it (§5.1) in order, then the reshuffled discard (§5.3)."""
    pile, under = s.pile[p], s.bottom[p]
    disc = s.discard[p] if disc is None else disc
    if sum(pile) < n:
        rest = sample(disc, n - sum(pile), rng)
        return tuple(a + b for a, b in zip(pile, rest))
    unknown = _unknown(pile, under)
    out = list(sample(unknown, n, rng))
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


def order(s: Any, p: int, rng: random.Random) -> Iterator[int]:
    """The whole pile in a random order consistent with what is known (§5.1), followed
    by the reshuffled discard (§5.3)."""
    pile, under = s.pile[p], s.bottom[p]
    unknown = [k for k, c in enumerate(_unknown(pile, under)) for _ in range(c)]
    yield from _shuffled(unknown, rng)
    yield from under
    yield from _shuffled([k for k, c in enumerate(s.discard[p]) for _ in range(c)], rng)


# ------------------------------------------------------------------ chapters 7-8
def _tables(cfg: Any) -> tuple:
    """Per Config, built once (held by the Config): (the dice faces' indices per class, the
    House cards' indices, the number of equipment names)."""
    got = cfg.memo.get("raiders.tables")
    if got is None:
        from . import s7_groups as g7, s8_dungeons as g8  # they propose with these helpers

        comp = cfg.comp
        fs = g8.faces(cfg)
        dice = tuple(tuple(fs.index((c, f)) for f in comp.dice[c]) for c in range(len(CLASSES)))
        got = cfg.memo["raiders.tables"] = (dice, len(fs), g7.house_idx(cfg), len(g7.equip_names(cfg)))
    return got


def line(pool: list[int]) -> tuple:
    """The class counts of a line of adventurers."""
    out = [0] * len(CLASSES)
    for c in pool:
        out[c] += 1
    return tuple(out)


def dice(s: Any, front: tuple, rng: random.Random) -> tuple:
    dice, nf, _, _ = _tables(s.cfg)
    out = [0] * nf
    for c, n in enumerate(front):
        for _ in range(n):
            out[rng.choice(dice[c])] += 1
    return tuple(out)


def explore(s: Any, n: int, rng: random.Random) -> tuple:
    if sum(s.xpile) >= n:
        return sample(s.xpile, n, rng)
    rest = sample(s.xdisc, n - sum(s.xpile), rng)
    return tuple(a + b for a, b in zip(s.xpile, rest))


def gear(s: Any, p: int) -> list[int]:
    """What player p may equip a group with, as indices of the equip vector: House cards in
    hand, mercenaries owned, identified items (as many as his charges); none already under
    another of his groups this turn (§7.4)."""
    cfg = s.cfg
    _, _, hk, _ = _tables(cfg)
    nm = len(cfg.comp.exp.mercenaries)
    pool = ([j for j, k in enumerate(hk) if s.hand[p][k] and not s.hworn[p][k]]
            + [len(hk) + mm for mm in range(nm) if s.mercs[p][mm]])
    items = [len(hk) + nm + i for i in range(len(s.owned[p])) if s.owned[p][i] and s.known[p][i] and not s.worn[p][i]]
    return pool + items[: s.charges[p]]


def equip(s: Any, p: int, rng: random.Random, pool: list[int] | None = None) -> tuple:
    """0 to 2 cards of p's gear, drawn at random; `pool`: gear(s, p), when the caller draws
    several for one state (it is not changed)."""
    ne = _tables(s.cfg)[3]
    if pool is None:
        pool = gear(s, p)
    out = [0] * ne
    for j in rng.sample(pool, min(len(pool), rng.choice((0, 1, 2, 2)))):
        out[j] += 1
    return tuple(out)


def resolution(s: Any, p: int, gi: int) -> A:
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
             victims=tuple(victims), score=None, resistance=None)  # scores not declared


def progress(s: Any) -> float:
    """How far a game has got: buildings and the Avant-Poste raised, resources held."""
    return float(sum(sum(l) for l in s.level) * 4 + sum(s.tokens) * 10 + sum(s.stones) + sum(s.crowns) / 2
                 + sum(sum(g) for g in s.guilds) * 6 + sum(s.glory) + sum(s.floors) * 3)



def glory_tables(cfg: Any) -> tuple:
    """(glory of each building's effects, does the building give glory, the indices of those
    that do), per Config: what the weighted player's weights read (`weight=` of PLACE, USE,
    EVOLVE; PLAY and DONE weigh a constant). Uniform players need 30-130 turns to reach 23
    glory (§9.2): ~700 events a game. The weights take the moves that bring glory (§6.3
    effects and §6.4 buildings that give glory, tokens on them or on Partir en donjon) and
    Métropole cards (§5.1) more often, and end a resolution with tokens left less often: ~310
    events a game. No weight is 0, so every rule stays reachable."""
    got = cfg.memo.get("raiders.glory")
    if got is None:
        per = tuple(tuple(e.gain.glory for e in b.effects) for b in cfg.comp.buildings)
        gives = tuple(any(g) for g in per)
        got = cfg.memo["raiders.glory"] = (per, gives, tuple(i for i, g in enumerate(gives) if g))
    return got
