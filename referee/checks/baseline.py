"""Baselines and ignores: which findings fail the exit code (docs/audit.md, "Baselines").

All keyed by the stable finding ids. A baseline file lists the ids of a past audit's
findings and not-established results: those are "known", the others "new". An ignore in
`[tool.referee]` of pyproject.toml (found from the working folder upward) names an id and
the reason it is acknowledged; an ignore without a reason is refused (exit 2). The exit
code fails on a new finding at or above `--fail-on`, and on any new result not
established (an unknown is no all-clear), never on a known or ignored one."""
from __future__ import annotations

import json
import tomllib
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterable

from ..model.kernel import BadInput
from .findings import Finding
from .severity import LEVELS

BASELINE_VERSION = 1
MAX_BYTES = 64 << 20  # a baseline lists ids and one line each: far below this; /dev/zero-like input stops here
IGNORE_KEYS = MappingProxyType({"id": str, "reason": str})


def tracked(findings: Iterable[Finding]) -> list[Finding]:
    """What a baseline holds and the exit code reads: findings and results not established."""
    return [f for f in findings if f.is_problem or not f.established]


def write(path: Path, findings: Iterable[Finding]) -> int:
    """Write the baseline of these findings (sorted: the same audit, the same bytes)."""
    held = {f.id: {"severity": f.severity or "not established", "says": f.says} for f in tracked(findings)}
    doc = {"version": BASELINE_VERSION, "tool": "referee", "findings": dict(sorted(held.items()))}
    from ..files import write_file

    write_file(path, (json.dumps(doc, ensure_ascii=False, indent=1) + "\n").encode("utf-8"))  # never through a link
    return len(held)


def _text(path: Path, what: str) -> str:
    """A small regular file's text: a FIFO, a device or a directory is never opened (a FIFO
    waits forever, /dev/zero never ends), a file past MAX_BYTES is refused, never read whole."""
    from ..model.kernel.inputs import read_regular

    try:
        data = read_regular(path, MAX_BYTES)
    except OSError as e:
        raise BadInput(f"{path}: {what} cannot be read: {e.strerror or 'an OS error'}") from None
    except ValueError as e:  # not a regular file, or past MAX_BYTES
        raise BadInput(f"{path}: {what} cannot be read: {e}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise BadInput(f"{path}:{line}: {what} is not UTF-8 text (byte {e.start})") from None


def read(path: Path) -> set[str]:
    """The ids a baseline file holds; an unreadable one is a located BadInput (exit 2)."""
    text = _text(path, "the baseline")

    def once(pairs: list) -> dict:  # a key given twice: which value is meant cannot be known
        seen: set = set()  # linear: a count per key was quadratic (a hostile run, s62: 40,000 ids, 44 s)
        twice = next((k for k, _ in pairs if k in seen or seen.add(k)), None)
        if twice is not None:
            raise BadInput(f"{path}: the key \"{twice}\" is given twice in the baseline: which value is meant "
                           "cannot be known")
        return dict(pairs)

    def no_constant(name: str) -> None:
        raise BadInput(f"{path}: the baseline holds {name}, which JSON has not")

    try:  # as strict as a log's reader (a hostile run, s61: tracebacks, and NaN or a twice-given key taken)
        doc = json.loads(text, object_pairs_hook=once, parse_constant=no_constant)
    except json.JSONDecodeError as e:
        raise BadInput(f"{path}:{e.lineno}: the baseline is not JSON: {e.msg}") from None
    except BadInput:
        raise
    except RecursionError:
        raise BadInput(f"{path}: the baseline is not a referee baseline: nested too deep to be read") from None
    except ValueError as e:  # an integer of more digits than Python converts
        raise BadInput(f"{path}: the baseline is not a referee baseline: {e}") from None
    # the version as the log header's: the whole number itself (1.0 and true equal 1 in Python; s62 hostile run)
    version = doc.get("version") if isinstance(doc, dict) else None
    if type(version) is not int or version != BASELINE_VERSION or not isinstance(doc.get("findings"), dict):
        raise BadInput(f"{path}:1: not a referee baseline (version {BASELINE_VERSION}, an object of findings by "
                       "id): write one with --baseline on a path that does not exist")
    return set(doc["findings"])


def pyproject(start: Path | None = None) -> Path | None:
    """The nearest pyproject.toml from `start` (the working folder) upward."""
    here = (start or Path.cwd()).resolve()
    return next((d / "pyproject.toml" for d in (here, *here.parents) if (d / "pyproject.toml").is_file()), None)


def ignores(path: Path | None) -> dict[str, str]:
    """id -> reason, from `[tool.referee] ignore = [{id = ..., reason = ...}]` of `path`."""
    if path is None:
        return {}
    text = _text(path, "pyproject.toml")
    try:
        tool = tomllib.loads(text).get("tool", {})
    except tomllib.TOMLDecodeError as e:
        raise BadInput(f"{path}: not TOML: {e}") from None
    conf = tool.get("referee", {}) if isinstance(tool, dict) else None  # `tool = 1` is TOML too
    if not isinstance(conf, dict):
        raise BadInput(f"{path}: tool.referee: a table ([tool.referee])")
    lines = text.splitlines()

    def at(needle: str) -> int:  # tomllib gives no lines: the entry's line, else the table's
        return next((i for i, s in enumerate(lines, 1) if isinstance(needle, str) and needle and needle in s),
                    next((i for i, s in enumerate(lines, 1) if s.strip() == "[tool.referee]"), 1))

    unknown = sorted(set(conf) - {"ignore"})
    if unknown:
        raise BadInput(f"{path}:{at('[tool.referee]')}: tool.referee.{unknown[0]}: unknown key (known: ignore)")
    out: dict[str, str] = {}
    items = conf.get("ignore", [])
    if not isinstance(items, list):
        raise BadInput(f"{path}:{at('ignore')}: tool.referee.ignore: a list of {{id = ..., reason = ...}} tables")
    for i, item in enumerate(items):
        def where() -> str:  # its line looked up only for a refusal: a scan per entry was quadratic (s62)
            return f"{path}:{at(item.get('id', '') if isinstance(item, dict) else '')}: tool.referee.ignore[{i}]"
        if not isinstance(item, dict) or set(item) - set(IGNORE_KEYS) or not isinstance(item.get("id"), str):
            raise BadInput(f"{where()}: a table {{id = \"game.kind.§.name\", reason = \"...\"}} (keys: id, reason)")
        reason = item.get("reason")
        if not isinstance(reason, str) or not reason.strip():
            raise BadInput(f"{where()}: ignoring {item['id']} needs a reason: say why the finding is acknowledged")
        out[item["id"]] = reason.strip()
    return out


def marks(findings: Iterable[Finding], known: set[str] | None, ignored: dict[str, str]) -> dict[str, str]:
    """id -> "ignored" / "known" / "new" for what the exit code reads (new only with a baseline)."""
    out = {}
    for f in tracked(findings):
        if f.id in ignored:
            out[f.id] = "ignored"
        elif known is not None:
            out[f.id] = "known" if f.id in known else "new"
    return out


def failing(findings: Iterable[Finding], mark: dict[str, str], fail_on: str = "info") -> list[Finding]:
    """What fails the exit code: not known, not ignored, and a finding at or above `fail_on`
    or a result not established."""
    top = LEVELS.index(fail_on)
    return [f for f in tracked(findings) if mark.get(f.id) not in ("known", "ignored")
            and (not f.established or LEVELS.index(f.severity) <= top)]


def stale(known: set[str] | None, ignored: dict[str, str], findings: Iterable[Finding], games: Any) -> list[str]:
    """Baselined or ignored ids of the audited games that this audit no longer reports."""
    # a finding folded into another is reported there (checks/policy.py: one defect, one finding)
    now = {i for f in tracked(findings) for i in (f.id, *f.folded)}
    names = {g.name for g in games}
    return sorted(i for i in (known or set()) | set(ignored) if i.split(".")[0] in names and i not in now)
