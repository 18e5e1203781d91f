"""Edge positions of session 47 (end of game, what a dead character carried, the fireball,
leaving the maze, potions), built by hand; the logs are in tests/data/twister-*.jsonl."""
from pathlib import Path

import pytest

from conftest import do, position, why

from referee.model.twister.board import sq

A, B = 0, 1
DATA = Path(__file__).resolve().parent.parent / "data"


def test_a_second_drinker_does_not_take_the_first_drinkers_potion_points():
    """§Potion: the drinker receives 4 new action points usable by him alone. When another
    character drinks the other potion in the same turn, it receives 4 of its own; nothing in
    the text takes away what the first drinker has left."""
    s = position({(A, "Warrior"): sq(1, 0), (A, "Potion"): sq(1, 0), (A, "Goblin"): sq(1, 4), (B, "Potion"): sq(1, 4)},
                 held={(A, "Warrior"): (A, "Potion"), (A, "Goblin"): (B, "Potion")}, ap=2)
    t = do(s, "potion", who=6)          # general 2 -> 1; the Warrior has 4
    u = do(t, "potion", who=1)          # general 1 -> 0; the Goblin has 4
    assert u.ap == 0
    # the Warrior still has its 4, the Goblin its 4
    assert why(u, "move", who=6, to=sq(2, 0), take=-1) is None
    v = do(u, "move", who=6, to=sq(2, 0), take=-1)
    assert why(v, "move", who=1, to=sq(2, 4), take=-1) is None
    for _ in range(3):
        v = do(v, "move", who=1, to=sq(2, 4), take=-1)
        v = do(v, "move", who=1, to=sq(1, 4), take=-1)
        if why(v, "move", who=1, to=sq(2, 4), take=-1) is not None:
            break
    # the Goblin spent its 4 (2 round trips), the Warrior has 3 left, no general point
    assert why(v, "move", who=1, to=sq(2, 4), take=-1) == "an action point is left for this character"
    for x in (3, 2, 3):
        assert why(v, "move", who=6, to=sq(x, 0), take=-1) is None
        v = do(v, "move", who=6, to=sq(x, 0), take=-1)
    assert why(v, "move", who=6, to=sq(2, 0), take=-1) == "an action point is left for this character"


LOGS = sorted(p.name for p in DATA.glob("twister-*.jsonl"))


def test_the_hand_built_logs_are_here():
    assert len(LOGS) == 6, LOGS


@pytest.mark.parametrize("name", LOGS)
def test_hand_built_log_replays_to_its_expect(name):
    """Each hand-built log (tests/data/twister-*.jsonl) replays to the verdict its header
    expects. Potions: a random game (seed 0 #15) cut and extended by hand, where the Thief
    drinks, hands the other potion to the Wall-Walker, who drinks; the Thief's last 2 points
    stay hers (legal), and a third move of hers has no point left (§Tour, line 109). §Fin: the
    opponent may reach 5 in the active player's turn (a Thief wounded on a pit falls,
    thief_pit=falls); under end=turn a 5-5 tie goes to the active player (both_five=most), under
    end=immediate the game stops there. A carrier killed leaves its wounded friend lying."""
    from referee.replays.engine import replay
    from referee.replays.expect import mismatch

    v = replay(DATA / name)
    assert mismatch(v) is None, mismatch(v)
