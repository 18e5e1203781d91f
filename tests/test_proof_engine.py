"""The induction engine's ways of keeping z3's problems small (checks/invariants.py): a param
split into cases (ParamKind.cases, Sym.dom), live conjuncts asked in chunks, and numbers that
only go down abstracted. Each must prove what holds and still refute what does not.

The toy: 100 squares in 4 regions of 25, a count of tokens per square (at most 2)."""
from dataclasses import dataclass

import pytest
import z3

from referee.checks.invariants import MANY, prove
from referee.checks.symbolic import instances, term
from referee.model.kernel import (
    Action, Among, And, Config, Game, If, Invariant, Lookup, Need, Param, ParamKind, Phase, State,
    Sym, bump, conjunction, num, put, vec,
)

N, REGION = 100, 25


class Square(ParamKind):
    def decode(self, v, cfg, players):
        return v

    def symbolic(self, cfg, name):
        v = z3.Int(name)
        return Sym(v), [v >= 0, v < N]

    def cases(self, cfg, name):
        out = []
        for r in range(N // REGION):
            v = z3.Int(name)
            dom = tuple(range(r * REGION, (r + 1) * REGION))
            out.append((Sym(v, dom), [v >= dom[0], v <= dom[-1]], f"in region {r}"))
        return out


@dataclass(frozen=True)
class Board(State):
    phase: int = num(0, 0)
    occ: tuple = vec(N, lo=0, hi=2)


def _game(guard_everywhere: bool = True, sweep_guard: bool = True) -> Game:
    def room_left(s, a):
        ok = Lookup(s.occ, a.to) + 1 <= 2
        return ok if guard_everywhere else If(a.to < 3 * REGION, ok, True)  # region 3 unguarded

    drop = Action("drop", "§1", "put a token on a square", params=(Param("to", Square(), "where"),),
                  needs=(Need("§1", "at most 2 on a square", room_left, lambda s, a: "full"),),
                  effect=lambda s, a: s.but(occ=bump(s.occ, a.to, 1)), phases=("play",))
    # one token leaves every occupied square (each of the 100 counts is rewritten, so the
    # step has more than MANY live conjuncts and tries the abstraction first)
    sweep = Action("sweep", "§2", "one token leaves each square", params=(),
                   needs=(), phases=("play",),
                   effect=lambda s, a: s.but(occ=tuple(x - (If(x > 0, 1, 0) if sweep_guard else 1) for x in s.occ)))
    per_square = conjunction(*[(lambda q: lambda s: And(s.occ[q] >= 0, s.occ[q] <= 2))(q) for q in range(N)])
    cfg = Config("toy", {}, (), extra={"nplayers": 1})
    return Game("toy", "Toy", "", "0", Board, (), (), (Phase("play", "§0", ""),), (drop, sweep),
                (Invariant("§1", "0 to 2 tokens on each square", per_square),),
                configure=lambda o, d, p, nplayers=1: cfg, setup=lambda h, c: Board(cfg=c, phase=0, occ=(0,) * N),
                init=lambda S: And(S.phase == 0, *[x == 0 for x in S.occ]), result=lambda s: None)


def test_a_param_with_cases_gets_one_instance_per_case():
    game = _game()
    labels = [i.label for i in instances(game, game.default_config(), game.actions[0])]
    assert labels == [f"drop(p=0, to in region {r})" for r in range(4)]


def test_the_cases_prove_what_holds():
    game = _game()
    assert [r.status for r in prove(game, game.default_config())] == ["proved"]


def test_a_break_in_one_case_is_found_in_that_case():
    game = _game(guard_everywhere=False)
    (r,) = prove(game, game.default_config())
    assert (r.status, r.by) == ("not-inductive", "drop(p=0, to in region 3)")


def test_the_abstraction_of_numbers_that_go_down_hides_no_break():
    """An unguarded sweep makes a count negative: only going down, so it is abstracted,
    and the abstraction (a fresh number no larger) must not prove "at least 0"."""
    assert N > MANY
    game = _game(sweep_guard=False)
    (r,) = prove(game, game.default_config())
    assert (r.status, r.by) == ("not-inductive", "sweep(p=0)")


@pytest.mark.parametrize("dom", [(3, 4, 5), (-1, 0, 7), (9,)])
def test_a_value_with_a_domain_reads_and_writes_as_without_one(dom):
    """Lookup, put, bump and Among over the values listed in dom agree with the full If-chains
    whenever the value is one of them (the side constraint the checks add)."""
    table = tuple(Sym(z3.Int(f"t{i}")) for i in range(10))
    i = z3.Int("i")
    wide, narrow = Sym(i), Sym(i, dom)
    side = z3.Or(*[i == d for d in dom])
    pairs = [(Lookup(table, wide, -5), Lookup(table, narrow, -5)), (Among(wide, [0, 4, 7, 9]), Among(narrow, [0, 4, 7, 9]))]
    pairs += list(zip(put(table, wide, 42), put(table, narrow, 42))) + list(zip(bump(table, wide, 3), bump(table, narrow, 3)))
    s = z3.Solver()
    s.add(side, z3.Or(*[term(a) != term(b) for a, b in pairs]))
    assert s.check() == z3.unsat
    assert (narrow + 14).dom == tuple(d + 14 for d in dom) and (2 * narrow).dom == tuple(2 * d for d in dom)


def test_prove_runs_its_workers_under_spawn():
    """The workers get their job explicitly (no state inherited from a fork): the proofs
    under the `spawn` start method (macOS, Windows) are those of one process."""
    from referee.model import load

    game = load("trolls")
    res = prove(game, game.default_config(), jobs=2, context="spawn")
    assert len(res) == len(game.invariants) and {r.status for r in res} == {"proved"}, \
        [(r.index, r.status, r.by) for r in res if r.status != "proved"]


def test_a_game_spawned_workers_cannot_load_is_refused_by_name():
    game = _game()
    with pytest.raises(TypeError, match="toy: not a registered game"):
        prove(game, game.default_config(), jobs=2, context="spawn")


# ------------------------------------------------------------------ the assumed set is a fixpoint
@dataclass(frozen=True)
class _XY(State):
    phase: int = num()
    x: int = num()
    y: int = num()


def _xy_game(invariants):
    """x += y each step, y += 1 each step: 'y == 0' holds at setup and is not inductive;
    'x <= 0' is preserved only if y == 0 may be assumed."""
    step = Action("step", "§1", "x grows by y, y by one", effect=lambda s, a: s.but(x=s.x + s.y, y=s.y + 1),
                  phases=("play",))
    cfg = Config("xy", {}, ())
    return Game("xy", "XY", "", "0", _XY, (), (), (Phase("play", "§0", ""),), (step,), tuple(invariants),
                configure=lambda o, d, p, nplayers=2: cfg, setup=lambda h, c: _XY(cfg=c, phase=0, x=0, y=0),
                init=lambda s: And(s.phase == 0, s.x == 0, s.y == 0), result=lambda s: None)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_proof_never_rests_on_an_invariant_that_is_not_proved(jobs):
    """'x <= 0' is preserved by the step only under 'y == 0', which the step breaks. Assuming
    every invariant (as the prover did), 'x <= 0' read "proved" though x reaches 1 on the
    third step; with the assumed set a fixpoint it is not."""
    x_le_0 = Invariant("§1", "x stays at most 0", lambda s: s.x <= 0)
    y_is_0 = Invariant("§2", "y stays 0", lambda s: s.y == 0)
    game = _xy_game([x_le_0, y_is_0])
    res = prove(game, game.default_config(), jobs=jobs, context="fork" if jobs > 1 else None)
    assert [r.status for r in res] == ["not-inductive", "not-inductive"]
    # alone (nothing false to lean on), an invariant that does hold is still proved
    game = _xy_game([Invariant("§3", "y stays at least 0", lambda s: s.y >= 0), y_is_0])
    assert [r.status for r in prove(game, game.default_config())] == ["proved", "not-inductive"]


def test_a_core_invariant_is_proved_assuming_only_the_core():
    """x += y, y -= 1: 'y <= 0' is inductive, 'x <= 0' only given it. Marked core, 'x <= 0'
    is proved first, assuming only the core: not inductive there, so not proved, whatever the
    rest proves; unmarked, both are proved together; marked both, both are proved."""
    step = Action("step", "§1", "x grows by y, y shrinks by one", effect=lambda s, a: s.but(x=s.x + s.y, y=s.y - 1),
                  phases=("play",))
    cfg = Config("xy", {}, ())

    def game(x_core, y_core):
        invs = (Invariant("§1", "x stays at most 0", lambda s: s.x <= 0, core=x_core),
                Invariant("§2", "y stays at most 0", lambda s: s.y <= 0, core=y_core))
        return Game("xy", "XY", "", "0", _XY, (), (), (Phase("play", "§0", ""),), (step,), invs,
                    configure=lambda o, d, p, nplayers=2: cfg, setup=lambda h, c: _XY(cfg=c, phase=0, x=0, y=0),
                    init=lambda s: And(s.phase == 0, s.x == 0, s.y == 0), result=lambda s: None)

    def statuses(g):
        return [r.status for r in prove(g, g.default_config())]

    assert statuses(game(True, False)) == ["not-inductive", "proved"]
    assert statuses(game(False, False)) == ["proved", "proved"]
    assert statuses(game(True, True)) == ["proved", "proved"]
    assert statuses(game(False, True)) == ["proved", "proved"]  # the rest may assume the core
