"""What random games share: chance outcomes drawn deterministically from the state (the
deals the actions propose, in setup.py and draft.py), a random header, and a game's progress."""
from __future__ import annotations

import random


NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eva")


def chance(s) -> random.Random:
    """A deterministic sample of chance outcomes for this state."""
    x = 0
    for i, v in enumerate((s.round, s.step, *s.deck, *s.qdeck, *s.dealt, *s.qgot)):
        x = (x * 31 + (i + 1) * int(v)) % (1 << 61)
    return random.Random(x)


def sample(rng, counts, k) -> tuple[int, ...]:
    """k cards drawn at random from a count vector."""
    pile = [i for i, c in enumerate(counts) for _ in range(c)]
    out = [0] * len(counts)
    for i in rng.sample(pile, min(k, len(pile))):
        out[i] += 1
    return tuple(out)


def random_header(rng: random.Random, cfg) -> dict:
    n = cfg.extra.get("nplayers", 2)
    return {"referee": 1, "game": "draft", "rules": "seed 004", "players": list(NAMES[:n]),
            "options": dict(cfg.options), "setup": {}}


def progress(s) -> float:
    return s.round * 100 + s.phase * 10 + s.step + sum(s.ended)
