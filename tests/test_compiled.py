"""The compiled path (referee/model/kernel/compile/) gives what the interpreted one gives:
the same verdict, problems (with the state shown at each), `decided` entries, outcome and
final state, for every shipped example (illegal ones with and without --keep-going), and
for random legal games and their one-event mutants of every game. And what it cannot
compile it says, with the reason, and still runs interpreted."""
from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path

import pytest

from referee.model import load
from referee.model.kernel import Need
from referee.model.kernel.compile import compiled
from referee.replays.engine import replay

from .toygame import GAME as TOY, TAKE

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
GAMES = ("draft", "raiders", "trolls", "twister", "welcome")


def _strict(x):
    """A value as it is: 1 and True, 2 and Fraction(2) differ (a state's JSON shows it)."""
    if type(x) is tuple:
        return ("tuple", tuple(_strict(y) for y in x))
    return (type(x).__name__, x)


def _final(v):
    if v.state is None:
        return None
    return {k: _strict(x) for k, x in v.state.__dict__.items() if k != "cfg"}


def _same(source, keep_going: bool, compile_after: int = 1) -> None:
    a = replay(source, keep_going=keep_going, explain=True, compiled=False)
    b = replay(source, keep_going=keep_going, explain=True, compiled=True, compile_after=compile_after)
    assert b.to_json() == a.to_json()
    assert _final(b) == _final(a)


@pytest.mark.parametrize("game", GAMES)
def test_every_example_replays_the_same_compiled(game):
    logs = sorted((EXAMPLES / game).glob("*.jsonl"))
    assert logs
    for p in logs:
        _same(p, False)
        if "illegal" in p.name:  # a legal log never reaches what --keep-going changes
            _same(p, True)


@pytest.mark.parametrize("game", GAMES)
def test_random_games_and_their_mutants_replay_the_same_compiled(game):
    from referee.checks.scenarios.generator import Generator
    from referee.checks.scenarios.logs import log_lines
    from referee.checks.scenarios.mutants import _mutations

    g = load(game)
    gen = Generator(g, seed=18)
    illegal = 0
    for i in range(2):  # short games (the examples hold the long ones): the test stays fast
        header, path, _, _ = gen.legal_game(i, tag="compiled", max_steps=120)
        rows = log_lines(g, header, path, [])
        _same(rows, False, compile_after=3)  # the first events of each action interpreted, then compiled
        for _, _, mrows in itertools.islice(_mutations(g, rows, gen.rng("mutate", i)), 4):
            a = replay(mrows, compiled=False)
            illegal += a.verdict == "illegal"
            for keep_going in (False, True):
                _same(mrows, keep_going)
    assert illegal  # the mutants reach the Needs' failures, not only the legal path


def _toy_with(need: Need):
    act = dataclasses.replace(TAKE, needs=TAKE.needs + (need,))
    return _derived(actions=(act,)), act


def _derived(**kw):
    # a Game of its own (the project's habit: dataclasses.replace would share the caches,
    # and the toy's own 'take' would then name this one)
    return dataclasses.replace(TOY, _by_name={}, _needs={}, _watch={}, _configs={}, **kw)


def test_an_untraceable_rule_falls_back_and_says_why():
    # a rule that forks on is_sym runs its concrete branch when interpreted: compiling its
    # symbolic branch would be another rule, so it is left interpreted, and listed
    from referee.model.kernel import is_sym

    fork = Need("§9", "a toy rule with a concrete-only fork",
                lambda s, a: True if not is_sym(s.pile) else s.pile >= 0)
    game, act = _toy_with(fork)
    s = game.first_state({"referee": 1, "game": "toy", "players": ["Ana", "Ben"]})
    fast = compiled(game, s.cfg)
    fb = fast.fallbacks(s)
    assert [(f.kind, f.rule, f.cite) for f in fb] == [("need", "take need 3", "§9")]
    assert "is_sym" in fb[0].why
    # the rest is compiled, and the step runs the fallback as it is
    from referee.model.kernel.rules import args

    assert fast.step(s, act, args(0, k=2)).pile == s.pile - 2


def test_a_compiled_need_fails_with_the_interpreted_message():
    never = Need("§9", "a toy rule no move meets", lambda s, a: s.pile > 99, lambda s, a: f"pile {s.pile}")
    game, act = _toy_with(never)
    rows = [{"referee": 1, "game": "toy", "players": ["Ana", "Ben"]}, {"n": 1, "by": "Ana", "do": "take", "k": 1}]
    a = replay(rows, game=game, compiled=False)
    b = replay(rows, game=game, compiled=True, compile_after=1)
    assert a.verdict == "illegal" and b.to_json() == a.to_json()
    s = game.first_state(rows[0])
    assert compiled(game, s.cfg).fallbacks(s) == []  # and it was compiled, not interpreted


def test_the_write_set_is_what_the_effect_changes():
    s = TOY.first_state({"referee": 1, "game": "toy", "players": ["Ana", "Ben"]})
    writes = compiled(TOY, s.cfg).action(TAKE).writes
    # put(s.taken, a.p, ...) with a player not known when compiled: each of its items
    assert writes == {("pile",), ("turn",), ("taken", 0), ("taken", 1), ("phase",)}


def test_an_invariant_a_compiled_effect_breaks_is_reported_as_interpreted():
    # a toy effect that counts a stone twice: "stones are conserved" (§1) breaks after the
    # first event; the compiled path must re-check it from the effect's write set alone
    from referee.model.kernel import put

    bad = dataclasses.replace(TAKE, effect=lambda s, a: s.but(
        pile=s.pile - a.k, turn=1 - s.turn, taken=put(s.taken, a.p, s.taken[a.p] + a.k + 1)))
    game = _derived(actions=(bad,))
    rows = [{"referee": 1, "game": "toy", "players": ["Ana", "Ben"]},
            {"n": 1, "by": "Ana", "do": "take", "k": 1}, {"n": 2, "by": "Ben", "do": "take", "k": 2}]
    for keep_going in (False, True):
        a = replay(rows, game=game, keep_going=keep_going, compiled=False, check_invariants=True)
        b = replay(rows, game=game, keep_going=keep_going, compiled=True, check_invariants=True, compile_after=1)
        assert [p.kind for p in b.problems][:1] == ["invariant"] and b.problems[0].cite == "§1"
        assert b.to_json() == a.to_json()


def test_a_rule_indexing_a_table_with_an_arg_compiles_per_value():
    # a Python table indexed by an arg (fine for z3, which enumerates k) cannot be traced
    # with k unknown: it is compiled once per value of k met, and listed as such
    costs = (0, 5, 1, 9)
    dear = Need("§9", "a toy price the pile must cover", lambda s, a: costs[a.k] <= s.pile,
                lambda s, a: f"costs {costs[a.k]}")
    game, act = _toy_with(dear)
    header = {"referee": 1, "game": "toy", "players": ["Ana", "Ben"]}
    s = game.first_state(header)
    fast = compiled(game, s.cfg)
    fb = fast.fallbacks(s)
    assert [(f.rule, f.per_value) for f in fb] == [("take need 3", ("k",))]
    assert fast.counts(s)["need"] == [4, 4]
    verdicts = {}
    for k in (1, 2, 3):  # a pile of 10: k=3 costs 9, met once, then not (7 left)
        rows = [header] + [{"n": i + 1, "by": ("Ana", "Ben")[i % 2], "do": "take", "k": k} for i in range(3)]
        a = replay(rows, game=game, compiled=False)
        b = replay(rows, game=game, compiled=True, compile_after=1)
        assert b.to_json() == a.to_json()
        verdicts[k] = (b.verdict, b.problems[0].message if b.problems else "")
    assert verdicts[3] == ("illegal", "'take' by Ben breaks §9: a toy price the pile must cover; costs 9")
    assert verdicts[1][0] == verdicts[2][0] == "legal"


@pytest.mark.parametrize("game", GAMES)
def test_the_explorer_plays_the_same_moves_compiled(game):
    # the player of the scenarios, witness and stalemate searches: same seed, same game
    import random

    from referee.checks.explore import Explorer
    from referee.checks.scenarios.families import configurations, header_for

    g = load(game)
    for i, (opts, n) in enumerate(configurations(g)[:1]):
        s = g.first_state(header_for(g, opts, n, random.Random(i)))
        games = [[(m.act.name, vars(m.args), _strict_state(m.after))
                  for m in Explorer(g, "weighted", compiled=c, compile_after=1).play(s, random.Random(i), 60)]
                 for c in (False, True)]
        assert games[0] and games[1] == games[0]


def _strict_state(t):
    return {k: _strict(x) for k, x in t.__dict__.items() if k != "cfg"}


def test_rules_compiled_lists_what_falls_back():
    import json

    from typer.testing import CliRunner

    from referee.cli.app import app

    r = CliRunner().invoke(app, ["rules", "welcome", "--compiled", "-f", "json"])
    assert r.exit_code == 0, r.output
    got = json.loads(r.output)
    need, total = got["compiled"]["need"]
    assert 0 < need <= total and total == sum(len(load("welcome").needs(a)) for a in load("welcome").actions)
    # each rule left interpreted says which, its § and why; the counts leave out exactly those
    left = [x for x in got["interpreted"] if x["kind"] == "need" and not x["per_value"]]
    assert total - need == len(left) and all(x["cite"].startswith("§") and x["why"] for x in left)
    assert r.output == CliRunner().invoke(app, ["rules", "welcome", "--compiled", "-f", "json"]).output


def test_twister_a_square_count_a_step_breaks_is_caught_where_it_changed():
    # compiled, the invariants are checked at the items of a vector the step changed (a move
    # edits 3 of Twister's 220 squares): a move that piles 3 more tokens on its destination
    # breaks golden rule 2 there, reported as interpreted (with and without --keep-going)
    from referee.model.kernel import bump

    g = load("twister")
    mv = g.action("move")
    bad = dataclasses.replace(mv, effect=lambda s, a: (lambda t: t.but(occ=bump(t.occ, a.to, 3)))(mv.effect(s, a)))
    game = dataclasses.replace(g, actions=tuple(bad if x is mv else x for x in g.actions),
                               _by_name={}, _needs={}, _watch={}, _configs={})
    import json

    rows = [json.loads(x) for x in (EXAMPLES / "twister" / "game1.jsonl").read_text().splitlines()[:40]]
    assert sum(r.get("do") == "move" for r in rows) >= 3
    for keep_going in (False, True):
        a = replay(rows, game=game, keep_going=keep_going, compiled=False, check_invariants=True)
        b = replay(rows, game=game, keep_going=keep_going, compiled=True, compile_after=1, check_invariants=True)
        assert [p.kind for p in b.problems][:1] == ["invariant"] and b.problems[0].cite == "§Règle d'or 2"
        assert b.to_json() == a.to_json()
