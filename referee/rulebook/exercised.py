"""Which rules the shipped example logs exercise (examples/<game>/*.jsonl, and the logs of the
text's worked examples in the game's folder, worked/*.jsonl: replayed here).

A cheap notion, computed from the replays, never assumed:
- `action:<do>` — an example plays a `<do>` event that the replay accepts;
- `need:<do>#<k>` — an example's first illegal step is a `<do>` event that breaks that Need
  (the replay's message names it), so the Need is seen to refuse;
- `ruling:<name>` and `option:<name>` — the replay's trace shows that the ruling was
  decided by an option, or by the first of conflicting answers, in an example;
- `setup` — an example's header is accepted; `result` — an example's result line is checked.
Invariants, claims, gaps, sourced values, phases and component checks are proved or checked
by the audit, not exercised by a game: they never count here.

The examples live beside the package in a checkout (`examples/<game>/`); an installed copy
has none of them, only the worked examples' logs, and with neither nothing is established
(the caller says so)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import orjson

from referee.replays.engine import replay

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@dataclass(frozen=True)
class Exercised:
    by: dict[str, tuple[str, ...]]  # rule id -> the example files (names) that exercise it
    logs: int  # how many examples were replayed
    worked: int = 0  # of them, the logs of the text's worked examples (the game's worked/ folder)


def _events(path: Path) -> dict[int, str]:
    """Line number -> the event's `do`, for the lines that read as JSON objects."""
    out = {}
    for no, raw in enumerate(path.read_bytes().splitlines(), 1):
        try:
            d = orjson.loads(raw)
        except orjson.JSONDecodeError:
            continue
        if isinstance(d, dict) and isinstance(d.get("do"), str):
            out[no] = d["do"]
    return out


def _need_ids(game, do: str, message: str, cite: str | None) -> list[str]:
    act = game.action(do)
    if act is None:
        return []
    return [f"need:{do}#{k}" for k, n in enumerate(act.needs, 1)
            if n.cite == cite and f"breaks {n.cite}: {n.says}" in message]


def exercised(game, folder: Path | None = None) -> Exercised | None:
    """What the examples of `game` exercise, or None when it ships no example here. Without a
    folder given: examples/<game>/ and the logs of the text's worked examples, which the game's
    folder holds (worked/: installed with the package, so an installed copy has them too)."""
    from referee.rulebook.book import game_folder

    worked = [] if folder is not None else sorted((game_folder(game) / "worked").glob("*.jsonl"))
    folder = folder or EXAMPLES / game.name
    logs = (sorted(folder.glob("*.jsonl")) if folder.is_dir() else []) + worked
    if not logs:
        return None
    by: dict[str, set[str]] = {}

    def mark(rid: str, log: Path) -> None:  # a worked log by its folder too: a name may be in both
        by.setdefault(rid, set()).add(f"worked/{log.name}" if log in worked else log.name)

    for log in logs:
        v = replay(log, game=game)
        if v.verdict == "unreadable":
            continue
        first = v.first()
        stop = first.line if first and first.kind != "result" else None
        events = _events(log)
        if stop is None or stop > 1:
            mark("setup", log)
        for no, do in events.items():
            if stop is None or no < stop:
                mark(f"action:{do}", log)
        if first is not None and first.kind == "illegal" and first.line in events:
            for rid in _need_ids(game, events[first.line], first.message, first.cite):
                mark(rid, log)
        if v.outcome is not None and (first is None or first.kind == "result"):
            mark("result", log)
        for d in v.decided:
            mark(f"ruling:{d['ruling']}", log)
            if "option" in d:
                mark(f"option:{d['option'].partition('=')[0]}", log)
    return Exercised({k: tuple(sorted(v)) for k, v in sorted(by.items())}, len(logs), len(worked))
