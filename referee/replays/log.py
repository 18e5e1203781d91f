"""Reading a game log: JSON Lines, UTF-8, streamed line by line (memory stays flat).

Envelope (DESIGN.md): line 1 is the header, then one event per line, then optionally
`{"result": {...}}`. This module only reads; every problem is an `Unreadable` located
at its line (and field), which the CLI turns into exit code 2.
"""
from __future__ import annotations

import errno
import io
import os
import unicodedata
from functools import partial
from pathlib import Path
from typing import Any, Iterable, Iterator, NamedTuple

import orjson

from .. import errors
from ..errors import as_printed, printable
from ..files import missing_why
from ..model.kernel.inputs import not_regular, shown
from ..model.kernel.rules import kind_of

FORMAT = 1  # the "referee" key of the header
MAX_LINE = 1 << 20  # bytes of one line (its ending aside): a longer line is not read whole
MAX_EVENTS = 1_000_000  # events of one game; a log this long is hostile, not a game (README)
MAX_LINES = MAX_EVENTS + 2  # the header and the result line, blank lines counted: input that never ends stops here


class Unreadable(errors.Unreadable):
    """A log that cannot be read, located at its line (and field): exit 2."""

    def __init__(self, line: int, what: str, field: str | None = None):
        super().__init__(what, line=line, field=field)
        self.what = what


class Line(NamedTuple):
    no: int
    data: dict[str, Any]


def lines(path: Path) -> Iterator[Line]:
    """Yield each non-blank line of a file as a dict; raise Unreadable on bad bytes or bad JSON.
    Only a regular file is opened (a FIFO would wait forever, a device never end)."""
    what = not_regular(path)
    if what:
        raise Unreadable(0, f"cannot open: {what}, not a regular file")
    try:
        fh = open(path, "rb")
    except OSError as e:  # a link to nothing or a loop of links is said as such (files.missing_why)
        why = missing_why(path) if e.errno in (errno.ENOENT, errno.ELOOP) and os.path.islink(path) else None
        raise Unreadable(0, f"cannot open: {why or e.strerror or type(e).__name__}") from None
    with fh:
        yield from _parsed(bounded(fh))


def is_text(source: str) -> bool:
    """A str given as a log is its text (not a file name): blank, or "{" first (a BOM aside)."""
    head = source.lstrip().lstrip("\ufeff").lstrip()
    return head[:1] in ("{", "")


def records(source: Any) -> Iterator[Line]:
    """The lines of a log from wherever it is held: a path (str or os.PathLike), a binary
    or text stream (stdin, io.StringIO, an open file), or an iterable of lines (str or
    bytes) or of events already decoded (dicts). A str whose first non-blank character is
    "{" is the log's own text, not a file name (no log name starts with a brace), and so is a
    blank one (an empty log); a byte order mark before it does not make it a name (its line
    is then refused for the mark, as a file's is)."""
    if isinstance(source, str) and is_text(source):
        source = source.splitlines()
    elif isinstance(source, (str, os.PathLike)):
        yield from lines(Path(source))
        return
    elif isinstance(source, (bytes, bytearray, memoryview)):
        source = bytes(source).splitlines()
    elif isinstance(source, io.TextIOBase) and hasattr(source, "buffer"):
        source = source.buffer  # stdin: read bytes, so a bad byte is reported, not replaced
    if isinstance(source, dict):
        raise Unreadable(1, "a log is a sequence of lines: the header, then one event per line")
    if callable(getattr(source, "readline", None)):  # a stream: read with a bound on each line
        yield from _parsed(bounded(source))
    else:
        yield from _parsed(_checked(enumerate(source, 1)))


def bounded(fh: Any) -> Iterator[tuple[int, Any]]:
    """The numbered lines of a stream, each read with a bound: a line longer than MAX_LINE
    is refused after MAX_LINE bytes (an endless stream or a 200 MB line costs 1 MiB), and
    the stream stops being read after MAX_LINES lines."""
    read = partial(fh.readline, MAX_LINE + 2)  # room for the line's own CR LF
    no = 0
    while raw := read():
        no += 1
        if len(raw) > MAX_LINE:
            _too_long(no, raw)
        if no > MAX_LINES:
            _too_many(no)
        yield no, raw


def _checked(numbered: Iterable[tuple[int, Any]]) -> Iterator[tuple[int, Any]]:
    """Lines already in memory (a list, the log's text): the same limits, by length."""
    for no, raw in numbered:
        if no > MAX_LINES:
            _too_many(no)
        if type(raw) is not dict and isinstance(raw, (str, bytes, bytearray)) and len(raw) > MAX_LINE:
            _too_long(no, raw)
        yield no, raw


def _too_long(no: int, raw: Any) -> None:
    if len(raw.rstrip(b"\r\n" if isinstance(raw, (bytes, bytearray)) else "\r\n")) > MAX_LINE:
        raise Unreadable(no, f"line longer than {MAX_LINE >> 20} MiB, the limit of a log line: not read further")


def _too_many(no: int) -> None:
    raise Unreadable(no, f"more than {MAX_LINES:,} lines: longer than the {MAX_EVENTS:,} events a log may hold")


# the first bytes of the compressed or packed files a log is mistaken for
_MAGIC = ((b"\x1f\x8b", "gzip"), (b"BZh", "bzip2"), (b"\xfd7zXZ\x00", "xz"), (b"\x28\xb5\x2f\xfd", "zstd"),
          (b"PK\x03\x04", "zip"))


def _packed(raw: Any) -> str:
    """What a first line that is not UTF-8 is, where its first bytes say: a compressed file
    (a hostile run, s61: a .jsonl.gz read as "not UTF-8 (byte 2)" with no hint)."""
    what = next((name for magic, name in _MAGIC if bytes(raw[:6]).startswith(magic)), None)
    return (f": a {what}-compressed file, not a log: decompress it, or pack the logs in a .tar.gz or .zip, "
            "which `referee replay` reads as a corpus" if what else "")


def _parsed(numbered: Iterable[tuple[int, Any]]) -> Iterator[Line]:
    for no, raw in numbered:
        t = type(raw)
        if t is dict:  # an event given from Python: only what a JSON line could hold
            try:
                orjson.dumps(raw)
            except orjson.JSONEncodeError as e:  # a key not a str, an int past 64 bits, a set...
                raise Unreadable(no, f"not an event a JSON line could hold: {e}") from None
            yield Line(no, raw)
            continue
        if t is not bytes:
            if isinstance(raw, str):
                raw = raw.encode("utf-8", "surrogatepass")
            elif isinstance(raw, memoryview):
                raw = bytes(raw)
            elif not isinstance(raw, (bytes, bytearray)):
                raise Unreadable(no, f"expected a line of text or an event object, got {kind_of(raw)}")
        if raw[:1] != b"{" and not raw.strip():  # (a line opening an object is not blank)
            continue
        try:
            data = orjson.loads(raw)  # orjson refuses bytes that are not UTF-8 too
        except orjson.JSONDecodeError as e:
            try:
                bytes(raw).decode("utf-8")
            except UnicodeDecodeError as u:
                packed = _packed(raw) if no == 1 else ""  # a compressed file read as a log: said
                raise Unreadable(no, f"not UTF-8 (byte {u.start + 1} of the line){packed}") from None
            # e.pos counts characters of the whole line (a line held in memory may hold a
            # newline: orjson's own line and column would then count from it); past the
            # line's text, an object was left open
            text = bytes(raw).decode("utf-8").rstrip("\r\n")
            at = f"column {e.pos + 1}" if e.pos <= len(text) else f"at the end of the line, column {len(text) + 1}"
            if "infinity" in e.msg:  # valid JSON, but past what a 64-bit float holds (orjson's limit)
                raise Unreadable(no, f"a number too large to read, past 1.8e308 ({at})") from None
            raise Unreadable(no, f"not JSON: {e.msg} ({at})") from None
        if type(data) is not dict:
            raise Unreadable(no, f"expected a JSON object, got {kind_of(data)}")
        if not raw.isascii():  # one C-speed scan; the common line (all ASCII) pays nothing more
            raw, data = _nfc(raw, data)
        if raw.count(b":") > len(data) and _more_colons(raw, data):
            duplicate_key(no, raw)
        yield Line(no, data)


def _nfc(raw: bytes, data: dict) -> tuple[bytes, dict]:
    """A line read in Unicode's composed form, NFC: names are compared by code point, and a
    header's "Zoé" (NFC, é one character) and an event's "Zoé" written by a macOS tool (NFD,
    e then a combining accent) look the same and were refused as two names (s53 G11). The
    line is parsed again only when it is not NFC already (rare); errors were located on the
    line as written (its columns), and the file itself is never changed."""
    text = bytes(raw).decode("utf-8")  # orjson read it: it is UTF-8
    if unicodedata.is_normalized("NFC", text):
        return raw, data
    raw = unicodedata.normalize("NFC", text).encode("utf-8")
    return raw, orjson.loads(raw)


def stray_key(keys: Any, missing: str, known: Any = None) -> str | None:
    """A key is missing: the one given in its place, the first in sorted order, or None. With
    `known` (the fields an event of the action may carry), a key that is none of them; without,
    one that prints as `missing` ("bу", a Cyrillic у, for "by"; "Players")."""
    if known is not None:
        extra = [k for k in keys if k not in known]
    else:
        extra = [k for k in keys if k != missing and as_printed(k).casefold() == missing]
    return min(extra) if extra else None


def _more_colons(raw: bytes, data: dict) -> bool:
    """Whether the line may give a key twice. Every key is followed by a colon, so a line
    with no more colons than its top-level keys gives none twice (the common event line:
    one count, no second parse). Else orjson writes the decoded line back, each key once:
    the same strings, so the same colons inside them; a colon more in the line is a key
    more. An escaped character could hide a colon: that line gets the exact check."""
    try:
        return raw.count(b":") != orjson.dumps(data).count(b":") or b"\\u" in raw
    except orjson.JSONEncodeError:  # nested deeper than orjson writes
        return True


class _Twice(dict):
    """An object of the line in which `key` was given twice (json's object_pairs_hook)."""

    key: str


def _pairs(pairs: list[tuple[str, Any]]) -> dict:
    d = _Twice()
    for k, x in pairs:
        if k in d and not hasattr(d, "key"):
            d.key = k
        d[k] = x
    return d if hasattr(d, "key") else dict(d)


def _twice_at(v: Any) -> str | None:
    """The dotted path of a key given twice in `v` (its objects made by _pairs)."""
    todo = [(v, "")]
    while todo:
        x, path = todo.pop(0)
        if type(x) is _Twice:
            return f"{path}{x.key}"
        items = x.items() if isinstance(x, dict) else enumerate(x) if type(x) is list else ()
        todo.extend((y, f"{path}{k}.") for k, y in items if isinstance(y, (dict, list)))
    return None


def duplicate_key(no: int, raw: bytes) -> None:
    """Raise Unreadable naming the key given twice in the line, if one is (orjson keeps the
    last value silently: which one the writer meant cannot be known). Only called when the
    line holds more colons than keys, so the common line never pays for this second parse."""
    import json

    try:
        path = _twice_at(json.loads(bytes(raw), object_pairs_hook=_pairs))
    except RecursionError:
        raise Unreadable(no, "nested too deep to be read") from None
    if path is not None:
        raise Unreadable(no, f"the key \"{path}\" is given twice: which value is meant cannot be known", path)


# The header's fields, declared once: read_header checks each against its kind (with its own
# located message) and replays/schema.py describes them from here, so the schema and the
# reader cannot disagree about which fields a header has. (kind, required, what it holds)
HEADER: dict[str, tuple[type, bool, str]] = {
    "referee": (int, True, f"the log format, {FORMAT}"),
    "game": (str, True, "the game's name (referee games)"),
    "rules": (str, False, "the rulebook version the log follows; left out: the one the model encodes"),
    "options": (dict, False, "rules options, name -> value (referee rules GAME lists them)"),
    "players": (list, True, "the players' names in seat order, distinct, none \"chance\""),
    "setup": (dict, False, "what the game's setup records (the game's docs)"),
    "expect": (dict, False, "the verdict this log should get (referee replay --expect)"),
    "note": (str, False, "free text"),
}


def read_header(line: Line, known_games: list[str] | None = None) -> dict[str, Any]:
    """The header, checked. `known_games`: the games it may name (default: the registered
    ones, built-in names first, so a built-in game's replay never scans the plugins)."""
    h = line.data
    if type(h.get("referee")) is not int or h["referee"] != FORMAT:  # not true, not 1.0
        raise Unreadable(line.no, f'not a referee log: the header needs "referee": {FORMAT}', "referee")
    game = h.get("game")
    if known_games is None:
        from ..model import is_game, names

        known = type(game) is str and is_game(game)
    else:
        known = type(game) is str and game in known_games
    if not known:
        what = f"unknown game {shown(game)}" if type(game) is str else f"\"game\" must be a game's name, got {kind_of(game)}"
        raise Unreadable(line.no, f"{what} (known: {', '.join(known_games or names())})", "game")
    players = h.get("players")
    if type(players) is not list or not players or not all(type(p) is str for p in players):
        instead = stray_key(h, "players") if "players" not in h else None
        where = f"; the header has \"{printable(instead)}\" in its place" if instead else ""
        raise Unreadable(line.no, "\"players\" must be a list of names" + where, "players")
    if len(set(players)) != len(players) or "chance" in players:
        raise Unreadable(line.no, "player names must be distinct and not \"chance\"", "players")
    for p in players:  # a name the verdict prints: a newline in it forged a line of output
        if not p.strip() or not p.isprintable():
            raise Unreadable(line.no, f"a player's name must be printable and not blank, got \"{printable(p)}\"",
                             "players")
    if len({unicodedata.normalize("NFC", p) for p in players}) != len(players):
        raise Unreadable(line.no, "two player names are the same text written two ways (Unicode NFC)", "players")
    seen: dict[str, str] = {}
    for p in players:  # 'Асе' (Cyrillic) beside 'Ace', or a fullwidth 'Ａｎａ' beside 'Ana', print alike (s53 G12);
        # the verdict names their look-alike letters (engine.replay)
        q = seen.setdefault(as_printed(p), p)
        if q != p:
            raise Unreadable(line.no, f"two player names print alike: \"{q}\" and \"{p}\"", "players")
    for key, (kind, _, _) in HEADER.items():
        if key in h and type(h[key]) is not kind:
            raise Unreadable(line.no, f"\"{key}\" must be {kind_of(kind())}, got {kind_of(h[key])}", key)
    if "expect" in h:
        _expect(line.no, h["expect"])
    extra = set(h) - set(HEADER)
    if extra:
        raise Unreadable(line.no, f"unknown header field {sorted(extra)[0]!r}", sorted(extra)[0])
    return h


VERDICTS = ("legal", "illegal", "not established", "unreadable")
# besides "verdict"; "cites": every § the illegal event breaks (any one is a right answer);
# "undecided": {ruling: [lines]} where no rules option settles that open point
EXPECT = {"line": int, "cite": str, "cites": list, "field": str, "kind": str, "decides": str, "undecided": dict}


def _expect(no: int, e: dict) -> None:
    """The header's expected verdict (replays/expect.py): its keys and their kinds (null: not said)."""
    if e.get("verdict") not in VERDICTS:
        raise Unreadable(no, f"\"expect.verdict\" must be one of {', '.join(VERDICTS)}", "expect.verdict")
    for k, x in e.items():
        if k != "verdict" and k not in EXPECT:
            raise Unreadable(no, f"unknown field \"expect.{k}\" (known: verdict, {', '.join(EXPECT)})", f"expect.{k}")
        if k != "verdict" and x is not None and type(x) is not EXPECT[k]:
            want = "a whole number" if EXPECT[k] is int else kind_of(EXPECT[k]())
            got = f"the decimal number {x!r}" if type(x) is float else kind_of(x)  # 26.0, or past 64 bits
            raise Unreadable(no, f"\"expect.{k}\" must be {want}, got {got}", f"expect.{k}")
        if k == "line" and type(x) is int and x < 1:  # lines count from 1 (the header's)
            raise Unreadable(no, f"\"expect.line\" must be a line number (1 or more), got {x}", "expect.line")
        if type(x) is list and (not x or not all(type(c) is str for c in x)):  # []: no § would be right
            raise Unreadable(no, f"\"expect.{k}\" must be a list of one § or more (strings)", f"expect.{k}")
        if type(x) is dict and not all(type(ls) is list and all(type(n) is int and n >= 1 for n in ls)
                                       for ls in x.values()):
            raise Unreadable(no, f"\"expect.{k}\" must map each ruling to a list of line numbers", f"expect.{k}")


def check_rules(line: Line, version: str) -> None:
    """The header's "rules", when given, names the rulebook version the model encodes
    (absent: that version is meant). Another version is unreadable: its rules are not known."""
    given = line.data.get("rules", version)
    if given != version:
        raise Unreadable(line.no, f"\"rules\": {shown(given)} is not a version of {line.data['game']} referee knows "
                                  f"(known: {version!r})", "rules")


def dumps(obj: Any) -> bytes:
    return orjson.dumps(obj)
