"""`referee differential`: referee's verdicts compared with another engine's (a subprocess
speaking protocol 1, docs/differential.md) or with referee's own under another reading."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..given import COUNT_MOST, SECONDS_MOST, SEED_LEAST, SEED_MOST
from .common import BAD, PATH, Fmt, err, json_text, options_or_exit, out


def differential(
    logs: Annotated[Optional[list[Path]], typer.Argument(parser=PATH, help="recorded logs (.jsonl), folders of them, packed corpora",
                                                         show_default=False)] = None,
    engine: Annotated[Optional[str], typer.Option("--engine", help="the other engine's command (split as a shell "
                                                  "would, run once for the whole comparison)")] = None,
    against: Annotated[Optional[list[str]], typer.Option("--against", help="compare with referee under this change "
                                                         "of reading: prefer=SOURCE, components=DIR or OPTION=VALUE "
                                                         "(repeat for several)")] = None,
    game: Annotated[Optional[str], typer.Option("--game", "-g", help="play this game's scenarios (referee scenarios) "
                                                "before the logs")] = None,
    count: Annotated[int, typer.Option("--count", "-n", min=1, max=COUNT_MOST, help="random games of the scenarios (as referee scenarios)")] = 20,
    seed: Annotated[int, typer.Option("--seed", min=SEED_LEAST, max=SEED_MOST, help="the scenarios' seed")] = 0,
    family: Annotated[Optional[list[str]], typer.Option("--family", help="scenario families (as referee scenarios; default all)")] = None,
    option: Annotated[Optional[list[str]], typer.Option("--option", "-o", help="referee's own reading: a rules option NAME=VALUE")] = None,
    prefer: Annotated[Optional[str], typer.Option("--prefer", help="referee's own reading: a source that beats all others")] = None,
    components: Annotated[Optional[Path], typer.Option("--components", parser=PATH, metavar="<path>", help="referee's own reading: a directory of component data")] = None,
    timeout: Annotated[float, typer.Option("--timeout", min=0.1, max=SECONDS_MOST, help="seconds the engine may take over one answer")] = 10.0,
    shrink: Annotated[Optional[bool], typer.Option("--shrink/--no-shrink", help="shrink each class's first log "
                                                   "(default: with --engine yes, with --against no)")] = None,
    shrink_steps: Annotated[int, typer.Option("--shrink-steps", min=1, help="candidate logs tried per class at most")] = 200,
    format: Annotated[Fmt, typer.Option("--format", "-f")] = Fmt.text,
) -> None:
    """Compare verdicts (verdict, line, §, field) of referee (A) and of B: another engine
    (--engine CMD) or referee under another reading (--against). Each disagreement is put in
    a class (how the verdicts differ, the § each names, the option whose other value explains
    it) with a shrunk log. Exit 0: all agree; 1: disagreements (or a log referee failed on);
    2: usage error, unreadable input, or an engine that died, fell silent or answered out of
    protocol."""
    from ..conformance import differential as run
    from ..conformance.report import text
    from ..errors import RefereeError

    if (engine is None) == (against is None):
        err.print("referee: give --engine CMD (another engine) or --against CHANGE (referee under another reading): "
                  + ("one of the two, not both" if engine is not None else "neither was given"))
        raise typer.Exit(BAD)
    try:
        rep = run(logs or [], engine=engine, against=options_or_exit(against, "--against") if against else None, game=game,
                  count=count, seed=seed, family=family or "all", options=options_or_exit(option), prefer=prefer,
                  components=components, timeout=timeout, shrink=shrink, shrink_steps=shrink_steps)
    except RefereeError as e:
        err.print(f"referee: {e.located()}", markup=False)
        raise typer.Exit(BAD) from None
    except ValueError as e:  # an unknown scenario family
        err.print(f"referee: {e}", markup=False)
        raise typer.Exit(BAD) from None
    if format is Fmt.json:
        out.print(json_text(rep.to_json(), indent=True), exact=True)  # a corpus member named in bytes not UTF-8
    else:
        text(rep, out.rich())
    raise typer.Exit(rep.code)  # 2: a file given is no log; 1: disagreements
