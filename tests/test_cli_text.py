"""What the command line prints for people: a message is one line however long (stderr
soft-wrapped, usage errors included, when piped), and `referee --help` lists each command by
its first sentence, reflowed, never broken where its source line ended."""
import re
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli.app import app, main

LONG = "x" * 120


def test_a_long_message_stays_one_line_in_a_pipe():
    r = CliRunner().invoke(app, ["graph", "raiders", "--which", LONG])
    assert r.exit_code == 2
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and LONG in lines[0] and len(lines[0]) > 80


def test_a_usage_error_is_one_line_exit_2(monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["referee", "audit", "chess"])
    with pytest.raises(SystemExit) as e:
        main()
    got = capsys.readouterr()
    assert e.value.code == 2 and got.out == ""
    lines = got.err.splitlines()
    assert len(lines) == 1 and len(lines[0]) > 80, got.err  # not a box drawn 80 columns wide
    assert lines[0].startswith("referee audit: ") and "'chess' is not one of 'raiders'" in lines[0]
    assert "Traceback" not in got.err


def test_top_level_help_lists_whole_sentences_at_80_columns():
    r = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "80", "TERMINAL_WIDTH": "80"})
    assert r.exit_code == 0
    panel = r.stdout[r.stdout.index("Commands"):]
    rows = [m.group(1) for m in re.finditer(r"│ (.*?)\s*│", panel)]
    assert rows and all(len(x) <= 78 for x in rows)
    # a row that stops short of the width without ending its sentence was cut where the
    # docstring's source line ended
    cut = [x for x in rows if len(x) < 50 and not x.endswith(".")]
    assert cut == [], cut
    text = " ".join(" ".join(x.split()) for x in rows)
    assert "replay Validate recorded games step by step. scenarios" in text
    assert "e.g. dungeon access)." in text


def test_brackets_a_user_wrote_are_printed_as_written(tmp_path):
    """rich reads "[red]" as a style: a file name, a rule's words or the help's
    "[tool.referee]" must come out as written, not with the brackets eaten."""
    r = CliRunner().invoke(app, ["replay", str(tmp_path / "no[red]such.jsonl")])
    assert r.exit_code == 2 and "no[red]such.jsonl: no such file" in r.stderr, r.stderr
    r = CliRunner().invoke(app, ["rules", "raiders"], terminal_width=400)
    assert r.exit_code == 0 and "[house]" in r.stdout
    r = CliRunner().invoke(app, ["audit", "--help"], terminal_width=400)
    assert "[tool.referee]" in r.stdout


def test_a_line_number_or_a_name_is_never_read_as_an_emoji_code(tmp_path):
    """rich reads ":100:" as an emoji: `game.jsonl:100: ...` lost its line number to one."""
    lines = (Path(__file__).parent.parent / "examples" / "raiders" / "competition-advanced.jsonl").read_text().splitlines()
    lines[99] = "{"  # line 100 cannot be read
    log = tmp_path / "a:smile:b.jsonl"
    log.write_text("\n".join(lines) + "\n")
    r = CliRunner().invoke(app, ["replay", str(log)])
    assert r.exit_code == 2 and f"{log}:100: not JSON" in r.stdout, r.stdout


LINES = ["game.jsonl:100: not JSON", "[red]x[/red] [tool.referee]", "a:smile:b", "é § — “q” 💯 中文 ｗｉｄｅ", "x" * 500, "",
         " trailing  ", "tab\there", "esc\x1b[31mred", "cr\rx", "nl\nx", "zw\u200bj", "nbsp\u00a0x", "bidi\u202ex"]


@pytest.mark.parametrize("stderr", [False, True])
def test_plain_lines_are_the_bytes_rich_prints(capsys, stderr):
    """cli/common.py writes a printable line itself and gives anything else to rich: each
    line comes out as the rich console the commands used to print with writes it, once what
    a terminal would act on is escaped (errors.printable, tabs and newlines kept)."""
    from rich.console import Console

    from referee.cli.common import Lines
    from referee.errors import printable

    lines = Lines(stderr)
    old = Console(stderr=stderr, highlight=False, soft_wrap=True, emoji=False, **({"markup": False} if stderr else {}))
    for text in LINES:
        for markup in (False, None):
            lines.print(text, markup=markup)
            got = capsys.readouterr()
            old.print(printable(text, "\n\t"), markup=markup)
            assert capsys.readouterr() == got, (text, markup)


def test_the_audit_names_its_stand_in_files_and_whose_section_names_it_uses():
    """A blind reader (s54) took Twister's whole component set for invented (only board.toml and
    rooms.toml are) and its § names for the book's (the text numbers no section)."""
    import io

    from rich.console import Console

    from referee.checks.report import text
    from referee.model import load

    def head(name):
        buf = io.StringIO()
        text(Console(file=buf, width=400), load(name), [], {})
        return buf.getvalue()

    tw = head("twister")
    assert "board.toml, rooms.toml are illustrative stand-ins" in tw and "characters.toml" not in tw
    assert "referee's own, for a text without numbered sections (referee/model/twister/outline.toml" in tw
    assert "§ names" not in head("raiders")  # its book numbers its sections
