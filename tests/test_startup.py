"""What a replay imports (issue 18, start-up): a fresh process that only replays never loads
the prover, the graph library, the command line or the other commands. Each test reads
`sys.modules` in one fresh interpreter running this checkout, over one legal log per game."""
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOGS = [str(ROOT / "examples" / p) for p in (
    "draft/finding-reserve-dry.jsonl", "raiders/competition-advanced.jsonl", "trolls/legal-full-game.jsonl",
    "twister/game1.jsonl", "welcome/2p-barbarian-elimination.jsonl")]


# A built-in game's replay never scans the installed plugins (model/__init__.py): a scan fails here.
SCANS_NO_PLUGIN = ("import importlib.metadata\n"
                   "def _scan(**kw):\n    raise SystemExit('the installed plugins were scanned')\n"
                   "importlib.metadata.entry_points = _scan\n")


def _imported(code: str, logs: list[str] = LOGS) -> dict:
    """Run `code` (which sets `out`) in a fresh interpreter; `out` and the modules loaded."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
    tail = "\nimport json\nprint(json.dumps({'out': out, 'modules': sorted(sys.modules)}))\n"
    r = subprocess.run([sys.executable, "-c", "import sys\n" + code + tail, *logs], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    return json.loads(r.stdout.splitlines()[-1])


def _among(modules: list[str], packages: tuple[str, ...]) -> list[str]:
    return [m for m in modules if m in packages or m.startswith(tuple(p + "." for p in packages))]


def test_import_referee_loads_no_cli_prover_graphs_or_metadata():
    got = _imported("import referee\nout = referee.__name__")
    assert _among(got["modules"], ("referee.cli", "z3", "networkx", "typer", "rich", "jsonschema",
                                   "pydantic", "importlib.metadata")) == []


def test_api_replay_loads_no_cli_prover_or_graphs():
    got = _imported(SCANS_NO_PLUGIN + "import referee\nout = [referee.replay(p).verdict for p in sys.argv[1:]]")
    assert got["out"] == ["legal"] * len(LOGS)
    assert _among(got["modules"], ("z3", "networkx", "typer", "rich", "jsonschema", "pydantic",
                                   "referee.cli", "referee.checks")) == []


def test_cli_replay_loads_only_the_replay_command():
    """`referee replay` builds the replay command alone: not the audit's, the scenarios' or any
    other command's module, nor what they need (z3, networkx, jsonschema, referee.checks), nor
    pydantic for its options (cli/plain.py), nor rich for plain lines (cli/common.py). One log: what each game's model imports is the
    test above's."""
    got = _imported(SCANS_NO_PLUGIN + "from referee.cli.app import main\n"
                    "sys.argv = ['referee', 'replay', *sys.argv[1:], '-f', 'json', '-j', '1']\n"
                    "try:\n    main()\nexcept SystemExit as e:\n    out = e.code\n", LOGS[-1:])
    assert got["out"] == 0
    others = tuple(f"referee.cli.{c}" for c in ("audit", "scenarios", "differential", "graph", "rules",
                                                "coverage", "schema", "progress", "why"))
    assert _among(got["modules"], ("z3", "networkx", "jsonschema", "pydantic", "rich", "referee.checks",
                                    *others)) == []
    assert "referee.cli.replay" in got["modules"]  # the command did run through the CLI


def _parsed(cmd, argv: list[str]) -> str:
    """What typer makes of `argv`: the parameters' values (types shown), or the usage error."""
    try:
        with cmd.make_context(cmd.name, list(argv)) as ctx:
            return repr(sorted(ctx.params.items()))
    except Exception as e:  # noqa: BLE001 - the error is the result compared
        return f"{type(e).__name__}: {e.format_message() if hasattr(e, 'format_message') else e}"


def test_parameters_read_without_pydantic_are_typers_values_and_errors(monkeypatch):
    """cli/plain.py reads plain values without typer's pydantic wrapper: each command line
    gives the same values (same types) or the same error as typer's own coercion."""
    from typer.core import TyperCommand

    from referee.cli.app import command

    log, comp = LOGS[-1], str(ROOT / "referee" / "model" / "raiders" / "components")
    cases = {"replay": [[log], [log, str(ROOT / "examples"), "-"], [""], ["no-such.jsonl"], ["x\udcff.jsonl"], [],
                        [log, "-j", "2"], [log, "-j", "0"], [log, "-j", "x"], [log, "-j", "1_0"], [log, "-j", " 3"],
                        [log, "-j", "007"], [log, "-j", "9" * 25], [log, "-j", "٣"], [log, "-f", "json"],
                        [log, "-f", "JSON"], [log, "-f", "xml"], [log, "--components", comp], [log, "--components", ""],
                        [log, "--prefer", "livret"], [log, "--prefer", ""], [log, "--why", "3"], [log, "-k", "-e"]],
             "audit": [["raiders"], ["chess"], [], ["draft", "--budget", "2"], ["draft", "--budget", "-1"]],
             "graph": [["twister", "-f", "svg"], ["twister", "-f", "png"]]}
    monkeypatch.setenv("REFEREE_SCHEDULER", "tcp://nowhere:1")  # an envvar's value is read too
    for name, argvs in cases.items():
        plain, typers = command(name), command(name, cls=TyperCommand)
        for argv in argvs:
            assert _parsed(plain, argv) == _parsed(typers, argv), (name, argv)
