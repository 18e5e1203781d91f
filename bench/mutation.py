"""Mutation testing of a game's rule modules, with generated scenarios as the killing suite.

    /work/venv/bin/python bench/mutation.py [--game raiders] [--modules s5_metropole s6_actions]
        [--count 6] [--seed 0] [--jobs 2] [--timeout 120] [--out bench/mutation-raiders.json]

1. The scenarios are generated once, from the unmutated model (`referee scenarios GAME
   --family all --count N --seed S`), into a temporary directory.
2. Each mutant is one small change of one rule module's syntax tree (the operators below).
3. Each mutant runs in a forked process that imports the game afresh with the mutated source
   (an import hook; the files on disk are never touched) and replays the scenarios, shortest
   first, with the replay engine; the mutant is killed by the first scenario whose verdict,
   line or § differs from its header's "expect" (or by an error, or by the time limit).

Operators: a comparison changed (< <=, > >=, == !=), + and - swapped, an integer constant
+1, And/Or swapped, Not(x) -> x, a Need dropped from an action's needs, a keyword argument
of a rule record (phases/goes/by...) left at its default is not touched. mutmut was not used:
its runner executes the project's own pytest suite with its trampolines; here the suite is a
directory of logs and the unit is the replay of each, which a fork-per-mutant does directly.
"""
from __future__ import annotations

import argparse
import ast
import importlib.abc
import importlib.util
import json
import multiprocessing as mp
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CMP = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq}
OPS = {ast.Add: ast.Sub, ast.Sub: ast.Add}
SYM = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=", ast.Add: "+", ast.Sub: "-"}


def _in_docstring(node, parents) -> bool:
    p = parents.get(node)
    return isinstance(p, ast.Expr)


def sites(tree: ast.Module) -> list[tuple[tuple, str]]:
    """((node index in ast.walk order, element or None), description) of every mutation site."""
    parents = {c: p for p in ast.walk(tree) for c in ast.iter_child_nodes(p)}
    out = []
    for i, node in enumerate(ast.walk(tree)):
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in CMP:
            o = type(node.ops[0])
            out.append(((i, None), f"line {node.lineno}: {SYM[o]} -> {SYM[CMP[o]]}"))
        elif isinstance(node, ast.BinOp) and type(node.op) in OPS:
            o = type(node.op)
            out.append(((i, None), f"line {node.lineno}: {SYM[o]} -> {SYM[OPS[o]]}"))
        elif isinstance(node, ast.Constant) and type(node.value) is int and not _in_docstring(node, parents):
            out.append(((i, None), f"line {node.lineno}: {node.value} -> {node.value + 1}"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("And", "Or"):
            out.append(((i, None), f"line {node.lineno}: {node.func.id} -> {'Or' if node.func.id == 'And' else 'And'}"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Not" and len(node.args) == 1:
            out.append(((i, None), f"line {node.lineno}: Not(x) -> x"))
        elif (isinstance(node, ast.keyword) and node.arg == "needs" and isinstance(node.value, ast.Tuple)):
            for k, el in enumerate(node.value.elts):
                what = ast.unparse(el)[:60]
                out.append(((i, k), f"line {el.lineno}: need dropped: {what}"))
    return out


def mutate(src: str, site: tuple) -> str:
    tree = ast.parse(src)
    idx, k = site
    nodes = list(ast.walk(tree))
    node = nodes[idx]
    if k is not None:
        del node.value.elts[k]
        return ast.unparse(tree)
    if isinstance(node, ast.Compare):
        node.ops = [CMP[type(node.ops[0])]()]
    elif isinstance(node, ast.BinOp):
        node.op = OPS[type(node.op)]()
    elif isinstance(node, ast.Constant):
        node.value = node.value + 1
    elif isinstance(node, ast.Call) and node.func.id in ("And", "Or"):
        node.func.id = "Or" if node.func.id == "And" else "And"
    elif isinstance(node, ast.Call) and node.func.id == "Not":
        parents = {c: p for p in ast.walk(tree) for c in ast.iter_child_nodes(p)}
        p = parents[node]
        for field, value in ast.iter_fields(p):
            if value is node:
                setattr(p, field, node.args[0])
            elif isinstance(value, list):
                for j, v in enumerate(value):
                    if v is node:
                        value[j] = node.args[0]
    return ast.unparse(tree)


class _Hook(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serve one module's mutated source instead of its file."""

    def __init__(self, name: str, src: str):
        self.name, self.src = name, src

    def find_spec(self, fullname, path, target=None):
        if fullname != self.name:
            return None
        return importlib.util.spec_from_loader(fullname, self, origin=f"<mutant of {fullname}>")

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        exec(compile(self.src, module.__spec__.origin, "exec"), module.__dict__)


def run_mutant(module: str, src: str, files: list[str], q) -> None:
    """In a forked child: import the game with the mutated module, replay until a mismatch."""
    try:
        pkg = module.rsplit(".", 1)[0]
        for m in list(sys.modules):
            if m == pkg or m.startswith(pkg + "."):
                del sys.modules[m]
        sys.meta_path.insert(0, _Hook(module, src))
        from referee.replays.engine import replay
        from referee.replays.expect import mismatch

        words = None
        for f, says in files:
            v = replay(Path(f))
            m = mismatch(v)
            if m:
                q.put(("killed", f"{Path(f).name}: {m}"))
                return
            first = v.first()
            if words is None and says and first is not None and says not in first.message:
                words = f"{Path(f).name}: expected '{says}', got '{first.message}'"
        q.put(("survived", words or ""))
    except BaseException as e:  # noqa: BLE001 - a mutant that cannot even load is killed
        q.put(("error", f"{type(e).__name__}: {str(e)[:120]}"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="raiders")
    ap.add_argument("--modules", nargs="*", default=["s5_metropole", "s6_actions"])
    ap.add_argument("--count", type=int, default=6)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--limit", type=int, default=0, help="only the first N mutants of each module (0: all)")
    ap.add_argument("--only", default=None, help="only the mutants whose description matches this regex (e.g. 'line 31:')")
    ap.add_argument("--survivors", type=Path, default=None,
                    help="only the mutants that survived in this earlier --out file")
    ap.add_argument("--out", type=Path, default=None, help="write every mutant's outcome as JSON")
    a = ap.parse_args()

    from referee.checks.scenarios import generate
    from referee.model import GAMES, load

    game = load(a.game)
    scen_dir = Path(tempfile.mkdtemp(prefix="mut-scen-"))
    t = time.monotonic()
    manifest = generate(game, scen_dir, count=a.count, seed=a.seed, family="all")
    # (file, the words of the broken rule the first problem must carry: the stricter oracle)
    files = sorted(((str(scen_dir / m["file"]), m.get("message") or (m["says"] if m.get("side") == "past" else None))
                    for m in manifest), key=lambda f: os.path.getsize(f[0]))
    print(f"killing suite: {len(files)} scenarios (referee scenarios {a.game} --count {a.count} --seed {a.seed}), "
          f"generated in {time.monotonic() - t:.0f} s", flush=True)
    # the unmutated model must pass its own suite
    q0 = mp.get_context("fork").SimpleQueue()
    base = GAMES[a.game]
    results = []
    ctx = mp.get_context("fork")
    for modname in a.modules:
        module = f"{base}.{modname}"
        path = ROOT / (module.replace(".", "/") + ".py")
        src = path.read_text(encoding="utf-8")
        p = ctx.Process(target=run_mutant, args=(module, ast.unparse(ast.parse(src)), files, q0))
        p.start()
        p.join()
        status, why = q0.get()
        assert status == "survived" and not why, f"the unmutated {modname} fails its own scenarios: {why}"
        todo = sites(ast.parse(src))
        if a.limit:
            todo = todo[: a.limit]
        if a.only:
            import re

            todo = [t for t in todo if re.search(a.only, t[1])]
        if a.survivors:
            old = json.loads(a.survivors.read_text(encoding="utf-8"))["results"]
            keep = {r["what"] for r in old if r["module"] == modname and r["status"] == "survived"}
            todo = [t for t in todo if t[1] in keep]
        running: list = []
        pending = list(todo)
        while pending or running:
            while pending and len(running) < a.jobs:
                site, what = pending.pop(0)
                try:
                    msrc = mutate(src, site)
                except Exception as e:  # noqa: BLE001
                    results.append({"module": modname, "what": what, "status": "skipped", "why": str(e)})
                    continue
                q = ctx.SimpleQueue()
                p = ctx.Process(target=run_mutant, args=(module, msrc, files, q))
                p.start()
                running.append((p, q, what, time.monotonic()))
            time.sleep(0.02)
            for item in list(running):
                p, q, what, t0 = item
                if not p.is_alive() or time.monotonic() - t0 > a.timeout:
                    if p.is_alive():
                        p.kill()
                        p.join()
                        status, why = "timeout", f"no verdict within {a.timeout:.0f} s"
                    else:
                        p.join()
                        status, why = q.get() if not q.empty() else ("error", f"exit code {p.exitcode}")
                    results.append({"module": modname, "what": what, "status": status, "why": why,
                                    "seconds": round(time.monotonic() - t0, 1)})
                    running.remove(item)
                    print(f"{modname} {what}: {status}" + (f" ({why[:150]})" if status != "killed" and why else ""), flush=True)
    total = len([r for r in results if r["status"] != "skipped"])
    killed = len([r for r in results if r["status"] in ("killed", "error", "timeout")])
    words = len([r for r in results if r["status"] == "survived" and r["why"]])
    print(f"\n{killed}/{total} mutants killed ({killed / max(1, total):.0%}) by verdict, line and §; "
          f"{killed + words}/{total} ({(killed + words) / max(1, total):.0%}) when the first problem must also name "
          f"the same rule (its words: several Needs share a §); "
          + ", ".join(f"{s}: {sum(1 for r in results if r['status'] == s)}" for s in ("killed", "error", "timeout", "survived", "skipped")))
    for modname in a.modules:
        rs = [r for r in results if r["module"] == modname and r["status"] != "skipped"]
        k = sum(1 for r in rs if r["status"] != "survived")
        print(f"  {modname}: {k}/{len(rs)}")
    print("survivors:")
    for r in results:
        if r["status"] == "survived":
            print(f"  {r['module']} {r['what']}" + ("  [caught by the rule's words]" if r["why"] else ""))
    if a.out:
        a.out.write_text(json.dumps({"suite": len(files), "killed": killed, "total": total, "results": results}, indent=1,
                                    ensure_ascii=False))


if __name__ == "__main__":
    main()
