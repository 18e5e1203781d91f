"""Packed corpora (referee/replays/corpus.py): a stream of games, a tar (plain or gzipped) and a
zip give every game the verdict its loose file gets, named after the member; hostile
archives (links, devices, paths outside, duplicates, bombs, forged sizes) are refused member
by member as located unreadable verdicts, never a traceback, and nothing is extracted."""
import io
import pickle
import struct
import tarfile
import warnings
import zipfile
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from referee.cli.app import app
from referee.replays import corpus, engine
from referee.replays.corpus import Limits, Refused

ROOT = Path(__file__).parent.parent
NL = b"\n"
EXAMPLES = sorted(ROOT.glob("examples/*/*.jsonl"))
GOOD = ROOT / "examples/welcome/2p-warrior-two-successes.jsonl"
BAD = ROOT / "examples/welcome/bad-axe-twice.jsonl"


def _rel(p: Path) -> str:
    return str(p.relative_to(ROOT))


def _pack(kind: str, dest: Path, files=EXAMPLES) -> Path:
    if kind == "zip":
        with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as z:
            for f in files:
                z.write(f, _rel(f))
    elif kind == "stream":
        with open(dest, "wb") as out:
            for f in files:
                b = f.read_bytes()
                out.write(b if b.endswith(b"\n") else b + b"\n")
    else:
        with tarfile.open(dest, "w:gz" if dest.name.endswith(".gz") else "w") as t:
            for f in files:
                t.add(f, _rel(f))
    return dest


def _stream_names(dest: Path, files) -> list[str]:
    """The names of a stream's games: the line of each header."""
    names, at = [], 1
    for f in files:
        names.append(f"{dest}#{at}")
        b = f.read_bytes()
        at += b.count(b"\n") + (not b.endswith(b"\n"))
    return names


def _json(v) -> dict:
    return v.to_json()


@pytest.fixture(scope="module")
def loose() -> dict:
    """Every example's verdict as a loose file, without its name."""
    return {f: {**_json(engine.replay(f)), "file": None} for f in EXAMPLES}


@pytest.mark.parametrize("name", ["ex.games.jsonl", "ex.tar", "ex.tar.gz", "ex.zip"])
def test_every_packed_game_gets_its_loose_files_verdict(tmp_path, name, loose):
    kind = {"ex.games.jsonl": "stream", "ex.zip": "zip"}.get(name, "tar")
    packed = _pack(kind, tmp_path / name)
    got = list(corpus.verdicts(packed))
    names = _stream_names(packed, EXAMPLES) if kind == "stream" else [f"{packed}:{_rel(f)}" for f in EXAMPLES]
    assert [v.file for v in got] == names
    for f, v in zip(EXAMPLES, got):
        assert {**_json(v), "file": None} == loose[f], f


def test_the_cli_prints_the_loose_runs_lines_for_a_tar_locally_and_over_processes(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    packed = _pack("tar", tmp_path / "ex.tar")
    run = CliRunner().invoke
    loose = run(app, ["replay", "examples", "-f", "json"])
    for jobs in ("1", "2"):
        r = run(app, ["replay", str(packed), "-f", "json", "--jobs", jobs])
        assert r.exit_code == loose.exit_code == 2  # the examples hold unreadable logs
        assert r.stdout.replace(f"{packed}:", "") == loose.stdout


def test_stream_framing_blank_lines_and_a_headerless_start(tmp_path):
    good, bad = GOOD.read_bytes(), BAD.read_bytes()
    s = tmp_path / "s.games.jsonl"
    s.write_bytes(b'{"n": 1, "by": "Ana", "do": "bid.draw"}\n\n' + good + b"\n\n" + bad)
    got = list(corpus.verdicts(s))
    start_bad = 3 + good.count(b"\n") + 2
    assert [v.file for v in got] == [f"{s}#1", f"{s}#3", f"{s}#{start_bad}"]
    assert got[0].verdict == "unreadable" and got[0].first().line == 1  # no header: not a referee log
    assert {**_json(got[1]), "file": 0} == {**_json(engine.replay(GOOD)), "file": 0}
    assert {**_json(got[2]), "file": 0} == {**_json(engine.replay(BAD)), "file": 0}
    assert got[2].first().line == 26  # relative to the game, as in the loose file


def _tar_with(path: Path, *members: tuple[tarfile.TarInfo, bytes | None]) -> Path:
    with tarfile.open(path, "w") as t:
        for info, data in members:
            if data is not None:
                info.size = len(data)
            t.addfile(info, io.BytesIO(data) if data is not None else None)
    return path


def _info(name: str, type=tarfile.REGTYPE, link: str = "") -> tarfile.TarInfo:
    i = tarfile.TarInfo(name)
    i.type, i.linkname = type, link
    return i


def test_hostile_members_are_refused_one_by_one_and_the_good_ones_keep_their_verdicts(tmp_path):
    good = GOOD.read_bytes()
    t = _tar_with(tmp_path / "h.tar",
                  (_info("ok/a.jsonl"), good),
                  (_info("link.jsonl", tarfile.SYMTYPE, "/etc/passwd"), None),
                  (_info("hard.jsonl", tarfile.LNKTYPE, "ok/a.jsonl"), None),
                  (_info("dev.jsonl", tarfile.CHRTYPE), None),
                  (_info("fifo", tarfile.FIFOTYPE), None),
                  (_info("../up.jsonl"), good),
                  (_info("/abs.jsonl"), good),
                  (_info("ok/a.jsonl"), good),  # twice
                  (_info("README.txt"), b"not a log"),  # passed over, as in a directory
                  (_info("ok/b.jsonl"), BAD.read_bytes()))
    before = sorted(tmp_path.rglob("*"))
    vs = list(corpus.verdicts(t))
    assert [v.file.split(":", 1)[1] for v in vs] == ["ok/a.jsonl", "link.jsonl", "hard.jsonl", "dev.jsonl", "fifo",
                                                      "../up.jsonl", "/abs.jsonl", "ok/a.jsonl", "ok/b.jsonl"]
    # two members of one name: neither is judged, the first's verdict void too (hostile run, s59)
    assert vs[0].verdict == vs[7].verdict == "unreadable" and "same name" in vs[7].first().message
    assert vs[0].first().message == vs[7].first().message
    got = {v.file.split(":", 1)[1]: v for v in vs[1:7] + vs[8:]}
    why = {k: v.first().message for k, v in got.items() if v.verdict == "unreadable"}
    assert "symbolic link" in why["link.jsonl"] and "hard link" in why["hard.jsonl"]
    assert "device" in why["dev.jsonl"] and "FIFO" in why["fifo"]
    assert '".."' in why["../up.jsonl"] and "absolute" in why["/abs.jsonl"]
    assert all(got[k].first().line == 0 for k in why)  # the member as a whole
    assert got["ok/b.jsonl"].verdict == "illegal" and got["ok/b.jsonl"].first().line == 26
    assert sorted(tmp_path.rglob("*")) == before  # nothing extracted


def test_zip_links_and_paths_are_refused(tmp_path):
    z = tmp_path / "h.zip"
    with zipfile.ZipFile(z, "w") as zf:
        zf.writestr("ok.jsonl", GOOD.read_bytes())
        link = zipfile.ZipInfo("link.jsonl")
        link.external_attr = (0o120777 << 16)
        zf.writestr(link, "/etc/passwd")
        zf.writestr("../up.jsonl", GOOD.read_bytes())
        zf.writestr("/abs.jsonl", GOOD.read_bytes())
    got = [(v.file.split(":", 1)[1], v.verdict, v.first().message if v.problems else "") for v in corpus.verdicts(z)]
    assert [g[:2] for g in got] == [("ok.jsonl", "legal"), ("link.jsonl", "unreadable"),
                                    ("../up.jsonl", "unreadable"), ("/abs.jsonl", "unreadable")]
    assert "symbolic link" in got[1][2] and '".."' in got[2][2] and "absolute" in got[3][2]


def test_bombs_are_refused_by_their_declared_sizes_and_counts(tmp_path):
    t = _pack("tar", tmp_path / "three.tar", EXAMPLES[:3])
    size = max(f.stat().st_size for f in EXAMPLES[:3])
    many = list(corpus.games(t, Limits(members=2)))
    assert len(many) == 1 and many[0].name == str(t) and "more than 2 members" in many[0].lines.what
    total = list(corpus.games(t, Limits(total_bytes=size + 10)))
    assert len(total) == 1 and "archive bomb" in total[0].lines.what
    sizes = [f.stat().st_size for f in EXAMPLES[:3]]
    each = list(corpus.games(t, Limits(member_bytes=min(sizes))))
    for n, g in zip(sizes, each):  # at the limit: read; past it: refused, before a byte is read
        assert isinstance(g.lines, tuple) if n == min(sizes) else "per member" in g.lines.what
    assert len(set(sizes)) > 1


def test_a_zip_whose_declared_size_lies_is_refused_not_read_whole(tmp_path):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("ok.jsonl", GOOD.read_bytes())
        zf.writestr("big.jsonl", b'{"n": 1}\n' * 100_000)  # 900 kB of zeros' kin, deflated to ~1 kB
    data = bytearray(buf.getvalue())
    cd = data.rfind(b"PK\x01\x02")
    lh = data.find(b"PK\x03\x04", data.find(b"big.jsonl") - 40)
    struct.pack_into("<I", data, cd + 24, 100)  # the directory says 100 bytes ...
    struct.pack_into("<I", data, lh + 22, 100)  # ... and so does the local header
    z = tmp_path / "lie.zip"
    z.write_bytes(bytes(data))
    got = list(corpus.verdicts(z, limits=Limits(member_bytes=10_000)))
    assert [v.verdict for v in got] == ["legal", "unreadable"]
    assert "damaged or forged" in got[1].first().message and got[1].first().line == 0


def test_reading_stops_at_the_limit_whatever_is_declared():
    budget = corpus._Budget(Limits(member_bytes=50))
    got = corpus._lines(io.BytesIO(b"x" * 10_000), 10, budget)
    assert isinstance(got, Refused) and "though it declares 10 bytes" in got.what
    assert budget.read <= 51  # one chunk past the limit at most


def test_a_stream_game_over_the_limit_is_refused_and_the_next_game_read(tmp_path):
    good = GOOD.read_bytes()
    s = tmp_path / "s.games.jsonl"
    s.write_bytes(good + b'{"referee": 1, "note": "' + b"x" * 5000 + b'"}\n' + good)
    got = list(corpus.games(s, Limits(member_bytes=len(good) + 10)))
    assert [type(g.lines) for g in got] == [tuple, Refused, tuple]
    assert "LIMITS.member_bytes" in got[1].lines.what and got[2].name == f"{s}#{good.count(NL) + 2}"


def test_damaged_archives_and_empty_ones_are_one_located_verdict(tmp_path):
    t = _pack("tar", tmp_path / "ex.tar.gz", EXAMPLES[:5])
    cut = tmp_path / "cut.tar.gz"
    cut.write_bytes(t.read_bytes()[: t.stat().st_size // 2])
    got = list(corpus.verdicts(cut))
    assert got[-1].file == str(cut) and got[-1].verdict == "unreadable"
    assert "damaged or truncated" in got[-1].first().message
    junk = tmp_path / "junk.zip"
    junk.write_bytes(b"not a zip")
    assert [v.verdict for v in corpus.verdicts(junk)] == ["unreadable"]
    empty = _tar_with(tmp_path / "empty.tar", (_info("README"), b"x"))
    assert "no .jsonl log" in next(corpus.verdicts(empty)).first().message
    # a tar cut inside its second member's header: tarfile ends the listing there without a
    # word, and this was "no .jsonl log" (s59); said damaged now
    two = _tar_with(tmp_path / "two.tar", (_info("README"), b"x"), (_info("g.jsonl"), GOOD.read_bytes()))
    cut_header = tmp_path / "cut.tar"
    cut_header.write_bytes(two.read_bytes()[:1200])  # README: header and one block; then 176 bytes of a header
    assert "damaged or truncated" in next(corpus.verdicts(cut_header)).first().message
    # a colon in a member's name is no drive letter unless a slash follows (`C:/x`, s59's review)
    colon = _tar_with(tmp_path / "colon.tar", (_info("a:b.jsonl"), GOOD.read_bytes()), (_info("C:/x.jsonl"), GOOD.read_bytes()))
    assert [v.verdict for v in corpus.verdicts(colon)] == ["legal", "unreadable"]
    # bytes after the end-of-archive zeros are no member: read cleanly, as GNU tar does
    trailing = tmp_path / "trailing.tar"
    trailing.write_bytes(two.read_bytes() + b"garbage after the end")
    assert [v.verdict for v in corpus.verdicts(trailing)] == ["legal"]
    # a file that no method opens: each method's reason, not the first line alone
    fake = tmp_path / "fake.tar.gz"
    fake.write_bytes(b"\x00" * 10 + b"junk" * 300)
    why = next(corpus.verdicts(fake)).first().message
    assert "method gz" in why and "method tar" in why


def test_the_cli_never_shows_a_traceback_for_a_hostile_archive(tmp_path):
    t = _tar_with(tmp_path / "h.tar", (_info("link.jsonl", tarfile.SYMTYPE, "/etc/passwd"), None),
                  (_info("a.jsonl"), GOOD.read_bytes()))
    r = CliRunner().invoke(app, ["replay", str(t)])
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert f"{t}:link.jsonl: a symbolic link (to /etc/passwd)" in r.stdout


def test_the_cli_refuses_a_bomb_under_its_limits(tmp_path, monkeypatch):
    t = _pack("tar", tmp_path / "ex.tar.gz", EXAMPLES[:3])
    monkeypatch.setattr(corpus, "LIMITS", Limits(members=2))
    r = CliRunner().invoke(app, ["replay", str(t), "-f", "json"])
    got = [orjson.loads(x) for x in r.stdout.splitlines()]
    assert r.exit_code == 2 and [(d["file"], d["verdict"]) for d in got] == [(str(t), "unreadable")]
    assert "more than 2 members" in got[0]["problems"][0]["message"]


def test_refused_lines_pickle_and_raise_when_replayed():
    r = pickle.loads(pickle.dumps(Refused("why", 0)))
    v = engine.replay(r, label="a.tar:x.jsonl")
    assert (v.file, v.verdict, v.first().message, v.first().line) == ("a.tar:x.jsonl", "unreadable", "why", 0)


def test_a_packed_corpus_on_a_local_cluster_prints_the_local_output(tmp_path):
    distributed = pytest.importorskip("distributed")
    packed = _pack("tar", tmp_path / "w.tar.gz", sorted(ROOT.glob("examples/welcome/*.jsonl")))
    stream = _pack("stream", tmp_path / "w.games.jsonl", sorted(ROOT.glob("examples/trolls/*.jsonl")))
    run, args = CliRunner().invoke, ["replay", str(packed), str(stream), "-f", "json"]
    local = run(app, args)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=True,
                                  dashboard_address=None) as cluster:
        remote = run(app, args + ["--scheduler", cluster.scheduler_address])
    assert remote.exit_code == local.exit_code and remote.stdout == local.stdout
    assert [orjson.loads(x)["file"].split(":")[0].split("#")[0] for x in local.stdout.splitlines()][-1] == str(stream)


def test_a_member_of_newlines_keeps_no_more_lines_than_a_log_may_hold(tmp_path):
    """64 MiB of newlines is 67 million lines: held as objects, 3 GB for one member, 8.6 GB
    and four minutes for a 1.2 MB archive of 20 (session 43's hostile run). A member, or a
    stream's game, keeps one line past log.MAX_LINES, where the reader refuses it."""
    from referee.replays.log import MAX_LINES

    body = b'{"referee": 1, "game": "draft", "players": ["A", "B"]}\n' + b"\n" * (MAX_LINES + 50)
    info = _info("nl.jsonl")
    info.size = len(body)
    path = _tar_with(tmp_path / "nl.tar.gz", (info, body))
    (g,) = corpus.games(path)
    assert len(g.lines) == MAX_LINES + 1
    stream = tmp_path / "nl.games.jsonl"
    stream.write_bytes(body + body[:body.index(b"\n") + 1])
    first, second = corpus.games(stream)
    assert len(first.lines) == MAX_LINES + 1 and len(second.lines) == 1
    r = CliRunner().invoke(app, ["replay", str(path)])
    assert r.exit_code == 2 and f"nl.jsonl:{MAX_LINES + 1}: more than {MAX_LINES:,} lines" in r.output, r.output


def test_members_named_alike_as_paths_are_the_same_name(tmp_path):
    """./g.jsonl and g.jsonl, x//g.jsonl and x/g.jsonl each got a verdict of their own
    (session 43's hostile run): as paths they are one name, and both are refused (s59: the
    first was judged, though which one is meant cannot be told)."""
    good = GOOD.read_bytes()
    for first, second in (("g.jsonl", "./g.jsonl"), ("x/g.jsonl", "x//g.jsonl")):
        path = _tar_with(tmp_path / f"{len(second)}.tar", (_info(first), good), (_info(second), good))
        got = list(corpus.games(path))
        assert isinstance(got[0].lines, Refused) and isinstance(got[1].lines, Refused), (first, second)
    z = tmp_path / "twice.zip"
    with zipfile.ZipFile(z, "w") as zf, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns of the duplicate name it is told to write
        zf.writestr("dup.jsonl", good)
        zf.writestr("other.jsonl", good)
        zf.writestr("dup.jsonl", good)
    assert [v.verdict for v in corpus.verdicts(z)] == ["unreadable", "legal", "unreadable"]


def test_a_folder_reads_every_file_that_may_hold_games_and_passes_none_unsaid(tmp_path):
    """A folder held an illegal game in bad.JSONL, in more.tar and in bad.jsonl.gz: the folder
    read only lower-case *.jsonl and passed the others over, exit 0, where the same files in a
    tar gave exit 1 (a hostile run, s61). Each now has a verdict: the .JSONL and the tar's
    member illegal, the compressed log unreadable, saying it is gzip; in an archive, a nested
    archive or compressed log is refused, never passed over."""
    import gzip

    good = ROOT / "examples" / "welcome" / "2p-warrior-two-successes.jsonl"
    bad = ROOT / "examples" / "welcome" / "bad-chooser.jsonl"
    d = tmp_path / "games"
    d.mkdir()
    (d / "ok.jsonl").write_bytes(good.read_bytes())
    (d / "bad.JSONL").write_bytes(bad.read_bytes())
    (d / "bad.jsonl.gz").write_bytes(gzip.compress(bad.read_bytes()))
    _tar_with(d / "more.tar", (_info("bad.jsonl"), bad.read_bytes()))
    r = CliRunner().invoke(app, ["replay", str(d), "-f", "json"])
    got = {Path(v["file"]).name: v for v in map(orjson.loads, r.stdout.splitlines())}
    assert r.exit_code == 2 and got["ok.jsonl"]["verdict"] == "legal"
    assert got["bad.JSONL"]["verdict"] == got["more.tar:bad.jsonl"]["verdict"] == "illegal"
    assert got["bad.jsonl.gz"]["verdict"] == "unreadable" and "gzip-compressed" in got["bad.jsonl.gz"]["problems"][0]["message"]
    nested = _tar_with(tmp_path / "nested.tar", (_info("ok.jsonl"), good.read_bytes()),
                       (_info("more.tar"), (d / "more.tar").read_bytes()))
    said = {g.name.rsplit(":", 1)[-1]: g.lines for g in corpus.games(nested)}
    assert isinstance(said["more.tar"], Refused) and "inside an archive" in said["more.tar"].what
