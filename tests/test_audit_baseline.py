"""Baselines, ignores and --fail-on (issue #20 item 3), keyed by the stable ids. The command
line runs for real (`referee audit toy --no-witness`), its audit giving the findings of a
real audit of the toy with two rulings and a gap (a hole: error, a conflict: warning, a
gap: info), computed once for the module: what is under test runs after the audit. (A
Welcome audit costs 10 s of CPU a run; the same round trip on it is in docs/audit.md.)"""
import copy
import json

import pytest
from typer.testing import CliRunner

from referee.checks import baseline as B
from referee.checks.audit import Audit
from referee.checks.findings import Finding
from referee.cli.app import app
from referee.model.kernel import Gap

from .test_audit_severity import ruled_toy

run = CliRunner().invoke
AUDIT = ["audit", "toy", "--no-witness"]


@pytest.fixture(scope="module", autouse=True)
def _audit_once():
    toy = ruled_toy(gaps=(Gap("§2", "the pile's size is never given", "10 stones", name="pile_size"),))
    found = Audit(toy, witnesses=False).run()
    assert {f.severity for f in found} >= {"error", "warning", "info"}
    mp = pytest.MonkeyPatch()
    mp.setattr(Audit, "run", lambda self: copy.deepcopy(found))
    yield
    mp.undo()


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # no pyproject.toml above: no ignores unless a test writes one
    return tmp_path


def _json(args):
    r = run(app, AUDIT + ["-f", "json"] + args)
    return r.exit_code, {f["id"]: f for f in json.loads(r.stdout)["games"][0]["findings"]}


def test_without_a_baseline_findings_fail(here):
    assert run(app, AUDIT).exit_code == 1


def test_a_baseline_written_then_read_back_passes_until_a_new_finding_appears(here):
    first = run(app, AUDIT + ["--baseline", "base.json"])
    assert first.exit_code == 0 and "baseline written to base.json" in first.stderr
    doc = json.loads((here / "base.json").read_text(encoding="utf-8"))
    assert doc["version"] == 1 and doc["findings"]
    code, got = _json(["--baseline", "base.json"])
    assert code == 0 and {f["baseline"] for f in got.values() if "baseline" in f} == {"known"}
    # a new finding: one the baseline does not hold (a doctored baseline, as after a rules change)
    gone = sorted(doc["findings"])[0]
    del doc["findings"][gone]
    (here / "base.json").write_text(json.dumps(doc), encoding="utf-8")
    code, got = _json(["--baseline", "base.json"])
    assert code == 1 and got[gone]["baseline"] == "new"
    assert sum(f.get("baseline") == "new" for f in got.values()) == 1
    assert "new" in run(app, AUDIT + ["--baseline", "base.json"]).stdout


def test_a_baseline_of_another_game_is_said(here):
    """A baseline written for another game made every finding new without a word (hostile run)."""
    run(app, AUDIT + ["--baseline", "base.json"])
    doc = json.loads((here / "base.json").read_text(encoding="utf-8"))
    doc["findings"] = {"draft." + k.partition(".")[2]: v for k, v in doc["findings"].items()}
    (here / "base.json").write_text(json.dumps(doc), encoding="utf-8")
    r = run(app, AUDIT + ["--baseline", "base.json"])
    assert r.exit_code == 1 and "a baseline of draft, not of toy: every finding counts as new" in r.stderr
    assert "a baseline of" not in run(app, AUDIT + ["--baseline", "fresh.json"]).stderr


def test_fail_on_counts_only_new_findings_at_or_above_it(here):
    run(app, AUDIT + ["--baseline", "base.json"])
    doc = json.loads((here / "base.json").read_text(encoding="utf-8"))
    info = next(i for i, f in doc["findings"].items() if f["severity"] == "info")
    error = next(i for i, f in doc["findings"].items() if f["severity"] == "error")
    for missing, fail_on, code in ((info, "warning", 0), (info, "info", 1), (error, "error", 1)):
        kept = {k: v for k, v in doc["findings"].items() if k != missing}
        (here / "base.json").write_text(json.dumps({**doc, "findings": kept}), encoding="utf-8")
        assert run(app, AUDIT + ["--baseline", "base.json", "--fail-on", fail_on]).exit_code == code, (missing, fail_on)


def test_ignores_need_a_reason_and_a_reasoned_ignore_passes(here):
    (here / "pyproject.toml").write_text('[tool.referee]\nignore = [\n  {id = "toy.gap.§2.pile_size"},\n]\n',
                                         encoding="utf-8")
    r = run(app, AUDIT)
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert "pyproject.toml:3: tool.referee.ignore[0]: ignoring toy.gap.§2.pile_size needs a reason" \
        in r.stderr
    (here / "pyproject.toml").unlink()
    code, got = _json([])
    ids = sorted(i for i, f in got.items() if f["severity"] or f["status"] == "not established")
    lines = ",\n".join(f'  {{id = "{i}", reason = "acknowledged by the editors"}}' for i in ids)
    (here / "pyproject.toml").write_text(f"[tool.referee]\nignore = [\n{lines}\n]\n", encoding="utf-8")
    code, got = _json([])
    assert code == 0 and {got[i]["baseline"] for i in ids} == {"ignored"}


def test_a_bad_baseline_or_config_is_a_located_error_before_the_audit(here):
    (here / "base.json").write_text("{not json", encoding="utf-8")
    r = run(app, AUDIT + ["--baseline", "base.json"])
    assert r.exit_code == 2 and "base.json:1: the baseline is not JSON" in r.stderr
    (here / "pyproject.toml").write_text("[tool.referee]\nignores = []\n", encoding="utf-8")
    r = run(app, AUDIT)
    assert r.exit_code == 2 and "tool.referee.ignores: unknown key" in r.stderr
    (here / "pyproject.toml").unlink()
    r = run(app, AUDIT + ["--baseline", "no/such/folder/base.json"])
    assert r.exit_code == 2 and "the baseline cannot be written" in r.stderr and "Traceback" not in r.output
    r = run(app, AUDIT + ["--rulebook", "nope.txt"])
    assert r.exit_code == 2 and "--rulebook nope.txt: no such file or folder" in r.stderr


def test_not_established_keeps_failing_unless_baselined():
    unknown = Finding("toy.invariant.§1.x", "toy", "unknown", ["§1"], "x", status="not established")
    gap = Finding("toy.gap.§1.y", "toy", "gap", ["§1"], "y")
    assert B.failing([unknown, gap], {}, "error") == [unknown]  # a gap is info: below --fail-on error
    assert B.failing([unknown, gap], B.marks([unknown, gap], {unknown.id}, {}), "error") == []
