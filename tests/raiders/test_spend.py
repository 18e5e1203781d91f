"""§8.5: a priest 'peut' heal a death and a thief 'peut' disarm a trap; whether a critical must
be spent is not said (gap critical_effect). Option spend: `may` (the default, the literal
'peut': the log names what each critical, disarm and heal does) or `all` (each is used while an
encounter, a trap or a death is left for it), the reading an independent engine took (s49).
The two logs are that engine's: a lone warrior rolls a critical in the Crypte oubliée and the
log cancels nothing (so the score of 6 fails against 7 and the treasure drawn at line 17 is
not due); a thief rolls a disarm, the Herse is drawn, and the log disarms nothing."""
from __future__ import annotations

from pathlib import Path

import orjson
import pytest

import referee

DATA = Path(__file__).resolve().parents[1] / "data" / "raiders"


def _under(name: str, tmp: Path, spend: str | None) -> Path:
    rows = (DATA / name).read_bytes().splitlines()
    head = orjson.loads(rows[0])
    if spend is not None:
        head.setdefault("options", {})["spend"] = spend
    out = tmp / name
    out.write_bytes(b"\n".join([orjson.dumps(head), *rows[1:]]) + b"\n")
    return out


@pytest.mark.parametrize("spend", [None, "may"])
def test_may_leave_them_unused(spend: str | None, tmp_path: Path) -> None:
    crit = referee.replay(_under("critical-left-unused.jsonl", tmp_path, spend))
    # nothing cancelled: the resistance stays 7, the PvE fails, and no treasure is due
    assert (crit.verdict, crit.problems[0].line, crit.problems[0].cite) == ("illegal", 17, "§8.7")
    assert referee.replay(_under("disarm-left-unused.jsonl", tmp_path, spend)).verdict == "legal"


@pytest.mark.parametrize("name, unused", [("critical-left-unused.jsonl", "1 critical(s), 0 disarm(s)"),
                                          ("disarm-left-unused.jsonl", "0 critical(s), 1 disarm(s)")])
def test_all_spends_every_one(name: str, unused: str, tmp_path: Path) -> None:
    v = referee.replay(_under(name, tmp_path, "all"))
    p = v.problems[0]
    assert (v.verdict, p.line, p.cite) == ("illegal", 16, "§8.5")
    assert unused in p.message


def test_all_accepts_a_resolution_that_spends_them(tmp_path: Path) -> None:
    """The same roll with the critical spent on the creature's red skull: legal under both."""
    rows = (DATA / "critical-left-unused.jsonl").read_bytes().splitlines()
    ev = orjson.loads(rows[15])
    assert ev["do"] == "expedition.resolve"
    rows[15] = orjson.dumps({**ev, "cancel": 1})
    for spend in ("may", "all"):
        head = orjson.loads(rows[0])
        head.setdefault("options", {})["spend"] = spend
        log = tmp_path / f"spent-{spend}.jsonl"
        log.write_bytes(b"\n".join([orjson.dumps(head), *rows[1:]]) + b"\n")
        v = referee.replay(log)
        assert v.verdict == "legal", (spend, v.problems[:1])
