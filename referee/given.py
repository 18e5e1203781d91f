"""What a caller gives the Python front door (api.py, conformance.differential), checked at
the door: a wrong type is an `Unreadable` naming the argument (exit 2), never a TypeError
from deep inside the model, and never a string silently read as a list of its letters."""
from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Any

from .errors import Unreadable


def _bad(what: str, wants: str, got: Any) -> Unreadable:
    return Unreadable(f"{what}: {wants}, not {'None' if got is None else type(got).__name__}", field=what)


def text(v: Any, what: str) -> None:
    """None or a string."""
    if v is not None and not isinstance(v, str):
        raise _bad(what, "a string", v)


def flags(**given: Any) -> None:
    """Each True or False (a string "no" is true to Python: read as asked, it would turn -k on)."""
    for what, v in given.items():
        if type(v) is not bool:
            raise _bad(what, "True or False", v)


def path(v: Any, what: str) -> None:
    """None, a string or a path; not an empty one (read as the current folder, it would
    replay or load whatever lies there: the CLI's cli/common.PATH refuses it too)."""
    if v is not None and not isinstance(v, (str, os.PathLike)):
        raise _bad(what, "a path (a string or a pathlib.Path)", v)
    if v is not None and not os.fspath(v):
        raise Unreadable(f"{what}: an empty path (give a file or folder name)", field=what)


# A seed is written in the scenarios' manifest as a JSON integer of 64 bits (orjson's
# range); a count of random games past this would run for days (about 1,400 a minute).
SEED_LEAST, SEED_MOST = -(2**63), 2**63 - 1
COUNT_MOST = 100_000


def whole(v: Any, what: str, least: int = 0, none: bool = False, most: int | None = None) -> None:
    """A whole number at least `least`, and at most `most` if given (a bool is no number)."""
    if v is None and none:
        return
    if type(v) is not int or v < least:
        raise _bad(what, f"a whole number of at least {least}", v) if type(v) is not int else \
            Unreadable(f"{what}: a whole number of at least {least}, got {v}", field=what)
    if most is not None and v > most:
        raise Unreadable(f"{what}: a whole number of at most {most}, got {v if v < 10**30 else 'more'}", field=what)


# Seconds a caller may give (work, a wait): a day at most, so infinity is refused at the door
# (it reached an int() deep inside: OverflowError, a traceback) and so is any wait no user means.
SECONDS_MOST = 86_400


def number(v: Any, what: str, none: bool = False) -> None:
    """A number of seconds from 0 to SECONDS_MOST (a bool is no number; NaN and infinity are
    refused)."""
    if v is None and none:
        return
    if type(v) not in (int, float) or not 0 <= v <= SECONDS_MOST:
        raise _bad(what, f"a number from 0 to {SECONDS_MOST:,}", v) if type(v) not in (int, float) else \
            Unreadable(f"{what}: a number from 0 to {SECONDS_MOST:,}, got {v}", field=what)


def pairs(v: Any, what: str) -> None:
    """None or a mapping NAME -> VALUE with string names (a value: a string or a number)."""
    if v is None:
        return
    if not isinstance(v, Mapping):
        raise _bad(what, "a mapping NAME -> VALUE", v)
    for k, x in v.items():
        if not isinstance(k, str) or type(x) not in (str, int):
            raise Unreadable(f"{what}: {k!s}: names are strings, values strings or whole numbers", field=what)


def names(v: Any, what: str) -> None:
    """None or a list of strings (a single string is refused: its letters are no names)."""
    if v is None:
        return
    if isinstance(v, (str, bytes)) or not isinstance(v, Iterable):
        raise _bad(what, "a list of strings", v)


def paths(v: Any, what: str) -> list:
    """One path, or an iterable of paths, as a list."""
    if isinstance(v, (str, os.PathLike)):
        path(v, what)
        return [v]
    if isinstance(v, bytes) or not isinstance(v, Iterable):
        raise _bad(what, "a path or a list of paths", v)
    got = list(v)
    for p in got:
        path(p, what)
    return got


def source(v: Any) -> None:
    """A log as the replay takes it: a path, a stream, the text, or an iterable of lines or dicts."""
    if not isinstance(v, (str, bytes, os.PathLike, Iterable)) and not hasattr(v, "read"):
        raise _bad("source", "a path, a stream, the log's text, or an iterable of lines or event dicts", v)
