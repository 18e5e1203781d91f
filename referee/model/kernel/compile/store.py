"""The compiled actions kept on disk between processes (issue 18): a batch, or a single log,
starts with what an earlier run compiled under the same rules and configuration, instead of
tracing them again (tracing is most of a cold batch's extra cost).

What is kept: each compiled action of a game under one Config (its Needs, its effect, the
values of it compiled so far: compile/action.py) and the compiled rulings they call. Not
the invariants' functions: a replay trusts the proved ones, and the rest are cheap to make.

A file is keyed by a hash of everything the compiled code depends on, so a stale one is
never read, only missed: the source of the kernel (compile/ included) and of the game's
package, the Config as it prints (options, sources, preferred source, pins, component
data, player count), Python's and cloudpickle's versions. Only registered games have one
(`load(name) is game`, as proofstore.fingerprint): a Game built or altered in memory has
no files that say what its rules are.

The game's own objects (its actions, Needs, rulings, the Config and its component data)
are not written: they are named by their path from the Game or the Config (`_registry`)
and found again on loading, so the compiled code calls the very objects a replay uses.
Everything else is pickled by value (cloudpickle: generated functions, closures).

Where: <cache>/compiled/<key>.pickle (the proof cache's folder, proofstore.folder;
REFEREE_CACHE_DIR="" turns it off). A file is trusted only when its checksum matches (a
damaged one is a miss) and it names objects this process has; anything unexpected is a
miss, never an error: the cache only ever saves time. Like Python's own __pycache__, it
runs what it loads: the folder is the user's own.
"""
from __future__ import annotations

import hashlib
import io
import marshal
import os
import pickle
import sys
import tempfile
import types
from collections import deque
from pathlib import Path
from typing import Any

MAGIC = b"referee-compiled 2\n"  # 2: the checksum binds the file to its key (_sealed)
MAX_FILE = 256 << 20  # bytes: a game's compiled actions take well under 1 MiB
_PLAIN = (int, str, float, bool, type(None), bytes, complex)


def _key(game: Any, cfg: Any) -> str | None:
    """The hash the compiled code of `game` under `cfg` depends on, or None (no disk cache);
    computed once per Config (kept in its memo: a load and each save ask for it)."""
    memo = cfg.memo.get("compile.store.key")
    if memo is not None and memo[0] is game:
        return memo[1]
    import importlib

    from .... import proofstore
    from ... import load

    try:
        if load(game.name) is not game:
            return None
    except KeyError:
        return None
    version = proofstore.dist_version("cloudpickle", "cloudpickle")
    if version == "?":  # not installed: nothing can be written or read
        return None
    kernel = Path(__file__).resolve().parent.parent
    pkg = Path(importlib.import_module(game.state_cls.__module__).__file__).resolve().parent
    h = hashlib.sha256()
    for root in (kernel, pkg):
        proofstore._feed(h, root, list(root.rglob("*.py")))
    h.update(repr(cfg).encode("utf-8", "backslashreplace"))
    h.update(f"{sys.version}\0{version}".encode())
    cfg.memo["compile.store.key"] = (game, h.hexdigest())
    return h.hexdigest()


def _where(game: Any, cfg: Any) -> Path | None:
    from ....proofstore import folder

    try:
        base, key = folder(), _key(game, cfg)
    except (OSError, UnicodeError):
        return None
    return None if base is None or key is None else base / "compiled" / f"{key}.pickle"


def _sealed(path: Path, body: bytes) -> bytes:
    """The checksum a file at `path` carries: of its key (the file's name) and its body. A
    file copied under another configuration's key is then a miss: its objects would be
    resolved against this Config's (the Unpickler names them by path), and the rules of
    the other configuration would run under this one's name."""
    return hashlib.sha256(path.stem.encode() + b"\n" + body).hexdigest().encode()


def _registry(game: Any, cfg: Any) -> dict[int, tuple]:
    """{id(object): (its path, the object)} for the objects reachable from the Game and the
    Config, breadth first (a path is the same in every process that loaded these rules):
    attributes, items of tuples and lists, values of dicts under plain keys (or under the id
    of an object already named: the Game's Needs per action). The caches that fill as a
    process runs (the Config's memo, the Game's configurations and watch lists) are not
    walked; the Needs per action are filled first, so that every process names them alike."""
    for act in game.actions:
        game.needs(act)
    skip = {id(getattr(cfg, "memo", None)), id(getattr(game, "_configs", None)), id(getattr(game, "_watch", None))}
    reg: dict[int, tuple] = {}
    later: list = []

    def walk(todo: deque) -> None:
        while todo:
            path, o = todo.popleft()
            if isinstance(o, _PLAIN) or id(o) in reg or id(o) in skip or isinstance(o, types.ModuleType):
                continue
            if isinstance(o, (set, frozenset)):  # their order is not the same in every process
                continue
            reg[id(o)] = (path, o)
            if isinstance(o, (types.FunctionType, type, types.BuiltinFunctionType)):
                continue
            if isinstance(o, types.MethodType):
                todo.append((path + ("__self__",), o.__self__))
            elif isinstance(o, (tuple, list)):
                todo.extend((path + (i,), x) for i, x in enumerate(o))
            elif isinstance(o, dict):
                for k, x in o.items():
                    if type(k) is int and abs(k) >= 1 << 32:  # an id: named after its object, below
                        later.append((path, k, x))
                    elif isinstance(k, _PLAIN) or (type(k) is tuple and all(isinstance(y, _PLAIN) for y in k)):
                        todo.append((path + (("key", k),), x))
            else:
                for name, x in getattr(o, "__dict__", {}).items():
                    todo.append((path + (name,), x))
                for name in getattr(type(o), "__slots__", ()):
                    if hasattr(o, name):
                        todo.append((path + (name,), getattr(o, name)))

    walk(deque([(("game",), game), (("cfg",), cfg)]))
    while later:
        todo, later = later, []
        found = deque((path + (("id", reg[k][0]),), x) for path, k, x in todo if k in reg)
        if not found:
            break
        walk(found)
    return reg


def _pickler(buf: io.BytesIO, reg: dict) -> Any:
    import builtins

    import cloudpickle

    class Pickler(cloudpickle.Pickler):
        def reducer_override(self, o: Any) -> Any:
            # a function compiled from traced rules: its code as marshal writes it, and the
            # globals of its compile (the trace's constants), shared by the functions of one
            # compile; cloudpickle would walk the code's bytecode for each
            if type(o) is types.FunctionType and o.__code__.co_filename.startswith("<compiled"):
                return _function, (marshal.dumps(o.__code__), o.__globals__, o.__name__)
            return super().reducer_override(o)

        def persistent_id(self, o: Any) -> Any:
            if isinstance(o, _PLAIN):
                return None
            got = reg.get(id(o)) or named.get(id(o))
            if got is not None and got[1] is o:
                return got[0]
            return ("builtins",) if o is builtins.__dict__ else None

    # the objects the model's modules name (a ContextVar, a table, a sentinel): by that name,
    # never copied (a copy of a ContextVar would be another variable). The first module that
    # names one (sys.modules is in import order) is the one that made it, not one that
    # imports it again (a command's module would bring z3 into a replay). Functions and
    # classes are named by their own module (pickle's own way).
    named: dict = {}
    for m, mod in list(sys.modules.items()):
        if m.startswith("referee.model."):  # the rules and the kernel: what compiled code calls
            for k, v in list(vars(mod).items()):
                if not isinstance(v, (_PLAIN, types.ModuleType, type, types.FunctionType)):
                    named.setdefault(id(v), (("module", m, k), v))

    return Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL)


def _function(code: bytes, ns: dict, name: str) -> types.FunctionType:
    return types.FunctionType(marshal.loads(code), ns, name)


class _Unpickler(pickle.Unpickler):
    def __init__(self, f: Any, by_path: dict):
        super().__init__(f)
        self.by_path = by_path

    def persistent_load(self, pid: Any) -> Any:
        import builtins

        if pid == ("builtins",):
            return builtins.__dict__
        if pid[0] == "module":  # named by its module (the same name recurs: looked up once)
            got = self.by_path.get(pid)
            if got is None:
                import importlib

                if not pid[1].startswith("referee.model."):
                    raise KeyError(pid)
                got = self.by_path[pid] = getattr(importlib.import_module(pid[1]), pid[2])
            return got
        return self.by_path[pid]  # a KeyError: objects this process has not: a miss


def load(game: Any, cfg: Any, hot: int) -> Any:
    """The CompiledGame of `game` under `cfg` as a run left it on disk, with its rulings put
    back in the Config's memo; None when there is none, or none this process can trust."""
    path = _where(game, cfg)
    if path is None:
        return None
    from ....files import regular
    from ..inputs import read_regular

    if not regular(path):  # absent, or a link, a FIFO, a folder...: never followed nor opened
        return None
    try:
        data = read_regular(path, MAX_FILE)
    except (OSError, ValueError):
        return None
    head, _, body = data.partition(b"\n")
    if head + b"\n" != MAGIC or body[:64] != _sealed(path, body[65:]) or body[64:65] != b"\n":
        return None
    from .compiled import CompiledGame
    from .rulings import CompiledRuling

    try:
        by_path = {path: o for path, o in _registry(game, cfg).values()}
        cg, rulings = _Unpickler(io.BytesIO(body[65:]), by_path).load()
    except Exception:  # noqa: BLE001 - damaged or foreign: a miss
        return None
    if type(cg) is not CompiledGame or cg.game is not game or cg.cfg is not cfg or type(rulings) is not list:
        return None
    cg.hot = hot
    for r, act, spec, sig, cr in rulings:
        if type(cr) is not CompiledRuling:
            return None
        cfg.memo[("ruling", id(r), None if act is None else act.name, spec, sig)] = (r, act, cr)
    cg.stored = cg.size()
    return cg


def save(cg: Any) -> bool:
    """Write `cg`'s compiled actions (and the rulings compiled under its Config) when it
    compiled more than it was loaded with; True if written. Written under a temporary name
    and renamed: a reader sees the old file or the new one, never half of one."""
    if cg.size() == cg.stored:
        return False
    path = _where(cg.game, cg.cfg)
    if path is None:
        return False
    from .rulings import CompiledRuling

    from .emit import compile_lock

    buf = io.BytesIO()
    with compile_lock(cg.cfg):  # a whole snapshot: no thread is compiling under this Config
        rulings = [(v[0], v[1], k[3], k[4], v[2]) for k, v in list(cg.cfg.memo.items())
                   if type(k) is tuple and len(k) == 5 and k[0] == "ruling" and type(v[2]) is CompiledRuling]
        try:
            _pickler(buf, _registry(cg.game, cg.cfg)).dump((cg, rulings))
        except Exception:  # noqa: BLE001 - something not picklable: nothing kept, nothing lost
            return False
    body = buf.getvalue()
    data = MAGIC + _sealed(path, body) + b"\n" + body
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".pickle")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        return False
    cg.stored = cg.size()
    return True


def compiled_games(cfgs: list) -> list:
    """The CompiledGames of the default `hot` built under these Configs (compiled.compiled
    keeps each in its Config's memo)."""
    from .compiled import HOT, CompiledGame

    return [v[2] for cfg in cfgs for v in list(cfg.memo.values())
            if type(v) is tuple and len(v) == 3 and type(v[2]) is CompiledGame and v[2].hot == HOT]


def save_configs(cfgs: list) -> None:
    """Keep on disk what was compiled under each of these Configs (their CompiledGame of
    the default `hot`, if any)."""
    for cg in compiled_games(cfgs):
        save(cg)
