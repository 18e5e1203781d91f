"""§Enchères, §Donjon: the dungeon pile is built face down, one monster on top of another,
and never shuffled before the runner reveals it card by card, so a log fixes which card
comes next: the last one added. The monster deck is shuffled: any card of it may come."""
import json

import pytest

from referee.model.kernel import Illegal
from referee.replays.engine import replay

from welcome_helpers import G, in_dungeon, step

HEAD = {"referee": 1, "game": "welcome", "players": ["Ana", "Ben"], "setup": {"adventurer": "Warrior", "first": "Ana"}}


def log(tmp_path, *events):
    rows = [HEAD] + [{"n": i, **e} for i, e in enumerate(events, 1)]
    p = tmp_path / "w.jsonl"
    p.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return p


def bidding(first: str, second: str):
    """Ana adds `first`, Ben adds `second` on top of it, Ana a Goblin on top, Ben passes: Ana enters."""
    return ({"by": "Ana", "do": "bid.draw", "monster": first}, {"by": "Ana", "do": "bid.add"},
            {"by": "Ben", "do": "bid.draw", "monster": second}, {"by": "Ben", "do": "bid.add"},
            {"by": "Ana", "do": "bid.draw", "monster": "Goblin"},
            {"by": "Ana", "do": "bid.add"}, {"by": "Ben", "do": "bid.pass"})


def test_the_last_monster_added_is_revealed_first(tmp_path):
    ev = bidding("Orc", "Dragon")  # pile, bottom first: Orc, Dragon, Goblin
    ok = log(tmp_path, *ev, {"by": "Ana", "do": "dungeon.vorpal", "monster": "Lich"},
             {"by": "Ana", "do": "dungeon.reveal", "monster": "Goblin"})
    assert replay(ok).verdict == "legal"
    bad = log(tmp_path, *ev, {"by": "Ana", "do": "dungeon.vorpal", "monster": "Lich"},
              {"by": "Ana", "do": "dungeon.reveal", "monster": "Orc"})
    v = replay(bad)
    p = v.first()
    assert (v.verdict, p.line, p.cite) == ("illegal", 10, "§Donjon §Enchères")
    assert "the Goblin was added last and is on top, not the Orc" in p.message


def test_reveals_follow_the_pile_down_to_the_first_card_added(tmp_path):
    ev = bidding("Orc", "Dragon")
    fights = []
    for m in ("Goblin", "Dragon", "Orc"):
        fights += [{"by": "Ana", "do": "dungeon.reveal", "monster": m}, {"by": "Ana", "do": "dungeon.fight"}]
    v = replay(log(tmp_path, *ev, {"by": "Ana", "do": "dungeon.vorpal", "monster": "Lich"}, *fights,
                   {"by": "Ana", "do": "dungeon.leave"}))
    assert v.verdict == "legal", v.first() and v.first().message
    swapped = fights[:2] + fights[4:6] + fights[2:4]  # Orc before the Dragon above it
    v = replay(log(tmp_path, *ev, {"by": "Ana", "do": "dungeon.vorpal", "monster": "Lich"}, *swapped))
    assert v.verdict == "illegal" and v.first().line == 12  # header, 7 bids, the Vorpal, Goblin + fight


def test_a_hand_built_pile_is_revealed_in_its_listed_order():
    s = in_dungeon("Mage", ["Dragon", "Goblin", "Orc"])
    with pytest.raises(Illegal, match="the Dragon was added last"):
        step(s, "dungeon.reveal", monster="Goblin")
    s = in_dungeon("Mage", ["Dragon", "Goblin", "Orc"], ordered=False)  # order unknown: any card
    step(s, "dungeon.reveal", monster="Goblin")


def test_polymorph_from_the_dungeon_pile_takes_its_top_card_and_from_the_deck_any():
    s = step(in_dungeon("Mage", ["Dragon", "Goblin", "Orc"], polymorph="dungeon"), "dungeon.reveal", monster="Dragon")
    with pytest.raises(Illegal, match="top card"):
        step(s, "dungeon.polymorph", monster="Orc")
    t = step(s, "dungeon.polymorph", monster="Goblin")
    t = step(step(t, "dungeon.fight"), "dungeon.reveal", monster="Orc")  # the Goblin left the pile
    s = step(in_dungeon("Mage", ["Dragon", "Goblin"], polymorph="deck"), "dungeon.reveal", monster="Dragon")
    step(s, "dungeon.polymorph", monster="Lich")  # the deck is shuffled: any card of it


def test_random_games_reveal_only_the_top_card():
    import random

    from referee.model.kernel.play import legal
    from referee.replays.engine import setup_from_header

    cfg = G.default_config(nplayers=2)
    for seed in range(5):
        rng = random.Random(seed)
        s = setup_from_header(G, G.random_header(rng, cfg))
        for _ in range(400):
            moves = legal(G, s)
            if G.result(s) is not None or not moves:
                break
            reveals = {a.monster for act, a in moves if act.name == "dungeon.reveal"}
            assert len(reveals) <= 1 and all(s.pile[-1] == k for k in reveals)
            act, a = rng.choice(moves)
            s = G.apply(s, act, a)
