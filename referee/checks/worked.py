"""The rulebook's worked examples, replayed: the text's own claims in numbers (`Ex : a Human
moving 12" spends 6 points`). Each example the game declares (worked.toml in its folder, with
its logs under worked/) is replayed through the rules, the same path as `referee replay`: each
log must get the verdict its header expects (legal when it says none), and each `shows` compares
the state's view (`Game.show`, what `--explain` prints) just before and just after one event.

Three values, as every result of the audit: the example holds (a claim, not a finding), it is
refuted (the rules as encoded give another number: the log is the witness), or it is not
established: an example the text gives that no declared replay checks, or a declared one whose
units are not all in the rulebook read (edited or gone). The examples are found in the text by
how they open (OPENS), so a sixth rulebook's are listed too, as not established.

Pure Python, no z3: a replay is a concrete run of the rules."""
from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from ..errors import RefereeError, Unreadable
from ..model.kernel.rules import cites as sections
from .findings import Finding, Witness, finding_id
from .severity import EXAMPLE

# A unit that gives a worked example: one opening on `Ex :`, `Ex.`, `Exemple :`, `Exemples :`,
# `Par exemple`, or one giving one in passing (`On peut par exemple ...`). `c'est-à-dire` is
# not one: it restates the rule in other words, it does not play it out.
OPENS = re.compile(r"^\s*ex(?:emples?)?\s*[.:]|\bpar exemple\b", re.IGNORECASE)
KEYS = frozenset({"name", "units", "says", "log"})
LOG_KEYS = frozenset({"file", "shows"})
SHOW_KEYS = frozenset({"line", "path", "from", "to"})


@dataclass(frozen=True)
class Shows:
    line: int  # the event's line in the log file (the header is line 1)
    path: str  # dotted, into the view: "rsv.1", "figures.t1.pdv"
    before: Any
    after: Any


@dataclass(frozen=True)
class Log:
    file: Path
    shows: tuple[Shows, ...]


@dataclass(frozen=True)
class Worked:
    name: str
    units: tuple[str, ...]  # the hashes of the example's units (rulebook/text.digest)
    says: str
    logs: tuple[Log, ...]


def marked(units: tuple) -> list[tuple]:
    """The worked examples of a text: each unit that opens one (OPENS) with the units after it
    on its line, up to the next one that opens another (`Ex : ...` runs to the end of its line)."""
    out: list[list] = []
    for u in units:
        if OPENS.search(u.text):
            out.append([u])
        elif out and out[-1][-1].line == u.line and out[-1][-1].cite == u.cite:
            out[-1].append(u)
    return [tuple(x) for x in out]


def _data(game: Any) -> tuple[Path, dict]:
    """worked.toml beside the game's rules, read: ({} when it has none); an Unreadable naming
    it when it cannot be read or holds other tables than [[example]] and [[unplayed]]."""
    from ..rulebook.book import game_folder

    path = game_folder(game) / "worked.toml"
    if not path.is_file():
        return path, {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise Unreadable(f"{path}: {e}") from None
    if set(data) - {"example", "unplayed"} or not all(isinstance(data.get(k, []), list) for k in ("example", "unplayed")):
        raise Unreadable(f"{path}: holds only [[example]] and [[unplayed]] tables")
    return path, data


def declared(game: Any) -> list[Worked]:
    """The game's declared examples (worked.toml beside its rules), [] when it has none; an
    Unreadable naming the file and the entry for a bad one (a key missing or of the wrong
    kind, no log, a log outside worked/)."""
    path, data = _data(game)
    return [_example(path, i, ex) for i, ex in enumerate(data.get("example", []), 1)]


def unplayed(game: Any) -> dict[str, str]:
    """The examples the game declares it does not replay, and why: unit hash -> reason
    (`[[unplayed]]`: units, why), so their result says the reason, not only that none is
    declared."""
    path, data = _data(game)
    out = {}
    for i, un in enumerate(data.get("unplayed", []), 1):
        if not isinstance(un, dict) or set(un) != {"units", "why"} or not isinstance(un["why"], str) or not un["why"] \
                or not isinstance(un["units"], list) or not un["units"] or not all(isinstance(h, str) for h in un["units"]):
            raise Unreadable(f"{path}: unplayed {i}: has exactly units (hashes) and why (words)")
        out.update({h: un["why"] for h in un["units"]})
    return out


def _example(path: Path, i: int, ex: Any) -> Worked:
    where = f"{path}: example {i}"

    def bad(why: str) -> Unreadable:
        return Unreadable(f"{where}: {why}")

    if not isinstance(ex, dict) or set(ex) != KEYS:
        raise bad(f"an example has exactly the keys {', '.join(sorted(KEYS))}")
    if not all(isinstance(ex[k], str) and ex[k] for k in ("name", "says")):
        raise bad("name and says are words")
    if not isinstance(ex["units"], list) or not ex["units"] or not all(isinstance(h, str) for h in ex["units"]):
        raise bad("units is a list of one unit's hash or more (rulebook/text.digest)")
    if not isinstance(ex["log"], list) or not ex["log"]:
        raise bad("log is a list of one log or more: an example no log plays is not checked")
    logs = []
    for lg in ex["log"]:
        if not isinstance(lg, dict) or set(lg) - LOG_KEYS or not isinstance(lg.get("file"), str):
            raise bad("a log has a file (its name in worked/), and may have shows")
        name = Path(lg["file"])
        if name.is_absolute() or len(name.parts) != 1:
            raise bad(f"{lg['file']!r}: a log is named by its file's name in worked/, nothing more")
        shows = lg.get("shows", [])
        if not isinstance(shows, list):
            raise bad("shows is a list")
        for sh in shows:
            if not isinstance(sh, dict) or set(sh) != SHOW_KEYS or type(sh["line"]) is not int \
                    or not isinstance(sh["path"], str) or not sh["path"]:
                raise bad("each of shows has a line (a number), a path, from and to")
        logs.append(Log(path.parent / "worked" / name, tuple(Shows(sh["line"], sh["path"], sh["from"], sh["to"])
                                                           for sh in shows)))
    return Worked(ex["name"], tuple(ex["units"]), ex["says"], tuple(logs))


@dataclass(frozen=True)
class Setting:
    """The rules the replays run under: the audit's options (None: each log's header says),
    component files and preferred source."""

    options: dict | None = None
    components: Path | None = None
    prefer: str | None = None


def _at(view: Any, path: str) -> Any:
    """The value at a dotted path of a view (a list indexed by an ASCII number: `'²'.isdigit()`
    holds, and int() refuses it); KeyError if none."""
    x = view
    for k in path.split("."):
        if isinstance(x, list) and k.isascii() and k.isdecimal() and int(k) < len(x):
            x = x[int(k)]
        elif isinstance(x, dict) and k in x:
            x = x[k]
        else:
            raise KeyError(path)
    return x


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON writes them: `false` is not `0`, nor `12.0` `12`."""
    return json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True, default=str)


def _shown(x: Any) -> str:
    return json.dumps(x, ensure_ascii=False, default=str)


def _replayed(game: Any, log: Log, setting: Setting) -> tuple[list[str], list[str], Witness]:
    """(what held, what differs, the log as a witness) for one log of an example: the verdict
    as `referee replay` gives it, under the audit's rules, and each `shows` read on the states
    the same replay reaches just before and just after its event (the log cut there). An
    Unreadable, naming the log, for a log the audit cannot use: not there, not the game's,
    not readable, or a `shows` that reads no event of it (a mistake of the declaration,
    never a difference from the text)."""
    from ..replays.engine import replay

    name = f"{log.file.parent.name}/{log.file.name}"
    try:
        raw = log.file.read_bytes().splitlines()
    except OSError as e:
        raise Unreadable(f"{name}: cannot be read: {e.strerror or type(e).__name__}") from None

    def run(lines: list) -> Any:
        return replay(lines, game=game, options=setting.options, components=setting.components,
                      prefer=setting.prefer, label=name)

    v = run(raw)
    first = v.first()
    if v.verdict in ("unreadable", "error"):
        raise Unreadable(f"{first.render(name) if first else name + ': cannot be replayed'}")
    want = (v.expect or {}).get("verdict", "legal")
    if v.expect is not None:
        from ..replays.expect import mismatch

        wrong = mismatch(v)
    else:
        wrong = None if v.verdict == "legal" else f"expected legal, got {v.verdict} ({first.render(name)})"
    witness = _witness(raw, want, v)
    if wrong:
        return [], [f"{name}: {wrong}"], witness
    held = [f"{name}: {v.verdict}" + (f" at line {first.line} ({first.cite})" if first else "") + ", as expected"]
    differs = []
    refused = first.line if first is not None and v.verdict == "illegal" else len(raw) + 1
    show = game.show or (lambda st: st.project())
    views: dict[int, Any] = {}  # the view after the log's first n lines, each cut replayed once

    def view(upto: int, line: int) -> Any:
        if upto not in views:
            cut = run(raw[:upto])
            if cut.verdict != "legal" or cut.state is None:
                raise Unreadable(f"{name}: shows line {line}: the log up to line {upto} is {cut.verdict}")
            views[upto] = show(cut.state)
        return views[upto]

    for sh in log.shows:
        if not 2 <= sh.line < refused or sh.line > len(raw):
            raise Unreadable(f"{name}: shows line {sh.line}: not an event the log plays legally (its events are "
                             f"lines 2 to {min(refused, len(raw) + 1) - 1})")
        try:
            got = [_at(view(upto, sh.line), sh.path) for upto in (sh.line - 1, sh.line)]
        except KeyError:
            raise Unreadable(f"{name}: shows line {sh.line}: the state's view has no {sh.path!r}") from None
        said = f"line {sh.line}: {sh.path} from {_shown(sh.before)} to {_shown(sh.after)}"
        if _same(got[0], sh.before) and _same(got[1], sh.after):
            held.append(f"{name}: {said}, as the text says")
        else:
            differs.append(f"{name}: {said} by the text; the rules give from {_shown(got[0])} to {_shown(got[1])}")
    return held, differs, witness


def _witness(raw: list, want: str, v: Any) -> Witness:
    rows = [json.loads(x) for x in raw if x.strip()]
    cite = (v.expect or {}).get("cite")
    return Witness({k: x for k, x in rows[0].items() if k not in ("note", "expect")},
                   [{k: x for k, x in r.items() if k != "n"} for r in rows[1:] if "result" not in r],
                   f"the worked example replayed ({len(rows) - 1} events)", expect=want,
                   cites=[cite] if want == "illegal" and cite else [])


def _unknown(game: Any, cite: str, name: str, says: str, why: str, open_: str, source: str = "") -> Finding:
    return Finding(finding_id(game.name, "unknown", cite, name), game.name, "unknown", sections(cite), says,
                   sources=[source] if source else [], status="not established", details=[why], open=open_)


def check(game: Any, rulebook: Path | str | None = None, setting: Setting = Setting(),
          covers: Callable[[int, dict], dict] | None = None) -> list[Finding]:
    """The audit's results for the text's worked examples (module docstring), replayed under
    `setting`; `covers(players, options)` says what a replayed example covers (the audit's)."""
    from ..rulebook.book import book, seeds_dir

    if rulebook is None and (not Path(game.rulebook).suffix or seeds_dir() is None):
        return []  # no text to read: the text detectors say so once (checks/text: detect)
    try:
        b = book(game, rulebook)
        worked, left = declared(game), unplayed(game)
    except RefereeError as e:
        return [_unknown(game, "", "worked_examples", "whether the text's worked examples hold",
                         f"not established: {e.located()}", "input")]
    units = {u.hash: u for s in b.sections for u in s.sentences}
    out, seen = [], set()
    for w in worked:
        here = [units[h] for h in w.units if h in units]
        seen.update(h for h in w.units if h in units)
        says = f"the worked example: {w.says}"
        if not here:
            out.append(_unknown(game, "", f"example_{w.name}", says,
                                "not established: none of its units is in this rulebook (edited or gone): its "
                                "replay is not checked against this text", "input"))
            continue
        cite = " ".join(dict.fromkeys(u.cite for u in here))
        where = f"{b.path.name}:{here[0].line}"
        if len(here) < len(w.units):  # a number of it may have changed: its replay says nothing of the new one
            out.append(_unknown(game, cite, f"example_{w.name}", says,
                                f"not established: {len(w.units) - len(here)} of its {len(w.units)} units differ in "
                                "this rulebook (edited): its replay was made for the text before, and is not "
                                "checked against this one", "input", where))
            continue
        try:
            played = [_replayed(game, log, setting) for log in w.logs]  # (held, differs, witness) each
        except RefereeError as e:  # the declaration or a log is at fault, never the text
            out.append(_unknown(game, cite, f"example_{w.name}", says,
                                f"not established: its replay cannot be used: {e.located()}", "input", where))
            continue
        held = [x for h, _, _ in played for x in h]
        differs = [x for _, d, _ in played for x in d]
        witness = next((wit for _, d, wit in played if d), played[0][2])  # a failing log first
        f = Finding(finding_id(game.name, "claim", cite, f"example_{w.name}"), game.name, "claim", sections(cite),
                    says, sources=[where], status="refuted" if differs else EXAMPLE,
                    details=(differs + held) if differs else held, witness=witness)
        if covers is not None and not differs:
            header = witness.header
            f.covers = covers(len(header.get("players", [])), {**(header.get("options") or {}),
                                                               **(setting.options or {})})
        out.append(f)
    for group in marked(tuple(u for s in b.sections for u in s.sentences)):
        if not any(u.hash in seen for u in group):
            u = group[0]
            why = next((left[x.hash] for x in group if x.hash in left), None)
            out.append(_unknown(game, u.cite, f"example_{u.index}", f"the worked example of {u.cite} (line {u.line})",
                                f"not established: no replay of it is declared, because {why}" if why else
                                "not established: the text gives a worked example here, and no replay of it is "
                                "declared (worked.toml in the game's folder)", "method", f"{b.path.name}:{u.line}"))
    return out
