"""A detector's hit, and how hits become the audit's Findings: one id per (§, detector),
named after the term when one § holds several hits of a detector (never a counter)."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..findings import Finding, finding_id
from .page import Page, slug


@dataclass(frozen=True)
class Hit:
    cite: str  # the § the defect is in
    detector: str  # the detector's slug: "empty-section", "may-must" ...
    kind: str  # "gap", "ambiguity" or "contradiction"
    says: str  # our paraphrase; at most the few words of the term quoted
    line: int  # the rulebook line it was read at (0: read from the model, not the text)
    term: str  # what it is about (a word, a verb and object, an option's name): the id's tail
    also: tuple[str, ...] = ()  # other §s involved (the other half of a may/must pair)
    unit: str = ""  # the unit it was read at (`§6.5#7`), when one unit holds it: the map's key for it
    # the text's own words the defect lies in (two-names: the two names): a Gap or Ruling of the
    # model that cites one of its §s and quotes every one of them says it already
    words: tuple[str, ...] = ()


def findings(page: Page, hits: Iterable[Hit]) -> list[Finding]:
    """The Findings of `hits`, in rulebook order, with ids unique across them."""
    hits = sorted(set(hits), key=lambda h: (h.line, h.cite, h.detector, h.term))
    crowded = {(h.cite, h.detector) for h in hits
               if sum((g.cite, g.detector) == (h.cite, h.detector) for g in hits) > 1}
    out, seen = [], set()
    for h in hits:
        fid = finding_id(page.game, h.kind, h.cite, h.detector)  # a § with blanks or a slash as every id writes it
        if (h.cite, h.detector) in crowded:
            fid += "." + slug(h.term)
        if fid in seen:  # two hits about the same term in one §: one finding says it
            continue
        seen.add(fid)
        cites = [h.cite, *[c for c in h.also if c != h.cite]]
        where = [page.source(h.line)] if h.line else []
        out.append(Finding(fid, page.game, h.kind, cites, h.says, sources=where,
                           details=[f"detector: {h.detector} (referee/checks/text)"]))
    return out
