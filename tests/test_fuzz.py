"""A seeded sample of bench/fuzz.py's mutants (issue 21), held to the same contract: a
verdict or a located exit-2 error, no traceback or Python repr, the exit code where the
mutation decides it, no input changed, bounded time. The bench runs 10,000 and more."""
import importlib.util
import json
from pathlib import Path

import pytest

BENCH = Path(__file__).parent.parent / "bench" / "fuzz.py"


@pytest.fixture(scope="module")
def fuzz():
    spec = importlib.util.spec_from_file_location("referee_bench_fuzz", BENCH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_a_seeded_sample_of_mutants_keeps_the_contract(fuzz, tmp_path):
    examples = {p: fuzz.sha(p) for p in fuzz.EXAMPLES}
    tally = fuzz.Tally()
    fuzz.run_mutants(300, 2026, tally, tmp_path)
    assert sum(c["tried"] for c in tally.rows.values()) == 300
    assert set(tally.rows) == set(fuzz.KINDS)  # every class tried
    assert tally.clean(), tally.table() + "\n" + "\n".join(tally.faults)
    assert {p: fuzz.sha(p) for p in fuzz.EXAMPLES} == examples


def test_the_contract_catches_what_it_should(fuzz, tmp_path):
    """The checks themselves can fail: a mutant whose expected code is wrong is counted."""
    ex = fuzz.Example(fuzz.ROOT / "examples/raiders/normal-pvp.jsonl")
    m = fuzz.Mutant("line twice", ex, [x.encode() for x in ex.text[:3]], 1, 2, "none duplicated")
    tally = fuzz.Tally()
    v = fuzz.check_in_process(m, tmp_path / "m.jsonl", tally)
    assert v.verdict == "legal" and tally.rows["line twice"]["wrong exit"] == 1 and not tally.clean()
    assert fuzz.LEAKS.search("got True") and fuzz.LEAKS.search("KeyError: 'x'") and fuzz.LEAKS.search("{'a': 1}")
    assert not fuzz.LEAKS.search('unknown card \'Ruse\' (cards: ...)')


@pytest.mark.parametrize("kind", ["key twice", "type swap", "huge line", "deep value"])
def test_each_class_decides_its_exit_code(fuzz, kind):
    import random

    ex = fuzz.Example(fuzz.ROOT / "examples/welcome/2p-warrior-two-successes.jsonl")
    m = fuzz.mutant(random.Random(3), ex, kind)
    assert m.data().count(b"\n") >= 1 and (m.expect in (2, None))
    if kind in ("key twice", "huge line"):
        assert m.expect == 2


def test_a_cli_batch_of_mutants_matches_in_process(fuzz, tmp_path):
    tally = fuzz.Tally()
    kept = fuzz.run_mutants(30, 7, tally, tmp_path, keep=30)
    fuzz.cli_sample(kept, tally, one_by_one=4)
    bad = {k: c for k, c in tally.rows.items() if any(c[col] for col in fuzz.Tally.COLS[1:])}
    assert not bad, tally.table() + "\n" + "\n".join(tally.faults)
    assert tally.rows["CLI batch of mutants"]["tried"] == len(kept)
    json.dumps(tally.rows)  # the tally is plain data


def test_a_sample_of_component_and_archive_mutants_keeps_the_contract(fuzz, tmp_path):
    """Mutated component files (every game with components) and damaged tar, tar.gz and zip
    corpora: a Config or a located exit-2 error, a verdict per game or one for the damage."""
    tally = fuzz.Tally()
    fuzz.components(25, 5, tmp_path, tally)
    fuzz.archives(15, 5, tmp_path, tally)
    assert tally.rows["component file mutant"]["tried"] == 25
    assert {"damaged tar", "damaged tar.gz", "damaged zip"} <= set(tally.rows)
    assert tally.clean(), tally.table() + "\n" + "\n".join(tally.faults)


@pytest.fixture(scope="module")
def surfaces(fuzz):
    import sys

    sys.modules.setdefault("fuzz", fuzz)  # fuzz_surfaces imports the bench's contract as `fuzz`
    spec = importlib.util.spec_from_file_location("referee_bench_fuzz_surfaces", BENCH.parent / "fuzz_surfaces.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_a_sample_of_the_newer_surfaces_keeps_the_contract(fuzz, surfaces, tmp_path):
    """Mutated coverage maps, the front door given wrong types (in-process), and one damaged
    baseline through the CLI (it used to end in an AttributeError traceback)."""
    tally = fuzz.Tally()
    surfaces.maps(20, 5, tmp_path, tally)
    surfaces.api(tally)
    bad = tmp_path / "b.json"
    bad.write_bytes(b'{"version": 1, "findings": {"\xff": 1}}')
    surfaces._case(tally, "audit --baseline: not UTF-8", ["audit", "draft", "--no-witness", "--baseline", str(bad)],
                   {2}, "b.json:1", [bad])
    assert tally.rows["coverage map mutant"]["tried"] == 20
    assert tally.rows["Python API: a wrong type"]["tried"] == len(surfaces.API)
    assert tally.clean(), tally.table() + "\n" + "\n".join(tally.faults)
