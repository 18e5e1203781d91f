from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import orjson
import typer

from ..errors import printable
from ..given import COUNT_MOST, SEED_LEAST, SEED_MOST
from .common import BAD, OK, PATH, cpus_for_us, err, game_or_exit, options_or_exit
from .gamename import GameName
from .progress import Shown


class Family(str, Enum):
    boundary = "boundary"
    random = "random"
    mutants = "mutants"
    unreadable = "unreadable"
    rulings = "rulings"
    situations = "situations"
    declarations = "declarations"
    all = "all"


class SFmt(str, Enum):
    logs = "logs"
    pytest = "pytest"


def scenarios(
    game: Annotated[GameName, typer.Argument(help="the game", show_default=False)],
    out_dir: Annotated[Path, typer.Option("--out", parser=PATH, metavar="<path>", help="where to write the scenarios")] = Path("scenarios"),
    count: Annotated[int, typer.Option("--count", "-n", min=1, max=COUNT_MOST, help="random games (and the games mutants start from)")] = 20,
    seed: Annotated[int, typer.Option("--seed", min=SEED_LEAST, max=SEED_MOST, help="the seed: same seed, same scenarios")] = 0,
    family: Annotated[list[Family], typer.Option("--family", help="which family to generate (repeat for several)")] = [Family.all],  # noqa: B006
    format: Annotated[SFmt, typer.Option("--format", "-f", help="logs, or logs and a pytest module")] = SFmt.logs,
    force: Annotated[bool, typer.Option("--force", help="write over an earlier run: replace or remove the files its "
                                        "manifest.json lists, and no other")] = False,
    engine: Annotated[Optional[str], typer.Option("--engine", help="with --format pytest: the engine the module tests, "
                                                  "package.module:function (else your referee_engine fixture or "
                                                  "REFEREE_ENGINE)")] = None,
    option: Annotated[Optional[list[str]], typer.Option("--option", "-o", help="a rules option NAME=VALUE (repeat "
                                                        "for several): every family under exactly these rules")] = None,
    all_pairs: Annotated[bool, typer.Option("--all-pairs", help="every family under a covering set of option sets: "
                                            "each pair of values of two options together at least once")] = False,
    lenient: Annotated[bool, typer.Option("--lenient", help="with --format pytest: compare the verdict only (strict: "
                                          "its line, field and § too)")] = False,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, max=COUNT_MOST, help="play the random, mutants and rulings "
                                      "families' games over N processes (at most one per CPU): the same files")] = 1,
) -> None:
    """Generate edge-case games with their expected verdicts, for other engines to test
    against: boundary (each guard met at its limit and stepped past), random (legal full
    games in every mode and board side), mutants (one event changed), unreadable (one
    field that cannot be read), rulings (each point the text leaves open, decided by each
    answer in force, in a complete game). --option NAME=VALUE: every family under exactly those
    rules; --all-pairs: under a covering set of option sets. Check them with
    `referee replay DIR --expect`. --out must be a new or empty folder (exit 2 otherwise,
    nothing written): no file of yours is replaced or removed; with --force, a folder an
    earlier run wrote, whose files (those its manifest.json lists) are replaced."""
    from ..checks.scenarios import FAMILIES, check_out_dir, configurations, generate
    from ..model.kernel import BadInput

    g = game_or_exit(game)
    if (engine is not None or lenient) and format is not SFmt.pytest:
        err.print("referee: --engine and --lenient set up the pytest module: give them with --format pytest")
        raise typer.Exit(BAD)
    opts = options_or_exit(option) if option else None
    cpus = cpus_for_us()
    if jobs > cpus:  # more processes than CPUs only cost memory and startup
        err.print(f"referee: --jobs {jobs}: this machine has {cpus} CPU(s) for referee; the random, mutants "
                  f"and rulings families' games go over {cpus} processes")
        jobs = cpus
    try:
        confs = configurations(g, opts, all_pairs) if opts is not None or all_pairs else None
    except BadInput as e:  # as the audit says it: the unknown name or value, and the known ones
        err.print(f"referee: {g.name}: {e}", markup=False)
        raise typer.Exit(BAD) from None
    try:
        check_out_dir(out_dir, force)  # before the search: a refusal costs nothing
        fams = {f.value for f in family}
        with Shown(err.rich(), len(FAMILIES) if "all" in fams else len(fams), f"{g.name} scenarios") as shown:
            manifest = generate(g, out_dir, count=count, seed=seed, family=sorted(fams), fmt=format.value,
                                force=force, engine=engine, strict=not lenient, options=opts, all_pairs=all_pairs,
                                progress=shown.next, jobs=jobs)
    except BadInput as e:
        err.print(f"referee: {e}", markup=False)
        raise typer.Exit(BAD) from None
    except OSError as e:
        err.print(f"referee: {e.filename or out_dir}: cannot write: {e.strerror}", markup=False)
        raise typer.Exit(BAD) from None
    except RecursionError:  # pathlib makes each missing parent by recursing: a path thousands deep
        err.print(f"referee: {out_dir}: cannot write: the path is too deep to create", markup=False)
        raise typer.Exit(BAD) from None
    by: dict[str, int] = {}
    for m in manifest:
        key = f"{m['family']} {m['expect']['verdict']}"
        by[key] = by.get(key, 0) + 1
    # the folder as the terminal may be given it (a newline in it would forge a line: hostile run, s61)
    err.print(f"{len(manifest)} scenarios written to {printable(str(out_dir))} (manifest.json): "
              + ", ".join(f"{v} {k}" for k, v in sorted(by.items())), markup=False)
    if confs is not None:
        err.print(f"under {len(confs)} configurations (manifest.json: configurations)"
                  + ("; each pair of two options' values in one of them at least" if all_pairs else ""))
        if count < len(confs) and set(family) != {Family.boundary}:
            err.print(f"note: --count {count} plays the random, mutants and unreadable families under the first "
                      f"{count} of them only (the boundary family under all): --count {len(confs)} covers them all")
    doc = orjson.loads((out_dir / "manifest.json").read_bytes())
    for x in doc.get("not_reached", []):
        err.print(f"note: {x['action']} [{x['cite']}]: {x['why']}", markup=False)
    if format is SFmt.pytest:
        module = doc["module"]
        err.print(f"pytest module: {printable(str(out_dir / module))} ({'lenient' if lenient else 'strict'}; engine: "
                  f"{printable(engine) if engine else 'your referee_engine fixture or REFEREE_ENGINE'})", markup=False)
    raise typer.Exit(OK)
