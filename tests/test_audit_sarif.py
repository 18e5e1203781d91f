"""SARIF that GitHub code scanning accepts (issue #20 item 2): valid against the OASIS SARIF
2.1.0 schema (tests/data, source noted there) and GitHub's documented requirements ("SARIF
support for code scanning", "SARIF results exceed limits"): one run per invocation with
its automationDetails category, every result with a ruleId among the rules, a message, a
location relative to a uriBaseId with region.startLine, partialFingerprints; the limits
on runs, results, rules, tags and locations. Findings from the audit's checks that need
no z3 (data, gaps, phase graph, disputed points) for the five games, and the toy's rulings."""
import json
from pathlib import Path

import jsonschema
import pytest

import referee
from referee.checks.audit import Audit
from referee.checks.findings import Finding, finding_id
from referee.checks.rulebook import Rulebook
from referee.checks.sarif import sarif
from referee.model import load

from .test_audit_honesty import _run
from .test_audit_severity import ruled_toy

SCHEMA = json.loads((Path(__file__).parent / "data" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
GAMES = ("raiders", "welcome", "twister", "trolls", "draft")


def _listed(name):
    """A game's findings from the checks that need no solver (the real audit code)."""
    a = Audit(load(name), witnesses=False)
    a.pool = None
    for step in (a.data, a.gaps, a.graph, a.disputed):
        step()
    return a.game, a.findings


def github_problems(doc) -> list[str]:
    """What GitHub's upload refuses or cannot place, per its documented requirements."""
    bad = []
    runs = doc["runs"]
    if doc.get("version") != "2.1.0" or not 1 <= len(runs) <= 20:
        bad.append("version 2.1.0 and 1 to 20 runs")
    cats = [(r["tool"]["driver"]["name"], r.get("automationDetails", {}).get("id", "").rsplit("/", 1)[0]) for r in runs]
    if len(set(cats)) != len(cats) or any(not c for _, c in cats):
        bad.append(f"each run needs its own automationDetails category: {cats}")
    for run in runs:
        drv = run["tool"]["driver"]
        rules = {r["id"]: r for r in drv.get("rules", [])}
        if not drv.get("name") or not (drv.get("version") or drv.get("semanticVersion")):
            bad.append("the driver needs a name and a version")
        if "example.invalid" in json.dumps(drv):
            bad.append("informationUri example.invalid")
        if len(rules) > 25_000 or len(run["results"]) > 25_000:
            bad.append("over 25,000 rules or results")
        for rid, r in rules.items():
            if len(r.get("properties", {}).get("tags", [])) > 20 or not r.get("shortDescription", {}).get("text"):
                bad.append(f"{rid}: over 20 tags or no shortDescription")
            if not (r.get("help", {}).get("text") and r["shortDescription"]["text"].split()[0].startswith("§")):
                bad.append(f"{rid}: a rule names its § and has help text")
        bases = run.get("originalUriBaseIds", {})
        for res in run["results"]:
            rid = res.get("ruleId", "")
            if rid not in rules or not res.get("message", {}).get("text") or not res.get("partialFingerprints"):
                bad.append(f"{rid}: ruleId among the rules, a message and partialFingerprints")
            locs = res.get("locations", [])
            if not 1 <= len(locs) <= 1000:
                bad.append(f"{rid}: 1 to 1000 locations")
                continue
            phys = locs[0].get("physicalLocation", {})
            art, region = phys.get("artifactLocation", {}), phys.get("region", {})
            if not art.get("uri") or art["uri"].startswith(("/", "file:", "..")) or art.get("uriBaseId") not in bases:
                bad.append(f"{rid}: a relative uri under a declared uriBaseId, got {art}")
            if not isinstance(region.get("startLine"), int) or region["startLine"] < 1:
                bad.append(f"{rid}: region.startLine")
    return bad


def _check(doc):
    jsonschema.Draft4Validator(SCHEMA).validate(doc)
    assert github_problems(doc) == []


def test_every_game_in_one_run_is_valid_and_accepted():
    results = []
    for name in GAMES:
        game, fs = _listed(name)
        results.append((game, fs, Rulebook.of(game)))
    doc = sarif(results)
    _check(doc)
    run = doc["runs"][0]
    assert run["automationDetails"]["id"] == "referee-audit/raiders+welcome+twister+trolls+draft/"
    assert run["tool"]["driver"]["version"] == referee.__version__ and run["results"]
    assert {r["ruleId"].split(".")[0] for r in run["results"]} == set(GAMES)


def test_a_toy_audits_rulings_are_results_at_their_level():
    g = ruled_toy()
    _, fs = _run(g)
    book = Rulebook.from_lines(Path("toy.txt"), ("Nim", "§1. Taking", "§2. The end"))
    doc = sarif([(g, fs, book)])
    _check(doc)
    got = {r["ruleId"]: (r["level"], r["locations"][0]["physicalLocation"]["region"]["startLine"])
           for r in doc["runs"][0]["results"]}
    assert got == {"toy.gap.§1.who": ("error", 2), "toy.ambiguity.§1.both": ("warning", 2)}  # no answer; two answers


def test_a_result_sits_at_its_heading_line_and_degrades_to_line_1_saying_why():
    game = load("raiders")
    book = Rulebook.of(game)
    if book.path is None:
        pytest.skip("the Raiders rulebook (../shared/seeds) is not on this machine")
    f = Finding(finding_id("raiders", "gap", "§6.5", "x"), "raiders", "gap", ["§6.5"], "a gap")
    res = sarif([(game, [f], book)])["runs"][0]["results"][0]
    line = res["locations"][0]["physicalLocation"]["region"]["startLine"]
    assert book.path.read_text(encoding="utf-8").splitlines()[line - 1].startswith("§6.5.")
    assert res["locations"][0]["physicalLocation"]["artifactLocation"] == {"uri": game.rulebook, "uriBaseId": "RULEBOOKS"}
    gone = sarif([(game, [f], Rulebook(None))])["runs"][0]["results"][0]
    assert gone["locations"][0]["physicalLocation"]["region"]["startLine"] == 1
    assert "the rulebook file was not found" in gone["message"]["text"]
    _check(sarif([(game, [f], Rulebook(None))]))


def test_the_checker_refuses_what_github_refuses():
    game, fs = _listed("welcome")
    doc = sarif([(game, fs, Rulebook.of(game))])
    two_runs = {**doc, "runs": doc["runs"] * 2}  # same tool, same category: refused since July 2025
    no_line = json.loads(json.dumps(doc))
    del no_line["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]
    assert github_problems(two_runs) and github_problems(no_line)
