"""What the actions' candidates share (each action proposes its own: kernel/proposals.py),
and a readable view of a state."""
from __future__ import annotations

from .board import C, HID, NCHAR, NSQ, NTOK, T
from .data import CHAR_NAMES
from .params import TOKEN_NAMES


def standing(s):
    """(k, token, character, square) of each character of the player whose turn it is that
    stands on the board and is not carried: the ones whose actions random games propose."""
    p = s.turn
    held = {h for h in s.held if h >= 0}
    for k in range(NCHAR):
        t = p * NTOK + k
        q = s.loc[t]
        if 0 <= q < NSQ and t not in held:
            yield k, t, p * NCHAR + k, q


def describe(s) -> dict:
    names = ("A", "B")
    out = {"phase": ("setup", "card", "act", "over")[s.phase], "turn": names[s.turn], "ap": s.ap, "vp": list(s.vp)}
    where = {}
    for t in range(T):
        x = s.loc[t]
        n = f"{names[t // NTOK]}.{TOKEN_NAMES[t % NTOK]}"
        if 0 <= x < NSQ:
            where[n] = [x // 10, x % 10]
        elif x >= HID:
            where[n] = f"hidden in room {x - HID}"
    out["tokens"] = where
    out["wounded"] = [f"{names[c // NCHAR]}.{CHAR_NAMES[c % NCHAR]}" for c in range(C) if s.wounded[c]]
    out["rotations"] = list(s.rot)
    if s.cfg is not None:  # the board drawn (view.py): rows of text, x across, y down
        from .view import LEGEND, board_rows

        out["board"] = {"rows": board_rows(s), "legend": LEGEND}
    return out
