"""The logs of a folder: its *.jsonl files (any case), packed corpora and compressed logs, at
any depth, sorted, listed without recursion (a tree thousands of folders deep is listed like
any other, where os.walk and pathlib's rglob recurse once a level and raised RecursionError) and without following links to folders (a
loop cannot hold a batch). What could not be listed, and the links left out, are told to
the caller, who says so: a batch whose unreadable part was never replayed must not read as
"legal" of the rest."""
from __future__ import annotations

import os
from pathlib import Path


# what a folder's file may hold games in: a log or a stream (*.jsonl, in any case, as an
# archive's members are read), a packed corpus, or a log compressed on its own, which the
# replay refuses with its verdict (never passed over unsaid: a hostile run, s61, found an
# illegal game in a .tar or a .JSONL inside a folder skipped, exit 0)
TARS = (".tar", ".tar.gz", ".tgz", ".tar.bz2", ".tbz2", ".tbz", ".tar.xz", ".txz")  # the corpora tarfile opens
_HELD = (".jsonl", *TARS, ".zip", ".jsonl.gz", ".jsonl.bz2", ".jsonl.xz", ".jsonl.zst")
# names that look like logs or archives and are not read (JSON Lines under another suffix, a
# compressed file or an archive of a kind not read here, a log's name with a blank after it):
# said, never passed over in silence (a hostile run, s62)
_LOOKS = (".ndjson", ".jsonlines", ".gz", ".bz2", ".xz", ".zst", ".tzst", ".lz", ".lzma", ".7z", ".rar",
          ".z", ".taz", ".tz", ".lz4", ".tlz", ".tb2", ".tz2", ".bz", ".gzip", ".lzo", ".sz", ".br")


# what a folder of logs commonly holds beside them and never holds games: not counted as a file
# not read (the scripts and notes of examples/)
_NOT_LOGS = (".py", ".md", ".txt", ".rst", ".toml", ".json", ".yaml", ".yml", ".cfg", ".ini", ".html", ".css",
             ".svg", ".png", ".jpg", ".pdf", ".csv", ".sh")


def held(name: str) -> bool:
    """Whether a file of this name in a folder is read as games (any case)."""
    return name.lower().endswith(_HELD)


def read_names() -> str:
    """The names a folder's files are read under, as a message lists them."""
    return ", ".join("*" + x for x in _HELD)


def passed_over(name: str) -> bool:
    """A file not read whose name says it may hold games: told to the user."""
    low = name.lower()
    return not held(name) and (low.endswith(_LOOKS) or ".tar." in low or ".jsonl." in low
                               or held(low.rstrip(" .\t")))


def logs_in(folder: Path, unlisted: list | None = None, linked: list | None = None,
            passed: list | None = None, others: list | None = None) -> list[Path]:
    """Every file under `folder` that may hold games (`held`), sorted; a folder inside that cannot be listed goes to
    `unlisted` as (folder, why), a link to a folder to `linked` (its logs are left out), a
    file not read whose name looks like a log or an archive to `passed`, any other file not
    read to `others`, scripts and documents aside (no list of the suffixes logs hide under is
    whole: each is counted, never unsaid)."""
    found: list[Path] = []
    todo = [str(folder)]
    while todo:
        at = todo.pop()
        try:
            with os.scandir(at) as entries:
                for e in entries:
                    try:
                        is_dir = e.is_dir(follow_symlinks=False)
                        link = e.is_symlink()
                    except OSError:
                        is_dir = link = False
                    to_dir = is_dir or (link and os.path.isdir(e.path))
                    if held(e.name) and not to_dir:  # a folder so named is walked,
                        found.append(Path(e.path))  # not also read as a log (a hostile run, s53 G8)
                    elif passed is not None and not to_dir and passed_over(e.name):
                        passed.append(Path(e.path))
                    elif others is not None and not to_dir and not e.name.lower().endswith(_NOT_LOGS):
                        others.append(Path(e.path))
                    if is_dir:
                        todo.append(e.path)
                    elif to_dir and linked is not None:
                        linked.append(Path(e.path))
        except OSError as err:
            if unlisted is not None:
                unlisted.append((Path(at), err.strerror or "cannot be listed"))
    return sorted(found)
