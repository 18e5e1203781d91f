"""The board of a Dungeon Twister state as text rows, for `referee replay --explain`
(§Matériel: 22 columns, 10 rows; the starting lines are columns 0 and 21).

One row of text per board row and one between rows: a square is two characters, a token
standing there (`A`/`B` and its letter for a character, `a`/`b` for an object lying
alone; LEGEND) or its feature (pit, gear) or `··` for a floor; between two squares `|` is
a wall, `=` a closed portcullis, `:` an open or broken one. Concrete states only."""
from __future__ import annotations

from types import MappingProxyType

from .board import H, NCHAR, NSQ, NTOK, W, room_of, sq
from .common import geo
from .params import TOKEN_NAMES

# one letter a token kind, unique among characters and among objects: an object's code starts
# with a lowercase player letter, so A's Troll (AR) and a Rope of A's (aR) differ
LETTER = MappingProxyType(dict(zip(TOKEN_NAMES, "CGMTRWFZASRBPT")))
FEATURE = MappingProxyType({"pit": "()", "gear+": "@>", "gear-": "<@"})
LEGEND = ("A?/B? a character of player A/B, a?/b? an object lying alone: "
          + ", ".join(f"{v} {k}" for k, v in LETTER.items())
          + "; () pit, @> <@ gear (clockwise, counter-clockwise); | wall, = closed portcullis, : open one")


def _cells(s) -> dict[int, str]:
    """The token shown on each occupied square: a character before the object it carries."""
    out: dict[int, str] = {}
    for t, q in enumerate(s.loc):
        if not 0 <= q < NSQ:
            continue
        p, k = divmod(t, NTOK)
        code = ("AB"[p] if k < NCHAR else "ab"[p]) + LETTER[TOKEN_NAMES[k]]
        if k < NCHAR or q not in out:
            out[q] = code
    return out


def _between(s, a: int, b: int) -> str | None:
    side = geo(s).side(s, a, b)
    if side is None:
        return None
    return "wall" if side == "wall" else ("closed" if s.gate[side[1]] == 0 else "open")


def board_rows(s) -> list[str]:
    g, cells = geo(s), _cells(s)
    across = {"wall": "|", "closed": "=", "open": ":", None: " "}
    down = {"wall": "--", "closed": "==", "open": "::", None: "  "}
    rows = []
    for y in range(H):
        line = []
        for x in range(W):
            q = sq(x, y)
            r = room_of(q)
            kind = g.features[r][s.rot[r]].get(q) if r is not None else None
            line.append(cells.get(q) or FEATURE.get(kind, "··"))
            if x < W - 1:
                line.append(across[_between(s, q, sq(x + 1, y))])
        rows.append("".join(line))
        if y < H - 1:
            rows.append(" ".join(down[_between(s, sq(x, y), sq(x, y + 1))] for x in range(W)))
    return rows
