"""Mutation testing of the games' rule modules, with generated scenarios as the killing suite.

    /work/venv/bin/python bench/mutation.py [--game all|raiders|...] [--modules s5_metropole ...]
        [--sample 80 --seed 0] [--count 6] [--suite-seed 0] [--jobs 1] [--timeout 120]
        [--equivalent bench/mutation-equivalent.toml] [--out bench/mutation-all.json]

1. Per game, the scenarios are generated once, from the unmutated model (`referee scenarios
   GAME --family all --count N --seed S`), into a temporary directory.
2. One traced replay of the whole suite (in a forked process, the game imported afresh)
   checks that the unmutated model passes it and records which lines of the game's modules
   each scenario runs, and which run at import.
3. The mutation sites are those of every module of referee/model/GAME/ (or --modules), in
   module and source order; --sample N keeps N of them per game, drawn systematically from a
   seeded start (mutation_sites.sample: each module gets its share in proportion to its
   sites, so the plain kill rate estimates the game's; its 95% interval is Wilson's).
4. A mutant whose code no replay of the suite runs survives without being run (it behaves
   as the model on every scenario). Any other runs in a forked process that imports the game
   afresh with the mutated source (an import hook; the files on disk are never touched) and
   replays, shortest first, the scenarios whose traced replay ran the mutated lines (the
   trace empties the configurations and component caches before each scenario, so a line
   an earlier scenario ran first is still seen; the other scenarios run the model's code
   only, and give its verdict); it is killed by the first scenario whose verdict, line, §, kind or field differs from its
   header's "expect" (or by an error, or by the time limit). Invariants are checked after
   every event (`check_invariants`): the certificate's proofs are of the unmutated files,
   and a mutated file on disk would not be trusted either.
5. The equivalent mutants listed in --equivalent (reviewed, each with its reason) are set
   aside: the figure is killed / (mutants - equivalent), per game and per module. They are
   not run unless --check-equivalent (then a kill among them is a warning: a wrong reason).

mutmut was not used: its runner executes the project's own pytest suite with its trampolines;
here the suite is a directory of logs and the unit is the replay of each.
"""
from __future__ import annotations

import argparse
import ast
import importlib.abc
import importlib.util
import json
import multiprocessing as mp
import os
import pickle
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ["REFEREE_CACHE_DIR"] = ""  # no proof of the unmutated rules may be trusted for a mutant

import mutation_report as report  # noqa: E402
from mutation_sites import invalid, moved, mutate, sample, sites  # noqa: E402

GAMES_ALL = ("draft", "welcome", "trolls", "raiders", "twister")  # the quickest suites first


class _Hook(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serve one module's mutated source instead of its file."""

    def __init__(self, name: str, src: str, path: str):
        self.name, self.src, self.path = name, src, path

    def find_spec(self, fullname, path, target=None):
        if fullname != self.name:
            return None
        return importlib.util.spec_from_loader(fullname, self, origin=f"<mutant of {fullname}>")

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        module.__file__ = self.path  # modules that find their data files beside them
        exec(compile(self.src, module.__spec__.origin, "exec"), module.__dict__)


def _fresh(pkg: str) -> None:
    for m in list(sys.modules):
        if m == pkg or m.startswith(pkg + "."):
            del sys.modules[m]


def trace_suite(game: str, pkg: str, files: list, out: str) -> None:
    """In a forked child: replay the suite with the unmutated game, imported afresh under a
    line tracer; pickle {"fails": [...], "import": {module: lines}, "per": [{module: lines}]}."""
    from referee.replays.engine import replay
    from referee.replays.expect import mismatch

    _fresh(pkg)
    where = {str(p): p.stem for p in (ROOT / pkg.replace(".", "/")).glob("*.py")}
    bucket: dict = {}

    def local(frame, event, arg):
        if event == "line":
            bucket.setdefault(where[frame.f_code.co_filename], set()).add(frame.f_lineno)
        return local

    def glob(frame, event, arg):
        code = frame.f_code
        if code.co_filename in where and code.co_name != "<module>":
            bucket.setdefault(where[code.co_filename], set()).add(frame.f_lineno)
            return local
        return None

    sys.settrace(glob)
    from referee.model import load

    g = load(game)
    caches = _caches()
    got = {"import": bucket, "per": [], "fails": []}
    for f, _ in files:
        _forget(g, caches)
        bucket = {}
        m = mismatch(replay(Path(f), check_invariants=True))
        got["per"].append(bucket)
        if m:
            got["fails"].append((f, re.sub(r"/tmp/mut-[^/]+/", "", m)))
    sys.settrace(None)
    Path(out).write_bytes(pickle.dumps(got))


def _caches() -> list:
    import functools
    import gc

    return [f for f in gc.get_objects()
            if isinstance(f, functools._lru_cache_wrapper) and f.__module__.startswith("referee.model")]


def _forget(game, caches: list) -> None:
    """Empty what a process computes once and keeps (the configurations, the component files
    read), so that each scenario's trace holds every line its replay depends on, even those
    an earlier scenario ran first."""
    game._configs.clear()
    for f in caches:
        f.cache_clear()


def run_mutant(module: str, src: str, files: list, q) -> None:
    """In a forked child: import the game with the mutated module, replay until a mismatch."""
    try:
        _fresh(module.rsplit(".", 1)[0])
        sys.meta_path.insert(0, _Hook(module, src, str(ROOT / (module.replace(".", "/") + ".py"))))
        from referee.replays.engine import replay
        from referee.replays.expect import mismatch

        words = None
        for f, says in files:
            v = replay(Path(f), check_invariants=True)
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


def suite(game_name: str, count: int, seed: int, family: list[str]) -> tuple[list, dict]:
    """The scenarios (file, words of the broken rule or None), shortest first, and the trace."""
    from referee.checks.scenarios import generate
    from referee.model import BUILTIN as GAMES, load

    scen_dir = Path(tempfile.mkdtemp(prefix=f"mut-{game_name}-"))
    t = time.monotonic()
    manifest = generate(load(game_name), scen_dir, count=count, seed=seed, family=family)
    files = sorted(((str(scen_dir / m["file"]), m.get("message") or (m["says"] if m.get("side") == "past" else None))
                    for m in manifest), key=lambda f: (os.path.getsize(f[0]), f[0]))
    t1 = time.monotonic()
    out = str(scen_dir / "trace.pickle")
    p = mp.get_context("fork").Process(target=trace_suite, args=(game_name, GAMES[game_name], files, out))
    p.start()
    p.join()
    tr = pickle.loads(Path(out).read_bytes())
    bad = {f for f, _ in tr["fails"]}
    for f, why in tr["fails"]:  # with every invariant checked; a mutant "killed" there would prove nothing
        print(f"warning: the unmutated {game_name} fails {Path(f).name} (left out of the suite): {why}", flush=True)
    keep = [i for i, (f, _) in enumerate(files) if f not in bad]
    files, tr["per"] = [files[i] for i in keep], [tr["per"][i] for i in keep]
    fams = "" if family == ["all"] else "".join(f" --family {f}" for f in family)
    print(f"{game_name}: killing suite of {len(files)} scenarios (referee scenarios {game_name} --count {count} "
          f"--seed {seed}{fams}), generated in {t1 - t:.0f} s, traced in {time.monotonic() - t1:.0f} s", flush=True)
    return files, tr


def order(files: list, tr: dict, module: str, span: tuple | None) -> list | None:
    """The scenarios a mutant replays: those whose traced replay runs its lines (the others
    run the same code as the model, so they give the same verdict), or all for code run at
    import; None when no replay runs them (the mutant cannot differ)."""
    if span is None:
        return files
    lines = set(range(span[0], span[1] + 1))
    if lines & tr["import"].get(module, set()):
        return files
    hit = [files[i] for i, b in enumerate(tr["per"]) if lines & b.get(module, set())]
    return hit or None


def run(todo: list, jobs: int, timeout: float, results: list, skip: dict) -> None:
    """todo: (game, module, dotted module, site, what, files or None)."""
    ctx = mp.get_context("fork")
    running: list = []
    pending = list(todo)
    while pending or running:
        while pending and len(running) < jobs:
            game, modname, module, site, what, files, src = pending.pop(0)
            row = {"game": game, "module": modname, "what": what}
            bad = invalid(ast.parse(src), what)
            if bad:
                results.append({**row, "status": "skipped", "why": bad})
                continue
            why_eq = skip.get((game, modname, what)) or skip.get((game, modname, "*"))
            if why_eq:  # reviewed as equivalent: not run (--check-equivalent runs them)
                results.append({**row, "status": "survived", "why": "not run: listed as equivalent"})
                continue
            if files is None:
                results.append({**row, "status": "survived", "why": "no replay of the suite runs this code"})
                continue
            q = ctx.SimpleQueue()
            p = ctx.Process(target=run_mutant, args=(module, mutate(src, site), files, q))
            p.start()
            running.append((p, q, row, time.monotonic()))
        time.sleep(0.02)
        for item in list(running):
            p, q, row, t0 = item
            if not p.is_alive() or time.monotonic() - t0 > timeout:
                if p.is_alive():
                    p.kill()
                    p.join()
                    status, why = "timeout", f"no verdict within {timeout:.0f} s"
                else:
                    p.join()
                    status, why = q.get() if not q.empty() else ("error", f"exit code {p.exitcode}")
                results.append({**row, "status": status, "why": re.sub(r"/tmp/mut-[^/]+/", "", why)})
                running.remove(item)
                print(f"{row['game']}/{row['module']} {row['what']}: {status} ({time.monotonic() - t0:.1f} s)"
                      + (f" ({why[:150]})" if status != "killed" and why else ""), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", nargs="+", default=["all"], help="games, or all")
    ap.add_argument("--modules", nargs="*", default=None, help="only these modules of the game (default: all)")
    ap.add_argument("--sample", type=int, default=0, help="N sites per game, systematic from --seed (0: every site)")
    ap.add_argument("--seed", type=int, default=0, help="the sample's seed")
    ap.add_argument("--count", type=int, default=None,
                    help="the killing suite's --count (default 6; with --survivors: the earlier run's, unless given)")
    ap.add_argument("--suite-seed", type=int, default=0, help="the killing suite's --seed")
    ap.add_argument("--family", nargs="*", default=["all"], help="the killing suite's families (default: all)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--only", default=None, help="only the mutants whose description matches this regex")
    ap.add_argument("--equivalent", type=Path, default=ROOT / "bench" / "mutation-equivalent.toml")
    ap.add_argument("--check-equivalent", action="store_true",
                    help="run the mutants listed as equivalent too (a kill among them is a warning: its reason is wrong)")
    ap.add_argument("--out", type=Path, default=None, help="write every mutant's outcome and the figure as JSON")
    ap.add_argument("--rescore", type=Path, default=None,
                    help="no run: the figure of an earlier --out file again, with the equivalent list as it is now")
    ap.add_argument("--survivors", type=Path, nargs="+", default=None,
                    help="re-run only the survivors (not listed as equivalent) of an earlier --out file: the same "
                         "sites, the killing suite of the same --count and --seed; its other outcomes are kept. "
                         "Further files (re-runs of the first, e.g. one game each, run side by side) give their "
                         "re-run outcomes first; with --game none nothing more is run")
    ap.add_argument("--recheck", action="store_true",
                    help="with --survivors: re-run every mutant of the file that the equivalent list does not set "
                         "aside, the killed ones too, so that no outcome of the figure comes from older rule modules")
    ap.add_argument("--measured-at", default=None,
                    help="with --survivors: the commit whose rule modules the earlier run mutated (default: the "
                         "file's own 'commit'); a site whose line moved since is renumbered, one whose line changed is "
                         "reported 'not located'")
    a = ap.parse_args()
    if a.rescore:
        return rescore(a.rescore, a.equivalent, a.out)
    if a.survivors:
        return rerun(a)

    from referee.model import BUILTIN as GAMES

    games = GAMES_ALL if "all" in a.game else a.game
    commit = _commit()  # the code run: read before it, not after (the worktree may move on)
    results: list[dict] = []
    per_module: dict = {}
    suites = {}
    t0 = time.monotonic()
    for game in games:
        pkg = GAMES[game]
        mods = sorted(p.stem for p in (ROOT / pkg.replace(".", "/")).glob("*.py"))
        mods = [m for m in mods if a.modules is None or m in a.modules]
        rows = []
        for m in mods:
            src = (ROOT / pkg.replace(".", "/") / f"{m}.py").read_text(encoding="utf-8")
            got = sites(ast.parse(src))
            per_module[(game, m)] = len(got)
            rows += [(m, src, *s) for s in got if a.only is None or re.search(a.only, s[1])]
        rows = sample(rows, a.sample, a.seed, game)
        a.count = a.count or 6
        files, tr = suite(game, a.count, a.suite_seed, a.family)
        suites[game] = {"scenarios": len(files), "count": a.count, "seed": a.suite_seed, "families": a.family,
                        "left_out": [[Path(f).name, why] for f, why in tr["fails"]]}
        todo = [(game, m, f"{pkg}.{m}", site, what, order(files, tr, m, span), src) for m, src, site, what, span in rows]
        run(todo, a.jobs, a.timeout, results, {} if a.check_equivalent else report.equivalents(a.equivalent))
        if files:  # the suite's temporary folder
            shutil.rmtree(Path(files[0][0]).parent, ignore_errors=True)
        if a.out:  # what is done so far, should a later game fail
            a.out.write_text(json.dumps({"partial": True, "results": results}, indent=1, ensure_ascii=False) + "\n",
                             encoding="utf-8")
    doc = {"command": " ".join(["bench/mutation.py", *sys.argv[1:]]), "commit": commit, "suites": suites,
           "sample": {"per_game": a.sample, "seed": a.seed, "method": "systematic, seeded start",
                      "interval": "Wilson score, 95%"} if a.sample else None,
           "sites": {f"{g}/{m}": n for (g, m), n in sorted(per_module.items())}, "results": results}
    finish(doc, a.equivalent, a.out)
    print(f"({time.monotonic() - t0:.0f} s)")


def finish(doc: dict, equivalent: Path, out: Path | None) -> None:
    """Set the equivalents aside, tally, print, and write the figure."""
    results = doc["results"]
    for r in results:
        r.pop("equivalent", None)
    doc["warnings"] = report.mark(results, report.equivalents(equivalent))
    per_module = {tuple(k.split("/")): n for k, n in doc["sites"].items()}
    doc["summary"] = report.summary(results, per_module, sampled=bool(doc["sample"]))
    print()
    print(report.render(doc["summary"], results))
    for w in doc["warnings"]:
        print("warning:", w)
    if out:
        keys = ("command", "commit", "rerun_of", "suites", "sample", "summary", "warnings", "sites", "results")
        out.write_text(json.dumps({k: doc[k] for k in keys if k in doc}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _commit() -> str:
    """The commit the rule modules were mutated at, '+' when the model has uncommitted changes."""
    import subprocess

    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True).stdout.strip()

    return git("rev-parse", "HEAD") + ("+" if git("status", "--porcelain", "--", "referee/model") else "")


def _source_at(commit: str, game: str, module: str) -> str | None:
    import subprocess

    r = subprocess.run(["git", "-C", str(ROOT), "show", f"{commit.rstrip('+')}:referee/model/{game}/{module}.py"],
                       capture_output=True, text=True)
    return r.stdout if r.returncode == 0 else None


def rerun(a) -> None:
    """Replay only the earlier run's survivors (those its equivalent list, as it is now, does
    not set aside; with --recheck every mutant it does not set aside), at the same sites, against a suite of the same count and seed generated
    by today's scenarios; every other outcome of the earlier run is kept as it was. The scenario
    families only add scenarios (docs/scenarios.md: the earlier families' files are the same
    bytes), so a mutant killed then is still killed by the same scenario."""
    from referee.model import BUILTIN as GAMES

    commit = _commit()  # the code run: read before it, not after (the worktree may move on)
    prev = json.loads(a.survivors[0].read_text(encoding="utf-8"))
    for more in a.survivors[1:]:  # outcomes re-run elsewhere from the same first file
        done = {(r["game"], r["module"], r["what"]): r
                for r in json.loads(more.read_text(encoding="utf-8"))["results"] if r.get("rerun")}
        prev["results"] = [done.get((r["game"], r["module"], r["what"]), r) for r in prev["results"]]
    at = a.measured_at or prev.get("commit")
    if not at:
        sys.exit(f"{a.survivors[0]}: the file names no commit; give --measured-at COMMIT (the rule modules it mutated)")
    eq = report.equivalents(a.equivalent)
    results = [dict(r) for r in prev["results"]]
    rerunnable = ("survived", "killed", "error", "timeout") if a.recheck else ("survived",)
    again = [i for i, r in enumerate(results) if r["status"] in rerunnable
             and not (eq.get((r["game"], r["module"], r["what"])) or eq.get((r["game"], r["module"], "*")))
             and (a.only is None or re.search(a.only, r["what"]))]
    games = [g for g in GAMES_ALL if any(results[i]["game"] == g for i in again) and ("all" in a.game or g in a.game)]
    t0 = time.monotonic()
    suites = dict(prev.get("suites", {}))  # a game re-run: its suite as generated today
    for game in games:
        pkg = GAMES[game]
        old = prev.get("suites", {}).get(game, {})
        todo, where = [], []
        for i in (i for i in again if results[i]["game"] == game):
            r = results[i]
            src = (ROOT / pkg.replace(".", "/") / f"{r['module']}.py").read_text(encoding="utf-8")
            # a site a re-run already found moved is named at the file's own commit by "now"
            what = r.get("now", r["what"]) if at == prev.get("commit") else r["what"]
            was = _source_at(at, game, r["module"])
            now = what if was is None or was == src else moved(what, was, src)
            found = [s for s in sites(ast.parse(src)) if s[1] == now] if now else []
            if not found:
                r.update(status="survived", why=f"not located: the site's line changed since {at[:10]}", rerun=True)
                print(f"{game}/{r['module']} {r['what']}: not located at this commit", flush=True)
                continue
            site, what, span = found[0]
            todo.append((game, r["module"], f"{pkg}.{r['module']}", site, what, span, src))
            where.append(i)
        if not todo:
            continue
        files, tr = suite(game, a.count or old.get("count", 6), old.get("seed", a.suite_seed), old.get("families", a.family))
        suites[game] = {**old, "count": a.count or old.get("count", 6), "scenarios": len(files), "left_out": [[Path(f).name, why] for f, why in tr["fails"]],
                        "rerun": True}
        got: list[dict] = []
        run([(g, m, mod, site, what, order(files, tr, m, span), src) for g, m, mod, site, what, span, src in todo],
            a.jobs, a.timeout, got, {})
        by_site = {(r["module"], r["what"]): r for r in got}  # run() gives outcomes in the order they end
        for i, (_, m, _, _, what, _, _) in zip(where, todo):
            was = results[i]["what"]
            results[i] = {**by_site[(m, what)], "what": was, **({"now": what} if what != was else {}), "rerun": True}
        if files:
            shutil.rmtree(Path(files[0][0]).parent, ignore_errors=True)
        if a.out:  # what is done so far, should a later game fail
            a.out.write_text(json.dumps({"partial": True, "results": results}, indent=1, ensure_ascii=False) + "\n",
                             encoding="utf-8")
    doc = {**prev, "command": " ".join(["bench/mutation.py", *sys.argv[1:]]), "commit": commit, "suites": suites,
           "rerun_of": {"files": [str(f) for f in a.survivors], "commit": at, "rerun": sum(bool(r.get("rerun")) for r in results)},
           "results": results}
    finish(doc, a.equivalent, a.out)
    print(f"({time.monotonic() - t0:.0f} s)")


def rescore(path: Path, equivalent: Path, out: Path | None) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    for r in doc["results"]:  # a mutant found invalid after the run (mutation_sites.invalid)
        src = ast.parse((ROOT / "referee" / "model" / r["game"] / f"{r['module']}.py").read_text(encoding="utf-8"))
        bad = invalid(src, r["what"])
        if bad:
            r["status"], r["why"] = "skipped", bad
    finish(doc, equivalent, out or path)


if __name__ == "__main__":
    main()
