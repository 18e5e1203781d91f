"""Packed corpora: many games in one file, so that object storage is asked once per corpus,
not once per game. Three kinds, told apart by the file's name:

- a stream, `*.games.jsonl`: the logs one after another; a game begins at its header line
  (a JSON object with the key "referee") and runs to the next header or the end. Blank lines
  before a header belong to the game before it; lines before the first header form a game of
  their own, whose verdict says it has no header. Game `s.games.jsonl#41` is the game whose
  header is line 41 of the stream.
- a tar archive, `*.tar` (or `.tar.gz`, `.tgz`, `.tar.bz2`, `.tbz2`, `.tbz`, `.tar.xz`, `.txz`), and a zip archive,
  `*.zip`: every regular member whose name ends in `.jsonl` is one log, named
  `archive.tar:dir/member.jsonl`; directories and other regular members are passed over.

Each game's lines are numbered from 1 at its header, as in a loose file, and it gets the
verdict a loose file of the same lines would get. Nothing is ever extracted to disk.
Archives are hostile until read: links, devices and FIFOs inside them, member paths that are
absolute or contain "..", duplicate names, encrypted or undecodable members are refused, each
as an unreadable verdict (exit 2) for that member. `LIMITS` bounds what a corpus may hold;
sizes declared in the archive are checked first, and reading stops at the limit whatever
they declare (a forged zip can declare 1 KiB and hold 1 GiB). A count or total over the
limit, or an archive that cannot be opened, refuses the whole archive: one verdict for it.
"""
from __future__ import annotations

import lzma
import os
import posixpath
import re
import stat
import struct
import tarfile
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Iterator, NamedTuple

import orjson

from ..errors import printable
from .folders import TARS, held, passed_over
from .log import MAX_LINES, Unreadable

MiB = 1 << 20


@dataclass(frozen=True)
class Limits:
    """What one packed corpus may hold. A corpus is read once by the process that runs
    referee, and its games are held in memory while they are replayed: `total_bytes` bounds
    that memory."""

    members: int = 100_000  # members of an archive (directories included), games of a stream
    member_bytes: int = 64 * MiB  # uncompressed bytes of one member, or of one game of a stream
    total_bytes: int = 1024 * MiB  # uncompressed bytes of the whole corpus


LIMITS = Limits()

_STREAM = ".games.jsonl"
_CHUNK = 1 * MiB
# archive-level read errors: damaged or truncated data, whatever the compression
# (NotImplementedError: a zip version or method zipfile does not know; ValueError and
# struct.error: fields zipfile cannot decode, a member name that is not UTF-8 among them)
_DAMAGED = (tarfile.TarError, zipfile.BadZipFile, EOFError, OSError, zlib.error, lzma.LZMAError,
            NotImplementedError, ValueError, struct.error)


# a member whose name looks like a log or an archive of a kind not read here (folders.passed_over)
PASSED = ("a member named like a log or an archive of a kind not read here (*.ndjson, *.gz, *.7z...): its "
          "games are not read (a log is read as *.jsonl)")
# an archive or a compressed log inside an archive holds games no reader here opens (a hostile
# run, s61: an illegal game in a nested tar passed, exit 0)
NESTED = ("an archive or a compressed log inside an archive: its games are not read (unpack it, and give it "
          "as a corpus or a folder of its own)")

# both members of one name are refused (games() voids the first once the second is met)
TWICE = "two members of the same name in the archive: neither is read (which one is meant cannot be told)"


class Refused:
    """The lines of a game that cannot be read from its corpus: iterating them raises the
    located Unreadable, so that `replay(game.lines)` gives the same unreadable verdict as
    the batch (line 0: the member as a whole)."""

    def __init__(self, what: str, line: int = 0):
        self.what, self.line = what, line

    def __iter__(self) -> Iterator[bytes]:
        raise Unreadable(self.line, self.what)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Refused) and (other.what, other.line) == (self.what, self.line)


class Game(NamedTuple):
    """One game of a corpus: its name in verdicts and its lines (bytes, each ending in a
    newline as a file yields them), or a `Refused` whose iteration raises the reason."""

    name: str
    lines: tuple[bytes, ...] | Refused


def kind(path: str | Path) -> str | None:
    """"stream", "tar" or "zip" for a packed corpus, by its name; None for one loose log."""
    name = Path(path).name.lower()
    if name.endswith(_STREAM):
        return "stream"
    if name.endswith(TARS):
        return "tar"
    if name.endswith(".zip"):
        return "zip"
    return None


def games(path: str | Path, limits: Limits | None = None) -> Iterator[Game]:
    """The games of the packed corpus at `path` (a stream, a tar or a zip: `kind`), in the
    corpus' order, within `limits` (LIMITS when None). Raises ValueError for a name that is
    not a packed corpus's; never raises for what the file holds: whatever cannot be read is a
    game whose lines are `Refused`, named after the member, or after the corpus itself."""
    path, limits = Path(path), limits or LIMITS
    reader = {"stream": _stream, "tar": _tar, "zip": _zip}.get(kind(path) or "")
    if reader is None:
        raise ValueError(f"{path}: not a packed corpus (*{_STREAM}, *.tar[.gz|.bz2|.xz], *.tgz, *.zip)")
    got: list[Game] = []
    try:
        for g in reader(path, limits):
            got.append(g)
    except _Whole as e:  # the corpus as a whole is refused: its members' verdicts are void
        yield Game(str(path), Refused(str(e)))
        return
    except _DAMAGED as e:  # damaged after the games read so far: they keep their verdicts
        got.append(Game(str(path), Refused(_damaged(path, e, got))))
    if not got:
        got.append(Game(str(path), Refused("no .jsonl log in this corpus")))
    yield from _twins(got, f"{path}:")


def _twins(got: list[Game], prefix: str) -> list[Game]:
    """A member refused as the second of its name makes the first one's verdict void too:
    which one the user means cannot be told, so neither is judged."""
    def member(name: str) -> str:  # as _twice compares them
        return _as_path(name[len(prefix):]) if name.startswith(prefix) else name

    twice = {member(g.name) for g in got if isinstance(g.lines, Refused) and g.lines.what == TWICE}
    return [Game(g.name, Refused(TWICE)) if member(g.name) in twice and not isinstance(g.lines, Refused) else g
            for g in got]


def verdicts(path: str | Path, keep_going: bool = False, explain: bool = False,
             components: Path | None = None, prefer: str | None = None,
             limits: Limits | None = None) -> Iterator[Any]:
    """The verdict of every game of a packed corpus, named as `games` names them: what
    `referee replay CORPUS -f json` prints, one Verdict at a time."""
    from .engine import replay

    for g in games(path, limits):
        yield replay(g.lines, keep_going, explain, components, prefer, label=g.name)


class _Whole(Exception):
    """A refusal of the whole corpus (too many members, too many bytes, cannot be opened)."""


def _why(e: BaseException) -> str:
    """A library's reason on one line: tarfile gives one line per method it tried
    (`file could not be opened successfully:` then `- method gz: ReadError('not a gzip
    file')`, ...), whose first line alone says nothing."""
    lines = [x.strip(" -") for x in str(e).splitlines() if x.strip(" -")]
    if not lines:
        return type(e).__name__
    head, rest = lines[0], lines[1:]
    return (f"{head} {'; '.join(rest)}" if head.endswith(":") and rest else "; ".join(lines))[:300]


def _damaged(path: Path, e: BaseException, got: list[Game]) -> str:
    after = f" after {len(got)} game(s)" if got else ""
    if isinstance(e, OSError) and e.strerror:  # "[Errno 22] Invalid argument" -> its words
        why = e.strerror.lower()
    else:
        why = _why(e) if str(e) else "the archive's structure is broken"
    return f"damaged or truncated corpus: cannot read{after}: {why}"


def _bad_path(name: str) -> str | None:
    """Why a member's path is refused: absolute, or climbing out with "..". Nothing is
    extracted, but such a name is the mark of an archive built to write outside its folder."""
    if name.startswith(("/", "\\")) or re.match(r"[A-Za-z]:[/\\]", name):  # `C:/x`; `a:b.jsonl` is a name
        return "an absolute member path: only paths inside the archive are read"
    if ".." in re.split(r"[/\\]", name):
        return "a member path with \"..\" points outside the archive: only paths inside it are read"
    return None


class _Budget:
    """The bytes a corpus may still hold, counted as they are read, not as they are declared."""

    def __init__(self, limits: Limits):
        self.limits, self.declared, self.read, self.count = limits, 0, 0, 0

    def member(self, declared: int) -> None:
        """One more member, declaring `declared` bytes: refuse the corpus past a limit."""
        self.count += 1
        self.declared += max(0, declared)
        lim = self.limits
        if self.count > lim.members:
            raise _Whole(f"more than {lim.members} members: refused as a possible archive bomb (corpus.LIMITS.members)")
        if self.declared > lim.total_bytes:
            raise _Whole(f"its members declare more than {_size(lim.total_bytes)} uncompressed: refused as a possible "
                         "archive bomb (corpus.LIMITS.total_bytes)")

    def take(self, n: int) -> None:
        self.read += n
        if self.read > self.limits.total_bytes:
            raise _Whole(f"holds more than {_size(self.limits.total_bytes)} uncompressed: refused as an archive bomb "
                         "(corpus.LIMITS.total_bytes); reading stopped there")


def _size(n: int) -> str:
    return f"{n // MiB} MiB" if n % MiB == 0 and n >= MiB else f"{n} bytes"


def _lines(fh: IO[bytes], declared: int, budget: _Budget) -> tuple[bytes, ...] | Refused:
    """A member's lines, read at most one chunk past the per-member limit."""
    lim = budget.limits.member_bytes
    if declared > lim:
        return Refused(f"declares {declared} bytes uncompressed, more than {_size(lim)} per member: refused as a "
                       "possible archive bomb (corpus.LIMITS.member_bytes)")
    parts, n = [], 0
    while chunk := fh.read(min(_CHUNK, lim + 1 - n)):
        n += len(chunk)
        budget.take(len(chunk))
        if n > lim:
            return Refused(f"holds more than {_size(lim)} uncompressed though it declares {declared} bytes: refused as "
                           "an archive bomb (corpus.LIMITS.member_bytes); reading stopped there")
        parts.append(chunk)
    return tuple(_split(b"".join(parts)))


def _split(data: bytes) -> Iterator[bytes]:
    """Lines as a binary file yields them: cut after each b"\\n" only (never at a lone \\r);
    no more than one past the lines a log may hold (log.MAX_LINES: the reader refuses the
    game there): 64 MiB of newlines would be 67 million lines, some 3 GB held as objects."""
    at = 0
    for _ in range(MAX_LINES + 1):
        if at >= len(data):
            return
        end = data.find(b"\n", at)
        end = len(data) if end < 0 else end + 1
        yield data[at:end]
        at = end


def _tar(path: Path, limits: Limits) -> Iterator[Game]:
    budget, seen = _Budget(limits), set()
    try:
        tf = tarfile.open(path, "r:*")
    except _DAMAGED as e:
        raise _Whole(f"not a readable tar archive: {_why(e)}") from None
    with tf:
        while (m := tf.next()) is not None:
            budget.member(m.size if m.isreg() else 0)
            name = f"{path}:{m.name}"
            what = _kind_refused(m)
            if what is None and m.isdir():
                continue
            if what is None and not m.name.lower().endswith(".jsonl"):
                if m.isreg() and held(m.name):  # a corpus or a compressed log inside: said, not passed over
                    yield Game(name, Refused(NESTED))
                elif m.isreg() and passed_over(m.name):
                    yield Game(name, Refused(PASSED))
                continue
            what = what or _bad_path(m.name) or _twice(m.name, seen)
            if what:
                yield Game(name, Refused(what))
                continue
            fh = tf.extractfile(m)
            yield Game(name, _lines(fh, m.size, budget) if fh else Refused("no data for this member"))
        # tarfile ends its listing at a header cut short or broken as if the archive ended
        # there: the block after the last member must be the end-of-archive zeros (what may
        # follow them is no member: GNU tar reads such a file cleanly)
        tf.fileobj.seek(tf.offset)
        if tf.fileobj.read(tarfile.BLOCKSIZE).strip(b"\0"):
            raise tarfile.ReadError(f"the archive breaks off after byte {tf.offset:,}: a member's header is cut "
                                    "short or damaged, and what follows it cannot be read")


def _kind_refused(m: tarfile.TarInfo) -> str | None:
    if m.issym():
        return f"a symbolic link (to {printable(m.linkname)}) inside the archive: only regular files are read"
    if m.islnk():
        return f"a hard link (to {printable(m.linkname)}) inside the archive: only regular files are read"
    if m.ischr() or m.isblk():
        return "a device inside the archive: only regular files are read"
    if m.isfifo():
        return "a FIFO inside the archive: only regular files are read"
    if not (m.isreg() or m.isdir()):
        return "a special member inside the archive: only regular files are read"
    return None


def _as_path(name: str) -> str:
    """A member's name as the path it names: ./g.jsonl is g.jsonl, x//g.jsonl and x\\g.jsonl
    are x/g.jsonl."""
    return posixpath.normpath(name.replace("\\", "/"))


def _twice(name: str, seen: set) -> str | None:
    """A second member of the same name, as a path (./g.jsonl is g.jsonl, x//g.jsonl is
    x/g.jsonl): which one the user means cannot be told."""
    name = _as_path(name)
    if name in seen:
        return TWICE
    seen.add(name)
    return None


def _zip(path: Path, limits: Limits) -> Iterator[Game]:
    budget, seen = _Budget(limits), set()
    try:
        zf = zipfile.ZipFile(path)
    except _DAMAGED as e:
        raise _Whole(f"not a readable zip archive: {_why(e)}") from None
    with zf:
        infos = zf.infolist()
        for info in infos:  # the directory first: a bomb is refused before any byte is inflated
            budget.member(info.file_size)
        for info in infos:
            name = f"{path}:{info.filename}"
            mode = info.external_attr >> 16
            special = stat.S_IFMT(mode) not in (0, stat.S_IFREG, stat.S_IFDIR)
            if info.is_dir() and not special:
                continue
            if not special and not info.filename.lower().endswith(".jsonl"):
                if held(info.filename):  # a corpus or a compressed log inside: said, not passed over
                    yield Game(name, Refused(NESTED))
                elif not info.is_dir() and passed_over(info.filename):
                    yield Game(name, Refused(PASSED))
                continue
            what = (_zip_kind(mode) if special else None) or _bad_path(info.filename) or _twice(info.filename, seen)
            if not what and info.flag_bits & 0x1:
                what = "an encrypted member: referee reads no encrypted logs"
            if what:
                yield Game(name, Refused(what))
                continue
            yield Game(name, _zip_member(zf, info, budget))


def _zip_kind(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "a symbolic link inside the archive: only regular files are read"
    return "a device, FIFO or socket inside the archive: only regular files are read"


def _zip_member(zf: zipfile.ZipFile, info: zipfile.ZipInfo, budget: _Budget) -> tuple[bytes, ...] | Refused:
    try:
        with zf.open(info) as fh:
            return _lines(fh, info.file_size, budget)
    except NotImplementedError as e:  # a compression method zipfile cannot inflate
        return Refused(f"cannot be decompressed: {e}")
    except (zipfile.BadZipFile, zlib.error, EOFError, lzma.LZMAError, ValueError, struct.error) as e:
        why = str(e).splitlines()[0][:200] if str(e) else type(e).__name__
        return Refused(f"its data do not match the archive's directory (a damaged or forged member: {why})")


def _stream(path: Path, limits: Limits) -> Iterator[Game]:
    budget = _Budget(limits)
    lim = limits.member_bytes
    try:
        fh = open(path, "rb")
    except OSError as e:
        raise _Whole(f"cannot open: {e.strerror or type(e).__name__}") from None
    with fh:
        if os.fstat(fh.fileno()).st_size > limits.total_bytes:
            raise _Whole(f"more than {_size(limits.total_bytes)}: refused (corpus.LIMITS.total_bytes)")
        start, lines, size, no, whole, skipping = 0, [], 0, 0, True, False
        while line := fh.readline(lim + 1):  # never more than the limit in memory at once
            header = whole and _is_header(line, cut=not line.endswith(b"\n") and len(line) > lim)
            no += whole
            whole = line.endswith(b"\n")
            budget.take(len(line))
            if header:
                if lines:
                    yield _game(path, start, lines)
                budget.member(0)
                lines, size, start, skipping = [], 0, no, False
            elif skipping or (not lines and not line.strip()):
                continue  # blank lines before a game belong to no game; the rest of a refused one
            elif not lines:  # lines before the first header: a game without one
                budget.member(0)
                start = no
            lines.append(line)
            size += len(line)
            if len(lines) > MAX_LINES:  # the reader refuses the game here (see _split): the rest is passed over
                skipping = True
            if size > lim:
                yield Game(f"{path}#{start}", Refused(
                    f"a game of more than {_size(lim)}: refused (corpus.LIMITS.member_bytes); its lines are "
                    "passed over up to the next header"))
                lines, size, skipping = [], 0, True
        if lines:
            yield _game(path, start, lines)


def _game(path: Path, start: int, lines: list[bytes]) -> Game:
    return Game(f"{path}#{start}", tuple(lines))


def _is_header(line: bytes, cut: bool = False) -> bool:
    """Whether a stream's line begins a game: a JSON object with the key "referee". A line
    `cut` at the limit cannot be parsed: it begins a game (a refused one) when its first
    bytes name "referee", as a header written key "referee" first does."""
    if cut:
        return b'"referee"' in line[:64]
    if b"referee" not in line:  # cheap: most lines are events, parsed once, by the engine
        return False
    try:
        data = orjson.loads(line)
    except orjson.JSONDecodeError:
        return False
    return type(data) is dict and "referee" in data
