"""The witnessed share (issue #16 item 6): the open questions (gaps, ambiguities, contradictions) arising in
play, and how many carry a witness game, in the text summary and the JSON document. On
the toy with two rulings (seconds, no search: witnesses are attached by hand)."""
import io
import json

import orjson
from rich.console import Console

from referee.checks import report
from referee.checks.findings import Finding, Witness
from referee.checks.share import share

from .test_audit_honesty import _run
from .test_audit_json import _validate
from .test_audit_severity import ruled_toy


def _audited():
    g = ruled_toy()
    _, fs = _run(g)
    return g, fs


def test_rulings_arise_in_play_and_the_share_counts_their_witnesses():
    g, fs = _audited()
    rulings = [f for f in fs if f.rule in ("who", "both")]
    assert len(rulings) == 2 and all(f.in_play for f in rulings)
    assert share(fs).to_json() == {"in_play": 2, "witnessed": 0}
    rulings[0].witness = Witness({"players": ["A", "B"]}, [{"by": "A", "do": "take"}], "the question")
    got = share(fs)
    assert (got.in_play, got.witnessed, got.percent()) == (2, 1, "50%")
    doc = json.loads(orjson.dumps(report.document([report.as_json(g, fs, {})])))
    _validate(doc)
    assert doc["games"][0]["witnessed"] == {"in_play": 2, "witnessed": 1}
    assert all("in_play" not in f for f in doc["games"][0]["findings"])  # a count, not a finding's field
    out = io.StringIO()
    report.text(Console(file=out, width=400, color_system=None), g, fs, {})
    assert "witness games for 1/2 (50%) of the open questions arising in play" in out.getvalue()


def test_wording_findings_and_what_is_not_a_problem_are_not_counted():
    text = Finding("toy.ambiguity.§1.choice-list", "toy", "ambiguity", ["§1"], "a list read two ways")
    decided = Finding("toy.proved.§1.x", "toy", "proved", ["§1"], "decided", status="decided", in_play=True)
    unsettled = Finding("toy.unknown.§1.y", "toy", "unknown", ["§1"], "not established", in_play=True)
    assert share([text, decided, unsettled]).to_json() == {"in_play": 0, "witnessed": 0}
    assert share([]).percent() == "n/a"


def test_with_no_search_the_summary_shows_no_share_of_zero():
    """Under --no-witness no search ran: '0/13 (0%)' would read as searches that found nothing."""
    from referee.checks.findings import Finding
    from referee.checks.share import NOT_SEARCHED, share

    fs = [Finding(f"g.gap.§1.q{i}", "g", "gap", ["§1"], "q", in_play=True, witness_note=NOT_SEARCHED) for i in range(3)]
    assert share(fs).line() == "witness games not searched (--no-witness) for the 3 open questions arising in play"
    fs[0].witness_note = "no example game found within 75,000 moves weighed"
    assert share(fs).line().startswith("witness games for 0/3 (0%)")
