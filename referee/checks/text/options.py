"""silent-option: a choice the model needed where the text is silent (an Option of kind
"silent"). Its ruling, where one asks the question, reports it with the situation and a
witness (audit/rulings.py), so only an option no ruling answers is a finding here. "house"
options are decided by the text, "variant" ones are the book's own, "disputed" ones are the
audit's own findings (audit/listed.py): none of them is reported here. Nor is an option a
Gap already reports: one whose `fills` names it ("option NAME"), the gap being the finding of
that silence (Twister's take_and_drop and option drop_cost); the audit's policy pass then
tells the option's default on that Gap's finding when its headline names the option
(`option 'NAME'`, as take_and_drop's does), else as a finding of its own (checks/policy.py:
review)."""
from __future__ import annotations

import re
from collections.abc import Iterator

from ...model.kernel.rules import cites
from .hit import Hit


def silent_option(game) -> Iterator[Hit]:
    asked = {x.option[0] for r in game.rulings for x in r.answers if x.option is not None}
    gapped = {m for g in game.gaps for m in re.findall(r"\boption ([a-z_]+)\b", g.fills)}
    for o in game.options:
        if o.kind != "silent" or o.name in asked or o.name in gapped:
            continue
        where = cites(o.cite) or [""]
        readings = "; ".join(f"{k}: {v}" for k, v in o.choices.items())
        yield Hit(where[0], "silent-option", "gap",  # the text is silent: a gap (a conflict would be an ambiguity)
                  f"the text does not decide {o.says}; the model had to pick a reading "
                  f"(option '{o.name}', default {o.default}; {readings})", 0, o.name, also=tuple(where[1:]))
