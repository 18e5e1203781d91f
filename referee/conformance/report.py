"""A differential report as text (rich) or JSON: the classes first, each with its first log
and that log shrunk, then every log whose verdicts differ (at which line, which §). No
clock and no path of this machine beyond what was given: the same run prints the same
bytes."""
from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text

from ..errors import printable
from .run import Report

SHOWN_LINES = 40  # a minimal log longer than this is given in -f json only


def text(rep: Report, console: Console) -> None:
    # every part is escaped whole, newlines too: a log's name, an engine's cite, field or message
    # with a newline would forge a row of the report (a hostile run, s63)
    def say(*parts) -> None:  # markup off: logs hold [ ]; an engine's control characters shown escaped, a
        # bell or a backspace too (rich's Text would drop them unseen; the console escapes the rest)
        console.print(Text.assemble(*(printable(p) if isinstance(p, str) else (printable(p[0]), p[1])
                                      for p in parts)))

    say(("A: ", "bold"), rep.a)
    say(("B: ", "bold"), rep.b)
    n = len(rep.changes)
    say(f"{rep.logs} logs: {rep.agree} agree"
        + (f" ({len(rep.other_rule)} of them refusing the same event under another rule it breaks)" if rep.other_rule else "")
        + f", {n} disagree"
        + (f" in {len(rep.classes)} class{'es' if len(rep.classes) != 1 else ''}" if n else "")
        + (f", {len(rep.not_judged)} not compared (referee: not established)" if rep.not_judged else "")
        + (f", {len(rep.referee_failed)} not compared (referee failed)" if rep.referee_failed else "")
        + (f", {len(rep.not_logs)} not a log (exit 2)" if rep.not_logs else ""))
    for i, f in enumerate(rep.classes, 1):
        k = f.klass
        console.print()
        say((f"class {i}: {k.kind}", "bold"), f"  A: {k.a}  B: {k.b}{k.why()}, {len(f.cases)} log(s)")
        say(f"  first: {printable(f.example.name)}  A: {f.a.short()}; B: {f.b.short()}")
        for who, s in (("A", f.a), ("B", f.b)):
            if s.message:
                say(f"    {who} says: {s.message}")
        if f.minimal is not None:
            say(f"  shrunk to {len(f.minimal)} of {len(f.example.lines)} lines:"
                f"  A: {f.minimal_a.short()}; B: {f.minimal_b.short()}")
            if len(f.minimal) <= SHOWN_LINES:
                for raw in f.minimal:
                    say("    ", raw.decode("utf-8", "replace"))
        if f.shrink_note:
            say(f"  {f.shrink_note}")
    if rep.changes:
        console.print()
        say(("logs whose verdicts differ", "bold"))
        for c in rep.changes:
            say(f"  {printable(c['name'])}: A {_short(c['a'])}; B {_short(c['b'])} (class {c['class']})")
    for x in rep.not_judged:
        say(f"{printable(x['name'])}:{x['line']}: not compared: referee's verdict is not established from this "
            f"line: {x['why']}; B: {_short(x['b'])}")
    for x in rep.referee_failed:
        say(f"{printable(x['name'])}: not compared: {x['why']}")
    for x in rep.not_logs:
        say(f"{printable(x['name'])}:{x['line']}: not compared, not a log of a game referee knows: {x['why']}")


def _short(d: dict[str, Any]) -> str:
    from .said import Said

    return Said(d["verdict"], d.get("line"), d.get("cite"), d.get("field"), d.get("kind")).short()
