"""Candidate moves for random games (chance outcomes included) and a random header.
The kernel keeps the legal ones (kernel/play.py: legal)."""
from __future__ import annotations

import itertools
import random

from ..kernel import args
from .common import seats
from .data import HAND, QUESTS_DEALT, QUESTS_KEPT
from .state import DRAFT, PLAY, SETUP

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eva")


def _rng(s) -> random.Random:
    """A deterministic sample of chance outcomes for this state."""
    x = 0
    for i, v in enumerate((s.round, s.step, *s.deck, *s.qdeck, *s.dealt, *s.qgot)):
        x = (x * 31 + (i + 1) * int(v)) % (1 << 61)
    return random.Random(x)


def _draw(rng, counts, k) -> tuple[int, ...]:
    pile = [i for i, c in enumerate(counts) for _ in range(c)]
    out = [0] * len(counts)
    for i in rng.sample(pile, min(k, len(pile))):
        out[i] += 1
    return tuple(out)


def moves(s):
    from . import cards, draft, setup, turn_end

    rng = _rng(s)
    if s.phase == SETUP:
        for q in seats(s):
            if s.qgot[q] == 0:
                yield setup.DEAL_QUESTS, args(None, to=q, quests=_draw(rng, s.qdeck, QUESTS_DEALT))
            elif s.kept[q] == 0:
                dealt = [i for i, c in enumerate(s.qdealt[q]) for _ in range(c)]
                for combo in sorted(set(itertools.combinations(dealt, QUESTS_KEPT)))[:4]:
                    keep = [0] * len(s.qdealt[q])
                    for i in combo:
                        keep[i] += 1
                    yield setup.KEEP_QUESTS, args(q, keep=tuple(keep))
        for q in seats(s):
            yield setup.FIRST, args(None, player=q)
    elif s.phase == DRAFT:
        for q in seats(s):
            if s.dealt[q] == 0:
                yield draft.DEAL, args(None, to=q, cards=_draw(rng, s.deck, HAND))
        for q in seats(s):
            for k, c in enumerate(s.pack[q]):
                if c:
                    yield draft.PICK, args(q, card=k)
    elif s.phase == PLAY:
        p = s.turn
        for k, c in enumerate(s.hand[p]):
            if c:
                yield cards.PLAY_CARD, args(p, card=k)
                yield cards.PLAY_MONSTER, args(p, card=k)
        for k, c in enumerate(s.qhand[p]):
            if c:
                yield cards.PLAY_QUEST, args(p, quest=k)
        yield turn_end.END_TURN, args(p)


def random_header(rng: random.Random, cfg) -> dict:
    n = cfg.extra.get("nplayers", 2)
    return {"referee": 1, "game": "draft", "rules": "seed 004", "players": list(NAMES[:n]),
            "options": dict(cfg.options), "setup": {}}


def progress(s) -> float:
    return s.round * 100 + s.phase * 10 + s.step + sum(s.ended)
