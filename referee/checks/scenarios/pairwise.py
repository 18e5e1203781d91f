"""All pairs: a small set of configurations in which every value of any option meets every
value of any other option at least once (a pairwise covering array). Interactions between
two rule choices are where engines part most often, and the full product grows too fast
(Raiders: 3 x 2^11 = 6,144 option sets; pairwise: a handful)."""
from __future__ import annotations

import itertools


def all_pairs(factors: list[list[str]]) -> list[tuple[str, ...]]:
    """Rows (one value per factor) covering every pair of values of two factors. Greedy and
    deterministic: each row starts from the first pair not yet covered, then gives every
    other factor the value that covers most pairs not yet covered with the values already
    chosen (ties: the earlier value, so the first row is every factor's first value)."""
    k = len(factors)
    if k == 0:
        return [()]
    if k == 1:
        return [(v,) for v in factors[0]]
    sizes = [len(f) for f in factors]
    todo = {(i, a, j, b) for i, j in itertools.combinations(range(k), 2)
            for a in range(sizes[i]) for b in range(sizes[j])}
    rows: list[tuple[str, ...]] = []
    while todo:
        i, a, j, b = min(todo)
        row = {i: a, j: b}
        for f in range(k):
            if f not in row:
                row[f] = max(range(sizes[f]), key=lambda v: (_gain(todo, row, f, v), -v))
        rows.append(tuple(factors[f][row[f]] for f in range(k)))
        todo -= {(x, row[x], y, row[y]) for x, y in itertools.combinations(range(k), 2)}
    return rows


def _gain(todo: set, row: dict, f: int, v: int) -> int:
    """How many pairs not yet covered value v of factor f makes with the values chosen."""
    return sum(((g, row[g], f, v) if g < f else (f, v, g, row[g])) in todo for g in row)


def covers(factors: list[list[str]], rows: list[tuple[str, ...]]) -> list[tuple[int, str, int, str]]:
    """The pairs (factor, value, factor, value) that no row holds: empty when `rows` covers."""
    seen = {(x, r[x], y, r[y]) for r in rows for x, y in itertools.combinations(range(len(factors)), 2)}
    return [(i, a, j, b) for i, j in itertools.combinations(range(len(factors)), 2)
            for a in factors[i] for b in factors[j] if (i, a, j, b) not in seen]
