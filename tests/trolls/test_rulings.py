"""The holes of the text, found the way the audit looks for them: z3 searches a state that
satisfies every invariant (and the Needs of the event in which the question arises) where
no text answer applies, or two text answers give different outcomes. Then the options in
force must close each hole (some answer always applies)."""
import pytest
import z3

from helpers import GAME, playing, start, step, failing
from referee.checks.symbolic import instances, sym_state, term
from referee.model.kernel import args
from referee.model.kernel.rules import answer_in_force
from referee.model.trolls import rulings as R

CFG = GAME.default_config()
TEXT_HOLES = {  # ruling -> what kind of hole the text leaves
    "draw_full_hand": "none", "draw_short_refill": "none", "draw_empty_deck": "none",
    "bet_without_cards": "none", "human_rsv_zero": "none", "target_abeam": "none",
    "group_stat": "none", "group_reorient_cost": "none", "melee_defenders": "none",
    "two_jokers": "several", "blanc_at_turn_end": "several", "heavy_shot_from_melee": "several",
}


def _search(ruling, hole):
    S = sym_state(GAME, CFG, "s")
    from types import SimpleNamespace

    from referee.checks.symbolic import Instance

    insts = (instances(GAME, CFG, GAME.action(ruling.action)) if ruling.action
             else [Instance(None, SimpleNamespace(p=None), [], "state")])
    for inst in insts:
        sv = z3.Solver()
        sv.set("timeout", 10000)
        sv.add(*[term(i.test(S)) for i in GAME.invariants], *inst.side)
        if inst.action is not None:
            sv.add(*[term(n.test(S, inst.args)) for n in GAME.needs(inst.action)])
        sv.add(term(ruling.arises(S, inst.args)))
        text = [x for x in ruling.answers if not x.source.startswith("option:")]
        live = [x for x in ruling.answers if answer_in_force(x, CFG)]
        if hole == "none":
            sv.add(z3.Not(z3.Or([term(x.applies(S, inst.args)) for x in text])))
        elif hole == "several":
            sv.add(z3.Or([z3.And(term(x.applies(S, inst.args)), term(y.applies(S, inst.args)),
                                 term(x.gives(S, inst.args)) != term(y.gives(S, inst.args)))
                          for i, x in enumerate(text) for y in text[i + 1:]]))
        else:  # "closed": no live answer at all
            sv.add(z3.Not(z3.Or([term(x.applies(S, inst.args)) for x in live])))
        r = sv.check()
        # z3's search on these real-valued (non-linear) queries depends on the terms the
        # process created before; an unlucky order can time out: try other seeds first
        for seed in (1, 2, 3):
            if r != z3.unknown:
                break
            sv.set("random_seed", seed)
            r = sv.check()
        assert r != z3.unknown, (ruling.name, inst.label)
        if r == z3.sat:
            return inst.label
    return None


@pytest.mark.parametrize("ruling", R.RULINGS, ids=lambda r: r.name)
def test_the_text_leaves_a_hole(ruling):
    assert _search(ruling, TEXT_HOLES[ruling.name]) is not None


@pytest.mark.parametrize("ruling", R.RULINGS, ids=lambda r: r.name)
def test_the_default_options_close_it(ruling):
    assert _search(ruling, "closed") is None


def test_first_turn_draw_with_a_full_hand():
    """§Tour de jeu/1: the 5 cards of §Intro are in hand when the first turn asks for a draw of one
    or two: the text cannot be followed; option full_hand=skip draws nothing."""
    s = start()
    assert not R.TEXT_DRAW.applies(s, args(0))
    assert R.draw_count(s, args(0)) == 0
    t = step(s, "turn.draw", 0, cards=(0,) * 6)
    assert t.drawn[0]
    assert failing(s, "turn.draw", 0, cards=(0, 0, 0, 0, 0, 1)).says == "his hand never goes above 5 cards"


def test_short_refill_and_empty_deck():
    s = start()
    k = CFG.comp.kinds
    # hand of 2 (after a bet of 3), deck of 7: two cards under option short_refill=two, one under =one
    s2 = s.but(hand=((1, 1, 0, 0, 0, 0),) + s.hand[1:], deck=((1, 1, 2, 2, 2, 0),) + s.deck[1:],
               grave=((0, 0, 0, 0, 0, 2),) + s.grave[1:])
    assert R.draw_count(s2, args(0)) == 2
    one = GAME.configure({"short_refill": "one"}, None, None)
    assert R.draw_count(s2.but(cfg=one), args(0)) == 1
    # hand of 3, deck of 1: the refill needs 2; option empty_deck=all draws the last card
    s3 = s.but(hand=((1, 1, 1, 0, 0, 0),) + s.hand[1:], deck=((0, 0, 0, 1, 0, 0),) + s.deck[1:],
               grave=((1, 1, 1, 1, 2, 2),) + s.grave[1:])
    assert not R.TEXT_DRAW.applies(s3, args(0))
    assert R.draw_count(s3, args(0)) == 1
    none = GAME.configure({"empty_deck": "none"}, None, None)
    assert R.draw_count(s3.but(cfg=none), args(0)) == 0
    assert k[3] == "7"


def test_jokers_only_bet_ends_the_turn_at_once_by_default():
    """§Tour de jeu/7: a Human bet of jokers only gives Rsv 0; the text never ends the turn
    (no round empties his Rsv). Option zero_rsv=end closes it at once; =round plays one round
    without him."""
    from referee.model.trolls.state import BET, CLOSE, PLAY

    hands = [["joker", "joker", "3", "5", "7"], ["as", "3", "5", "7", "9"], ["as", "3", "5", "7", "9"]]
    for opt, phase, stp in (("end", CLOSE, 0), ("round", PLAY, 1)):
        s = start({"zero_rsv": opt}, hands).but(phase=BET, drawn=(True,) * 3)
        s = step(s, "turn.bet", 0, cards=(0, 0, 0, 0, 0, 2))
        s = step(s, "turn.bet", 1, cards=(0, 0, 1, 0, 0, 0))
        s = step(s, "turn.bet", 2, cards=(0, 0, 1, 0, 0, 0))
        assert not R.R_ZERO.answers[0].applies(s, args(None))
        s = step(s, "turn.reveal")
        assert (s.phase, s.step, s.rsv) == (phase, stp, (0, 5, 5))
        assert s.blanc[0] == 1  # two jokers: one round blanc (§Joker/2 read before §Cartes spéciales)


def test_exactly_abeam_follows_the_option():
    from helpers import idx, one, setpos

    s = setpos(playing(rsv=(3, 3, 3)), h2=(2, 4), t1=(2, 10))  # the Troll is straight to the side of h2
    a = dict(figs=one("h2"), target=idx("t1"), centre=None)
    assert failing(s, "act.shoot", 0, **a) is None  # abeam=front (default)
    back = GAME.configure({"abeam": "back"}, None, None)
    assert failing(s.but(cfg=back), "act.shoot", 0, **a).cite == "§Actions/Tir"


def test_heavy_weapon_of_a_figure_in_melee():
    """§Actions/Tir: h1 (heavy) is in a càc with t1 and shoots t2, outside it: 'into a càc' (listed
    first) lets it fire; 'in a càc' would not. The check above finds the two readings disagree."""
    from fractions import Fraction as F

    from helpers import idx, one, setpos

    s = setpos(playing(rsv=(3, 3, 3)), h1=(F(37, 2), 4), t2=(20, 12))
    assert R.R_HEAVY.answers[1].applies(s, args(0, figs=one("h1"), target=idx("t2")))
    assert failing(s, "act.shoot", 0, figs=one("h1"), target=idx("t2"), centre=None) is None
    assert failing(s, "act.shoot", 0, figs=one("h1"), target=idx("t1"), centre=None).says == "no heavy weapon shoots into a càc"


def test_short_refill_pick_lets_a_hand_of_3_draw_one_or_two():
    """§Tour de jeu/1 'une ou deux cartes': the ruling draw_short_refill names the player's pick
    with 3 cards in hand, yet no option played it (a hand-computed position, s61: a hand of 3
    drawing one was refused under every option). Under short_refill=pick he draws one or two,
    never above 5; the default still rebuilds a hand of 3 with two, and a hand of 4 draws one
    under every reading."""
    s = start()
    pick = GAME.configure({"short_refill": "pick"}, None, None)
    s3 = s.but(hand=((1, 1, 1, 0, 0, 0),) + s.hand[1:], deck=((1, 1, 1, 2, 2, 0),) + s.deck[1:],
               grave=((0, 0, 0, 0, 0, 2),) + s.grave[1:])
    assert R.draw_count(s3, args(0)) == 2 and R.draw_count(s3.but(cfg=pick), args(0)) == R.PICK
    for n in (1, 2):
        cards = (0, 0, 0, 1, 1, 0) if n == 2 else (0, 0, 0, 1, 0, 0)
        assert step(s3.but(cfg=pick), "turn.draw", 0, cards=cards).drawn[0]
    assert failing(s3.but(cfg=pick), "turn.draw", 0, cards=(0, 0, 1, 1, 1, 0)).says == "his hand never goes above 5 cards"
    assert failing(s3, "turn.draw", 0, cards=(0, 0, 0, 1, 0, 0)).cite == "§Tour de jeu/1"
    s4 = s3.but(hand=((1, 1, 1, 1, 0, 0),) + s.hand[1:])
    assert R.draw_count(s4, args(0)) == R.draw_count(s4.but(cfg=pick), args(0)) == 1
    # a hand of 3 and a deck of none: nothing to pick from, option empty_deck decides (all: 0)
    s0 = s3.but(deck=((0,) * 6,) + s.deck[1:], grave=((1, 1, 1, 2, 2, 2),) + s.grave[1:])
    assert R.draw_count(s0.but(cfg=pick), args(0)) == 0
