"""What the commands share: a game by its name, output formats, exit codes, stdout and stderr."""
from __future__ import annotations

import sys
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path

import typer

from ..errors import brief, json_escaped, printable
from ..model import load, names
from ..model.kernel import BadInput


def PATH(value: str | Path) -> Path:
    """A path option's value (typer.Option(parser=PATH)), refused when empty: `--out ""` (an
    unset shell variable) would otherwise be read as the current folder, and a run would
    write there or read it."""
    if isinstance(value, Path):
        return value
    if not value:
        raise typer.BadParameter("an empty path (give a file or folder name)")
    return Path(value)


@dataclass  # not frozen: a test may stand in for its print; nothing here changes it
class Lines:
    """stdout or stderr as the commands print to it. A line of plain text is written as it
    is, which is what rich writes for it; anything else (a table, a text with a tab or a
    control character, markup) is printed by a rich console made for it: rich's import (49
    modules with its own) is not paid by a replay that prints a few plain lines (issue 18)."""

    stderr: bool = False

    @property
    def file(self):
        return sys.stderr if self.stderr else sys.stdout  # at each call, as rich does: tests swap them

    def rich(self):
        """A rich console on this stream, for what draws (tables, progress bars, boards): one
        line however narrow the terminal; a path or a value a user wrote is printed as
        written, never read as markup on stderr ("[red]" in a file name) nor as an emoji code
        anywhere ("game.jsonl:100: ..." lost its line number to a 💯), and what a terminal
        would act on in it (an escape sequence, a control character, a right-to-left
        override: a hostile rulebook, log or engine) is shown escaped (errors.printable)."""
        return _escaping()(stderr=self.stderr, highlight=False, soft_wrap=True, emoji=False,
                           **({"markup": False} if self.stderr else {}))

    def print(self, *objects, markup: bool | None = None, exact: bool = False, **kw) -> None:
        """Print as rich would, what a terminal would act on escaped. `exact`: a JSON
        document (one string), each of its strings to read back exactly as it was given:
        written as it is, but for the characters JSON leaves raw (json_escaped)."""
        text = objects[0] if len(objects) == 1 else None
        if exact and isinstance(text, str):
            self.file.write(json_escaped(text) + "\n")
            return
        if self.stderr and isinstance(text, str):  # an error quoting what the user gave: cut when huge
            text = brief(text)
            objects = (text,)
        if isinstance(text, str) and not text.isprintable():  # escaped here too: rich drops a bell, a
            text = printable(text, "\n\t")  # backspace or a CR unseen, and a reader should see them
            objects = (text,)
        plain = markup is False or (markup is None and self.stderr)  # stderr never reads markup
        if isinstance(text, str) and plain and not kw and text.isprintable():
            self.file.write(text + "\n")
        else:
            self.rich().print(*objects, markup=markup, **kw)


@cache
def _escaping():
    """rich's Console, each segment of text it renders passed through errors.printable
    (newlines kept): every text it prints, whatever the renderable (a line, a table, a
    board, a differential report), reaches the terminal with no control character of its
    own. rich's own control segments (a progress bar moving the cursor) are left as they
    are, and so are the styles, which rich adds after rendering."""
    from rich.console import Console
    from rich.segment import Segment

    class Escaping(Console):
        def render(self, renderable, options=None):
            for seg in super().render(renderable, options):
                if seg.control or seg.text.isprintable():
                    yield seg
                else:
                    yield Segment(printable(seg.text, "\n"), seg.style, seg.control)

    return Escaping


err, out = Lines(stderr=True), Lines()


def json_text(doc, indent: bool = False) -> str:
    """A JSON document as `-f json` prints it (with Lines.print(exact=True)): every string
    exact. A file name holding bytes that are not UTF-8 is held by Python as lone surrogates
    (surrogateescape, PEP 383: byte 0xff is U+DCFF), which orjson refuses: such a document is
    written by the standard library instead, each such character then escaped by
    json_escaped as `\udcff`, so that `os.fsencode(json.loads(...)["file"])` gives back the
    name's bytes (docs/schemas.md)."""
    import orjson

    try:
        return orjson.dumps(doc, option=orjson.OPT_INDENT_2 if indent else 0).decode()
    except TypeError:  # orjson.JSONEncodeError: a lone surrogate (nothing else here is not JSON)
        import json

        return json.dumps(doc, ensure_ascii=False, indent=2 if indent else None,
                          separators=(",", ": ") if indent else (",", ":"))

OK, FOUND, BAD = 0, 1, 2  # clean; a finding or an illegal game; usage or input error


def seeds_or_exit(games: list) -> None:
    """REFEREE_SEEDS, when set, read before the work runs: a variable the user set that gives
    no seed of a game asked for (no such folder, not a folder, no such file, a FIFO) is a
    located exit 2 naming it and where it pointed, not a report from the map alone or a
    finding that says "set REFEREE_SEEDS" (s53 G10)."""
    from ..rulebook.book import seeds_fault

    for g in games:
        fault = seeds_fault(g)
        if fault:
            err.print(f"referee: {fault}", markup=False)
            raise typer.Exit(BAD)


class Fmt(str, Enum):
    text = "text"
    json = "json"


def decided_how(d: dict) -> str:
    """How a question the text leaves open was answered on a line (a `decided` entry of a
    verdict: replays/engine._decided): the option in force, or the first of the conflicting
    answers when no option settles it."""
    return f"option {d['option']}" if "option" in d else f"the first of conflicting answers ({d['first_of_conflicting']})"


def game_or_exit(name: str):
    name = getattr(name, "value", name)
    if name not in names():
        err.print(f"referee: unknown game {name!r} (known: {', '.join(names())})")
        raise typer.Exit(BAD)
    return load(name)


def options_or_exit(options: list[str] | None, flag: str = "--option") -> dict[str, str]:
    """--option NAME=VALUE (repeatable) as a dict; the names and values are checked by the
    game's configure (kernel/inputs.py:choose_options), which names the known ones. One
    name given two values is refused: which one the user meant cannot be known, and the
    last one silently winning ran other rules than half the command line says."""
    opts: dict[str, str] = {}
    for o in options or []:
        k, sep, v = o.partition("=")
        if not sep or not k:
            err.print(f"referee: {flag} takes NAME=VALUE, got {o!r}", markup=False)
            raise typer.Exit(BAD)
        if opts.get(k, v) != v:
            err.print(f"referee: {flag} {k} is given twice, as {opts[k]!r} and {v!r}: give it once", markup=False)
            raise typer.Exit(BAD)
        opts[k] = v
    return opts


def config_or_exit(game, options: list[str] | None, components: Path | None, prefer: str | None):
    opts = options_or_exit(options)
    try:
        return game.configure(opts, components, prefer)
    except BadInput as e:
        err.print(f"referee: {e}")
        raise typer.Exit(BAD) from None


def cpus_for_us() -> int:
    """The CPUs this process may run on (its affinity where the OS says, else the count)."""
    import os

    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1
