"""Which games the scenarios play: the families asked for, the configurations (every
variant combination, each other option, every player count) and a random header for one."""
from __future__ import annotations

import itertools
import random

from ...model.kernel import Game


FAMILIES = ("random", "boundary", "mutants", "unreadable")


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


def header_for(game: Game, options: dict, nplayers: int, rng: random.Random) -> dict:
    cfg = game.configure(options, None, None, nplayers=nplayers)
    h = game.random_header(rng, cfg)
    return {**h, "options": {**h.get("options", {}), **options}}


def _families(family: str | list[str]) -> tuple[str, ...]:
    """The families asked for ("all", one name or a list), in the order of FAMILIES."""
    wanted = [family] if isinstance(family, str) else list(family)
    unknown = sorted(set(wanted) - set(FAMILIES) - {"all"})
    if unknown:
        raise ValueError(f"unknown scenario family {unknown[0]!r} (known: {', '.join(FAMILIES)})")
    return FAMILIES if "all" in wanted else tuple(f for f in FAMILIES if f in wanted)
