"""A scenario and its log: the header, the events, the declared result."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ...model.kernel import Game
from ...model.kernel.play import event


def result_line(game: Game, s: Any, players: list[str]) -> dict | None:
    out = game.result(s)
    if out is None:
        return None
    ws = [players[i] for i in out.winners]
    res: dict[str, Any] = {"winner": ws[0] if len(ws) == 1 else ws}
    if out.points is not None:
        res["points"] = {players[i]: int(p) for i, p in enumerate(out.points)}
    return {"result": res}


def log_lines(game: Game, header: dict, path: list, extra: list[dict] = ()) -> list[dict]:
    players = tuple(header["players"])
    cfg = game.configure(header.get("options", {}), None, None, nplayers=len(players))
    rows = [header]
    for i, (act, a) in enumerate(path, 1):
        rows.append({"n": i, **event(game, cfg, act, a, players)})
    return rows + list(extra)


@dataclass
class Scenario:
    family: str
    slug: str
    rows: list[dict]
    expect: dict
    exercises: str
    cites: list[str]
    extra: dict = field(default_factory=dict)


def _slug(x: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", x.lower()).strip("-")[:40] or "x"


def expected(v: Any, legal: str = "legal") -> tuple[dict, str]:
    """A replay's verdict (not unreadable) as a scenario's `expect`, and its words: legal, or
    illegal with line and § (and its kind when not a broken Need)."""
    if v.verdict == "legal":
        return {"verdict": "legal"}, legal
    p = v.first()
    exp = {"verdict": "illegal", "line": p.line, "cite": p.cite}
    if p.kind != "illegal":
        exp["kind"] = p.kind
    return exp, f"illegal at line {p.line} ({p.message})"
