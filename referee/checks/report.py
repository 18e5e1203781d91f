"""Audit reports: readable text grouped by § (rich), JSON, and SARIF 2.1.0 for
code-scanning tools. Witnesses are written as replayable logs."""
from __future__ import annotations

import re
from pathlib import Path
from types import MappingProxyType
from typing import Any

import orjson

from .findings import Finding

ICON = MappingProxyType({"proved": "✓", "violated": "✗", "contradiction": "≠", "ambiguity": "?", "claim": "§", "gap": "…",
        "data": "▦", "unknown": "~"})
STYLE = MappingProxyType({"error": "bold red", "warning": "yellow", "info": "green"})


def section_key(cite: str) -> tuple:
    nums = re.findall(r"\d+", cite)
    return tuple(int(n) for n in nums) if nums else (999,)


def text(console: Any, game: Any, findings: list[Finding], timings: dict, verbose: bool = False) -> None:
    from rich.rule import Rule

    problems = [f for f in findings if f.is_problem]
    console.print(Rule(f"[bold]{game.title}[/] — audit of {game.rulebook}"))
    comp = game.default_config().comp
    if getattr(comp, "illustrative", False):
        console.print("[dim]components: the illustrative set shipped with referee (replace with --components DIR)[/]")
    unsettled = [f for f in findings if not f.established]
    shown = [f for f in findings if f.established and (verbose or f.is_problem
                                                        or f.kind in ("proved", "claim", "contradiction"))]
    groups: dict[str, list[Finding]] = {}
    for f in shown:
        groups.setdefault(f.cites[0] if f.cites else "—", []).append(f)
    for cite in sorted(groups, key=section_key):
        console.print(f"[bold]{cite}[/]")
        for f in groups[cite]:
            tag = f.kind if not f.status or f.kind == f.status else f"{f.kind}/{f.status}"
            style = STYLE.get(f.severity, "")
            extra = f" [dim]({' '.join(f.cites[1:])})[/]" if len(f.cites) > 1 else ""
            src = f" [dim][{', '.join(f.sources)}][/]" if f.sources else ""
            console.print(f"  [{style}]{ICON.get(f.kind, '-')} {tag}[/] {_esc(f.says)}{extra}{src}")
            if f.is_problem or verbose:
                for d in f.details:
                    console.print(f"      [dim]{_esc(d)}[/]")
                if f.witness:
                    console.print(f"      [dim]witness: {len(f.witness.events)} events ({f.id}.jsonl with --witness-dir)[/]")
                elif f.witness_note:
                    console.print(f"      [dim]witness: {f.witness_note}[/]")
    if unsettled:
        # the third value: neither proved nor refuted; no value shown, not counted as findings
        console.print(f"[bold]not established[/] [dim]({len(unsettled)}: not checked within the budget, "
                      "or cannot arise as audited; rerun with a larger --budget)[/]")
        for f in sorted(unsettled, key=lambda f: section_key(f.cites[0] if f.cites else "")):
            where = f" [dim]({' '.join(f.cites)})[/]" if f.cites else ""
            console.print(f"  [yellow]~ {f.status or 'not established'}[/] {_esc(f.says)}{where}")
            for d in f.details:
                console.print(f"      [dim]{_esc(d)}[/]")
    counts: dict[str, int] = {}
    for f in findings:
        if not f.established:
            continue
        key = f.kind if f.is_problem else "ok"
        counts[key] = counts.get(key, 0) + 1
    summary = ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))
    console.print(f"[bold]{game.name}:[/] {len(problems)} findings to read, {summary}"
                  + (f"; {len(unsettled)} not established" if unsettled else "")
                  + (f"; {sum(timings.values()):.1f} s" if timings else ""))


def _esc(s: str) -> str:
    return s.replace("[", "\\[")


def as_json(game: Any, findings: list[Finding], timings: dict) -> dict:
    doc = {"game": game.name, "rulebook": game.rulebook, "findings": [f.to_json() for f in findings]}
    if timings:  # only with --timings: wall-clock seconds differ from run to run
        doc["timings"] = timings
    return doc


def sarif(results: list[tuple[Any, list[Finding]]]) -> dict:
    runs = []
    for game, findings in results:
        rules = {}
        out = []
        for f in findings:
            if not f.is_problem:
                continue
            rules.setdefault(f.kind, {"id": f.kind, "shortDescription": {"text": f.kind}})
            out.append({
                "ruleId": f.kind,
                "level": {"error": "error", "warning": "warning"}.get(f.severity, "note"),
                "message": {"text": f"{' '.join(f.cites)}: {f.says}"},
                "locations": [{"physicalLocation": {"artifactLocation": {"uri": game.rulebook}},
                               "logicalLocations": [{"name": c, "kind": "section"} for c in f.cites]}],
                "partialFingerprints": {"findingId": f.id},
            })
        runs.append({"tool": {"driver": {"name": "referee", "informationUri": "https://example.invalid/referee",
                                         "rules": list(rules.values())}}, "results": out})
    return {"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0", "runs": runs}


def write_witnesses(findings: list[Finding], d: Path) -> list[Path]:
    d.mkdir(parents=True, exist_ok=True)
    written = []
    for f in findings:
        if f.witness is None:
            continue
        path = d / f"{f.id}.jsonl"
        lines = f.witness.lines()
        expect = {"verdict": f.witness.expect}
        if f.id.split(".")[1] == "ambiguity" and f.rule:
            expect["decides"] = f.rule
        lines[0] = {**lines[0], "note": f"witness of {f.id}: {f.witness.reaches}", "expect": expect}
        path.write_bytes(b"\n".join(orjson.dumps(x) for x in lines) + b"\n")
        written.append(path)
    return written
