"""referee differential (docs/differential.md): another engine compared with referee through
protocol 1, and referee compared with itself under another reading.

The engine with seeded faults is tests/differential/faulty_engine.py (the toy game, Nim,
judged by referee's replay with the turn guard skipped, the option `start` read the other
way and the take's range one too long). Each fault shows as its own class on the four
hand-written logs below, and the run without faults agrees on all of them, so a runner
that misses a fault, misclassifies it or reports a disagreement where there is none fails."""
import os
import sys
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

import referee
from referee.cli.app import app
from referee.conformance import EngineFailed, differential, schema
from referee.conformance.engine import request

ROOT = Path(__file__).resolve().parent.parent
FAULTY = [sys.executable, "-m", "tests.differential.faulty_engine"]


def _log(dirpath: Path, name: str, start: str, takes: list, result: str | None = None) -> Path:
    rows = [{"referee": 1, "game": "toy", "options": {"start": start}, "players": ["Ana", "Ben"]}]
    rows += [{"n": i, "by": by, "do": "take", "k": k} for i, (by, k) in enumerate(takes, 1)]
    if result:
        rows.append({"result": {"winner": result}})
    p = dirpath / f"{name}.jsonl"
    p.write_bytes(b"\n".join(orjson.dumps(r) for r in rows) + b"\n")
    return p


@pytest.fixture
def logs(tmp_path, monkeypatch, plugin_path):
    # the engine subprocess imports tests.* and finds the toy game as a plugin
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(ROOT), str(plugin_path)]))
    return [
        # a complete game of 10: read as 12, the result line claims an end not reached
        _log(tmp_path, "complete10", "10", [("Ana", 3), ("Ben", 3), ("Ana", 3), ("Ben", 1)], "Ben"),
        # Ben takes out of turn at event 3 (line 4)
        _log(tmp_path, "outofturn", "10", [("Ana", 1), ("Ben", 1), ("Ben", 1), ("Ana", 1), ("Ben", 1)]),
        # 4 stones: past the take's range, so line 2 cannot be read (field k)
        _log(tmp_path, "four", "10", [("Ana", 4)]),
        # a game of 12 cut short, legal under either reading of `start`
        _log(tmp_path, "short12", "12", [("Ana", 1), ("Ben", 1)]),
    ]


def _classes(rep):
    return {(f.klass.kind, f.klass.a, f.klass.b, f.klass.explained_by) for f in rep.classes}


def test_each_seeded_fault_is_its_own_class_with_a_shrunk_log(logs):
    rep = referee.differential(logs, engine=FAULTY)  # the front door's form
    assert (rep.logs, rep.agree, rep.code) == (4, 1, 1)
    assert _classes(rep) == {
        ("legal/illegal", "-", "§2", "start=12"),  # the option read the other way (its result, early, cites the end §2)
        ("illegal/legal", "§1", "-", None),  # the turn guard skipped
        ("unreadable/legal", "field k", "-", None),  # the range one too long
    }
    guard = next(f for f in rep.classes if f.klass.a == "§1")
    assert guard.example.name.endswith("outofturn.jsonl")
    assert len(guard.minimal) < len(guard.example.lines) == 6
    # the shrunk log still shows the class: referee says §1 on it, the engine legal
    v = referee.load("toy").replay(guard.minimal)
    assert (v.verdict, v.first().cite, guard.minimal_b.verdict) == ("illegal", "§1", "legal")
    assert guard.minimal_a.line == v.first().line


FAMILIES = ["random", "mutants", "unreadable"]  # boundary's z3 search adds a second and no fault


def test_an_engine_without_faults_agrees_on_every_scenario_and_log(logs):
    """The same engine with no fault: the protocol's round trip loses nothing (unreadable
    fields, lines without §, result lines), so no disagreement is invented."""
    rep = differential(logs, engine=[*FAULTY, "none"], game="toy", count=2, family=FAMILIES)
    assert rep.logs > 10 and (rep.agree, rep.classes, rep.code) == (rep.logs, [], 0)


def test_scenarios_find_the_seeded_classes(logs):
    """referee's own scenarios of the toy game: whatever the scenarios hold, the only
    classes no option explains are the skipped guard and the range, and every other one is
    the option read the other way."""
    rep = differential(engine=FAULTY, game="toy", count=2, family=FAMILIES, shrink=False)
    unexplained = {c[:3] for c in _classes(rep) if c[3] is None}
    assert unexplained == {("illegal/legal", "§1", "-"), ("unreadable/legal", "field k", "-")}
    assert {c[3] for c in _classes(rep)} - {None} <= {"start=10", "start=12"}
    assert any(c[3] for c in _classes(rep))


@pytest.mark.parametrize("script, said", [
    ("import sys; sys.exit(3)", "exited with code 3"),
    ("import time; time.sleep(30)", "no answer within 0.5 s"),
    ("import sys; sys.stdin.readline(); print('{\"id\": 1, \"verdict\": \"maybe\"}', flush=True)",
     "stdout line 1 (the answer to"),
    ("import sys; sys.stdin.readline(); print('not json', flush=True)", "not a JSON object"),
    # a hostile run (s53 G3): a flood of stderr was held whole, 9 GB in 5 s; its end is kept
    ("import sys\nwhile True: sys.stderr.write('e' * 65536 + 'END')", "its stderr ends: "),
    ("import sys; sys.stderr.write('why it failed'); sys.exit(4)", "exited with code 4); its stderr ends: why it failed"),
])
def test_a_dead_silent_or_malformed_engine_is_its_fault_located(logs, script, said):
    with pytest.raises(EngineFailed) as e:
        differential(logs[3:], engine=[sys.executable, "-c", script], timeout=0.5)
    assert said in str(e.value) and e.value.exit_code == 2


def test_the_published_schemas_are_json_schemas():
    jsonschema = pytest.importorskip("jsonschema", reason="the differential extra")
    for which in ("request", "answer"):
        jsonschema.Draft202012Validator.check_schema(schema(which))
    bad = {"id": 1, "verdict": "illegal"}  # an illegal verdict says at which line
    assert list(jsonschema.Draft202012Validator(schema("answer")).iter_errors(bad))
    sent = request(3, referee.load("toy").game, "x", [b'{"referee": 1}', b"not json \xff"])
    jsonschema.validate(sent, schema("request"))
    assert sent["lines"][1] == "not json \ufffd"


RAIDERS = ROOT / "examples" / "raiders"
run = CliRunner().invoke


def test_against_the_booklet_names_the_game_the_erratum_changes_and_where():
    """§6.5: the booklet gives no token at the Avant-Poste's level 3, the printed tile one.
    normal-advanced raises it to level 3 and places 6 tokens at line 270: legal as
    consolidated, illegal (§6.1) under the booklet. competition-initiation never does, and
    keeps its verdict. (The examples were made again in session 37: a building's tokens are
    bounded by the white circles of the effects its level gives.)"""
    changed, kept = RAIDERS / "normal-advanced.jsonl", RAIDERS / "competition-initiation.jsonl"
    r = run(app, ["differential", "--against", "prefer=livret", str(changed), str(kept), "-f", "json"])
    assert r.exit_code == 1, r.output
    doc = orjson.loads(r.stdout)
    assert (doc["logs"], doc["agree"]) == (2, 1)
    assert [(c["name"], c["a"]["verdict"], c["b"]["verdict"], c["b"]["line"], c["b"]["cite"]) for c in doc["changes"]] == [
        (str(changed), "legal", "illegal", 270, "§6.1")]
    assert doc["b"] == "referee (prefer=livret)"


def test_usage_errors_exit_2_without_a_traceback(tmp_path):
    for args in ([], ["--engine", "x", "--against", "prefer=livret"],
                 ["--against", "prefer=nobody", str(RAIDERS / "normal-pvp.jsonl")],
                 ["--against", "prefer", str(RAIDERS / "normal-pvp.jsonl")],
                 ["--engine", str(tmp_path / "no-such-engine"), str(RAIDERS / "normal-pvp.jsonl")],
                 ["--engine", "x", str(tmp_path / "no-such.jsonl")],
                 ["--engine", "", str(RAIDERS / "normal-pvp.jsonl")],
                 ["--engine", "'unbalanced", str(RAIDERS / "normal-pvp.jsonl")],
                 # a reading against itself could never disagree: said, not "1 agree" (hostile run, s61)
                 ["--against", "caps=refused", "-o", "caps=refused", str(RAIDERS / "normal-pvp.jsonl")]):
        r = run(app, ["differential", *args])
        assert r.exit_code == 2 and isinstance(r.exception, SystemExit), (args, r.output)
        assert r.stderr.startswith("referee: "), (args, r.stderr)


def test_a_reading_no_game_takes_is_refused_before_the_scenarios_are_played(monkeypatch):
    """`-g draft -n 100000 --against prefer=x` played its scenarios for minutes before saying
    the source is unknown (hostile run): every reading is checked first."""
    import referee.conformance as conformance

    monkeypatch.setattr(conformance, "scenario_cases", lambda *a, **k: pytest.fail("scenarios played first"))
    for args in (["--against", "prefer=x"], ["--against", "nosuch=1"], ["-o", "nosuch=1", "--against", "tie=gold"]):
        r = run(app, ["differential", "-g", "draft", "-n", "100000", *args])
        assert r.exit_code == 2 and r.stderr.startswith("referee: draft: "), (args, r.output)


def test_against_reads_packed_corpora_and_names_each_game(logs, tmp_path):
    """A stream of games (*.games.jsonl) is judged game by game, named by its header's line;
    only the game whose verdict the other `start` changes is listed, at its result line."""
    stream = tmp_path / "two.games.jsonl"
    stream.write_bytes(logs[0].read_bytes() + logs[3].read_bytes())
    rep = differential([stream], against={"start": "12"})
    assert [(c["name"], c["b"]["verdict"], c["b"]["line"]) for c in rep.changes] == [(f"{stream}#1", "illegal", 6)]
    assert (rep.logs, rep.agree, rep.classes[0].minimal) == (2, 1, None)  # no shrinking unless asked


def test_an_answer_giving_a_key_twice_is_the_engine_s_fault(tmp_path):
    """An answer with "verdict" twice was read by its last value and counted as a
    disagreement (session 43's hostile run); a log giving a key twice is unreadable."""
    engine = tmp_path / "dup.py"
    engine.write_text("import sys, json\nfor l in sys.stdin:\n    r = json.loads(l)\n"
                      "    print('{\"id\": %d, \"verdict\": \"legal\", \"verdict\": \"illegal\"}' % r['id'], flush=True)\n")
    with pytest.raises(EngineFailed, match='"verdict" is given twice'):
        differential([ROOT / "examples" / "draft" / "legal-2p.jsonl"], engine=[sys.executable, str(engine)])


def test_another_rule_the_event_breaks_is_an_agreement_and_none_other():
    """An engine may test its rules in another order (docs/differential.md): both refusing the
    same event, B naming another rule that event breaks, agree (counted apart, `other_rule`);
    B naming a rule the event keeps, or another line, still disagrees. The log: a Twister move
    taking an unwounded friend into a full square, which breaks §Objets and §Règle d'or 2."""
    from referee.conformance.run import Case, compare
    from referee.conformance.said import Reading, Said

    path = ROOT / "tests" / "data" / "twister" / "take-unwounded-friend.jsonl"
    lines = tuple(path.read_bytes().splitlines())
    case = Case(path.name, lines, "twister")

    class Says:
        def __init__(self, said):
            self.said_ = said

        def said(self, lines, name, game=None):
            return self.said_

    other = compare([case], Reading(), Says(Said("illegal", 46, "§Règle d'or 2")), "B", shrink=False)
    assert (other.agree, other.classes, other.code) == (1, [], 0)
    assert other.other_rule == [{"name": path.name, "line": 46, "a": "§Objets", "b": "§Règle d'or 2"}]
    for wrong in (Said("illegal", 46, "§Tour"), Said("illegal", 45, "§Règle d'or 2")):
        rep = compare([case], Reading(), Says(wrong), "B", shrink=False)
        assert (rep.agree, len(rep.classes), rep.other_rule) == (0, 1, []), wrong


def test_a_rule_citing_two_sections_is_broken_when_b_names_either():
    """A Need may cite the two places that state it ("§Magicien §Bâton"); B naming one of them
    names that rule, as every cite is matched (expect.same_rule). Here the Wizard fires with
    no action point left (§Tour, referee's first) and no staff (§Magicien §Bâton): an
    independent engine named §Bâton and was counted as disagreeing (s61, notes/s61/engineTwister)."""
    from referee.conformance.run import Case, compare
    from referee.conformance.said import Reading, Said

    path = ROOT / "tests" / "data" / "twister" / "fire-no-staff-no-ap.jsonl"
    case = Case(path.name, tuple(path.read_bytes().splitlines()), "twister")

    class Says:
        def __init__(self, said):
            self.said_ = said

        def said(self, lines, name, game=None):
            return self.said_

    for named in ("§Bâton", "§Magicien"):
        rep = compare([case], Reading(), Says(Said("illegal", 441, named)), "B", shrink=False)
        assert (rep.agree, rep.classes) == (1, []) and rep.other_rule[0]["b"] == named, named
    rep = compare([case], Reading(), Says(Said("illegal", 441, "§Combat")), "B", shrink=False)
    assert (rep.agree, len(rep.classes)) == (0, 1)


@pytest.mark.parametrize("answer, says", [
    ('{"id": %d, "verdict": "illegal", "line": 18446744073709551616, "cite": "§1"}', "line: a whole number past 64 bits"),
    ('{"id": %d, "verdict": "illegal", "line": 5.0, "cite": "§1"}', "decimal number, expected a whole number"),
    ('{"id": %d, "verdict": "illegal", "line": 5, "cite": "' + "§" * 300 + '"}', "cite: breaks maxLength 200, which answer.schema.json"),
    ('{"id": %d, "verdict": "legal", "message": "' + "x" * (1 << 20) + '"}', "longer than 1048576 bytes"),
    # a hostile run, s61: a line the log has not was filed as a disagreement
    ('{"id": %d, "verdict": "illegal", "line": 99999999, "cite": "§1"}', "past the log's"),
])
def test_an_answer_past_the_protocol_s_bounds_is_the_engine_s_fault(tmp_path, answer, says):
    """s53 G15: a line number past 64 bits was taken (shown as 1.8e19), a 500 KB cite was printed in every
    row, and an answer line of 1 MiB and a few bytes passed when it came in one read."""
    engine = tmp_path / "big.py"
    engine.write_text("import sys, json\nfor l in sys.stdin:\n    r = json.loads(l)\n"
                      f"    sys.stdout.write({answer!r} % r['id'] + '\\n'); sys.stdout.flush()\n")
    with pytest.raises(EngineFailed, match=says):
        differential([ROOT / "examples" / "draft" / "legal-2p.jsonl"], engine=[sys.executable, str(engine)])


def test_a_log_name_holding_a_newline_forges_no_row_of_the_text_report(logs, tmp_path):
    """Since s54 a verdict keeps its file name exact (JSON); the text report escapes each name whole,
    as the replay does, so a newline in a name cannot print a row of its own."""
    odd = tmp_path / "complete10\nB: legal.jsonl"
    odd.write_bytes(logs[0].read_bytes())
    r = CliRunner().invoke(app, ["differential", "--against", "start=12", str(odd)])
    assert r.exit_code == 1, r.output
    assert "complete10\\x0aB: legal.jsonl" in r.stdout and "\nB: legal" not in r.stdout, r.stdout


def test_every_reading_that_explains_a_disagreement_is_named():
    """An engine that gives the melee target's friends in contact +1 (the s53 engines' reading) judged
    this Trolls log legal; referee's default refuses line 84. Two options each give the engine's
    verdict: group_stat=worst, and melee_defenders=contact, the engine's own reading. Only the first
    was named before session 54, so the class was credited to group_stat alone."""
    from referee.conformance.classes import classify
    from referee.conformance.said import Reading, Said
    from referee.model import load

    lines = tuple((ROOT / "tests" / "data" / "trolls" / "engine-defenders-shot.jsonl").read_bytes().splitlines())
    game = load("trolls")
    a = Reading().said(lines, "x", game)
    assert (a.verdict, a.line, "melee_defenders" in a.arose) == ("illegal", 84, True)
    k = classify(lines, "x", game, Reading(), a, Said("legal"))
    assert k.explained_by.split(" or ") == ["group_stat=worst", "melee_defenders=contact"]


def test_what_an_engine_starts_ends_with_the_run(tmp_path):
    """An engine that forks a child left it running after the run (a hostile run, s61): the
    engine runs in a session of its own, and the whole group is ended when the run closes."""
    import os
    import time

    pidfile = tmp_path / "child.pid"
    engine = tmp_path / "forks.py"
    engine.write_text("import os, sys, time, json\n"
                      f"pid = os.fork()\nif pid == 0:\n    time.sleep(60); os._exit(0)\n"
                      f"open({str(pidfile)!r}, 'w').write(str(pid))\n"
                      "for l in sys.stdin:\n    r = json.loads(l)\n"
                      "    print(json.dumps({'id': r['id'], 'verdict': 'legal'}), flush=True)\n")
    differential([ROOT / "examples" / "draft" / "legal-2p.jsonl"], engine=[sys.executable, str(engine)])
    child = int(pidfile.read_text())
    for _ in range(50):  # killed: gone once its parent (init, or a subreaper) has reaped it
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            break
        with open(f"/proc/{child}/stat") as f:
            if f.read().split(")")[-1].split()[0] == "Z":  # killed, not yet reaped by init
                break
        time.sleep(0.1)
    else:
        raise AssertionError("the engine's child still runs after the run")
