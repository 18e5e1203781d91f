"""The `referee` command: audit, replay, scenarios, differential, graph, rules, coverage, schema (one module per
command). Each command's module is imported when that command runs, or when `referee --help` lists it: a replay
never pays for the audit's imports (issue 18)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

import typer
from typer.core import TyperCommand, TyperGroup

from .plain import Plain

# The commands in --help's order: each is the function of that name in the module of that name under referee.cli.
COMMANDS = ("audit", "replay", "scenarios", "differential", "graph", "rules", "coverage", "schema")


class _OnDemand(Mapping):
    """The root group's commands, each built from its module when it is looked up."""

    def __getitem__(self, name: str):
        if name not in COMMANDS:
            raise KeyError(name)
        return command(name)

    def __iter__(self):
        return iter(COMMANDS)

    def __len__(self) -> int:
        return len(COMMANDS)


class _Command(Plain, TyperCommand):
    """typer's command, its parameters read without pydantic where typer would not need it (cli/plain.py)."""


class _Group(Plain, TyperGroup):
    """typer's group, with its commands looked up on demand (typer registers none here)."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.commands = _OnDemand()

    def list_commands(self, ctx) -> list[str]:
        return list(COMMANDS)  # the names only: listing them imports nothing


app = typer.Typer(
    cls=_Group,
    add_completion=True,
    no_args_is_help=True,
    help="Check the rules of tabletop games, and the games people play with them.",
    pretty_exceptions_enable=False,
)
def _version(value: bool) -> None:
    if value:
        from .. import __version__

        typer.echo(f"referee {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="print the version and exit")] = False,
) -> None:
    """Check the rules of tabletop games, and the games people play with them."""


def command(name: str, cls: type = _Command):
    """The click command `name` as typer builds it from its module's function of that name."""
    import importlib

    function = getattr(importlib.import_module(f"{__package__}.{name}"), name)
    one = typer.Typer(add_completion=False)
    one.command(name, cls=cls, short_help=_summary(function))(function)
    return typer.main.get_command(one)


def _summary(command) -> str:
    """The first sentence of a command's docstring, on one line: the listing of `referee
    --help` (typer would show the whole docstring there, broken where its source lines end)."""
    import re

    text = " ".join((command.__doc__ or "").split())
    end = re.search(r"\.\s+(?=[A-Z])", text)  # a sentence ends where the next begins ("e.g. x" goes on)
    return text if end is None else text[:end.start() + 1]


def main() -> None:
    """The command; a usage error is one line on stderr (`referee audit: Invalid value ...`,
    soft-wrapped like every message), not a box drawn 80 columns wide, exit 2."""
    import sys

    if sys.stdout is None:  # `>&-`: whatever the command found would be lost, so it does not run
        if sys.stderr is not None:
            sys.stderr.write("referee: the standard output is closed: nothing could be written\n")
        sys.exit(2)
    _encodable(sys.stdout, sys.stderr)
    stopped = _stop_on_signals()
    try:
        _run()
    except BaseException as e:  # noqa: BLE001 - a signal's exit met inside a library may come out as
        # another error (ctypes turns it into an ArgumentError): once signalled, the signal's code
        if stopped and not (isinstance(e, SystemExit) and e.code == 128 + stopped[0]):
            sys.exit(128 + stopped[0])
        raise


def _run() -> None:
    import sys

    try:
        # named, not guessed from how Python was started (`python -m referee`, or a test run
        # under `python -m pytest`, would otherwise name the command after that module)
        code = app(prog_name="referee", standalone_mode=False)
        sys.stdout.flush()  # a full disk shows here, inside the net, not at the interpreter's exit
    except BrokenPipeError:  # `referee ... | head`: the reader left; the shell's code for SIGPIPE
        _quiet_stdout()
        sys.exit(141)
    except SystemExit as e:
        # click turns a broken pipe met inside a command into exit 1, our code for an illegal
        # game, after wrapping the streams to hush them: told apart by that wrapper
        if e.code == 1 and type(sys.stdout).__name__ == "PacifyFlushWrapper":
            sys.exit(141)
        raise
    except OSError as e:  # a path the system refuses (too long, no permission), an output it cannot write
        _quiet_stdout()
        from .common import err, printable

        what = f"{printable(str(e.filename))}: cannot be read or written" if e.filename else "cannot write the output"
        err.print(f"referee: {what}: {e.strerror or type(e).__name__}", markup=False)
        sys.exit(2)
    except typer.TyperException as e:  # usage errors (exit 2)
        if type(e).__name__ != "NoArgsIsHelpError":  # that one has printed the help already
            from .common import err

            ctx = getattr(e, "ctx", None)
            where = ctx.command_path if ctx is not None else "referee"
            err.print(f"{where}: {e.format_message()} (see {where} --help)", markup=False)
        sys.exit(getattr(e, "exit_code", 2))
    except typer.Abort:
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)


def _stop_on_signals() -> list[int]:
    """SIGTERM and SIGHUP end the command as an exit (128 + the signal, as a shell reports
    it), so that the cleanups on the way out run: the programs referee started in sessions
    of their own (children.py) would outlive it otherwise, the signal no longer reaching
    them (a hostile run, s62: an engine and a dot left running after `timeout`). Returns the
    signals met, filled by the handler. An exit Python drops or a library turns into another
    error (a hostile run, s63: 3 audits of 26 went on until killed) is made up for: the
    signal again from outside a finalizer, main() taking any error after it for the exit,
    and a last resort ending the process STOP_GRACE seconds after the signal. Ctrl-C stays
    KeyboardInterrupt (exit 130), asked again where a finalizer would drop it (a hostile
    run, s64: a z3 call turned it into ctypes' ArgumentError, exit 1)."""
    stopped: list[int] = []
    import os
    import signal
    import sys
    import threading

    if threading.current_thread() is not threading.main_thread():
        return stopped
    owner = os.getpid()

    def stop(signum: int, frame: Any) -> None:
        if os.getpid() != owner:  # a worker forked before it took the default action (checks/workers.py):
            signal.signal(signum, signal.SIG_DFL)  # it dies as it would then (a pool's terminate() waits for it)
            os.kill(os.getpid(), signum)
            return
        if sys.is_finalizing():  # the interpreter is already on its way out
            return
        if _in_finalizer(frame):  # raised in a __del__ (z3 frees its terms there), the exit would be
            # dropped and the run go on (a hostile run, s63: 3 audits of 26): the signal again, soon
            threading.Timer(0.05, os.kill, (owner, signum)).start()
            return
        # leaving: a finalizer that fails on an object the exit cut short in its making (z3's
        # AstRef.__del__) is no news to print
        sys.unraisablehook = lambda _: None
        if not [x for x in stopped if x != signal.SIGINT]:  # the first SIGTERM or SIGHUP: its code wins
            stopped.insert(0, signum)
            last = threading.Timer(STOP_GRACE, os._exit, (128 + signum,))
            last.daemon = True
            last.start()
        raise SystemExit(128 + signum)

    def interrupt(signum: int, frame: Any) -> None:
        """Ctrl-C: KeyboardInterrupt, as Python's own handler raises it, but not lost in a
        finalizer either (met there, asked again from outside it), and noted for main()."""
        if os.getpid() == owner and not sys.is_finalizing():
            if _in_finalizer(frame):
                threading.Timer(0.05, os.kill, (owner, signum)).start()
                return
            if not stopped:
                stopped.append(signum)
        raise KeyboardInterrupt

    for sig in (signal.SIGTERM, getattr(signal, "SIGHUP", None)):
        if sig is not None and signal.getsignal(sig) is signal.SIG_DFL:
            signal.signal(sig, stop)
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, interrupt)
    return stopped


STOP_GRACE = 10.0  # seconds the cleanups have after SIGTERM (a parallel batch's chunks: ~5 s)


def _in_finalizer(frame: Any) -> bool:
    """Whether `frame` runs inside a __del__, where an exception is printed and dropped."""
    while frame is not None:
        if frame.f_code.co_name == "__del__":
            return True
        frame = frame.f_back
    return False


def _quiet_stdout() -> None:
    """Stdout, which failed, pointed at nothing: Python's flush at exit would fail again."""
    import os
    import sys

    try:
        sys.stdout = open(os.devnull, "w")
    except OSError:
        pass


def _escape(e: UnicodeError) -> tuple[str, int]:
    """An error handler for output: each character the stream's encoding cannot write as
    a JSON escape (\\u00a7; a character past U+FFFF as its surrogate pair), which a JSON
    reader reads back as that character and a person can still read."""
    if not isinstance(e, UnicodeEncodeError):
        raise e
    out = []
    for c in e.object[e.start:e.end]:
        o = ord(c)
        if o > 0xFFFF:
            o -= 0x10000
            out.append(f"\\u{0xD800 + (o >> 10):04x}\\u{0xDC00 + (o & 0x3FF):04x}")
        else:
            out.append(f"\\u{o:04x}")
    return "".join(out), e.end


def _encodable(*streams) -> None:
    """Output never fails on a character its stream cannot encode: an ASCII or Latin-1
    terminal (PYTHONIOENCODING=ascii, a legacy locale) made every '§', '≠' or '✓' a
    UnicodeEncodeError traceback, and a name that is not UTF-8 did the same on a UTF-8
    stdout. A stream that would fail (errors "strict") writes such a character as its JSON
    escape instead: JSON output stays valid JSON of the same meaning, text stays readable.
    A stream set up otherwise (surrogateescape, backslashreplace) is left as it is."""
    import codecs

    try:
        codecs.lookup_error("referee.escape")
    except LookupError:
        codecs.register_error("referee.escape", _escape)
    for s in streams:
        if getattr(s, "errors", None) == "strict" and callable(getattr(s, "reconfigure", None)):
            try:
                s.reconfigure(errors="referee.escape")
            except (ValueError, OSError):  # a stream that cannot change now: left as it is
                pass
