"""The boundary search chooses Trolls' points, groups and moves with z3 (ParamKind.solvable):
a Need on a facing gets a past where it alone fails, written so that its log field reads back."""
from fractions import Fraction
from types import SimpleNamespace

from referee.checks.scenarios.boundary import Boundary
from referee.checks.scenarios.generator import Generator
from referee.checks.scenarios.solve import _number, _writable
from referee.model import load


def test_a_facing_need_gets_a_past_where_it_alone_fails():
    game = load("trolls")
    gen = Generator(game, seed=0)
    b = Boundary(gen, None)
    for i in range(2):
        header, path, _, states = gen.legal_game(i, keep=True, tag="boundary0.0", max_steps=300)
        b.add_game(header, path, states)
    act = next(a for a in game.actions if a.name == "act.reorient")
    j = next(k for k, n in enumerate(game.needs(act)) if n.says == "a new facing is a nonzero direction")
    idx, args, exact, how = b._past(act, j, f"{act.name}#{j}")
    assert args.face == (0, 0) and exact and how == "found by z3"


def test_a_value_no_log_can_hold_is_not_written():
    game = load("trolls")
    cfg = game.default_config(nplayers=3)
    move = next(a for a in game.actions if a.name == "act.move")
    figs = next(p for p in move.params if p.name == "figs")
    nf = len(cfg.comp.figs)
    assert not _writable(figs, cfg, (0, 0, 0) * nf)  # a move of no figure: an empty object
    one = (1, Fraction(7, 2), 2) + (0, 0, 0) * (nf - 1)
    assert _writable(figs, cfg, one)


def test_a_model_number_reads_as_an_int_or_a_fraction():
    import z3

    assert _number(z3.RealVal("3/2")) == Fraction(3, 2)
    assert type(_number(z3.RealVal("4"))) is int and _number(z3.IntVal(5)) == 5
    s = z3.Solver()
    x = z3.Real("x")
    s.add(x * x == 2, x > 0)
    assert s.check() == z3.sat
    assert abs(float(_number(s.model()[x])) - 2 ** 0.5) < 1e-9  # an irrational root, approximated
