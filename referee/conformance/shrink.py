"""A smaller log that still shows a disagreement of the same class: events deleted by ddmin
(Zeller's delta debugging, the complement step: remove one of n chunks, n doubling down to
single events), the header kept, the remaining events renumbered from 1 so that "n" stays
readable. The result line, if any, is an item like the events: it goes if the class
stays without it."""
from __future__ import annotations

from typing import Callable, Sequence

import orjson


def renumbered(head: bytes, items: Sequence[bytes]) -> list[bytes]:
    """The header, then the kept lines, each event's "n" counting again from 1."""
    out, n = [head], 0
    for raw in items:
        row = orjson.loads(raw)
        if isinstance(row, dict) and "n" in row:
            n += 1
            row["n"] = n
            raw = orjson.dumps(row)
        out.append(raw)
    return out


def shrinkable(lines: Sequence[bytes]) -> str | None:
    """None when every line is a JSON object (events can be deleted and renumbered), else
    why the log is kept whole."""
    for no, raw in enumerate(lines, 1):
        try:
            if not isinstance(orjson.loads(raw), dict):
                return f"line {no} is not a JSON object"
        except orjson.JSONDecodeError:
            return f"line {no} is not JSON"
    return None


def ddmin(lines: Sequence[bytes], keeps: Callable[[list[bytes]], bool], most: int) -> tuple[list[bytes], bool]:
    """The smallest log found (header + items) for which `keeps` holds, asking `keeps` at
    most `most` times; and whether the search finished (False: cut short by `most`). The
    items are the lines after the header; blank lines are dropped first."""
    head, items = lines[0], [x for x in lines[1:] if x.strip()]
    asked, n = 0, 2
    while len(items) >= 1:
        size = max(1, len(items) // n)
        chunks = [items[i:i + size] for i in range(0, len(items), size)]
        for i in range(len(chunks)):
            if asked >= most:
                return renumbered(head, items), False
            rest = [x for j, c in enumerate(chunks) if j != i for x in c]
            asked += 1
            if keeps(renumbered(head, rest)):
                items, n = rest, max(n - 1, 2)
                break
        else:
            if size == 1:
                break
            n = min(len(items), n * 2)
    return renumbered(head, items), True
