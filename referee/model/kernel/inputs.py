"""What users hand a game's `configure`: rules options, a preferred source, a player count,
component files. One set of checks and messages for every game; each error is a
`BadInput` (exit 2) that names the file or key at fault."""
from __future__ import annotations

import os
import stat
import tomllib
from pathlib import Path
from typing import Any, Iterable, Mapping

from .game import BadInput
from .rules import Option, Source, kind_of


def shown(v: Any) -> str:
    """A value for a message: a name in quotes, a whole number as digits, anything else by kind."""
    if type(v) is str:
        return repr(v) if len(v) <= 60 else repr(v[:57] + "...")
    if type(v) is int:
        return str(v)
    if type(v) is float:  # 9.0 where 9 is meant: the value shown, as the log reader shows it
        return f"the decimal number {v!r}"
    return kind_of(v)


def choose_options(given: Any, known: Iterable[Option]) -> dict[str, str]:
    """Every option of the game with its value: the given one (checked) or the default.
    Values are strings; a whole number is read as its digits (e.g. `"players": 3`)."""
    known = {o.name: o for o in known}
    if not isinstance(given, Mapping):
        raise BadInput("options: expected an object", field="options")
    chosen = {name: o.default for name, o in known.items()}
    for k, v in given.items():
        o = known.get(k)
        if o is None:
            raise BadInput(f"options: unknown option {k!r} (known: {', '.join(known) or 'none'})", field="options")
        text = str(v) if type(v) is int else v
        if not isinstance(text, str) or text not in o.choices:
            raise BadInput(f"options: {k}: {shown(v)} is not one of {', '.join(o.choices)} [{o.cite}]", field="options")
        chosen[k] = text
    return chosen


def check_source(prefer: str | None, sources: Iterable[Source]) -> None:
    """`--prefer`: a source the game knows."""
    keys = [s.key for s in sources]
    if prefer is not None and prefer not in keys:
        raise BadInput(f"unknown source {prefer!r} (this game's sources: {', '.join(keys)})")


def check_fields(block: Mapping, known: tuple[str, ...], where: str = "setup") -> None:
    """A header block reads only the keys it knows: any other would pass unread (s53 G5), so
    the first (in order) is refused and named, beside the keys known."""
    extra = sorted(set(block) - set(known))
    if extra:
        names = ", ".join(f'"{k}"' for k in known)
        raise BadInput(f"{where}: unknown field {extra[0]!r} (known: {names})")


def check_players(n: Any, lo: int, hi: int, title: str, cite: str = "") -> None:
    if type(n) is not int or not lo <= n <= hi:
        want = f"{lo}" if lo == hi else f"{lo} to {hi}"
        raise BadInput(f"players: {title} is a game for {want} players, got {n}" + (f" [{cite}]" if cite else ""),
                       field="players")


def _what(mode: int) -> str:
    return ("a directory" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode) else "a socket"
            if stat.S_ISSOCK(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a special file")


def not_regular(path: Path) -> str | None:
    """What `path` is when it is not a regular file (a FIFO, a device, a socket, a
    directory, a name holding a NUL byte, which no file has: os.stat raises ValueError on
    it): such a path is never opened (a FIFO waits forever, /dev/zero never ends). None for
    a regular file, or for a path os.stat cannot see (the reader then says why)."""
    if "\0" in str(path):
        return "a name holding a NUL byte"
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    return None if stat.S_ISREG(mode) else _what(mode)


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes, never more read: a FIFO, a
    device or a directory is not opened, a larger file is refused. ValueError says which
    ("a FIFO, not a regular file", "larger than 4 MiB"); an OSError is the OS's own."""
    what = not_regular(path)
    if what is not None:
        raise ValueError(f"{what}, not a regular file")
    with open(path, "rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise ValueError(f"larger than {limit >> 20} MiB")
    return data


def read_toml(path: Path) -> dict:
    """A component file as a dict; a missing, unreadable, non-UTF-8 or non-TOML file is a
    BadInput naming it."""
    path = Path(path)
    what = not_regular(path)  # never opened: a FIFO would wait forever, a device never end
    if what is not None:
        raise BadInput(f"{path.name}: cannot read: {what}, not a regular file (component files are read only "
                       "from regular files)")
    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise BadInput(f"{path.name}: missing from the components directory {path.parent}") from None
    except UnicodeDecodeError as e:
        raise BadInput(f"{path.name}: not UTF-8 (byte {e.start + 1})") from None
    except OSError as e:
        raise BadInput(f"{path.name}: cannot read: {e.strerror}") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise BadInput(f"{path.name}: not TOML: {e}") from None
    except RecursionError:
        raise BadInput(f"{path.name}: nested too deep to be read (arrays or tables inside one another)") from None
