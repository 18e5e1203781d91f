"""`referee replay --explain` as pictures: Dungeon Twister's board as a 22x10 grid with
its tokens on their squares, each Dungeons Raiders player's buildings, tokens and glory
in one table, and the same view as SVG text."""
from pathlib import Path

from typer.testing import CliRunner

from referee.cli.app import app
from referee.replays.engine import replay
from referee.replays.pictures import svg

EX = Path(__file__).parent.parent / "examples"
PIT = EX / "twister" / "illegal-pit.jsonl"  # line 24: Ana's Goblin moves onto the pit at [4, 7]
TOKENS = EX / "raiders" / "competition-advanced.illegal-too-many-tokens.jsonl"


def cell(rows: list[str], x: int, y: int) -> str:
    return rows[2 * y][3 * x:3 * x + 2]  # a row of squares, then a row of what lies between


def test_twister_board_puts_each_token_on_its_square():
    view = replay(PIT, explain=True).first().state
    rows = view["board"]["rows"]
    assert len(rows) == 2 * 10 - 1 and all(len(r) == 3 * 22 - 1 for r in rows)
    on_board = {k: xy for k, xy in view["tokens"].items() if isinstance(xy, list)}
    assert on_board  # the example has tokens on the board
    for name, (x, y) in on_board.items():
        player, token = name.split(".")
        shown = cell(rows, x, y)
        assert shown[0].upper() == player and shown[0].isupper() == (token not in ("Armor", "Sword", "Rope", "Staff",
                                                                                   "Potion", "Treasure")), (name, shown)
    assert cell(rows, 0, 6) == "AG" and cell(rows, 4, 8) == "bA"  # A's Goblin; B's Armor lying alone
    assert cell(rows, 4, 7) == "()"  # the pit the move broke §Déplacement on
    assert sum(r.count("()") for r in rows[::2]) == sum(1 for x in range(22) for y in range(10)
                                                         if cell(rows, x, y) == "()")


def test_explain_draws_the_grid_with_its_coordinates():
    r = CliRunner().invoke(app, ["replay", str(PIT), "--explain"])
    assert r.exit_code == 1
    lines = r.stdout.splitlines()
    ruler = next(i for i, x in enumerate(lines) if x.split()[:3] == ["0", "1", "2"])
    assert lines[ruler].split() == [str(x) for x in range(22)]
    assert lines[ruler + 1 + 2 * 6].split()[:2] == ["6", "AG"]  # row y=6 starts with A's Goblin at x=0
    assert lines[ruler + 1 + 2 * 7].split()[:6] == ["7", "··", "··", "··", "··", "()"]


def test_explain_shows_each_raiders_player_in_a_table():
    r = CliRunner().invoke(app, ["replay", str(TOKENS), "--explain"])
    assert r.exit_code == 1
    out = r.stdout
    assert "Ana" in out and "Ben" in out and "player 1" not in out  # the header's names, not seat numbers
    row = {ln.split("│")[1].strip(): [c.strip() for c in ln.split("│")[2:4]] for ln in out.splitlines()
           if ln.count("│") == 4 and ln.split("│")[1].strip()}
    assert row["tokens"] == ["3", "3"] and row["glory"] == ["0", "0"] and row["crowns"] == ["0", "1"]
    assert row["buildings"] == ["Avant-Poste: level 1", "Avant-Poste: level 1"]  # a building a line
    assert "phase = actions" in out


def test_the_view_as_svg():
    view = replay(PIT, explain=True).first().state
    page = svg(view)
    assert page.startswith("<svg") and page.rstrip().endswith("</svg>")
    assert "AG" in page and "Goblin" in page
    assert svg(view) == page  # the same state, the same bytes


def test_a_player_name_holding_brackets_is_drawn_as_written(tmp_path):
    # a table cell given as a str would be read as rich markup, "[red]" gone from the column
    log = tmp_path / "named.jsonl"
    log.write_text(TOKENS.read_text().replace('"Ana"', '"[red]Ana"'))
    r = CliRunner().invoke(app, ["replay", str(log), "--explain"], terminal_width=200)
    header = [ln for ln in r.stdout.splitlines() if "┃" in ln and "Ben" in ln]
    assert r.exit_code == 1 and len(header) == 1 and "[red]Ana" in header[0], r.stdout
