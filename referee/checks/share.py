"""The witnessed share: of the questions of the rules that arise in play (a ruling's
question the text leaves unanswered or answers twice, a disputed option, two sources'
value: gaps, ambiguities and contradictions), how many carry a replayable
witness game (issue #16: at least 90%). Text detectors' findings are about wording and
arise in no game, so they are not counted; neither are findings the audit could not
establish."""
from __future__ import annotations

from dataclasses import dataclass

from .findings import Finding

NOT_SEARCHED = "not searched (--no-witness)"  # the note a finding carries when no search ran (audit/run.py)


@dataclass(frozen=True)
class Share:
    in_play: int  # questions of the rules (gaps, ambiguities, contradictions) whose situation arises in play
    witnessed: int  # ... of which carry a witness game
    searched: bool = True  # False when no search ran (--no-witness): then no share is shown

    def percent(self) -> str:
        return f"{100 * self.witnessed / self.in_play:.0f}%" if self.in_play else "n/a"

    def line(self) -> str:
        """The summary's words: `7/9 (78%) of the open questions arising in play`."""
        if not self.searched:  # a 0% would read as searches that found nothing (s58 reader)
            return f"witness games not searched (--no-witness) for the {self.in_play} open questions arising in play"
        return (f"witness games for {self.witnessed}/{self.in_play} ({self.percent()}) of the open questions "
                "arising in play")

    def to_json(self) -> dict:
        return {"in_play": self.in_play, "witnessed": self.witnessed}


def share(findings: list[Finding]) -> Share:
    counted = [f for f in findings if f.in_play and f.is_problem]
    searched = any(f.witness is not None or f.witness_note != NOT_SEARCHED for f in counted)
    return Share(len(counted), sum(f.witness is not None for f in counted), searched or not counted)
