"""The logs of a folder: its *.jsonl files at any depth, sorted, listed without recursion (a
tree thousands of folders deep is listed like any other, where os.walk and pathlib's rglob
recurse once a level and raised RecursionError) and without following links to folders (a
loop cannot hold a batch). What could not be listed, and the links left out, are told to
the caller, who says so: a batch whose unreadable part was never replayed must not read as
"legal" of the rest."""
from __future__ import annotations

import fnmatch
import os
from pathlib import Path


def logs_in(folder: Path, unlisted: list | None = None, linked: list | None = None) -> list[Path]:
    """Every *.jsonl under `folder`, sorted; a folder inside that cannot be listed goes to
    `unlisted` as (folder, why), a link to a folder to `linked` (its logs are left out)."""
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
                    if fnmatch.fnmatchcase(e.name, "*.jsonl") and not to_dir:  # a folder so named is walked,
                        found.append(Path(e.path))  # not also read as a log (a hostile run, s53 G8)
                    if is_dir:
                        todo.append(e.path)
                    elif to_dir and linked is not None:
                        linked.append(Path(e.path))
        except OSError as err:
            if unlisted is not None:
                unlisted.append((Path(at), err.strerror or "cannot be listed"))
    return sorted(found)
