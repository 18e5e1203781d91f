"""§Donjon, §Équipement, §Issue on hand-computed dungeons (numbers from the facts file:
strengths Goblin 1, Skeleton 2, Orc 3, Vampire 4, Golem 5, Lich 6, Demon 7, Dragon 9)."""
import pytest

from referee.model.kernel import Illegal
from referee.model.welcome.state import OVER, REVEAL
from welcome_helpers import G, in_dungeon, step, through


def leave(s):
    return step(s, "dungeon.leave")


# ---------------------------------------------------------------- starting HP (§Donjon)
@pytest.mark.parametrize("adv,gone,hp", [
    ("Warrior", (), 11), ("Warrior", ("Plate Armor",), 6), ("Warrior", ("Plate Armor", "Knight Shield"), 3),
    ("Barbarian", (), 11), ("Barbarian", ("Leather Shield",), 8),
    ("Mage", (), 11), ("Mage", ("Wall of Fire", "Bracelet of Protection"), 2),
    ("Rogue", (), 11), ("Rogue", ("Mithril Armor",), 6),
    ("Rogue", ("Vorpal Dagger",), 11),
])
def test_starting_hp_is_base_plus_remaining_bonuses(adv, gone, hp):
    assert in_dungeon(adv, ["Goblin"], gone).hp0 == hp


def test_starting_hp_fixed_when_the_last_bidder_remains():
    # 2 players: Ana draws a Dragon and sacrifices the Plate Armor; Ben passes: Ana enters
    # with 3 + 3 (Knight Shield) = 6 HP.
    from welcome_helpers import first_state
    s = first_state("Warrior")
    s = step(s, "bid.draw", 0, monster="Dragon")
    s = step(s, "bid.sacrifice", 0, tile="Plate Armor")
    s = step(s, "bid.pass", 1)
    assert (s.turn, s.hp0, s.hp, sum(s.dungeon), sum(s.aside)) == (0, 6, 6, 0, 1)


# ---------------------------------------------------------------- Warrior
def test_warrior_full_kit_meets_nothing_it_cannot_beat():
    # Torch: Goblin(1), Orc(3); Grail: Vampire(4); Vorpal Sword named Golem; Spear: Dragon.
    s = in_dungeon("Warrior", ["Goblin", "Orc", "Vampire", "Golem", "Dragon"])
    s = through(s, "Goblin", "Orc", "Vampire", "Golem", "Dragon", vorpal="Golem")
    assert (s.hp, s.dmg) == (11, 0)
    s = leave(s)
    assert s.wins[0] == 1 and s.supply == 4 and s.phase == REVEAL


def test_warrior_without_torch_grail_spear_takes_damage():
    # 11 HP; Orc 3 + Vampire 4 hurt; the Lich is named for the Vorpal Sword: 7 damage, 4 HP left.
    s = in_dungeon("Warrior", ["Orc", "Vampire", "Lich"], gone=("Torch", "Holy Grail", "Dragon Spear"))
    s = leave(through(s, "Orc", "Vampire", "Lich", vorpal="Lich"))
    assert (s.hp, s.dmg, s.wins[0], s.fails[0]) == (4, 7, 1, 0)


def test_damage_above_starting_hp_fails_and_flips_the_aid():
    # 3 HP (both armours gone); the Golem (5, odd, above the Torch) is not the named type
    # (Dragon): 5 >= 3, failure; the aid turns red.
    s = in_dungeon("Warrior", ["Golem"], gone=("Plate Armor", "Knight Shield"))
    s = leave(through(s, "Golem", vorpal="Dragon"))
    assert (s.hp, s.fails[0], s.wins[0], s.phase) == (-2, 1, 0, REVEAL)


@pytest.mark.parametrize("zero_hp,won", [("fail", 0), ("survive", 1)])
def test_ending_on_exactly_zero_hp(zero_hp, won):
    # 3 HP (armours and Torch gone), Vorpal named Dragon; an Orc (3, odd): 3 damage, 0 HP.
    s = in_dungeon("Warrior", ["Orc"], gone=("Plate Armor", "Knight Shield", "Torch"), zero_hp=zero_hp)
    s = leave(through(s, "Orc", vorpal="Dragon"))
    assert (s.hp, s.wins[0], s.fails[0]) == (0, won, 1 - won)


@pytest.mark.parametrize("scope,dmg", [("all", 0), ("one", 5)])
def test_vorpal_sword_scope(scope, dmg):
    # Two Golems, Vorpal named Golem: the booklet defeats both; the printed tile only the first.
    s = in_dungeon("Warrior", ["Golem", "Golem"], vorpal=scope)
    s = through(s, "Golem", "Golem", vorpal="Golem")
    assert s.dmg == dmg


def test_vorpal_type_must_be_named_before_the_first_reveal():
    s = in_dungeon("Warrior", ["Golem", "Orc"])
    with pytest.raises(Illegal) as e:
        step(s, "dungeon.reveal", monster="Golem")
    assert e.value.need.cite == "§Équipement.Vorpale"
    s = step(step(s, "dungeon.vorpal", monster="Golem"), "dungeon.reveal", monster="Golem")
    with pytest.raises(Illegal):
        step(s, "dungeon.vorpal", monster="Orc")


# ---------------------------------------------------------------- Barbarian
def test_healing_potion_restores_the_printed_base_once():
    # 4 HP (Chainmail and Leather Shield gone). Lich 6 -> -2 -> Potion -> 4. Orc: the Torch.
    # Dragon 9 -> -5: the Potion is used up. Failure.
    s = in_dungeon("Barbarian", ["Lich", "Orc", "Dragon"], gone=("Chainmail", "Leather Shield"))
    s = through(s, "Lich")
    assert (s.hp, s.dmg, s.heal, s.potion_used) == (4, 6, 6, True)
    s = through(s, "Orc", "Dragon")
    assert (s.hp, s.dmg) == (-5, 15)
    assert leave(s).fails[0] == 1


def test_potion_saves_by_hp_though_damage_reached_the_starting_hp():
    # The ruling `survive`: damage 6 >= starting HP 4 (§Issue fails him), HP left 4 (the Potion
    # says he lives). The engine follows the tile (listed first); the audit reports both.
    s = leave(through(in_dungeon("Barbarian", ["Lich"], gone=("Chainmail", "Leather Shield")), "Lich"))
    assert (s.dmg, s.hp0, s.hp, s.wins[0], s.fails[0]) == (6, 4, 4, 1, 0)


def test_vorpal_axe_right_after_a_reveal_once():
    s = in_dungeon("Barbarian", ["Dragon", "Lich"])
    s = step(step(s, "dungeon.reveal", monster="Dragon"), "dungeon.axe")
    assert (s.dmg, s.axe_used, s.discard[7]) == (0, True, 1)
    s = step(s, "dungeon.reveal", monster="Lich")
    with pytest.raises(Illegal) as e:
        step(s, "dungeon.axe")
    assert e.value.need.cite == "§Équipement.Hache"


def test_war_hammer_and_torch():
    # Hammer: Golems; Torch: strength <= 3; the Vampire (4) hurts: 11 - 4 = 7.
    s = through(in_dungeon("Barbarian", ["Golem", "Golem", "Skeleton", "Vampire"]), "Golem", "Golem", "Skeleton", "Vampire")
    assert (s.hp, s.dmg) == (7, 4)


# ---------------------------------------------------------------- Mage
def test_omnipotence_all_different_succeeds_after_a_normal_failure():
    # 11 HP; Goblin 1 + Orc 3 + Golem 5 + Dragon 9 = 18 damage (Grail beats none of them): a
    # normal failure, but all four monsters differ.
    s = leave(through(in_dungeon("Mage", ["Goblin", "Orc", "Golem", "Dragon"]), "Goblin", "Orc", "Golem", "Dragon"))
    assert (s.dmg, s.wins[0], s.fails[0]) == (18, 1, 0)


def test_omnipotence_with_two_of_a_kind_does_nothing():
    s = leave(through(in_dungeon("Mage", ["Orc", "Orc", "Golem"]), "Orc", "Orc", "Golem"))
    assert (s.dmg, s.wins[0], s.fails[0]) == (11, 0, 1)


@pytest.mark.parametrize("option,won", [("dungeon", 1), ("with_aside", 0)])
def test_omnipotence_and_the_monsters_set_aside(option, won):
    # Dungeon Orc + Golem (8 damage of 2+3 = 5 HP: fails normally); an Orc was set aside with
    # the Wall of Fire. Counting it, two Orcs: Omnipotence fails.
    s = in_dungeon("Mage", ["Orc", "Golem"], gone=("Wall of Fire",), aside=["Orc"], omnipotence=option)
    s = leave(through(s, "Orc", "Golem"))
    assert (s.hp0, s.dmg, s.wins[0]) == (5, 8, won)


def test_demonic_pact_takes_the_demon_and_the_next_monster():
    s = through(in_dungeon("Mage", ["Demon", "Dragon", "Orc"]), "Demon", "Dragon", "Orc")
    assert (s.dmg, s.pact_used, s.pact_next) == (3, True, False)


def test_demonic_pact_with_the_demon_last():
    s = through(in_dungeon("Mage", ["Orc", "Demon"]), "Orc", "Demon")
    assert (s.dmg, s.pact_next) == (3, False)


def test_polymorph_replaces_from_the_monster_deck():
    s = in_dungeon("Mage", ["Dragon"])
    goblins = s.deck[0]
    s = step(step(s, "dungeon.reveal", monster="Dragon"), "dungeon.polymorph", monster="Goblin")
    s = step(s, "dungeon.fight")
    assert (s.dmg, s.deck[0], s.discard[7], s.discard[0]) == (1, goblins - 1, 1, 1)


def test_polymorph_unusable_on_an_empty_deck():
    s = in_dungeon("Mage", ["Dragon"], deck_empty=True)
    s = step(s, "dungeon.reveal", monster="Dragon")
    with pytest.raises(Illegal) as e:
        step(s, "dungeon.polymorph", monster="Goblin")
    assert e.value.need.cite == "§Équipement.Métamorphose"


def test_polymorph_from_the_dungeon_pile_option():
    s = in_dungeon("Mage", ["Dragon", "Goblin"], polymorph="dungeon")
    s = step(step(s, "dungeon.reveal", monster="Dragon"), "dungeon.polymorph", monster="Goblin")
    assert (sum(s.dungeon), s.shown[0]) == (0, 1)


# ---------------------------------------------------------------- Rogue
def test_ring_of_power_defeats_and_adds_strength():
    # 11 HP: Goblin +1, Skeleton +2 -> 14 (above the start), Orc 3 -> 11.
    s = through(in_dungeon("Rogue", ["Goblin", "Skeleton", "Orc"]), "Goblin", "Skeleton", vorpal="Dragon")
    assert (s.hp, s.gain) == (14, 3)
    s = through(s, "Orc")
    assert (s.hp, s.dmg) == (11, 3)


def test_ring_gain_saves_by_hp_though_damage_reached_the_starting_hp():
    # 3 HP (armours gone): Goblin +1, Skeleton +2 -> 6; Golem 5 -> 1 HP left; damage 5 >= 3.
    s = in_dungeon("Rogue", ["Goblin", "Skeleton", "Golem"], gone=("Mithril Armor", "Buckler"))
    s = leave(through(s, "Goblin", "Skeleton", "Golem", vorpal="Dragon"))
    assert (s.hp, s.dmg, s.hp0, s.wins[0]) == (1, 5, 3, 1)


def test_invisibility_cloak_defeats_six_and_more():
    s = through(in_dungeon("Rogue", ["Lich", "Demon", "Dragon", "Golem"]), "Lich", "Demon", "Dragon", "Golem",
                vorpal="Vampire")
    assert (s.dmg, s.hp) == (5, 6)


# ---------------------------------------------------------------- §Issue, §Victoire
@pytest.mark.parametrize("option,won", [("success", 1), ("nothing", 0)])
def test_empty_dungeon(option, won):
    s = leave(in_dungeon("Warrior", [], empty_dungeon=option))
    assert (s.wins[0], s.fails[0]) == (won, 0)


def test_second_success_wins_at_once():
    s = in_dungeon("Warrior", ["Goblin"]).but(wins=(1, 0, 0, 0), supply=4)
    s = leave(through(s, "Goblin", vorpal="Dragon"))
    assert s.phase == OVER and G.result(s).winners == (0,) and s.supply == 3


def test_second_failure_eliminates_and_the_last_player_wins():
    # 6 HP (Spear and Plate Armor gone): the Dragon (9) kills; the aid was already red.
    s = in_dungeon("Warrior", ["Dragon"], gone=("Dragon Spear", "Plate Armor")).but(fails=(1, 0, 0, 0))
    s = leave(through(s, "Dragon", vorpal="Lich"))
    assert s.fails[0] == 2 and s.phase == OVER and G.result(s).winners == (1,)


def test_leave_only_once_the_pile_is_empty():
    s = in_dungeon("Warrior", ["Goblin"])
    with pytest.raises(Illegal) as e:
        leave(s)
    assert e.value.need.cite == "§Donjon"


def test_vorpal_dagger_defeats_the_named_type():
    # Rogue, 11 HP: the Golems (5) named; the Orc (3) is below the Cloak and above the Ring: 3.
    s = through(in_dungeon("Rogue", ["Golem", "Orc", "Golem"]), "Golem", "Orc", "Golem", vorpal="Golem")
    assert (s.dmg, s.hp) == (3, 8)


# ---------------------------------------------------------------- readings the text leaves open
@pytest.mark.parametrize("reading,won,hp", [("hp", 1, 4), ("damage", 0, 4)])
def test_option_survive_chooses_between_the_booklets_two_answers(reading, won, hp):
    # Barbarian at 4 HP meets the Lich (6): -2, the Potion restores 4. Damage 6 >= 4 (§Issue
    # fails him); 4 HP left (the Potion's reading saves him). The option picks the reading.
    s = in_dungeon("Barbarian", ["Lich"], gone=("Chainmail", "Leather Shield"), survive=reading)
    s = leave(through(s, "Lich"))
    assert (s.hp, s.dmg, s.wins[0], s.fails[0]) == (hp, 6, won, 1 - won)


@pytest.mark.parametrize("reading,hp", [("gain", 12), ("other_first", 11)])
def test_option_ring_overlap_when_the_dagger_also_defeats_the_monster(reading, hp):
    # Rogue, 11 HP, the Vorpal Dagger names the Goblin: the Ring (strength <= 2) and the Dagger
    # both defeat it. `gain`: the Ring acts, +1 HP; `other_first`: the Dagger does, no HP.
    s = through(in_dungeon("Rogue", ["Goblin"], ring_overlap=reading), "Goblin", vorpal="Goblin")
    assert (s.hp, s.dmg, s.gain) == (hp, 0, hp - 11)


def test_ring_alone_adds_hp_whatever_ring_overlap_says():
    s = through(in_dungeon("Rogue", ["Skeleton"], ring_overlap="other_first"), "Skeleton", vorpal="Dragon")
    assert (s.hp, s.gain) == (13, 2)


def test_the_replay_traces_the_option_that_decided_the_overlap(tmp_path):
    import json

    from referee.replays.engine import replay

    head = {"referee": 1, "game": "welcome", "players": ["Ana", "Ben"], "setup": {"adventurer": "Rogue", "first": "Ana"}}
    ev = [{"by": "Ana", "do": "bid.draw", "monster": "Goblin"}, {"by": "Ana", "do": "bid.add"},
          {"by": "Ben", "do": "bid.pass"}, {"by": "Ana", "do": "dungeon.vorpal", "monster": "Goblin"},
          {"by": "Ana", "do": "dungeon.reveal", "monster": "Goblin"}, {"by": "Ana", "do": "dungeon.fight"}]
    p = tmp_path / "r.jsonl"
    p.write_text("".join(json.dumps(r) + "\n" for r in [head] + [{"n": i, **e} for i, e in enumerate(ev, 1)]))
    v = replay(p)
    assert v.verdict == "legal" and any(d["ruling"] == "ring_overlap" and d["line"] == 7 for d in v.decided), v.decided


@pytest.mark.parametrize("reading", ["end_of_pile", "at_once"])
def test_option_death_a_dead_runner_leaves_at_once_or_reveals_on(reading):
    # Warrior without armour nor Spear: 3 HP. The Dragon (9) first: -6 HP, dead.
    s = in_dungeon("Warrior", ["Dragon", "Goblin", "Orc"], gone=("Plate Armor", "Knight Shield", "Dragon Spear"),
                   death=reading)
    s = through(s, "Dragon", vorpal="Lich")
    assert s.hp == -6
    if reading == "at_once":
        with pytest.raises(Illegal, match="reveals no more"):
            step(s, "dungeon.reveal", monster="Goblin")
        t = leave(s)
        assert (t.fails[0], t.wins[0], sum(t.dungeon)) == (1, 0, 2)  # failed; Goblin and Orc unrevealed
    else:
        with pytest.raises(Illegal, match="every dungeon card has been revealed"):
            leave(s)
        assert leave(through(s, "Goblin", "Orc")).fails[0] == 1  # the Torch takes both: still 9 damage


@pytest.mark.parametrize("zero_hp,dead", [("fail", True), ("survive", False)])
def test_death_at_once_reads_the_failing_level_of_zero_hp(zero_hp, dead):
    # 3 HP (armours and Torch gone), Vorpal named Dragon; an Orc (3): exactly 0 HP. Under
    # zero_hp=fail he has failed, so death=at_once ends the run; under zero_hp=survive he
    # lives on 0 HP, so he reveals on and cannot leave before the pile is empty.
    s = in_dungeon("Warrior", ["Orc", "Goblin"], gone=("Plate Armor", "Knight Shield", "Torch"),
                   zero_hp=zero_hp, death="at_once")
    s = through(s, "Orc", vorpal="Dragon")
    assert s.hp == 0
    if dead:
        with pytest.raises(Illegal, match="reveals no more"):
            step(s, "dungeon.reveal", monster="Goblin")
        assert leave(s).fails[0] == 1
    else:
        with pytest.raises(Illegal, match="every dungeon card has been revealed"):
            leave(s)
        t = leave(through(s, "Goblin"))
        assert (t.hp, t.fails[0]) == (-1, 1)  # the Goblin (1) takes him below 0: a failure


def test_a_living_runner_cannot_leave_early_under_death_at_once():
    s = in_dungeon("Warrior", ["Goblin", "Orc"], death="at_once")
    with pytest.raises(Illegal, match="every dungeon card has been revealed"):
        leave(through(s, "Goblin", vorpal="Lich"))


def test_omnipotence_needs_the_whole_pile_drawn():
    # Mage with only Omnipotence and Polymorph... left: 2 HP; a Dragon kills him. All different so
    # far, but under death=at_once he leaves before drawing the pile: no Omnipotence save.
    s = in_dungeon("Mage", ["Dragon", "Lich"], gone=("Wall of Fire", "Bracelet of Protection", "Holy Grail",
                                                     "Demonic Pact"), death="at_once")
    s = leave(through(s, "Dragon"))
    assert (s.fails[0], s.wins[0]) == (1, 0)


def test_a_declared_dungeon_outcome_is_checked():
    # 11 HP, Orc 3 through the Torch... Warrior keeps everything: the Torch beats the Orc, 11 HP.
    s = through(in_dungeon("Warrior", ["Orc"]), "Orc", vorpal="Lich")
    assert step(s, "dungeon.leave", outcome="success", hp=11).wins[0] == 1
    with pytest.raises(Illegal, match="the rules give a success, 11 HP left"):
        step(s, "dungeon.leave", outcome="failure")
    with pytest.raises(Illegal, match="declares is the rules' outcome"):
        step(s, "dungeon.leave", hp=10)
