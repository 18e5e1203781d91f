"""Files the user names. Writing one (a baseline, a witness log, an exported test module):
never through a link and never into anything but a regular file, so a link left at that
name cannot send our bytes to a file elsewhere, and a FIFO or a device there cannot block
or swallow them. A folder of outputs written all at once is checks/scenarios/outdir.py's.
Reading one that is not there: `missing_why` says why (a link to nothing, a loop)."""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


def regular(path: Path) -> bool:
    """Whether `path` itself is a regular file (lstat: a link, to anything, is not; nor is a
    folder, a FIFO or a device); False when nothing is there."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _refuse(path: Path) -> None:
    """OSError for what is at `path` when it is there and no regular file (lstat: a link is
    seen as a link)."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if stat.S_ISLNK(mode):
        raise OSError(errno.ELOOP, "a link: not written through", str(path))
    if not stat.S_ISREG(mode):
        raise OSError(errno.EINVAL, "not a regular file: not written into", str(path))


def write_file(path: Path, data: bytes) -> None:
    """Create `path`, or truncate the regular file there, and write `data`. Raises OSError
    (its strerror says why) for a link, a folder, a FIFO, a device or a socket at that name."""
    _refuse(path)
    flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags, 0o666)  # no O_TRUNC yet: what is there is checked first
    except OSError:
        _refuse(path)  # put there since the check: say what it is
        raise
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file: not written into", str(path))
        os.ftruncate(fd, 0)
        os.set_blocking(fd, True)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


def missing_why(path: Path, what: str = "file") -> str:
    """Why a path given, or found in a folder, is not there: a loop of symbolic links, a
    symbolic link to nothing, or no such `what`."""
    try:
        os.stat(path)
    except OSError as e:
        if e.errno == errno.ELOOP:
            return "a loop of symbolic links (no file at its end)"
        if os.path.islink(path):
            return f"a symbolic link to nothing (no such {what})"
    return f"no such {what}"
