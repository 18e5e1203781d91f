from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from ..errors import printable
from ..given import SECONDS_MOST
from ..model import names
from .common import BAD, FOUND, OK, PATH, err, game_or_exit, json_text, options_or_exit, out, seeds_or_exit
from .gamename import GameName
from .progress import Shown


class FailOn(str, Enum):
    error = "error"
    warning = "warning"
    info = "info"


class AFmt(str, Enum):
    text = "text"
    json = "json"
    sarif = "sarif"
    html = "html"


def audit(
    game: Annotated[Optional[GameName], typer.Argument(help="the game to audit (default: every built-in game)", show_default=False)] = None,
    format: Annotated[AFmt, typer.Option("--format", "-f")] = AFmt.text,
    witness_dir: Annotated[Optional[Path], typer.Option("--witness-dir", parser=PATH, metavar="<path>", help="write each finding's witness log there")] = None,
    prefer: Annotated[Optional[str], typer.Option("--prefer", help="read the rules as this source says (e.g. livret)")] = None,
    option: Annotated[Optional[list[str]], typer.Option("--option", "-o", help="a rules option NAME=VALUE")] = None,
    components: Annotated[Optional[Path], typer.Option("--components", parser=PATH, metavar="<path>", help="a directory of real component data")] = None,
    no_witness: Annotated[bool, typer.Option("--no-witness", help="skip the witness search (faster)")] = False,
    witness_seconds: Annotated[float, typer.Option("--witness-seconds", min=0, max=SECONDS_MOST, help="each witness search's work, in "
                                                   "seconds of an idle machine: counted in moves weighed, so the same "
                                                   "search (and result) under any load")] = 3.0,
    budget: Annotated[float, typer.Option("--budget", min=0, max=SECONDS_MOST, help="the proofs' work, in seconds of an idle machine "
                                          "(z3 counts it: the same proofs under any load)")] = 8.0,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="show every finding with its details")] = False,
    rulebook: Annotated[Optional[Path], typer.Option("--rulebook", parser=PATH, metavar="<path>", help="the rulebook file, or a folder holding it "
                                                     "(default: the game's seed in ../shared): orders the report and "
                                                     "places SARIF results at their § heading's line")] = None,
    timings: Annotated[bool, typer.Option("--timings", help="add the seconds each check took (the output then "
                                          "differs from run to run)")] = False,
    baseline: Annotated[Optional[Path], typer.Option("--baseline", parser=PATH, metavar="<path>", help="a baseline of known findings: written when "
                                                     "the file does not exist; when it does, only findings not in it "
                                                     "fail the exit code")] = None,
    fail_on: Annotated[FailOn, typer.Option("--fail-on", help="the least severity of a new finding that fails the "
                                            "exit code (results not established always do)")] = FailOn.info,
) -> None:
    """Audit the rules: proved invariants, contradictions between sources, the text's claims,
    ambiguities and gaps, each with its § and a replayable witness. Exit 0: nothing to
    read; 1: findings, or results not established; 2: usage or input error. Findings
    known to --baseline or ignored with a reason in \\[tool.referee] of pyproject.toml do
    not fail it (docs/audit.md)."""
    from ..checks import baseline as B
    from ..checks.audit import Audit
    from ..checks import report
    from ..checks.rulebook import Rulebook, locate
    from ..model.kernel import BadInput

    games = [game_or_exit(game)] if game else [game_or_exit(n) for n in names()]
    opts = options_or_exit(option)
    if rulebook is not None:
        _rulebook_or_exit(rulebook, games)
    else:
        seeds_or_exit(games)
    try:  # read before the audit runs: a bad baseline or ignore costs nothing
        ignored = B.ignores(B.pyproject())
        known = B.read(baseline) if baseline is not None and baseline.exists() else None
        if baseline is not None and known is None and baseline.is_symlink():  # to be written: never through a link
            raise BadInput(f"{baseline}: the baseline would be written through a link that leads nowhere: not written "
                           "(give the file's own path)")
    except BadInput as e:
        err.print(f"referee: {e}")
        raise typer.Exit(BAD) from None
    if witness_dir is not None:
        _witness_dir_or_exit(witness_dir, games)
    results = []
    shown = Shown(err.rich(), len(games), "audit")  # drawn only when stderr is a terminal
    for g in shown.each(games):
        try:
            a = Audit(g, options=opts if game else {}, prefer=prefer if game else None, witnesses=not no_witness,
                      witness_seconds=witness_seconds, budget=budget, components=components, progress=shown,
                      rulebook=locate(g, rulebook) if rulebook is not None else None)
        except BadInput as e:
            err.print(f"referee: {g.name}: {e}")
            raise typer.Exit(BAD) from None
        findings = a.run()
        results.append((g, findings, a.timings if timings else {}))  # no clock: the same input, the same bytes
        if witness_dir is not None:
            try:
                written = report.write_witnesses(findings, witness_dir / g.name)
            except OSError as e:
                err.print(f"referee: {e.filename or witness_dir / g.name}: a witness cannot be written: {e.strerror or e}")
                raise typer.Exit(BAD) from None
            err.print(f"{g.name}: {len(written)} witnesses written to {witness_dir / g.name}")
    found = [x for _, f, _ in results for x in f]
    if known:  # a baseline of other games: said, not left to read as "every finding is new"
        audited = {g.name for g, _, _ in results}
        of = sorted({k.partition(".")[0] for k in known})
        if not audited & set(of):
            err.print(f"referee: {baseline}: a baseline of {', '.join(of)}, not of {', '.join(sorted(audited))}: "
                      "every finding counts as new", markup=False)
    if baseline is not None and known is None:
        try:
            n = B.write(baseline, found)
        except OSError as e:
            err.print(f"referee: {baseline}: the baseline cannot be written: {e.strerror or e}")
            raise typer.Exit(BAD) from None
        known = {x.id for x in B.tracked(found)}
        err.print(f"referee: baseline written to {baseline} ({n} findings and results not established, known from now on)")
    mark = B.marks(found, known, ignored)
    if format is AFmt.json:
        doc = report.document([report.as_json(g, f, t, Rulebook.of(g, rulebook), mark) for g, f, t in results])
        out.print(json_text(doc, indent=True), exact=True)
    elif format is AFmt.sarif:
        from ..checks.sarif import sarif

        doc = sarif([(g, f, Rulebook.of(g, rulebook)) for g, f, _ in results], given=rulebook, marks=mark)
        out.print(json_text(doc, indent=True), exact=True)
    elif format is AFmt.html:  # one self-contained page on stdout (docs/audit.md, "HTML")
        from ..checks.htmlreport import page
        from ..checks.rulebook import locate

        html = page([(g, f, locate(g, rulebook)) for g, f, _ in results], marks=mark, components=components,
                    prefer=prefer if game else None, given=rulebook)
        raw = getattr(sys.stdout, "buffer", None)  # UTF-8 whatever the locale: the page says charset=utf-8
        sys.stdout.flush()
        if raw is not None:
            raw.write(html.encode())
        else:
            sys.stdout.write(html)
        sys.stdout.flush()
    else:
        for g, f, t in results:
            report.text(out.rich(), g, f, t, verbose, book=Rulebook.of(g, rulebook), marks=mark)
    gone = B.stale(known, ignored, found, games)
    if gone:
        err.print(f"referee: {len(gone)} baselined or ignored ids are no longer reported: {', '.join(printable(g) for g in gone)}")
    # a result not established is no all-clear: it fails too, unless known or ignored
    raise typer.Exit(FOUND if B.failing(found, mark, fail_on.value) else OK)


def _witness_dir_or_exit(witness_dir: Path, games: list) -> None:
    """--witness-dir refused before the audit runs (a minute with witnesses) where it cannot
    be made: a file stands at the folder's place, or at one of its parents' (hostile run, s59:
    the whole audit ran, then no report). Nothing is made here."""
    import os

    for g in games:
        d = witness_dir / g.name
        at = next((p for p in (d, *d.parents) if os.path.lexists(p)), None)
        if at is not None and not at.is_dir():
            err.print(f"referee: --witness-dir {witness_dir}: {at} is not a folder: "
                      f"the witnesses of {g.name} cannot be written under it", markup=False)
            raise typer.Exit(BAD)
        if at is not None and not os.access(at, os.W_OK | os.X_OK):
            err.print(f"referee: --witness-dir {witness_dir}: {at} cannot be written "
                      "to", markup=False)
            raise typer.Exit(BAD)


def _rulebook_or_exit(rulebook: Path, games: list) -> None:
    """--rulebook read before the audit runs, for each game audited (checks/rulebook.py:
    refused): a located exit 2, not a report quietly placed at no line."""
    from ..checks.rulebook import refused

    for g in games:
        why = refused(g, rulebook)
        if why:
            err.print(f"referee: --rulebook {why}", markup=False)
            raise typer.Exit(BAD)
