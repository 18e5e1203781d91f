"""unstated-effect: an act whose conditions the text gives and whose result it never states.
Read from the coverage map: some unit encodes one of the action's Needs (the text says when
it may be done) and no unit encodes the action itself (its effect): the model's effect is
then its own reading. Dropped where the model already reports it: a Gap, a Ruling or a
silent Option citing one of the action's §s. A disputed Option does not drop it: the
rulebook's defect is the silence, and the sources' dispute on the effect is folded into
this finding once the audit has both (checks/policy.py: fold_disputed_effects; Welcome's
Polymorph: the booklet says only when it cannot be used, the sources differ on what it
takes its replacement from)."""
from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from ...model.kernel.rules import cites
from .hit import Hit


def unstated_effect(game, entries: Sequence) -> Iterator[Hit]:
    ids = [(e, r.partition("@")[0]) for e in entries for r in e.rules]
    reported = {c for x in (*game.gaps, *game.rulings) for c in cites(x.cite)}
    reported |= {c for o in game.options if o.kind == "silent" for c in cites(o.cite)}
    for act in game.actions:
        needs = [e for e, rid in ids if rid.startswith(f"need:{act.name}#")]
        if not needs or any(rid == f"action:{act.name}" for _, rid in ids):
            continue
        if reported & {*cites(act.cite), *(e.at.partition("#")[0] for e in needs)}:
            continue
        first = min(needs, key=lambda e: e.line)
        yield Hit(first.at.partition("#")[0], "unstated-effect", "gap",
                  f"the text says when '{act.name}' may be done and never what it does: the model's "
                  f"effect ({act.says}){OWN}", first.line, act.name)


OWN = " is its own reading"  # the headline's end, which a dispute folded in rewrites (policy.fold)
_ACT = re.compile(r"the text says when '([^']+)' may be done and never what it does")


def act_of(f) -> str | None:
    """The act an unstated-effect finding is about (its headline names it), else None."""
    m = _ACT.match(f.says) if "detector: unstated-effect (referee/checks/text)" in f.details else None
    return m[1] if m else None
