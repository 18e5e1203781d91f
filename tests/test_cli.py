"""The command line, as a user meets it: exit codes, formats, the audit -> witness ->
replay round trip."""
import copy
import json
import re
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from referee import schemas
from referee.checks.audit import Audit
from referee.cli.app import app
from referee.model import load

from .test_audit_sarif import SCHEMA as SARIF_SCHEMA, github_problems
from .test_finding_ids import record_ids

EX = Path(__file__).parent.parent / "examples" / "raiders"
run = CliRunner().invoke


def test_replay_legal_and_illegal_exit_codes():
    r = run(app, ["replay", str(EX / "competition-advanced.jsonl")])
    assert r.exit_code == 0 and "legal" in r.stdout
    bad = EX / "competition-advanced.illegal-effect-above-level.jsonl"
    line = json.loads(bad.read_text().splitlines()[0])["expect"]["line"]
    r = run(app, ["replay", str(bad)])
    assert r.exit_code == 1 and "[§6.3]" in r.stdout and f".jsonl:{line}: 'building.use'" in r.stdout


def test_replay_directory_json_and_expect():
    r = run(app, ["replay", str(EX), "--format", "json", "--expect"])
    assert r.exit_code == 0, r.stdout + r.stderr
    rows = [json.loads(x) for x in r.stdout.splitlines()]
    assert len(rows) == len(list(EX.glob("*.jsonl"))) and all(x["expected"] for x in rows)


def test_replay_jobs_gives_the_same_verdicts():
    one = run(app, ["replay", str(EX), "-f", "json"]).stdout
    two = run(app, ["replay", str(EX), "-f", "json", "--jobs", "2"]).stdout
    assert sorted(one.splitlines()) == sorted(two.splitlines())


def test_replay_explain_shows_the_state():
    r = run(app, ["replay", str(EX / "competition-advanced.illegal-too-many-tokens.jsonl"), "--explain"])
    assert r.exit_code == 1 and "│ tokens " in r.stdout and "│ buildings " in r.stdout  # a row per field


def test_unreadable_input_exit_2(tmp_path):
    p = tmp_path / "bad.jsonl"
    p.write_text('{"referee": 1, "game": "raiders", "players": ["A", "B"], "setup": {}}\n')
    r = run(app, ["replay", str(p)])
    assert r.exit_code == 2 and "bad.jsonl:1:" in r.stdout
    assert run(app, ["replay", str(tmp_path / "missing.jsonl")]).exit_code == 2


def test_unknown_game_exit_2():
    assert run(app, ["audit", "chess"]).exit_code == 2
    assert run(app, ["rules", "chess"]).exit_code == 2


def test_rules_and_graph():
    r = run(app, ["rules", "raiders", "-f", "json"])
    rows = json.loads(r.stdout)
    assert r.exit_code == 0 and all(row["cite"].startswith("§") for row in rows)
    assert any(row["kind"] == "need" and row["cite"] == "§6.4" for row in rows)
    dot = run(app, ["graph", "raiders"]).stdout
    assert dot.startswith("digraph") and '"actions" -> "expeditions"' in dot
    mer = run(app, ["graph", "raiders", "-f", "mermaid"]).stdout
    assert mer.startswith("flowchart LR")


@pytest.fixture(scope="module")
def raiders_once():
    """The Raiders audit (--no-witness) runs once for the JSON and SARIF tests: both formats
    are printed from the same findings, as one command would."""
    real, memo = Audit.run, {}

    def once(self):
        key = (self.game.name, tuple(sorted(self.options.items())), self.witnesses, self.prefer)
        if key not in memo:
            memo[key] = real(self)
        return copy.deepcopy(memo[key])

    mp = pytest.MonkeyPatch()
    mp.setattr(Audit, "run", once)
    yield
    mp.undo()


def test_audit_json_finds_the_erratum_without_witnesses(raiders_once):
    r = run(app, ["audit", "raiders", "--no-witness", "-f", "json"])
    assert r.exit_code == 1
    doc = json.loads(r.stdout)
    jsonschema.Draft202012Validator(schemas.load("audit")).validate(doc)  # the shipped schema holds
    doc = doc["games"][0]
    erratum = next(f for f in doc["findings"] if f["id"] == "raiders.contradiction.§6.5.ap_tokens")
    assert erratum["cites"] == ["§6.5"] and set(erratum["sources"]) == {"livret", "tuile"}
    assert any("4 as the livret (the booklet the consolidated rules 0.99 correct) says, 5 as the tuile imprimée says" in d for d in erratum["details"])
    ids = [f["id"] for f in doc["findings"]]  # stable ids: unique, each one the records give (test_finding_ids)
    assert len(set(ids)) == len(ids) and set(ids) <= set(record_ids(load("raiders")))


def test_audit_text_names_every_result_by_its_id(raiders_once):
    """Findings name one another by id ("gap trap_victim_reinforcement"): the text report
    ends each line with its result's id, so every id the JSON report gives is in the text."""
    text = run(app, ["audit", "raiders", "--no-witness"]).stdout
    doc = json.loads(run(app, ["audit", "raiders", "--no-witness", "-f", "json"]).stdout)["games"][0]
    shown = set(re.findall(r"= (raiders\.\S+)", text))
    problems = {f["id"] for f in doc["findings"] if f["severity"]}
    assert problems and problems <= shown, sorted(problems - shown)[:5]
    assert shown <= {f["id"] for f in doc["findings"]} and any(".invariant." in i for i in shown)


def test_audit_sarif(raiders_once):
    r = run(app, ["audit", "raiders", "--no-witness", "-f", "sarif"])
    doc = json.loads(r.stdout)
    assert doc["version"] == "2.1.0" and doc["runs"][0]["results"]
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(doc)  # a real audit's SARIF: OASIS and GitHub
    assert github_problems(doc) == []


def test_audit_witnesses_replay_to_their_findings(tmp_path):
    """The round trip: every witness the audit writes replays legally, and where it is the
    witness of an ambiguity, the replay shows the rules option deciding that question."""
    r = run(app, ["audit", "raiders", "--witness-dir", str(tmp_path), "--witness-seconds", "2", "--budget", "15"])
    assert r.exit_code == 1
    files = sorted((tmp_path / "raiders").glob("*.jsonl"))
    assert files, "the audit found no witness at all"
    r = run(app, ["replay", str(tmp_path / "raiders"), "--expect"])
    assert r.exit_code == 0, r.stdout + r.stderr


def test_audit_text_places_its_own_section_names_in_the_book():
    """Trolls' book numbers no section: the § names are referee's own, so each line of the
    report says where its § begins, the line its outline.toml gives (a reader mapped them by
    hand, s56). Without the seed the book is not read, and no line is given."""
    import tomllib

    from referee.rulebook.book import seed_file

    text = run(app, ["audit", "trolls", "--no-witness"]).stdout
    placed = re.findall(r"  \S (§[^()\n]+?) \(from line (\d+)\)", text)
    if seed_file(load("trolls")) is None:
        assert placed == []
        return
    outline = {s["cite"]: s["line"] for s in tomllib.loads(
        (Path(__file__).resolve().parent.parent / "referee/model/trolls/outline.toml").read_text(encoding="utf-8"))["section"]}
    assert len(placed) > 20 and all(outline.get(c) == int(n) for c, n in placed if c in outline), placed[:5]
    assert any(c in outline for c, _ in placed)
