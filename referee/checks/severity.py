"""How much a finding matters to a rules editor: three severities (issue #16 item 5),
each given by the finding's nature, never case by case. The table is the documentation
(docs/audit.md prints it): a nature, its severity and why.

- error: the game cannot go on, or a core outcome is undefined;
- warning: a reading changes an outcome;
- info: wording, or nothing wrong found but nothing shown either.

Proved and decided items, and results not established, are not findings: they have no
severity (None) and are reported apart."""
from __future__ import annotations

from types import MappingProxyType
from typing import Any

# a claim whose number the text gives for a table it lost, met by the illustrative set built
# to keep that number: neither a finding nor a proof about the real game (audit/counts.py)
BUILT = "holds by construction of the illustrative set"
# a claim the text makes about component data (a count, a card's worth) that the component
# files meet: the files agree with the text, which is no proof about the rules (two readers, s53
# and s54, took "claim/proved" for a check of the text; where the project's files copy the
# number from the same sentence, they check that copy)
AGREES = "agrees with the component files"
# a worked example of the text (`Ex : ...`) replayed through the rules gives the text's numbers
# (checks/worked.py): one concrete game, checked, not a proof about every game
EXAMPLE = "replays as the text says"
PROVED_CLAIM = ("proved", "reached", BUILT, AGREES, EXAMPLE)  # a claim's statuses that are not findings

LEVELS = ("error", "warning", "info")

NATURES = MappingProxyType({
    "stalemate": ("error", "a game reaches a state before the end where no event is legal: the game cannot go on"),
    "dead_end": ("error", "no sequence of events leads from a phase to the end: the game cannot go on"),
    "violated": ("error", "a legal game breaks a guarantee of the text"),
    "hole": ("error", "no rule answers a question that arises in play: the outcome of that event is undefined "
                      "(the players must invent a rule to go on)"),
    "published_answer": ("warning", "the text gives no answer and a published rule does (the default follows it): "
                                    "the text should say it; reading the text alone changes the outcome"),
    "conflict": ("warning", "two rules give different answers where both apply: the reading changes the outcome"),
    "contradiction": ("warning", "two sources give a value differently: the source read changes the outcome"),
    "disputed": ("warning", "public sources disagree on a point the text leaves open: the reading changes the outcome"),
    "claim_refuted": ("warning", "a consequence the text states does not follow from its rules"),
    "data_fails": ("warning", "the component data differ from a number the text gives"),
    "unreached_phase": ("warning", "a phase no event leads to: the rules written for it never apply"),
    "off_basis": ("warning", "an option's default goes against the text or published rule it cites, or declares no basis "
                             "(checks/policy.py): the model reads the rules otherwise"),
    "gap_in_play": ("warning", "the text is silent on a situation that arises in play (the model names the events it "
                               "bites on, and the audit looks for a game reaching it): the players must agree on a "
                               "reading to go on; the model's is stated"),
    "lost_data": ("warning", "the text refers to component data it never gives (a table, a list) and no public "
                             "source here gives it: the model plays an illustrative set in its place, so an outcome "
                             "read from it may differ with the real components (--components DIR checks them)"),
    "table_not_given": ("warning", "the text refers to component data it never gives (a table, a list) that the "
                                   "published game prints: the book should give it; the model plays the published "
                                   "values, or those of --components DIR"),
    "gap": ("info", "wording: the text names something it never defines (the project's stand-in is stated)"),
    "model_default": ("info", "the text and the published rules leave a choice to the model, and no game raising it "
                              "was reported: the default is the model's own (checks/policy.py)"),
    "claim_not_reached": ("info", "the text's bound is proved but no game reaching it was found: nothing wrong shown"),
})


def nature(f: Any) -> str | None:
    """The nature of a finding (a key of NATURES), None for what is not a finding."""
    if not f.established or f.kind == "proved" or f.status in ("ok", "decided"):
        return None
    idkind = f.id.split(".")[1] if f.id.count(".") >= 1 else ""
    if f.kind == "violated":
        return "violated"
    if f.kind == "gap":
        if f.status == "hole":  # a ruling the text does not answer (checks/audit/rulings.py)
            return "hole"
        if f.status == "published rule":  # such a hole, that a published rule answers (checks/policy.py)
            return "published_answer"
        if f.status == "stalemate":
            return "stalemate"
        if idkind == "graph":
            return "dead_end" if f.id.rsplit(".", 1)[-1].startswith("dead_end") else "unreached_phase"
        if getattr(f, "lost_data", False):  # readers of s52, s53: a lost table ranked below a missing cost
            return "lost_data"  # (one that also arises in play keeps its witness search)
        if getattr(f, "table", False):  # four judges of s60: a lost table ranked as wording
            return "table_not_given"
        # declared to bite in play (the model names the events), not wording alone (readers of
        # s49 and s51: a missing move cost ranked below a rare hole); whether its search found a
        # witness does not change it, so the level is the same at every budget and load
        return "gap_in_play" if getattr(f, "in_play", False) else "gap"
    if f.kind == "ambiguity":
        if f.status in ("default", "off-basis", "published rule"):
            return {"default": "model_default", "off-basis": "off_basis", "published rule": "published_answer"}[f.status]
        if f.status == "disputed":
            return "disputed"
        return "hole" if f.status == "hole" else "conflict"
    if f.kind == "contradiction":
        return "contradiction"
    if f.kind == "data":
        return "data_fails"
    if f.kind == "claim":
        if f.status in PROVED_CLAIM:
            return None
        return "claim_refuted" if f.status == "refuted" else "claim_not_reached"
    return None


def severity(f: Any) -> str | None:
    n = nature(f)
    return NATURES[n][0] if n else None
