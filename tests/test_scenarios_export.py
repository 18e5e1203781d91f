"""The pytest export tests the USER's engine (issue 19, item 1). Exported modules are run by
pytest in a subprocess, as a user's suite runs them, against engines plugged in through a
conftest.py `referee_engine` fixture (or REFEREE_ENGINE, or `--engine`): referee's replay
wrapped as an engine is the CONTROL (it must pass everything), and each deliberately broken
engine must FAIL exactly the scenarios its fault touches. Several exports (one game under two
option sets, and another game) sit in one suite, in pytest's default import mode."""
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from referee.checks.scenarios import generate
from referee.model import load

ROOT = Path(__file__).parent.parent

# The engines, written as the user's own module. Each broken one is the control with one fault.
ENGINES = '''
import functools
import json

from referee.checks.scenarios.cites import broken_cites
from referee.model import load
from referee.replays.engine import replay


def control(lines):
    """referee's own replay as an engine: the control, it must pass every scenario."""
    return dict(_replayed(json.dumps(lines)))


@functools.cache  # the folders hold copies of the same logs: each is replayed once
def _replayed(text):
    v = replay(json.loads(text), label="<engine>")
    p = v.first()
    return tuple({"verdict": v.verdict, "line": p and p.line, "field": p and p.field, "cite": p and p.cite,
                  "kind": p and p.kind}.items())


def always_legal(lines):
    return {"verdict": "legal"}


def line_off_by_one(lines):
    got = control(lines)
    return got if got["verdict"] == "legal" else {**got, "line": got["line"] + 1}


def forgotten(lines):
    """Forgets the rule the event breaks and blames another rule of the same action."""
    got = control(lines)
    if got["verdict"] != "illegal" or got["cite"] is None or "do" not in lines[got["line"] - 1]:
        return got
    game = load(lines[0]["game"])
    broken = broken_cites(game, lines, got)
    other = [n.cite for n in game.needs(game.action(lines[got["line"] - 1]["do"])) if n.cite not in broken]
    return {**got, "cite": other[0]} if other else got


def wrong_cite(lines):
    got = control(lines)
    return {**got, "cite": "§0"} if got["verdict"] == "illegal" else got


def verdict_only(lines):
    return {"verdict": control(lines)["verdict"]}


def unreadable_as_illegal(lines):
    got = control(lines)
    return {**got, "verdict": "illegal", "cite": "§0", "field": None} if got["verdict"] == "unreadable" else got


def raises(lines):
    raise RuntimeError("this engine fails on every log")
'''

FIXTURE = '''
import pytest
import engines


@pytest.fixture
def referee_engine():
    return engines.{engine}
'''

ENV = '''
import pytest


@pytest.fixture(autouse=True)
def _engine_variable(monkeypatch):
    monkeypatch.setenv("REFEREE_ENGINE", "engines:{engine}")
'''

BROKEN = ("always_legal", "line_off_by_one", "forgotten", "wrong_cite", "verdict_only", "unreadable_as_illegal",
          "raises")


def _export(d: Path, game: str, family: list, **kw) -> list[dict]:
    # seed 0: its mutants break a play event (a §Monstres Need) as well as draft events, whose
    # Needs all cite §Mise en place: the "forgotten" engine then has another rule to blame
    generate(load(game), d, count=1, seed=0, family=family, fmt="pytest", **kw)
    return json.loads((d / "manifest.json").read_text())["scenarios"]


def _copy_as(src: Path, dst: Path, tag: str) -> None:
    """A copy of an export whose module is renamed, so the copies collect side by side."""
    dst.mkdir(parents=True)
    for p in src.iterdir():
        name = p.name if p.suffix != ".py" else f"{p.stem}_{tag}.py"
        (dst / name).write_bytes(p.read_bytes())


@pytest.fixture(scope="module")
def suite(tmp_path_factory, plugin_path):
    """The suite, run once: {folder: {scenario file: failure text or None}}, and the exports."""
    tmp = tmp_path_factory.mktemp("export-suite")
    (tmp / "engines.py").write_text(ENGINES)
    s = tmp / "suite"
    ex = {}
    # control: a conftest fixture (and a REFEREE_ENGINE that would raise: the fixture comes first)
    ex["draft"] = _export(s / "control" / "draft", "draft", ["random", "mutants", "unreadable"])
    ex["draft5"] = _export(s / "control" / "draft5", "draft", ["mutants", "unreadable"],
                           options={"gold": "5"})  # the same game under other options, beside it
    ex["toy"] = _export(s / "control" / "toy", "toy", ["random", "mutants", "unreadable"])
    (s / "control" / "conftest.py").write_text(FIXTURE.format(engine="control") + ENV.format(engine="raises"))
    for engine in BROKEN:
        _copy_as(s / "control" / "draft", s / engine, engine)
        (s / engine / "conftest.py").write_text(FIXTURE.format(engine=engine))
    ex["lenient"] = _export(s / "lenient" / "a", "draft", ["random", "mutants", "unreadable"], strict=False)
    (s / "lenient" / "conftest.py").write_text(FIXTURE.format(engine="verdict_only"))
    _copy_as(s / "lenient" / "a", s / "lenient_legal", "legal")
    (s / "lenient_legal" / "conftest.py").write_text(FIXTURE.format(engine="always_legal"))
    ex["none"] = _export(s / "none", "draft", ["unreadable"])  # no engine anywhere
    ex["baked"] = _export(s / "baked", "draft", ["unreadable"], engine="engines:control")
    # REFEREE_ENGINE comes before the engine baked in
    ex["env"] = _export(s / "env", "draft", ["unreadable"], engine="engines:raises")
    (s / "env" / "conftest.py").write_text(ENV.format(engine="control"))
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_ENGINE"}
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"  # the installed plugins cost ~1 s to load, none is needed
    env["PYTHONPATH"] = os.pathsep.join([str(tmp), str(ROOT), str(plugin_path)])
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                        f"--junitxml={tmp / 'out.xml'}", f"--rootdir={tmp}", str(s)],
                       cwd=tmp, env=env, capture_output=True, text=True, timeout=300)
    assert "error" not in r.stdout.splitlines()[-1], r.stdout[-3000:]  # everything collected and ran
    got: dict = {}
    for case in ET.parse(tmp / "out.xml").iter("testcase"):
        where = case.get("classname").split(".")  # suite.<folder>[.<export>].<module>
        bad = case.find("failure")
        scen = (where[-1], case.get("name").split("[", 1)[1].rstrip("]") + ".jsonl")  # (module, log)
        got.setdefault(where[1], {})[scen] = None if bad is None else bad.get("message", "") + (bad.text or "")
    return got, ex


def _failed(got: dict, folder: str) -> set:
    """The logs whose test failed in that folder."""
    return {f for (_, f), msg in got[folder].items() if msg is not None}


def _files(scen: list, *verdicts) -> set:
    return {s["file"] for s in scen if s["expect"]["verdict"] in verdicts}


def test_the_control_passes_and_three_exports_collect_in_one_suite(suite):
    """referee's replay as the user's engine (the control) passes every scenario of three
    exports side by side (Draft under two option sets, the toy game), through the conftest
    fixture, though REFEREE_ENGINE names an engine that raises."""
    got, ex = suite
    assert len(got["control"]) == len(ex["draft"]) + len(ex["draft5"]) + len(ex["toy"])
    assert not _failed(got, "control")
    # the set is worth testing: legal, illegal and unreadable scenarios, of both games
    assert _files(ex["draft"], "legal") and _files(ex["draft"], "illegal") and _files(ex["draft"], "unreadable")
    assert _files(ex["toy"], "illegal") and _files(ex["toy"], "unreadable")


@pytest.mark.parametrize("engine, fails", [
    ("always_legal", ("illegal", "unreadable")),
    ("line_off_by_one", ("illegal", "unreadable")),
    ("verdict_only", ("illegal", "unreadable")),
    ("wrong_cite", ("illegal",)),
    ("unreadable_as_illegal", ("unreadable",)),
    ("raises", ("legal", "illegal", "unreadable")),
])
def test_each_broken_engine_fails_the_scenarios_it_gets_wrong(suite, engine, fails):
    got, ex = suite
    assert _failed(got, engine) == _files(ex["draft"], *fails)


def test_an_engine_blaming_another_rule_fails(suite):
    """One § forgotten: the engine reports the § of a Need of the same action that the event
    does not break. Caught on every illegal scenario where the action has such a Need."""
    got, ex = suite
    failed = _failed(got, "forgotten")
    assert failed and failed <= _files(ex["draft"], "illegal")
    assert all("cite '§" in msg and "expected" in msg for msg in got["forgotten"].values() if msg)


def test_lenient_compares_the_verdict_only(suite):
    got, ex = suite
    assert len(got["lenient"]) == len(ex["lenient"]) and not _failed(got, "lenient")
    assert _failed(got, "lenient_legal") == _files(ex["lenient"], "illegal", "unreadable")


def test_without_an_engine_every_test_fails_saying_how_to_plug_one_in(suite):
    got, ex = suite
    assert _failed(got, "none") == _files(ex["none"], "unreadable") and got["none"]
    assert all("no engine to test" in msg and "referee_engine" in msg and "REFEREE_ENGINE" in msg
               for msg in got["none"].values())


def test_the_engine_baked_in_and_the_variable_route(suite):
    """--engine baked into the module runs when nothing else is given; REFEREE_ENGINE comes
    before it (the baked engine there raises)."""
    got, ex = suite
    assert len(got["baked"]) == len(ex["baked"]) and not _failed(got, "baked")
    assert len(got["env"]) == len(ex["env"]) and not _failed(got, "env")


def test_engine_spec_is_checked_at_export(tmp_path):
    from referee.model.kernel import BadInput

    with pytest.raises(BadInput, match="package.module:function"):
        generate(load("draft"), tmp_path / "x", count=1, family="unreadable", fmt="pytest", engine="os; rm")
    assert not (tmp_path / "x").exists()
