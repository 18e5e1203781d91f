"""Pasts for parameters of a game's own kind (checks/scenarios/solve.py `_unit_changes`):
Dungeon Twister's squares, characters and tokens are neither numbers nor names the
boundary search enumerates, so a past kept the candidate move's square and character, and
a Need on the destination ("a starting line or a revealed room", §Révéler) never got one.
A unit change of the field's log form ([x, y] -> the four squares beside it), or every
value of a kind with few, gives it; the log replays to the Need's §, and no other Need of
that § refuses it."""
from __future__ import annotations

import random
from types import SimpleNamespace

import orjson

from referee.checks.scenarios.boundary import Boundary, _same_cite
from referee.checks.scenarios.generator import Generator
from referee.checks.scenarios.solve import _unit_changes
from referee.checks.search import Rules
from referee.model import load
from referee.replays.engine import replay


def _twister():
    game = load("twister")
    s = game.first_state(game.random_header(random.Random(0), Rules().config(game)))
    return game, s


def test_a_square_changes_to_the_squares_beside_it_and_stays_on_the_board():
    game, s = _twister()
    to = next(p for p in game.action("move").params if p.name == "to")
    assert sorted(_unit_changes(to, 10 * 3 + 4, s.cfg)) == [24, 33, 35, 44]  # [3,4] -> [2,4] [3,3] [3,5] [4,4]
    assert sorted(_unit_changes(to, 0, s.cfg)) == [1, 10]  # a corner: two squares beside it


def test_a_kind_with_few_values_changes_to_each_other_value():
    game, s = _twister()
    who = next(p for p in game.action("move").params if p.name == "who")
    got = list(_unit_changes(who, 0, s.cfg))
    assert 0 not in got and len(got) == len(set(got)) >= 3


def test_the_destination_need_gets_a_past_that_replays_to_its_section():
    game = load("twister")
    gen = Generator(game, 0)
    B = Boundary(gen, None)
    for greed in (0.0, 0.8):
        header, path, _, states = gen.legal_game(0, keep=True, tag=f"boundary{greed}", max_steps=600)
        B.add_game(header, path, states)
    act = game.action("move")
    j = next(k for k, n in enumerate(game.needs(act)) if n.says.startswith("the destination is a starting line"))
    got = B._past(act, j, f"{act.name}#{j}")
    assert got is not None, "a move into a face-down room is found"
    idx, a, exact, how = got
    assert "unit change" in how
    # the path Need (§Déplacement) fails too (no path enters a face-down room), never one
    # of §Révéler: an engine that skips this Need names another §
    assert not _same_cite(game.needs(act), j, B.points[idx][2], a)
    need = game.needs(act)[j]
    sc = B.scenario(idx, act, a, {"verdict": "illegal", "cite": need.cite}, "", [need.cite], {"says": need.says})[0]
    v = replay([orjson.dumps(r) for r in sc.rows], label="<past>")
    assert (v.verdict, v.problems[0].line, v.problems[0].cite) == ("illegal", sc.expect["line"], need.cite)


def test_same_cite_tells_a_past_another_need_of_its_section_also_refuses():
    from referee.model.kernel import Need

    needs = [Need("§A", "first", lambda s, a: a.x > 0), Need("§A", "second", lambda s, a: a.x > 1),
             Need("§B", "third", lambda s, a: a.x > 2)]
    assert _same_cite(needs, 0, None, SimpleNamespace(x=0))  # the second (§A) fails too
    assert not _same_cite(needs, 1, None, SimpleNamespace(x=1))  # only the third (§B) fails besides


def test_a_shape_of_parts_fails_by_whichever_item_the_state_allows():
    """Raiders' "items are special items the player holds, identified" (§7.4 §7.5) is one
    part per item: owned, and identified if sent. Ana owns only the third item, not
    identified: the first item's "identified" part cannot fail alone (sending it breaks
    "owned" too), but the shape's can, by the third item; the past found sends it."""
    import z3

    from referee.checks.scenarios.conjuncts import conjunct_target, conjuncts, shapes
    from referee.checks.scenarios.solve import _sym_args, solve
    from referee.model.kernel import put
    from referee.model.kernel.logic import Sym
    from referee.model.raiders.s7_groups import equip_names

    from .raiders.test_expeditions import expeditions

    game = load("raiders")
    act = game.action("expedition.send")
    j = next(k for k, n in enumerate(game.needs(act)) if n.says.startswith("items are special items"))
    need = game.needs(act)[j]
    s = expeditions()
    k = 2
    s = s.but(owned=put(s.owned, 0, put(s.owned[0], k, 1)), known=put(s.known, 0, put(s.known[0], k, 0)),
              items=put(s.items, 0, 1))
    template = next(a for a in act.propose(s) if a.p == 0)
    sa, _ = _sym_args(act, s.cfg, template)
    cs = conjuncts(need, s, sa)
    known = next(g for g in shapes(cs) if "known" in str(cs[g[0]][0]))
    assert len(known) == len(s.cfg.comp.exp.items) and known[0] != known[k]

    def sat(t):
        if type(t) is not Sym:
            return bool(t)
        z = z3.Solver()
        z.add(t.t)
        return z.check() == z3.sat

    assert not sat(conjunct_target(need, s, sa, known[0]))
    assert sat(conjunct_target(need, s, sa, known))
    got = solve(game, s, act, j, template, conj=known)
    assert got is not None
    sent = [n for n, c in zip(equip_names(s.cfg), got[0].cards) if c]
    assert s.cfg.comp.exp.items[k].name in sent, sent
