"""Stable finding ids (game.kind.§.name): unique over every finding the audit can build for
the five games, named after the rule object (never a counter, never its wording).

The audit's ids are built from the Game records (checks/audit: one finding per rule
object and kind), so enumerating the records with the same `finding_id` covers every id
a report can hold without running z3; test_cli checks that a real audit's ids are among
them (`record_ids`)."""
import dataclasses
import re
from collections import Counter

import pytest

from referee.checks.findings import finding_id, rule_name
from referee.model import load

GAMES = ("raiders", "welcome", "twister", "trolls", "draft")
NAME = re.compile(r"^[A-Za-z0-9_-]+$")


def record_ids(game) -> list[str]:
    """Every id the audit can give a finding of `game` (default configuration)."""
    cfg = game.default_config()
    g = game.name
    out = [finding_id(g, "data", d.cite, rule_name(d)) for d in game.data_checks(cfg)]
    out += [finding_id(g, "claim", c.cite, rule_name(c)) for c in game.claims]
    out += [finding_id(g, "gap", x.cite, rule_name(x)) for x in game.gaps]
    out += [finding_id(g, "invariant", i.cite, rule_name(i)) for i in game.invariants]
    out += [finding_id(g, "step", st.cite, rule_name(st)) for st in game.steps]
    for r in game.rulings:  # decided and not established as "ruling", a conflict as "ambiguity", a hole as "gap"
        out += [finding_id(g, k, r.cite, r.name) for k in ("ruling", "ambiguity", "gap")]
    out += [finding_id(g, "disputed", o.cite, o.name) for o in game.options]
    # the option policy's: a point the text or a published rule decides, a default the model chose
    out += [finding_id(g, "decided", o.basis.cite if o.basis.kind == "text" else o.cite, o.name)
            for o in game.options if o.basis is not None]
    out += [finding_id(g, "default", o.cite, o.name) for o in game.options]
    # a house option only a published rule decides: the text's silence, reported as a gap
    out += [finding_id(g, "published", o.cite, o.name) for o in game.options
            if o.kind == "house" and o.basis is not None and o.basis.kind == "published"]
    out += [finding_id(g, "contradiction", s.cite, s.name) for s in game.sourced]
    first = game.phases[0].cite
    out += [finding_id(g, "graph", first, "phases_connected"), finding_id(g, "stalemate", first, "search")]
    for p in game.phases:
        out += [finding_id(g, "graph", p.cite, f"unreached_{p.name}"), finding_id(g, "graph", p.cite, f"dead_end_{p.name}"),
                finding_id(g, "stalemate", p.cite, p.name)]
    from referee.checks.text import detect  # the detectors that read the rulebook's text

    out += [f.id for f in detect(game)]
    from referee.checks import worked  # the text's worked examples: replayed, or not established

    out += [f.id for f in worked.check(game)]
    return out


def test_ids_are_unique_over_the_five_games():
    ids = [i for n in GAMES for i in record_ids(load(n))]
    twice = [i for i, k in Counter(ids).items() if k > 1]
    assert not twice, twice
    assert "welcome.claim.§Monstres.monster_deck_holds" in ids  # was welcome.claim.§Monstres, twice


@pytest.mark.parametrize("name", GAMES)
def test_every_rule_object_of_a_builtin_game_has_its_own_name(name):
    game = load(name)
    objs = [*game.data_checks(game.default_config()), *game.claims, *game.gaps, *game.invariants, *game.steps]
    unnamed = [o.says for o in objs if not o.name]
    assert not unnamed, unnamed  # a slug of the wording would change when the wording does
    bad = [o.name for o in [*objs, *game.rulings, *game.options, *game.sourced] if not NAME.match(o.name)]
    assert not bad, bad  # no dot, no blank: the name is the id's last part


def test_an_id_survives_a_rewording_and_follows_its_section():
    gap = load("welcome").gaps[0]
    reworded = dataclasses.replace(gap, says="entirely different words")
    assert finding_id("welcome", "gap", reworded.cite, rule_name(reworded)) == \
        finding_id("welcome", "gap", gap.cite, rule_name(gap))
    assert finding_id("raiders", "ambiguity", "§6.5 §7.2", "avant_poste_3") == "raiders.ambiguity.§6.5.avant_poste_3"
    assert finding_id("draft", "claim", "§Mise en place", "x") == "draft.claim.§Mise_en_place.x"
    assert finding_id("trolls", "claim", "§Tour de jeu/7", "x") == "trolls.claim.§Tour_de_jeu_7.x"  # a file name
