"""The decision trace (the replay's "the text does not decide X: option applied N times",
the witness search's target) names a ruling only in a state and event where its question
arises (`Ruling.arises`). A rule may consult a ruling whose answer then changes nothing
(an Or whose other side holds; the pass direction of a 2-player draft): told "the text does
not decide" there, a referee would be misled and a witness would show nothing. Random legal
games of every game under an all-pairs cover of its options, interpreted and compiled."""
import random

import pytest

from referee.checks.explore import Explorer
from referee.checks.scenarios.families import configurations, header_for
from referee.model import load, names
from referee.model.kernel.rules import tracing


@pytest.mark.parametrize("compiled", [False, True])
@pytest.mark.parametrize("name", names())
def test_a_ruling_is_traced_only_where_its_question_arises(name, compiled):
    g = load(name)
    ex = Explorer(g, compiled=compiled, compile_after=1)
    seen = 0
    for i, (opts, n) in enumerate(configurations(g, all_pairs=True) * 2):
        if seen >= 40:
            break
        rng = random.Random(i)
        s = g.first_state(header_for(g, opts, n, rng))
        for _ in range(300):
            m = ex.draw(s, rng)
            if m is None:
                break
            tr = []
            with tracing(tr):  # as a replay: the Needs, then the effect
                assert ex.ok(s, m.act, m.args)
                t = ex.outcome(s, m.act, m.args)
            for r, _ in tr:
                try:
                    here = r.arises(s, m.args)
                except (AttributeError, IndexError, KeyError, TypeError):
                    continue  # consulted on args the rule built (draft's class counts): not the event's
                seen += 1
                assert here, f"{name}: {r.name} traced at {m.act.name} where its question does not arise"
            s = t
            if g.result(s) is not None:
                break
    assert seen or name in ("toy",), f"{name}: no decision traced in the games played: the test checked nothing"
