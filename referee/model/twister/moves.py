"""Candidate moves for random legal games (the kernel keeps the legal ones), and a readable
view of a state."""
from __future__ import annotations

from ..kernel import args
from .board import (
    C, CLERIC, HID, NCHAR, NSQ, NTOK, POTION, RES, STAFF, T, THIEF, TROLL, WALLWALKER, WIZARD,
    limit, line, neighbours, room_of, room_squares, xy,
)
from .combat import ATTACK, FIRE
from .capacites import GATE, HEAL, POTION_ACT, REGEN
from .common import geo, hidden_in
from .data import CHAR_NAMES
from .deplacement import DROP, EXIT, JUMP, MOVE, PASSWALL, dist
from .params import TOKEN_NAMES
from .salles import REVEAL, ROTATE, ring
from .state import ACT, CARD, SETUP
from .tour import CARD_ACT, END, HIDE

def _free(s, q):
    return all(s.loc[t] != q for t in range(T))


def _placement(s, r):
    """A legal placement of the tokens hidden in room r: distinct free squares, no pit."""
    g = geo(s)
    toks = [t for t in range(T) if s.loc[t] == HID + r]
    squares = [q for q in room_squares(r) if not g.pit(s, q)]
    seed = sum(s.loc) + 7 * r
    squares = squares[seed % len(squares):] + squares[: seed % len(squares)]
    out = [-1] * T
    for t, q in zip(toks, squares[:: 3]):
        out[t] = q
    return tuple(out)


def moves(s):
    p = s.turn
    if s.phase == SETUP:
        for k in range(NTOK):
            if s.loc[p * NTOK + k] == RES:
                for r in range(8):
                    if hidden_in(s.loc, r) < limit(r):
                        yield HIDE, args(p, token=k, room=r)
        return
    if s.phase == CARD:
        for v in (2, 3, 4, 5):
            yield CARD_ACT, args(p, value=v)
        return
    if s.phase != ACT:
        return
    yield END, args(p)
    g = geo(s)
    q_ = 1 - p
    held = set(h for h in s.held if h >= 0)
    for k in range(NCHAR):
        t = p * NTOK + k
        c = p * NCHAR + k
        q = s.loc[t]
        if not 0 <= q < NSQ or t in held:
            continue
        speed = s.cfg.comp.chars[k].speed
        d = dist(s, p, k, q)
        reach = sorted((q2 for q2, n in d.items() if 0 < n <= speed), key=lambda q2: (abs(q2 // 10 - line(q_)), q2))
        # random games should end: the most forward squares are proposed more often
        for dest in reach[:1] * 3 + reach[1:2] + reach[6:7]:
            yield MOVE, args(p, who=k, to=dest, take=-1)
        if s.held[c] == -1 and not s.wounded[c]:
            for u in range(T):
                v = s.loc[u]
                if 0 <= v < NSQ and u not in held and u != t and d.get(v, 99) <= speed:
                    if u % NTOK >= NCHAR or (u // NTOK == p and s.wounded[(u // NTOK) * NCHAR + u % NTOK]):
                        if v != q:
                            yield MOVE, args(p, who=k, to=v, take=u)
        if s.held[c] >= 0:
            yield DROP, args(p, who=k)
        if q // 10 == line(q_):
            for _ in range(8):
                yield EXIT, args(p, who=k)
        for r in range(8):
            if not s.revealed[r] and q in ring(r):
                yield REVEAL, args(p, who=k, room=r, spots=_placement(s, r))
        if g.gear_dir(s, q) != 0:
            r = room_of(q)
            for room in (r, g.twin[r]):
                for dr in (1, -1):
                    yield ROTATE, args(p, who=k, room=room, dir=dr)
        if not s.wounded[c]:
            adj_enemies = [j for j in range(NCHAR) if s.loc[q_ * NTOK + j] in neighbours(q)]
            hand, dhand = s.cc[p], s.cc[q_]
            best = max(v for v in range(7) if hand[v] > 0)
            dbest = max(v for v in range(7) if dhand[v] > 0)
            for j in adj_enemies:
                one = tuple(1 if i == k else 0 for i in range(NCHAR))
                them = tuple(1 if i == j else 0 for i in range(NCHAR))
                for card, dcard in {(best, dbest), (best, 0), (0, dbest)}:
                    yield ATTACK, args(p, who=k, attackers=one, defenders=them, card=card, dcard=dcard)
                mates = tuple(1 if (not s.wounded[p * NCHAR + i] and s.loc[p * NTOK + i] in neighbours(s.loc[q_ * NTOK + j])) else 0
                              for i in range(NCHAR))
                if sum(mates) > 1:
                    yield ATTACK, args(p, who=k, attackers=mates, defenders=them, card=best, dcard=dbest)
        if k == WALLWALKER:
            for n in neighbours(q):
                yield PASSWALL, args(p, to=n)
        if s.jumps[p] > 0:
            x, y = xy(q)
            for dx, dy in ((2, 0), (-2, 0), (0, 2), (0, -2)):
                if 0 <= x + dx < 22 and 0 <= y + dy < 10:
                    yield JUMP, args(p, who=k, to=10 * (x + dx) + y + dy)
        if s.held[c] in (POTION, NTOK + POTION):
            yield POTION_ACT, args(p, who=k)
        if k == WIZARD and s.held[c] in (STAFF, NTOK + STAFF):
            for u in range(T):
                if u % NTOK < NCHAR and 0 <= s.loc[u] < NSQ and u != t:
                    yield FIRE, args(p, target=u)
        if k == CLERIC:
            for j in range(NCHAR):
                if s.wounded[p * NCHAR + j]:
                    yield HEAL, args(p, target=j)
        if k == TROLL and s.wounded[c]:
            yield REGEN, args(p)
        if k in (THIEF, 6):
            r = room_of(q)
            if r is not None:
                for i in range(g.ngates[r]):
                    for act in ((0, 1) if k == THIEF else (2,)):
                        yield GATE, args(p, gate=2 * r + i, act=act)


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
