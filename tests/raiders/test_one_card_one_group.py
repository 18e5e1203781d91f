"""§7.4: a group's cards are placed face down under its zone, so one card equips one group.

Found by an independent engine (session 47): the model let one identified item (not a
single-use one) be equipped on two groups of the same turn, and, under the option
house_card=hand (the House card is not spent), one House card likewise; each copy added its
bonus to its group. The logs are scenario games cut at the second send (tests/data/raiders/)."""
from pathlib import Path

import referee

DATA = Path(__file__).resolve().parents[1] / "data" / "raiders"


def _replay(tmp_path, name, drop_last=False):
    path = DATA / name
    if drop_last:
        lines = path.read_bytes().splitlines()[:-1]
        path = tmp_path / name
        path.write_bytes(b"\n".join(lines) + b"\n")
    return referee.load("raiders").replay(path)


def test_an_item_equipped_on_a_group_is_not_equipped_on_another_the_same_turn(tmp_path):
    # line 303: Ana's group 1 takes her one Bouclier; line 304: group 3 takes it again
    v = _replay(tmp_path, "one-item-two-groups.jsonl")
    assert v.verdict == "illegal" and v.problems[0].line == 304 and v.problems[0].cite == "§7.4", v
    assert "Bouclier" in v.problems[0].message
    assert _replay(tmp_path, "one-item-two-groups.jsonl", drop_last=True).verdict == "legal"


def test_a_kept_house_card_is_not_under_two_groups_at_once(tmp_path):
    # option house_card=hand: Veille is equipped on Ana's group 1 (line 35) and again on group 2
    v = _replay(tmp_path, "kept-house-card-two-groups.jsonl")
    assert v.verdict == "illegal" and v.problems[0].line == 37 and v.problems[0].cite == "§7.4", v
    assert "Veille" in v.problems[0].message
    assert _replay(tmp_path, "kept-house-card-two-groups.jsonl", drop_last=True).verdict == "legal"
