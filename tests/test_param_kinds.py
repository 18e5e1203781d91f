"""Every field of every event of every built-in game, given a value of any JSON type: its
reader gives a value or a BadField (a located exit-2 message), never another exception.
The fuzz suite (bench/fuzz.py) mutates the fields its example logs hold; this reaches the
fields no example holds (Twister's 'dir' of a rotation crashed with a dict: unhashable)."""
from __future__ import annotations

import pytest

from referee.model import BUILTIN, load
from referee.model.kernel.rules import BadField

VALUES = ["", "x", "cw", "Ana", 0, -1, 7, 2**63, 2.5, float("inf"), True, False, None, [], [1], [[]], ["Ana"],
          {}, {"a": 1}, {"x": 1, "y": 2}, [0] * 40, "A" * 5_000]


@pytest.mark.parametrize("name", sorted(BUILTIN))
def test_every_field_reads_any_json_value_or_says_why(name):
    game = load(name)
    cfg = game.default_config()
    players = tuple(game.header_example.get("players") or ("Ana", "Ben"))
    seen = 0
    for act in game.actions:
        for prm in act.params:
            for v in VALUES:
                try:
                    prm.kind.decode(v, cfg, players)
                except BadField as e:
                    assert str(e) and "Traceback" not in str(e)
                seen += 1
    assert seen >= len(VALUES)  # the game has fields, and each was given every value


def test_a_list_too_long_names_its_things_in_english():
    from referee.model.kernel.rules import Names, plural

    assert (plural(1, "card"), plural(2, "card"), plural(4, "class"), plural(None, "spot")) == \
        ("card", "cards", "classes", "spots")
    kind = Names(lambda cfg: ("Mage", "Guerrier"), what="class", most=1)
    with pytest.raises(BadField, match="expected at most 1 class, got 2"):
        kind.decode(["Mage", "Mage"], None, ())
