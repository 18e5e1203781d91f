from __future__ import annotations

import shutil
import subprocess
import sys
from enum import Enum
from typing import Annotated

import typer

from .common import BAD, err, game_or_exit, out
from .gamename import GameName


class GFmt(str, Enum):
    dot = "dot"
    mermaid = "mermaid"
    json = "json"
    svg = "svg"
    png = "png"


def graph(
    game: Annotated[GameName, typer.Argument(help="the game", show_default=False)],
    which: Annotated[str, typer.Option("--which", help="'phases' or a graph the game declares")] = "phases",
    format: Annotated[GFmt, typer.Option("--format", "-f", help="text (dot, mermaid, json), or a picture drawn "
                                         "by Graphviz's dot program (svg, png)")] = GFmt.dot,
) -> None:
    """Draw a game's phase graph (or another graph it declares, e.g. dungeon access)."""
    from ..checks.graphs import declared, render

    g = game_or_exit(game)
    graphs = declared(g)
    if which not in graphs:
        err.print(f"referee: {game} has no graph {which!r} (it has: {', '.join(graphs)})", markup=False)
        raise typer.Exit(BAD)
    if format in (GFmt.svg, GFmt.png):
        sys.stdout.buffer.write(_drawn(render(graphs[which], "dot"), format.value))
        sys.stdout.flush()
        return
    out.print(render(graphs[which], format.value), markup=False)


def _drawn(dot: str, fmt: str) -> bytes:
    """The picture from Graphviz's `dot` program. Called as a subprocess: the pip package
    `graphviz` does the same (it runs `dot` too), so it would add a dependency and no power."""
    exe = shutil.which("dot")
    if exe is None:
        err.print(f"referee: -f {fmt} draws through Graphviz's `dot` program, which is not on PATH; install "
                  "Graphviz (apt-get install graphviz, brew install graphviz), or print the graph's text "
                  "with -f dot or -f mermaid", markup=False)
        raise typer.Exit(BAD)
    if fmt == "png" and sys.stdout.isatty():
        err.print("referee: -f png writes binary data: redirect it to a file (> graph.png)", markup=False)
        raise typer.Exit(BAD)
    from ..children import end_group

    try:  # its own session: on a timeout every process it started ends with it (a hostile run, s61)
        proc = subprocess.Popen([exe, f"-T{fmt}"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, start_new_session=True)
    except OSError as e:
        err.print(f"referee: Graphviz's dot could not draw the graph: {e}", markup=False)
        raise typer.Exit(BAD) from None
    try:
        stdout, stderr = proc.communicate(dot.encode(), timeout=60)
    except subprocess.TimeoutExpired as e:
        end_group(proc.pid)
        proc.communicate()
        err.print(f"referee: Graphviz's dot could not draw the graph: {e}", markup=False)
        raise typer.Exit(BAD) from None
    finally:
        end_group(proc.pid)
    done = subprocess.CompletedProcess(proc.args, proc.returncode, stdout, stderr)
    if done.returncode != 0:
        said = done.stderr.decode(errors="replace").strip()
        how = (f"killed by signal {-done.returncode} ({_signal_name(-done.returncode)})" if done.returncode < 0
               else f"exit {done.returncode}")  # subprocess gives a signal as a negative code
        err.print(f"referee: Graphviz's dot failed ({how}){': ' + said if said else ''}", markup=False)
        raise typer.Exit(BAD)
    return done.stdout


def _signal_name(n: int) -> str:
    import signal

    try:
        return signal.Signals(n).name
    except ValueError:
        return "unknown signal"
