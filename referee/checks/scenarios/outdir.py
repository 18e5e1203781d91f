"""Writing scenarios: the folder they may go into (never a user's file replaced) and the
manifest listing them."""
from __future__ import annotations

import copy
import os
import signal
import tempfile
import threading
from pathlib import Path
from typing import Any, Callable

import orjson

from ...files import regular
from ...interrupts import HeldInterrupt
from ...model.kernel import BadInput, Game
from .build import each
from .families import _families, configurations
from .pytest_export import check_engine, module_name, pytest_text


class OutDirRefused(BadInput):
    """`out_dir` holds files this module did not write (or --force without its manifest)."""


MAX_MANIFEST = 64 << 20  # bytes: a manifest lists file names and expectations, far below this


def _own_files(out_dir: Path) -> set[str] | None:
    """The files an earlier run wrote into out_dir, as its manifest.json lists them (plain
    names only: a manifest naming a path elsewhere is not ours); None when there is no such
    manifest. The manifest is read only when it is a regular file (not a link, a FIFO that
    would wait forever, a device that never ends) of at most MAX_MANIFEST bytes."""
    from ...model.kernel.inputs import read_regular

    path = out_dir / "manifest.json"
    if not regular(path):
        return None
    try:
        doc = orjson.loads(read_regular(path, MAX_MANIFEST))
    except (OSError, ValueError):  # orjson.JSONDecodeError is a ValueError, as read_regular's refusals
        return None
    if type(doc) is not dict or doc.get("referee") != 1 or type(doc.get("referee")) is not int \
            or type(doc.get("scenarios")) is not list:
        return None
    names = [m.get("file") for m in doc["scenarios"] if type(m) is dict]
    module = doc.get("module")
    if module is not None:
        names.append(module)
    # a NUL or a lone surrogate (neither printable) is no name this run wrote (s53 G2: a traceback)
    if not all(type(n) is str and n.isprintable() and n == Path(n).name and not n.startswith(".") and n.endswith((".jsonl", ".py"))
               for n in names):
        return None
    # a listed name that is now a link, a folder or a FIFO is no longer what the run wrote:
    # not ours (a link would have the new file written into whatever it points to)
    return {n for n in set(names) | {"manifest.json"} if regular(out_dir / n) or not os.path.lexists(out_dir / n)}


def landing(out_dir: Path) -> Path:
    """Where the files land: a path through '..' (mine/new/..) is mine once new is made, so it
    is judged and written there, resolved, and no stray folder is made on the way (a hostile
    run, s53 G1: such a path wrote into a folder of the user's that is not empty)."""
    out_dir = Path(out_dir)
    return out_dir.resolve() if ".." in out_dir.parts else out_dir


def check_out_dir(out_dir: Path, force: bool = False) -> set[str]:
    """Where scenarios may be written: a new or empty folder; with `force`, a folder an
    earlier run wrote (recognised by its manifest.json), whose listed files may be replaced
    or removed and nothing else. Returns the names that may be replaced; raises
    OutDirRefused (exit 2) otherwise. A user's file is never deleted or overwritten."""
    out_dir = landing(out_dir)
    if not out_dir.exists():
        _writable(out_dir)
        return set()
    if not out_dir.is_dir():
        raise OutDirRefused(f"{out_dir}: not a directory")
    present = {p.name for p in out_dir.iterdir()}
    if not present:
        _writable(out_dir)
        return set()
    own = _own_files(out_dir)
    if not force:
        hint = (" (it holds an earlier run's scenarios: --force replaces the files its manifest.json lists)"
                if own is not None else "")
        raise OutDirRefused(f"{out_dir}: not empty; scenarios are written only into a new or empty folder, "
                            f"so that no file of yours is replaced or removed{hint}")
    if own is None:
        raise OutDirRefused(f"{out_dir}: not empty and holds no manifest.json written by `referee scenarios`; "
                            f"--force replaces only the files such a manifest lists")
    _writable(out_dir)
    return own


def _writable(out_dir: Path) -> None:
    """OutDirRefused when out_dir (or, not made yet, the nearest folder above it, where it
    would be made) cannot be written into: found before the search, not after it, and said
    of the folder, the same words every run (s53 G13: a read-only folder was found only when
    the files were written, the message naming a temporary file with the PID in it). A
    nameless temporary file is made and dropped there: the OS's own answer, read-only
    mounts and ACLs included."""
    missing = _missing(out_dir)
    where = missing[0].parent if missing else out_dir
    if not where.is_dir():  # a file on the way: mkdir says so when it is reached
        return
    try:
        with tempfile.TemporaryFile(dir=where):
            pass
    except OSError as e:
        raise _cannot_write(where, e) from None


def _missing(out_dir: Path) -> list[Path]:
    """The folders on the way to out_dir that are not there, the topmost first (a run makes them)."""
    out = []
    while not os.path.lexists(out_dir) and out_dir != out_dir.parent:
        out.append(out_dir)
        out_dir = out_dir.parent
    return out[::-1]


def _cannot_write(folder: Path, e: OSError) -> OutDirRefused:
    """Said of the folder, the same words every run (a temporary file's name holds the PID)."""
    return OutDirRefused(f"{folder}: cannot write into this folder: {e.strerror or type(e).__name__}")


def generate(game: Game, out_dir: Path, count: int = 20, seed: int = 0, family: str | list[str] = "all",
             fmt: str = "logs", budget: float | None = None, force: bool = False, engine: str | None = None,
             strict: bool = True, options: dict | None = None, all_pairs: bool = False,
             progress: Callable[[str], None] = lambda family: None, jobs: int = 1) -> list[dict]:
    """Write the scenarios of `game` to out_dir (logs + manifest.json; with fmt "pytest" also
    a test module) and return the manifest. `family`: "all", one family or a list of them;
    `count`: random games (and the legal games the other families start from); `budget`:
    z3's work for the boundary search, in seconds of an idle machine (counted in z3's units,
    checks/work.py: the same scenarios on any machine; None: no limit beyond the search's own
    bounds).
    out_dir must be new or empty; with `force`, a folder of an earlier run, whose files (those
    its manifest lists) are replaced or removed and no other (check_out_dir). `engine`
    (package.module:function) and `strict` are baked into the pytest module. `options`: every
    family under exactly that rule set; `all_pairs`: under a covering set of option sets
    (families.configurations); the random, mutants and unreadable families play the first
    `count` of them (the boundary family all). `progress` is told each family as it starts.
    `jobs`: the random, mutants and rulings families' games over that many processes (the
    same files at any count: spread.py)."""
    fams = _families(family)
    check_engine(engine)
    chosen = options is not None or all_pairs
    confs = configurations(game, options, all_pairs) if chosen else None  # checked before anything is written
    out_dir = landing(out_dir)
    own = check_out_dir(out_dir, force)
    before = {p.name for p in out_dir.iterdir()} if out_dir.is_dir() else set()  # to tell a file that appears since
    report: dict = {}
    manifest: list[dict] = []
    # each scenario goes to a hidden file of its own as it comes (memory flat in --count), and
    # is given its name once every scenario is written and no name is found taken
    with _Staged(out_dir) as staged:
        for i, sc in enumerate(each(game, count, seed, family, budget, confs, progress, report, jobs)):
            name = f"{game.name}-{sc.family}-{i:04d}-{sc.slug}.jsonl"
            rows = copy.deepcopy(sc.rows)
            rows[0] = {**rows[0], "expect": sc.expect, "note": f"{sc.family}: {sc.exercises}"}
            staged.add(name, b"".join(orjson.dumps(r) + b"\n" for r in rows))
            manifest.append({"file": name, "game": game.name, "family": sc.family, "expect": sc.expect,
                             "exercises": sc.exercises, "cites": sc.cites, "options": rows[0].get("options", {}),
                             "players": rows[0]["players"], "events": sum(1 for r in rows[1:] if "n" in r), **sc.extra})
        doc = {"referee": 1, "game": game.name, "seed": seed, "count": count, "families": list(fams)}
        if chosen:  # the rule sets asked for, and those played
            doc |= {"options": options or {}, "all_pairs": all_pairs,
                    "configurations": [{"options": o, "players": n} for o, n in confs]}
        doc |= report  # what the families could not reach (build)
        doc["scenarios"] = manifest
        module = module_name(game, doc, engine, strict) if fmt == "pytest" else None
        # nothing is given its name before every name is known to be new or this module's own
        present = {p.name for p in out_dir.iterdir()}
        clash = sorted((set(staged.names) | {"manifest.json"} | ({module} if module else set())) & present - own)
        if clash:
            why = ("written while this run searched, by something else (another run into the same folder?)"
                   if clash[0] not in before
                   else "not a regular file (a link, a folder...), so not the file an earlier run wrote"
                   if os.path.lexists(out_dir / clash[0]) and not regular(out_dir / clash[0])
                   else "not written by `referee scenarios` (its manifest.json does not list it)")
            raise OutDirRefused(f"{out_dir / clash[0]}: {why}: left as it is, and nothing written")
        if module:
            doc["module"] = module
        manifest_bytes = orjson.dumps(doc, option=orjson.OPT_INDENT_2) + b"\n"
        if module:  # from the manifest as written, as a later `write_pytest` would read it
            staged.add(module, pytest_text(game, orjson.loads(manifest_bytes), engine, strict).encode("utf-8"))
        staged.add("manifest.json", manifest_bytes)
        # an earlier run's files with other parameters would be replayed too: remove them (only those)
        staged.commit(sorted(own - set(staged.names)))
    return manifest


class _Staged:
    """The files of one run, each written as it comes under a hidden temporary name in
    out_dir, created new (never through a link, never over a file), then all renamed into
    place at `commit`, the manifest last, and the earlier run's files it replaces removed: no
    state between the old folder and the new one is left behind that looks complete. A
    failure, Ctrl-C, SIGTERM or SIGHUP before `commit` removes the temporary files and the
    folders this run made (the folder is as it was; the signals exit 128 + their number);
    Ctrl-C while renaming, a matter of milliseconds, takes effect once the manifest is in
    place. Each path is recorded as it is made, Ctrl-C held for that instant, so none is
    left out of the cleanup, which runs with Ctrl-C held too. An OSError is said of the
    folder (_cannot_write)."""

    ENDS = ("SIGTERM", "SIGHUP")  # the signals that end a run: turned into SystemExit, so the cleanup runs

    def __init__(self, out_dir: Path):
        self.out_dir = out_dir
        self.tmps: dict[str, Path] = {}
        self.made: list[Path] = []  # the folders this run made, the deepest last
        self.done = False
        self.old: dict = {}

    @property
    def names(self) -> list[str]:
        return list(self.tmps)

    def __enter__(self) -> "_Staged":
        if threading.current_thread() is threading.main_thread():  # only there can a handler be set
            for name in self.ENDS:
                sig = getattr(signal, name, None)
                if sig is not None:
                    self.old[sig] = signal.signal(sig, _ended)
        return self

    def add(self, name: str, data: bytes) -> None:
        if not self.tmps and not self.made:
            self._mkdir()
        tmp = self.out_dir / f".{name}.{os.getpid()}.part"
        try:
            with _Deferred():  # the path made and recorded at once: the cleanup knows it
                fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o666)
                self.tmps[name] = tmp
            with os.fdopen(fd, "wb") as f:
                f.write(data)
        except OSError as e:
            raise _cannot_write(self.out_dir, e) from None

    def _mkdir(self) -> None:
        for d in _missing(self.out_dir):
            try:
                with _Deferred():  # the path made and recorded at once: the cleanup knows it
                    d.mkdir()
                    self.made.append(d)
            except OSError as e:
                raise OutDirRefused(f"{d}: cannot make this folder: {e.strerror or type(e).__name__}") from None

    def commit(self, remove: list[str]) -> None:
        try:
            with _Deferred():
                for name, tmp in self.tmps.items():
                    if name != "manifest.json":
                        os.replace(tmp, self.out_dir / name)  # replaces the name itself: a link there is not followed
                for old in remove:
                    (self.out_dir / old).unlink(missing_ok=True)
                os.replace(self.tmps["manifest.json"], self.out_dir / "manifest.json")
        except OSError as e:
            raise _cannot_write(self.out_dir, e) from None
        self.done = True

    def __exit__(self, *exc) -> bool:
        try:
            if not self.done:
                with HeldInterrupt():  # a second Ctrl-C does not cut the cleanup short
                    for sig in self.old:
                        signal.signal(sig, signal.SIG_IGN)
                    for tmp in self.tmps.values():
                        tmp.unlink(missing_ok=True)
                    for d in reversed(self.made):
                        try:
                            d.rmdir()
                        except OSError:  # something else put a file there meanwhile: left as it is
                            break
        finally:
            for sig, old in self.old.items():
                signal.signal(sig, old)
        return False


def _ended(signum: int, frame: Any) -> None:
    raise SystemExit(128 + signum)


class _Deferred(HeldInterrupt):
    """Ctrl-C (SIGINT) held back while the block runs, raised as KeyboardInterrupt at its end."""

    def __exit__(self, *exc):
        super().__exit__(*exc)
        if self.hit and exc[0] is None:
            raise KeyboardInterrupt
        return False
