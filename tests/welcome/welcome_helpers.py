"""Helpers for the Welcome to the Dungeon tests: build a position by hand (a runner in front
of a given dungeon pile) and play events on it through the checked `step`."""
from __future__ import annotations

from referee.model import load
from referee.model.kernel import args
from referee.model.welcome.state import DUNGEON, K, NP, start_hp

G = load("welcome")
HEADER = {"referee": 1, "game": "welcome", "players": ["Ana", "Ben"], "setup": {"adventurer": "Warrior", "first": "Ana"}}


def cfg(nplayers: int = 2, **options):
    return G.configure(options, None, None, nplayers=nplayers)


def first_state(adventurer: str = "Warrior", nplayers: int = 2, first: str = "Ana", **options):
    players = ["Ana", "Ben", "Cleo", "Dan"][:nplayers]
    return G.setup({"players": players, "setup": {"adventurer": adventurer, "first": first}},
                   cfg(nplayers, **options))


def counts(c, names) -> tuple:
    v = [0] * K
    for n in names:
        v[c.names.index(n)] += 1
    return tuple(v)


def in_dungeon(adventurer: str, monsters: list[str], gone: tuple[str, ...] = (), aside: list[str] | None = None,
               deck_empty: bool = False, ordered: bool = True, **options):
    """Ana (seat 0) is the runner with `adventurer`, minus the tiles `gone` (each sacrificed with
    a set-aside monster), in front of the dungeon pile `monsters`, listed top first: the order
    in which the reveals must name them (§Donjon; `ordered=False` gives a pile of unknown
    order, which accepts any of its cards)."""
    s = first_state(adventurer, **options)
    c = s.cfg.comp
    ai = c.adv_names.index(adventurer)
    tiles = tuple(0 if t.name in gone else 1 for t in c.adventurers[ai].tiles)
    assert len(gone) == 6 - sum(tiles), f"unknown tile in {gone}"
    if aside is None:  # default set-aside monsters: Goblins then Skeletons... not in the dungeon
        pool = [n for n in c.names for _ in range(c.copies[c.names.index(n)])]
        for m in monsters:
            pool.remove(m)
        aside = pool[: len(gone)]
    assert len(aside) == len(gone)
    dun, asd = counts(c, monsters), counts(c, aside)
    deck = tuple(c.copies[k] - dun[k] - asd[k] for k in range(K))
    assert min(deck) >= 0, "more monsters than the box holds"
    discard = (0,) * K
    if deck_empty:
        discard, deck = deck, (0,) * K  # (as if met in an earlier dungeon: only the counts matter here)
    s = s.but(phase=DUNGEON, turn=0, adv=ai, tiles=tiles, dungeon=dun, aside=asd, deck=deck, discard=discard,
              entered=dun, passed=(0, 1) + (1,) * (NP - 2),
              pile=tuple(c.names.index(m) for m in reversed(monsters)) if ordered else ())
    h = start_hp(s)
    s = s.but(hp0=h, hp=h)
    assert G.broken(s) == [], [i.says for i in G.broken(s)]
    return s


def step(s, do: str, p: int = 0, **kw):
    """Play one event by seat p; names in kw are decoded like a log line."""
    act = G.action(do)
    a = args(p)
    for prm in act.params:
        if prm.name not in kw and prm.optional:
            setattr(a, prm.name, prm.default)
            continue
        v = kw[prm.name]
        setattr(a, prm.name, prm.kind.decode(v, s.cfg, ("Ana", "Ben", "Cleo", "Dan")[: s.np]))
    t = G.step(s, act, a)
    assert G.broken(t) == [], (do, [i.says for i in G.broken(t)])
    return t


def through(s, *monsters: str, vorpal: str | None = None):
    """Name the Vorpal type (if given), then reveal and fight each monster in turn."""
    if vorpal is not None:
        s = step(s, "dungeon.vorpal", monster=vorpal)
    for m in monsters:
        s = step(s, "dungeon.reveal", monster=m)
        s = step(s, "dungeon.fight")
    return s
