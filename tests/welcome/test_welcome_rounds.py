"""§Issue (set-aside reveal) and §Manche suivante: reshuffle, the next adventurer, who starts."""
import pytest

from referee.model.kernel import Illegal
from referee.model.welcome.state import BID, NEXT, OVER, REVEAL
from welcome_helpers import G, first_state, step, through


def runner_fails(s):
    """From a 3-player bidding, seat 0 enters a Dragon with 3 HP and fails."""
    s = step(step(s, "bid.draw", 0, monster="Dragon"), "bid.add", 0)
    s = step(step(s, "bid.draw", 1, monster="Orc"), "bid.sacrifice", 1, tile="Plate Armor")
    s = step(step(s, "bid.draw", 2, monster="Goblin"), "bid.sacrifice", 2, tile="Knight Shield")
    s = step(step(s, "bid.draw", 0, monster="Skeleton"), "bid.sacrifice", 0, tile="Dragon Spear")
    s = step(s, "bid.pass", 1)
    s = step(s, "bid.pass", 2)
    assert (s.turn, s.hp0) == (0, 3)
    return step(through(s, "Dragon", vorpal="Lich"), "dungeon.leave")


def test_round_after_a_failure():
    s = runner_fails(first_state("Warrior", nplayers=3))
    assert (s.phase, s.fails[0]) == (REVEAL, 1)
    with pytest.raises(Illegal) as e:
        step(s, "round.reveal", 1, monsters=["Orc", "Goblin"])
    assert e.value.need.cite == "§Issue"
    s = step(s, "round.reveal", 1, monsters=["Goblin", "Orc", "Skeleton"])
    assert s.phase == NEXT
    with pytest.raises(Illegal):
        step(s, "round.next", 1, adventurer="Mage")  # the runner (Ana) chooses
    s = step(s, "round.next", 0, adventurer="Mage")
    assert (s.phase, s.turn, s.adv, s.deck, s.tiles, sum(s.aside), sum(s.discard)) == \
        (BID, 0, 2, s.cfg.comp.copies, (1,) * 6, 0, 0)


@pytest.mark.parametrize("option,chooser", [("left", 1), ("runner", 0)])
def test_the_eliminated_runner_and_the_next_adventurer(option, chooser):
    s = first_state("Warrior", nplayers=3, chooser=option).but(fails=(1, 0, 0, 0))
    s = runner_fails(s)
    assert s.fails[0] == 2 and s.phase == REVEAL
    s = step(s, "round.reveal", 2, monsters=["Goblin", "Orc", "Skeleton"])
    other = 1 - chooser
    with pytest.raises(Illegal):
        step(s, "round.next", other, adventurer="Rogue")
    s = step(s, "round.next", chooser, adventurer="Rogue")
    # §Manche suivante: the runner was eliminated: the next player on his left starts.
    assert (s.turn, s.passed[:3]) == (1, (1, 0, 0))


def test_the_starter_skips_eliminated_players():
    # 4 players; Ben (seat 1) already out; Ana (seat 0) is eliminated now: Cleo starts.
    s = first_state("Warrior", nplayers=4).but(fails=(1, 2, 0, 0), passed=(0, 1, 0, 0))
    s = step(step(s, "bid.draw", 0, monster="Dragon"), "bid.add", 0)
    s = step(s, "bid.pass", 2)
    s = step(s, "bid.pass", 3)
    s = step(through(s, "Dragon", vorpal="Dragon"), "dungeon.leave")  # 11 HP, the Spear: success
    assert (s.wins[0], s.fails[0]) == (1, 1)
    s = s.but(fails=(2, 2, 0, 0), wins=(0, 0, 0, 0), supply=5)  # as if Ana had failed instead
    s = step(s, "round.reveal", 2, monsters=[])
    s = step(s, "round.next", 2, adventurer="Barbarian")
    assert s.turn == 2


def test_elimination_of_the_second_to_last_player_ends_the_game():
    s = first_state("Warrior", nplayers=2).but(fails=(1, 0, 0, 0))
    s = step(step(s, "bid.draw", 0, monster="Dragon"), "bid.add", 0)
    s = step(step(s, "bid.draw", 1, monster="Orc"), "bid.sacrifice", 1, tile="Dragon Spear")
    s = step(step(s, "bid.draw", 0, monster="Golem"), "bid.sacrifice", 0, tile="Plate Armor")
    s = step(s, "bid.pass", 1)
    s = step(through(s, "Dragon", vorpal="Lich"), "dungeon.leave")
    assert s.phase == OVER and G.result(s).winners == (1,) and G.result(s).how.startswith("the last")
