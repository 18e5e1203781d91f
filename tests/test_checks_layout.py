"""checks/ in rooms with one job each: no module over 400 lines, and no module-level mutable
object (a dict, list or set at module level is shared by every thread and every caller of
the process: state that belongs to one search, one audit or one worker must be passed)."""
import ast
import importlib
import pkgutil
from pathlib import Path

import referee.checks

ROOT = Path(referee.checks.__path__[0])
MOST_LINES = 400
MUTABLE = (dict, list, set, bytearray)
# `global` rebinds module state; the two allowed are what a pool's worker process receives
# from its initializer, set once as it starts: the job of `prove`, the Generator of
# `scenarios --jobs` (the process that proves or writes never sets them).
GLOBAL_OK = {("invariants", "_take_job"), ("scenarios.spread", "_take")}


def _modules():
    for info in pkgutil.walk_packages(referee.checks.__path__, "referee.checks."):
        yield importlib.import_module(info.name)


def test_every_checks_module_is_walked():
    got = {m.__name__ for m in _modules()}
    assert {"referee.checks.explore", "referee.checks.audit.run", "referee.checks.scenarios.boundary"} <= got
    assert len(got) == len(list(ROOT.rglob("*.py")))


def test_no_module_of_checks_holds_a_mutable_object():
    bad = [f"{m.__name__}.{k}: {type(v).__name__}" for m in _modules() for k, v in vars(m).items()
           if not (k.startswith("__") and k.endswith("__")) and isinstance(v, MUTABLE)]
    assert bad == []


def test_no_module_of_checks_rebinds_module_state():
    bad = []
    for f in ROOT.rglob("*.py"):
        mod = ".".join(f.relative_to(ROOT).with_suffix("").parts)
        for fn in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if any(isinstance(n, ast.Global) for n in ast.walk(fn)) and (mod, fn.name) not in GLOBAL_OK:
                    bad.append(f"{mod}.{fn.name}")
    assert bad == []


def test_no_module_of_checks_is_over_400_lines():
    long = {str(f.relative_to(ROOT)): n for f in ROOT.rglob("*.py")
            if (n := len(f.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert long == {}
