"""§Objets before §Règle d'or 2 in `move`: the counts of the square a character stops on
count the token it picks up on the way, so whether that token may be picked up at all is
asked first. A take §Objets refuses is refused for that, whatever the square holds; a take it
allows into a full square is refused by the count (an independent engine's reading, session
49: tests/data/twister/take-unwounded-friend.jsonl is its log)."""
from pathlib import Path

from conftest import position, tok, why

from referee.model.twister.board import sq
from referee.replays.engine import replay

A = 0
DATA = Path(__file__).resolve().parent.parent / "data"
FULL = {(A, "Sword"): sq(1, 4), (A, "Cleric"): sq(1, 4)}  # two pawns: an object, a wounded friend


def test_an_unwounded_friend_taken_into_a_full_square_is_refused_by_objets():
    s = position({(A, "Goblin"): sq(1, 2), (A, "Thief"): sq(1, 3), **FULL}, wounded=[(A, "Cleric")])
    assert why(s, "move", who=1, to=sq(1, 4), take=tok(A, "Thief")).startswith("the token picked up")


def test_an_object_taken_into_a_full_square_is_refused_by_the_count():
    s = position({(A, "Goblin"): sq(1, 2), (A, "Rope"): sq(1, 3), **FULL}, wounded=[(A, "Cleric")])
    assert why(s, "move", who=1, to=sq(1, 4), take=tok(A, "Rope")) == "at most 2 pawns on the square at the end of the action"


def test_the_engines_log_is_illegal_at_its_line_by_objets():
    r = replay(DATA / "twister" / "take-unwounded-friend.jsonl")
    first = r.problems[0]
    assert r.verdict == "illegal" and (first.line, first.cite) == (46, "§Objets")
