"""§7.5: an item marked for one use is discarded after use, not when it is equipped.

Found by an independent engine (session 61): the model spent a single-use item at
expedition.send, so a group that never fought (on a helmet whose entry group was routed, and
declining the dungeon, §8.7) lost it unused, and the next turn's send with it was refused.
single-use-declined.jsonl is that engine's hand-built game; single-use-used.jsonl is the same
game where the group does the dungeon instead (lines 32-34), so the item is gone at line 45."""
from pathlib import Path
from types import SimpleNamespace as A

import referee
from referee.model.raiders.s8_dungeons import phase_end, treasure_names

from .conftest import GAME, act
from .test_expeditions import CFG, dice, expeditions, send
from .test_gap_readings_s42 import _holding, _item

DATA = Path(__file__).resolve().parents[1] / "data" / "raiders"


def _replay(tmp_path, name, last=None, cards=None):
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    if cards is not None:
        lines[last - 1] = lines[last - 1].replace('"cards": ["Potion de force"]', f'"cards": {cards}')
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return referee.load("raiders").replay(path)


def test_a_single_use_item_whose_group_never_fights_is_kept(tmp_path):
    # line 29: the Potion de force under Ana's helmet group; line 31: Ben's entry group routed;
    # line 32: Ana's group declines; line 43: the Potion equipped again, the next turn
    v = _replay(tmp_path, "single-use-declined.jsonl")
    assert v.verdict == "legal", v


def test_a_single_use_item_used_in_a_pve_is_gone(tmp_path):
    # lines 32-34: Ana's group does the dungeon with the Potion; line 45: equipped again
    v = _replay(tmp_path, "single-use-used.jsonl")
    assert v.verdict == "illegal" and v.problems[0].line == 45 and v.problems[0].cite == "§7.4 §7.5", v
    assert _replay(tmp_path, "single-use-used.jsonl", last=45, cards="[]").verdict == "legal"


def test_a_fresh_attacker_spends_its_single_use_item_in_the_pvp_and_the_defender_in_its_pve():
    potion, lame = _item("Potion de force"), _item("Lame runique")
    s = expeditions(expedition=(1, 1)).but(charges=(6, 6))
    s = _holding(s, 0, "Lame runique", known=("Lame runique",))
    s = _holding(s, 1, "Potion de force", known=("Potion de force",))
    s = send(s, 0, 2, "Crypte oubliée", front=("guerrier", "mage"), equip=("Lame runique",))
    s = send(s, 1, 3, "Crypte oubliée", square="casque", front=("guerrier", "mage"), equip=("Potion de force",))
    assert s.owned[1][potion] == 1 and s.worn[1][potion] == 3  # under Ben's group 3, not spent yet
    s = GAME.step(s, act("expedition.roll"), A(p=None, who=0, group=2, dice=dice("guerrier 5c", "mage 4c"),
                                                explore=tuple(0 for _ in s.xpile)))
    s = GAME.step(s, act("expedition.resolve"), A(p=0, group=2, cancel=1, cancelx=tuple(0 for _ in s.xpile),
                                                   disarm=tuple(0 for _ in s.xpile), heal=(0,) * 5, victims=(0,) * 5))
    assert s.owned[0][lame] == 1 and s.owned[1][potion] == 1  # a reusable item stays; Ben has not fought
    s = GAME.step(s, act("treasure.draw"), A(p=0, card=treasure_names(CFG).index("Trophée")))
    s = GAME.step(s, act("pvp.roll"), A(p=None, who=1, group=3, dice=dice("guerrier 5c", "mage 4c")))
    s = GAME.step(s, act("pvp.roll"), A(p=None, who=0, group=2, dice=dice("guerrier 2", "mage 1")))
    t = GAME.step(s, act("pvp.resolve"), A(p=None, who=1, group=3, versus=2))
    assert t.owned[1][potion] == 0 and t.known[1][potion] == 0 and t.items[1] == 0  # used in the PvP
    assert phase_end(t).ipile[potion] == 0  # out of the game (gap item_discard)

