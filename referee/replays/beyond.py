"""Acts a rulebook names and does not give: a log may record one (a House card played for
its own effect, Raiders §5.2), and no referee can say whether it, or anything after it, was
legal. The replay's verdict is then "not established" at that line, with the § and the gap
that say why: never "illegal" (the log may be right) nor "legal" (nothing after it is judged).

Each game lists such acts in `beyond.toml` beside its rules (an `[[event]]` table each: `do`,
the event's name in a log; `cite`; `why`, in the project's words; `gap`, the audit's finding
that reports the silence). Read only when a log names an event the rules do not have: the
hot path never opens it."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import Undecided, Unreadable


@dataclass(frozen=True)
class Beyond:
    do: str
    cite: str
    why: str
    gap: str


class NotEstablished(Undecided):
    """A log's event is an act the text names and does not give (this module's `Beyond`):
    the rules give no answer from it on (exit 1, as every Undecided; the replay's verdict
    "not established", `Play.push` and `referee replay --why` raise it located)."""

    def __init__(self, line: int, act: Beyond):
        super().__init__(f"'{act.do}': the rules cannot judge this event, nor any after it: {act.why} "
                         f"(gap {act.gap})", line=line, cite=act.cite)
        self.act = act


def beyond_file(game: Any) -> Path | None:
    """The game's beyond.toml, or None (no such file; a game registered under no name)."""
    from ..rulebook.book import game_folder

    try:
        path = game_folder(game) / "beyond.toml"
    except KeyError:  # a game built in place, registered under no name (a test's), as report.stand_ins
        return None
    return path if path.is_file() else None


def beyond(game: Any) -> dict[str, Beyond]:
    """The game's acts named by the text and not given, by event name (none for a game with
    no beyond.toml, a sixth game's included)."""
    path = beyond_file(game)
    if path is None:
        return {}
    try:
        rows = tomllib.loads(path.read_text(encoding="utf-8")).get("event", [])
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise Unreadable(f"not a readable TOML list of acts the text does not give: {e}", file=str(path)) from None
    out = {}
    for i, row in enumerate(rows):
        if not (isinstance(row, dict) and set(row) == {"do", "cite", "why", "gap"}
                and all(isinstance(x, str) and x for x in row.values()) and row["cite"].startswith("§")):
            raise Unreadable(f"event[{i}]: needs do, cite (a '§' string), why and gap, each a string, and "
                             "nothing else", file=str(path))
        out[row["do"]] = Beyond(**row)
    return out
