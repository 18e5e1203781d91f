"""One defect of the text, one finding (session 58; checks/policy.py): a question that follows
from another (Gap.within, Ruling.within) is reported inside that one's finding, and a dispute
of the published sources on what an act does, where the text never says what it does, inside
the silence's finding. Blind readers counted each pair as one defect, twice reported."""
import dataclasses
from types import SimpleNamespace

from referee.checks import baseline, policy
from referee.checks.audit import Audit
from referee.checks.findings import Finding
from referee.model.kernel import Answer, Gap, Ruling

from .toygame import GAME


def _audit(*gaps, rulings=()):
    g = dataclasses.replace(GAME, gaps=gaps, rulings=rulings, _by_name={}, _needs={}, _watch={})
    return Audit(g, witnesses=False).run()


def test_a_gap_within_another_is_reported_inside_it_and_a_baseline_still_finds_it():
    fs = _audit(Gap("§1", "how many stones a heap holds is never said", "3", name="heap"),
                Gap("§1", "so whether an empty heap may be taken from is not said", "no", name="empty", within="heap"))
    ids = {f.id for f in fs}
    assert "toy.gap.§1.empty" not in ids
    (heap,) = [f for f in fs if f.id == "toy.gap.§1.heap"]
    assert any(d.startswith("a question that follows from it (toy.gap.§1.empty): so whether") for d in heap.details)
    assert heap.folded == ["toy.gap.§1.empty"] and "folded" not in heap.to_json()
    # a baseline made before the fold lists the id: it is still reported, inside, so not stale
    assert baseline.stale({"toy.gap.§1.empty", "toy.gap.§1.heap"}, {}, fs, [GAME]) == []


def test_a_question_within_one_no_finding_reports_stays_a_finding_of_its_own():
    fs = _audit(Gap("§1", "so whether an empty heap may be taken from is not said", "no", name="empty",
                    within="no_such_question"))
    assert "toy.gap.§1.empty" in {f.id for f in fs}


def test_a_ruling_folded_into_a_gap_takes_its_options_lines_with_it():
    # the line on the ruling's option (its basis) goes to the finding it is folded into
    r = Ruling("empty_take", "§1", "a player must take from an empty heap", lambda s, a: True,
               (Answer("§1", "option:start=10", "he takes nothing", lambda s, a: True, lambda s, a: 0),),
               within="heap")
    fs = _audit(Gap("§1", "how many stones a heap holds is never said", "3", name="heap"), rulings=(r,))
    assert not [f for f in fs if f.rule == "empty_take" and f.is_problem]
    (heap,) = [f for f in fs if f.id == "toy.gap.§1.heap"]
    assert any("a player must take from an empty heap" in d for d in heap.details)
    # the option's basis, said on the finding reporting its question, is said on the one it is in
    assert any(d.startswith("default 10: follows the text") for d in heap.details)


def _effect(act: str, says: str) -> Finding:
    return Finding(f"g.gap.§1.unstated-effect", "g", "gap", ["§1"],
                   f"the text says when '{act}' may be done and never what it does: the model's effect ({says}) is "
                   "its own reading", details=["detector: unstated-effect (referee/checks/text)"])


def test_a_dispute_folds_into_the_unstated_effect_only_when_the_effect_names_its_option():
    effect = _effect("act", "replace it by the next card (option opt)")
    mine = Finding("g.contradiction.§1.opt", "g", "contradiction", ["§1"], "sources differ on opt", rule="opt",
                   sources=["facts/x.md:3"], witness_note="no game found")
    other = Finding("g.contradiction.§1.end", "g", "contradiction", ["§1"], "sources differ on end", rule="end")
    a = SimpleNamespace(game=SimpleNamespace(
        actions=[SimpleNamespace(name="act", says="replace it by the next card (option opt)", cite="§1")],
        options=[SimpleNamespace(name="opt", kind="disputed", cite="§1"),
                 SimpleNamespace(name="end", kind="disputed", cite="§1")]),
        findings=[effect, mine, other])
    policy.fold_disputed_effects(a)
    assert a.findings == [effect, other]  # `end` shares the § only: not about this act
    assert "is the reading of option 'opt', on which the published sources differ" in effect.says
    assert effect.sources == ["facts/x.md:3"] and effect.witness_note == "no game found" and effect.in_play
    assert effect.folded == ["g.contradiction.§1.opt"]
