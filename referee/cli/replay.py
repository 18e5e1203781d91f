from __future__ import annotations

import os
import sys
from functools import partial
from pathlib import Path
from typing import Annotated, Iterator, Optional

import typer

from ..errors import printable
from ..files import missing_why
from ..interrupts import HeldInterrupt
from .common import BAD, FOUND, OK, PATH, Fmt, cpus_for_us, decided_how, err, json_text, out


def _files(paths: list[Path], unlisted: list | None = None, linked: list | None = None,
           passed: list | None = None, others: list | None = None) -> Iterator[Path]:
    """The logs given: each file as it is, each folder's *.jsonl at any depth, sorted
    (replays/folders.py: what cannot be listed goes to `unlisted`, a link to a folder to
    `linked`, a file named like a log or an archive not read to `passed`; the user is told
    of each)."""
    from ..replays.folders import logs_in

    for p in paths:
        if p.is_dir():
            yield from logs_in(p, unlisted, linked, passed, others)
        else:
            yield p


def _sources(files: list[Path]) -> list:
    """The batch's sources: each loose log as its path, each packed corpus (a stream of
    games, a tar or a zip: replays.corpus) as its games, read here once, so that workers
    and Dask tasks get the games' lines and never open the corpus again."""
    from ..replays import corpus

    out: list = []
    for f in files:
        if corpus.kind(f):
            out.extend(corpus.games(f))
        else:
            out.append(f)
    return out


def _one(path, keep_going: bool, explain: bool, components: Path | None, prefer: str | None,
         check_invariants: bool = False, compiled: bool = True):
    """One file's (or one packed game's) verdict, whatever happens while replaying it: input
    the engine could not read is "unreadable"; any other exception is a bug of referee's,
    reported as that file's verdict "error" (exit 2) so that the rest of the batch keeps its
    verdicts."""
    from ..model.kernel import BadField, BadInput
    from ..replays.corpus import Game
    from ..replays.engine import Problem, Verdict, replay as run

    source = path
    if isinstance(path, Game):  # a game of a packed corpus: its lines, under its name
        source, path = path.lines, path.name
    elif str(path) == "-":  # `referee replay -`: one log from stdin, under the same wrapper
        if sys.stdin is None:  # `<&-`: no stream at all, which is no log
            return Verdict("<stdin>", verdict="unreadable",
                           problems=[Problem(0, "unreadable", "cannot read: the standard input is closed")])
        source, path = sys.stdin.buffer, Path("<stdin>")
    else:  # its name as given: escaped where a terminal shows it (cli/common.Lines), exact in JSON
        path = str(path)
    try:
        return run(source, keep_going=keep_going, explain=explain,
                   components=components, prefer=prefer, label=str(path), check_invariants=check_invariants,
                   compiled=compiled)
    except (BadInput, BadField) as e:
        return Verdict(file=str(path), verdict="unreadable", problems=[Problem(0, "unreadable", str(e))])
    except OSError as e:
        return Verdict(file=str(path), verdict="unreadable",
                       problems=[Problem(0, "unreadable", f"cannot read: {e.strerror or type(e).__name__}")])
    except RecursionError:
        return Verdict(file=str(path), verdict="unreadable",
                       problems=[Problem(0, "unreadable", "nested too deep to be read")])
    except Exception as e:  # noqa: BLE001 - a referee bug: this file's verdict, not the batch's end
        msg = str(e).splitlines()[0][:200] if str(e) else ""
        return Verdict(file=str(path), verdict="error", problems=[Problem(
            0, "error", f"internal error in referee: {type(e).__name__}{': ' + msg if msg else ''} "
                        "(a bug: please report it with this log)")])


def _reading_or_exit(prefer: str | None, components: Path | None) -> None:
    """--prefer and --components refused once, before any log is read, when they are wrong
    whatever the logs: a components path that is not a directory, a source no game referee
    knows has (a typo). Each log of the batch used to say so in its own header fault."""
    if components is not None and not components.is_dir():
        err.print(f"referee: --components {printable(str(components))}: not a directory (--components names a "
                  "directory of TOML files)", markup=False)
        raise typer.Exit(BAD)
    if prefer is not None:
        known = _sources_known()
        if not any(prefer in keys for keys in known.values()):
            err.print(f"referee: --prefer {prefer!r}: no game referee knows has this source ("
                      + "; ".join(f"{g}: {', '.join(keys)}" for g, keys in known.items()) + ")", markup=False)
            raise typer.Exit(BAD)


def _sources_known() -> dict[str, list[str]]:
    """Each game's sources (the values --prefer takes), by game; a game that cannot be loaded
    (a broken plugin) is left out: its logs say why when replayed."""
    from ..model import load, names

    known = {}
    for g in names():
        try:
            known[g] = [s.key for s in load(g).sources]
        except Exception:  # noqa: BLE001 - said by its own logs' verdicts
            continue
    return known


def _game_of(source) -> str | None:
    """The game a log's header names (its first line only is read), or None when it cannot
    be read there (its replay says why)."""
    from ..replays.corpus import Game
    from ..replays.log import records

    it = records(source.lines if isinstance(source, Game) else source)
    try:
        game = next(it).data.get("game")
    except Exception:  # noqa: BLE001 - an unreadable header: its verdict says so
        return None
    finally:
        it.close()
    return game if type(game) is str else None


def _games_or_exit(sources: list, prefer: str | None, components: Path | None) -> None:
    """--prefer and --components checked once for each game of the batch (a batch may hold
    logs of several games, and a source or a component set is one game's): only the header
    of each log is read, nothing is replayed. A game that cannot take them is refused (exit
    2) once, with the number of its logs, instead of a header fault in each of its logs."""
    if prefer is None and components is None:
        return
    from collections import Counter

    from ..model import load
    from ..model.kernel import BadField, BadInput

    known = _sources_known()  # the games (a broken plugin left out: its logs say why), listed once
    games = Counter(g for s in sources if (g := _game_of(s)) in known)
    bad = []
    for g, n in sorted(games.items()):
        logs = f"{n} log{'s' if n != 1 else ''} of {g} in this batch"
        keys = known[g]
        if prefer is not None and prefer not in keys:
            bad.append(f"referee: --prefer {prefer!r}: not a source of {g} ({logs}; its sources: {', '.join(keys)})")
            continue
        try:
            load(g).configure({}, components, prefer)
        except (BadInput, BadField) as e:
            bad.append(f"referee: --components {printable(str(components))}: {g} cannot read it ({logs}): {e}")
    for line in bad:
        err.print(line, markup=False)
    if bad:
        raise typer.Exit(BAD)


def replay(
    paths: Annotated[list[Path], typer.Argument(parser=PATH, help="log files (.jsonl), directories of them, packed corpora (.games.jsonl, .tar[.gz], .zip); - reads one log from stdin")],
    keep_going: Annotated[bool, typer.Option("--keep-going", "-k", help="report every illegal step, not just the first")] = False,
    explain: Annotated[bool, typer.Option("--explain", "-e", help="show the state at each problem, and each step of a "
                                         "legal game where the text is silent and the model's reading applied "
                                         "(slower: each gap's situation is tested on each event)")] = False,
    expect: Annotated[bool, typer.Option("--expect", help="check each log against the verdict its header expects")] = False,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="replay over N processes (at most one per CPU and per file)")] = 1,
    format: Annotated[Fmt, typer.Option("--format", "-f")] = Fmt.text,
    components: Annotated[Optional[Path], typer.Option("--components", parser=PATH, metavar="<path>", help="a directory of real component data")] = None,
    prefer: Annotated[Optional[str], typer.Option("--prefer", help="a source that beats all others (e.g. livret)")] = None,
    scheduler: Annotated[Optional[str], typer.Option("--scheduler", envvar="REFEREE_SCHEDULER",
                                                     help="replay on the Dask cluster at this address (docs/cluster.md)")] = None,
    check_invariants: Annotated[bool, typer.Option("--check-invariants", help="check every invariant after every "
                                                   "event, also those z3 proved for these rules")] = False,
    why: Annotated[Optional[str], typer.Option("--why", metavar="N|event:N|line:L",
                                               help="explain one event of one log: every rule checked with the "
                                                    "values it read, the options that decided, what changed")] = None,
    interpreted: Annotated[bool, typer.Option("--interpreted", help="run the rules as written, not compiled "
                                              "(the same verdicts, slower: `referee rules GAME --compiled`)")] = False,
) -> None:
    """Validate recorded games step by step. Each file gets its own verdict: legal, illegal,
    not established (from a line on, the rules give no verdict: an act the text does not give,
    or a point only the model's reading refuses; nothing after it is judged), unreadable, or
    error (referee itself failed on that file: a bug, reported with the exception's name; the
    other files keep their verdicts). Exit 0: all legal; 1: an illegal game or one not
    established (or, with --expect, a verdict other than expected); 2: a log that cannot be
    read, or an error, on any file of the batch (2 wins over 1)."""
    _reading_or_exit(prefer, components)
    if why is not None:
        from .why import why as explain

        # what judges a batch has no meaning for one event: refused, never silently dropped (a
        # hostile run, s63: --why 1 --expect gave exit 0 on a log its expectation fails)
        # (--scheduler may come from the environment: the one event is explained here)
        dropped = [o for o, on in (("--keep-going", keep_going), ("--expect", expect), ("--jobs", jobs > 1)) if on]
        if dropped:
            err.print(f"referee: --why explains one event of one log: it does not take {', '.join(dropped)} "
                      "(replay the log without --why for that)", markup=False)
            raise typer.Exit(BAD)
        return explain(paths, why, format, components, prefer)
    if Path("-") in paths:
        if len(paths) > 1:
            err.print("referee: - (one log from stdin) cannot be mixed with files")
            raise typer.Exit(BAD)
        try:
            one = _one(Path("-"), keep_going, explain, components, prefer, check_invariants, not interpreted)
        except KeyboardInterrupt:
            _interrupted("no verdict printed")
        _keep_compiled([one])
        return _report([one], explain, expect, format)
    unlisted: list = []
    linked: list = []
    passed: list = []
    others: list = []
    files = list(_files(paths, unlisted, linked, passed, others))
    for d in sorted(linked):  # said, not silent: the verdicts below do not cover its logs
        err.print(f"referee: {printable(str(d))}: a link to a folder, not followed: its logs are not in this batch "
                  "(give it as an argument of its own to replay them)", markup=False)
    from ..replays.folders import read_names

    for f in sorted(passed):  # as a link: said, the verdicts below do not cover what it may hold
        err.print(f"referee: {printable(str(f))}: not read: named like a log or an archive of a kind not read "
                  f"here (read: {read_names()})", markup=False)
    if others:  # any other file of a folder given is counted: no list of the names of logs is whole
        shown = ", ".join(printable(str(f)) for f in sorted(others)[:5])
        more = f" and {len(others) - 5} more" if len(others) > 5 else ""
        err.print(f"referee: {len(others)} other file(s) of the folders given not read, not named as a log or an "
                  f"archive (read: {read_names()}): {shown}{more}", markup=False)

    if unlisted:  # refused before anything is replayed: its logs would be left out unseen
        for d, why in unlisted:
            err.print(f"referee: {printable(str(d))}: a folder that cannot be listed ({why.lower()}): its logs "
                      "would be left out of the batch", markup=False)
        raise typer.Exit(BAD)

    # a path given that is not there, or not a regular file, is a usage error; one found in a
    # folder (a dangling or looping link, a FIFO) gets its own verdict, "unreadable", as any
    # other file there that cannot be read: the rest of the batch keeps its verdicts
    given = {p for p in paths if not p.is_dir()}
    missing = [f for f in files if f in given and not f.exists()]
    if missing:
        err.print(f"referee: {printable(str(missing[0]))}: {missing_why(missing[0])}", markup=False)
        raise typer.Exit(BAD)
    if not files:
        err.print(f"referee: no .jsonl logs found in {', '.join(map(str, paths))} (a directory: its .jsonl files are read)", markup=False)
        raise typer.Exit(BAD)
    from ..model.kernel.inputs import not_regular

    odd = {f: what for f in files if f in given and (what := not_regular(f))}
    if odd:  # refused before anything is opened or replayed
        for f, what in odd.items():
            err.print(f"referee: {printable(str(f))}: {what}, not a regular file: only regular files are read as logs",
                      markup=False)
        raise typer.Exit(BAD)
    files = _sources(files)
    _games_or_exit(files, prefer, components)
    work = partial(_one, keep_going=keep_going, explain=explain, components=components, prefer=prefer,
                   check_invariants=check_invariants, compiled=not interpreted)
    verdicts = []
    show_bar = sys.stderr.isatty() and len(files) > 1
    if not scheduler:
        cpus = cpus_for_us()
        if jobs > cpus and len(files) > 1:
            err.print(f"referee: --jobs {jobs}: this machine has {cpus} CPU(s) for referee; replaying over {min(cpus, len(files))} processes")
        jobs = min(jobs, len(files), cpus)  # more processes than CPUs or files only cost memory and startup
    if scheduler:
        from ..errors import RefereeError
        from ..replays.cluster import replay_on

        try:
            verdicts = replay_on(scheduler, files, work)
        except RefereeError as e:
            err.print(f"referee: {e.located()}")
            raise typer.Exit(BAD) from None
    else:
        try:
            verdicts = _parallel(work, files, jobs, show_bar) if jobs > 1 else _collect(map(work, files), len(files), show_bar)
        except KeyboardInterrupt:
            _interrupted(f"{len(files)} file(s) given, no verdict printed")
        _keep_compiled(verdicts)
    _report(verdicts, explain, expect, format)


def _keep_compiled(verdicts: list) -> None:
    """What this process compiled for the logs' configurations, kept on disk for the next
    run (kernel/compile/store.py). A --jobs worker's verdict comes back without its state:
    what the workers compiled is not kept."""
    cfgs = {id(c): c for v in verdicts if (c := getattr(v.state, "cfg", None)) is not None}
    if cfgs:
        from ..model.kernel.compile.store import save_configs

        try:
            save_configs(list(cfgs.values()))
        except KeyboardInterrupt:
            _interrupted("no verdict printed")


INTERRUPTED = 130  # the shell's code for a command stopped by Ctrl-C (128 + SIGINT)


def _interrupted(what: str):
    err.print(f"referee: interrupted: {what}", markup=False)
    raise typer.Exit(INTERRUPTED)


def _parallel(work, files: list[Path], jobs: int, show_bar: bool) -> list:
    """The verdicts of `files` over `jobs` processes. Ctrl-C reaches the parent alone (the
    workers stand in process groups of their own, checks/workers.py; one sent to a worker
    is ignored), which, on KeyboardInterrupt, cancels what is queued and ends the workers at
    once instead of waiting for their chunks."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor  # only for batches: its import costs startup

    from ..checks import workers

    before = set(multiprocessing.active_children())
    pool = ProcessPoolExecutor(jobs, mp_context=workers.context(), initializer=_ignore_interrupt)
    try:
        it = pool.map(work, files, chunksize=max(1, len(files) // (jobs * 8)))
        verdicts = _collect(it, len(files), show_bar)
    except (KeyboardInterrupt, SystemExit) as stop:  # Ctrl-C, or SIGTERM/SIGHUP as an exit (cli/app.py)
        import threading

        threading.excepthook = lambda args: None  # the pool's thread, seeing its workers end, may complain: we are leaving
        mine = [c for c in multiprocessing.active_children() if c not in before]
        for c in mine:
            c.terminate()
        for c in mine:
            c.join(1)
        # Not pool.shutdown(), nor the interpreter's exit: both join the pool's threads, which
        # may wait forever on a queue whose readers were just ended. Nothing is on stdout yet.
        signalled = isinstance(stop, SystemExit) and isinstance(stop.code, int) and stop.code > 128
        err.print(f"referee: {'stopped by a signal' if signalled else 'interrupted'}: {len(files)} file(s) given, "
                  "no verdict printed", markup=False)
        err.file.flush()
        os._exit(stop.code if signalled else INTERRUPTED)
    pool.shutdown(wait=True)
    return verdicts


def _ignore_interrupt() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _Whole(HeldInterrupt):
    """While the verdicts are printed, Ctrl-C takes effect between two lines, never inside
    one (a consumer of `-f json` never reads half a verdict): `check()` after each line."""

    def check(self) -> None:
        if self.hit:
            out.file.flush()
            _interrupted("the verdicts printed so far are whole lines; the rest were not printed")

    def __exit__(self, *exc):
        super().__exit__(*exc)
        if exc[0] is None:
            self.check()
        return False


def _report(verdicts: list, explain: bool, expect: bool, format: Fmt) -> None:
    """Print the verdicts and exit with the batch's code."""
    from ..replays.expect import mismatch, unread

    bad_expect = [(v, mismatch(v)) for v in verdicts] if expect else []
    bad_expect = [(v, m) for v, m in bad_expect if m]
    with _Whole() as whole:
        if format is Fmt.json:
            for v in verdicts:
                d = v.to_json()
                if expect:
                    d["expected"] = mismatch(v) is None
                out.print(json_text(d), exact=True)  # file names exact, not as the terminal shows them
                whole.check()
        else:
            _text(verdicts, explain, expect, whole.check)
    codes = [v.code for v in verdicts]
    if expect:
        for v, m in bad_expect:
            err.print(f"{printable(v.file)}: {m}", markup=False)
        raise typer.Exit(BAD if any(v.verdict == "error" or unread(v) for v in verdicts) else FOUND if bad_expect
                         else OK)
    raise typer.Exit(BAD if BAD in codes else FOUND if FOUND in codes else OK)


def _collect(it, n: int, show_bar: bool) -> list:
    if not show_bar:
        return list(it)
    from rich.progress import Progress

    got = []
    with Progress(console=err.rich(), transient=True) as bar:
        task = bar.add_task("replaying", total=n)
        for v in it:
            got.append(v)
            bar.advance(task)
    return got


def _silent_text(v) -> None:
    """With --explain, the gaps a legal game's verdict rests on: each once, with the lines its
    situation arose on and what the model reads in the text's place (`referee rules` has it too)."""
    name = printable(v.file)
    seen: dict = {}
    for d in v.silent or ():
        seen.setdefault((d["gap"], d["cite"], d["reading"]), []).append(d["line"])
    for (gap, cite, reading), at in seen.items():
        out.print(f"{name}:{at[0]}: the text is silent on '{gap}', the model's reading applied {len(at)} "
                  f"time(s), lines {_lines(at)}; the model reads: {reading} [{cite}]", markup=False)


def _lines(at: list[int]) -> str:
    """The lines a question arose on, as a verdict's text lists them: the first five."""
    return ", ".join(map(str, at[:5])) + (", …" if len(at) > 5 else "")


def _text(verdicts: list, explain: bool, expect: bool, check=lambda: None) -> None:
    for v in verdicts:
        check()
        name = printable(v.file)  # as the terminal may be given it (a newline would forge a line); exact in JSON
        # shown even for a legal file of a batch, whose verdict is not; in line order with the
        # problems of an illegal one (a line -k could not check comes after the illegal line)
        late = [w for w in v.warnings if v.problems and w.line > v.problems[0].line]
        for w in v.warnings:
            if w not in late:
                out.print(w.render(name), markup=False)
        if v.verdict == "legal" and len(verdicts) > 1 and not explain:
            continue  # a batch names its legal files only when asked where the text was silent (-e)
        if v.verdict == "legal":
            res = ""
            if v.outcome:
                res = f"; {', '.join(v.outcome['winners']) or 'nobody'} wins ({v.outcome['how']})"
            out.print(f"{name}: legal, {v.events} events{res}", markup=False)
            seen: dict = {}
            for d in v.decided:
                seen.setdefault((d["ruling"], d.get("option"), d.get("first_of_conflicting"), d["cite"]), []).append(d["line"])
            for (ruling, option, first, cite), at in seen.items():
                how = (f"the text does not decide '{ruling}': option {option} applied" if option else
                       f"the text gives different answers to '{ruling}' and no option settles it: the first "
                       f"listed ({first}) applied")
                out.print(f"{name}:{at[0]}: {how} {len(at)} time(s), lines {_lines(at)} [{cite}]", markup=False)
            _silent_text(v)
        for p in v.problems:
            out.print(p.render(name), markup=False)
            # the questions the text leaves open that were answered on this very line: the
            # refusal may rest on the option in force (Welcome survive=hp refusing a failure)
            for d in v.decided:
                if d["line"] == p.line:
                    out.print(f"{name}:{p.line}: here the text does not decide '{d['ruling']}' alone: "
                              f"{decided_how(d)} applied [{d['cite']}]", markup=False)
            if explain and p.state:
                from ..replays.pictures import show

                show(out.rich(), p.state)  # a board as a grid, per-player lists as a table (replays/pictures.py)
        for w in late:
            out.print(w.render(name), markup=False)
    if len(verdicts) > 1:
        from rich.table import Table

        counts = {k: sum(1 for v in verdicts if v.verdict == k)
                  for k in ("legal", "illegal", "not established", "unreadable", "error")}
        for k in ("not established", "error"):  # columns shown only when a file has them
            if not counts[k]:
                del counts[k]
        t = Table(title="replay summary")
        for k in counts:
            t.add_column(k, justify="right")
        t.add_column("events", justify="right")
        t.add_row(*[str(c) for c in counts.values()], str(sum(v.events for v in verdicts)))
        err.print(t)
