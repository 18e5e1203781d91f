"""The model's reading that each gap of session 42 states (referee/model/draft/invariants.py, GAPS),
played through the model: a gap names what the model does where the text is silent, and these
fail if the model stops doing it. Card names are those of the illustrative set."""
from referee.model.draft.common import attack
from referee.model.draft.state import DRAFT

from .helpers import GAME, K, QI, cfg, fail, in_play, put2, step, vec

NO_CARDS = ((0,) * 14,) * 5
NO_QUESTS = ((0,) * 6,) * 5


def _gap(name):
    return next(g for g in GAME.gaps if g.name == name)


def test_quest_requirement_spent_the_same_cards_meet_three_quests_in_one_turn():
    """§Quêtes (session 42): a quest's requirement is not spent. Two Squires (Warrior) and a Thief
    (Rogue) in front of the player meet both of its 'Rescue the Prince' (2 Warriors) and its 'Raid'
    (a Warrior and a Rogue), all three played in one turn; no card leaves the player."""
    assert "not spent" in _gap("quest_requirement_spent").fills
    c = cfg(2)
    played = put2(NO_CARDS, 0, vec(c, "Squire", "Squire", "Thief"))
    s = in_play(c, 0, played=played,
                qhand=put2(NO_QUESTS, 0, vec(c, "Rescue the Prince", "Rescue the Prince", "Raid", quests=True)))
    for quest in ("Rescue the Prince", "Rescue the Prince", "Raid"):
        assert fail(s, "play.quest", 0, quest=QI(c, quest)) is None
        s = step(s, "play.quest", 0, quest=QI(c, quest))
    assert s.played == played and s.fresh == played
    assert s.qplayed[0] == vec(c, "Rescue the Prince", "Rescue the Prince", "Raid", quests=True)
    assert sum(s.qhand[0]) == 0


def test_abilities_two_senses_the_ability_ends_with_the_round_the_printed_values_stay():
    """§Jouer des cartes, §Fin de manche, §Quêtes (session 42): the Knight's ability (+2 attack with
    2 Warriors) acts when it is played and ends with the round; its printed Attack 2 and a played
    quest's printed Attack 1 still count in the next round."""
    assert "acts once, when the card is played" in _gap("abilities_two_senses").fills
    c = cfg(2)
    s = in_play(c, 0, played=put2(NO_CARDS, 0, vec(c, "Squire")), hand=put2(NO_CARDS, 0, vec(c, "Knight")),
                qplayed=put2(NO_QUESTS, 0, vec(c, "Rescue the Prince", quests=True)), ended=(0, 1, 0, 0, 0))
    assert attack(s, 0) == 1 + 1  # the Squire, the quest
    s = step(s, "play.card", 0, card=K(c, "Knight"))
    assert s.bonus[0] == 2 and attack(s, 0) == 1 + 2 + 1 + 2  # Squire, Knight, quest, the ability
    t = step(s, "play.end", 0)  # the other player has ended: the round ends
    assert t.phase == DRAFT and t.round == 2
    assert t.bonus[0] == 0 and attack(t, 0) == 1 + 2 + 1  # the ability is gone, the printed values stay
