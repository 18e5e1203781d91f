"""The rulebook's worked examples, replayed: the text's own claims in numbers (`Ex : a Human
moving 12" spends 6 points`). Each example the game declares (worked.toml in its folder, with
its logs under worked/) is replayed through the rules, the same path as `referee replay`: each
log must get the verdict its header expects (legal when it says none), and each `shows` compares
the state's view (`Game.show`, what `--explain` prints) just before and just after one event.

Three values, as every result of the audit: the example holds (a claim, not a finding), it is
refuted (the rules as encoded give another number: the log is the witness), or it is not
established: an example the text gives that no declared replay checks, or a declared one whose
units are not all in the rulebook read (edited or gone). The examples are found in the text by
how they open (EXAMPLE), so a sixth rulebook's are listed too, as not established.

Pure Python, no z3: a replay is a concrete run of the rules."""
from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import RefereeError, Unreadable
from ..model.kernel.rules import cites as sections
from .findings import Finding, Witness, finding_id
from .severity import EXAMPLE

# A unit that gives a worked example: one opening on `Ex :`, `Ex.`, `Exemple :`, `Exemples :`,
# `Par exemple`, or one giving one in passing (`On peut par exemple ...`). `c'est-à-dire` is
# not one: it restates the rule in other words, it does not play it out.
OPENS = re.compile(r"^\s*(?:ex(?:emples?)?\s*[.:]|par exemple\b)|\bpar exemple\b", re.IGNORECASE)
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


def declared(game: Any) -> list[Worked]:
    """The game's declared examples (worked.toml beside its rules), [] when it has none; an
    Unreadable naming the file and the entry for a bad one."""
    from ..rulebook.book import game_folder

    path = game_folder(game) / "worked.toml"
    if not path.is_file():
        return []
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise Unreadable(f"{path}: {e}") from None
    out = []
    for i, ex in enumerate(data.get("example", []), 1):
        where = f"{path.name}: example {i}"
        if not isinstance(ex, dict) or set(ex) != KEYS or not isinstance(ex["log"], list) \
                or not all(isinstance(h, str) for h in ex["units"]):
            raise Unreadable(f"{where}: an example has exactly the keys {', '.join(sorted(KEYS))} (units: hashes, "
                             "log: a list)")
        logs = []
        for lg in ex["log"]:
            if not isinstance(lg, dict) or set(lg) - LOG_KEYS or "file" not in lg:
                raise Unreadable(f"{where}: a log has a file, and may have shows")
            shows = []
            for s in lg.get("shows", []):
                if not isinstance(s, dict) or set(s) != SHOW_KEYS or type(s["line"]) is not int \
                        or not isinstance(s["path"], str):
                    raise Unreadable(f"{where}: each of shows has a line (a number), a path, from and to")
                shows.append(Shows(s["line"], s["path"], s["from"], s["to"]))
            logs.append(Log(path.parent / "worked" / lg["file"], tuple(shows)))
        out.append(Worked(ex["name"], tuple(ex["units"]), ex["says"], tuple(logs)))
    return out


def _at(view: Any, path: str) -> Any:
    """The value at a dotted path of a view (a list is indexed by number); KeyError if none."""
    x = view
    for k in path.split("."):
        if isinstance(x, list) and k.isdigit() and int(k) < len(x):
            x = x[int(k)]
        elif isinstance(x, dict) and k in x:
            x = x[k]
        else:
            raise KeyError(path)
    return x


def _views(lines: list, wanted: set[int]) -> dict[int, tuple[Any, Any]]:
    """The view just before and just after the event of each wanted line, by the front door's
    checked play (the events up to the last wanted line are legal: the verdict said so)."""
    from ..api import load

    header = lines[0].data
    play = load(header["game"], header.get("options")).new(header["players"], header.get("setup"))
    out = {}
    for line in lines[1:]:
        if line.no > max(wanted, default=0):
            break
        before = play.show() if line.no in wanted else None
        play.push({k: v for k, v in line.data.items() if k != "n"})
        if line.no in wanted:
            out[line.no] = (before, play.show())
    return out


def _replayed(log: Log) -> tuple[list[str], list[str], Witness]:
    """(what held, what differs, the log as a witness) for one log of an example."""
    from ..replays.engine import replay
    from ..replays.expect import mismatch
    from ..replays.log import records

    lines = list(records(log.file))
    v = replay(log.file)
    want = (v.expect or {}).get("verdict", "legal")
    name = f"{log.file.parent.name}/{log.file.name}"
    first = v.first()
    wrong = mismatch(v) if v.expect is not None else (None if v.verdict == "legal" else
                                                      f"expected legal, got {v.verdict}" + (f" ({first.render(name)})" if first else ""))
    held = []
    if wrong:
        return held, [f"{name}: {wrong}"], _witness(lines, want, v)
    held.append(f"{name}: {v.verdict}" + (f" at line {first.line} ({first.cite})" if first else "") + ", as expected")
    differs = []
    views = _views(lines, {s.line for s in log.shows})
    for s in log.shows:
        try:
            got = tuple(_at(x, s.path) for x in views[s.line])
        except KeyError:
            differs.append(f"{name}: line {s.line} has no {s.path} in its view")
            continue
        said = f"line {s.line}: {s.path} from {_shown(s.before)} to {_shown(s.after)}"
        if got == (s.before, s.after):
            held.append(f"{name}: {said}, as the text says")
        else:
            differs.append(f"{name}: {said} by the text; the rules give from {_shown(got[0])} to {_shown(got[1])}")
    return held, differs, _witness(lines, want, v)


def _shown(x: Any) -> str:
    return json.dumps(x, ensure_ascii=False)


def _witness(lines: list, want: str, v: Any) -> Witness:
    cite = (v.expect or {}).get("cite")
    return Witness({k: x for k, x in lines[0].data.items() if k not in ("note", "expect")},
                   [{k: x for k, x in ln.data.items() if k != "n"} for ln in lines[1:]],
                   f"the worked example replayed ({len(lines) - 1} events)", expect=want,
                   cites=[cite] if want == "illegal" and cite else [])


def _unknown(game: Any, cite: str, name: str, says: str, why: str, open_: str, source: str = "") -> Finding:
    return Finding(finding_id(game.name, "unknown", cite, name), game.name, "unknown", sections(cite), says,
                   sources=[source] if source else [], status="not established", details=[why], open=open_)


def check(game: Any, rulebook: Path | str | None = None) -> list[Finding]:
    """The audit's results for the text's worked examples (module docstring)."""
    from ..rulebook.book import book, seeds_dir

    if rulebook is None and (not Path(game.rulebook).suffix or seeds_dir() is None):
        return []  # no text to read: the text detectors say so once (checks/text: detect)
    try:
        b = book(game, rulebook)
        worked = declared(game)
    except RefereeError as e:
        return [_unknown(game, "", "worked_examples", "whether the text's worked examples hold",
                         f"not established: {e.located()}", "input")]
    units = {u.hash: u for s in b.sections for u in s.sentences}
    out, seen = [], set()
    for w in worked:
        here = [units[h] for h in w.units if h in units]
        seen.update(h for h in w.units if h in units)
        if not here:
            out.append(_unknown(game, "", f"example_{w.name}", f"the worked example: {w.says}",
                                "not established: none of its units is in this rulebook (edited or gone): its "
                                "replay is not checked against this text", "input"))
            continue
        if len(here) < len(w.units):  # a number of it may have changed: its replay says nothing of the new one
            cite = " ".join(dict.fromkeys(u.cite for u in here))
            out.append(_unknown(game, cite, f"example_{w.name}", f"the worked example: {w.says}",
                                f"not established: {len(w.units) - len(here)} of its {len(w.units)} units differ in "
                                "this rulebook (edited): its replay was made for the text before, and is not "
                                "checked against this one", "input", f"{b.path.name}:{here[0].line}"))
            continue
        cite = " ".join(dict.fromkeys(u.cite for u in here))
        held, differs, witness, witness_failed = [], [], None, False
        for log in w.logs:
            h, d, wit = _replayed(log)
            held += h
            differs += d
            if witness is None or (d and not witness_failed):
                witness, witness_failed = wit, bool(d)
        out.append(Finding(finding_id(game.name, "claim", cite, f"example_{w.name}"), game.name, "claim",
                           sections(cite), f"the worked example: {w.says}",
                           sources=[f"{b.path.name}:{here[0].line}"], status="refuted" if differs else EXAMPLE,
                           details=(differs + held) if differs else held, witness=witness))
    for group in marked(tuple(u for s in b.sections for u in s.sentences)):
        if not any(u.hash in seen for u in group):
            u = group[0]
            out.append(_unknown(game, u.cite, f"example_{u.index}", f"the worked example of {u.cite} (line {u.line})",
                                "not established: the text gives a worked example here, and no replay of it is "
                                "declared (worked.toml in the game's folder)", "method", f"{b.path.name}:{u.line}"))
    return out
