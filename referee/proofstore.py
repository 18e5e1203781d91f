"""Where invariant proofs are kept, so that each is done once: the audit reads and writes
them, the replay trusts them. Never imports z3 (the replay's hot path loads this).

A proof is filed under a fingerprint of everything it depends on, so a stale one is never
read, only missed:
- the code: the kernel (referee/model/kernel), the game's own modules, the prover
  (checks/invariants.py, symbolic.py, work.py), and z3's version;
- the configuration: the game, its options, the preferred source and pins, the player count
  and other settings, and the component files in use.
Only registered games have one (`load(name) is game`): a Game built or altered in memory has
no files that say what its rules are.

Two stores:
- the cache, $REFEREE_CACHE_DIR, else $XDG_CACHE_HOME/referee, else ~/.cache/referee
  (REFEREE_CACHE_DIR set to "" turns it off): proofs/<fingerprint>/<budget>.json, one per
  budget, since a smaller budget may leave open what a larger one proves (the same audit
  then prints the same report, cache or no cache). A cache that cannot be read or written
  is skipped: it only ever saves time;
- the certificate, certificate.json beside this module: the proofs of each game's default
  configuration, shipped, so that a replay trusts them on a fresh machine
  (bench/certify.py writes it; a test fails when it is stale).
An invariant proved for the rules in force cannot break after an event that passed its
Needs, so the replay need not check it (`trusted`).
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any, Callable

import orjson

HERE = Path(__file__).resolve().parent
CERTIFICATE = HERE / "certificate.json"
PROVER = ("checks/invariants.py", "checks/symbolic.py", "checks/work.py")
DATA = (".toml", ".json", ".csv", ".txt")
CERTIFIED = "certificate"  # InvResult.by of a proof read from the shipped certificate


def folder() -> Path | None:
    env = os.environ.get("REFEREE_CACHE_DIR")
    if env is not None:
        return Path(env) if env else None
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = str(Path.home() / ".cache")
        except (RuntimeError, KeyError, OSError):  # HOME unset and no home in the user database (a
            return None  # container's arbitrary uid): no cache, which only ever saves time
    return Path(base) / "referee"


STATUSES = ("proved", "base-fails", "not-inductive", "unknown", "vacuous")  # checks/invariants.prove's
MAX_ENTRY = 64 << 20  # bytes of one cache file: a result and a short model per invariant, far below this


def _read(path: Path) -> bytes | None:
    """A cache file's bytes, or None: a FIFO (it would wait forever), a device (/dev/zero
    never ends), a folder or a file past MAX_ENTRY is never read whole; absent or unreadable,
    None too. Never imports z3 (the replay reads the cache)."""
    from .model.kernel.inputs import read_regular

    try:
        return read_regular(path, MAX_ENTRY)
    except (OSError, ValueError):
        return None


def _rows(data: bytes | None, n: int) -> list[dict] | None:
    """The results a cache file holds for a game of `n` invariants, when it holds exactly what
    `proved` writes: one row per invariant, in order, each {index, status, by, model} of the
    kinds prove gives. Anything else is a damaged file (cut, edited, written by another
    version), None: it is not trusted, and the proofs are done again. A short list would
    otherwise drop invariants from the report unseen, an index out of range crash the audit."""
    if data is None:
        return None
    try:
        rows = orjson.loads(data)
    except ValueError:
        return None
    if type(rows) is not list or len(rows) != n:
        return None
    for i, r in enumerate(rows):
        if type(r) is not dict or r.keys() != {"index", "status", "by", "model"} or type(r["index"]) is not int \
                or r["index"] != i or r["status"] not in STATUSES or type(r["by"]) is not str \
                or r["by"] == CERTIFIED or type(r["model"]) is not dict \
                or not all(type(k) is str and type(v) is str for k, v in r["model"].items()):
            return None
    return rows


def _feed(h: Any, root: Path, paths: list[Path]) -> None:
    for p in sorted(paths):
        # os.fsencode: the name's own bytes (a name that is not UTF-8 crashed .encode())
        h.update(os.fsencode(p.relative_to(root)) + b"\0" + p.read_bytes() + b"\0")


def _z3_version() -> str:
    return dist_version("z3", "z3-solver")


def dist_version(module: str, dist: str) -> str:
    """A distribution's version, read from its dist-info folder's name beside the package,
    without importing it: a replay computes a fingerprint, and importlib.metadata (with the
    email package it pulls in) costs more start-up than the replay of a short log; the
    metadata route stays the fallback."""
    import importlib.util

    spec = importlib.util.find_spec(module)
    stem = dist.replace("-", "_")
    if spec is not None and spec.origin:
        found = sorted(Path(spec.origin).resolve().parent.parent.glob(f"{stem}-*.dist-info"))
        if len(found) == 1:
            return found[0].name[len(stem) + 1:-len(".dist-info")]
    from importlib import metadata  # not at module level: `import referee` stays without it
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "?"


def fingerprint(game: Any, cfg: Any, components: Path | None = None) -> str | None:
    """The fingerprint of the rules a proof of `game` under `cfg` depends on, or None."""
    import importlib
    import sys

    from .model import load

    try:
        if load(game.name) is not game:
            return None
    except KeyError:
        return None
    h = hashlib.sha256()
    _feed(h, HERE, list((HERE / "model" / "kernel").glob("*.py")) + [HERE / p for p in PROVER])
    pkg = Path(importlib.import_module(game.state_cls.__module__).__file__).resolve().parent
    _feed(h, pkg, list(pkg.glob("*.py")))
    comp = components if components is not None else game.components_dir
    if comp is not None and Path(comp).is_dir():
        comp = Path(comp)
        _feed(h, comp, [p for p in comp.rglob("*") if p.suffix in DATA and p.is_file()])
    z3 = _z3_version()
    conf = {"game": game.name, "options": dict(cfg.options), "prefer": cfg.prefer, "pin": dict(cfg.pin),
            "extra": {k: repr(v) for k, v in dict(cfg.extra).items()}, "z3": z3, "python": sys.version_info[:2]}
    h.update(orjson.dumps(conf, option=orjson.OPT_SORT_KEYS))
    return h.hexdigest()


# ------------------------------------------------------------------ the audit's cache
def _entry(budget: float | None, units: tuple) -> str:
    """One file per budget and z3 allowance: what a proof could finish depends on them."""
    return f"{budget}-{units[0]}-{units[1]}.json"


def proved(game: Any, cfg: Any, components: Path | None, budget: float | None,
           prove: Callable[[], list]) -> list:
    """`prove()`'s results (checks.invariants.InvResult): from the shipped certificate when
    it proves every invariant of these rules (by = CERTIFIED), else from the cache when it
    holds them for this budget, else computed and stored."""
    from .checks import work
    from .checks.invariants import InvResult

    fp = fingerprint(game, cfg, components)
    listed = _certified(fp, len(game.invariants)) if fp is not None else None
    if listed is not None and all(type(i) is int for i in listed) and sorted(listed) == list(range(len(game.invariants))):
        # every invariant proved for exactly these rules, shipped: no budget can do better
        return [InvResult(i, "proved", CERTIFIED) for i in range(len(game.invariants))]
    where = folder()
    path = where / "proofs" / fp / _entry(budget, (work.RATE, work.QUERY_UNITS)) if fp and where else None
    rows = _rows(_read(path), len(game.invariants)) if path is not None else None
    if rows is not None:  # absent or damaged (None): prove again
        return [InvResult(r["index"], r["status"], r["by"], r["model"]) for r in rows]
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


# ------------------------------------------------------------------ the replay's trust
def certificate() -> dict:
    try:
        doc = orjson.loads(CERTIFICATE.read_bytes())
    except (OSError, ValueError):
        return {}
    return doc if type(doc) is dict else {}


def _certified(fp: str, n: int) -> list | None:
    """The list of invariants the shipped certificate says are proved for fingerprint `fp`,
    when its entry is an object for a game of `n` invariants with such a list; else None.
    Each reader checks the items (`proved` wants all of them, `trusted` takes the valid ones)."""
    cert = certificate().get(fp)
    if type(cert) is dict and cert.get("invariants") == n and type(cert.get("proved")) is list:
        return cert["proved"]
    return None


def trusted(game: Any, cfg: Any, components: Path | None = None) -> frozenset[int]:
    """The invariants proved for exactly these rules, by the certificate or the cache, which
    a replay need not check after an event that passed its Needs. Sound through the rules'
    `fork`s too: each gives on values what its symbolic form gives, or (a board check in a
    Need) admits more symbolically, so the proof covered every step the replay accepts
    (tests/test_forks.py holds every fork of every built-in game to that). A plugin game
    whose rules fork (`Game.concrete_forks`) has no such test here: it is not trusted."""
    from .model import BUILTIN

    if getattr(game, "concrete_forks", False) and game.name not in BUILTIN:
        return frozenset()
    memo = cfg.memo if isinstance(getattr(cfg, "memo", None), dict) else {}
    key = ("proofstore.trusted", str(components))
    if key not in memo:
        memo[key] = fingerprint(game, cfg, components)
    fp = memo[key]
    if fp is None:
        return frozenset()
    # the cache is read again when its folder changed (one stat a replay): a process that
    # replayed before an audit proved more trusts what a fresh process would, no less
    where = folder()
    here = where / "proofs" / fp if where is not None else None
    try:
        stamp = here.stat().st_mtime_ns if here is not None else None
    except OSError:
        stamp = None
    at = (key, str(here), stamp)
    if at in memo:
        return memo[at]
    n = len(game.invariants)
    got: set[int] = set()
    listed = _certified(fp, n)
    if listed is not None:
        got.update(i for i in listed if type(i) is int and 0 <= i < n)
    if stamp is not None:
        for f in sorted(here.glob("*.json")):
            rows = _rows(_read(f), n)  # a damaged file is not trusted
            if rows is not None:
                got.update(r["index"] for r in rows if r["status"] == "proved")
    memo[at] = out = frozenset(got)
    return out
