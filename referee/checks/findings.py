"""A finding: what the audit reports (DESIGN.md, "What the checks find")."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from ..model.kernel.rules import cites

KINDS = ("proved", "violated", "contradiction", "ambiguity", "claim", "gap", "data", "unknown")
# kind "unknown" is the third value, apart from proved and refuted: not established (the
# budget ran out, the solver gave up, the situation cannot arise in the audited
# configuration, a search explored too little). It is reported in a block of its own,
# never counted among the findings, and never shows a value.
from .severity import AGREES, BUILT, PROVED_CLAIM  # noqa: E402,F401 - a claim's statuses that are no finding

# What would settle a result not established (Finding.open), set where the result is made:
# "budget" a larger --budget may (z3's count of work ran out, the proofs' share of the budget,
# a search for a game ended); "load" z3's wall-clock net stopped it first (rerun on a less
# loaded machine); "scope" the situation cannot arise in the configuration audited; "input"
# the audit lacks a file (the rulebook: give it); "method" no budget helps (z3's own limits,
# a kind of claim not supported, invariants too weak to bound it: its details say which).
OPEN = ("budget", "load", "scope", "input", "method")


class Why(str):
    """A reason a result is not established that carries what would settle it (OPEN): it
    travels as text through the checks' messages, and its kind with it."""

    open = "method"

    def __new__(cls, text: str, open_: str = "method") -> "Why":
        got = super().__new__(cls, text)
        got.open = open_
        return got


def open_of(text: str) -> str:
    """What would settle a result whose reason is `text`: a Why says; any other reason is
    one no budget settles."""
    return getattr(text, "open", "method")


def slug(text: str, words: int = 6) -> str:
    """A name from words (ascii, lower case, joined by _): for a plugin's rule object that
    has no `name` (a built-in one always has: a slug changes when its wording does)."""
    flat = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return "_".join(re.findall(r"[a-z0-9]+", flat)[:words]) or "rule"


def rule_name(obj: Any) -> str:
    """The name a finding about this rule object is known by: its own `name`, else a slug
    of what it says."""
    return getattr(obj, "name", "") or slug(getattr(obj, "says", ""))


def finding_id(game: str, kind: str, cite: str, name: str) -> str:
    """The stable id `game.kind.§.name`: the first § the rule cites (blanks as _) and the
    rule's name, never a counter or the wording, so a baseline keeps it across rewordings
    (`raiders.ambiguity.§6.5.avant_poste_3`, `trolls.claim.§Tour_de_jeu_7.x`). A § holds dots; the
    name never does."""
    first = (cites(cite) or ["§-"])[0]  # blanks and slashes as _: an id names a witness file
    return ".".join((game, kind, re.sub(r"[\s/]+", "_", first), name.replace(".", "_")))


# ------------------------------------------------------------ what a result covers
def spans(counts: list[int]) -> str:
    """Player counts in short: "2–5", "2, 4", "3"."""
    out, xs = [], sorted(set(counts))
    i = 0
    while i < len(xs):
        j = i
        while j + 1 < len(xs) and xs[j + 1] == xs[j] + 1:
            j += 1
        out.append(f"{xs[i]}–{xs[j]}" if j > i + 1 else ", ".join(map(str, xs[i:j + 1])))
        i = j + 1
    return ", ".join(out)


def only_with(where: list[int], allowed: list[int]) -> str:
    """"arises only with >= 3 players" (every count from 3 up), else "... with 2, 4 players"."""
    where = sorted(where)
    if where == list(range(where[0], max(allowed) + 1)) and where[0] > min(allowed):
        return f"arises only with >= {where[0]} players"
    return f"arises only with {spans(where)} players"


def covers_text(cov: dict) -> str:
    """The covers record in one line: "2–5 players, default options, illustrative components"."""
    parts = []
    if cov.get("players"):
        parts.append(f"{spans(cov['players'])} players"
                     + (f" (with {spans(cov['vacuous'])} it holds in every state: says nothing, not claimed)"
                        if cov.get("vacuous") else ""))
    changed = cov.get("not_default") or {}
    parts.append("default options" if not changed
                 else "options " + ", ".join(f"{k}={v}" for k, v in sorted(changed.items())) + " (others default)")
    parts.append(f"{cov['components']} components")
    return ", ".join(parts)


@dataclass
class Witness:
    """A replayable trace: the header and events of a log, and the state it reaches."""

    header: dict
    events: list[dict]
    reaches: str  # what the last state shows, in one sentence
    expect: str = "legal"  # the verdict a replay gives ("legal" or "illegal")
    details: list[str] = field(default_factory=list)  # what the last state shows, line by line
    phase: str | None = None  # the phase of the last state
    cites: list[str] = field(default_factory=list)  # the §s the last state turns on

    def lines(self) -> list[dict]:
        out = [dict(self.header)]
        for i, e in enumerate(self.events, 1):
            out.append({"n": i, **e})
        return out


@dataclass
class Finding:
    id: str
    game: str
    kind: str
    cites: list[str]
    says: str
    sources: list[str] = field(default_factory=list)
    status: str = ""  # for claims: "proved" / "refuted"; for invariants: "inductive" / "bounded" ...
    details: list[str] = field(default_factory=list)
    witness: Witness | None = None
    witness_note: str = ""
    rule: str = ""  # the name of the rule object it is about (a ruling's, for a witness's "decides")
    # the situation arises in play (a ruling's question, a disputed option, two sources'
    # value read by the rules): a witness game can show it (checks/share.py counts them)
    in_play: bool = False
    # a gap whose stand-in is the shipped illustrative set (Gap.data), and no --components given
    lost_data: bool = False
    # a gap of component data the text never prints, which the published files (or those of
    # --components) give: the book lacks a table the game needs (severity.py: table_not_given)
    table: bool = False
    # what a proved or decided result covers (checks/audit/counts.py): the player counts, the
    # options in force, the component set; None for the others
    covers: dict | None = None
    open: str = ""  # for a result not established: what would settle it (OPEN)
    # the ids of the findings folded into this one (checks/policy.py: one defect, one finding):
    # it reports their questions too (a baseline that lists them still finds them)
    folded: list[str] = field(default_factory=list)
    # those findings themselves, each with its own witness (written by --witness-dir under its id)
    inner: list["Finding"] = field(default_factory=list, repr=False)
    # an invariant's result, the phase graph's: "text" when it keeps a rule the text states,
    # "model" for the encoding's own bookkeeping or readings (Invariant.about); "" for the rest
    about: str = ""

    @property
    def severity(self) -> str | None:
        """error / warning / info by the finding's nature (checks/severity.py); None for what
        is not a finding (proved, decided, not established)."""
        from .severity import severity

        return severity(self)

    @property
    def established(self) -> bool:
        """False for the not-established results (kind "unknown")."""
        return self.kind != "unknown"

    @property
    def is_problem(self) -> bool:
        if not self.established or self.kind == "proved" or self.status in ("ok", "decided"):
            return False
        return not (self.kind == "claim" and self.status in PROVED_CLAIM)

    def to_json(self) -> dict[str, Any]:
        d = {k: v for k, v in self.__dict__.items() if k not in ("witness", "in_play", "lost_data", "table", "inner")
             and not (k == "covers" and v is None) and not (k in ("open", "folded", "about") and not v)}
        d["severity"] = self.severity
        if self.witness is not None:
            d["witness"] = {"reaches": self.witness.reaches, "expect": self.witness.expect,
                            "events": len(self.witness.events)}
        return d
