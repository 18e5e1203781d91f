"""An audit to take at its word (issue 16, "Three values, kept apart"): proved, refuted,
or not established -- never a proof over nothing, never a value the solver did not give,
never "reached" without a game that reaches it, never "clean" after a search of nothing.
Built on the toy game (tests/toygame.py) so that each check is small and fast."""
import dataclasses
import io
import random

from rich.console import Console

from referee.checks import report
from referee.checks import witness as W
from referee.checks.audit import STUCK_FLOOR, Audit
from referee.checks.findings import Why, Witness, open_of
from referee.model import load
from referee.model.kernel import And, Answer, BadInput, Claim, Invariant, Ruling

from . import toygame
from .toygame import GAME


def _counts(lo, hi):
    def configure(options, comp_dir, prefer, nplayers=2):
        if not lo <= nplayers <= hi:
            raise BadInput(f"players: the toy is a game for {lo} to {hi} players, got {nplayers}")
        cfg = toygame.configure(options, comp_dir, prefer)  # Nim itself is for two players
        return dataclasses.replace(cfg, extra={**cfg.extra, "nplayers": nplayers})

    return configure


def _many(s, a):
    return s.cfg.extra["nplayers"] >= 3  # a question of three players or more


def _game(lo=2, hi=2, **kw):
    if hi > 2:  # the toy's moves are for two players: a three-player toy has none (rulings only)
        kw.setdefault("actions", ())
    return dataclasses.replace(GAME, configure=_counts(lo, hi), _by_name={}, _needs={}, _watch={}, **kw)


TEXT = Answer("§1", "book", "the next player on the left", lambda s, a: True, lambda s, a: 1)
OPTION = Answer("§1", "option:start=10", "as the option says", lambda s, a: True, lambda s, a: 1)


def _run(game, **kw):
    a = Audit(game, witnesses=False, **kw)
    return a, a.run()


def _one(findings, part):
    got = [f for f in findings if part in f.id]
    assert len(got) == 1, [f.id for f in findings]
    return got[0]


def _text(game, findings):
    buf = io.StringIO()
    report.text(Console(file=buf, width=400, color_system=None), game, findings, {})
    return buf.getvalue()


# ------------------------------------------------------------------ 1. no proof over nothing
def test_a_ruling_that_cannot_arise_at_any_allowed_count_is_not_established():
    g = _game(2, 2, rulings=(Ruling("left", "§1", "who plays next among three?", _many, (TEXT,)),))
    _, fs = _run(g)
    f = _one(fs, "left")
    assert f.kind == "unknown" and f.status == "not established" and not f.established
    assert f.status != "decided" and not f.says.startswith("the rules always answer")
    assert any("cannot arise with 2 players" in d for d in f.details)
    assert not f.is_problem  # not a finding either
    out = _text(g, fs)
    assert "proved/decided" not in out and "not established" in out


def test_a_ruling_that_cannot_arise_as_configured_is_audited_where_it_can():
    g = _game(2, 3, rulings=(Ruling("left", "§1", "who plays next among three?", _many, (TEXT,)),))
    _, fs = _run(g)
    f = _one(fs, "left")
    assert (f.kind, f.status) == ("proved", "decided")
    assert f.covers["players"] == [3]  # decided where it arises, and claimed only there
    assert "not applicable with 2 players: arises only with >= 3 players" in f.details


def test_a_ruling_with_no_text_answer_is_a_hole_where_it_arises_not_a_proof_over_0_rules():
    # Dungeon Draft's pass_direction: only options answer it, and it arises with 3 players or more
    g = _game(2, 5, rulings=(Ruling("pass", "§1", "which way do hands pass?", _many, (OPTION,)),))
    _, fs = _run(g)
    f = _one(fs, "pass")
    assert f.kind == "gap" and f.status == "hole" and "the text gives no answer" in f.says
    assert not any("0 rules" in d for d in f.details)


def test_invariants_over_no_setup_state_are_not_proved():
    g = _game(init=lambda S: And(S.pile == 10, S.pile == 11))  # no setup satisfies it
    _, fs = _run(g)
    invs = [f for f in fs if ".invariant." in f.id]
    assert invs and all(f.kind == "unknown" and f.status == "not established" for f in invs)
    assert all("not applicable" in f.details[0] for f in invs)


# ------------------------------------------------------------------ 2. an unknown shows no value
def _claim_game():
    return _game(claims=(Claim("§1", "the pile holds at most 10 stones", "max", lambda s: s.pile, 10),),
                 invariants=GAME.invariants + (Invariant("§1", "the pile never grows", lambda s: s.pile <= 10),))


def test_an_unbounded_maximum_is_not_established_and_prints_no_value(monkeypatch):
    monkeypatch.setattr(Audit, "_maximum_of", lambda self, c, cfg: ("oo", "sat"))
    g = _claim_game()
    _, fs = _run(g)
    f = _one(fs, ".claim.")
    assert f.kind == "unknown" and f.status == "not established" and not f.is_problem
    out = _text(g, fs)
    assert "oo" not in " ".join([f.says] + f.details) and "(oo)" not in out
    assert "not established" in out.split("§1")[-1]
    summary = out.strip().splitlines()[-1]
    assert "claim" not in summary.split(";")[0] and "1 not established" in summary


def test_a_solver_unknown_on_a_claim_is_not_established(monkeypatch):
    import z3

    from referee.checks import work
    from referee.checks.audit.proofs import gave_up

    s = work.limited(z3.Solver(), units=1000)  # a real unknown: Fermat at n=3, out of its count
    x, y, z = z3.Ints("x y z")
    s.add(x > 2, y > 2, z > 2, x * x * x + y * y * y == z * z * z)
    assert s.check() == z3.unknown
    monkeypatch.setattr(Audit, "_maximum_of", lambda self, c, cfg: (None, gave_up(s)))
    _, fs = _run(_claim_game())
    f = _one(fs, ".claim.")
    assert f.kind == "unknown" and not f.is_problem
    assert any("gave up" in d and "of work a query" in d for d in f.details)
    assert not any("None" in d for d in f.details)


def test_the_summary_says_rerun_with_a_larger_budget_only_where_a_budget_ran_out(monkeypatch):
    """'not established' for a reason no budget changes (a min claim, a missing rulebook) is
    not told to rerun with a larger --budget; a solver that gave up is."""
    g = _game(claims=(Claim("§1", "the pile holds at least 1 stone", "min", lambda s: s.pile, 1),))
    _, fs = _run(g)
    head = next(x for x in _text(g, fs).splitlines() if x.startswith("not established ("))
    assert "larger --budget" not in head and "for the reason given below" in head
    import z3

    from referee.checks import work
    from referee.checks.audit.proofs import gave_up
    from referee.checks.findings import Why

    s = work.limited(z3.Solver(), units=1000)  # a real unknown: z3's count of work ran out
    x, y, z = z3.Ints("x y z")
    s.add(x > 2, y > 2, z > 2, x * x * x + y * y * y == z * z * z)
    assert s.check() == z3.unknown
    monkeypatch.setattr(Audit, "_maximum_of", lambda self, c, cfg: (None, gave_up(s)))
    g = _claim_game()
    _, fs = _run(g)
    assert _one(fs, ".claim.").open == "budget"
    head = next(x for x in _text(g, fs).splitlines() if x.startswith("not established ("))
    assert "not settled within the budget or the search: rerun with a larger --budget" in head
    # what settles it is carried by the reason, not read from its words: z3's own limit
    # ("incomplete") names neither a budget nor a rerun, whatever the message says
    monkeypatch.setattr(Audit, "_maximum_of",
                        lambda self, c, cfg: (None, Why("the solver gave up within its budget (z3: incomplete)", "method")))
    _, fs = _run(g)
    assert _one(fs, ".claim.").open == "method"
    head = next(x for x in _text(g, fs).splitlines() if x.startswith("not established ("))
    assert "larger --budget" not in head and "for the reason given below" in head


def test_a_bound_larger_than_claimed_shows_no_unproved_value(monkeypatch):
    monkeypatch.setattr(Audit, "_maximum_of", lambda self, c, cfg: (37, "sat"))
    _, fs = _run(_claim_game())
    f = _one(fs, ".claim.")
    assert f.kind == "unknown" and not any("37" in d for d in f.details)


# ------------------------------------------------------------------ 3. reached only with a witness
def test_a_proved_bound_without_a_game_reaching_it_says_so():
    _, fs = _run(_claim_game())
    f = _one(fs, ".claim.")
    assert f.status == "upper bound proved, no game found reaching it"
    # half the claim is proved: not established, no finding; what settles it is the search's
    # own note's (no search ran here: --no-witness, which no larger budget helps)
    assert (f.kind, f.is_problem, f.severity) == ("unknown", False, None) and f.open == open_of(f.witness_note)


def test_a_bound_whose_search_ended_is_open_to_a_larger_budget(monkeypatch):
    note = Why("no example game found within 10 moves weighed", "budget")
    monkeypatch.setattr(Audit, "_later", lambda self, task, then, key=None: then(None, note))
    _, fs = _run(_claim_game())
    f = _one(fs, ".claim.")
    assert (f.kind, f.open, f.witness_note) == ("unknown", "budget", note)
    assert "witness: no example game found within 10 moves weighed" in _text(_claim_game(), fs)
    assert "bound-proved" not in _text(_claim_game(), fs)


def test_a_proved_bound_with_a_witness_is_reached(monkeypatch):
    w = Witness({"players": ["a", "b"]}, [{"do": "take"}], "10 reached")
    monkeypatch.setattr(Audit, "_later", lambda self, task, then, key=None: then(w, ""))
    _, fs = _run(_claim_game())
    f = _one(fs, ".claim.")
    assert f.status == "reached" and f.witness is w and not f.is_problem


# ------------------------------------------------------------------ 4. a search of nothing is no search
def _stalemates(monkeypatch, got):
    a = Audit(_game(), witnesses=False)
    a.pool = object()  # as if the witness workers ran
    monkeypatch.setattr(Audit, "_later", lambda self, task, then, key=None: then(got, "stopped"))
    a.stalemates()
    return a.findings


def test_a_stalemate_search_below_the_floor_is_not_established(monkeypatch):
    fs = _stalemates(monkeypatch, W.Explored(games=1, states=3))
    assert len(fs) == 1 and fs[0].kind == "unknown" and fs[0].status == "not established"
    assert "3 states" in fs[0].details[0] and str(STUCK_FLOOR) in fs[0].details[0]


def test_a_stalemate_search_stopped_at_the_budget_is_not_established(monkeypatch):
    fs = _stalemates(monkeypatch, None)
    assert len(fs) == 1 and fs[0].kind == "unknown"
    assert fs[0].cites and all(c.startswith("§") for c in fs[0].cites)  # every result names its §


def test_a_real_stalemate_search_that_found_none_adds_nothing(monkeypatch):
    assert _stalemates(monkeypatch, W.Explored(games=40, states=5 * STUCK_FLOOR)) == []


def test_the_search_counts_what_it_explored():
    from referee.checks.stuck import find

    stats: dict = {}
    silent = tuple(dataclasses.replace(a, propose=None) for a in GAME.actions)  # no action proposes a move
    assert find(dataclasses.replace(GAME, actions=silent, _by_name={}), W.Rules(), W.Budget(100), stats=stats) is None
    assert stats["states"] == 0 and "no move generator" in stats["why"]


# ------------------------------------------------------------------ 7. the same input, the same audit
def test_witness_searches_count_work_not_time(monkeypatch):
    """A search stops at a count of moves weighed, never at a CPU or wall clock: with the CPU
    clock unavailable it runs the same, and two runs find the same witnesses, move for move
    (once, a search stopped at CPU seconds of work, so a loaded machine found fewer; its net
    now reads the CPU clock only to stop a search that ran far past its count)."""

    from referee.checks import search as S

    def no_cpu_clock():
        raise AssertionError("a search read the CPU clock")

    monkeypatch.setattr(S.time, "process_time", no_cpu_clock)
    game = load("welcome")
    task = ("rulings", tuple(r.name for r in game.rulings))
    one, netted = W.run_task("welcome", {}, task, 3_000)
    two, _ = W.run_task("welcome", {}, task, 3_000)
    assert not netted and one and {k: w.events for k, w in one.items()} == {k: w.events for k, w in two.items()}
    # the time net only (seconds of the search's CPU, read only when a net is set), past it:
    # the search says it was stopped by it
    monkeypatch.undo()
    _, netted = W.run_task("welcome", {}, task, 10**9, net=-1.0)
    assert netted


def test_a_budget_cut_step_is_not_a_stalemate():
    """A step the budget ends before any legal move was weighed is "budget", not "stuck":
    read as stuck, it would send the stalemate search after a state that is not one."""
    from referee.checks.explore import Explorer

    game = load("welcome")
    cfg = game.default_config()
    header = game.random_header(random.Random(0), cfg)
    play = Explorer(game, budget=W.Budget(1)).play(game.first_state(header), random.Random(0), 50)
    list(play)
    assert play.why == "budget"


def test_the_advised_budget_gives_the_proofs_more_work():
    """"rerun with --budget N" must change something: the proofs get 60% of --budget with a
    floor of 30 s, so the old advice (--budget 38 after 8) left them at the same 30 s."""
    a = Audit(GAME, witnesses=False)
    more = float(a._more_budget())
    assert a._proof_budget(more) == 2 * a._proof_budget(a.budget)


def test_a_ruling_whose_option_refuses_its_own_situation_still_arises():
    # Twister's heal_shared: the Need that asks the ruling is its answer; under an option that
    # refuses the move, taking that Need as a condition made the situation "cannot arise"
    from referee.model.kernel import Need, decide

    big = Ruling("big", "§1", "may a player take three stones at once?", lambda s, a: a.k == 3,
                 (Answer("§1", "option:start=10", "not with the short pile", lambda s, a: True, lambda s, a: 0),),
                 action="take")
    take = toygame.TAKE
    take = dataclasses.replace(take, needs=take.needs + (
        Need("§1", "three at once only where allowed", lambda s, a: decide(big, s, a) == 1),))
    g = _game(2, 2, rulings=(big,), actions=(take,))
    _, fs = _run(g)
    f = _one(fs, "big")
    assert f.kind == "gap" and f.status == "hole", (f.kind, f.status, f.details)

