"""The proof cache (referee/checks/proofcache.py): a second audit reuses the first one's
proofs, and a key names everything a proof depends on, so a stale entry is never read."""
from __future__ import annotations

import dataclasses
import shutil

import pytest

from referee.checks import proofcache
from referee.checks.invariants import InvResult
from referee.model import load

WELCOME = load("welcome")


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def _counting(game, cfg):
    """A stand-in prover that counts its calls (the cache's logic does not need z3's time)."""
    calls = []

    def run():
        calls.append(1)
        return [InvResult(i, "proved" if i % 2 else "unknown", "" if i % 2 else "the time budget", {"x": str(i)})
                for i in range(len(game.invariants))]

    return run, calls


def test_a_second_proof_of_the_same_rules_is_read_from_the_cache(cache):
    cfg = WELCOME.default_config()
    run, calls = _counting(WELCOME, cfg)
    one = proofcache.proved(WELCOME, cfg, None, 10.0, run)
    two = proofcache.proved(WELCOME, cfg, None, 10.0, run)
    assert calls == [1] and one and [dataclasses.astuple(r) for r in one] == [dataclasses.astuple(r) for r in two]
    assert len(list((cache / "proofs").glob("*.json"))) == 1


def test_the_key_names_options_budget_players_and_components(cache, tmp_path):
    cfg = WELCOME.default_config()
    base = proofcache.key(WELCOME, cfg, None, 10.0)
    other = WELCOME.configure({"vorpal": "one"}, None, None)
    assert proofcache.key(WELCOME, other, None, 10.0) != base
    assert proofcache.key(WELCOME, cfg, None, 20.0) != base  # a larger budget may prove more
    assert proofcache.key(WELCOME, WELCOME.configure({}, None, None, nplayers=3), None, 10.0) != base
    comp = tmp_path / "comp"
    shutil.copytree(WELCOME.components_dir, comp)
    assert proofcache.key(WELCOME, cfg, comp, 10.0) == base  # the same files, the same key
    f = sorted(comp.glob("*.toml"))[0]
    f.write_text(f.read_text() + "\n# edited\n")
    assert proofcache.key(WELCOME, cfg, comp, 10.0) != base


def test_a_game_changed_in_memory_is_never_cached(cache):
    changed = dataclasses.replace(WELCOME, invariants=WELCOME.invariants[:1])
    cfg = changed.default_config()
    assert proofcache.key(changed, cfg, None, 10.0) is None
    run, calls = _counting(changed, cfg)
    proofcache.proved(changed, cfg, None, 10.0, run)
    proofcache.proved(changed, cfg, None, 10.0, run)
    assert calls == [1, 1] and not (cache / "proofs").exists()


def test_a_damaged_entry_is_proved_again_and_the_cache_can_be_turned_off(cache, monkeypatch):
    cfg = WELCOME.default_config()
    fake = [InvResult(0, "proved")]
    proofcache.proved(WELCOME, cfg, None, 10.0, lambda: fake)
    (entry,) = (cache / "proofs").glob("*.json")
    entry.write_bytes(b"{not json")
    calls = []
    proofcache.proved(WELCOME, cfg, None, 10.0, lambda: calls.append(1) or fake)
    assert calls == [1]
    monkeypatch.setenv("REFEREE_CACHE_DIR", "")
    assert proofcache.folder() is None
    proofcache.proved(WELCOME, cfg, None, 10.0, lambda: calls.append(1) or fake)
    assert calls == [1, 1]
