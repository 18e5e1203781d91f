"""Progress of the long commands: drawn on a terminal only (per game and per check in the
audit, per family in the scenarios), nothing at all in a pipe."""
import io
import json

from rich.console import Console
from typer.testing import CliRunner

from referee.checks.audit import Audit
from referee.checks.scenarios import build
from referee.cli.app import app
from referee.cli.progress import Shown
from tests import toygame


def audited(console: Console) -> list[str]:
    told = []
    shown = Shown(console, 1, "audit")
    for g in shown.each([toygame.GAME]):
        Audit(g, witnesses=False, progress=lambda step: (told.append(step), shown(step))).run()
    return told


def test_nothing_is_drawn_when_stderr_is_not_a_terminal():
    f = io.StringIO()
    told = audited(Console(file=f))
    assert told[:3] == ["data", "gaps", "graph"] and "invariants" in told  # the hook is called ...
    assert f.getvalue() == ""  # ... and draws nothing


def test_a_terminal_sees_the_game_and_each_check():
    f = io.StringIO()
    told = audited(Console(file=f, force_terminal=True, width=120))
    drawn = f.getvalue()
    assert "invariants" in told
    for step in told:
        assert f"toy: {step}" in drawn
    assert "invariants" in told


def test_a_terminal_sees_each_scenario_family():
    f = io.StringIO()
    with Shown(Console(file=f, force_terminal=True, width=120), 4, "toy scenarios") as shown:
        build(toygame.GAME, count=1, family="all", progress=shown.next)
    assert all(fam in f.getvalue() for fam in ("random", "boundary", "mutants", "unreadable"))


def test_cli_audit_in_a_pipe_prints_no_progress():
    r = CliRunner().invoke(app, ["audit", "toy", "--no-witness", "-f", "json"])
    assert r.exit_code in (0, 1), r.stderr
    assert r.stderr == "" and json.loads(r.stdout)["games"][0]["game"] == "toy"
