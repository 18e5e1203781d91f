"""Expected verdicts written in a log's header (scenarios, shipped illegal examples):
`"expect": {"verdict": "legal"}` or `{"verdict": "illegal", "line": L, "cite": "§x.y"}`
(and `"cites"`: every § the event breaks, the first failing one among them) or `{"verdict": "unreadable", "line": L, "field": F}` (the field of line L that cannot be
read: a number out of its range, too many names, an unknown name...). Besides, `"decides": R`
(a rules option settles the open point R at some step) and `"undecided": {R: [L, ...]}` (no
rules option settles R at those lines: the text does, or the question does not arise)."""
from __future__ import annotations

from ..model.kernel.rules import cites as sections
from ..errors import printable
from .engine import Verdict


def same_rule(got: str | None, want: str) -> bool:
    """Two cites name the same rule when they share a §: a Need may cite the two places that
    state it ("§Tour de jeu/3 §Joker/2"), and an engine, or an expectation, naming either is
    right (an engines' run, s53: the whole string compared counted "§Joker/2" as another §)."""
    return got is not None and not set(sections(got)).isdisjoint(sections(want))


def unread(v: Verdict) -> bool:
    """The log's header could not be read: what it expects is unknown (exit 2 under --expect:
    the input is at fault, not the engine)."""
    first = v.first()
    return v.expect is None and v.verdict == "unreadable" and first is not None and first.line <= 1


def mismatch(v: Verdict) -> str | None:
    """None when the verdict is what the header expects, else what differs."""
    e = v.expect
    if e is None:
        return ("its header could not be read, so neither could its \"expect\" (line 1, above)" if unread(v)
                else "the header has no \"expect\"")
    e = {k: x for k, x in e.items() if x is not None}  # null: not said (replays/log._expect)
    want = e.get("verdict")
    if want != v.verdict:
        got = v.first()
        extra = f" ({got.render(printable(v.file))})" if got else ""  # a message: the name as a terminal shows it
        return f"expected {want}, got {v.verdict}{extra}"
    first = v.first()
    if "line" in e and (first is None or first.line != e["line"]):
        return f"expected the first problem on line {e['line']}, got line {first.line if first else None}"
    if "cite" in e and (first is None or not same_rule(first.cite, e["cite"])):
        return f"expected {e['cite']}, got {first.cite if first else None}"
    if "cites" in e and (first is None or not any(same_rule(first.cite, c) for c in e["cites"])):
        return f"expected one of {', '.join(map(str, e['cites']))}, got {first.cite if first else None}"
    if "decides" in e and not any(d["ruling"] == e["decides"] for d in v.decided):
        return f"expected the rules option for '{e['decides']}' to decide a step; none did"
    for r, lines in (e.get("undecided") or {}).items():
        hit = sorted(d["line"] for d in v.decided if d["ruling"] == r and d["line"] in lines)
        if hit:
            return f"expected no rules option to settle '{r}' at line {hit[0]} (the text does, or it does not arise); one did"
    if "field" in e and (first is None or first.field != e["field"]):
        return f"expected field \"{e['field']}\" to be unreadable, got {first.field if first else None}"
    if "kind" in e and (first is None or first.kind != e["kind"]):
        article = "an" if str(e["kind"])[:1] in "aeiou" else "a"
        return f"expected {article} {e['kind']} problem, got {first.kind if first else None}"
    return None
