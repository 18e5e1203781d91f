"""§Groupe/3 (l.59): a group move or charge costs 'la somme des coûts individuels', and each
figure's cost is x points for x times ITS Mvt (§Actions/Mouvement, l.34): a member that moves
a lesser multiple pays less. The log's "x" is one number for every member (each moves within
that multiple and pays it: the l.60 example) or one per member ({"h1": 4, "h2": 1})."""
import json
from fractions import Fraction as F

import pytest

from helpers import GAME, failing, idx, moving, playing, setface, setpos, step
from referee.model.kernel import BadField
from referee.model.trolls.actions import charge_cost, move_cost
from referee.model.trolls.state import Multiples, every
from referee.replays.engine import replay

CFG = GAME.default_config()
K = Multiples()

START = [  # a turn's start: the Human bets a 9 (Rsv 9)
    {"referee": 1, "game": "trolls", "rules": "2020", "players": ["Ana", "Ben", "Cy"], "options": {},
     "setup": {"hands": [["as", "3", "5", "7", "9"], ["as", "3", "5", "7", "joker"], ["as", "as", "3", "5", "9"]]}},
    {"n": 1, "by": "Ana", "do": "turn.draw", "cards": []},
    {"n": 2, "by": "Ben", "do": "turn.draw", "cards": []},
    {"n": 3, "by": "Cy", "do": "turn.draw", "cards": []},
    {"n": 4, "by": "Ana", "do": "turn.bet", "cards": ["9"]},
    {"n": 5, "by": "Ben", "do": "turn.bet", "cards": ["5", "7"]},
    {"n": 6, "by": "Cy", "do": "turn.bet", "cards": ["as"]},
    {"n": 7, "by": "chance", "do": "turn.reveal"},
]


def per(**xs):
    """A per-member Multiples value, as the rules read {"h1": 4, ...}."""
    return K.decode(xs, CFG, None)


def test_the_log_form_one_number_or_one_per_figure():
    assert K.decode(4, CFG, None) == every(4) == (4,) * 6
    assert per(h1=4, h2=1) == (4, 1, 0, 0, 0, 0)
    assert K.encode(every(4), CFG, None) == 4 and K.encode(per(h1=4, h2=1), CFG, None) == {"h1": 4, "h2": 1}
    for bad in (0, 61, "4", [4], {}, {"zz": 1}, {"h1": 0}, {"h1": 1.5}):
        with pytest.raises(BadField):
            K.decode(bad, CFG, None)


def test_two_humans_8_and_2_inches_pay_4_plus_1():
    """h1 goes 8" (4 x Mvt 2"), h2 2" (1 x Mvt): 4 + 1 = 5 points, not 2 x 4."""
    s = playing(rsv=(5, 0, 0))  # h1 (2,2), h2 (2,4): inside the circle of centre (2,3)
    figs = moving(h1=(10, 2), h2=(4, 4))
    assert move_cost(s, _a(figs, per(h1=4, h2=1))) == 5
    t = step(s, "act.move", 0, figs=figs, x=per(h1=4, h2=1), face=None, centre=(2, 3))
    assert t.rsv[0] == 0 and t.pos[idx("h1")] == (10, 2) and t.pos[idx("h2")] == (4, 4)
    # one number for both: each pays it, 2 x 4
    assert move_cost(s, _a(figs, every(4))) == 8
    assert failing(s, "act.move", 0, figs=figs, x=every(4), face=None, centre=(2, 3)).cite == "§Actions/Mouvement"


def test_the_one_number_form_still_gives_3_x_4_for_the_l60_example():
    """§Groupe/3 example: three Humans advance 8" (4 x Mvt) together: 3 x 4 = 12."""
    s = playing(rsv=(12, 0, 0))
    figs = moving(h1=(10, 2), h2=(10, 4), h3=(11, 3))
    assert move_cost(s, _a(figs, K.decode(4, CFG, None))) == 12
    assert move_cost(s, _a(figs, per(h1=4, h2=4, h3=4))) == 12
    assert step(s, "act.move", 0, figs=figs, x=every(4), face=None, centre=(2, 3)).rsv[0] == 0


def test_a_member_beyond_its_own_multiple_is_refused():
    s = playing(rsv=(9, 0, 0))
    figs = moving(h1=(10, 2), h2=(5, 4))  # h2 goes 3": beyond 1 x Mvt 2"
    f = failing(s, "act.move", 0, figs=figs, x=per(h1=4, h2=1), face=None, centre=(2, 3))
    assert f.cite == "§Actions/Mouvement" and f.says.startswith("each figure covers at most x times its Mvt")
    assert "h2 covers 3.00\"" in f.show(s, _a(figs, per(h1=4, h2=1)))
    assert failing(s, "act.move", 0, figs=figs, x=per(h1=4, h2=2), face=None, centre=(2, 3)) is None


def test_x_must_name_exactly_the_moving_figures():
    s = playing(rsv=(9, 0, 0))
    figs = moving(h1=(10, 2), h2=(4, 4))
    missing = failing(s, "act.move", 0, figs=figs, x=per(h1=4), face=None, centre=(2, 3))
    assert missing.cite == "§Actions/Mouvement" and "h2 moves but" in missing.show(s, _a(figs, per(h1=4)))
    extra = failing(s, "act.move", 0, figs=figs, x=per(h1=4, h2=1, h3=1), face=None, centre=(2, 3))
    assert extra.cite == "§Actions/Mouvement" and "h3 a multiple" in extra.show(s, _a(figs, per(h1=4, h2=1, h3=1)))


def test_a_group_charge_pays_twice_each_member_s_own_multiple():
    """t1 goes 9/2" (3 x Mvt 2"), t2 about 5" (3 x Mvt): 2 x (3 + 3) = 12; a charge is
    twice a move member by member, so t1 at 3 and t2 at 3 is the least; an uneven pair,
    t1 at 3 and t2 at 4 (it may pay more than it needs), costs 2 x 7 = 14."""
    s = setpos(playing(rsv=(0, 14, 0)).but(step=1), t1=(16, 5), t2=(15, 7), h2=(10, 5))
    s = setface(s, t1=(-1, 0), t2=(-1, 0))
    both = moving(t1=(F(23, 2), 5), t2=(10, F(13, 2)))
    assert charge_cost(s, _a(both, per(t1=3, t2=4), target=idx("h2"))) == 14
    t = step(s, "act.charge", 1, figs=both, target=idx("h2"), x=per(t1=3, t2=4), face=None, centre=(F(31, 2), 6))
    assert t.rsv[1] == 0
    # t2 beyond its own multiple (5" > 2 x Mvt 2"): refused, though t1's 3 would cover it
    f = failing(s, "act.charge", 1, figs=both, target=idx("h2"), x=per(t1=3, t2=2), face=None, centre=(F(31, 2), 6))
    assert f.cite == "§Actions/Charge" and f.says.startswith("each figure covers at most x times its Mvt")


def test_a_log_with_per_member_multiples_replays_and_pays_the_sum(tmp_path):
    log = START + [{"n": 8, "by": "Ana", "do": "act.move", "figs": {"h1": [10, 2], "h2": [4, 4]},
                    "x": {"h1": 4, "h2": 1}, "centre": [2, 3]}]
    p = tmp_path / "g.jsonl"
    p.write_text("".join(json.dumps(e) + "\n" for e in log))
    for compiled in (False, True):
        v = replay(p, compiled=compiled, compile_after=1)
        assert v.verdict == "legal" and v.state.rsv[0] == 9 - 5, (compiled, v)
    # the old form: one number, each member pays it (2 x 4 = 8)
    log[-1] = dict(log[-1], x=4)
    p.write_text("".join(json.dumps(e) + "\n" for e in log))
    v = replay(p)
    assert v.verdict == "legal" and v.state.rsv[0] == 9 - 8


def _a(figs, x, target=0):
    from referee.model.kernel import args

    return args(0, figs=figs, x=x, target=target, face=None, centre=(2, 3))
