"""§Mise en place and §Enchères on small positions."""
import pytest

from referee.model.kernel import BadInput, Illegal
from referee.model.welcome.state import BID, DUNGEON, PLACE
from welcome_helpers import G, first_state, step


def test_setup():
    s = first_state("Mage", nplayers=3, first="Ben")
    assert (s.phase, s.turn, s.adv, sum(s.deck), s.tiles, s.supply) == (BID, 1, 2, 13, (1,) * 6, 5)
    assert s.fails == (0, 0, 0, 0) and s.passed == (0, 0, 0, 1)


@pytest.mark.parametrize("setup,msg", [
    ({"adventurer": "Paladin", "first": "Ana"}, "adventurer"),
    ({"adventurer": "Mage", "first": "Zoe"}, "first"),
    ({"adventurer": "Mage"}, "first"),
    ({"adventurer": "Mage", "first": "Ana", "seed": 3}, "unknown field"),
])
def test_bad_setup_is_bad_input(setup, msg):
    with pytest.raises(BadInput, match=msg):
        G.setup({"players": ["Ana", "Ben"], "setup": setup}, G.default_config(nplayers=2))


def test_players_must_match_the_count():
    with pytest.raises(BadInput, match="2 names for 4 players"):
        G.setup({"players": ["Ana", "Ben"], "setup": {"adventurer": "Mage", "first": "Ana"}}, G.default_config())


def test_bad_options_and_player_counts():
    with pytest.raises(BadInput, match="unknown option"):
        G.configure({"fast": "yes"}, None, None)
    with pytest.raises(BadInput, match="vorpal"):
        G.configure({"vorpal": "some"}, None, None)
    with pytest.raises(BadInput, match="2 to 4"):
        G.configure({}, None, None, nplayers=5)


def test_turns_go_clockwise_and_skip_who_passed():
    s = first_state(nplayers=3)
    s = step(s, "bid.draw", 0, monster="Orc")
    assert s.phase == PLACE
    s = step(s, "bid.add", 0)
    assert (s.turn, s.phase, s.dungeon[2]) == (1, BID, 1)
    s = step(s, "bid.pass", 1)
    assert s.turn == 2
    s = step(step(s, "bid.draw", 2, monster="Goblin"), "bid.add", 2)
    assert s.turn == 0  # Ben passed: back to Ana
    with pytest.raises(Illegal):
        step(s, "bid.draw", 1, monster="Goblin")  # Ben has left the bidding


def test_the_last_player_not_passed_enters():
    s = first_state(nplayers=3)
    s = step(s, "bid.pass", 0)
    s = step(s, "bid.pass", 1)
    assert (s.phase, s.turn, s.hp0) == (DUNGEON, 2, 11)


def test_an_empty_deck_forces_a_pass():
    s = first_state()
    s = s.but(deck=(0,) * 8, dungeon=s.deck)
    with pytest.raises(Illegal) as e:
        step(s, "bid.draw", 0, monster="Orc")
    assert "empty" in e.value.need.says
    assert step(s, "bid.pass", 0).phase == DUNGEON


def test_no_equipment_left_forces_the_monster_into_the_dungeon():
    s = first_state()
    s = s.but(tiles=(0,) * 6, aside=(1, 1, 1, 1, 1, 1, 0, 0), deck=(1, 1, 1, 1, 1, 0, 1, 1))
    s = step(s, "bid.draw", 0, monster="Dragon")
    for t in s.cfg.comp.tile_names:
        with pytest.raises(Illegal):
            step(s, "bid.sacrifice", 0, tile=t)
    assert step(s, "bid.add", 0).dungeon[7] == 1


def test_sacrifice_only_a_tile_of_the_adventurer_in_play():
    s = step(first_state("Warrior"), "bid.draw", 0, monster="Orc")
    with pytest.raises(Illegal) as e:
        step(s, "bid.sacrifice", 0, tile="Polymorph")
    assert "Warrior has no Polymorph" in e.value.shown
    s = step(s, "bid.sacrifice", 0, tile="Torch")
    assert (s.tiles[2], s.aside[2], sum(s.hand)) == (0, 1, 0)


def test_authors_variant_first_turn_must_add():
    s = step(first_state("Warrior", variant="on"), "bid.draw", 0, monster="Orc")
    with pytest.raises(Illegal) as e:
        step(s, "bid.sacrifice", 0, tile="Torch")
    assert e.value.need.cite == "§Variante"
    s = step(s, "bid.add", 0)
    s = step(step(s, "bid.draw", 1, monster="Goblin"), "bid.add", 1)
    s = step(step(s, "bid.draw", 0, monster="Dragon"), "bid.sacrifice", 0, tile="Dragon Spear")
    assert s.aside[7] == 1
