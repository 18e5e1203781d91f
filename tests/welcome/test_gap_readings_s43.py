"""The model's reading that each gap of session 43 states (referee/model/welcome/invariants.py,
GAPS), played through the model: a gap names what the model does where the text is silent, and
these fail if the model stops doing it. Strengths from the facts file: Goblin 1, Orc 3, Golem 5;
the Rogue's base HP is 3."""
from referee.model.welcome.state import shown_strength
from welcome_helpers import G, in_dungeon, step


def _gap(name):
    return next(g for g in G.gaps if g.name == name)


def _readings_part(s) -> bool:
    """The monster faced (none of the Rogue's tiles defeats it here) leaves the HP above 0 with
    the Ring's gains and at 0 or less without them: the Potion acts on one reading only."""
    st = shown_strength(s)
    return not s.potion_used and s.gain > 0 and s.hp - st > 0 >= s.hp - s.gain - st


def test_ring_gain_when_each_strength_joins_the_hp_before_the_potion_reads_them():
    """§Équipement.Anneau, §Équipement.Potion (session 43): the Ring's gain joins the HP as each
    monster falls. A Rogue at 3 HP (both armours sacrificed, the Dagger named Dragon) meets a
    Goblin (the Ring: +1, 4 HP), an Orc (1 HP: the Potion stays) and a Golem (-4: the Potion
    restores 3); she leaves with 3 HP and a success card. Were the Ring's total added only at
    the end, the Orc would have left her at 0, the Potion would have acted there, and the Golem
    would leave -2, -1 with the Goblin's point: a failure."""
    gap = _gap("ring_gain_when")
    assert "as each monster falls" in gap.fills
    s = in_dungeon("Rogue", ["Goblin", "Orc", "Golem"], gone=("Mithril Armor", "Buckler"))
    assert (s.hp0, s.hp) == (3, 3)
    s = step(s, "dungeon.vorpal", monster="Dragon")
    s = step(s, "dungeon.reveal", monster="Goblin")
    s = step(s, "dungeon.fight")
    assert (s.hp, s.gain, s.potion_used) == (4, 1, False)
    s = step(s, "dungeon.reveal", monster="Orc")
    assert _readings_part(s)  # 4 - 3 > 0 with the gain, 3 - 3 = 0 without it
    s = step(s, "dungeon.fight")
    assert (s.hp, s.dmg, s.potion_used) == (1, 3, False)  # the gain was in the HP: the Potion is kept
    s = step(s, "dungeon.reveal", monster="Golem")
    assert not _readings_part(s)  # 1 - 5 <= 0 either way
    s = step(s, "dungeon.fight")
    assert (s.hp, s.heal, s.potion_used) == (3, 7, True)  # the Potion acts here: back to the base 3
    t = step(s, "dungeon.leave", outcome="success", hp=3)
    assert (t.wins[0], t.fails[0]) == (1, 0)
