"""The compiled actions kept on disk (kernel/compile/store.py): what one run compiled, another
loads, and replays with it exactly as the rules as written do; a file that is damaged, foreign
or no regular file is a miss, never an error; a Game altered in memory has none."""
from __future__ import annotations

import dataclasses
import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from referee.model import load
from referee.model.kernel.compile import HOT, compiled
from referee.model.kernel.compile import store
from referee.replays.engine import replay

from .test_compiled import GAMES, _final

ROOT = Path(__file__).resolve().parent.parent


def _logs(game, n: int, seed: int = 40) -> list[list[dict]]:
    """n random legal games and a few mutants of each (illegal ones among them)."""
    from referee.checks.scenarios.generator import Generator
    from referee.checks.scenarios.logs import log_lines
    from referee.checks.scenarios.mutants import _mutations

    gen = Generator(game, seed=seed)
    out = []
    for i in range(n):
        header, path, _, _ = gen.legal_game(i, tag="store", max_steps=150)
        rows = log_lines(game, header, path, [])
        out.append(rows)
        out += [m for _, _, m in itertools.islice(_mutations(game, rows, gen.rng("mutate", i)), 3)]
    return out


@pytest.mark.parametrize("game", GAMES)
def test_rules_loaded_from_disk_replay_as_written(game, tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path))
    g = load(game)
    logs = _logs(g, 3)
    cfg = replay(logs[0]).state.cfg
    key = ("compiled", id(g.actions), id(g.invariants), HOT)
    here = compiled(g, cfg, HOT)
    for act in g.actions:  # every action compiled, and the values the logs use
        here.action(act)
    for rows in logs:
        replay(rows)
    here.stored = ()  # as if nothing were on disk yet (an earlier test may have kept this Config's rules)
    assert store.save(here) and not store.save(here)  # written once: nothing new the second time
    got = store.load(g, cfg, HOT)
    assert got is not None and got is not here and got.size() == here.size()
    assert {a.name for a in g.actions} <= set(got._acts)
    monkeypatch.setitem(cfg.memo, key, (g.actions, g.invariants, got))
    for rows in logs:
        for keep_going in (False, True):
            a = replay(rows, keep_going=keep_going, explain=True, compiled=False)
            b = replay(rows, keep_going=keep_going, explain=True)
            assert b.to_json() == a.to_json()
            assert _final(b) == _final(a)


def _cfg_and_file(tmp_path, monkeypatch, game="welcome"):
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path))
    g = load(game)
    rows = _logs(g, 1)[0]
    cfg = replay(rows).state.cfg
    here = compiled(g, cfg, HOT)
    for act in g.actions:
        here.action(act)
    here.stored = ()  # as if nothing were on disk yet
    assert store.save(here)
    (path,) = (tmp_path / "compiled").glob("*.pickle")
    return g, cfg, path


@pytest.mark.parametrize("damage", ["cut", "flipped", "empty", "magic", "foreign"])
def test_a_damaged_file_is_a_miss(damage, tmp_path, monkeypatch):
    g, cfg, path = _cfg_and_file(tmp_path, monkeypatch)
    data = path.read_bytes()
    if damage == "cut":
        data = data[: len(data) // 2]
    elif damage == "flipped":
        data = data[:-10] + bytes([data[-10] ^ 1]) + data[-9:]
    elif damage == "empty":
        data = b""
    elif damage == "magic":
        data = b"referee-compiled 0\n" + data.partition(b"\n")[2]
    else:  # a well-formed file naming an object this process does not have
        import hashlib
        import pickle

        body = pickle.dumps(("not", "a compiled game"))
        data = store.MAGIC + store._sealed(path, body) + b"\n" + body
    path.write_bytes(data)
    assert store.load(g, cfg, HOT) is None


def test_a_sound_file_under_another_configuration_s_name_is_a_miss(tmp_path, monkeypatch):
    """A file of 2 players copied under the key of 5 players with reserve=finite (hostile run,
    session 52): its objects would resolve against this Config and its rules run in its place,
    a wrong verdict. Its checksum seals it to its own key: a miss."""
    g, cfg, path = _cfg_and_file(tmp_path, monkeypatch, game="draft")
    other = g.configured({"reserve": "finite"}, None, None, 5)
    assert other is not cfg
    theirs = store._where(g, other)
    assert theirs is not None and theirs != path
    theirs.write_bytes(path.read_bytes())
    assert store.load(g, other, HOT) is None
    assert store.load(g, cfg, HOT) is not None  # the file itself is sound, under its own name


def test_what_is_not_a_regular_file_is_never_opened(tmp_path, monkeypatch):
    g, cfg, path = _cfg_and_file(tmp_path, monkeypatch)
    path.unlink()
    os.mkfifo(path)  # opening it for reading would wait for a writer forever
    assert store.load(g, cfg, HOT) is None
    here = compiled(g, cfg, HOT)
    here.stored = ()
    assert store.save(here) and path.is_file()  # renamed over it: never opened, never blocks
    assert store.load(g, cfg, HOT) is not None
    path.unlink()
    target = tmp_path / "elsewhere.pickle"
    target.write_bytes(b"a user's file")
    path.symlink_to(target)
    assert store.load(g, cfg, HOT) is None
    here.stored = ()
    assert store.save(here)
    assert target.read_bytes() == b"a user's file" and not path.is_symlink()  # the link replaced, not followed


def test_no_file_for_altered_rules_or_with_the_cache_off(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path))
    g = load("welcome")
    cfg = replay(_logs(g, 1)[0]).state.cfg
    altered = dataclasses.replace(g, actions=g.actions[:-1] + (dataclasses.replace(g.actions[-1]),))
    assert store._key(altered, cfg) is None
    other = dataclasses.replace(cfg, options={**cfg.options, next(iter(cfg.options)): "?"}) if cfg.options else None
    if other is not None:
        assert store._key(g, other) != store._key(g, cfg)
    monkeypatch.setenv("REFEREE_CACHE_DIR", "")
    here = compiled(g, cfg, HOT)
    here.stored = ()
    assert not store.save(here) and store.load(g, cfg, HOT) is None


def test_a_batch_replays_the_same_from_a_cold_and_a_warm_cache(tmp_path):
    """`referee replay DIR` in fresh processes: the first compiles and keeps, the second
    loads; both print what the rules as written print."""
    logs = tmp_path / "logs"
    logs.mkdir()
    for game in GAMES:
        for i, rows in enumerate(_logs(load(game), 2, seed=41)):
            (logs / f"{game}-{i}.jsonl").write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in rows))
    env = {**os.environ, "REFEREE_CACHE_DIR": str(tmp_path / "cache"),
           "PYTHONPATH": os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}

    def run(*extra: str) -> list:
        r = subprocess.run([sys.executable, "-m", "referee", "replay", str(logs), "-f", "json", "-k", *extra],
                           env=env, capture_output=True, timeout=600)
        assert r.returncode in (0, 1), r.stderr[-2000:]
        return [json.loads(x) for x in r.stdout.splitlines()]  # one verdict a line

    cold = run()
    kept = sorted((tmp_path / "cache" / "compiled").glob("*.pickle"))
    assert kept
    warm = run()
    assert warm == cold == run("--interpreted")


def test_every_object_is_named_alike_in_a_fresh_process():
    """The paths that name the game's objects on disk are the same in this process, after
    replays and explored games, as in a fresh one: no path goes through something that fills
    as a process runs (a list appended to would name another object at the same index)."""
    from referee.checks.scenarios.generator import Generator

    code = ("import sys, json\nfrom referee.model import load\nfrom referee.model.kernel.compile import store\n"
            "from referee.replays.engine import replay\nout = {}\n"
            "for name, log in json.loads(sys.argv[1]).items():\n"
            "    g = load(name)\n    cfg = replay([json.loads(x) for x in log]).state.cfg\n"
            "    out[name] = sorted((repr(p), type(o).__name__) for p, o in store._registry(g, cfg).values())\n"
            "print(json.dumps(out))\n")
    here, logs = {}, {}
    for name in GAMES:
        g = load(name)
        rows = _logs(g, 1)[0]
        logs[name] = [orjson.dumps(r).decode() for r in rows]
        cfg = replay(rows).state.cfg
        gen = Generator(g, seed=3)
        for i in range(2):
            gen.legal_game(i, tag="named", max_steps=60)
        here[name] = [list(x) for x in sorted((repr(p), type(o).__name__) for p, o in store._registry(g, cfg).values())]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
    r = subprocess.run([sys.executable, "-c", code, json.dumps(logs)], env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    assert json.loads(r.stdout) == here


def test_scenarios_keep_what_their_games_compiled(tmp_path, monkeypatch):
    """`referee scenarios` keeps the rules its games compiled, as a replay does: the next run
    under the same rules (a replay of the scenarios, another generation) loads them."""
    from referee.checks.scenarios.families import configurations

    cache = tmp_path / "cache"
    env = {**os.environ, "REFEREE_CACHE_DIR": str(cache)}
    r = subprocess.run([sys.executable, "-c", "from referee.cli.app import main; main()", "scenarios", "welcome",
                        "--family", "random", "--count", "2", "--out", str(tmp_path / "out")],
                       env=env, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    assert list((cache / "compiled").glob("*.pickle"))
    g = load("welcome")
    opts, n = configurations(g)[0]
    cfg = g.configure(opts, None, None, nplayers=n)
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(cache))
    got = store.load(g, cfg, HOT)
    assert got is not None and got._acts
