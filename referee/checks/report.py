"""Audit reports: readable text by severity then § order (rich) and the JSON document
(schemas/audit.schema.json); SARIF is checks/sarif.py. Witnesses are written as
replayable logs."""
from __future__ import annotations

import re
from pathlib import Path
from types import MappingProxyType
from typing import Any

import orjson

from ..model.kernel.rules import plural
from .findings import AGREES, OPEN, Finding, covers_text
from .rulebook import Rulebook
from .severity import EXAMPLE, LEVELS
from .share import share

ICON = MappingProxyType({"proved": "✓", "violated": "✗", "contradiction": "≠", "ambiguity": "?", "claim": "§", "gap": "…",
        "data": "▦", "unknown": "~"})
STYLE = MappingProxyType({"error": "bold red", "warning": "yellow", "info": "green"})


def ordered(findings: list[Finding], book: Rulebook) -> list[Finding]:
    """The findings by severity (error, warning, info), then as the rulebook reads."""
    return sorted((f for f in findings if f.is_problem),
                  key=lambda f: (LEVELS.index(f.severity), book.order(f.cites[0] if f.cites else ""), f.id))


def stand_ins(game: Any) -> list[str]:
    """The shipped component files of `game` that declare themselves illustrative; none for a
    game built in place, registered under no name (a test's), which ships no files."""
    from ..model.kernel.inputs import read_toml
    from ..rulebook.book import game_folder

    try:
        folder = game_folder(game)
    except KeyError:
        return []
    out = []
    for p in sorted((folder / "components").glob("*.toml")):
        try:
            if read_toml(p).get("illustrative") is True:
                out.append(p.name)
        except Exception:  # noqa: BLE001 - a file the components' own reader reports; here only named
            continue
    return out


def _outline(game: Any) -> str:
    """The game's outline file, relative to the package, where the book has no usable headings."""
    from ..rulebook.book import game_folder

    f = game_folder(game) / "outline.toml"
    return f"referee/model/{f.parent.name}/outline.toml" if f.is_file() else ""


# what a proved invariant marked about="model" (and the phase graph) is: Invariant.about
MODEL_ONLY = "of the model alone (its bookkeeping, its readings of the text's silences), not of the text"


def text(console: Any, game: Any, findings: list[Finding], timings: dict, verbose: bool = False,
         book: Rulebook | None = None, marks: dict | None = None) -> None:
    """The report: the findings by severity then § order; what is proved apart (folded to
    one line each, details with --verbose); what is not established in a block of its own.
    `marks` (baselines) says of a finding's id whether it is "new" or "known"."""
    from rich.rule import Rule

    book = book or Rulebook(None)
    marks = marks or {}
    problems = ordered(findings, book)
    console.print(Rule(f"[bold]{_esc(game.title)}[/] — audit of {_esc(book.name or str(game.rulebook))}"))
    comp = game.default_config().comp
    if getattr(comp, "illustrative", False):
        stand = stand_ins(game)  # which files: a reader took the whole set for invented (s54)
        are = "is an illustrative stand-in" if len(stand) == 1 else "are illustrative stand-ins"
        which = f"{', '.join(stand)} {are}" if stand else "an illustrative set"
        console.print(f"[dim]components: shipped with referee; {which} (replace with --components DIR)[/]")
    outline = _outline(game)
    at = None
    if outline:  # the § names are the project's: the book numbers no section (s54 reading)
        console.print(f"[dim]§ names: referee's own, for a text without numbered sections ({_esc(outline)} gives "
                      f"the line each begins at; `referee coverage {game.name}` shows them)[/]")
        at = book.line_of  # so each line says where its § begins: a reader mapped them by hand (s56 reading)
    for level in LEVELS:
        here = [f for f in problems if f.severity == level]
        if not here:
            continue
        console.print(f"[{STYLE[level]}]{level}[/] [dim]({len(here)})[/]")
        for f in here:
            _line(console, f, STYLE[level], marks.get(f.id, ""), at)
            for d in f.details:
                console.print(f"      [dim]{_esc(d)}[/]")
            if f.witness:
                n = len(f.witness.events)
                size = f"{n} {plural(n, 'event')}" if n else "the header alone, no event"
                console.print(f"      [dim]witness: {size} ({f.id}.jsonl with --witness-dir)[/]")
            elif f.witness_note:
                console.print(f"      [dim]witness: {_esc(f.witness_note)}[/]")
    held = [f for f in findings if f.established and not f.is_problem]
    # without --verbose the component data checks and the model's own checks are counted,
    # not listed: neither says anything of the text (s60 judges: read as claims about the book)
    own = [f for f in held if f.about == "model"]
    shown = [f for f in held if f.about != "model" and (verbose or f.kind in ("proved", "claim", "contradiction"))]
    if held:
        data = len(held) - len(shown) - len(own)
        more = f"; {data} data {plural(data, 'check')} listed with --verbose" if data else ""
        if own:
            more += f"; {len(own)} {plural(len(own), 'check')} {MODEL_ONLY}{'' if verbose else ', listed with --verbose'}"
        agree = sum(f.status == AGREES for f in held)  # data the files meet: no proof (s55 review)
        more = (f"; {agree} {plural(agree, 'claim')} the component files agree with, not proved" if agree else "") + more
        worked = sum(f.status == EXAMPLE for f in held)  # replayed, each on its own logs (checks/worked.py)
        more = (f"; {worked} worked {plural(worked, 'example')} of the text replayed, each on its own logs" if worked else "") + more
        console.print(f"[green]proved or decided[/] [dim]({len(held)}; not findings{more})[/]")
        for group in (shown, own if verbose else []):
            if group is own and own:
                console.print(f"  [dim]{len(own)} {plural(len(own), 'check')} {MODEL_ONLY}:[/]")
            for f in sorted(group, key=lambda f: (book.order(f.cites[0] if f.cites else ""), f.id)):
                _line(console, f, "green", "", at)
                for d in f.details if verbose else []:
                    console.print(f"      [dim]{_esc(d)}[/]")
                if f.covers and not (verbose and any(covers_text(f.covers) in d for d in f.details)):
                    console.print(f"      [dim]{_esc(covers_text(f.covers))}[/]")  # what it covers
    unsettled = [f for f in findings if not f.established]
    if unsettled:
        # the third value: neither proved nor refuted; no value shown, not counted as findings
        console.print(f"[bold]not established[/] [dim]({len(unsettled)}: {open_summary(unsettled)})[/]")
        for f in sorted(unsettled, key=lambda f: (book.order(f.cites[0] if f.cites else ""), f.id)):
            where = f" [dim]({' '.join(f.cites)})[/]" if f.cites else ""
            mark = f" [bold]{marks[f.id]}[/]" if f.id in marks else ""
            console.print(f"  [yellow]~ {f.status or 'not established'}[/]{mark} {_esc(f.says)}{where}{_named(f)}")
            for d in f.details:
                console.print(f"      [dim]{_esc(d)}[/]")
            if f.witness_note:  # a search that found no game says how far it looked
                console.print(f"      [dim]witness: {_esc(f.witness_note)}[/]")
    counts = {level: sum(f.severity == level for f in problems) for level in LEVELS}
    summary = ", ".join(f"{n} {k}" for k, n in counts.items() if n) or "none"
    console.print(f"[bold]{game.name}:[/] {len(problems)} findings to read ({summary}); {len(held)} proved or decided"
                  + (f" ({len(own)} of the model alone)" if own else "")
                  + (f"; {len(unsettled)} not established" if unsettled else "")
                  + f"; {share(findings).line()}"
                  + (f"; {sum(timings.values()):.1f} s" if timings else ""))


def _line(console: Any, f: Finding, style: str, mark: str, at: Any = None) -> None:
    """One result on a line; `at` (a § -> its line in the book) where the § names are referee's own."""
    tag = f.kind if not f.status or f.kind == f.status else f"{f.kind}/{f.status}"
    first = f.cites[0] if f.cites else "—"
    line = at(first) if at is not None and f.cites else None
    first += f" (from line {line})" if line is not None else ""  # where the § begins, not the sentence's line
    # the other §s it cites, marked as such: bare, after a headline's last clause, they were read
    # as that clause's source (session 58's reader of Trolls)
    more = [c for c in f.cites[1:] if not re.search(rf"{re.escape(c)}(?![\w.])", f.says)]  # not those it names
    extra = f" [dim](also {' '.join(more)})[/]" if more else ""
    src = f" [dim][{', '.join(f.sources)}][/]" if f.sources else ""
    m = f" [bold]{mark}[/]" if mark else ""
    console.print(f"  [{style}]{ICON.get(f.kind, '-')} {_esc(first)} {tag}[/]{m} {_esc(f.says)}{extra}{src}{_named(f)}")


def _named(f: Finding) -> str:
    """The finding's id, last on its line: other findings name it ("gap trap_victim"), and a
    reader finds it by that name (s56 reading: the names were nowhere beside the findings)."""
    return f" [dim]= {_esc(f.id)}[/]"


# How the header tells each kind of findings.OPEN; "method" (and a result that names none)
# is told "for the reason given below"
TOLD = MappingProxyType({"budget": "not settled within the budget or the search: rerun with a larger --budget",
                         "load": "stopped by a wall-clock net: rerun on a less loaded machine",
                         "scope": "not applicable as audited",
                         "input": "for want of a file (below)",
                         "method": "for the reason given below"})  # read-only: no module-level mutable state


def open_summary(unsettled: list[Finding]) -> str:
    """The results not established, counted by what would settle them (Finding.open, set
    where each result is made): only those a budget left open are told to rerun with more."""
    by = {k: sum(f.open == k for f in unsettled) for k in OPEN}
    by["method"] += len(unsettled) - sum(by.values())
    return "; ".join(f"{by[k]} {TOLD[k]}" for k in OPEN if by[k])


def _esc(s: str) -> str:
    return s.replace("[", "\\[")


JSON_VERSION = 2  # the audit document's format (referee/schemas/audit.schema.json); bump on a change


def as_json(game: Any, findings: list[Finding], timings: dict, book: Rulebook | None = None,
            marks: dict | None = None) -> dict:
    """One game's part of the audit document: its findings by severity then § order, then
    what is proved or decided, then what is not established (each with its `severity`,
    None for the last two)."""
    book = book or Rulebook(None)
    marks = marks or {}
    first = ordered(findings, book)
    rest = sorted((f for f in findings if not f.is_problem),
                  key=lambda f: (book.order(f.cites[0] if f.cites else ""), f.id))
    out = []
    for f in first + [f for f in rest if f.established] + [f for f in rest if not f.established]:
        d = f.to_json()
        if f.id in marks:
            d["baseline"] = marks[f.id]
        out.append(d)
    doc = {"game": game.name, "rulebook": book.name or game.rulebook, "findings": out, "witnessed": share(findings).to_json()}
    if timings:  # only with --timings: wall-clock seconds differ from run to run
        doc["timings"] = timings
    return doc


def document(games: list[dict]) -> dict:
    """The audit document: one shape for one game or five (schemas/audit.schema.json)."""
    from .. import __version__

    return {"version": JSON_VERSION, "tool": {"name": "referee", "version": __version__}, "games": games}


def _ours(path: Path, fid: str) -> bool:
    """Whether the file at `path` is a witness of finding `fid` that referee wrote (its header's
    note says so): only such a file is written over."""
    try:
        with open(path, "rb") as fh:
            head = orjson.loads(fh.readline(1 << 20))
    except (OSError, orjson.JSONDecodeError):
        return False
    return isinstance(head, dict) and str(head.get("note", "")).startswith(f"witness of {fid}:")


def write_witnesses(findings: list[Finding], d: Path) -> list[Path]:
    """Each finding's witness log, as d/ID.jsonl. A file already at one of those names is
    written over only when it is referee's witness of that finding (an earlier run's); any
    other file there is left as it is and nothing is written (OSError, EEXIST)."""
    import errno

    from ..files import regular, write_file

    d.mkdir(parents=True, exist_ok=True)
    findings = [x for f in findings for x in (f, *f.inner)]  # a question folded into another keeps its witness
    for f in findings:
        path = d / f"{f.id}.jsonl"
        if f.witness is not None and regular(path) and not _ours(path, f.id):
            raise OSError(errno.EEXIST, "a file referee did not write is there: left as it is (move it, or give "
                          "another --witness-dir)", str(path))
    written = []
    for f in findings:
        if f.witness is None:
            continue
        path = d / f"{f.id}.jsonl"
        lines = f.witness.lines()
        expect = {"verdict": f.witness.expect}
        if f.witness.expect == "illegal" and f.witness.cites:  # refused at its last event (witness.to_witness)
            expect.update(line=len(lines), cite=f.witness.cites[0])
        if f.rule and f.status in ("hole", "conflict"):  # a ruling's question (checks/audit/rulings.py)
            expect["decides"] = f.rule
        lines[0] = {**lines[0], "note": f"witness of {f.id}: {f.witness.reaches}", "expect": expect}
        write_file(path, b"\n".join(orjson.dumps(x) for x in lines) + b"\n")  # never through a link (files.py)
        written.append(path)
    return written
