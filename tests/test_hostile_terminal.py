"""Text from outside (a rulebook file, another engine's answers, a log's values) reaches
the terminal with nothing a terminal would act on: an escape sequence (CSI, OSC), another
C0 or C1 control character, a bidi override is shown escaped (errors.printable, applied
by cli/common.py to all the commands print), ordinary letters and accents as they are.
JSON output keeps the exact strings, every such character \\u-escaped."""
import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import referee.model as M
from referee.cli.app import app
from referee.errors import printable
from referee.rulebook.book import seed_file

ROOT = Path(__file__).resolve().parent.parent
run = CliRunner().invoke
HOSTILE = "\x1b[2J\x1b]0;pwned\x07 \x1b[31mrouge\x1b[0m \u202eesrever\u202c \x9b31m \x7f \x00 fin\x08"


def raw_controls(text: str) -> set[str]:
    """The characters of `text` a terminal would act on (a newline and a tab aside)."""
    return {c for c in text if not c.isprintable() and c not in "\n\t"}


def test_printable_escapes_controls_and_keeps_letters():
    assert printable("Évité à Noël") == "Évité à Noël"
    assert printable("a\x1b[2Jb\u202ec\x9bd") == "a\\x1b[2Jb\\u202ec\\x9bd"
    assert printable("l1\nl2\x07", keep="\n") == "l1\nl2\\x07" and printable("l1\nl2") == "l1\\x0al2"
    assert not raw_controls(printable(HOSTILE, "\n"))


DRAFT = M.load("draft")


@pytest.mark.skipif(seed_file(DRAFT) is None, reason="the seed 004 is not here (../shared/seeds)")
def test_a_rulebook_with_escape_sequences_is_shown_escaped_and_kept_exact_in_json(tmp_path, monkeypatch):
    monkeypatch.setattr("referee.rulebook.exercised.EXAMPLES", tmp_path / "none")  # no replays: fast
    seed = seed_file(DRAFT).read_text(encoding="utf-8")
    sentence = f"Hourra! Évité {HOSTILE}."
    f = tmp_path / "004.txt"
    f.write_text(seed.replace("Hourra!", sentence), encoding="utf-8")
    r = run(app, ["coverage", "draft", "--rulebook", str(f)])
    assert r.exit_code == 1, r.stdout + r.stderr  # the sentence changed: unmapped
    assert not raw_controls(r.stdout) and not raw_controls(r.stderr), raw_controls(r.stdout)
    assert "Évité" in r.stdout and "\\x1b[2J" in r.stdout and "\\u202eesrever\\u202c" in r.stdout
    assert "\\x9b31m" in r.stdout and "\\x07" in r.stdout
    j = run(app, ["coverage", "draft", "--rulebook", str(f), "-f", "json"])
    assert j.exit_code == 1
    # JSON leaves DEL, C1 and bidi characters raw in its strings: written \u-escaped (errors.json_escaped)
    assert not raw_controls(j.stdout), raw_controls(j.stdout)
    texts = "".join(u.get("text", "") for s in json.loads(j.stdout)["sections"] for u in s["units"])
    for part in HOSTILE.replace("\x1b]0;", "\x00").split("\x00"):  # the sentence is split at its ';' and NUL
        assert part.strip(" .") in texts


ENGINE = f"""import json, sys
for line in sys.stdin:
    r = json.loads(line)
    print(json.dumps({{"id": r["id"], "verdict": "illegal", "line": 2, "cite": "§1\\x1b]0;t\\x07",
                      "message": {HOSTILE!r}}}), flush=True)
"""
LOG = ROOT / "examples" / "draft" / "legal-2p.jsonl"


def test_an_engine_s_answers_are_shown_escaped_and_kept_exact_in_json(tmp_path):
    engine = tmp_path / "hostile_engine.py"
    engine.write_text(ENGINE)
    cmd = f"{sys.executable} {engine}"
    r = run(app, ["differential", "--engine", cmd, str(LOG), "--shrink-steps", "5"])
    assert r.exit_code == 1, r.stdout + r.stderr
    assert not raw_controls(r.stdout) and not raw_controls(r.stderr), raw_controls(r.stdout + r.stderr)
    assert "\\x1b[31mrouge" in r.stdout and "§1\\x1b]0;t\\x07" in r.stdout
    j = run(app, ["differential", "--engine", cmd, str(LOG), "--shrink-steps", "5", "-f", "json"])
    assert j.exit_code == 1
    said = [v for v in _values(json.loads(j.stdout)) if isinstance(v, str)]
    assert HOSTILE in said and "§1\x1b]0;t\x07" in said


@pytest.mark.parametrize("script", [
    "import sys; sys.stdin.readline(); print('\\x1b[2J not json \\u202e', flush=True)",  # quoted in the error
    "import sys; sys.stderr.write('\\x1b]0;pwned\\x07\\x1b[31m died'); sys.exit(3)",  # its stderr quoted
])
def test_an_engine_failing_with_escape_sequences_is_reported_escaped(tmp_path, script):
    engine = tmp_path / "failing_engine.py"
    engine.write_text(script)
    r = run(app, ["differential", "--engine", f"{sys.executable} {engine}", str(LOG)])
    assert r.exit_code == 2, r.stdout + r.stderr
    assert r.stderr.startswith("referee: ") and "\\x1b" in r.stderr
    assert not raw_controls(r.stdout) and not raw_controls(r.stderr), r.stderr


def _values(x):
    if isinstance(x, dict):
        for v in x.values():
            yield from _values(v)
    elif isinstance(x, list):
        for v in x:
            yield from _values(v)
    else:
        yield x


def test_a_log_s_unknown_field_with_escape_sequences_is_shown_escaped(tmp_path):
    """Session 44's sweep: an event's unknown key is quoted in the verdict ("has no field
    ...") as written, so a log's key could write an escape sequence (replay, replay --why);
    a --components path likewise. JSON keeps the key exact."""
    lines = (ROOT / "examples" / "draft" / "illegal-out-of-turn.jsonl").read_text().splitlines()
    ev = json.loads(lines[1])
    ev["extra" + HOSTILE] = "v" + HOSTILE
    lines[1] = json.dumps(ev)
    f = tmp_path / "hostile.jsonl"
    f.write_text("\n".join(lines) + "\n")
    for args in (["replay", "-k", "-e", str(f)], ["replay", "--why", "line:2", str(f)],
                 ["replay", str(f), "--components", str(tmp_path / HOSTILE.replace("\x00", ""))]):
        r = run(app, args)
        assert r.exit_code == 2 and not raw_controls(r.stdout + r.stderr), (args, r.stdout + r.stderr)
        assert "\\x1b[2J" in r.stdout + r.stderr
    j = run(app, ["replay", str(f), "-f", "json"])
    assert "extra" + HOSTILE in json.loads(j.stdout)["problems"][0]["message"]


def test_the_scenarios_folder_is_shown_escaped_where_they_are_written(tmp_path):
    """`scenarios --out` with a newline in the folder's name printed it raw in its success
    line, a forged second line (a hostile run, s61); every other line escaped it."""
    out = tmp_path / "x\ny"
    r = run(app, ["scenarios", "welcome", "-n", "1", "--family", "random", "--out", str(out)])
    assert r.exit_code == 0 and (out / "manifest.json").is_file()
    assert f"written to {printable(str(out))} (manifest.json)" in r.stderr and "x\ny" not in r.stderr
