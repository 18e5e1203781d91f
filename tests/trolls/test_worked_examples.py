"""The six worked examples of the text (plus the two reserve examples of §Mise/§Joker/1),
with numbers a reader can check against the rulebook."""
from fractions import Fraction as F

from helpers import (GAME, failing, group, idx, moving, one, playing, setface, setpos, start, step)
from referee.model.trolls.state import BET, DUEL, PLAY, every


def test_mise_troll_5_and_7_is_12():
    """§Mise: the Troll bets a 5 and a 7: Rsv 12. §Joker/1: 5, 9 and joker: 14."""
    s = start(hands=[["as", "3", "5", "7", "9"], ["5", "7", "9", "joker", "3"], ["as", "as", "3", "5", "9"]])
    s = s.but(phase=BET, drawn=(True,) * 3)
    k = GAME.default_config().comp.kinds
    v = lambda *cs: tuple(cs.count(x) for x in k)  # noqa: E731
    s = step(s, "turn.bet", 0, cards=v("9"))
    s = step(s, "turn.bet", 1, cards=v("5", "7"))
    s = step(s, "turn.bet", 2, cards=v("as", "as", "9"))
    s = step(s, "turn.reveal")
    assert s.rsv == (9, 12, 31)  # the Dragon's two aces are worth 11 each (§Cartes spéciales)
    t = start(hands=[["as", "3", "5", "7", "9"], ["5", "7", "9", "joker", "3"], ["as", "as", "3", "5", "9"]])
    t = t.but(phase=BET, drawn=(True,) * 3)
    t = step(t, "turn.bet", 0, cards=v("9"))
    t = step(t, "turn.bet", 1, cards=v("5", "9", "joker"))
    t = step(t, "turn.bet", 2, cards=v("3"))
    t = step(t, "turn.reveal")
    assert t.rsv[1] == 14 and t.blanc[1] == 1


def test_move_12_inches_for_6_points():
    """§Actions/Mouvement: a Human (Mvt 2") moves 12" for 6 points; 5 points are not enough."""
    s = playing(rsv=(6, 0, 0))
    assert failing(s, "act.move", 0, figs=moving(h2=(14, 4)), x=every(5), face=None, centre=None).cite == "§Actions/Mouvement"
    t = step(s, "act.move", 0, figs=moving(h2=(14, 4)), x=every(6), face=None, centre=None)
    assert t.pos[idx("h2")] == (14, 4) and t.rsv[0] == 0


def test_shot_6_plus_2_minus_5_plus_1_is_2():
    """§Actions/Tir: a Human with a heavy weapon (Tir +2) shoots a Troll (Cbt 1); bids 6 and 5:
    (6+2)-(5+1) = 2 PdV lost."""
    s = playing(rsv=(7, 5, 0))
    s = setpos(s, h1=(2, 4), t1=(20, 4))  # facing each other: in sight, not in the back
    s = step(s, "act.shoot", 0, figs=one("h1"), target=idx("t1"), centre=None)
    assert s.phase == DUEL and s.rsv[0] == 6 and s.d_bonus == 2 and not s.loaded[idx("h1")]
    s = step(s, "duel.bid", 1, amount=5)
    s = step(s, "duel.bid", 0, amount=6)
    assert s.pdv[idx("t1")] == 6 - 2
    assert s.phase == PLAY and s.step == 1 and s.rsv == (0, 0, 0)


def test_shot_in_the_back_gets_plus_one():
    s = playing(rsv=(7, 5, 0))
    s = setpos(s, h1=(2, 4), t1=(20, 4))
    s = setface(s, t1=(1, 0))  # the Troll turns its back on the shooter
    s = step(s, "act.shoot", 0, figs=one("h1"), target=idx("t1"), centre=None)
    assert s.d_bonus == 3


def test_dragon_charge_over_11_inches_costs_8():
    """§Actions/Charge: a Dragon (Mvt 3") charges a Troll 11" away: 4 x Mvt, 8 points.
    The Dragon (base 3) ends in contact with the Troll (base 2): centres 5/2 apart."""
    s = playing(rsv=(1, 0, 8)).but(step=2)
    s = setpos(s, d1=(0, 10), t1=(F(27, 2), 10))
    s = setface(s, d1=(1, 0))
    to = moving(d1=(11, 10))
    assert failing(s, "act.charge", 2, figs=to, target=idx("t1"), x=every(3), face=None, centre=None).cite == "§Actions/Charge"
    t = step(s, "act.charge", 2, figs=to, target=idx("t1"), x=every(4), face=None, centre=None)
    assert t.rsv[2] == 0 and t.phase == DUEL and t.pos[idx("d1")] == (11, 10)
    # out of sight: the same charge with the Dragon facing away is illegal
    u = setface(s, d1=(-1, 0))
    assert failing(u, "act.charge", 2, figs=to, target=idx("t1"), x=every(4), face=None, centre=None).cite == "§Actions/Charge"


def test_troll_demolishes_a_5_point_distributeur_for_5_points():
    """§Actions/Destruction: a Troll (Cbt 1) spends 1 to start, then bids 4: 1 + 4 = 5 structure."""
    s = playing(rsv=(1, 5, 0)).but(step=1)
    s = setpos(s, t1=(F(25, 2), 4))  # distributeur at (14, 4), size 1: contact at 3/2
    t = step(s, "act.destroy", 1, fig=idx("t1"), obj=0, bid=4)
    assert t.struct[0] == 0 and t.rsv[1] == 0 and t.points[1] == 3
    assert failing(s, "act.destroy", 1, fig=idx("t1"), obj=0, bid=5).cite == "§Actions/Destruction"


def test_three_humans_move_8_inches_together_for_12_points():
    """§Groupe/3: three Humans (Mvt 2") advance 8" (4 x Mvt) together: 3 x 4 = 12 points."""
    s = playing(rsv=(12, 0, 0))  # h1 (2,2), h2 (2,4), h3 (3,3): inside the circle of centre (2,3)
    figs = moving(h1=(10, 2), h2=(10, 4), h3=(11, 3))
    t = step(s, "act.move", 0, figs=figs, x=every(4), face=None, centre=(2, 3))
    assert t.rsv[0] == 0
    assert failing(s.but(rsv=(11, 0, 0)), "act.move", 0, figs=figs, x=every(4), face=None, centre=(2, 3)).cite == "§Actions/Mouvement"
    # a circle that does not hold them all
    assert failing(s, "act.move", 0, figs=figs, x=every(4), face=None, centre=(6, 3)).cite == "§Groupe/2"


def test_round_blanc_sequence():
    """§Joker/2: the Human declares a grouped shot; the Troll, who bet a joker, plays a round blanc
    first; the Dragon cannot react to the Troll's action; then the Human shoots, and the round goes on."""
    s = playing(rsv=(5, 4, 4)).but(blanc=(0, 1, 0))
    s = step(s, "round.blanc", 1)
    assert s.solo == 1
    assert failing(s, "act.move", 0, figs=moving(h2=(4, 4)), x=every(1), face=None, centre=None).says.startswith("it is his turn")
    s = step(s, "act.move", 1, figs=moving(t1=(18, 4)), x=every(1), face=None, centre=None)
    # the round blanc is over: no reaction from the Dragon, the Human now acts
    assert s.step == 0 and s.solo == 3 and s.rsv[1] == 3
    assert failing(s, "act.move", 2, figs=moving(d1=(12, 17)), x=every(1), face=None, centre=None) is not None
    s = step(s, "act.shoot", 0, figs=group("h1", "h2", "h3"), target=idx("t1"), centre=(2, 3))
    assert s.d_bonus == 2 + 2  # best Tir (heavy, +2) + 2 extra shooters (§Groupe/4)
    s = step(s, "duel.bid", 0, amount=0)
    s = step(s, "duel.bid", 1, amount=0)
    assert s.pdv[idx("t1")] == 6 - (0 + 4 - (0 + 1))
    assert s.step == 1  # the Troll now reacts, then the Dragon
    assert failing(s, "round.blanc", 1) is not None  # its only round blanc is used
