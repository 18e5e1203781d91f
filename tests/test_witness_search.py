"""The rulings' shared witness search (checks/witness.py): one exploration finds a witness
for several rulings at once, and each replays to a step where an option decides it."""
from __future__ import annotations

import orjson

from referee.checks import witness as W
from referee.model import load
from referee.replays.engine import replay


def test_one_exploration_serves_several_rulings(tmp_path):
    game = load("raiders")
    names = tuple(r.name for r in game.rulings)
    got, _ = W.run_task("raiders", {}, ("rulings", names), 40_000)  # moves weighed
    assert len(got) >= 3, sorted(got)
    for name, w in got.items():
        log = tmp_path / f"{name}.jsonl"
        log.write_bytes(b"\n".join(orjson.dumps(x) for x in w.lines()) + b"\n")
        v = replay(log)
        last = len(w.events) + 1  # the header is line 1
        # an option that answers the question by refusing the move makes the witness an
        # illegal game, refused at its last line (witness.to_witness)
        assert v.verdict == w.expect, (name, w.expect, v.problems)
        if w.expect == "illegal":
            assert [p.line for p in v.problems] == [last], (name, v.problems)
        assert any(d["ruling"] == name and d["line"] == last for d in v.decided), (name, v.decided[-3:])


def test_a_conflict_the_option_settles_is_traced_and_witnessed(tmp_path):
    """Welcome's `survive` (§Issue vs §Équipement.Potion): two answers of the booklet disagree;
    the option `survive` settles it. The engine reports the step and the option that applied,
    and the shared search finds a game reaching it."""
    got, _ = W.run_task("welcome", {}, ("rulings", ("survive",)), 200_000)  # found past 100,000 (seed 0)
    w = got["survive"]
    log = tmp_path / "survive.jsonl"
    log.write_bytes(b"\n".join(orjson.dumps(x) for x in w.lines()) + b"\n")
    v = replay(log)
    last = len(w.events) + 1
    hit = [d for d in v.decided if d["ruling"] == "survive" and d["line"] == last]
    assert hit and hit[0].get("option") == "survive=hp", v.decided


def test_a_conflict_no_option_settles_is_traced_as_the_first_answer():
    """Two text answers that disagree and no option: the first listed applies, traced as such."""
    from types import SimpleNamespace

    from referee.model.kernel import Answer, Ruling, decide
    from referee.model.kernel.rules import tracing
    from tests.toygame import GAME

    s = GAME.setup({}, GAME.default_config())
    r = Ruling("q", "§1", "a question the book answers twice", lambda s, a: True,
               (Answer("§1", "book", "one", lambda s, a: True, lambda s, a: 1),
                Answer("§2", "book", "two", lambda s, a: True, lambda s, a: 2)))
    with tracing([]) as trace:
        assert decide(r, s, SimpleNamespace(p=0)) == 1
    assert [(x.name, y.says) for x, y in trace] == [("q", "one")]


def test_a_claim_value_reached_only_in_another_setting_is_witnessed_there():
    """A claim's search plays the audit's setting first, then the other player counts and
    variants (witness.across_settings): the toy's first player takes 9 stones only from the
    pile of twelve (the variant start=12; from ten, 8 at most: the other takes one a turn),
    and the witness, replayed, says so and reaches it."""
    import dataclasses

    from referee.checks.search import Budget, Rules
    from referee.model.kernel import Claim

    from .toygame import GAME as TOY

    toy = dataclasses.replace(TOY, claims=(Claim("§1", "the first player takes at most 9 stones", "max",
                                                 lambda s: s.taken[0], 9),))
    w = W._run(toy, Rules({}), ("claim", 0, 9), Budget(20_000))
    assert w is not None and w.header["options"] == {"start": "12"}
    assert "a game under the variant start=12" in w.reaches
    v = replay([orjson.dumps(x) for x in w.lines()])
    assert v.verdict == "legal" and v.state.taken[0] == 9
