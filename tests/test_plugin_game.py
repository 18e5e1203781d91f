"""A sixth game from the front door alone: tests/toygame.py (Nim) imports nothing but
`referee`, is registered as an installed plugin is (tests/conftest.py), and then works
everywhere a built-in game does, from the command line of another process too."""
import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import orjson

import referee
from referee.model import BUILTIN, load, names

ROOT = Path(__file__).parent.parent
TOY = ROOT / "tests" / "toygame.py"
DOC = ROOT / "docs" / "writing-a-game.md"


def test_the_toy_imports_only_what_referee_exports():
    tree = ast.parse(TOY.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("referee"):
            assert node.module == "referee", f"line {node.lineno}: imports from {node.module}"
            assert all(a.name in referee.__all__ for a in node.names), [a.name for a in node.names]
        if isinstance(node, ast.Import):
            assert not any(a.name.startswith("referee.") for a in node.names), node.lineno


def test_the_docs_list_exactly_the_exported_names_for_writing_a_game():
    """docs/writing-a-game.md's table of names is the one `referee` exports for it."""
    text = DOC.read_text()
    block = text.split("<!-- exports -->")[1]
    listed = set(re.findall(r"`([A-Za-z_]+)`", block))
    exported = set(referee.__all__[referee.__all__.index("Action"):])
    assert listed == exported, (sorted(listed - exported), sorted(exported - listed))


def test_the_toy_is_registered_after_the_builtins_and_never_shadows_them():
    assert names()[:len(BUILTIN)] == list(BUILTIN) and "toy" in names()
    assert load("toy").title == "Nim" and referee.load("toy").game is load("toy")


def test_a_game_that_ends_within_a_few_moves_is_played_to_its_end():
    play = referee.load("toy").new()
    for k in (3, 3, 3, 1):
        play.push({"by": play.players[len(play.events) % 2], "do": "take", "k": k})
    assert play.result()["winners"] == [play.players[1]]
    assert referee.load("toy").replay(play.log()).verdict == "legal"


def _cli(plugin_path, *argv, cwd=None):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(plugin_path), str(ROOT)])}
    return subprocess.run([sys.executable, "-m", "referee", *argv], capture_output=True, text=True, env=env,
                          cwd=cwd or ROOT, timeout=120)


def test_the_plugin_runs_from_the_command_line_of_another_process(plugin_path, tmp_path):
    r = _cli(plugin_path, "audit", "toy")
    assert r.returncode == 0 and "toy: 0 findings" in r.stdout, r.stdout + r.stderr
    r = _cli(plugin_path, "scenarios", "toy", "--out", str(tmp_path / "s"), "--count", "2")
    assert r.returncode == 0, r.stderr
    r = _cli(plugin_path, "replay", str(tmp_path / "s"), "--expect", "--format", "json")
    rows = [orjson.loads(x) for x in r.stdout.splitlines()]
    assert r.returncode == 0 and rows and all(x["expected"] for x in rows), r.stdout[-2000:] + r.stderr
    log = tmp_path / "nim.jsonl"
    log.write_bytes(b"\n".join(orjson.dumps(x) for x in [
        {"referee": 1, "game": "toy", "players": ["Ana", "Ben"]},
        {"n": 1, "by": "Ana", "do": "take", "k": 3}, {"n": 2, "by": "Ana", "do": "take", "k": 1}]) + b"\n")
    r = _cli(plugin_path, "replay", str(log))
    assert r.returncode == 1 and "nim.jsonl:3:" in r.stdout + r.stderr and "§1" in r.stdout + r.stderr
