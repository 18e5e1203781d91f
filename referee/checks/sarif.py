"""The audit as SARIF 2.1.0 that GitHub code scanning accepts (docs/audit.md, "SARIF").

One run per invocation, whatever the number of games: GitHub refuses two runs of one tool
with the same category in an upload, and one run keeps a single category per command
(`automationDetails.id`, named after the games audited, so two invocations over other
games upload side by side). One rule per finding id (the stable `game.kind.§.name`: a
rule of the rulebook, with its § and help text); its result is placed at the line of its §
heading in the rulebook file (checks/rulebook.py), relative to a `uriBaseId`: %SRCROOT%
for a `--rulebook` given as a relative path (a rulebook kept in the scanned repository),
else RULEBOOKS, the folder of the games' rulebooks (../shared). Where the § has no heading
line, or the file is absent, the result sits at line 1 and its message says why.
Proved items and results not established are not results (the latter fail the exit code);
the run's properties (`referee/proved`) list each proved or decided item with what it covers."""
from __future__ import annotations

from pathlib import Path
from types import MappingProxyType
from typing import Any

from .findings import Finding
from .report import ordered
from .rulebook import Rulebook
from .severity import NATURES, nature

LEVEL = MappingProxyType({"error": "error", "warning": "warning", "info": "note"})
SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def _driver() -> dict:
    from importlib.metadata import PackageNotFoundError, metadata

    from .. import __version__

    d = {"name": "referee", "version": __version__, "semanticVersion": __version__, "rules": []}
    try:  # the documentation URL the distribution declares (pyproject [project.urls])
        urls = metadata("referee").get_all("Project-URL") or []
    except PackageNotFoundError:
        urls = []
    docs = [u.split(",", 1)[1].strip() for u in urls if u.lower().startswith("documentation,")]
    if docs:
        d["informationUri"] = docs[0]
    return d


def _artifact(game: Any, book: Rulebook, given: Path | None) -> dict:
    if given is not None and book.path is not None and not given.is_absolute():
        uri = (given if given.is_file() else given / Path(game.rulebook).name).as_posix()
        return {"uri": uri, "uriBaseId": "%SRCROOT%"}
    return {"uri": Path(game.rulebook).as_posix(), "uriBaseId": "RULEBOOKS"}


def _rule(f: Finding) -> dict:
    why = NATURES[nature(f)][1]
    help_text = "\n".join([f"{' '.join(f.cites)}: {f.says}", *f.details, f"Severity {f.severity}: {why}."])
    return {"id": f.id, "name": f.id.split(".")[1],
            "shortDescription": {"text": f"{f.cites[0] if f.cites else ''} {f.says}"[:1000]},
            "fullDescription": {"text": why},
            "help": {"text": help_text},
            "defaultConfiguration": {"level": LEVEL[f.severity]},
            "properties": {"tags": list(dict.fromkeys([f.game, f.kind, nature(f), f.severity])), "cites": f.cites,
                           **({"covers": f.covers} if f.covers else {}),
                           # the findings reported inside this one (checks/policy.py: one defect, one finding)
                           **({"folded": f.folded} if f.folded else {})}}


def sarif(results: list[tuple[Any, list[Finding], Rulebook]], given: Path | None = None,
          marks: dict | None = None) -> dict:
    marks = marks or {}
    driver = _driver()
    out, held = [], []
    for game, findings, book in results:
        # proved and decided items are not results: the run's properties list what each covers
        held += [{"id": f.id, "status": f.status, "cites": f.cites, "covers": f.covers, **({"about": f.about} if f.about else {})}
                 for f in sorted(findings, key=lambda f: f.id) if f.covers and not f.is_problem and f.established]
        art = _artifact(game, book, given)
        for f in ordered(findings, book):
            driver["rules"].append(_rule(f))
            line = book.line_of(f.cites[0]) if f.cites else None
            where = ""
            if line is None:
                where = (" (the rulebook file was not found: placed at line 1)" if book.path is None
                         else f" ({f.cites[0] if f.cites else 'no §'} has no heading line in the rulebook: "
                              "placed at line 1)")
            r = {"ruleId": f.id, "ruleIndex": len(driver["rules"]) - 1, "level": LEVEL[f.severity],
                 "message": {"text": f"{' '.join(f.cites)}: {f.says}{where}"},
                 "locations": [{"physicalLocation": {"artifactLocation": dict(art),
                                                     "region": {"startLine": line or 1}},
                                "logicalLocations": [{"name": c, "kind": "section"} for c in f.cites]}],
                 "partialFingerprints": {"refereeFindingId/v1": f.id}}
            if marks.get(f.id) in ("new", "known"):
                r["baselineState"] = "new" if marks[f.id] == "new" else "unchanged"
            elif marks.get(f.id) == "ignored":  # acknowledged with a reason in [tool.referee] of pyproject.toml
                r["suppressions"] = [{"kind": "external", "status": "accepted",
                                      "justification": "ignored with a reason in [tool.referee] of pyproject.toml"}]
            out.append(r)
    names = "+".join(g.name for g, _, _ in results)
    run = {"tool": {"driver": driver},
           "automationDetails": {"id": f"referee-audit/{names}/"},
           "originalUriBaseIds": {"RULEBOOKS": {"description": {"text": "the folder of the games' rulebooks "
                                                                        "(../shared of a referee checkout)"}},
                                  "%SRCROOT%": {"description": {"text": "the root of the scanned repository"}}},
           "columnKind": "unicodeCodePoints",
           "results": out}
    if held:
        run["properties"] = {"referee/proved": held}
    return {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}
