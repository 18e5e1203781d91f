"""An event after the end of a game breaks the rule that ends the game, and is cited so: for
Raiders, §9.2 (the game stops at the end of the tenth turn, or of the turn a condition is met),
not §9.3, which scores a finished game and breaks its ties (an independent engine's
disagreement, s49). The §s are the rulebooks' own, written here by hand from each text."""
from __future__ import annotations

from pathlib import Path

import orjson
import pytest

import referee
from referee import errors

ROOT = Path(__file__).resolve().parents[1]

# the § of each text that says when its game is over
ENDS = {"raiders": "§9.2", "draft": "§Fin de manche", "welcome": "§Victoire", "trolls": "§Intro", "twister": "§Fin"}


def test_raiders_competition_event_after_the_tenth_turn() -> None:
    v = referee.replay(ROOT / "tests" / "data" / "raiders" / "competition-event-after-end.jsonl")
    assert (v.verdict, v.problems[0].line, v.problems[0].cite) == ("illegal", 140, "§9.2")
    # when and how it ended: "(more victory points)" alone read as the reason it ended (s62)
    assert "after the end of the game (over since line 139: " in v.problems[0].message


def _ended(game: str) -> list[bytes]:
    """The lines of a legal example of `game` that ends, its result line left out."""
    for p in sorted((ROOT / "examples" / game).glob("*.jsonl")):
        if "illegal" in p.name or "finding" in p.name:
            continue
        v = referee.replay(p)
        if v.verdict == "legal" and v.outcome is not None:
            return [x for x in p.read_bytes().splitlines() if x.strip() and b'"result"' not in x]
    pytest.skip(f"no legal example of {game} plays to the end")


@pytest.mark.parametrize("game", sorted(ENDS))
def test_event_after_the_end_cites_the_end(game: str, tmp_path: Path) -> None:
    rows = _ended(game)
    last = orjson.loads(rows[-1])
    extra = orjson.dumps({**last, "n": last["n"] + 1})
    log = tmp_path / "after.jsonl"
    log.write_bytes(b"\n".join(rows + [extra]) + b"\n")
    v = referee.replay(log)
    assert (v.verdict, v.problems[0].line, v.problems[0].cite) == ("illegal", len(rows) + 1, ENDS[game])
    # the library's Play says the same
    head = orjson.loads(rows[0])
    play = referee.load(game, options=head.get("options")).new(head["players"], head.get("setup"))
    for x in rows[1:]:
        play.apply({k: v for k, v in orjson.loads(x).items() if k != "n"})
    with pytest.raises(errors.Illegal) as e:
        play.push({k: v for k, v in last.items() if k != "n"})
    assert e.value.cite == ENDS[game]
