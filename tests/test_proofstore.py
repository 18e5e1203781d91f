"""Where proofs are kept (referee/proofstore.py): a second audit reuses the first one's proofs,
a fingerprint names everything a proof depends on (a stale entry is never read), and the
replay trusts exactly the invariants proved for the rules in force."""
from __future__ import annotations

import dataclasses
import shutil

import pytest

from referee import proofstore
from referee.checks.invariants import InvResult
from referee.model import load

WELCOME = load("welcome")


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A cache of the test's own, and no certificate: the cache alone is under test."""
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(proofstore, "CERTIFICATE", tmp_path / "no-certificate.json")
    return tmp_path / "cache"


def _counting(game):
    """A stand-in prover that counts its calls (the store's logic does not need z3's time)."""
    calls = []

    def run():
        calls.append(1)
        return [InvResult(i, "proved" if i % 2 else "unknown", "" if i % 2 else "the time budget", {"x": str(i)})
                for i in range(len(game.invariants))]

    return run, calls


def test_a_second_proof_of_the_same_rules_is_read_from_the_cache(cache):
    cfg = WELCOME.default_config()
    run, calls = _counting(WELCOME)
    one = proofstore.proved(WELCOME, cfg, None, 10.0, run)
    two = proofstore.proved(WELCOME, cfg, None, 10.0, run)
    assert calls == [1] and one and [dataclasses.astuple(r) for r in one] == [dataclasses.astuple(r) for r in two]
    proofstore.proved(WELCOME, cfg, None, 20.0, run)  # another budget may prove more: proved again
    assert calls == [1, 1] and len(list((cache / "proofs").glob("*/*.json"))) == 2


def test_the_fingerprint_names_options_players_and_components(tmp_path):
    cfg = WELCOME.default_config()
    base = proofstore.fingerprint(WELCOME, cfg)
    assert proofstore.fingerprint(WELCOME, WELCOME.configure({"vorpal": "one"}, None, None)) != base
    assert proofstore.fingerprint(WELCOME, WELCOME.configure({}, None, None, nplayers=3)) != base
    comp = tmp_path / "comp"
    shutil.copytree(WELCOME.components_dir, comp)
    assert proofstore.fingerprint(WELCOME, cfg, comp) == base  # the same files, the same rules
    f = sorted(comp.glob("*.toml"))[0]
    f.write_text(f.read_text() + "\n# edited\n")
    assert proofstore.fingerprint(WELCOME, cfg, comp) != base


def test_a_game_changed_in_memory_is_never_stored_nor_trusted(cache):
    changed = dataclasses.replace(WELCOME, invariants=WELCOME.invariants[:1])
    cfg = changed.default_config()
    assert proofstore.fingerprint(changed, cfg) is None
    run, calls = _counting(changed)
    proofstore.proved(changed, cfg, None, 10.0, run)
    proofstore.proved(changed, cfg, None, 10.0, run)
    assert calls == [1, 1] and not (cache / "proofs").exists()
    assert proofstore.trusted(changed, cfg) == frozenset()


def test_a_damaged_entry_is_proved_again_and_the_cache_can_be_turned_off(cache, monkeypatch):
    cfg = WELCOME.default_config()
    fake = [InvResult(0, "proved")]
    proofstore.proved(WELCOME, cfg, None, 10.0, lambda: fake)
    (entry,) = (cache / "proofs").glob("*/*.json")
    entry.write_bytes(b"{not json")
    calls = []
    proofstore.proved(WELCOME, cfg, None, 10.0, lambda: calls.append(1) or fake)
    assert calls == [1]
    monkeypatch.setenv("REFEREE_CACHE_DIR", "")
    assert proofstore.folder() is None
    proofstore.proved(WELCOME, cfg, None, 10.0, lambda: calls.append(1) or fake)
    assert calls == [1, 1]


def test_the_replay_trusts_what_the_cache_proved_for_these_rules_only(cache, monkeypatch):
    cfg = WELCOME.configure({"vorpal": "one"}, None, None)  # no certificate covers it
    assert proofstore.trusted(WELCOME, cfg) == frozenset()
    run, _ = _counting(WELCOME)
    proofstore.proved(WELCOME, cfg, None, 10.0, run)
    fresh = WELCOME.configure({"vorpal": "one"}, None, None)  # a new Config: no memo
    assert proofstore.trusted(WELCOME, fresh) == {i for i in range(len(WELCOME.invariants)) if i % 2}
    # the Config that read an empty cache before the proof trusts what a fresh one does: a
    # process that replayed before an audit says the same as a new process (was: its memo)
    assert proofstore.trusted(WELCOME, cfg) == proofstore.trusted(WELCOME, fresh)
    assert proofstore.trusted(WELCOME, WELCOME.configure({"vorpal": "one"}, None, None, nplayers=3)) == frozenset()


def test_the_shipped_certificate_is_not_stale():
    """The certificate must name the rules as they are now: any change to the kernel, a
    game's modules, its components or the prover changes the fingerprint. Rebuild it with
    `python bench/certify.py` (it proves each game's default configuration)."""
    import importlib.util
    import sys
    from pathlib import Path

    spec = importlib.util.spec_from_file_location("certify", Path(__file__).parents[1] / "bench" / "certify.py")
    certify = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("certify", certify)
    spec.loader.exec_module(certify)
    cert = proofstore.certificate()
    from referee.model import BUILTIN

    for name in BUILTIN:
        game = load(name)
        if name in certify.SLOW:
            continue
        for n, opts in certify.configurations(game):
            fp = proofstore.fingerprint(game, game.configure(opts, None, None, nplayers=n))
            assert fp in cert, f"{name}, {n} players, {opts}: the certificate is stale: run python bench/certify.py"
            assert cert[fp]["invariants"] == len(game.invariants) and cert[fp]["proved"], name


def _toy_log(*takes):
    lines = ['{"referee": 1, "game": "toy", "players": ["Ana", "Ben"]}']
    for n, (who, k) in enumerate(takes, 1):
        lines.append(f'{{"n": {n}, "by": "{who}", "do": "take", "k": {k}}}')
    return "\n".join(lines) + "\n"


def test_a_replay_trusts_proved_invariants_until_an_illegal_event(cache):
    """The toy game's invariants, proved (z3) into the cache, are trusted on a legal game and
    listed in its verdict; past an illegal event under --keep-going the state is no longer
    one the proofs cover, so every invariant is checked again: the pile taken below zero is
    reported. --check-invariants trusts none."""
    from referee.checks.invariants import prove
    from referee.replays.engine import replay

    toy = load("toy")
    cfg = toy.default_config()
    res = proofstore.proved(toy, cfg, None, 10.0, lambda: prove(toy, cfg, budget=10.0))
    assert all(r.status == "proved" for r in res)
    v = replay(_toy_log(("Ana", 3), ("Ben", 3)))
    assert v.verdict == "legal" and v.trusted == ["§1", "§2"] and v.invariants == 3
    assert replay(_toy_log(("Ana", 3)), check_invariants=True).trusted == []
    # 10 stones: 3 + 3 + 3 leave 1; Ana takes 3 (illegal, §1), the pile would be -2
    v = replay(_toy_log(("Ana", 3), ("Ben", 3), ("Ana", 3), ("Ben", 3)), keep_going=True)
    kinds = [(p.line, p.kind) for p in v.problems]
    assert (5, "illegal") in kinds and (5, "invariant") in kinds, kinds


def test_the_audit_takes_a_whole_proof_from_the_certificate_and_says_so(cache, monkeypatch, tmp_path):
    """A certificate proving every invariant of these exact rules stands for the proof (no
    budget can do better); one that leaves any open does not, and the prover runs."""
    import orjson

    cfg = WELCOME.default_config()
    n = len(WELCOME.invariants)
    cert = tmp_path / "cert.json"
    monkeypatch.setattr(proofstore, "CERTIFICATE", cert)
    fp = proofstore.fingerprint(WELCOME, cfg)
    cert.write_bytes(orjson.dumps({fp: {"game": "welcome", "invariants": n, "proved": list(range(n))}}))
    run, calls = _counting(WELCOME)
    got = proofstore.proved(WELCOME, cfg, None, 10.0, run)
    assert calls == [] and {(r.status, r.by) for r in got} == {("proved", proofstore.CERTIFIED)}
    cert.write_bytes(orjson.dumps({fp: {"game": "welcome", "invariants": n, "proved": list(range(n - 1))}}))
    proofstore.proved(WELCOME, cfg, None, 10.0, run)
    assert calls == [1]


def test_z3_version_read_from_its_folder_is_the_installed_one():
    # the fingerprint names z3's version without importlib.metadata (start-up of a replay)
    from importlib import metadata

    assert proofstore._z3_version() == metadata.version("z3-solver")


def test_a_setup_that_breaks_an_invariant_leaves_nothing_trusted(monkeypatch):
    """A proof starts from a state where every invariant holds: under --keep-going, past a
    setup that breaks one, each event is checked again (here every invariant is taken as
    proved, and the conservation of stones broken from the start is reported on the take
    that changes the counts too)."""
    import dataclasses

    from referee.replays import engine
    from referee.replays.engine import replay

    toy = load("toy")
    broken = dataclasses.replace(toy, setup=lambda header, cfg: toy.setup(header, cfg).but(taken=(1, 0)),
                                 _by_name={}, _needs={}, _watch={}, _configs={})
    monkeypatch.setattr(engine.proofstore, "trusted", lambda game, cfg, components=None: frozenset(range(3)))
    v = replay(_toy_log(("Ana", 3)), keep_going=True, game=broken)
    got = [(p.line, p.kind) for p in v.problems]
    assert (1, "invariant") in got and (2, "invariant") in got, got
    assert v.trusted == []


def test_a_plugin_game_whose_rules_fork_is_not_trusted(monkeypatch):
    """tests/test_forks.py checks the forks of the built-in games only: a plugin game whose
    rules fork (Game.concrete_forks) gets no trust, whatever proofs it has."""
    import dataclasses

    toy = load("toy")
    # copies of their own (their Configs, whose memo keeps what trusted read, are their own too)
    plain = dataclasses.replace(toy, _by_name={}, _needs={}, _watch={}, _configs={})
    forking = dataclasses.replace(toy, concrete_forks=True, _by_name={}, _needs={}, _watch={}, _configs={})
    monkeypatch.setattr(proofstore, "fingerprint", lambda game, cfg, components=None: "f" * 64)
    monkeypatch.setattr(proofstore, "certificate", lambda: {"f" * 64: {"invariants": 3, "proved": [0, 1, 2]}})
    assert proofstore.trusted(plain, plain.default_config()) == frozenset({0, 1, 2})
    assert proofstore.trusted(forking, forking.default_config()) == frozenset()


def _rows(n):
    return [{"index": i, "status": "proved", "by": "", "model": {}} for i in range(n)]


DAMAGED = {  # name -> the rows of n invariants, damaged (each was read as it stood)
    "an empty list": lambda n: [],  # every invariant dropped from the report, unseen
    "a row short": lambda n: _rows(n)[:-1],
    "an index out of range": lambda n: _rows(n - 1) + [{"index": 99, "status": "proved", "by": "", "model": {}}],
    "rows out of order": lambda n: _rows(n)[::-1],
    "a model that is null": lambda n: [{**r, "model": None} for r in _rows(n)],  # AttributeError in the report
    "an index that is a list": lambda n: [{**r, "index": [r["index"]]} for r in _rows(n)],  # unhashable: the replay crashed
    "an index that is true": lambda n: [{**r, "index": True} if r["index"] == 1 else r for r in _rows(n)],
    "an unknown status": lambda n: [{**r, "status": "maybe"} for r in _rows(n)],
    "a key more": lambda n: [{**r, "extra": 1} for r in _rows(n)],
    "a row not an object": lambda n: _rows(n - 1) + [3],
    "the certificate's mark": lambda n: [{**r, "by": proofstore.CERTIFIED} for r in _rows(n)],
    "an object": lambda n: {"0": _rows(n)[0]},
}


@pytest.mark.parametrize("damage", DAMAGED)
def test_a_cache_entry_not_as_proved_writes_it_is_not_trusted(cache, damage):
    """A cache file holding anything but what `proved` writes (one row per invariant, in
    order, of the kinds prove gives) is damaged: the audit proves again (it had dropped
    invariants from its report unseen, or crashed on an index out of range or a null model)
    and the replay trusts nothing from it (it crashed on an index that is a list)."""
    import orjson

    cfg = WELCOME.configure({"vorpal": "one"}, None, None)  # no certificate covers it
    n = len(WELCOME.invariants)
    run, calls = _counting(WELCOME)
    proofstore.proved(WELCOME, cfg, None, 10.0, run)
    (entry,) = (cache / "proofs").glob("*/*.json")
    entry.write_bytes(orjson.dumps(DAMAGED[damage](n)))
    got = proofstore.proved(WELCOME, cfg, None, 10.0, run)
    assert calls == [1, 1] and [r.index for r in got] == list(range(n))
    entry.write_bytes(orjson.dumps(DAMAGED[damage](n)))
    assert proofstore.trusted(WELCOME, WELCOME.configure({"vorpal": "one"}, None, None)) == frozenset()


def test_a_cache_entry_that_is_no_regular_file_is_never_opened(cache):
    """A FIFO where a cache file should be waited forever (audit and replay alike): it is not
    opened; the proof is done again and nothing is trusted from it."""
    import os
    import signal

    cfg = WELCOME.configure({"vorpal": "one"}, None, None)
    run, calls = _counting(WELCOME)
    proofstore.proved(WELCOME, cfg, None, 10.0, run)
    (entry,) = (cache / "proofs").glob("*/*.json")
    entry.unlink()
    os.mkfifo(entry)
    (entry.parent / "other.json").mkdir()

    def hung(*_):  # not TimeoutError, an OSError the code under test may catch
        raise AssertionError("a FIFO in the cache was opened: no answer within 20 s")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)
    try:
        assert proofstore.trusted(WELCOME, WELCOME.configure({"vorpal": "one"}, None, None)) == frozenset()
        proofstore.proved(WELCOME, cfg, None, 10.0, run)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    assert calls == [1, 1]


def test_no_home_and_no_user_entry_turns_the_cache_off(monkeypatch):
    """HOME unset and the uid in no user database (a container's arbitrary uid): Path.home()
    raises, and every replay's verdict was "error" (RuntimeError). The cache is off instead."""
    import pwd

    from referee.replays.engine import replay

    for var in ("HOME", "XDG_CACHE_HOME", "REFEREE_CACHE_DIR"):
        monkeypatch.delenv(var, raising=False)

    def no_user(uid):
        raise KeyError(f"getpwuid(): uid not found: {uid}")

    monkeypatch.setattr(pwd, "getpwuid", no_user)
    assert proofstore.folder() is None
    log = sorted((__import__("pathlib").Path(__file__).parents[1] / "examples" / "draft").glob("legal-*.jsonl"))[0]
    assert replay(log).verdict == "legal"
