"""`referee replay DIR --prefer X / --components D`: a value wrong whatever the logs is a
command-line fault, refused once (exit 2) before anything is replayed, naming the option,
the value and what the game knows; a batch used to give the same header fault once for
every log (session 44). A source or a component set is one game's: in a batch of several
games, each game that cannot take it is refused once."""
import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from referee.cli.app import app

EX = Path(__file__).resolve().parent.parent / "examples"
run = CliRunner().invoke


def _batch(tmp_path: Path, *games: str) -> Path:
    d = tmp_path / "batch"
    for g in games:
        shutil.copytree(EX / g, d / g, ignore=shutil.ignore_patterns("*.md", "*.toml"))
    return d


def test_an_unknown_source_is_refused_once_before_any_log_is_read(tmp_path):
    d = _batch(tmp_path, "draft")
    (d / "zz-not-a-log.jsonl").write_text("not json\n")  # read, it would say so
    r = run(app, ["replay", str(d), "--prefer", "bogus"])
    assert r.exit_code == 2 and r.stdout == ""
    lines = r.stderr.splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith("referee: --prefer 'bogus': no game referee knows has this source")
    assert "draft: règles" in lines[0] and "raiders: livret, tuile, décision" in lines[0]
    assert "not JSON" not in r.stderr


def test_a_source_of_one_game_is_refused_once_for_the_other_game_of_the_batch(tmp_path):
    d = _batch(tmp_path, "draft", "raiders")
    n = len(list((d / "draft").rglob("*.jsonl")))
    assert n > 1
    r = run(app, ["replay", str(d), "--prefer", "livret"])
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.splitlines() == [
        f"referee: --prefer 'livret': not a source of draft ({n} logs of draft in this batch; its sources: règles)"]


def test_a_components_path_that_is_no_directory_is_refused_once(tmp_path):
    d = _batch(tmp_path, "draft")
    r = run(app, ["replay", str(d), "--components", str(tmp_path / "nowhere")])
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.splitlines() == [f"referee: --components {tmp_path / 'nowhere'}: not a directory "
                                     "(--components names a directory of TOML files)"]


def test_a_component_set_is_refused_once_per_game_that_cannot_read_it(tmp_path):
    d = _batch(tmp_path, "draft", "raiders")
    empty = tmp_path / "empty"
    empty.mkdir()
    r = run(app, ["replay", str(d), "--components", str(empty)])
    assert r.exit_code == 2 and r.stdout == ""
    lines = r.stderr.splitlines()
    assert len(lines) == 2, r.stderr
    assert lines[0].startswith(f"referee: --components {empty}: draft cannot read it (")
    assert lines[1].startswith(f"referee: --components {empty}: raiders cannot read it (")
    assert "missing from the components directory" in lines[0]


def test_a_source_every_game_of_the_batch_knows_replays_as_before(tmp_path):
    d = _batch(tmp_path, "draft")
    plain = run(app, ["replay", str(d), "-f", "json"])
    r = run(app, ["replay", str(d), "--prefer", "règles", "-f", "json"])
    assert r.exit_code == plain.exit_code == 1
    verdicts = lambda out: [(v["file"], v["verdict"], v["problems"]) for v in map(json.loads, out.splitlines())]  # noqa: E731
    assert verdicts(r.stdout) == verdicts(plain.stdout)  # (the proofs in force may differ under a preferred source)


def test_one_log_from_stdin_with_an_unknown_source_is_refused_before_it_is_read():
    log = (EX / "draft" / "legal-2p.jsonl").read_text()
    r = run(app, ["replay", "-", "--prefer", "bogus"], input=log)
    assert r.exit_code == 2 and r.stdout == "" and r.stderr.startswith("referee: --prefer 'bogus': no game")


def test_names_in_another_unicode_normal_form_are_the_same_names(tmp_path):
    """A header's "Zoé" in NFC and events' "Zoé" in NFD (e + a combining accent, as macOS
    tools write it) were refused: `"by" must name a player (Zoé, Ben), got 'Zoé'` (s53 G11).
    A line is read in NFC; the verdict is that of the log in NFC, and the file is unchanged."""
    import unicodedata

    from referee.replays.engine import replay

    rows = (Path(__file__).parent.parent / "examples/welcome/2p-barbarian-elimination.jsonl").read_text(encoding="utf-8").splitlines()
    nfc = [r.replace('"Ana"', '"Zoé"') for r in rows]
    log = tmp_path / "nfd.jsonl"
    log.write_bytes(("\n".join([nfc[0]] + [unicodedata.normalize("NFD", r) for r in nfc[1:]]) + "\n").encode("utf-8"))
    before = log.read_bytes()
    assert "Zoe\u0301" in before.decode("utf-8")
    v, want = replay(log), replay(nfc)
    assert want.verdict == "legal" and want.events > 0
    assert (v.verdict, v.events, v.outcome, v.problems) == (want.verdict, want.events, want.outcome, [])
    assert log.read_bytes() == before
