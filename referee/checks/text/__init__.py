"""Detectors that read the whole rulebook (issue 17, item 3), each a check of the audit.

They live in checks/ (not in rulebook/, which must not reach the checks) because they yield
the audit's Findings; they read the text through rulebook/text.py's one splitter, the
coverage map (units it marks as flavour are no rules, and are not read) and the model's
options. Pure Python: no z3. One module per family: structure (what the shape of the text
shows lost), refs (references to what the text does not give), modal (may/must), names
(two names for one quantity), options (choices the model needed), effects (acts whose
result the text never states, from the coverage map), and the game's vocabulary: terms
(named once, defined nowhere), values (spent, never given), depends (a rule depending on a
case never given), roles (one word for two things), unused (pieces handed out, never used),
conditions (one gain under two conditions joined by `et si`), seats (the next player, the
turns' direction never given), antecedent (a pronoun opening a sentence after two persons),
asides (the author or readers speaking in the first person: no rules), twice (one thing said
twice of one subject with two verbs), restated (one fact given in two forms: they must
agree), amounts (`un X égal à`: one X, or an amount?), abbrev (a short form never spelled
out, or spelled out after its first use), and
piles' idle-pile (a pile filled at setup that nothing uses after).
docs/detectors.md says what each reads, reports and misses.

A hit is dropped when the model already reports the same thing: a hit saying something is
missing at a unit the coverage map links to a Gap of the model (or whose map entry names
one), and a hit saying a whole part of a § is lost (an empty heading, a key without its
table, a lone sub-title) at a § a Gap cites: the Gap says what is missing there, and what
the project ships instead; a value or a case never given at a § a Gap, a Ruling or an
option the model needed cites."""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from ...errors import RefereeError
from ...model.kernel.rules import cites
from ..findings import Finding
from . import (abbrev, amounts, antecedent, asides, conditions, depends, modal, names, piles, refs, restated, roles, seats, structure,
               terms, twice, unused, values)
from .hit import Hit, findings
from .effects import unstated_effect
from .options import silent_option
from .page import Page, page

TEXT_DETECTORS = (structure.DETECTORS + refs.DETECTORS + modal.DETECTORS + names.DETECTORS
                  + terms.DETECTORS + values.DETECTORS + roles.DETECTORS + depends.DETECTORS
                  + unused.DETECTORS + piles.DETECTORS + conditions.DETECTORS + seats.DETECTORS
                  + antecedent.DETECTORS + asides.DETECTORS + twice.DETECTORS + amounts.DETECTORS
                  + restated.DETECTORS + abbrev.DETECTORS)
# Detectors whose hit says something is missing at a §: a Gap of the model there says it already.
MISSING = frozenset({"empty-section", "key-only", "list-intro", "lone-subtitle", "cut-sentence",
                     "dangling-reference", "undefined-term", "unused-component", "unstated-direction"})
SECTION_WIDE = frozenset({"empty-section", "key-only", "lone-subtitle"})
# Detectors whose hit is a value or a case the rules need: a Gap, a Ruling, or an option the
# model needed (silent or disputed), at one of its §s (where it is spent, the setup) says it:
# the model's words are English and the text's French, so the two are matched by §, not word
# for word.
VALUES = frozenset({"unstated-value", "unstated-dependence", "unstated-exhaustion"})


def read(p: Page, skip: Iterable[str] = ()) -> Iterator[Hit]:
    """Every text detector's hits on a page; `skip`: unit keys that are no rules (flavour)."""
    skip = frozenset(skip)
    for detect in TEXT_DETECTORS:
        yield from detect(p, skip)


def _entries(game) -> list:
    from ...rulebook.coverage import map_path, read_map

    path = map_path(game)
    return read_map(path) if path.is_file() else []


def _map(game, entries: list | None = None) -> tuple[frozenset[str], frozenset]:
    """From the game's coverage map: the units that are flavour (no rule), and the units it
    links to a Gap (in its rules, or named in its why), each as its key (`§6.2#3`) and as its
    (§, line)."""
    entries = _entries(game) if entries is None else entries
    flavour = frozenset(e.at for e in entries if e.reason == "flavour")
    linked = [e for e in entries if any(r.startswith("gap:") for r in e.rules) or "gap" in (e.why or "")]
    gapped = frozenset([e.at for e in linked] + [(e.at.partition("#")[0], e.line) for e in linked])
    return flavour, gapped


def _known(game, h: Hit, gapped_units: frozenset) -> bool:
    if h.words:  # the model quotes the very words at one of the §s: it says it already
        where = {h.cite, *h.also}
        for x in (*game.gaps, *game.rulings):
            text = getattr(x, "says", "").lower()
            # whole words: "chapter 1" is not in "chapter 12"
            if where & set(cites(x.cite)) and all(re.search(rf"(?<!\w){re.escape(w.lower())}(?!\w)", text)
                                                  for w in h.words):
                return True
    if h.detector in VALUES:
        said = [*game.gaps, *game.rulings, *(o for o in game.options if o.kind in ("silent", "disputed"))]
        return bool({h.cite, *h.also} & {c for x in said for c in cites(x.cite)})
    if h.detector not in MISSING:
        return False
    # a hit read at one unit is known when that unit is linked to a Gap: one line can hold a
    # whole § (Dungeon Draft, Twister's §Déplacement), and a Gap about one of its sentences
    # says nothing of another; a hit read at a line (a heading, a lone line) goes by the line
    if (h.unit in gapped_units) if h.unit else ((h.cite, h.line) in gapped_units):
        return True
    return h.detector in SECTION_WIDE and h.cite in {c for g in game.gaps for c in cites(g.cite)}


def detect(game, rulebook: Path | str | None = None) -> list[Finding]:
    """The detectors' findings for a Game record, on its rulebook (the seed by default), less
    what the model already reports; one not-established result when the text cannot be read."""
    from ...rulebook.book import book, seeds_dir

    if rulebook is None and not Path(game.rulebook).suffix:
        return []  # a game with no rulebook text: nothing to read
    if rulebook is None and seeds_dir() is None:  # said, not silent: a whole family of checks did not run
        return [Finding(f"{game.name}.unknown.text.detectors", game.name, "unknown", [],
                        "whether the rulebook's text shows defects the model does not report",
                        status="not established", open="input",
                        details=[f"not established: the rulebook {Path(game.rulebook).name} is not on this machine "
                                 "(looked for shared/seeds up from here and from referee; set REFEREE_SEEDS to its "
                                 "folder, or give --rulebook FILE); nor are the text's worked examples replayed "
                                 "(checks/worked.py reads them in it)"])]
    try:
        b = book(game, rulebook)
        entries = _entries(game)
        skip, gapped = _map(game, entries)
    except RefereeError as e:
        return [Finding(f"{game.name}.unknown.text.detectors", game.name, "unknown", [],
                        "whether the rulebook's text shows defects the model does not report",
                        status="not established", open="input",
                        details=[f"the rulebook could not be read: {e.located()}"])]
    p = page(game.name, b.path, b.sections, frozenset(e.at for e in entries if e.reason == "component"))
    hits = [h for h in read(p, skip) if not _known(game, h, gapped)]
    # and the facts the text gives twice that agree, the references that land: claims proved,
    # listed apart (restated.py, refs.py)
    return (findings(p, [*hits, *silent_option(game), *unstated_effect(game, entries)])
            + restated.checked(p, skip) + refs.references_checked(p, skip))


__all__ = ["MISSING", "TEXT_DETECTORS", "VALUES", "Hit", "Page", "detect", "findings", "page", "read", "silent_option",
           "unstated_effect"]
