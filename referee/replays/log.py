"""Reading a game log: JSON Lines, UTF-8, streamed line by line (memory stays flat).

Envelope (DESIGN.md): line 1 is the header, then one event per line, then optionally
`{"result": {...}}`. This module only reads; every problem is an `Unreadable` located
at its line (and field), which the CLI turns into exit code 2.
"""
from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any, Iterable, Iterator, NamedTuple

import orjson

from .. import errors
from ..model.kernel.rules import kind_of

FORMAT = 1  # the "referee" key of the header


class Unreadable(errors.Unreadable):
    """A log that cannot be read, located at its line (and field): exit 2."""

    def __init__(self, line: int, what: str, field: str | None = None):
        super().__init__(what, line=line, field=field)
        self.what = what


class Line(NamedTuple):
    no: int
    data: dict[str, Any]


def lines(path: Path) -> Iterator[Line]:
    """Yield each non-blank line of a file as a dict; raise Unreadable on bad bytes or bad JSON."""
    try:
        fh = open(path, "rb")
    except OSError as e:
        raise Unreadable(0, f"cannot open: {e.strerror}") from None
    with fh:
        yield from _parsed(enumerate(fh, 1))


def records(source: Any) -> Iterator[Line]:
    """The lines of a log from wherever it is held: a path (str or os.PathLike), a binary
    or text stream (stdin, io.StringIO, an open file), or an iterable of lines (str or
    bytes) or of events already decoded (dicts). A str whose first non-blank character is
    "{" is the log's own text, not a file name (no log name starts with a brace)."""
    if isinstance(source, str) and source.lstrip()[:1] == "{":
        source = source.splitlines()
    elif isinstance(source, (str, os.PathLike)):
        yield from lines(Path(source))
        return
    elif isinstance(source, (bytes, bytearray)):
        source = bytes(source).splitlines()
    elif isinstance(source, io.TextIOBase) and hasattr(source, "buffer"):
        source = source.buffer  # stdin: read bytes, so a bad byte is reported, not replaced
    if isinstance(source, dict):
        raise Unreadable(1, "a log is a sequence of lines: the header, then one event per line")
    yield from _parsed(enumerate(source, 1))


def _parsed(numbered: Iterable[tuple[int, Any]]) -> Iterator[Line]:
    for no, raw in numbered:
        if type(raw) is dict:
            yield Line(no, raw)
            continue
        if isinstance(raw, str):
            raw = raw.encode("utf-8", "surrogatepass")
        elif not isinstance(raw, (bytes, bytearray, memoryview)):
            raise Unreadable(no, f"expected a line of text or an event object, got {kind_of(raw)}")
        if not raw.strip():
            continue
        try:
            data = orjson.loads(raw)  # orjson refuses bytes that are not UTF-8 too
        except orjson.JSONDecodeError as e:
            try:
                bytes(raw).decode("utf-8")
            except UnicodeDecodeError as u:
                raise Unreadable(no, f"not UTF-8 (byte {u.start + 1} of the line)") from None
            raise Unreadable(no, f"not JSON: {e.msg} (column {e.colno})") from None
        if type(data) is not dict:
            raise Unreadable(no, f"expected a JSON object, got {kind_of(data)}")
        yield Line(no, data)


def read_header(line: Line, known_games: list[str]) -> dict[str, Any]:
    h = line.data
    if type(h.get("referee")) is not int or h["referee"] != FORMAT:  # not true, not 1.0
        raise Unreadable(line.no, f'not a referee log: the header needs "referee": {FORMAT}', "referee")
    game = h.get("game")
    if type(game) is not str or game not in known_games:
        what = f"unknown game {game!r}" if type(game) is str else f"\"game\" must be a game's name, got {kind_of(game)}"
        raise Unreadable(line.no, f"{what} (known: {', '.join(known_games)})", "game")
    players = h.get("players")
    if type(players) is not list or not players or not all(type(p) is str for p in players):
        raise Unreadable(line.no, "\"players\" must be a list of names", "players")
    if len(set(players)) != len(players) or "chance" in players:
        raise Unreadable(line.no, "player names must be distinct and not \"chance\"", "players")
    for key, kind in (("options", dict), ("setup", dict), ("expect", dict)):
        if key in h and type(h[key]) is not kind:
            raise Unreadable(line.no, f"\"{key}\" must be {kind_of(kind())}", key)
    extra = set(h) - {"referee", "game", "rules", "options", "players", "setup", "expect", "note"}
    if extra:
        raise Unreadable(line.no, f"unknown header field {sorted(extra)[0]!r}", sorted(extra)[0])
    return h


def dumps(obj: Any) -> bytes:
    return orjson.dumps(obj)
