"""§6 (actions), with the rulebook's worked examples and hand-computed positions."""
from types import SimpleNamespace as A

import pytest

from referee.model.kernel import Illegal, put
from referee.model.raiders.s6_actions import column_levels, outpost_condition
from referee.model.raiders.data import MILITIA

from .conftest import GAME, act, b, in_actions, start


def placed(s, p, **tokens):
    row = list(s.placed[p])
    for name, n in tokens.items():
        row[b(name.replace("_", " "))] = n
    return put(s.placed, p, tuple(row))


def test_s6_3_three_tokens_on_a_level_1_recruteur():
    """§6.3's example: 3 tokens on a level-1 Recruteur: 3 x 2 crowns paid, 3 militia."""
    s = start()
    assert s.level[0][b("Recruteur")] == 1  # B1 is a level-1 slot
    s = in_actions(s, placed=placed(s, 0, Recruteur=3), crowns=(13, 15))
    t = GAME.step(s, act("building.use"), A(p=0, building=b("Recruteur"), effect=1, recruit=(0, 0, 0, 0, 3)))
    assert t.crowns[0] == 13 - 3 * 2
    assert t.reserve[0][MILITIA] == s.reserve[0][MILITIA] + 3
    assert t.placed[0][b("Recruteur")] == 0


def test_s6_1_one_token_unless_white_circle():
    s = start()
    s = s.but(phase=3, init=0, current=0, done=(0, 0))
    taverne = [0] * 15
    taverne[b("Stratège")] = 2  # Stratège has no white circle in the data
    taverne[14] = 1
    with pytest.raises(Illegal) as e:
        GAME.step(s, act("actions.place"), A(p=0, tokens=tuple(taverne)))
    assert e.value.need.cite == "§6.1 §3.3"


def test_s6_1_a_white_circle_above_the_level_does_not_count():
    """§6.1 lets a building take more tokens when the effect used has a white circle; an
    effect above the building's level (§3.3) cannot be used, so its circle does not count
    (session 37: two tokens went on a level-1 building whose circle is its level-3 effect's,
    one of them then buying a mercenary; an independent engine refused it)."""
    from referee.model.raiders.s6_actions import mark_at

    comp = GAME.default_config().comp
    circled = next(bd for bd in comp.buildings if any(e.mark > 1 for e in bd.effects))
    first = next(k for k, e in enumerate(circled.effects, 1) if e.mark > 1)
    assert [mark_at(circled, lv) for lv in range(first)] == [1] * first
    assert mark_at(circled, first) == circled.effects[first - 1].mark


def test_s6_1_s6_4_circle_read_when_placed_or_when_resolved():
    """Option circle_read (gap one_effect_per_building): under `placed` a level-1 building whose
    circle is a higher level's effect takes one token; under `resolved` it takes as many as that
    circle, and the tokens are resolved with the circled effect once the building has evolved to
    it (the s51 hand-computed Raiders position p12; an engine reading §6.4 so replays)."""
    comp = GAME.default_config().comp
    k, circled = next((k, bd) for k, bd in enumerate(comp.buildings) if bd.type != "avant-poste"
                      and comp.buildings[k].effects[0].mark == 1 and any(e.mark > 1 for e in bd.effects))
    top = next(n for n, e in enumerate(circled.effects, 1) if e.mark > 1)
    for read, ok in (("placed", False), ("resolved", True)):
        s = start({"circle_read": read})
        s = s.but(phase=3, init=0, current=0, done=(0, 0), level=(tuple(1 if i == k else x for i, x in
                                                                       enumerate(s.level[0])), s.level[1]),
                  onboard=(tuple(1 if i == k else x for i, x in enumerate(s.onboard[0])), s.onboard[1]))
        toks = [0] * 15
        toks[k] = 2
        toks[14] = s.tokens[0] + s.bonus[0] - 2
        a = A(p=0, tokens=tuple(toks))
        assert (GAME.first_failure(s, act("actions.place"), a) is None) == ok, read
    t = GAME.step(s, act("actions.place"), a)
    t = t.but(done=(1, 1), current=0, stones=(20, 0))
    for _ in range(top - 1):
        t = GAME.step(t, act("building.evolve"), A(p=0, building=k))
    assert GAME.first_failure(t, act("building.use"), A(p=0, building=k, effect=top, recruit=(0,) * 5)) is None


def test_s6_3_effect_at_or_below_level():
    s = start()
    s = in_actions(s, placed=placed(s, 0, Mine=1))
    with pytest.raises(Illegal) as e:
        GAME.step(s, act("building.use"), A(p=0, building=b("Mine"), effect=2, recruit=(0,) * 5))
    assert e.value.need.cite == "§6.3" and "level" in e.value.shown


def test_s6_4_evolve_with_stones_and_a_token_uses_the_new_level():
    s = start()
    s = in_actions(s, placed=placed(s, 0, Mine=1), stones=(5, 0))
    t = GAME.step(s, act("building.evolve"), A(p=0, building=b("Mine")))  # level 1 -> 2 costs 2
    assert t.level[0][b("Mine")] == 2 and t.stones[0] == 3
    t = GAME.step(t, act("building.use"), A(p=0, building=b("Mine"), effect=2, recruit=(0,) * 5))
    assert t.stones[0] == 3 + 2  # effect 2 of the Mine: +2 stones
    t = GAME.step(t, act("building.evolve"), A(p=0, building=b("Mine")))  # several levels in one turn
    assert t.level[0][b("Mine")] == 3 and t.stones[0] == 2


def test_s6_4_not_enough_stones():
    s = in_actions(start(), stones=(1, 0))
    with pytest.raises(Illegal) as e:
        GAME.step(s, act("building.evolve"), A(p=0, building=b("Recruteur")))  # 1 -> 2 costs 3
    assert e.value.need.cite == "§6.4" and e.value.shown == "needs 3 stones, has 1"


def test_s6_5_the_outpost_does_not_evolve_with_stones():
    s = in_actions(start(), stones=(9, 0))
    with pytest.raises(Illegal) as e:
        GAME.step(s, act("building.evolve"), A(p=0, building=b("Avant-Poste")))
    assert e.value.need.cite == "§6.5"


def right_column_example(s):
    """§6.5's example: an Académie at level 2 and a Stratège at level 1 in the right column."""
    lv = list(s.level[0])
    lv[b("Académie")], lv[b("Stratège")], lv[b("Statue")] = 2, 1, 0
    return s.but(level=put(s.level, 0, tuple(lv)))


def test_s6_5_worked_example_right_column_totals_three_levels():
    s = right_column_example(start())
    assert column_levels(s, 0, 2) == 3
    assert outpost_condition(s, 0)  # level 2 needs 3 levels in the right column (illustrative data)


def test_s6_5_evolution_gives_tokens_booklet_vs_tile():
    s = right_column_example(start())
    s = in_actions(s, placed=placed(s, 0, **{"Avant-Poste": 1}))
    t = GAME.step(s, act("outpost.evolve"), A(p=0))
    assert t.level[0][b("Avant-Poste")] == 2 and t.tokens[0] == 4
    # to level 3: 4 levels in the middle column, under both sources
    lv = list(t.level[0])
    lv[b("Recruteur")], lv[b("Guilde des Voleurs")], lv[b("Temple")] = 2, 1, 1
    t = t.but(level=put(t.level, 0, tuple(lv)), placed=placed(t, 0, **{"Avant-Poste": 1}))
    tile = GAME.step(t, act("outpost.evolve"), A(p=0))
    assert tile.tokens[0] == 5  # the printed tile: one more token (§6.5)
    booklet = t.but(cfg=GAME.configure({}, None, "livret"))
    assert GAME.step(booklet, act("outpost.evolve"), A(p=0)).tokens[0] == 4  # the booklet: none


def test_s6_5_condition_not_met():
    s = start()
    s = in_actions(s, placed=placed(s, 0, **{"Avant-Poste": 1}))
    with pytest.raises(Illegal) as e:
        GAME.step(s, act("outpost.evolve"), A(p=0))
    assert e.value.need.cite == "§6.5" and "column C" in e.value.shown


def test_s6_5_one_free_militia_per_outpost_level():
    s = start()
    lv = list(s.level[0]); lv[b("Avant-Poste")] = 2
    s = in_actions(s, level=put(s.level, 0, tuple(lv)))
    s = s.but(placed=placed(s, 0, **{"Avant-Poste": 1}))
    t = GAME.step(s, act("outpost.militia"), A(p=0))
    assert t.reserve[0][MILITIA] == s.reserve[0][MILITIA] + 2


def test_s9_1_guild_bought_once_with_its_condition():
    s = start()
    s = in_actions(s, placed=placed(s, 0, **{"Avant-Poste": 1}), crowns=(10, 0))
    banquiers = 4  # Guilde des Banquiers: 6 crowns, no condition
    t = GAME.step(s, act("outpost.guild"), A(p=0, guild=banquiers))
    assert t.guilds[0][banquiers] == 1 and t.crowns[0] == 4
    t = t.but(placed=placed(t, 0, **{"Avant-Poste": 1}), crowns=(10, 0))
    with pytest.raises(Illegal) as e:
        GAME.step(t, act("outpost.guild"), A(p=0, guild=banquiers))
    assert e.value.need.cite == "§9.1"


def test_s6_1_initiative_player_resolves_first():
    s = in_actions(start(), init=1)
    s = s.but(placed=placed(s, 0, Mine=1))
    with pytest.raises(Illegal) as e:
        GAME.step(s, act("building.use"), A(p=0, building=b("Mine"), effect=1, recruit=(0,) * 5))
    assert e.value.need.cite == "§6.1"


@pytest.mark.parametrize("building, field, cite", [("Taverne", "crowns", "§6.7"), ("Académie", "charges", "§6.6")])
def test_a_cap_lost_or_refused_under_its_own_section(building, field, cite):
    """20 crowns (§6.7), 6 charges (§6.6): the excess is lost, or under caps=refused the gain is
    refused citing the § of the limit it passes (the s51 hand-computed positions found a refused
    charge cited under §6.7)."""
    cap = {"crowns": 20, "charges": 6}[field]
    s = start()
    s = in_actions(s, placed=placed(s, 1, **{building: 1}), init=1, **{field: (0, cap - 1 if field == "crowns" else cap)})
    use = A(p=1, building=b(building), effect=1, recruit=(0,) * 5)
    before = getattr(s, field)[1]
    gain = getattr(GAME.default_config().comp.buildings[b(building)].effects[0].gain, field)
    assert before + gain > cap  # the gain passes the limit: a real excess to lose or refuse
    t = GAME.step(s, act("building.use"), use)
    assert getattr(t, field)[1] == cap  # default: the excess is lost
    r = s.but(cfg=GAME.configure({"caps": "refused"}, None, None))
    with pytest.raises(Illegal) as e:
        GAME.step(r, act("building.use"), use)
    assert e.value.need.cite == cite


def test_s6_1_unresolved_tokens_option():
    s = start()
    s = in_actions(s, placed=placed(s, 0, Mine=1))
    assert GAME.step(s, act("actions.done"), A(p=0)).placed[0] == (0,) * 14
    f = s.but(cfg=GAME.configure({"unresolved": "forbidden"}, None, None))
    with pytest.raises(Illegal):
        GAME.step(f, act("actions.done"), A(p=0))
