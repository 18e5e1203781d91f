"""One defect of the text, one finding (session 58; checks/policy.py): a question that follows
from another (Gap.within, Ruling.within) is reported inside that one's finding, and a dispute
of the published sources on what an act does, where the text never says what it does, inside
the silence's finding. Blind readers counted each pair as one defect, twice reported."""
import dataclasses
from types import SimpleNamespace

from referee.checks import baseline, policy
from referee.checks.audit import Audit
from referee.checks.findings import Finding, Witness
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
    assert heap.folded == ["toy.gap.§1.empty"] and heap.to_json()["folded"] == ["toy.gap.§1.empty"]
    # a baseline made before the fold lists the id: it is still reported, inside, so not stale
    assert baseline.stale({"toy.gap.§1.empty", "toy.gap.§1.heap"}, {}, fs, [GAME]) == []


def test_a_within_that_names_nothing_itself_or_a_cycle_is_refused_and_folds_nothing():
    g = SimpleNamespace(name="g", actions=[], rulings=[], gaps=[
        SimpleNamespace(name="a", within="nothing"), SimpleNamespace(name="b", within="b"),
        SimpleNamespace(name="c", within="d"), SimpleNamespace(name="d", within="c")])
    said = policy.within_problems(g)
    assert len(said) == 4 and "'nothing', which is no Gap" in said[0] and "comes back to 'b'" in said[1]
    fs = _audit(Gap("§1", "so whether an empty heap may be taken from is not said", "no", name="empty",
                    within="no_such_question"))
    assert "toy.gap.§1.empty" in {f.id for f in fs}


def _gap(name: str, within: str = "") -> SimpleNamespace:
    return SimpleNamespace(name=name, within=within, cite="§1")


def _found(name: str, cites=("§1",), **kw) -> Finding:
    return Finding(f"g.gap.§1.{name}", "g", "gap", list(cites), f"the question {name}", **kw)


def _folding(gaps, findings):
    a = SimpleNamespace(game=SimpleNamespace(name="g", gaps=gaps, rulings=[], actions=[]), findings=list(findings))
    policy.fold_within(a)
    return a.findings


def test_a_question_folded_keeps_its_witness_and_a_more_severe_one_is_kept_apart(tmp_path):
    from referee.checks import report

    w, mine = Witness({"game": "g"}, [{"do": "x"}], "the heap is empty"), Witness({"game": "g"}, [], "p")
    # each with its witness search: folded, the child's witness kept as its own, said, and written
    for found in (w, None):
        parent, child = _found("p", in_play=True, witness=mine), _found("c", in_play=True, witness=found,
                                                                        witness_note="" if found else "no game found")
        assert _folding([_gap("p"), _gap("c", "p")], [parent, child]) == [parent]
        assert parent.witness is mine and parent.inner == [child] and child.witness is found
        said = "  its witness (g.gap.§1.c): " + ("a game of 1 events, the heap is empty" if found else "no game found")
        assert said in parent.details
    written = report.write_witnesses([parent], tmp_path / "w")
    assert sorted(p.name for p in written) == ["g.gap.§1.p.jsonl"]  # the last child found none
    parent, child = _found("p", in_play=True, witness=mine), _found("c", in_play=True, witness=w)
    _folding([_gap("p"), _gap("c", "p")], [parent, child])
    written = report.write_witnesses([parent], tmp_path / "w2")
    assert sorted(p.name for p in written) == ["g.gap.§1.c.jsonl", "g.gap.§1.p.jsonl"]
    # a hole (an error) is not hidden inside a wording gap (info, a warning once in play)
    parent, child = _found("p"), _found("c", status="hole", in_play=True)
    assert child.severity == "error" and parent.severity == "info"
    assert _folding([_gap("p"), _gap("c", "p")], [parent, child]) == [parent, child]
    assert any(d.startswith("it follows from g.gap.§1.p, reported apart: it is more severe") for d in child.details)
    # a question in play goes into a wording gap with its search, which the gap then says
    parent, child = _found("p"), _found("c", witness=w, in_play=True, cites=("§1", "§2"))
    assert _folding([_gap("p"), _gap("c", "p")], [parent, child]) == [parent]
    assert parent.witness is w and parent.in_play and parent.cites == ["§1", "§2"]
    assert "  the witness below is g.gap.§1.c's" in parent.details


def test_a_chain_folds_into_its_first_question_whatever_the_order():
    q, p, c = _found("q"), _found("p"), _found("c")
    assert _folding([_gap("c", "p"), _gap("p", "q"), _gap("q")], [c, p, q]) == [q]
    assert q.folded == ["g.gap.§1.p", "g.gap.§1.c"]


def test_a_ruling_never_folds_into_a_wording_gap_it_follows_from():
    # a ruling arises in play and its hole is an error: it stays a finding, naming the gap
    r = Ruling("empty_take", "§1", "a player must take from an empty heap", lambda s, a: True,
               (Answer("§1", "option:start=10", "he takes nothing", lambda s, a: True, lambda s, a: 0),),
               within="heap")
    fs = _audit(Gap("§1", "how many stones a heap holds is never said", "3", name="heap"), rulings=(r,))
    (f,) = [f for f in fs if f.rule == "empty_take" and f.is_problem]
    assert any(d.startswith("it follows from toy.gap.§1.heap, reported apart: it is more severe") for d in f.details)


def test_a_hole_a_published_rule_answers_is_weighed_as_such_before_it_folds():
    """The folds weighed a ruling's hole as an error, then the policy pass found a published
    rule answering it (a warning): Twister heal_shared was kept apart "more severe (error)"
    from a warning while shown as a warning itself (an independent engine's run, s61). Read
    before the folds, it folds into the question it follows from, as a warning does."""
    from referee.model.kernel import Basis, Option

    published = Option("start", "§0", "the starting pile", {"10": "ten", "12": "twelve"}, "10",
                       basis=Basis("published", "toy-facts.md:1", "10", "a published rule starts at ten"))
    r = Ruling("empty_take", "§1", "a player must take from an empty heap", lambda s, a: True,
               (Answer("§1", "option:start=10", "he takes nothing", lambda s, a: True, lambda s, a: 0),
                Answer("§1", "option:start=12", "he takes one", lambda s, a: True, lambda s, a: 1)),
               within="heap")
    in_play = Gap("§1", "how many stones a heap holds is never said", "3", name="heap", on=("take",),
                  arises=lambda s, a: True, when="a stone is taken")
    g = dataclasses.replace(GAME, gaps=(in_play,), rulings=(r,), options=(published,), _by_name={}, _needs={}, _watch={})
    fs = Audit(g, witnesses=False).run()
    (heap,) = [f for f in fs if f.id == "toy.gap.§1.heap"]
    assert heap.severity == "warning" and any(i.endswith("empty_take") for i in heap.folded)
    assert not [f for f in fs if f.rule == "empty_take" and f.is_problem and f is not heap]
    # into a wording gap too: the fold lifts it into play, a warning, the level of the answered hole
    wording = dataclasses.replace(in_play, on=(), arises=None, when="")
    g = dataclasses.replace(g, gaps=(wording,), _by_name={}, _needs={}, _watch={})
    (heap,) = [f for f in Audit(g, witnesses=False).run() if f.is_problem]
    assert heap.id == "toy.gap.§1.heap" and heap.severity == "warning" and heap.folded == ["toy.gap.§1.empty_take"]
    assert "a published rule does" in "".join(heap.details)


def _effect(act: str, says: str) -> Finding:
    return Finding(f"g.gap.§1.unstated-effect", "g", "gap", ["§1"],
                   f"the text says when '{act}' may be done and never what it does: the model's effect ({says}) is "
                   "its own reading", details=["detector: unstated-effect (referee/checks/text)"])


def test_a_dispute_folds_into_the_unstated_effect_only_when_the_effect_names_its_option():
    effect = _effect("act", "replace it by the next card (option opt)")
    mine = Finding("g.contradiction.§1.opt", "g", "contradiction", ["§1"], "sources differ on opt", rule="opt",
                   sources=["facts/x.md:3"], witness_note="no game found", in_play=True)  # as listed.py makes it
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
