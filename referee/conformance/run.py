"""The runner: each log judged by A (referee under a reading) and by B (another engine, or
referee under another reading); each disagreement put in its class (classes.py); each
class's first log shrunk while the class stays (shrink.py). Logs are taken as they are:
referee's scenarios of a game (checks/scenarios, used as a library) and recorded logs."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Protocol, Sequence

import orjson

from ..errors import Unreadable
from .classes import Klass, what, classify, kind_of
from .said import Reading, Said, same
from .shrink import ddmin, shrinkable


class Judge(Protocol):
    def said(self, lines: Sequence[bytes], name: str, game: Any = None) -> Said: ...


@dataclass(frozen=True)
class Case:
    name: str
    lines: tuple[bytes, ...]
    game: str | None  # as the header names it (None: the header cannot be read)
    refused: str | None = None  # a member its packed corpus cannot give (nothing to judge)
    line: int = 0  # where a file's refusal is (a line over the limit): no log, exit 2 as in a replay


def game_of(lines: Sequence[bytes]) -> str | None:
    try:
        head = orjson.loads(lines[0]) if lines else None
    except orjson.JSONDecodeError:
        return None
    g = head.get("game") if isinstance(head, dict) else None
    return g if isinstance(g, str) else None


def scenario_cases(game: str, count: int = 20, seed: int = 0, family: str | list[str] = "all",
                   budget: float | None = None) -> list[Case]:
    """referee's scenarios of `game` (`referee scenarios`), named family/index-slug."""
    from ..checks.scenarios import each
    from ..model import load

    out = []
    for i, sc in enumerate(each(load(game), count, seed, family, budget), 1):
        out.append(Case(f"{sc.family}/{i:03d}-{sc.slug}", tuple(orjson.dumps(r) for r in sc.rows), game))
    return out


def log_cases(paths: Iterable[Path]) -> list[Case]:
    """The logs in `paths` (files, folders of .jsonl, packed corpora), each as its lines.
    Raises Unreadable (exit 2) for a path that is missing or not a regular file."""
    from ..model.kernel.inputs import not_regular
    from ..replays import corpus
    from ..replays.folders import logs_in

    out = []
    for p in paths:
        unlisted: list = []
        files = logs_in(p, unlisted) if p.is_dir() else [p]
        if unlisted:
            raise Unreadable(f"a folder inside cannot be listed: {unlisted[0][1]}", file=str(unlisted[0][0]))
        for f in files:
            if not f.exists():
                raise Unreadable("no such file" + (" (the standard input is read by `referee replay -`, not here: "
                                                   "each log goes to both engines, so it is read from a file)"
                                                   if str(f) == "-" else ""), file=str(f))
            if what := not_regular(f):
                raise Unreadable(f"{what}, not a regular file: only regular files are read as logs", file=str(f))
            if corpus.kind(f):
                for g in corpus.games(f):
                    if not isinstance(g.lines, tuple):  # corpus.Refused: a link, a bomb, a damaged member
                        out.append(Case(g.name, (), None, f"cannot be read from its corpus: {g.lines.what}"))
                        continue
                    lines = tuple(x.rstrip(b"\r\n") for x in g.lines)
                    out.append(Case(g.name, lines, game_of(lines)))
            else:
                lines, line, refused = _file_lines(f)
                out.append(Case(str(f), lines, game_of(lines), refused, line))
    return out


def _file_lines(f: Path) -> tuple[tuple[bytes, ...], int, str | None]:
    """A log file's lines, read by the replay's bounded reader (replays/log.py): a line over
    its limit, or more lines than a log may hold, stops the reading, and the log is not
    judged (a 200 MB line or an endless file costs 1 MiB, not the machine's memory)."""
    from ..replays.log import Unreadable, bounded

    out: list[bytes] = []
    with open(f, "rb") as fh:
        try:
            for _, raw in bounded(fh):
                out.append(raw.rstrip(b"\r\n"))
        except Unreadable as e:
            return (), e.line, e.what
    return tuple(out), 0, None


@dataclass
class Found:
    """One class of disagreements: its logs, its first log's verdicts, and that log shrunk."""

    klass: Klass
    example: Case
    a: Said
    b: Said
    game: Any = None  # the Game the log's header names (None: unknown)
    cases: list[str] = field(default_factory=list)
    minimal: list[bytes] | None = None
    minimal_a: Said | None = None
    minimal_b: Said | None = None
    shrink_note: str | None = None  # why the log is not shrunk, or not all the way

    def to_json(self) -> dict:
        d: dict[str, Any] = {**self.klass.to_json(), "count": len(self.cases), "logs": self.cases,
                             "example": {"name": self.example.name, "a": self.a.to_json(), "b": self.b.to_json(),
                                         "lines": len(self.example.lines)}}
        if self.minimal is not None:
            d["minimal"] = {"lines": [orjson.loads(x) for x in self.minimal],
                            "a": self.minimal_a.to_json(), "b": self.minimal_b.to_json()}
        if self.shrink_note:
            d["shrink_note"] = self.shrink_note
        return d


@dataclass
class Report:
    a: str
    b: str
    logs: int = 0
    agree: int = 0
    classes: list[Found] = field(default_factory=list)
    changes: list[dict] = field(default_factory=list)  # each disagreeing log: name, a, b, class
    referee_failed: list[dict] = field(default_factory=list)  # logs referee itself failed on
    # logs whose verdict by A is "not established": the rules give no verdict from a line on, so
    # nothing there can be compared (protocol 1 has no such answer): listed, never a disagreement
    not_judged: list[dict] = field(default_factory=list)
    not_logs: list[dict] = field(default_factory=list)  # files given as logs whose header names no known game
    # agreeing logs where both refuse the same event and B names another rule it breaks
    other_rule: list[dict] = field(default_factory=list)

    @property
    def code(self) -> int:
        """2 when a file given is no log (unreadable input, as in a replay batch), else 1 when
        a log disagrees or was not compared, else 0."""
        return 2 if self.not_logs else 1 if self.classes or self.referee_failed else 0

    def to_json(self) -> dict:
        return {"a": self.a, "b": self.b, "logs": self.logs, "agree": self.agree,
                "disagree": len(self.changes), "other_rule": self.other_rule, "classes": [c.to_json() for c in self.classes],
                "changes": self.changes, "referee_failed": self.referee_failed, "not_judged": self.not_judged,
                "not_logs": self.not_logs}


def also_broken(lines: Sequence[bytes], game: Any, a: Said, b: Said) -> bool:
    """Both refuse the same event and B names another rule that event breaks: an engine may
    test its rules in another order, and any rule the event breaks is a right answer (the
    strictness of `referee replay --expect` on a scenario's `cites`: scenarios/cites.py)."""
    if not (a.verdict == b.verdict == "illegal" and a.line == b.line and a.cite and b.cite and a.cite != b.cite):
        return False
    from ..checks.scenarios.cites import broken_cites
    from ..replays.expect import same_rule

    try:
        rows = [orjson.loads(x) if x.strip() else {} for x in lines]  # indexed by line
        # a § in common, as everywhere a cite is matched: a Need citing "§Magicien §Bâton" is
        # broken when B names §Bâton (an engine's run, s61: the whole string was compared)
        return any(same_rule(b.cite, c) for c in broken_cites(game, rows, {"line": a.line, "cite": a.cite,
                                                                             "kind": a.kind or "illegal"}))
    except Exception:  # noqa: BLE001 - a log referee could not walk again: no claim that they agree
        return False


def _before(b: Said, a: Said) -> bool:
    """B refuses (or cannot read) a line before the one from which A's verdict is not
    established: every line before it A judged legal and readable."""
    return b.verdict in ("illegal", "unreadable", "not established") and b.line is not None and a.line is not None \
        and b.line < a.line


def compare(cases: Iterable[Case], base: Reading, other: Judge, b_title: str, shrink: bool = True,
            most: int = 200, explaining: bool = True) -> Report:
    """Judge every case by A = referee under `base` and B = `other`; classes in the order
    their first log comes, with the option that explains each when `explaining`; with
    `shrink`, each class's first log shrunk (at most `most` candidates each, every one
    judged by both)."""
    from ..model import load, names

    rep = Report(base.describe(), b_title)
    by: dict[tuple, Found] = {}
    known = set(names())
    games: dict[str, Any] = {}  # each game loaded once: a plugin's lookup costs ~20 ms
    for case in cases:
        rep.logs += 1
        if case.refused and case.line:  # the file is no log a judge could read (replay: exit 2)
            rep.not_logs.append({"name": case.name, "line": case.line, "why": case.refused})
            continue
        if case.refused:
            rep.referee_failed.append({"name": case.name, "why": case.refused})
            continue
        if case.game in known and case.game not in games:
            games[case.game] = load(case.game)
        game = games.get(case.game)
        a = base.said(case.lines, case.name, game)
        if game is None:  # no header naming a known game: nothing any judge could be compared on
            rep.not_logs.append({"name": case.name, "line": a.line or 1, "why": a.message or "not a log"})
            continue
        if a.verdict == "error":  # referee's bug: nothing to compare this log with
            rep.referee_failed.append({"name": case.name, "why": a.message})
            continue
        b = other.said(case.lines, case.name, game)
        if a.verdict == "not established" and not _before(b, a):
            # no verdict from that line on: none to compare B's with (B's answer is shown); a
            # refusal before it is compared, since A judged those lines (a hostile run, s63:
            # an engine refusing line 2 passed)
            rep.not_judged.append({"name": case.name, "line": a.line, "cite": a.cite, "why": a.message,
                                   "b": b.to_json()})
            continue
        if same(a, b):
            rep.agree += 1
            continue
        if also_broken(case.lines, game, a, b):
            rep.agree += 1
            rep.other_rule.append({"name": case.name, "line": a.line, "a": a.cite, "b": b.cite})
            continue
        k = classify(case.lines, case.name, game, base, a, b, explaining)
        if k.key() not in by:
            by[k.key()] = Found(k, case, a, b, game)
            rep.classes.append(by[k.key()])
        by[k.key()].cases.append(case.name)
        rep.changes.append({"name": case.name, "a": a.to_json(), "b": b.to_json(),
                            "class": rep.classes.index(by[k.key()]) + 1})
    if shrink:
        for f in rep.classes:
            _shrink(f, base, other, most, explaining)
    return rep


def _shrink(f: Found, base: Reading, other: Judge, most: int, explaining: bool) -> None:
    c = f.example
    why = shrinkable(c.lines) if c.lines else "the log is empty"
    if why:
        f.shrink_note = f"not shrunk: {why}"
        return
    seen: dict[bytes, tuple[Said, Said] | None] = {}

    def keeps(lines: list[bytes]) -> bool:
        name = f"{c.name} (shrinking)"
        a = base.said(lines, name, f.game)
        if a.verdict == "error":
            return False
        b = other.said(lines, name, f.game)
        k = f.klass  # the explanation (a replay per option value) only once the rest matches
        ok = (not same(a, b) and (kind_of(a, b), what(a), what(b)) == (k.kind, k.a, k.b)
              and not also_broken(lines, f.game, a, b)  # replays the log: after the cheap tests
              and classify(lines, name, f.game, base, a, b, explaining).key() == k.key())
        seen[b"\n".join(lines)] = (a, b) if ok else None
        return ok

    f.minimal, done = ddmin(c.lines, keeps, most)
    got = seen.get(b"\n".join(f.minimal))
    if got is None:  # nothing smaller kept the class: the log itself (blank lines aside)
        name = f"{c.name} (shrunk)"
        f.minimal_a, f.minimal_b = base.said(f.minimal, name, f.game), other.said(f.minimal, name, f.game)
    else:
        f.minimal_a, f.minimal_b = got
    if not done:
        f.shrink_note = f"shrinking stopped after {most} candidates: a smaller log may exist"
