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


def test_lazy_if_runs_the_branch_taken_and_compiles_as_one_call():
    # the kernel's lazy_if (Trolls' draw, issue 18): concretely only the branch taken runs
    # (the other may raise, as decide outside its situation does); traced, one call that
    # does the same at run time, so a Need using it compiles and raises what it raised
    from referee.model.kernel import lazy_if
    from referee.model.kernel.rules import args

    def boom(s, a):
        raise ZeroDivisionError("the branch not taken ran")

    assert lazy_if(True, lambda s, a: 7, boom, None, None) == 7
    assert lazy_if(False, boom, lambda s, a: 8, None, None) == 8
    pick = Need("§9", "a toy rule that reads one side of a fork",
                lambda s, a: lazy_if(a.k == 1, lambda s, a: s.pile >= 1,
                                     lambda s, a: s.pile // (a.k - 1) >= 2, s, a),
                lambda s, a: "pile too small")
    game, act = _toy_with(pick)
    s = game.first_state({"referee": 1, "game": "toy", "players": ["Ana", "Ben"]})
    fast = compiled(game, s.cfg)
    assert fast.fallbacks(s) == []  # compiled, not left interpreted
    needs = game.needs(act)
    for pile, k in ((5, 1), (5, 2), (5, 3), (3, 3)):  # k = 1: the branch not taken divides by zero
        t, a = s.but(pile=pile), args(0, k=k)
        failed = game.first_failure(t, act, a)
        assert fast.action(act).needs(t, a) == (-1 if failed is None else needs.index(failed))
    assert fast.action(act).needs(s.but(pile=3), args(0, k=3)) == len(needs) - 1  # 3 // 2 < 2: it fails


def test_trolls_draw_and_move_cost_compile_without_a_fork():
    # Trolls' draw (three rulings through lazy_if) and move cost (no is_sym fork) compile,
    # and the game has no concrete-only fork left, so a replay may trust its proofs
    g = load("trolls")
    s = g.first_state(g.header_example)
    left = {f.rule for f in compiled(g, s.cfg).fallbacks(s) if not f.per_value}
    assert not {"turn.draw need 4", "act.move need 7"} & left
    assert not any("is_sym" in f.why for f in compiled(g, s.cfg).fallbacks(s))
    assert g.concrete_forks is False


def test_a_rule_testing_an_optional_arg_for_none_compiles_per_presence():
    # an optional arg that may be None (Trolls' centre and face): a rule testing `is None`
    # is compiled once for None and once for any value given, never left interpreted
    from referee.model.kernel import Int, Param

    act = dataclasses.replace(TAKE, params=TAKE.params + (Param("cap", Int(0, 9), "a toy cap", optional=True),),
                              needs=TAKE.needs + (Need("§9", "a toy cap, when given, bounds the take",
                                                       lambda s, a: True if a.cap is None else a.k <= a.cap,
                                                       lambda s, a: f"cap {a.cap}"),))
    game = _derived(actions=(act,))
    header = {"referee": 1, "game": "toy", "players": ["Ana", "Ben"]}
    s = game.first_state(header)
    fb = compiled(game, s.cfg).fallbacks(s)
    assert [(f.rule, f.per_value) for f in fb] == [("take need 3", ("cap",))]
    for caps, verdict in (((None, None, None), "legal"), ((2, 3, None), "legal"),
                          ((None, 1, 1), "illegal"), ((3, None, 1), "illegal")):
        rows = [header] + [{"n": i + 1, "by": ("Ana", "Ben")[i % 2], "do": "take", "k": 2,
                            **({} if c is None else {"cap": c})} for i, c in enumerate(caps)]
        a = replay(rows, game=game, compiled=False)
        b = replay(rows, game=game, compiled=True, compile_after=1)
        assert a.verdict == verdict and b.to_json() == a.to_json()


def test_each_action_s_compiled_decoder_reads_and_refuses_as_its_params_say():
    # replays/decoders.py (issue 18 item 3): for every action of every game, a missing
    # field, a value its kind refuses, a bad note and an unknown field give the messages
    # the params' own kinds and docs make (the engine's loop's, word for word); every
    # event of the examples decodes to what each kind decodes
    import orjson

    from referee.model.kernel import BadField
    from referee.replays.decoders import decoder
    from referee.replays.log import Unreadable

    def refused(dec, ev, p):
        try:
            dec(ev, p, 7)
        except Unreadable as e:
            return e.what, e.field, e.line
        return None

    def kind_refuses(prm, v, cfg, players):
        try:
            prm.kind.decode(v, cfg, players)
        except BadField as e:
            return str(e)
        except Exception:  # noqa: BLE001 - not a clean refusal: not this test's oracle
            return None
        return None

    checked = 0
    for game in GAMES:
        g = load(game)
        logs = []
        for path in sorted((EXAMPLES / game).glob("*.jsonl")):
            log = [orjson.loads(x) for x in path.read_bytes().splitlines() if x.strip()]
            if "unreadable" not in path.name and "components" not in log[0]:  # a legal or illegal game reads
                logs.append(log)
        rows = [logs[0][0]] + [ev for log in logs for ev in log[1:]]  # values from every example
        players = tuple(rows[0]["players"])
        cfg = g.first_state(rows[0]).cfg
        for act in g.actions:
            dec, p = decoder(act, cfg, players), None if act.by == "chance" else 0
            given = {}  # every param before the one tested, given as an example would (or left out if optional)
            for prm in act.params:
                if not prm.optional:
                    assert refused(dec, dict(given), p) == (f"'{act.name}' needs the field \"{prm.name}\" ({prm.doc})", prm.name, 7)
                    checked += 1
                for bad in ({"x": 1}, 1.5, "no such thing", [], -1, 10**9):
                    why = kind_refuses(prm, bad, cfg, players)
                    if why is not None:
                        assert refused(dec, {**given, prm.name: bad}, p) == (f"field \"{prm.name}\" of '{act.name}': {why}", prm.name, 7)
                        checked += 1
                        break
                ok = next((ev[prm.name] for ev in rows[1:] if ev.get("do") == act.name and prm.name in ev), None)
                if ok is None:
                    break  # no example gives this param: the params after it are not reached
                given[prm.name] = ok
            else:
                assert refused(dec, {**given, "note": 3}, p) == ('"note" must be a string, got a number', "note", 7)
                assert refused(dec, {**given, "zz": 1, "zy": 2}, p) == (f"'{act.name}' has no field \"zy\"", "zy", 7)
                checked += 2
        for log in logs:
            cfg, players = g.first_state(log[0]).cfg, tuple(log[0]["players"])
            for ev in log[1:]:
                if "do" in ev:
                    act = g.action(ev["do"])
                    a = decoder(act, cfg, players)(ev, None if act.by == "chance" else players.index(ev["by"]), 2)
                    for prm in act.params:
                        want = prm.kind.decode(ev[prm.name], cfg, players) if prm.name in ev else prm.default
                        assert _strict(getattr(a, prm.name)) == _strict(want), (game, ev)
    assert checked > 100


def test_each_decoder_s_fast_reads_give_what_the_kind_gives():
    # decoders._fast reads a well-formed Int, Name or Names from a table and sends anything
    # else to the kind's own decode: for values of every shape (the kind's names, other
    # strings, bools, floats, numbers on and past the range, lists of names as long as the
    # kind allows and one longer, lists of other things), every param of every action of
    # every game decodes to the kind's value or is refused with the kind's message
    from types import SimpleNamespace

    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from referee.model.kernel import BadField
    from referee.model.kernel.rules import Int, Name, Names
    from referee.replays.decoders import _build
    from referee.replays.log import Unreadable

    cases = []
    for game in GAMES:
        g = load(game)
        cfg = g.default_config()
        for act in g.actions:
            for prm in act.params:
                if type(prm.kind) in (Int, Name, Names):
                    one = SimpleNamespace(name=act.name, params=(prm,), fields=frozenset({"n", "by", "do", "note", prm.name}))
                    cases.append((one, prm, cfg, _build(one, cfg, ("P0", "P1"))))
    assert {type(c[1].kind) for c in cases} == {Int, Name, Names}

    @st.composite
    def value(draw, kind, cfg):
        if type(kind) is Int:
            return draw(st.one_of(st.integers(kind.lo - 2, kind.hi + 2), st.booleans(), st.floats(), st.text(max_size=2),
                                  st.integers(-(10**30), 10**30)))
        names = list(kind.names(cfg))
        other = st.one_of(st.text(max_size=3), st.integers(-2, 2), st.booleans(), st.none(), st.floats(allow_nan=False),
                          st.lists(st.sampled_from(names), max_size=1), st.dictionaries(st.sampled_from(names), st.integers(0, 1), max_size=1))
        if type(kind) is Name:
            return draw(st.one_of(st.sampled_from(names), other, st.lists(st.sampled_from(names), max_size=2)))
        n = draw(st.sampled_from([0, 1, kind.most, kind.most + 1]))
        good = draw(st.lists(st.sampled_from(names), min_size=n, max_size=n))
        if draw(st.booleans()) and good:
            good[draw(st.integers(0, len(good) - 1))] = draw(other)
        return draw(st.one_of(st.just(good), other, st.sampled_from(names)))

    def same(one, prm, cfg, dec, v):
        try:
            want = ("ok", _strict(prm.kind.decode(v, cfg, ("P0", "P1"))))
        except BadField as e:
            want = ("refused", f"field \"{prm.name}\" of '{one.name}': {e}")
        try:
            got = ("ok", _strict(getattr(dec({prm.name: v}, 0, 3), prm.name)))
        except Unreadable as e:
            got = ("refused", e.what)
        assert got == want, (one.name, prm.name, v)

    for one, prm, cfg, dec in cases:  # the shapes a hand picks, on every param
        first = [] if type(prm.kind) is Int else [prm.kind.names(cfg)[0]]
        most = getattr(prm.kind, "most", 1)
        for v in (None, True, 0, -1, 10**20, 1.0, "", "?", [], {}, first, first * most, first * (most + 1), *first,
                  [first], [{}], [None], [True], first + [[]]):
            same(one, prm, cfg, dec, v)

    @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
    @given(st.data())
    def check(data):
        one, prm, cfg, dec = data.draw(st.sampled_from(cases))
        same(one, prm, cfg, dec, data.draw(value(prm.kind, cfg)))

    check()


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


@pytest.mark.parametrize("game", GAMES)
def test_an_effect_changes_its_edited_vectors_only_at_the_items_touched_names(game):
    # the watched invariants are compared only at the items `touched` names (put, bump and
    # the forks declaring edits=): every item a step really changed must be among them
    from referee.checks.scenarios.generator import Generator

    g = load(game)
    gen = Generator(g, seed=18)
    checked = 0
    for i in range(3):
        header, path, _, _ = gen.legal_game(i, tag="touched", max_steps=150)
        s = g.first_state(header)
        fast = compiled(g, s.cfg, hot=1)
        for act, a in path:
            ca = fast.action(act)
            t = fast.apply(s, act, a)
            assert _strict_state(t) == _strict_state(g.apply(s, act, a))
            _, _, edits = ca.writes_for(a)
            if edits is not None:
                fields, touched = edits
                for f, at in zip(fields, touched(s, a)):
                    x, y = getattr(s, f), getattr(t, f)
                    changed = {k for k in range(len(x)) if x[k] != y[k]}
                    assert changed <= {k % len(x) for k in at if -len(x) <= k < len(x)}, (act.name, f)
                    checked += bool(changed)
            s = t
    if game == "twister":
        assert checked  # a move's loc, held and square counts are edited so


def test_a_compiled_ruling_records_its_decisions_as_the_ruling_itself():
    # decide, traced in a Need, calls the ruling with its functions compiled (rulings.py),
    # deciding through rules.settle: the `decided` entries are those of the interpreted path
    from referee.model.kernel.compile.rulings import CompiledRuling

    g = load("twister")
    log = EXAMPLES / "twister" / "game1.jsonl"
    a, b = replay(log, compiled=False), replay(log, compile_after=1)
    assert a.decided and b.decided == a.decided
    ns = compiled(g, b.state.cfg, hot=1).action(g.action("move")).needs.__globals__
    rulings = {x.r.name: x for x in ns.values() if type(x) is CompiledRuling}
    assert set(rulings) == {"wounded_moves", "pawns"}
    for ruling in rulings.values():
        assert ruling.built  # when the log was replayed
        assert not ruling.applies_written  # every answer's `applies` compiled (in one body)


def test_twister_a_carried_token_moved_without_its_carrier_is_caught_through_its_guard():
    # the carrying conjunct of each character reads every token's place, each under "c
    # holds t" (guards.py): after a move, the conjuncts whose guard is false are not called.
    # A move that takes every carried token along breaks §Objets for each carrier that did
    # not move: only its guard calls for its conjunct. Reported as interpreted (with and
    # without --keep-going)
    from referee.model.kernel import Lookup
    from referee.model.twister.board import C
    from referee.model.twister.common import put_if

    g = load("twister")
    mv = g.action("move")

    def effect(s, a):
        t = mv.effect(s, a)
        loc = t.loc
        for d in range(C):
            loc = put_if(loc, Lookup(s.held, d), a.to)
        return t.but(loc=loc)

    game = dataclasses.replace(g, actions=tuple(dataclasses.replace(mv, effect=effect) if x is mv else x for x in g.actions),
                               _by_name={}, _needs={}, _watch={}, _configs={})
    import json

    rows = [json.loads(x) for x in (EXAMPLES / "twister" / "game1.jsonl").read_text().splitlines()]
    for keep_going in (False, True):
        a = replay(rows, game=game, keep_going=keep_going, compiled=False, check_invariants=True)
        b = replay(rows, game=game, keep_going=keep_going, compiled=True, compile_after=1, check_invariants=True)
        assert "§Objets" in [p.cite for p in b.problems if p.kind == "invariant"]
        assert b.to_json() == a.to_json()
    s = replay(EXAMPLES / "twister" / "game1.jsonl", compile_after=1).state
    fast = compiled(g, s.cfg, hot=1)
    fast.fallbacks(s)
    k = next(i for i, inv in enumerate(g.invariants) if inv.name == "character_carries_thing")
    got = fast._guards[(k, 0)]
    assert ("loc", 5) in got and len(got[("loc", 5)]) == 1  # token 5's place, under "character 0 holds 5"
    assert ("loc", 0) not in got  # character 0's own place is read everywhere in it


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_check_of_a_state_compiled_finds_what_the_invariants_find(game):
    # CompiledGame.broken (a log's setup): every conjunct in one compiled body, from the
    # hot-th check on; on states of a random game and on those states with one leaf changed
    # (most of them break something), the same invariants as Game.broken, in order
    import random

    g, s, fast, states = _explored(game, 31, 60)
    fast._read_sets(s)  # as the first compiled step does
    rng = random.Random(31)
    seen = 0
    for t in states:
        for _ in range(4):
            u = _one_leaf_changed(t, rng)
            want = _names_or_error(g.broken, u)
            assert _names_or_error(fast.broken, u) == want
            seen += type(want) is list and bool(want)
    assert fast._whole is not None and seen


def _names_or_error(check, s):
    """The invariants broken, by name, or the error a test raised on a value out of its
    range (an index past a table): the same on both paths."""
    try:
        return [i.name for i in check(s)]
    except (IndexError, KeyError, TypeError, ValueError, ZeroDivisionError) as e:
        return type(e).__name__


def _explored(game, seed, steps):
    """(the game, a seeded setup state, its rules compiled at once, every tenth state of a
    random game from it and the setup itself)."""
    import random

    from referee.checks.explore import Explorer

    g = load(game)
    rng = random.Random(seed)
    s = g.first_state(g.random_header(rng, g.default_config()))
    fast = compiled(g, s.cfg, 1)
    return g, s, fast, [m.after for m in itertools.islice(Explorer(g).play(s, rng, steps), 0, steps, steps // 10)] + [s]


def _one_leaf_changed(s, rng):
    fields = [f for f, v in vars(s).items() if type(v) in (int, bool, tuple) and f not in ("cfg",) and v != ()]
    f = rng.choice(fields)
    v = getattr(s, f)
    path = []
    while type(v) is tuple:
        i = rng.randrange(len(v))
        path.append(i)
        v = v[i]
        if v == ():
            return s
    new = (not v) if type(v) is bool else v + rng.choice((-2, -1, 1, 3, 25))

    def put(x, p):
        if not p:
            return new
        return x[:p[0]] + (put(x[p[0]], p[1:]),) + x[p[0] + 1:]

    return s.but(**{f: put(getattr(s, f), path)})


def test_a_lookup_whose_index_lies_in_its_table_is_computed_only_where_used():
    # the acting player's range (the configuration's player count) carried through a.p * 2 + 1:
    # Lookup(..., a.p * 2 + 1) without a default cannot raise, so it is pure: written inside
    # the `or` that uses it, computed only when the first operand did not decide
    from referee.model.kernel import Lookup, Or
    from referee.model.kernel.compile.emit import Function, attempt, compile_functions
    from referee.model.kernel.compile.tracer import Trace

    import random

    g = load("raiders")
    s = g.first_state(g.random_header(random.Random(1), g.default_config()))
    act = next(a for a in g.actions if a.by != "chance")
    tr = Trace(g.state_cls, s.cfg)
    table = tuple(range(10, 20))
    r, why, mark = attempt(tr, lambda: Or(tr.args(act).p == 0, Lookup(table, tr.args(act).p * 2 + 1) > 0))
    assert why is None
    fn = Function(tr, "f", "s, a")
    src, roots = fn.value(r)
    fn.ops(mark, roots)
    fn.line(f"return {src}")
    text = fn.source()
    ret = next(x for x in text.splitlines() if "return" in x)
    # inside the `or`, and written as the indexing it is (no call of Lookup)
    assert "k0[((v0 * 2) + 1)]" in ret and not any(" = k" in x for x in text.splitlines()), text
    f = compile_functions(tr, [fn], "<test>")["f"]
    from types import SimpleNamespace
    assert f(s, SimpleNamespace(p=0)) is True and f(s, SimpleNamespace(p=1)) is True
    # an index of unknown range (a state value) keeps its place: it may raise
    tr2 = Trace(g.state_cls, s.cfg)
    field = next(f for f, v in vars(s).items() if type(v) is int)
    r2, why2, mark2 = attempt(tr2, lambda: Or(tr2.args(act).p == 0, Lookup(table, getattr(tr2.state(), field)) > 0))
    fn2 = Function(tr2, "f", "s, a")
    src2, roots2 = fn2.value(r2)
    fn2.ops(mark2, roots2)
    fn2.line(f"return {src2}")
    assert any(" = k" in x and "None)" in x for x in fn2.source().splitlines()), fn2.source()  # before the `or`


def test_a_built_namespace_s_constants_key_its_compiled_ruling_by_type():
    # 1 == True and both hash alike: a ruling compiled for x=1 must not answer for x=True
    from types import SimpleNamespace

    from referee.model.kernel.compile.tracer import _signature

    assert _signature(SimpleNamespace(x=1)) != _signature(SimpleNamespace(x=True))
    assert _signature(SimpleNamespace(x=(1,))) != _signature(SimpleNamespace(x=(True,)))
    assert _signature(SimpleNamespace(x=0)) == _signature(SimpleNamespace(x=0))


@pytest.mark.parametrize("game", GAMES)
def test_a_proposed_move_outside_the_decoded_ranges_is_checked_as_written(game):
    # the compiled rules take the acting player and Int/Name params to lie where a decoder
    # puts them (an index inside its table is then pure); a proposed move need not: such a
    # move is checked and played as written, the same answer or the same error
    g, s, fast, states = _explored(game, 5, 40)
    n = s.cfg.extra.get("nplayers", 2)
    tried = 0
    for t in states:
        for act, a in itertools.islice(g.moves(t), 12):
            for p in (n, n + 1, -1) if act.by != "chance" else ():
                bad = dataclasses.replace(a, p=p) if dataclasses.is_dataclass(a) else type(a)(**{**vars(a), "p": p})
                assert not fast.action(act).fits(bad)
                assert _outcome(fast.first_failure, t, act, bad) == _outcome(g.first_failure, t, act, bad)
                tried += 1
    assert tried


def _outcome(check, s, act, a):
    try:
        got = check(s, act, a)
        return None if got is None else got.says
    except Exception as e:  # noqa: BLE001 - the same error both ways is the point
        return type(e).__name__


@pytest.mark.parametrize("game", GAMES)
def test_threads_compiling_one_game_at_once_emit_what_one_thread_does(game):
    # Threads replaying under one Config share its compiled game, whose actions trace each
    # value compiled later into one Trace: without the compile lock their nodes interleaved
    # and a Welcome sacrifice ran another value's code (an IndexError in CI, session 43).
    # Each thread checks and applies the same moves in its own order, thread switches
    # forced often, every rule compiled at its first use.
    import random
    import sys
    from concurrent.futures import ThreadPoolExecutor

    from referee.checks.explore import Explorer
    from referee.model.kernel.compile.compiled import CompiledGame

    g = load(game)
    moves = []
    for seed in range(3):
        rng = random.Random(seed)
        s = g.first_state(g.random_header(rng, g.default_config()))
        for m in Explorer(g).play(s, rng, 80):
            moves.append((s, m.act, m.args))
            s = m.after
    fast = {}
    for b, _, _ in moves:  # compiled afresh here, not taken from the Config's memo
        fast.setdefault(id(b.cfg), CompiledGame(g, b.cfg, 1))

    def outcome(engine, k):
        b, act, a = moves[k]
        failed = engine.first_failure(b, act, a)
        try:
            after = _strict_state(engine.apply(b, act, a))
        except Exception as e:  # noqa: BLE001 - the same error both ways is the point
            after = type(e).__name__
        return None if failed is None else failed.says, after

    want = [outcome(g, k) for k in range(len(moves))]

    def run(i):
        order = list(range(len(moves)))
        random.Random(i).shuffle(order)
        return {k: outcome(fast[id(moves[k][0].cfg)], k) for k in order}

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        with ThreadPoolExecutor(8) as pool:
            got = list(pool.map(run, range(8)))
    finally:
        sys.setswitchinterval(old)
    assert all(failed is None for failed, _ in want)  # moves the explorer played: legal
    for seen in got:
        assert [seen[k] for k in range(len(moves))] == want
