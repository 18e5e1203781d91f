"""A cache of invariant proofs: a second audit of the same rules reuses the first one's.

A result is stored under a key that names everything it depends on, so a stale entry is
never read, only missed:
- the code: every source and data file of the referee package and of the game's own
  package (a plugin's), by path and content, and z3's version;
- the configuration: the game, its options, the preferred source and pins, the player
  count and other settings, and the content of the component files in use;
- the proof's budget and z3's per-query limit, since a smaller budget may leave open what a
  larger one proves: the same input then gives the same report, cache or no cache.
Only registered games are cached (`load(name) is game`): a Game built or altered in memory
has no files that say what its rules are.

Where: $REFEREE_CACHE_DIR, else $XDG_CACHE_HOME/referee, else ~/.cache/referee; one small
JSON file per key under proofs/. REFEREE_CACHE_DIR set to the empty string turns it off.
A cache that cannot be read or written is skipped: it only ever saves time."""
from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any, Callable

import orjson

from ..model.kernel import Config, Game
from . import work
from .invariants import InvResult

SUFFIXES = (".py", ".toml", ".json")


def folder() -> Path | None:
    env = os.environ.get("REFEREE_CACHE_DIR")
    if env is not None:
        return Path(env) if env else None
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "referee"


def _files(root: Path, h: Any) -> None:
    for p in sorted(root.rglob("*")):
        if p.suffix in SUFFIXES and p.is_file() and "__pycache__" not in p.parts:
            h.update(str(p.relative_to(root)).encode() + b"\0" + p.read_bytes() + b"\0")


def key(game: Game, cfg: Config, components: Path | None, budget: float | None) -> str | None:
    """The cache key of `prove(game, cfg, budget)`, or None when it cannot be cached."""
    import importlib
    import sys

    import z3

    from ..model import load

    try:
        if load(game.name) is not game:
            return None
    except KeyError:
        return None
    h = hashlib.sha256()
    own = Path(__file__).resolve().parents[1]  # the referee package
    _files(own, h)
    pkg = Path(importlib.import_module(game.state_cls.__module__).__file__).resolve().parent
    if own not in pkg.parents and pkg != own:
        _files(pkg, h)  # a plugin's own package
    comp = components if components is not None else game.components_dir
    if comp is not None and Path(comp).is_dir():
        _files(Path(comp), h)
    conf = {"game": game.name, "options": dict(cfg.options), "prefer": cfg.prefer, "pin": dict(cfg.pin),
            "extra": {k: repr(v) for k, v in dict(cfg.extra).items()}, "budget": budget,
            "rate": work.RATE, "query": work.QUERY_UNITS, "z3": z3.get_version_string(),
            "python": sys.version_info[:2]}
    h.update(orjson.dumps(conf, option=orjson.OPT_SORT_KEYS))
    return h.hexdigest()


def proved(game: Game, cfg: Config, components: Path | None, budget: float | None,
           prove: Callable[[], list[InvResult]]) -> list[InvResult]:
    """`prove()`'s results, read from the cache when it holds them, else computed and stored."""
    where, k = folder(), None
    if where is not None:
        k = key(game, cfg, components, budget)
    path = where / "proofs" / f"{k}.json" if where is not None and k is not None else None
    if path is not None:
        try:
            rows = orjson.loads(path.read_bytes())
            return [InvResult(r["index"], r["status"], r["by"], r["model"]) for r in rows]
        except (OSError, ValueError, KeyError, TypeError):
            pass  # absent or damaged: prove again
    res = prove()
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_bytes(orjson.dumps([{"index": r.index, "status": r.status, "by": r.by, "model": r.model}
                                          for r in res]))
            tmp.replace(path)  # atomic: a reader sees the whole file or none
        except OSError:
            pass
    return res
