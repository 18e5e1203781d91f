"""Fields of the events: squares as [x, y], tokens as "Player.Name", characters by name.

Squares, tokens and characters are symbolic for the checks (z3 Ints with bounds) so that
an action has a handful of instances, not thousands; only small choices are enumerated.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..kernel.rules import BadField, ParamKind, shown
from .board import NSQ, NTOK, T, W, H
from .data import CHAR_NAMES, OBJ_NAMES

TOKEN_NAMES = CHAR_NAMES + OBJ_NAMES


def _sym_int(name: str, lo: int, hi: int):
    import z3

    from ..kernel import Sym

    v = z3.Int(name)
    return Sym(v, tuple(range(lo, hi + 1))), [v >= lo, v <= hi]


@dataclass(frozen=True)
class Square(ParamKind):
    """A square as [x, y]: x = column 0..21 (0 and 21 the starting lines), y = row 0..9."""

    def decode(self, v, cfg, players):
        if type(v) is not list or len(v) != 2 or any(type(c) is not int for c in v):
            raise BadField(f"expected a square [x, y], got {shown(v)}")
        x, y = v
        if not (0 <= x < W and 0 <= y < H):
            raise BadField(f"square {v} is off the 22x10 board")
        return 10 * x + y

    def encode(self, v, cfg, players):
        return [v // 10, v % 10]

    def schema(self, cfg):
        return {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2}

    def symbolic(self, cfg, name):
        return _sym_int(name, 0, NSQ - 1)

    def shape(self, cfg):  # a number (kernel/compile/)
        return ()

    def cases(self, cfg, name):
        """The board by region: each starting line, then each room position. A square of
        a region is one of 5 (a line: 1) runs of consecutive numbers 10x+y."""
        import z3

        from ..kernel import Sym

        out = []
        for label, cols, rows in _REGIONS:
            v = z3.Int(name)
            dom = tuple(10 * x + y for x in cols for y in rows)
            runs = z3.Or(*[z3.And(v >= 10 * x + rows[0], v <= 10 * x + rows[-1]) for x in cols])
            out.append((Sym(v, dom), [runs], label))
        return out


# the regions of Square.cases: (label, columns, rows)
_REGIONS = [(f"on line {p + 1}", (0, W - 1)[p:p + 1], range(H)) for p in (0, 1)] + [
    (f"in room {r}", range(1 + 5 * (r % 4), 6 + 5 * (r % 4)), range(5 * (r // 4), 5 * (r // 4) + 5)) for r in range(8)
]


@dataclass(frozen=True)
class Token(ParamKind):
    """Any token, as "Player.Name" (e.g. "Ana.Rope"); read as its index 0..27."""

    def decode(self, v, cfg, players):
        if type(v) is not str or "." not in v:
            raise BadField(f"expected a token \"Player.Name\", got {shown(v)}")
        who, _, what = v.rpartition(".")
        if who not in players:
            raise BadField(f"unknown player {shown(who)} in {shown(v)}")
        if what not in TOKEN_NAMES:
            raise BadField(f"unknown token {what!r} (tokens: {', '.join(TOKEN_NAMES)})")
        return players.index(who) * NTOK + TOKEN_NAMES.index(what)

    def encode(self, v, cfg, players):
        return f"{players[v // NTOK]}.{TOKEN_NAMES[v % NTOK]}"

    def schema(self, cfg):
        return {"type": "string", "pattern": r"^.+\.(" + "|".join(TOKEN_NAMES) + ")$"}

    def symbolic(self, cfg, name):
        return _sym_int(name, -1, T - 1)

    def shape(self, cfg):
        return ()


@dataclass(frozen=True)
class Char(ParamKind):
    """One of the acting player's characters (or tokens, with names=TOKEN_NAMES), by name;
    symbolic for the checks."""

    names: tuple = CHAR_NAMES
    what: str = "character"

    def decode(self, v, cfg, players):
        if v not in self.names:
            raise BadField(f"expected a {self.what} ({', '.join(self.names)}), got {shown(v)}")
        return self.names.index(v)

    def encode(self, v, cfg, players):
        return self.names[v]

    def schema(self, cfg):
        return {"type": "string", "enum": list(self.names)}

    def symbolic(self, cfg, name):
        return _sym_int(name, 0, len(self.names) - 1)

    def shape(self, cfg):
        return ()


@dataclass(frozen=True)
class Spots(ParamKind):
    """Where each token of a revealed room is put: {"Player.Name": [x, y], ...}, read as a
    vector of 28 squares (-1 for tokens not named)."""

    def decode(self, v, cfg, players):
        if type(v) is not dict:
            raise BadField(f"expected an object {{\"Player.Name\": [x, y]}}, got {shown(v)}")
        out = [-1] * T
        for k, q in v.items():
            t = Token().decode(k, cfg, players)
            out[t] = Square().decode(q, cfg, players)
        return tuple(out)

    def encode(self, v, cfg, players):
        return {Token().encode(t, cfg, players): Square().encode(q, cfg, players) for t, q in enumerate(v) if q >= 0}

    def schema(self, cfg):
        return {"type": "object", "additionalProperties": Square().schema(cfg)}

    def shape(self, cfg):  # a square per token
        return (T,)

    def symbolic(self, cfg, name):
        vals, side = [], []
        for t in range(T):
            v, s = _sym_int(f"{name}[{t}]", -1, NSQ - 1)
            vals.append(v)
            side += s
        return tuple(vals), side


@dataclass(frozen=True)
class Choice(ParamKind):
    """One of a few words, read as the value they stand for (enumerated by the checks)."""

    words: tuple = ()  # ((word, value), ...)

    def decode(self, v, cfg, players):
        d = dict(self.words)
        if not isinstance(v, str) or v not in d:  # a dict or list cannot even be looked up
            raise BadField(f"expected one of {', '.join(d)}, got {shown(v)}")
        return d[v]

    def encode(self, v, cfg, players):
        return next(k for k, x in self.words if x == v)

    def domain(self, cfg):
        return [x for _, x in self.words]

    def shape(self, cfg):  # a number (kernel/compile/)
        return ()

    def schema(self, cfg):
        return {"type": "string", "enum": [k for k, _ in self.words]}
