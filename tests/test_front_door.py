"""The front door (`import referee`), as a Python user meets it: sources of a log, a game
in progress, the error family, threads, stdin, the README's examples."""
import doctest
import io
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

import referee
from referee.cli.app import app
from referee.model.kernel import BadInput, IllegalSetup

ROOT = Path(__file__).parent.parent
EXAMPLES = sorted((ROOT / "examples").rglob("*.jsonl"))
WELCOME = ROOT / "examples" / "welcome" / "2p-warrior-two-successes.jsonl"


def test_readme_api_examples_run():
    """The README's "Python API" section runs as written (from the repository's root)."""
    import os

    here = os.getcwd()
    os.chdir(ROOT)
    try:
        res = doctest.testfile(str(ROOT / "README.md"), module_relative=False, verbose=False)
    finally:
        os.chdir(here)
    assert res.attempted >= 10 and res.failed == 0


@pytest.mark.parametrize("how", ["path", "str-path", "text", "bytes", "text-stream", "binary-stream",
                                 "str-lines", "byte-lines", "dicts"])
def test_every_source_gives_the_same_verdict(how):
    text = WELCOME.read_text(encoding="utf-8")
    source = {
        "path": WELCOME, "str-path": str(WELCOME), "text": text, "bytes": text.encode(),
        "text-stream": io.StringIO(text), "binary-stream": io.BytesIO(text.encode()),
        "str-lines": text.splitlines(), "byte-lines": text.encode().splitlines(),
        "dicts": [orjson.loads(x) for x in text.splitlines() if x.strip()],
    }[how]
    want = referee.replay(WELCOME).to_json()
    got = referee.load("welcome").replay(source).to_json()
    assert {**got, "file": None} == {**want, "file": None}


def test_a_log_of_another_game_or_clashing_options_is_unreadable():
    v = referee.load("raiders").replay(WELCOME)
    assert v.verdict == "unreadable" and v.first().field == "game" and v.first().line == 1
    rows = [orjson.loads(x) for x in WELCOME.read_bytes().splitlines()]
    opts = referee.load("welcome").options
    assert opts == {}
    name = referee.load("welcome").game.options[0].name
    values = list(referee.load("welcome").game.options[0].choices)
    rows[0]["options"] = {name: values[0]}
    v = referee.load("welcome", options={name: values[1]}).replay(rows)
    assert v.verdict == "unreadable" and v.first().field == f"options.{name}"


def test_unknown_game_and_bad_option_are_unreadable():
    with pytest.raises(referee.Unreadable):
        referee.load("chess")
    with pytest.raises(referee.Unreadable):
        referee.load("welcome", options={"no-such-option": "x"})


@pytest.mark.parametrize("name", referee.games())
def test_play_random_games_through_the_front_door(name):
    """Random legal games pushed one event at a time: every legal move is accepted by push,
    and the game played replays to the same end, event for event."""
    rules = referee.load(name)
    rng = random.Random(7)
    play = rules.new()
    for _ in range(120):
        if play.result() is not None:
            break
        moves = play.legal_moves()
        if not moves:
            break
        ev = rng.choice(moves)
        assert play.is_legal(ev)
        play.push(ev)
    v = rules.replay(play.log())
    assert v.verdict == "legal", v.first()
    assert v.events == len(play.events)
    assert (v.outcome is None) == (play.result() is None)


def test_push_refuses_what_the_rules_forbid_and_apply_trusts_it():
    play = referee.load("welcome").new(["Ana", "Ben"])
    illegal = {"by": "Ben", "do": play.legal_moves()[0]["do"]}
    with pytest.raises(referee.RefereeError) as e:
        play.push(illegal)
    assert e.value.exit_code in (1, 2)
    with pytest.raises(referee.Unreadable) as u:
        play.push({"by": "Ana", "do": "no-such-event"})
    assert u.value.exit_code == 2 and u.value.field == "do"
    first = play.legal_moves()[0]
    play.push(first)
    again = {**first}
    with pytest.raises(referee.Illegal) as i:
        play.push(again)  # the bid phase is over: the first Need says which § forbids it
    assert i.value.exit_code == 1 and i.value.cite.startswith("§")


def test_the_error_family():
    assert issubclass(referee.Unreadable, referee.RefereeError)
    assert issubclass(referee.Illegal, referee.RefereeError) and referee.Illegal.exit_code == 1
    assert referee.Unreadable.exit_code == 2
    assert issubclass(BadInput, referee.Unreadable)
    # a readable setup that breaks a rule is illegal (exit 1), never "unreadable"
    assert issubclass(IllegalSetup, referee.Illegal) and not issubclass(IllegalSetup, BadInput)
    e = referee.Unreadable("what, why", file="g.jsonl", line=3, cite="§2")
    assert e.located() == "g.jsonl:3: what, why [§2]"


def test_threads_give_the_verdicts_of_a_sequential_run():
    """Every field of every verdict, the options' trace included, is the same replayed in
    8 threads as one after another (the trace is per context, not per process)."""
    seq = [referee.replay(p).to_json() for p in EXAMPLES]
    with ThreadPoolExecutor(8) as pool:
        par = list(pool.map(lambda p: referee.replay(p).to_json(), EXAMPLES * 2))
    assert par == seq + seq
    assert any(v["decided"] for v in seq)  # the trace is exercised, not vacuous


def test_replay_dash_reads_stdin():
    run = CliRunner().invoke
    r = run(app, ["replay", "-"], input=WELCOME.read_bytes())
    assert r.exit_code == 0 and r.stdout.startswith("<stdin>: legal, 36 events")
    bad = ROOT / "examples" / "welcome" / "bad-axe-twice.jsonl"
    r = run(app, ["replay", "-", "-f", "json"], input=bad.read_bytes())
    assert r.exit_code == 1 and orjson.loads(r.stdout)["file"] == "<stdin>"
    r = run(app, ["replay", "-", str(WELCOME)])
    assert r.exit_code == 2


def test_version_and_python_dash_m():
    r = CliRunner().invoke(app, ["--version"])
    assert r.exit_code == 0 and r.stdout.strip() == f"referee {referee.__version__}"
    p = subprocess.run([sys.executable, "-m", "referee", "replay", "-"], input=WELCOME.read_bytes(),
                       capture_output=True, cwd=ROOT, timeout=120)
    assert p.returncode == 0 and b"legal, 36 events" in p.stdout


def test_game_names_are_choices():
    r = CliRunner().invoke(app, ["rules", "chess"])
    assert r.exit_code == 2


def test_checks_have_no_import_cycle():
    """checks/ is layered: no module of it (its packages' modules included) imports, at any
    depth, a module that imports it. A package's __init__ is its own node: it re-exports
    its modules, which import each other, never the package."""
    import ast

    import networkx as nx

    root = ROOT / "referee" / "checks"

    def name_of(f):
        rel = f.relative_to(root).with_suffix("").parts
        return ".".join(rel[:-1] if rel[-1] == "__init__" else rel) or "checks"

    known = {name_of(f) for f in root.rglob("*.py")}
    g = nx.DiGraph()
    for f in root.rglob("*.py"):
        me = name_of(f)
        g.add_node(me)
        pkg = me.split(".") if f.name == "__init__.py" else me.split(".")[:-1]
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = pkg[: len(pkg) - (node.level - 1)] if node.level > 1 else pkg
                if node.level - 1 > len(pkg):
                    continue  # outside checks/
                heads = [".".join(base + node.module.split("."))] if node.module else \
                    [".".join(base + [a.name]) for a in node.names]
                for h in heads:
                    # the deepest checks module named (a package or one of its modules)
                    while h and h not in known:
                        h = h.rpartition(".")[0]
                    if h and h != me:
                        g.add_edge(me, h)
    assert {"audit", "scenarios", "scenarios.boundary", "witness"} <= set(g)
    assert g.has_edge("audit.run", "witness") and g.has_edge("scenarios.generator", "scenarios.boundary")
    assert list(nx.simple_cycles(g)) == []


def test_a_game_derived_by_dataclasses_replace_has_caches_of_its_own():
    # was: the copy shared the original's dicts, so it still knew an action it no longer has
    import dataclasses

    from referee.model import load

    g = load("welcome")
    g.configured({}, None, None, 2)
    last = g.actions[-1].name  # and the gaps that bite on it: a gap names known events only
    h = dataclasses.replace(g, actions=g.actions[:-1], gaps=tuple(x for x in g.gaps if last not in x.on))
    assert h._configs == {} and h._by_name is not g._by_name
    assert h.action(g.actions[-1].name) is None and g.action(g.actions[-1].name) is not None
