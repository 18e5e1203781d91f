"""One test or more per heading of the text, on hand-built positions."""
from fractions import Fraction as F

from helpers import GAME, failing, group, idx, moving, one, playing, setface, setpos, start, step
from referee.model.trolls.state import BET, CLOSE, DRAW, DUEL, OVER, PLAY, RECOIL, every

K = GAME.default_config().comp.kinds


def cards(*cs):
    return tuple(cs.count(k) for k in K)


# ---------------------------------------------------------------- §Tour de jeu
def test_a_whole_turn_of_cards():
    """Draw (none: full hands), bet, reveal, one round, end: bets go to the graveyard, leftovers are lost."""
    s = start()
    for p in range(3):
        s = step(s, "turn.draw", p, cards=cards())
    assert s.phase == BET
    s = step(s, "turn.bet", 0, cards=cards("as"))
    assert failing(s, "turn.reveal") is not None  # the others have not bet
    s = step(s, "turn.bet", 1, cards=cards("3", "joker"))
    s = step(s, "turn.bet", 2, cards=cards("as", "as", "9"))
    s = step(s, "turn.reveal")
    assert s.rsv == (1, 3, 31) and s.phase == PLAY
    s = step(s, "act.reorient", 0, figs=one("h2"), face=(0, 1), centre=None)  # the Human empties his Rsv
    assert s.rsv[0] == 0 and s.phase == PLAY and s.step == 1  # the round goes on
    s = step(s, "round.pass", 1)
    s = step(s, "act.move", 2, figs=moving(d1=(12, 17)), x=every(1), face=None, centre=None)
    assert s.phase == CLOSE and s.rsv == (0, 3, 30)
    s = step(s, "turn.end")
    assert s.phase == DRAW and s.rsv == (0, 0, 0) and s.turn == 2
    assert s.grave[2] == cards("as", "as", "9") and sum(s.hand[2]) == 2
    # the Dragon's hand of 2 draws two (option short_refill=two), the Human's 4 draws one
    s = step(s, "turn.draw", 2, cards=cards("7", "joker"))
    assert failing(s, "turn.draw", 0, cards=cards("joker", "joker")).says.startswith("his hand never")
    assert failing(s, "turn.draw", 0, cards=cards()).says.startswith("he draws the one or two")


def test_troll_and_dragon_react_in_order_and_may_pass():
    s = playing(rsv=(2, 2, 2))
    assert failing(s, "round.pass", 0).cite == "§Tour de jeu/7"
    s = step(s, "act.reorient", 0, figs=one("h1"), face=(1, 1), centre=None)
    assert failing(s, "round.pass", 2) is not None  # the Troll first
    s = step(s, "round.pass", 1)
    s = step(s, "round.pass", 2)
    assert (s.phase, s.step) == (PLAY, 0)  # the Human has Rsv left: a new round


def test_game_end_when_a_hand_is_empty():
    s = start().but(phase=BET, hand=((0,) * 6,) + start().hand[1:], deck=((0,) * 6,) + start().deck[1:],
                    grave=((2,) * 6,) + start().grave[1:], drawn=(True,) * 3)
    assert failing(s, "turn.bet", 0, cards=cards()).cite == "§Mise"
    t = step(s, "game.end")
    assert t.phase == OVER and GAME.result(t).winners == (0, 1, 2)
    assert failing(start().but(phase=BET), "game.end") is not None


# ---------------------------------------------------------------- §Actions
def test_leaving_a_melee_costs_two_more():
    """§Actions/Mouvement: h2 (base 1) touches t1 (base 2) at 3/2; stepping 2" away costs 1 + 2."""
    s = setpos(playing(rsv=(2, 0, 0)), h2=(F(37, 2), 4))
    figs = moving(h2=(F(33, 2), 4))
    assert failing(s, "act.move", 0, figs=figs, x=every(1), face=None, centre=None).cite == "§Actions/Mouvement"
    t = step(s.but(rsv=(3, 0, 0)), "act.move", 0, figs=figs, x=every(1), face=None, centre=None)
    assert t.rsv[0] == 0
    # a figure out of contact pays the move alone
    u = step(setpos(s, h2=(10, 4)), "act.move", 0, figs=moving(h2=(8, 4)), x=every(1), face=None, centre=None)
    assert u.rsv[0] == 1


def test_reorientation_costs_one_and_groups_follow_the_option():
    s = playing(rsv=(3, 0, 0))
    t = step(s, "act.reorient", 0, figs=group("h1", "h2", "h3"), face=(0, -1), centre=(2, 3))
    assert t.rsv[0] == 0
    one_cfg = GAME.configure({"group_reorient": "one"}, None, None)
    u = step(s.but(cfg=one_cfg), "act.reorient", 0, figs=group("h1", "h2", "h3"), face=(0, -1), centre=(2, 3))
    assert u.rsv[0] == 2
    assert failing(s, "act.reorient", 0, figs=one("h1"), face=(0, 0), centre=None).cite == "§Actions/Orientation"


def test_no_heavy_shot_into_a_melee_and_no_shot_behind():
    s = setpos(playing(rsv=(3, 3, 3)), h1=(2, 4), h2=(F(37, 2), 4))  # h2 in contact with t1
    assert failing(s, "act.shoot", 0, figs=one("h1"), target=idx("t1"), centre=None).says == "no heavy weapon shoots into a càc"
    assert failing(s, "act.shoot", 0, figs=one("h3"), target=idx("t1"), centre=None) is None  # a light weapon may
    s = setface(s, h3=(-1, 0))
    assert failing(s, "act.shoot", 0, figs=one("h3"), target=idx("t1"), centre=None).cite == "§Actions/Tir"


def test_reload_costs_two():
    s = playing(rsv=(2, 0, 0)).but(loaded=(False,) + (False,) * 5)
    t = step(s, "act.reload", 0, fig=idx("h1"))
    assert t.loaded[idx("h1")] and t.rsv[0] == 0
    assert failing(s, "act.reload", 0, fig=idx("h2")) is not None  # no heavy weapon


def test_melee_lost_by_the_attacker_and_group_bonus():
    """§Actions/Corps à corps: the difference comes off the loser's PdV, whoever he is."""
    s = setpos(playing(rsv=(2, 5, 0)), h2=(F(37, 2), 4))
    s = step(s, "act.melee", 0, figs=one("h2"), target=idx("t1"), centre=None)
    assert s.d_bonus == 0 and s.phase == DUEL
    s = step(s, "duel.bid", 0, amount=1)
    s = step(s, "duel.bid", 1, amount=2)  # (1 + 0) - (2 + 1) = -2
    assert s.pdv[idx("h2")] == 1 and s.pdv[idx("t1")] == 6 and s.phase == PLAY and s.step == 1


def test_tied_melee_recoils_by_the_opponent_base():
    s = setpos(playing(rsv=(2, 5, 0)), h2=(F(37, 2), 4))
    s = step(s, "act.melee", 0, figs=one("h2"), target=idx("t1"), centre=None)
    s = step(s, "duel.bid", 0, amount=1)
    s = step(s, "duel.bid", 1, amount=0)  # (1 + 0) - (0 + 1) = 0
    assert s.phase == RECOIL and s.recoil[idx("h2")] and s.recoil[idx("t1")]
    # the Human (base 1) steps back by the Troll's base (2), straight away
    assert failing(s, "melee.recoil", 0, fig=idx("h2"), away=idx("t1"), to=(F(35, 2), 4)).cite == "§Actions/Corps à corps"
    assert failing(s, "melee.recoil", 0, fig=idx("h2"), away=idx("t1"), to=(F(37, 2), 6)).cite == "§Actions/Corps à corps"
    s = step(s, "melee.recoil", 0, fig=idx("h2"), away=idx("t1"), to=(F(33, 2), 4))
    assert s.phase == RECOIL
    s = step(s, "melee.recoil", 1, fig=idx("t1"), away=idx("h2"), to=(21, 4))
    assert s.phase == PLAY and s.step == 1 and s.pos[idx("t1")] == (21, 4)


def test_charge_needs_contact_and_a_group_charge_sums():
    s = setpos(playing(rsv=(0, 12, 0)).but(step=1), t1=(16, 5), t2=(15, 7), h2=(10, 5))
    s = setface(s, t1=(-1, 0), t2=(-1, 0))
    short = moving(t1=(12, 5))
    assert failing(s, "act.charge", 1, figs=short, target=idx("h2"), x=every(5), face=None, centre=None).says.startswith("each charger ends")
    both = moving(t1=(F(23, 2), 5), t2=(10, F(13, 2)))
    assert failing(s, "act.charge", 1, figs=both, target=idx("h2"), x=every(3), face=None, centre=(12, 6)).cite == "§Groupe/2"
    t = step(s, "act.charge", 1, figs=both, target=idx("h2"), x=every(3), face=None, centre=(F(31, 2), 6))
    assert t.rsv[1] == 0 and t.d_bonus == 1 + 1  # 2 x 3 x 2 figures = 12; Cbt 1 + one extra fighter


def test_destroy_scores_only_when_the_structure_falls():
    s = setpos(playing(rsv=(0, 9, 0)).but(step=1), t1=(F(25, 2), 4))
    t = step(s, "act.destroy", 1, fig=idx("t1"), obj=0, bid=2)
    assert t.struct[0] == 2 and t.points[1] == 0


def test_dragon_cannot_group():
    s = playing(rsv=(0, 0, 9)).but(step=2)
    assert failing(s, "act.move", 2, figs=moving(d1=(12, 17), t1=(20, 2)), x=every(1), face=None, centre=(12, 12)).cite == "§Tour de jeu/3"


# ---------------------------------------------------------------- §Joker
def test_round_blanc_at_the_end_of_the_turn():
    """§Joker/2: at the close, a player with a round blanc left may still play it (listed answer)."""
    s = playing(rsv=(0, 3, 0)).but(phase=CLOSE, blanc=(0, 1, 0))
    t = step(s, "round.blanc", 1)
    t = step(t, "act.move", 1, figs=moving(t1=(18, 4)), x=every(1), face=None, centre=None)
    assert t.phase == CLOSE and t.rsv[1] == 2
