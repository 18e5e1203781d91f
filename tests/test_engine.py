"""The replay engine on hostile and broken input: every outcome is a clean verdict or a
located exit-2 error, never a traceback; input files are never modified."""
import hashlib
import json
import random
from pathlib import Path

import orjson
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from referee.replays.engine import replay

EX = Path(__file__).parent.parent / "examples" / "raiders"
LEGAL = EX / "competition-advanced.jsonl"


def write(tmp_path, rows, raw=None):
    p = tmp_path / "g.jsonl"
    if raw is not None:
        p.write_bytes(raw)
    else:
        p.write_text("\n".join(r if isinstance(r, str) else json.dumps(r, ensure_ascii=False) for r in rows) + "\n")
    return p


HEAD = {"referee": 1, "game": "toy", "players": ["Ana", "Ben"]}


def nim(*takes, result=None):
    rows = [HEAD] + [{"n": i + 1, "by": ("Ana", "Ben")[i % 2], "do": "take", "k": k} for i, k in enumerate(takes)]
    if result:
        rows.append({"result": result})
    return rows


def test_legal_game_and_declared_winner(tmp_path):
    v = replay(write(tmp_path, nim(3, 3, 3, 1, result={"winner": "Ben"})))
    assert v.verdict == "legal" and v.outcome["winners"] == ["Ben"]


def test_wrong_declared_winner_is_illegal(tmp_path):
    v = replay(write(tmp_path, nim(3, 3, 3, 1, result={"winner": "Ana"})))
    assert v.verdict == "illegal" and v.first().kind == "result" and v.first().line == 6


def test_a_result_before_the_end_cites_the_end_of_the_game(tmp_path):
    """Every problem names its §: a result declared too early cites the § of the phase the
    game ends in (the toy's 'over', §2), where the rule for the end is."""
    v = replay(write(tmp_path, nim(3, 3, result={"winner": "Ana"})))
    p = v.first()
    assert (v.verdict, p.kind, p.line, p.cite) == ("illegal", "result", 4, "§2")


def test_declared_points_a_game_does_not_score_are_unreadable(tmp_path):
    """The toy ends with a winner and no points: a declared score sheet cannot be checked,
    so it is not passed over in silence."""
    v = replay(write(tmp_path, nim(3, 3, 3, 1, result={"winner": "Ben", "points": {"Ana": 0, "Ben": 1}})))
    p = v.first()
    assert (v.verdict, p.line, p.field) == ("unreadable", 6, "points") and "no points" in p.message


def test_points_a_game_does_not_score_make_the_line_unreadable_before_its_winner_is_judged(tmp_path):
    """With a wrong winner as well, the line is unreadable and that is its only problem: a
    line that cannot be read as written is not judged in part."""
    v = replay(write(tmp_path, nim(3, 3, 3, 1, result={"winner": "Ana", "points": {"Ana": 0, "Ben": 1}})))
    assert v.verdict == "unreadable" and [(p.kind, p.field) for p in v.problems] == [("unreadable", "points")]


def test_declared_points_must_give_every_player(tmp_path):
    """A score sheet with a player left out is unreadable (Raiders, which scores points)."""
    rows = [orjson.loads(x) for x in LEGAL.read_bytes().splitlines() if x.strip()]
    assert "points" in rows[-1]["result"]
    first = next(iter(rows[-1]["result"]["points"]))
    del rows[-1]["result"]["points"][first]
    v = replay(write(tmp_path, rows))
    p = v.first()
    assert (v.verdict, p.line, p.field) == ("unreadable", len(rows), "points") and first in p.message


@pytest.mark.parametrize("keep_going", [False, True])
def test_a_result_line_with_lines_after_it_is_unreadable_where_they_start(tmp_path, keep_going):
    """A result line ends the log. One followed by more lines is not the game's result: the
    log is unreadable at the first line after it (not judged as a result declared too early),
    and that is the problem an "expect" line is compared with, even when an illegal step
    (kept going past) comes before it. Blank lines keep their numbers."""
    rows = nim(3, 3, result={"winner": "Ana"}) + ["", {"n": 3, "by": "Ana", "do": "take", "k": 4}]
    v = replay(write(tmp_path, rows), keep_going=keep_going)
    p = v.first()
    assert (v.verdict, p.kind, p.line) == ("unreadable", "unreadable", 6)
    assert [q.kind for q in v.problems] == ["unreadable"] and "line 4" in p.message
    rows = nim(3, 3, 3, 2, result={"winner": "Ana"}) + [{"n": 5, "by": "Ana", "do": "take", "k": 1}]
    v = replay(write(tmp_path, rows), keep_going=True)
    assert (v.verdict, v.problems[0].kind, v.problems[0].line, v.first().line) == ("unreadable", "illegal", 5, 7)


def test_first_illegal_step_located(tmp_path):
    v = replay(write(tmp_path, nim(3, 3, 3, 2)))
    p = v.first()
    assert (v.verdict, p.line, p.cite) == ("illegal", 5, "§1")
    assert p.render("g.jsonl") == "g.jsonl:5: 'take' by Ben breaks §1: no more than the pile holds; takes 2, the pile has 1 [§1]"


def test_keep_going_reports_every_failure(tmp_path):
    rows = nim(3, 3, 3, 1)
    rows[1]["by"] = "Ben"  # wrong player on line 2 ...
    rows[3]["by"] = "Ben"  # ... and on line 4 (the recorded state is resumed after line 2)
    v = replay(write(tmp_path, rows), keep_going=True)
    assert [p.line for p in v.problems][:2] == [2, 4]
    assert replay(write(tmp_path, rows)).problems[0].line == 2 and len(replay(write(tmp_path, rows)).problems) == 1


def test_events_after_the_end(tmp_path):
    v = replay(write(tmp_path, nim(3, 3, 3, 1, 1)))
    assert v.verdict == "illegal" and v.first().line == 6


@pytest.mark.parametrize("rows,line,field", [
    ([{"referee": 2, "game": "toy", "players": ["A", "B"]}], 1, "referee"),
    ([{"referee": 1, "game": "chess", "players": ["A", "B"]}], 1, "game"),
    ([{"referee": 1, "game": "toy", "players": "A"}], 1, "players"),
    ([HEAD, {"n": 2, "by": "Ana", "do": "take", "k": 1}], 2, "n"),
    ([HEAD, {"n": 1, "by": "Ana", "do": "jump"}], 2, "do"),
    ([HEAD, {"n": 1, "by": "Ana", "do": "take"}], 2, "k"),
    ([HEAD, {"n": 1, "by": "Ana", "do": "take", "k": "3"}], 2, "k"),
    ([HEAD, {"n": 1, "by": "Ana", "do": "take", "k": 9}], 2, "k"),
    ([HEAD, {"n": 1, "by": "Zoe", "do": "take", "k": 1}], 2, "by"),
    ([HEAD, {"n": 1, "by": "Ana", "do": "take", "k": 1, "extra": 0}], 2, "extra"),
    ([HEAD, "{not json"], 2, None),
    ([HEAD, "[1, 2]"], 2, None),
])
def test_unreadable_is_located(tmp_path, rows, line, field):
    v = replay(write(tmp_path, rows))
    assert v.verdict == "unreadable" and v.code == 2
    assert v.first().line == line and v.first().field == field


def test_not_utf8(tmp_path):
    v = replay(write(tmp_path, None, raw=json.dumps(HEAD).encode() + b'\n{"n": 1, "by": "\xff"}\n'))
    assert v.verdict == "unreadable" and v.first().line == 2 and "UTF-8" in v.first().message


def test_empty_and_missing(tmp_path):
    assert replay(write(tmp_path, None, raw=b"")).verdict == "unreadable"
    assert replay(tmp_path / "nope.jsonl").verdict == "unreadable"


def test_raiders_setup_errors(tmp_path):
    rows = [json.loads(l) for l in LEGAL.read_text().splitlines()]
    h = dict(rows[0])
    h["setup"] = json.loads(json.dumps(h["setup"]))
    h["setup"]["Ana"]["buy"] = ["Banque", "Grande carrière", "Héraut", "Conseil de guerre", "Marché noir"]
    v = replay(write(tmp_path, [h]))
    assert v.verdict == "illegal" and v.first().cite == "§3.5" and v.first().line == 1
    h["setup"]["Ana"]["buy"] = ["Licorne"]
    v = replay(write(tmp_path, [h]))
    assert v.verdict == "unreadable" and "Licorne" in v.first().message


def _mutations(data: bytes, rng: random.Random) -> bytes:
    b = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        op = rng.randrange(3)
        i = rng.randrange(len(b))
        if op == 0:
            b[i] = rng.randrange(256)
        elif op == 1:
            del b[i: i + rng.randint(1, 20)]
        else:
            b[i:i] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    return bytes(b)


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 2**32 - 1))
def test_fuzz_byte_mutations_give_clean_verdicts(tmp_path_factory, seed):
    data = LEGAL.read_bytes()
    p = tmp_path_factory.mktemp("fuzz") / "m.jsonl"
    p.write_bytes(_mutations(data, random.Random(seed)))
    before = hashlib.sha256(p.read_bytes()).hexdigest()
    v = replay(p)
    assert v.verdict in ("legal", "illegal", "unreadable")
    if v.verdict != "legal":
        assert v.problems and v.problems[0].line >= 0 and v.problems[0].message
    assert hashlib.sha256(p.read_bytes()).hexdigest() == before


json_values = st.recursive(st.none() | st.booleans() | st.integers(-5, 50) | st.text(max_size=8),
                           lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=6), c, max_size=4),
                           max_leaves=12)


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(st.integers(1, 40), st.sampled_from(["n", "by", "do", "cards", "card", "tokens", "building", "effect", "rolls", "x"]),
       json_values)
def test_fuzz_field_values_give_clean_verdicts(tmp_path_factory, line, key, value):
    rows = [json.loads(l) for l in LEGAL.read_text().splitlines()]
    line = min(line, len(rows) - 2)
    rows[line][key] = value
    p = tmp_path_factory.mktemp("fuzz") / "f.jsonl"
    p.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows))
    v = replay(p)
    assert v.verdict in ("legal", "illegal", "unreadable")


def test_the_replay_path_imports_neither_z3_nor_networkx():
    """Speed (issue 4): `referee replay` runs plain Python; z3 is for the checks, networkx for
    the phase graphs (Dungeon Twister's moves are a bounded breadth-first search now).
    Run in a fresh interpreter over one legal example of every game, through the CLI."""
    import subprocess
    import sys
    from pathlib import Path

    logs = {d.name: str(sorted(p for p in d.glob("*.jsonl") if "illegal" not in p.name)[0])
            for d in sorted(Path("examples").iterdir()) if d.is_dir() and any(d.glob("*.jsonl"))}
    code = ("import sys\nfrom referee.cli.app import app\n"
            "try:\n    app(['replay', *sys.argv[1:]])\nexcept SystemExit as e:\n    code = e.code\n"
            "bad = [m for m in ('z3', 'networkx') if m in sys.modules]\n"
            "print('code', code, 'imported', bad)\n")

    def run(files):
        return subprocess.run([sys.executable, "-c", code, *files], capture_output=True, text=True,
                              check=True).stdout.strip()

    assert run(list(logs.values())).endswith("code 0 imported []")


def test_explain_shows_the_models_readable_view():
    """--explain gives the model's own view of the state (names, not indexes) where it has one."""
    from pathlib import Path

    from referee.model import load
    from referee.replays.engine import replay

    v = replay(Path("examples/trolls/illegal-bet-four-cards.jsonl"), explain=True)
    game = load("trolls")
    shown = v.first().state
    assert game.show is not None and "figures" in shown and "hands" in shown
    assert set(shown) != set(game.state_cls.__dataclass_fields__) - {"cfg"}


def test_an_event_out_of_its_time_cites_the_rule_that_says_when():
    """An action whose own § says when it is taken (Raiders §6.4 "pendant la phase 2", Welcome
    §Équipement.Hache "right after the reveal") is refused out of its time under that § first,
    then its phase's (the s51 hand-computed positions: a building evolved in the Métropole phase
    cited §6.1 alone, an Axe used after the fight §Donjon alone); the others under their phase's."""
    from referee.model import load, names
    from referee.model.kernel import args
    from referee.model.kernel.rules import cites

    timed = 0
    for name in names():
        game = load(name)
        for act in game.actions:
            phase = game.phases[game.phase_index[act.phases[0]]].cite if act.phases else act.cite
            got = cites(game.phase_need(act).cite)
            if act.timing:
                timed += 1
                assert got[:len(cites(act.timing))] == cites(act.timing) and set(cites(phase)) <= set(got), act.name
            else:
                assert game.phase_need(act).cite == phase, act.name
    assert timed >= 4
    raiders = load("raiders")
    from tests.raiders.conftest import start  # the refill phase of the first turn

    s = start()
    need = raiders.first_failure(s, raiders.action("building.evolve"), args(0, building=1))
    assert need.cite == "§6.4 §6.1" and "event of the actions or expeditions phase" in need.says


def test_a_second_header_is_named_as_such(tmp_path):
    # two games in one file got the generic 'every event needs "n"' (hostile run, s59)
    src = next(p for p in sorted((Path(__file__).parent.parent / "examples" / "welcome").glob("*.jsonl"))
               if "illegal" not in p.name)
    rows = src.read_text(encoding="utf-8").splitlines()
    path = tmp_path / "two.jsonl"
    path.write_text("\n".join(rows[:3] + rows[:1] + rows[1:3]) + "\n", encoding="utf-8")
    v = replay(path)
    assert v.verdict == "unreadable" and v.first().line == 4 and "second header" in v.first().message
