"""The class of a disagreement: how the two verdicts differ, the § (or field) each judge
names, and the reading that explains it — an option of the game set to another value, or
another preferred source, under which referee gives the other judge's verdict (checked by
replaying the log so, never guessed)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import orjson

from .said import Reading, Said, same


@dataclass(frozen=True)
class Klass:
    kind: str  # how the verdicts differ: "illegal/legal", "illegal/illegal: line", ...
    a: str  # the § (or the field, or the kind of problem) judge A names; "-" when legal
    b: str
    explained_by: str | None  # "option=value" or "prefer=source"; None: no reading explains it
    asked: bool = True  # False: no explanation was sought (B is referee under a reading already)

    def key(self) -> tuple:
        return (self.kind, self.a, self.b, self.explained_by or "")

    def why(self) -> str:
        if not self.asked:
            return ""
        return f" (explained by {self.explained_by})" if self.explained_by else " (no option explains it)"

    def to_json(self) -> dict:
        d = {"kind": self.kind, "a": self.a, "b": self.b}
        return {**d, "explained_by": self.explained_by} if self.asked else d


def what(s: Said) -> str:
    """What a verdict names: the § broken, the field unread, the kind of a problem without §."""
    if s.verdict == "legal":
        return "-"
    if s.verdict == "unreadable":
        return f"field {s.field}" if s.field else "the log"
    return s.cite or f"({s.kind or 'no §'})"


def kind_of(a: Said, b: Said) -> str:
    if a.verdict != b.verdict:
        return f"{a.verdict}/{b.verdict}"
    if a.line != b.line:
        return f"{a.verdict}/{b.verdict}: another line"
    return f"{a.verdict}/{b.verdict}: another {'field' if a.verdict == 'unreadable' else '§'}"


def classify(lines: Sequence[bytes], name: str, game: Any, base: Reading, a: Said, b: Said,
             explaining: bool = True) -> Klass:
    """The class of the disagreement between A (referee under `base`) and B on this log;
    with `explaining`, the reading that explains it is sought."""
    if not explaining:
        return Klass(kind_of(a, b), what(a), what(b), None, asked=False)
    return Klass(kind_of(a, b), what(a), what(b), explain(lines, name, game, base, b, a.arose))


def explain(lines: Sequence[bytes], name: str, game: Any, base: Reading, b: Said,
            arose: Sequence[str] = ()) -> str | None:
    """Every reading (each option's other values, then each other source) under which referee
    says what B says of this log, joined by " or "; None if none does (or the log's game is not
    known: `game` None). Options whose answer decided a question of this log under `base`
    (`arose`) come first, then the others in the game's order: one that was never consulted
    can flip a verdict only by chance, and all are named, since the first alone misled (s54:
    7 Trolls logs credited to abeam or group_stat that melee_defenders=contact explains too)."""
    if game is None:
        return None
    try:
        head = orjson.loads(lines[0]) if lines else None
    except orjson.JSONDecodeError:
        return None
    given = head.get("options") if isinstance(head, dict) else None
    given = given if isinstance(given, dict) else {}
    forced = dict(base.options)
    found = []
    rank = {n: i for i, n in enumerate(arose)}
    for opt in sorted(game.options, key=lambda o: rank.get(o.name, len(rank))):  # stable: the game's order after
        now = forced.get(opt.name, given.get(opt.name, opt.default))
        for value in opt.choices:
            if value != now and same(base.but(options={opt.name: value}).said(lines, name, game), b):
                found.append(f"{opt.name}={value}")
    for src in game.sources:
        if src.key != base.prefer and same(base.but(prefer=src.key).said(lines, name, game), b):
            found.append(f"prefer={src.key}")
    return " or ".join(found) or None
