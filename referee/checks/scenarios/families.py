"""Which games the scenarios play: the families asked for, the configurations (every
variant combination, each other option, every player count) and a random header for one."""
from __future__ import annotations

import itertools
import random

from ...model.kernel import BadInput, Game
from ...model.kernel.inputs import choose_options
from . import pairwise


FAMILIES = ("random", "boundary", "mutants", "unreadable", "rulings", "situations", "declarations")


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


def configurations(game: Game, options: dict | None = None, all_pairs: bool = False) -> list[tuple[dict, int]]:
    """(options, players). By default: every combination of the variant options (kind
    "variant": mode, board side), then each other rules option's non-default choices one at
    a time. With `options` (NAME: VALUE, checked as the audit's --option is: an unknown name
    or value is a BadInput naming the known ones): exactly that rule set. With `all_pairs`:
    a covering set of option sets where every pair of values of any two options appears
    (pairwise.py; the given `options` stay fixed), each set written in full. The player
    counts are spread over the option sets so that each count appears."""
    if options is None and not all_pairs:
        variants = [o for o in game.options if o.kind == "variant"]
        combos = [dict(zip([o.name for o in variants], vals))
                  for vals in itertools.product(*[list(o.choices) for o in variants])] or [{}]
        opts = combos + [{o.name: c} for o in game.options if o.kind != "variant" for c in o.choices if c != o.default]
    else:
        fixed = {k: choose_options(options or {}, game.options)[k] for k in options or {}}
        if all_pairs:
            factors = [[fixed[o.name]] if o.name in fixed else [o.default] + [c for c in o.choices if c != o.default]
                       for o in game.options]
            opts = [dict(zip([o.name for o in game.options], row)) for row in pairwise.all_pairs(factors)]
        else:
            opts = [fixed]
    counts = player_counts(game) or [2]
    n = max(len(opts), len(counts))
    return [(opts[i % len(opts)], _count(game, opts[i % len(opts)], counts, i)) for i in range(n)]


def _count(game: Game, opts: dict, counts: list[int], i: int) -> int:
    """The i-th player count (cycling), or the next one these options accept."""
    for n in counts[i % len(counts):] + counts[:i % len(counts)]:
        try:
            game.configure(opts, None, None, nplayers=n)
            return n
        except BadInput:
            continue
    raise BadInput(f"options: {', '.join(f'{k}={v}' for k, v in opts.items())}: no number of players "
                   f"({', '.join(map(str, counts))}) accepts them")


def header_for(game: Game, options: dict, nplayers: int, rng: random.Random) -> dict:
    cfg = game.configure(options, None, None, nplayers=nplayers)
    h = game.random_header(rng, cfg)
    return {**h, "options": {**h.get("options", {}), **options}}


def under(game: Game, seed: int, name: str, v: str, counts: list[int], tag: str):
    """Endless (header, rng) of seeded games under name=v alone (the other options at their
    defaults), the player counts cycling; the header is None for a count the value refuses."""
    j = 0
    while True:
        j += 1
        rng = random.Random(f"{seed}/{tag}/{name}={v}/{j}")
        try:
            yield header_for(game, {name: v}, counts[j % len(counts)], rng), rng
        except BadInput:
            yield None, rng


def _families(family: str | list[str]) -> tuple[str, ...]:
    """The families asked for ("all", one name or a list), in the order of FAMILIES."""
    wanted = [family] if isinstance(family, str) else list(family)
    unknown = sorted(set(wanted) - set(FAMILIES) - {"all"})
    if unknown:
        raise ValueError(f"unknown scenario family {unknown[0]!r} (known: {', '.join(FAMILIES)})")
    return FAMILIES if "all" in wanted else tuple(f for f in FAMILIES if f in wanted)
