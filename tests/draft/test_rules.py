"""Hand-computed positions, one group per rulebook heading (docs/draft.md: citation scheme).
Card numbers are those of the illustrative set (components/cards.toml)."""
import pytest

from referee.model.draft.rulings import can_play
from referee.model.draft.setup import first_state
from referee.model.kernel import BadInput

from .helpers import GAME, K, QI, cfg, fail, in_play, put2, raw, step, vec

Z5 = (0, 0, 0, 0, 0)


# ---------------------------------------------------------------- §Intro / configuration
def test_two_to_five_players():
    for n in (2, 5):
        assert cfg(n).extra["nplayers"] == n
    for n in (1, 6):
        with pytest.raises(BadInput, match="2 to 5 players"):
            cfg(n)


def test_options_are_checked():
    with pytest.raises(BadInput, match="unknown option 'golds'"):
        GAME.configure({"golds": "9"}, None, None)
    with pytest.raises(BadInput, match="options: gold: '7'"):
        GAME.configure({"gold": "7"}, None, None)


# ---------------------------------------------------------------- §Mise en place
def test_first_state_gold_and_reserve():
    s = first_state(cfg(3))
    assert s.gold == (9, 9, 9, 0, 0)
    assert s.pool == 100 - 27  # illustrative supply of 100 tokens
    assert first_state(cfg(3, gold=5)).gold == (5, 5, 5, 0, 0)
    assert sum(s.deck) == 173 and sum(s.qdeck) == 25


def test_quests_dealt_five_kept_three():
    c = cfg(2)
    s = first_state(c)
    five = raw(c, "Heist", "Heist", "Raid", "Fellowship", "Arcane Tower", quests=True)
    assert fail(s, "setup.quests", to=0, quests=raw(c, "Heist", quests=True)).says == "5 quests are dealt"
    s = step(s, "setup.quests", to=0, quests=five)
    assert sum(s.qdeck) == 20
    assert fail(s, "setup.quests", to=0, quests=five).says == "each player is dealt quests once"
    keep = raw(c, "Heist", "Heist", "Fellowship", quests=True)
    # first the deal, then the choice: the quests put back under the deck could not be dealt
    assert fail(s, "setup.keep", 0, keep=keep).says.startswith("every player has been dealt its 5 quests")
    other = raw(c, "Rescue the Prince", "Rescue the Prince", "Raid", "Raid", "Sacred Grove", quests=True)
    s = step(s, "setup.quests", to=1, quests=other)
    assert fail(s, "setup.keep", 0, keep=raw(c, "Heist", "Raid", quests=True)).says == "3 quests are kept"
    bad = raw(c, "Heist", "Raid", "Sacred Grove", quests=True)
    assert fail(s, "setup.keep", 0, keep=bad).says == "the quests kept are among those dealt"
    s = step(s, "setup.keep", 0, keep=keep)
    assert sum(s.qhand[0]) == 3 and sum(s.qdealt[0]) == 0
    assert sum(s.qdeck) == 17  # the two others went back under the quest deck
    assert s.qdeck[QI(c, "Raid")] == 2 and s.qdeck[QI(c, "Arcane Tower")] == 4
    # the first player may be drawn at any time before the first card is played (§Mise en place gives none), once
    t = step(s, "setup.first", player=1)
    assert (t.start, t.turn, t.drawn, t.phase) == (1, 1, 1, s.phase)
    assert fail(t, "setup.first", player=0).says == "the first player is drawn once, before the first card is played"
    # the last choice of quests opens the draft
    u = step(t, "setup.keep", 1, keep=raw(c, "Rescue the Prince", "Raid", "Sacred Grove", quests=True))
    assert u.phase == 1


def _drafting(c, packs, start=0):
    """The draft phase of round 1 with the given packs dealt (a list of card-name lists)."""
    s = first_state(c)
    n = c.extra["nplayers"]
    s = s.but(phase=1, kept=tuple(int(p < n) for p in range(5)), qgot=tuple(int(p < n) for p in range(5)),
              start=start, turn=start, drawn=1)
    for p, names in enumerate(packs):
        s = step(s, "draft.deal", to=p, cards=raw(c, *names))
    return s


SEVEN = ["Squire", "Knight", "Sword", "Thief", "Dagger", "Goblin", "Troll"]


def test_pack_of_seven_from_the_deck():
    c = cfg(2)
    s = first_state(c).but(phase=1, kept=(1, 1, 0, 0, 0), qgot=(1, 1, 0, 0, 0))
    assert fail(s, "draft.deal", to=0, cards=raw(c, *SEVEN[:6])).says == "a pack has 7 cards"
    assert fail(s, "draft.deal", to=0, cards=raw(c, *["Dragon"] * 9)) is not None  # more than 7
    s2 = s.but(deck=vec(c, *["Dragon"] * 8))
    assert fail(s2, "draft.deal", to=0, cards=raw(c, *SEVEN)).says == "the cards come from the draft deck"
    s = step(s, "draft.deal", to=0, cards=raw(c, *SEVEN))
    assert sum(s.deck) == 166 and sum(s.pack[0]) == 7
    assert fail(s, "draft.pick", 0, card=K(c, "Squire")).says == "every player has its pack for this round"


def test_pick_then_pass_two_players():
    c = cfg(2)
    other = ["Apprentice", "Fire Staff", "Shaman", "Oak Club", "Witch", "Dragon", "Goblin"]
    s = _drafting(c, [SEVEN, other])
    s = step(s, "draft.pick", 0, card=K(c, "Knight"))
    assert fail(s, "draft.pick", 0, card=K(c, "Sword")).says == "one pick per player before the packs pass"
    assert sum(s.pack[0]) == 6 and sum(s.pack[1]) == 7  # no pass until everyone picked
    assert fail(s, "draft.pick", 1, card=K(c, "Knight")).says == "the card is in the pack the player holds"
    s = step(s, "draft.pick", 1, card=K(c, "Dragon"))
    # the packs changed hands: player 0 now holds the 6 left of player 1's pack
    assert s.pack[0] == vec(c, "Apprentice", "Fire Staff", "Shaman", "Oak Club", "Witch", "Goblin")
    assert s.pack[1] == vec(c, "Squire", "Sword", "Thief", "Dagger", "Goblin", "Troll")
    assert s.step == 1 and s.picks[:2] == (1, 1)


def _draft_all(s, c):
    """Every player picks the first card of its pack until the draft ends; returns the
    sizes of the packs each player picked from."""
    seen = []
    while s.phase == 1:
        sizes = []
        for p in range(c.extra["nplayers"]):
            sizes.append(sum(s.pack[p]))
            k = next(i for i, x in enumerate(s.pack[p]) if x)
            s = step(s, "draft.pick", p, card=k)
        seen.append(sizes)
    return s, seen


def test_hand_sizes_go_seven_to_one_three_players():
    c = cfg(3)
    packs = [SEVEN, ["Apprentice"] * 7, ["Shaman"] * 7]
    s = _drafting(c, packs, start=2)
    s1 = step(step(step(s, "draft.pick", 0, card=K(c, "Squire")), "draft.pick", 1, card=K(c, "Apprentice")),
              "draft.pick", 2, card=K(c, "Shaman"))
    # round 1, option pass=cw-first: clockwise, each player passes to the next seat
    assert s1.pack[1] == vec(c, *SEVEN[1:]) and s1.pack[2] == vec(c, *["Apprentice"] * 6)
    ccw = step(step(step(s.but(cfg=cfg(3, **{"pass": "ccw-first"})), "draft.pick", 0, card=K(c, "Squire")),
                    "draft.pick", 1, card=K(c, "Apprentice")), "draft.pick", 2, card=K(c, "Shaman"))
    assert ccw.pack[2] == vec(c, *SEVEN[1:])
    end, seen = _draft_all(s, c)
    assert seen == [[7, 7, 7], [6, 6, 6], [5, 5, 5], [4, 4, 4], [3, 3, 3], [2, 2, 2], [1, 1, 1]]
    assert end.phase == 2 and end.turn == 2  # the play phase opens with the start player
    assert [sum(h) for h in end.hand[:3]] == [7, 7, 7] and sum(map(sum, end.pack)) == 0


def test_second_round_passes_the_other_way():
    c = cfg(3)
    s = _drafting(c, [SEVEN, ["Apprentice"] * 7, ["Shaman"] * 7]).but(round=2)
    for p, name in enumerate(["Squire", "Apprentice", "Shaman"]):
        s = step(s, "draft.pick", p, card=K(c, name))
    assert s.pack[2] == vec(c, *SEVEN[1:])  # counterclockwise: to the previous seat


# ---------------------------------------------------------------- §Jouer des cartes
def test_hero_paid_to_the_reserve():
    c = cfg(2)
    s = in_play(c, hand=put2(first_state(c).hand, 0, vec(c, "Squire", "Knight")))
    t = step(s, "play.card", 0, card=K(c, "Squire"))
    assert t.gold[0] == 7 and t.pool == s.pool + 2 and t.played[0] == vec(c, "Squire")
    poor = s.but(gold=(4, 9, 0, 0, 0))
    need = fail(poor, "play.card", 0, card=K(c, "Knight"))
    assert need.says == "the player pays the card's gold cost"
    assert need.show(poor, __import__("types").SimpleNamespace(p=0, card=K(c, "Knight"))) == \
        "Knight costs 5 gold, the player has 4"
    assert fail(s, "play.card", 1, card=K(c, "Squire")).says == "players play in turn: it is this player's turn"
    assert fail(s, "play.card", 0, card=K(c, "Goblin")).says == "the card is a hero or a weapon"


def test_ability_lasts_the_round_numbers_stay():
    c = cfg(2)
    hand = put2(first_state(c).hand, 0, vec(c, "Squire", "Knight"))
    s = in_play(c, hand=hand, gold=(20, 9, 0, 0, 0))
    s = step(step(s, "play.card", 0, card=K(c, "Squire")), "play.card", 0, card=K(c, "Knight"))
    # Knight: 2 attack, +2 for the round with 2 Warriors (itself counted: option self=yes)
    assert s.bonus[0] == 2
    from referee.model.draft.common import attack, score
    assert attack(s, 0) == 1 + 2 + 2 and score(s, 0) == 1
    s = step(s, "play.end", 0)
    s = step(s, "play.end", 1)
    assert s.round == 2 and s.bonus == Z5 and attack(s, 0) == 3 and score(s, 0) == 1


# ---------------------------------------------------------------- §Icônes de classe
def test_second_thief_counts_itself_by_option():
    c_yes, c_no = cfg(2), cfg(2, self="no")
    base = first_state(c_yes)
    hand = put2(base.hand, 0, vec(c_yes, "Thief"))
    played = put2(base.played, 0, vec(c_yes, "Thief"))
    s = in_play(c_yes, hand=hand, played=played)
    assert step(s, "play.card", 0, card=K(c_yes, "Thief")).gold[0] == 9 - 2 + 2  # fires: 2 gold
    s = s.but(cfg=c_no)
    assert step(s, "play.card", 0, card=K(c_no, "Thief")).gold[0] == 9 - 2  # one Rogue before: no gold


def test_a_card_of_an_earlier_round_counts_by_option_class_after():
    """§Jouer des cartes keeps only Attack, Gold and XP after a card's round; the tip of §Fin
    de manche keeps 'the icons'. A Thief (its ability: 2 gold with 2 Rogues) played in round
    2 beside a Thief of round 1: under class_after=round (the published rule) only itself
    counts (1 Rogue: no gold), under class_after=all both do (2 gold)."""
    c_round, c_all = cfg(2), cfg(2, class_after="all")
    base = first_state(c_round)
    earlier = put2(base.played, 0, vec(c_round, "Thief"))
    s = in_play(c_round, hand=put2(base.hand, 0, vec(c_round, "Thief")), played=earlier, fresh=base.fresh, round=2)
    assert step(s, "play.card", 0, card=K(c_round, "Thief")).gold[0] == 9 - 2
    assert step(s.but(cfg=c_all), "play.card", 0, card=K(c_all, "Thief")).gold[0] == 9 - 2 + 2
    # the replay says the option decided it: the text alone does not
    from referee.model.kernel.rules import tracing
    with tracing([]) as seen:
        step(s, "play.card", 0, card=K(c_round, "Thief"))
    assert any(r.name == "class_after" for r, _ in seen)
    # the same round: the text decides (both readings count the round's own cards), nothing traced
    s1 = in_play(c_round, hand=put2(base.hand, 0, vec(c_round, "Thief")), played=earlier)
    with tracing([]) as seen:
        assert step(s1, "play.card", 0, card=K(c_round, "Thief")).gold[0] == 9 - 2 + 2
    assert not any(r.name == "class_after" for r, _ in seen)


def test_the_round_s_end_clears_its_cards():
    c = cfg(2)
    base = first_state(c)
    s = in_play(c, hand=put2(base.hand, 0, vec(c, "Squire")), gold=(20, 9, 0, 0, 0))
    s = step(s, "play.card", 0, card=K(c, "Squire"))
    assert sum(s.fresh[0]) == 1 and sum(s.played[0]) == 1
    s = step(step(s, "play.end", 0), "play.end", 1)
    assert s.round == 2 and sum(s.fresh[0]) == 0 and sum(s.played[0]) == 1  # still in front, not of this round


def test_class_condition_on_other_class_needs_no_ruling():
    c = cfg(2, self="no")
    base = first_state(c)
    played = put2(base.played, 0, vec(c, "Shaman", "Shaman", "Shaman"))
    s = in_play(c, hand=put2(base.hand, 0, vec(c, "Oak Club")), played=played)
    assert step(s, "play.card", 0, card=K(c, "Oak Club")).gold[0] == 9 - 2 + 1  # 3 Druids already


# ---------------------------------------------------------------- §Monstres
def test_monster_needs_attack_not_spent():
    c = cfg(2)
    base = first_state(c)
    s = in_play(c, hand=put2(base.hand, 0, vec(c, "Goblin", "Goblin", "Troll")),
                played=put2(base.played, 0, vec(c, "Squire")))
    assert fail(s, "play.monster", 0, card=K(c, "Goblin")).says == \
        "the player's combined attack reaches the monster's attack cost"
    s = s.but(played=put2(base.played, 0, vec(c, "Squire", "Dagger")))
    s = step(step(s, "play.monster", 0, card=K(c, "Goblin")), "play.monster", 0, card=K(c, "Goblin"))
    assert s.gold[0] == 9 + 2 + 2 and s.discard == vec(c, "Goblin", "Goblin")  # attack 2 twice
    assert fail(s, "play.monster", 0, card=K(c, "Troll")) is not None
    assert fail(s, "play.monster", 0, card=K(c, "Squire")).says == "the card is a monster"


def test_monster_text_xp_per_mage():
    c = cfg(2)
    base = first_state(c)
    s = in_play(c, hand=put2(base.hand, 0, vec(c, "Witch")),
                played=put2(base.played, 0, vec(c, "Fire Staff", "Fire Staff", "Apprentice")))
    t = step(s, "play.monster", 0, card=K(c, "Witch"))
    assert t.xp[0] == 3  # 1 XP per Mage controlled: 3


# ---------------------------------------------------------------- §Quêtes
def test_quest_needs_classes_and_lasts():
    c = cfg(2)
    base = first_state(c)
    q = put2(base.qhand, 0, vec(c, "Rescue the Prince", "Raid", "Fellowship", quests=True))
    s = in_play(c, qhand=q, played=put2(base.played, 0, vec(c, "Squire", "Thief")))
    assert fail(s, "play.quest", 0, quest=QI(c, "Rescue the Prince")).says == \
        "the player controls heroes and weapons of the classes the quest requires"
    s = step(s, "play.quest", 0, quest=QI(c, "Raid"))  # 1 Warrior + 1 Rogue
    from referee.model.draft.common import attack, score
    assert score(s, 0) == 2 and attack(s, 0) == 1 + 1  # Squire 1 + Raid's lasting 1
    assert fail(s, "play.quest", 0, quest=QI(c, "Raid")).says == "the quest is one the player kept and has not played"


# ---------------------------------------------------------------- §Fin de tour
def test_end_of_turn_discards_and_gains():
    c = cfg(2)
    base = first_state(c)
    s = in_play(c, hand=put2(base.hand, 0, vec(c, "Dragon", "Troll")),
                played=put2(base.played, 0, vec(c, "Thief", "Shaman")),
                qplayed=put2(base.qplayed, 0, vec(c, "Heist", quests=True)))
    t = step(s, "play.end", 0)
    assert t.gold[0] == 9 + 5 + 3  # 5 plus production: Thief 1, Shaman 1, Heist 1
    assert t.discard == vec(c, "Dragon", "Troll") and sum(t.hand[0]) == 0
    assert t.played == s.played and t.turn == 1 and t.ended[:2] == (1, 0)


def test_must_play_option():
    c = cfg(2, stop="must")
    base = first_state(c)
    s = in_play(c, hand=put2(base.hand, 0, vec(c, "Squire")))
    assert can_play(s, 0)
    assert fail(s, "play.end", 0).says == "the player has played every card it wishes to play (and may stop now)"
    assert fail(s.but(gold=(1, 9, 0, 0, 0)), "play.end", 0) is None  # cannot afford it
    assert fail(s.but(cfg=cfg(2)), "play.end", 0) is None  # default stop=may


def test_finite_reserve_gives_what_is_left():
    c = cfg(2, reserve="finite")
    s = in_play(c, pool=3, gold=(9, 88, 0, 0, 0))
    t = step(s, "play.end", 0)
    assert t.gold[0] == 12 and t.pool == 0
    u = step(s.but(cfg=cfg(2)), "play.end", 0)  # unlimited: 5 taken, the reserve is topped up
    assert u.gold[0] == 14 and u.pool == -2


# ---------------------------------------------------------------- §Fin de manche
def test_round_end_moves_the_start_player():
    c = cfg(3)
    s = in_play(c, turn=1, start=1)
    s = step(step(s, "play.end", 1), "play.end", 2)
    assert s.turn == 0 and s.round == 1
    s = step(s, "play.end", 0)
    assert s.phase == 1 and s.round == 2 and s.start == 2 and s.ended == Z5


def test_four_rounds_then_most_xp():
    c = cfg(2)
    s = in_play(c, round=4, start=1, turn=1, xp=(3, 5, 0, 0, 0))
    s = step(step(s, "play.end", 1), "play.end", 0)
    assert s.phase == 3 and s.round == 4
    out = GAME.result(s)
    assert out.winners == (1,) and out.points == (3, 5)


def test_tie_shared_or_by_gold():
    c = cfg(2)
    s = in_play(c, round=4, xp=(4, 4, 0, 0, 0)).but(phase=3, gold=(10, 12, 0, 0, 0))
    assert GAME.result(s).winners == (0, 1)
    assert GAME.result(s.but(cfg=cfg(2, tie="gold"))).winners == (1,)
    assert GAME.result(s.but(cfg=cfg(2, tie="gold"), gold=(12, 12, 0, 0, 0))).winners == (0, 1)


def test_no_play_event_before_the_first_player_is_drawn():
    """Every play event needs the turn, which no one has before setup.first (a log may draw it
    as the play phase opens): a card, a monster, a quest and the end of a turn are refused."""
    c = cfg(2)
    base = first_state(c)
    s = in_play(c, hand=put2(base.hand, 0, vec(c, "Squire", "Goblin")), played=put2(base.played, 0, vec(c, "Dagger")),
                qhand=put2(base.qhand, 0, vec(c, "Raid", quests=True)), drawn=0, fresh=base.fresh)
    GOAL = "players play in turn: it is this player's turn"
    for name, kw in (("play.card", {"card": K(c, "Squire")}), ("play.monster", {"card": K(c, "Goblin")}),
                     ("play.quest", {"quest": QI(c, "Raid")}), ("play.end", {})):
        for p in (0, 1):
            assert fail(s, name, p, **kw).says == GOAL, (name, p)
    t = step(s, "setup.first", player=0)
    assert (t.turn, t.drawn) == (0, 1) and fail(t, "play.card", 0, card=K(c, "Squire")) is None
    assert fail(t, "setup.first", player=1).says == "the first player is drawn once, before the first card is played"
