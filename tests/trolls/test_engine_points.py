"""Three points an independent engine found (session 37, /work/notes/s37/trolls-engine):
leaving a càc, a player left without cards under no_card=end, and a short hand facing a short
deck. Each test fails on the model before that session."""

import pytest

from referee.model.kernel import args
from referee.model.kernel import rules as KR
from referee.model.trolls import rulings as R
from referee.model.trolls.actions import move_cost
from referee.model.trolls.state import BET, every

from helpers import failing, moving, playing, setpos, start, step


@pytest.mark.parametrize("option, staying, leaving", [("leaves", 1, 3), ("each", 1, 3), ("start", 3, 3)])
def test_leaving_a_melee_costs_two_more_only_when_the_figure_ends_out_of_contact(option, staying, leaving):
    """§Actions/Mouvement prices leaving ('quitter') a càc: h1 (base 1") touches t1 (base 2");
    a 2" move that ends still touching it does not leave it (option leave_melee=leaves, the
    default); one that ends 3" away does."""
    s = setpos(playing(rsv=(10, 0, 0), options={"leave_melee": option}), h1=(2, 4), t1=(3, 4))
    stay = args(0, figs=moving(h1=(4, 4)), x=every(1), face=None, centre=None)
    away = args(0, figs=moving(h1=(0, 4)), x=every(1), face=None, centre=None)
    assert (move_cost(s, stay), move_cost(s, away)) == (staying, leaving)
    assert step(s, "act.move", 0, figs=moving(h1=(4, 4)), x=every(1), face=None, centre=None).rsv[0] == 10 - staying


def _troll_out_of_cards(options=None):
    s = start({"no_card": "end", **(options or {})})
    empty = (0,) * len(s.hand[1])
    return s.but(phase=BET, drawn=(True,) * 3, hand=(s.hand[0], empty, s.hand[2]),
                 deck=(s.deck[0], empty, s.deck[2]))


def test_no_card_end_ends_the_game_before_anyone_bets():
    """Under no_card=end a player who cannot bet ends the game: nobody bets first (before,
    the Human's bet was taken and the end then refused: no event was legal after it)."""
    s = _troll_out_of_cards()
    bet = failing(s, "turn.bet", 0, cards=(1, 0, 0, 0, 0, 0))
    assert bet is not None and bet.cite == "§Tour de jeu/1" and "unable to bet" in bet.says
    assert step(s, "game.end").phase != BET


def test_a_bet_already_made_gets_a_verdict_not_a_dead_end():
    """A state where the Human already bet his whole hand (a log of another engine): asking
    whether he can bet again has no answer, and must not stop the check (before, the end
    raised 'the rules give no outcome'); the turn is played out first."""
    s = _troll_out_of_cards()
    s = s.but(betted=(True, False, False), hand=((0,) * len(s.hand[0]),) + s.hand[1:])
    assert failing(s, "game.end").says == "the game ends before anyone bets in the turn"


@pytest.mark.parametrize("empty_deck, drawn", [("all", 1), ("none", 0)])
def test_a_short_hand_facing_a_short_deck_follows_empty_deck(empty_deck, drawn):
    """A hand of 2 asks two cards (short_refill=two); the deck holds one: option empty_deck
    decides, as it does for a hand of 3 or 4 (before, short_refill took the last card whatever
    empty_deck said)."""
    s = start({"empty_deck": empty_deck})
    s = s.but(hand=((1, 1, 0, 0, 0, 0),) + s.hand[1:], deck=((0, 0, 0, 1, 0, 0),) + s.deck[1:],
              grave=((1, 1, 2, 1, 2, 2),) + s.grave[1:])
    trace: list = []
    with KR.tracing(trace):
        assert R.draw_count(s, args(0)) == drawn
    assert {r.name for r, _ in trace} == {"draw_short_refill", "draw_empty_deck"}
    # an empty deck gives nothing under either reading: no question is traced for it
    s0 = s.but(deck=((0,) * 6,) + s.deck[1:])
    trace.clear()
    with KR.tracing(trace):
        assert R.draw_count(s0, args(0)) == 0
    assert "draw_empty_deck" not in {r.name for r, _ in trace}


@pytest.mark.parametrize("no_card", ["end", "pass"])
def test_a_turn_whose_bets_are_made_is_played_before_the_game_ends(no_card):
    """Every card bet, none left in hand or deck: the turn is revealed and played first; the
    end comes at the next bet phase (before, game.end was taken before the reveal)."""
    s = start({"no_card": no_card})
    empty = tuple((0,) * len(h) for h in s.hand)
    s = s.but(phase=BET, drawn=(True,) * 3, hand=empty, deck=empty)
    assert failing(s, "game.end") is None  # nobody has bet: the game may end
    bet = failing(s.but(betted=(True, True, True)), "game.end")
    assert bet is not None and bet.says == "the game ends before anyone bets in the turn"


@pytest.mark.parametrize("option, cost", [("leaves", 1), ("each", 3), ("start", 3)])
def test_leaving_one_melee_for_another(option, cost):
    """h1 touches t1, and moves 2" to touch t2 instead: it left t1's càc for another one."""
    s = setpos(playing(rsv=(10, 0, 0), options={"leave_melee": option}), h1=(2, 4), t1=(1, 4), t2=(5, 4))
    assert move_cost(s, args(0, figs=moving(h1=(4, 4)), x=every(1), face=None, centre=None)) == cost


def test_the_group_circle_binds_a_group_only():
    """§Groupe/2: the 3" circle is a condition of a group action; a lone figure's move with a
    stray "centre" far from it is not refused under it (independent-engine finding, s44 F4),
    while a group whose member stands outside the circle is."""
    s = setpos(playing(rsv=(10, 10, 10)), h1=(2, 4))
    lone = dict(figs=moving(h1=(4, 4)), x=every(1), face=None, centre=(30, 30))
    assert failing(s, "act.move", 0, **lone) is None
    s = setpos(s, h1=(2, 4), h2=(2, 6))
    group_far = dict(figs=moving(h1=(4, 4), h2=(4, 6)), x=every(1), face=None, centre=(30, 30))
    assert failing(s, "act.move", 0, **group_far).cite == "§Groupe/2"
