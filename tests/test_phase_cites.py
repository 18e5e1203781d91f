"""An event out of its phase breaks the order of the phases: the § of its own phase (the
Need's, the replay's answer) and the § of the phase the game is in, whose events were due.
An engine naming either is right: `replay --expect` and `differential` take both
(checks/scenarios/cites.py). Met by an independent Draft engine, s63: 'play.end' during
the draft named §Mise en place where referee names §Jouer des cartes."""
from __future__ import annotations

from referee.checks.scenarios.cites import broken_cites
from referee.model import load
from referee.replays.engine import replay

HEAD = {"referee": 1, "game": "draft", "rules": "seed 004", "players": ["Ana", "Ben", "Cleo"], "setup": {}}
LOG = [HEAD, {"n": 1, "by": "chance", "do": "setup.first", "player": "Ana"}, {"n": 2, "by": "Ana", "do": "play.end"}]


def test_an_event_out_of_its_phase_breaks_the_phase_due_too():
    v = replay(LOG)
    p = v.first()
    assert (v.verdict, p.line, p.cite) == ("illegal", 3, "§Jouer des cartes"), v
    assert "(§Mise en place)" in p.message  # the message names the phase due
    cites = broken_cites(load("draft"), LOG, {"line": 3, "cite": p.cite, "kind": "illegal"})
    assert cites[0] == "§Jouer des cartes" and "§Mise en place" in cites

