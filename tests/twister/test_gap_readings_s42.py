"""The model's reading that each gap of session 42 states (referee/model/twister/silences.py, the
block after `thief_bridge`), played through the model: a gap names what the model does where the
text is silent, and these fail if the model stops doing it. Squares: see conftest.py (room 0)."""
from conftest import GAME, cid, do, position, tok, why

from referee.model.kernel import args
from referee.model.twister.board import sq
from referee.model.twister.combat import totals

A, B = 0, 1
TROLL_ALONE = dict(who=4, attackers=(0, 0, 0, 0, 1, 0, 0, 0), defenders=(0, 1, 0, 0, 0, 0, 0, 0))


def _gap(name):
    return next(g for g in GAME.gaps if g.name == name)


def test_score_and_force_the_sums_decide_not_the_cards():
    """§Combat, §Combat groupé: the sides' totals are compared, not their cards."""
    assert "combat.totals" in _gap("score_and_force").fills
    # Ana's Troll (4) plays a 1, Ben's Goblin (1) a 3: the lower card, the higher sum (5 against 4)
    s = position({(A, "Troll"): sq(3, 4), (B, "Goblin"): sq(2, 4)})
    assert totals(s, args(A, card=1, dcard=3, **TROLL_ALONE)) == (5, 4)
    t = do(s, "attack", card=1, dcard=3, **TROLL_ALONE)
    assert t.wounded[cid(B, "Goblin")] and not t.wounded[cid(A, "Troll")]
    # a group: Warrior (3) and Troll (4) with a 1 against the Wizard (1) with a 6: 8 against 7
    g = position({(A, "Warrior"): sq(2, 3), (A, "Troll"): sq(3, 4), (B, "Wizard"): sq(3, 3)})
    group = dict(who=6, attackers=(0, 0, 0, 0, 1, 0, 1, 0), defenders=(0, 0, 0, 0, 0, 0, 0, 1))
    assert totals(g, args(A, card=1, dcard=6, **group)) == (8, 7)
    u = do(g, "attack", card=1, dcard=6, **group)
    assert u.wounded[cid(B, "Wizard")] and not u.wounded[cid(A, "Warrior")] and not u.wounded[cid(A, "Troll")]


def test_take_in_passing_first_and_last_square_never_standing_still():
    """§Déplacement: a token is taken on the square the move ends on, or on the one it starts from
    as the mover leaves it; never without moving."""
    assert "never standing still" in _gap("take_in_passing").fills
    goblin, treasure = 1, tok(A, "Treasure")
    # the Treasure on the last square of the move
    s = position({(A, "Goblin"): sq(1, 3), (A, "Treasure"): sq(1, 4)})
    t = do(s, "move", who=goblin, to=sq(1, 4), take=treasure)
    assert t.held[cid(A, "Goblin")] == treasure and t.loc[treasure] == sq(1, 4)
    # the Treasure on the mover's own square: taken as it leaves, not while it stays
    s = position({(A, "Goblin"): sq(1, 3), (A, "Treasure"): sq(1, 3)})
    assert why(s, "move", who=goblin, to=sq(1, 3), take=treasure) == "the character goes to another square"
    t = do(s, "move", who=goblin, to=sq(1, 4), take=treasure)
    assert t.held[cid(A, "Goblin")] == treasure and t.loc[treasure] == sq(1, 4)
    assert t.occ[sq(1, 3)] == 0 and t.occ[sq(1, 4)] == 2


def test_staff_carried_the_wizard_fires_only_a_staff_he_carries():
    """§Bâton, §Magicien: a staff lying on the Wizard's square, or carried by a friend next to him,
    is not fired; the one he carries is, and it is discarded."""
    assert "fire's Need" in _gap("staff_carried").fills
    target = tok(B, "Goblin")
    refused = "the Wizard, unwounded and on the board, carries a fireball staff"
    lying = position({(A, "Wizard"): sq(1, 2), (A, "Staff"): sq(1, 2), (B, "Goblin"): sq(1, 4)})
    assert why(lying, "fire", target=target) == refused
    friend = position({(A, "Wizard"): sq(1, 2), (A, "Warrior"): sq(1, 1), (A, "Staff"): sq(1, 1),
                       (B, "Goblin"): sq(1, 4)}, held={(A, "Warrior"): (A, "Staff")})
    assert why(friend, "fire", target=target) == refused
    carried = position({(A, "Wizard"): sq(1, 2), (A, "Staff"): sq(1, 2), (B, "Goblin"): sq(1, 4)},
                       held={(A, "Wizard"): (A, "Staff")})
    t = do(carried, "fire", target=target)
    assert t.loc[target] == -1 and t.loc[tok(A, "Staff")] == -1 and t.vp == (1, 0)
