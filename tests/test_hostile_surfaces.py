"""Regressions of the faults bench/fuzz_surfaces.py found on the command-line surfaces added
after issue 21 (baselines, pyproject ignores, differential, the Python front door): each
input once, the located error (exit 2) it must get. No audit and no z3 runs here."""
import json
import os
import threading
from pathlib import Path

import pytest

from referee.checks import baseline as B
from referee.model.kernel import BadInput

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOG = os.path.join(ROOT, "examples", "draft", "finding-xp-tie.jsonl")


def _refused(call, *says):
    with pytest.raises(BadInput) as e:
        call()
    for s in says:
        assert s in str(e.value), str(e.value)
    assert "Traceback" not in str(e.value) and "Errno" not in str(e.value)


def test_a_baseline_that_is_not_utf8_is_located_not_a_crash(tmp_path):
    # was: AttributeError ('UnicodeDecodeError' has no strerror), a traceback and exit 1
    (tmp_path / "b.json").write_bytes(b'{"version": 1,\n "findings": {"\xff": 1}}')
    _refused(lambda: B.read(tmp_path / "b.json"), "b.json:2:", "not UTF-8")


def test_a_fifo_as_baseline_is_refused_without_opening_it(tmp_path):
    # was: the audit waited forever on the FIFO
    os.mkfifo(tmp_path / "b.json")
    done = []
    t = threading.Thread(target=lambda: done.append(pytest.raises(BadInput, B.read, tmp_path / "b.json")), daemon=True)
    t.start()
    t.join(5)
    assert done and "a FIFO" in str(done[0].value)


def test_endless_or_huge_baselines_are_refused_before_being_read_whole(tmp_path, monkeypatch):
    # was: /dev/zero as --baseline grew until the kernel killed the process
    _refused(lambda: B.read(B.Path("/dev/zero")), "a device")
    monkeypatch.setattr(B, "MAX_BYTES", 100)
    (tmp_path / "b.json").write_text('{"version": 1, "findings": {' + '"x": 1, ' * 50 + '"y": 1}}')
    _refused(lambda: B.read(tmp_path / "b.json"), "larger than")


@pytest.mark.parametrize("text, says", [
    ("[" * 100_000 + "]" * 100_000, "nested too deep"),  # was: RecursionError, a traceback, exit 1
    ('{"version": 1, "findings": {}, "zz": ' + "9" * 5000 + "}", "digits"),  # was: ValueError, a traceback
    ('{"version": 1, "findings": {"a": 1}, "findings": {}}', 'the key "findings" is given twice'),  # was: the last taken
    ('{"version": 1, "findings": {"a": NaN}}', "NaN, which JSON has not"),
])
def test_a_baseline_a_log_s_reader_would_refuse_is_refused_located(tmp_path, text, says):
    # a hostile run, s61: the baseline was read by json.loads as it is, where a log's reader is strict
    (tmp_path / "b.json").write_text(text)
    _refused(lambda: B.read(tmp_path / "b.json"), "b.json", says)


@pytest.mark.parametrize("text, says", [
    ("tool = 1\n", "tool.referee"),  # was: AttributeError ('int' object has no attribute 'get')
    ('[tool.referee]\nignore = [{id = 1, reason = "r"}]\n', "ignore[0]"),  # was: TypeError (int in str)
    (b"[tool.referee]\nignore = '\xff'\n", "pyproject.toml:2: pyproject.toml is not UTF-8"),
])
def test_a_damaged_pyproject_is_a_located_error(tmp_path, text, says):
    p = tmp_path / "pyproject.toml"
    p.write_bytes(text if isinstance(text, bytes) else text.encode())
    _refused(lambda: B.ignores(p), says)


def test_a_file_that_is_no_log_is_named_and_fails_the_differential(tmp_path):
    # was: "1 logs: 1 agree", exit 0, for a file holding `{"x":`
    import referee

    (tmp_path / "junk.jsonl").write_text('{"x":\n')
    (tmp_path / "empty.jsonl").write_text("")
    rep = referee.differential([tmp_path / "junk.jsonl", tmp_path / "empty.jsonl", LOG], against={"tie": "gold"})
    assert rep.code == 2 and rep.logs == 3 and rep.agree == 1
    assert [(os.path.basename(x["name"]), x["line"]) for x in rep.not_logs] == [("junk.jsonl", 1), ("empty.jsonl", 1)]
    assert "not JSON" in rep.not_logs[0]["why"] and rep.to_json()["not_logs"] == rep.not_logs


@pytest.mark.parametrize("call, field", [
    (lambda r, m: m.load(1), "name"),  # was: accepted as far as the lookup; a list: TypeError (unhashable)
    (lambda r, m: m.load("welcome", options=[1]), "options"),  # was: TypeError (dict update sequence)
    (lambda r, m: m.load("welcome", components=1), "components"),  # was: TypeError from pathlib
    (lambda r, m: r.replay(None), "source"),  # was: TypeError ('NoneType' object is not iterable)
    (lambda r, m: m.replay(1), "source"),
    (lambda r, m: r.new("Ana"), "players"),  # was: a game of three players 'A', 'n', 'a'
    (lambda r, m: r.new(1), "players"),
    (lambda r, m: r.audit(budget="x"), "budget"),  # was: TypeError ('>' between str and float), before z3
    (lambda r, m: r.audit(budjet=3), "budjet"),
    (lambda r, m: r.scenarios(count="x"), "count"),  # was: TypeError from range()
    (lambda r, m: r.scenarios(family=1), "family"),  # was: TypeError ('int' object is not iterable)
    (lambda r, m: m.differential(1, against={"tie": "gold"}), "logs"),  # was: TypeError
    (lambda r, m: m.differential([LOG], engine=1), "engine"),  # was: "no such file" for the log
    (lambda r, m: m.differential([LOG], engine="x", timeout="x"), "timeout"),
    # infinity reached an int() deep inside (OverflowError); NaN compares false with any bound
    (lambda r, m: m.differential([LOG], engine="x", timeout=float("inf")), "timeout"),
    (lambda r, m: r.audit(witness_seconds=float("inf")), "witness_seconds"),
    (lambda r, m: r.audit(budget=float("nan")), "budget"),
])
def test_the_front_door_refuses_a_wrong_type_with_a_named_argument(call, field):
    import referee

    with pytest.raises(referee.errors.Unreadable) as e:
        call(referee.load("welcome"), referee)
    assert e.value.field == field and e.value.exit_code == 2 and str(e.value).startswith(field), str(e.value)


@pytest.mark.parametrize("args", [
    ["audit", "draft", "--witness-seconds", "inf"], ["audit", "draft", "--budget", "nan"],
    ["audit", "draft", "--budget", "1e300"], ["differential", str(LOG), "--engine", "x", "--timeout", "inf"],
])
def test_seconds_past_a_day_infinite_or_nan_are_a_usage_error(args):
    """A hostile run: `--witness-seconds inf` and `differential --timeout inf` ended in an
    OverflowError traceback. Every option of seconds is bounded (given.SECONDS_MOST)."""
    from typer.testing import CliRunner

    from referee.cli.app import app

    r = CliRunner().invoke(app, args)
    assert r.exit_code == 2 and (r.exception is None or isinstance(r.exception, SystemExit)), r.output


def test_one_path_given_to_differential_is_one_log():
    import referee

    rep = referee.differential(LOG, against={"tie": "gold"})  # was: each letter taken as a path
    assert (rep.logs, rep.agree, rep.code) == (1, 1, 0)


@pytest.mark.parametrize("data", [b"", b"\xef\xbb\xbf\n \r\n\t\n"])
def test_an_empty_rulebook_is_unreadable_not_a_report_of_gone_units(tmp_path, data):
    # was: `referee coverage draft --rulebook empty.txt` printed "0 units" and every map entry gone, exit 1
    from referee.errors import Unreadable
    from referee.rulebook.text import read_lines

    (tmp_path / "empty.txt").write_bytes(data)
    with pytest.raises(Unreadable) as e:
        read_lines(tmp_path / "empty.txt")
    assert e.value.located().endswith("empty.txt:1: empty: no text to read, not a rulebook")


def test_a_line_over_the_limit_is_not_read_whole_by_the_differential(tmp_path):
    # was: the file read whole (f.read_bytes()): a 200 MB line or an endless file in memory
    import referee
    from referee.replays.log import MAX_LINE

    big = tmp_path / "big.jsonl"
    big.write_bytes(open(LOG, "rb").read().splitlines()[0] + b"\n" + b" " * (MAX_LINE + 10) + b"\n")
    rep = referee.differential([big, LOG], against={"tie": "gold"})
    assert rep.code == 2 and rep.agree == 1
    assert rep.not_logs == [{"name": str(big), "line": 2,
                             "why": "line longer than 1 MiB, the limit of a log line: not read further"}]


@pytest.mark.parametrize("line, where", [(b'{"game": "raiders", "players": ["A"\n', "at the end of the line, column 36"),
                                         (b'{"game": "raiders", "players": ["A"', "column 36"),
                                         (b'{"a": x}\n', "column 7"),
                                         ('{"é":\n 1 x}', "column 10")])
def test_a_line_that_is_not_json_says_where_it_breaks(line, where):
    """An object left open at the end of its line was reported at 'column 1' (orjson counts
    from the newline after it): the column is the line's own, in characters, and a line held
    in memory that holds a newline is counted as one line."""
    from referee.errors import Unreadable
    from referee.replays.log import records

    with pytest.raises(Unreadable) as e:
        list(records([line]))
    assert str(e.value).endswith(f"({where})"), str(e.value)


def test_a_folder_tree_thousands_deep_is_listed_and_its_log_judged(tmp_path):
    """os.walk and pathlib's rglob recurse once a level: a tree 1,200 folders deep raised
    RecursionError (a traceback, exit 1, its illegal log never judged; session 43's hostile
    run). Listed without recursion, the log inside is judged, by replay and differential."""
    import shutil
    from pathlib import Path

    from typer.testing import CliRunner

    from referee.cli.app import app

    at = str(tmp_path / "deep")
    os.mkdir(at)
    for _ in range(1200):
        at = os.path.join(at, "d")
        os.mkdir(at)
    src = Path(__file__).resolve().parent.parent / "examples" / "draft" / "illegal-pick-twice.jsonl"
    shutil.copyfile(src, os.path.join(at, "x.jsonl"))
    try:
        r = CliRunner().invoke(app, ["replay", str(tmp_path / "deep")])
        assert r.exit_code == 1 and "x.jsonl:12:" in r.stdout and "§Mise en place" in r.stdout, r.output
        r = CliRunner().invoke(app, ["differential", "--against", "tie=gold", str(tmp_path / "deep")])
        assert r.exit_code == 0 and "1 logs: 1 agree" in r.output, r.output
    finally:  # removed bottom up here: shutil.rmtree (pytest's cleanup of old runs) recurses too
        os.remove(os.path.join(at, "x.jsonl"))
        while at != str(tmp_path):
            os.rmdir(at)
            at = os.path.dirname(at)


@pytest.mark.parametrize("args", [["--seed", str(2**64)], ["--seed", str(-(2**63) - 1)], ["-n", str(10**30)]])
def test_a_seed_or_count_out_of_range_is_refused_before_anything_is_written(tmp_path, args):
    """A seed past 64 bits made the manifest's writer raise (a traceback, an empty folder left
    behind), and a count of 10**30 ran until killed (session 43's hostile run)."""
    from typer.testing import CliRunner

    import referee
    from referee.cli.app import app
    from referee.errors import Unreadable

    out = tmp_path / "out"
    r = CliRunner().invoke(app, ["scenarios", "draft", "--out", str(out), "--family", "random", *args])
    assert r.exit_code == 2 and not out.exists(), r.output
    kw = {"seed": int(args[1])} if args[0] == "--seed" else {"count": int(args[1])}
    with pytest.raises(Unreadable):
        referee.load("draft").scenarios(**kw)


@pytest.mark.parametrize("text", [b"", b"\xef\xbb\xbf{}\n", b'{"referee": 1, "game": "draft", "players": ["A", "B"], '
                                  b'"expect": {"verdict": "legal", "zz": 1}}\n'])
def test_expect_on_a_log_whose_header_cannot_be_read_is_exit_2_and_says_so(tmp_path, text):
    """Under --expect an unreadable header was exit 1 ("a verdict other than expected") and
    said the header had no "expect", even when it had one (session 43's hostile run)."""
    from typer.testing import CliRunner

    from referee.cli.app import app

    p = tmp_path / "x.jsonl"
    p.write_bytes(text)
    r = CliRunner().invoke(app, ["replay", str(p), "--expect"])
    assert r.exit_code == 2 and "its header could not be read" in r.output and "has no" not in r.output, r.output


@pytest.mark.parametrize("game, header, field", [
    ("draft", {"players": ["A"]}, "players"), ("welcome", {"players": ["A"]}, "players"),
    ("draft", {"players": ["A", "B"], "options": {"zz": "1"}}, "options")])
def test_a_header_refused_names_the_field_at_fault(game, header, field):
    """A player count or an option refused was reported on field "setup" (session 43's
    independent Draft engine): `referee differential` compares fields, so a correct engine
    naming "players" was counted as disagreeing."""
    from referee.replays.engine import replay

    v = replay([{"referee": 1, "game": game, **header}])
    assert v.verdict == "unreadable" and v.problems[0].field == field


@pytest.mark.parametrize("event, says", [({"n": 1, "by": "A", "do": "draft.deal", 5: 1}, "Dict key must be str"),
                                         ({"n": 10**5000, "by": "A", "do": "draft.deal"}, "64-bit"),
                                         ({"n": 1, "by": "A", "do": {"x"}}, "not JSON serializable")])
def test_an_event_given_from_python_holds_only_what_a_json_line_could(event, says):
    """From the Python API a key not a str, an int of 5,000 digits or a set escaped as
    TypeError or ValueError from deep inside (session 43's hostile run)."""
    import referee

    v = referee.replay([{"referee": 1, "game": "draft", "players": ["A", "B"]}, event])
    assert v.verdict == "unreadable" and v.problems[0].line == 2 and says in v.problems[0].message


def test_a_path_holding_a_nul_byte_is_unreadable_not_a_valueerror():
    import referee

    v = referee.replay("a\x00b.jsonl")
    assert v.verdict == "unreadable" and "NUL" in v.problems[0].message


@pytest.mark.parametrize("players, says", [(["A\nwins", "B"], "printable"), (["\x1b[2J", "B"], "printable"),
                                           ([" ", "B"], "not blank"), (["Am\u00e9lie", "Ame\u0301lie"], "NFC")])
def test_a_player_name_the_verdict_prints_is_printable_and_one_way_written(players, says):
    """A newline in a name forged a line of the verdict, an escape sequence reached the
    terminal, and two spellings of one name were two players (session 43's hostile run)."""
    import referee

    v = referee.replay([{"referee": 1, "game": "draft", "players": players}])
    assert v.verdict == "unreadable" and v.problems[0].field == "players" and says in v.problems[0].message


@pytest.mark.parametrize("target", ["²", "line:¹", "٣", "1" * 5000, "0", "line:x"])
def test_why_takes_ascii_numbers_only(target):
    """'²' gave int()'s own message, 5,000 digits Python's digit limit, '٣' was read as 3
    (session 43's hostile run)."""
    from referee.replays.why import parse_target

    with pytest.raises(ValueError, match="--why takes an event number"):
        parse_target(target)


def test_why_a_long_number_is_an_event_the_log_has_not():
    """30 digits are a number (bench/fuzz_surfaces.py expects 'not an event'), not a malformed
    --why; past int()'s 4,300 digits it is refused as no number (above)."""
    from referee.replays.why import parse_target

    assert parse_target("9" * 30) == ("event", int("9" * 30))


def test_why_on_the_header_line_says_it_is_the_header():
    from pathlib import Path

    from referee.errors import Unreadable
    from referee.replays.why import why

    log = Path(__file__).resolve().parent.parent / "examples" / "draft" / "legal-2p.jsonl"
    with pytest.raises(Unreadable, match="the header"):
        why(log, ("line", 1))


# ---------------------------------------------------------------- session 46 sweep: the front door
import referee  # noqa: E402
from referee import errors as E  # noqa: E402

WELCOME = os.path.join(ROOT, "examples", "welcome", "2p-warrior-two-successes.jsonl")


@pytest.mark.parametrize("call, field", [
    (lambda: referee.load("welcome").scenarios(family="nope"), "family"),
    (lambda: referee.scenarios("welcome", family=["nope"]), "family"),
    (lambda: referee.load("welcome").scenarios(all_pairs="no", family="random", count=1), "all_pairs"),
    (lambda: referee.load("raiders", prefer="bogus"), "prefer"),
    (lambda: referee.load("raiders", components=WELCOME), "components"),
    (lambda: referee.load("welcome").new(["A", "B"], setup={"adventurer": "Nope"}), "setup"),
])
def test_each_front_door_error_names_its_argument(call, field):
    # were: a bare ValueError (family), a string read as True (all_pairs), field None (the rest)
    with pytest.raises(E.Unreadable) as e:
        call()
    assert e.value.field == field, (e.value.field, str(e.value))


def test_a_log_given_as_text_is_read_as_text_whatever_precedes_it():
    text = open(WELCOME, encoding="utf-8").read()
    rules = referee.load("welcome")
    assert rules.replay(memoryview(text.encode())).verdict == "legal"  # was: "got a number"
    empty = rules.replay("")  # was: the current folder, "a directory"
    assert empty.verdict == "unreadable" and "empty log" in empty.first().message
    bom = rules.replay("\ufeff" + text)  # was: taken for a file name, "File name too long"
    assert bom.verdict == "unreadable" and "byte order mark" in bom.first().message and bom.first().line == 1


@pytest.mark.parametrize("call, field", [
    (lambda: referee.load("welcome", components=""), "components"),
    (lambda: referee.replay(WELCOME, components=""), "components"),
    (lambda: referee.differential(logs="", against={"prefer": "livret"}), "logs"),
    (lambda: referee.differential(logs=[WELCOME], against={"components": ""}), "against"),
    (lambda: referee.differential(logs=[WELCOME], against={"prefer": "bogus"}), "prefer"),
    (lambda: referee.load("welcome").scenarios(family=[]), "family"),
])
def test_an_empty_or_wrong_argument_is_refused_at_the_door(call, field):
    # were: "" read as the current folder (loaded as components, replayed as logs), a field of None
    with pytest.raises(E.Unreadable) as e:
        call()
    assert e.value.field == field, (e.value.field, str(e.value))


@pytest.mark.parametrize("kw, field", [(dict(prefer="bogus"), "prefer"), (dict(components="/nonexistent"), "components")])
def test_a_replay_refused_for_its_own_arguments_says_so_not_the_logs_setup(kw, field):
    v = referee.replay(WELCOME, **kw)
    assert v.verdict == "unreadable" and v.first().field == field, v.first()


@pytest.mark.parametrize("name", ["two.games.jsonl", "logs.tar", "logs.zip"])
def test_why_on_a_packed_corpus_says_it_holds_many_games(tmp_path, name):
    """s53 G9: --why on a stream explained its first game, unnamed, and on an archive read the
    archive as one JSONL file ('not JSON', 'not UTF-8'): a located exit 2 that says what it is."""
    from typer.testing import CliRunner

    from referee.cli.app import app

    (tmp_path / name).write_bytes(b"")
    r = CliRunner().invoke(app, ["replay", str(tmp_path / name), "--why", "1"])
    assert r.exit_code == 2 and "is a packed corpus" in r.stderr and "--why" in r.stderr, r.stderr


@pytest.mark.parametrize("players, says", [(["Ana", "\u0410na"], "U+0410 CYRILLIC CAPITAL LETTER A"),
                                           (["Ana", "\uff21\uff4e\uff41"], "print alike"),
                                           (["Ace", "\u0410\u0441\u0435"], "print alike"),
                                           (["Ana", "\u0391na"], "GREEK CAPITAL LETTER ALPHA")])
def test_a_player_name_that_looks_like_another_is_refused(players, says):
    """s53 G12: 'Аna' (a Cyrillic А) or 'Асе' (all Cyrillic) beside 'Ana' or 'Ace', and a fullwidth 'Ａｎａ',
    were two players the verdict printed alike; the message names the letters (code point, Unicode name).
    A name in another script that prints as no other player's is a name like any other."""
    import referee

    v = referee.replay([{"referee": 1, "game": "draft", "players": players}])
    assert v.verdict == "unreadable" and v.problems[0].field == "players" and says in v.problems[0].message, v
    assert referee.replay([{"referee": 1, "game": "draft", "players": ["\u0410\u043d\u044f", "Ben"]}]).verdict != "unreadable"


def test_a_name_refused_or_a_field_missing_names_its_look_alike_letters():
    """s53 G12: 'unknown card 'Squirе'' showed a value that looked right (a Cyrillic е); a field written
    with a Cyrillic letter got "needs the field" without the key the event has, and a missing "by" read
    'got null'."""
    import referee

    head = {"referee": 1, "game": "draft", "players": ["Ana", "Ben"]}
    for ev, says in (({"card": "Squir\u0435"}, "U+0435 CYRILLIC SMALL LETTER IE"),
                     ({"\u0441ard": "Squire"}, 'it has "\u0441ard", which \'draft.pick\' does not have'),
                     ({"card": "Squire", "by": None, "b\u0443": "Ana"}, "U+0443 CYRILLIC SMALL LETTER U")):
        row = {k: x for k, x in {"n": 1, "by": "Ana", "do": "draft.pick", **ev}.items() if x is not None}
        v = referee.replay([head, row])
        assert v.verdict == "unreadable" and v.problems[0].line == 2 and says in v.problems[0].message, v


def test_a_twister_spots_field_of_the_wrong_kind_is_shown_as_json():
    """`"spots": null` read 'got NoneType' (a Python type's name; s59 hostile run): every other
    field shows what it got as JSON (null, a list, a number)."""
    import referee

    rows = [json.loads(x) for x in (EXAMPLES / "twister" / "game1.jsonl").read_text(encoding="utf-8").splitlines()]
    at = next(i for i, r in enumerate(rows) if "spots" in r)
    for bad, says in ((None, "got null"), ([3, 9], "got a list"), (7, "got 7"), ("x", "got 'x'")):
        v = referee.replay(rows[:at] + [{**rows[at], "spots": bad}])
        assert v.verdict == "unreadable" and v.problems[0].line == at + 1, v
        message = v.problems[0].message
        assert says in message and "NoneType" not in message and "got list" not in message, message
