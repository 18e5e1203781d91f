"""The frame of a family of like conjuncts (checks/frame.py): a per-square rule proved at the
squares an action edits, not square by square. It must prove what holds, and never hide a
break: at an edited square, at a square the action rebuilt otherwise, or in a family whose
members are not one function of their own square.

The toy: 100 squares, a count of tokens per square (at most 2); a token moves from the square
of token 0 (a symbolic look-up, as a move's source is) to any square."""
from dataclasses import dataclass

import pytest
import z3

from referee.checks import frame, invariants
from referee.checks.invariants import prove
from referee.model.kernel import (
    Action, And, Config, Game, Invariant, Lookup, Need, Param, Phase, State, Sym, bump, family, num, put, vec,
)
from tests.test_proof_engine import Square

N = 100


@dataclass(frozen=True)
class _Board(State):
    phase: int = num(0, 0)
    at: tuple = vec(2, lo=0, hi=N - 1)  # where tokens 0 and 1 stand
    occ: tuple = vec(N, lo=0, hi=2)


def _per_square(s, q):
    return And(s.occ[q] >= 0, s.occ[q] <= 2)


def _game(test=None, gain: int = 1, rebuild: bool = False, phase: int = 0) -> Game:
    def effect(s, a):
        src = Lookup(s.at, 0)
        occ = bump(bump(s.occ, src, -1), a.to, gain)
        if rebuild:  # the same counts, built without put/bump: the frame does not apply
            occ = tuple(x + 0 for x in occ)
        return s.but(at=put(s.at, 0, a.to), occ=occ, phase=phase)

    move = Action("move", "§1", "token 0 moves", params=(Param("to", Square(), "where"),),
                  needs=(Need("§1", "room on the square", lambda s, a: Lookup(s.occ, a.to) + 1 <= 2, lambda s, a: "full"),
                         Need("§1", "another square", lambda s, a: Lookup(s.at, 0) != a.to, lambda s, a: "same")),
                  effect=effect, phases=("play",))
    # token 0 stands where it is counted (the source's count is at least 1)
    counted = Invariant("§0", "token 0 is counted", lambda s: And(s.at[0] >= 0, s.at[0] < N, Lookup(s.occ, s.at[0]) >= 1))
    inv = Invariant("§1", "0 to 2 tokens on each square", test or family(_per_square, N, ("occ",)))
    cfg = Config("frame", {}, (), extra={"nplayers": 1})
    start = (1,) + (0,) * (N - 1)
    return Game("frame", "Frame", "", "0", _Board, (), (), (Phase("play", "§0", ""),), (move,), (inv, counted),
                configure=lambda o, d, p, nplayers=1: cfg, setup=lambda h, c: _Board(cfg=c, phase=0, at=(0, 0), occ=start),
                init=lambda S: And(S.phase == 0, S.at[0] == 0, *[x == y for x, y in zip(S.occ, start)]),
                result=lambda s: None)


@pytest.fixture
def asked(monkeypatch):
    """What frame.at_edits answered, and how many conjuncts were then asked one query at a time."""
    seen = {"frame": [], "asks": 0}
    real_frame, real_ask = frame.at_edits, invariants._ask

    def at_edits(*a):
        out = real_frame(*a)
        seen["frame"].append(out)
        return out

    def ask(*a, **k):
        seen["asks"] += 1
        return real_ask(*a, **k)

    monkeypatch.setattr(frame, "at_edits", at_edits)
    monkeypatch.setattr(invariants, "_ask", ask)
    return seen


def test_a_family_is_proved_at_the_edited_squares_only(asked):
    game = _game()
    assert [r.status for r in prove(game, game.default_config())] == ["proved", "proved"]
    assert asked["frame"] and all(x == z3.unsat for x in asked["frame"])
    # the 100 squares were not asked chunk by chunk: only the other invariant's conjunct was
    assert asked["asks"] <= len(Square().cases(None, "x"))


def test_a_break_at_an_edited_square_is_still_refuted(asked):
    """The destination gains 2 while the Need allows 1: the frame query finds it (sat) and
    the usual queries name the square and the instance."""
    game = _game(gain=2)
    res = prove(game, game.default_config())
    assert res[0].status == "not-inductive" and res[0].by.startswith("move(")
    assert any(x == z3.sat for x in asked["frame"])


def test_counts_rebuilt_otherwise_than_by_put_or_bump_get_no_frame(asked):
    game = _game(rebuild=True)
    assert [r.status for r in prove(game, game.default_config())] == ["proved", "proved"]
    assert asked["frame"] and all(x is None for x in asked["frame"]) and asked["asks"] > len(Square().cases(None, "x"))


def test_a_family_reading_a_value_the_action_changes_gets_no_frame(asked):
    """Members also read the phase, which the move changes: a square the move does not
    touch may break too (a count of 2 once the bound drops to 1), so no frame."""
    game = _game(test=family(lambda s, q: And(s.occ[q] >= 0, s.occ[q] <= 2 - s.phase), N, ("occ",)), phase=1)
    res = prove(game, game.default_config())
    assert res[0].status == "not-inductive"
    assert all(x is None for x in asked["frame"])


@pytest.mark.parametrize("fn", [
    lambda s, q: s.occ[(q + 1) % N] <= 2,  # reads a neighbour
    lambda s, q: s.occ[q] <= q % 3,  # the bound depends on the square
    lambda s, q: And(s.occ[q] <= 2, s.at[0] != q),  # compares with the square's number
])
def test_a_family_that_is_not_one_function_of_its_own_square_gets_no_frame(fn):
    fam = family(fn, N, ("occ",)).parts[0].family
    S = _Board(cfg=None, phase=Sym(z3.Int("p")), at=tuple(Sym(z3.Int(f"a{i}")) for i in range(2)),
               occ=tuple(Sym(z3.Int(f"o{i}")) for i in range(N)))
    assert not frame.shape_ok(fam, S)
    assert frame.shape_ok(family(_per_square, N, ("occ",)).parts[0].family, S)



def _lower_game(fn) -> Game:
    """A token is taken off any square (no guard): the family holds afterwards only if
    lowering a count cannot break it."""
    take = Action("take", "§2", "a token is taken off a square", params=(Param("to", Square(), "where"),), needs=(),
                  effect=lambda s, a: s.but(occ=bump(s.occ, a.to, -1)), phases=("play",))
    cfg = Config("frame", {}, (), extra={"nplayers": 1})
    return Game("frame", "Frame", "", "0", _Board, (), (), (Phase("play", "§0", ""),), (take,),
                (Invariant("§1", "a bound on each square", family(fn, N, ("occ",))),),
                configure=lambda o, d, p, nplayers=1: cfg, setup=lambda h, c: _Board(cfg=c, phase=0, at=(0, 0), occ=(0,) * N),
                init=lambda S: And(S.phase == 0, *[x == 0 for x in S.occ]), result=lambda s: None)


def test_lowering_counts_keeps_a_bound_from_above_but_not_from_below(asked):
    """Only lowering: "at most 2" holds with no query at the squares (the shortcut), while
    "at least 0" is refuted at the square emptied below 0 (the shortcut must not apply)."""
    game = _lower_game(lambda s, q: s.occ[q] <= 2)
    assert [r.status for r in prove(game, game.default_config())] == ["proved"]
    assert asked["asks"] == 0 and all(x == z3.unsat for x in asked["frame"])
    game = _lower_game(_per_square)
    (r,) = prove(game, game.default_config())
    assert r.status == "not-inductive" and r.by.startswith("take(")


def test_the_sign_of_a_term_is_read_off_its_shape():
    c, x = z3.Bool("c"), z3.Int("x")
    assert frame._sign(-z3.If(c, 1, 0)) == (True, False)
    assert frame._sign(z3.If(c, -1, 0) + z3.IntVal(-2)) == (True, False)
    assert frame._sign(-z3.If(c, x, 0)) == (False, False)  # x may be anything
    assert frame._sign(-z3.If(c, 1, -1)) == (False, False)
