"""Regenerate the example games of Welcome to the Dungeon (run from the worktree root:
`python examples/welcome/make.py`). Legal games are played by a simple seeded policy
(the cards drawn follow the real odds of the piles); the illegal variants each change one
event of a legal game, and their headers say the line and § a replay must report."""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from referee.model import load  # noqa: E402
from referee.model.kernel.play import event, legal  # noqa: E402
from referee.replays.engine import setup_from_header  # noqa: E402

G = load("welcome")
OUT = Path(__file__).parent
NAMES = ("Ana", "Ben", "Cleo", "Dan")


def weight(s, act, a) -> float:
    c = s.cfg.comp
    if act.name == "bid.draw":
        return 3.0 * s.deck[a.monster] / max(1, sum(s.deck))
    if act.name == "bid.pass":
        return 0.04 + 0.35 * sum(s.dungeon)
    if act.name == "bid.add":
        return 2.0
    if act.name == "bid.sacrifice":
        return 1.0 / 6
    if act.name == "dungeon.vorpal":
        return 10.0 * (1 + s.cfg.comp.strength[a.monster]) if s.revealed == 0 else 0
    if act.name == "dungeon.reveal":
        return s.dungeon[a.monster]
    if act.name == "dungeon.leave":
        return 1.0
    st = sum(s.shown[k] * c.strength[k] for k in range(len(c.names)))
    if act.name == "dungeon.axe":
        return 4.0 if st >= 5 else 0.0
    if act.name == "dungeon.polymorph":
        pile = s.deck if s.cfg.opt("polymorph") == "deck" else s.dungeon
        return (3.0 if st >= 6 else 0.0) * pile[a.monster] / max(1, sum(pile))
    if act.name == "dungeon.fight":
        return 1.0
    return 1.0


def play(n: int, adventurer: str, first: int, seed: int, options: dict | None = None):
    rng = random.Random(seed)
    players = list(NAMES[:n])
    header = {"referee": 1, "game": "welcome", "rules": "livret FR", "options": options or {},
              "players": players, "setup": {"adventurer": adventurer, "first": players[first]}}
    s = setup_from_header(G, header)
    events = []
    while G.result(s) is None and len(events) < 3000:
        ms = [(act, a) for act, a in legal(G, s)]
        ws = [weight(s, act, a) for act, a in ms]
        if sum(ws) == 0:
            ws = [1.0] * len(ms)
        act, a = rng.choices(ms, ws)[0]
        events.append(event(G, s.cfg, act, a, tuple(players)))
        s = G.step(s, act, a)
    return header, events, s


def write(name: str, header: dict, events: list[dict], result: dict | None, expect: dict, note: str = ""):
    h = dict(header)
    if not h.get("options"):
        h.pop("options", None)
    h["expect"] = expect
    if note:
        h["note"] = note
    rows = [h] + [{"n": i, **{k: v for k, v in e.items()}} for i, e in enumerate(events, 1)]
    if result is not None:
        rows.append({"result": result})
    (OUT / name).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def summary(s, players):
    o = G.result(s)
    return o, {"winner": players[o.winners[0]]}


def advs_seen(events, header):
    return {header["setup"]["adventurer"]} | {e["adventurer"] for e in events if e["do"] == "round.next"}


def find(n, adventurer, how, want_events=None, options=None, start=0, extra=lambda ev: True):
    for seed in range(start, start + 4000):
        header, events, s = play(n, adventurer, seed % n, seed, options)
        o = G.result(s)
        if o is None or (how not in o.how) or not extra(events):
            continue
        return header, events, s
    raise SystemExit(f"no seed for {n} {adventurer} {how}")


LEGAL = [
    ("2p-warrior-two-successes.jsonl", 2, "Warrior", "second success", {}, lambda ev: True),
    ("2p-barbarian-elimination.jsonl", 2, "Barbarian", "last player", {}, lambda ev: any(e["do"] == "dungeon.axe" for e in ev)),
    ("3p-mage-two-successes.jsonl", 3, "Mage", "second success", {}, lambda ev: any(e["do"] == "dungeon.polymorph" for e in ev)),
    ("3p-rogue-elimination.jsonl", 3, "Rogue", "last player", {}, lambda ev: any(e["do"] == "dungeon.vorpal" for e in ev)),
    ("4p-warrior-elimination.jsonl", 4, "Warrior", "last player", {}, lambda ev: len({e["adventurer"] for e in ev if e["do"] == "round.next"}) >= 3),
    ("4p-mage-two-successes.jsonl", 4, "Mage", "second success", {}, lambda ev: True),
    ("2p-rogue-options.jsonl", 2, "Rogue", "", {"vorpal": "one", "polymorph": "dungeon", "variant": "on"}, lambda ev: True),
]


def main():
    made = {}
    for name, n, adv, how, opts, extra in LEGAL:
        header, events, s = find(n, adv, how, options=opts, extra=extra)
        o, res = summary(s, header["players"])
        write(name, header, events, res, {"verdict": "legal"},
              f"{n} players, {o.how}; adventurers met: {', '.join(sorted(advs_seen(events, header)))}")
        made[name] = (header, events, s)
    illegal(made)


def first(events, do, pred=lambda e: True):
    return next(i for i, e in enumerate(events) if e["do"] == do and pred(e))


def illegal(made):
    def bad(name, base, events, idx, cite, note):
        h, _, _ = made[base]
        write(name, h, events[: idx + 1], None, {"verdict": "illegal", "line": idx + 2, "cite": cite}, note)

    h, ev, _ = made["2p-warrior-two-successes.jsonl"]
    players = h["players"]
    # out of turn: the other player draws
    i = first(ev, "bid.draw")
    e = dict(ev[i], by=players[1 - players.index(ev[i]["by"])])
    bad("bad-out-of-turn.jsonl", "2p-warrior-two-successes.jsonl", ev[:i] + [e], i, "§Enchères",
        "a player bids out of turn")
    # a card that is no longer in the deck: the one Dragon drawn twice in a round
    for base, (hb, evb, _) in made.items():
        hit = None
        for i, x in enumerate(evb):
            if x["do"] == "bid.draw" and x["monster"] == "Dragon":
                for j in range(i + 1, len(evb)):
                    if evb[j]["do"] == "round.next":
                        break
                    if evb[j]["do"] == "bid.draw":
                        hit = (i, j)
                        break
            if hit:
                break
        if hit:
            j = hit[1]
            bad("bad-second-dragon.jsonl", base, evb[:j] + [dict(evb[j], monster="Dragon")], j, "§Enchères",
                "the Dragon is drawn a second time in a round: the deck holds one")
            break
    # leaving the dungeon with cards left
    i = first(ev, "dungeon.reveal")
    e = {"by": ev[i]["by"], "do": "dungeon.leave"}
    bad("bad-leave-early.jsonl", "2p-warrior-two-successes.jsonl", ev[:i] + [e], i, "§Donjon",
        "the runner leaves before revealing the dungeon pile")
    # a wrong declared winner
    hh, ev2, s2 = made["2p-barbarian-elimination.jsonl"]
    o = G.result(s2)
    loser = [p for k, p in enumerate(hh["players"]) if k not in o.winners][0]
    rows_h = dict(hh)
    write("bad-winner.jsonl", rows_h, ev2, {"winner": loser},
          {"verdict": "illegal", "line": len(ev2) + 2, "cite": "§Victoire"}, "the declared winner is the loser")
    # an event after the end
    e = {"by": hh["players"][o.winners[0]], "do": "bid.pass"}
    write("bad-after-end.jsonl", hh, ev2 + [e], None,
          {"verdict": "illegal", "line": len(ev2) + 2, "cite": "§Victoire"}, "an event after the game is over")
    # the Axe twice in one dungeon: find a dungeon where the Axe was used, then use it again
    i = first(ev2, "dungeon.axe")
    j = first(ev2[i + 1:], "dungeon.reveal") + i + 1
    e = {"by": ev2[i]["by"], "do": "dungeon.axe"}
    bad("bad-axe-twice.jsonl", "2p-barbarian-elimination.jsonl", ev2[: j + 1] + [e], j + 1, "§Équipement.Hache",
        "the Vorpal Axe is used twice in one dungeon")
    # Vorpal: reveal before naming / naming after the first reveal
    h3, ev3, _ = made["3p-rogue-elimination.jsonl"]
    i = first(ev3, "dungeon.vorpal")
    bad("bad-vorpal-not-named.jsonl", "3p-rogue-elimination.jsonl", ev3[:i] + ev3[i + 1: i + 2], i,
        "§Équipement.Vorpale", "the runner reveals before naming the Vorpal Dagger's type")
    other = "Goblin" if ev3[i]["monster"] != "Goblin" else "Orc"
    bad("bad-vorpal-twice.jsonl", "3p-rogue-elimination.jsonl", ev3[: i + 1] + [dict(ev3[i], monster=other)], i + 1,
        "§Équipement.Vorpale", "the Vorpal Dagger's type is named a second time")
    # the set-aside monsters revealed wrongly
    i = first(ev3, "round.reveal")
    wrong = list(ev3[i]["monsters"]) + ["Dragon"] if "Dragon" not in ev3[i]["monsters"] else ev3[i]["monsters"][:-1]
    e = dict(ev3[i], monsters=wrong)
    bad("bad-aside-reveal.jsonl", "3p-rogue-elimination.jsonl", ev3[:i] + [e], i, "§Issue",
        "the monsters revealed after the dungeon are not those set aside")
    # the next adventurer chosen by someone else than the runner
    i = first(ev3, "round.next")
    others = [p for p in h3["players"] if p != ev3[i]["by"]]
    e = dict(ev3[i], by=others[0])
    bad("bad-chooser.jsonl", "3p-rogue-elimination.jsonl", ev3[:i] + [e], i, "§Manche suivante",
        "a player who did not enter the dungeon picks the next adventurer")
    # the eliminated runner picks (default option chooser=left gives the player on his left)
    for base in ("4p-warrior-elimination.jsonl", "3p-rogue-elimination.jsonl", "3p-mage-two-successes.jsonl"):
        hb, evb, _ = made[base]
        s = setup_from_header(G, hb)
        pl = tuple(hb["players"])
        from referee.replays.engine import decode
        from referee.replays.log import Line
        hit = None
        for k, x in enumerate(evb):
            act, a = decode(G, s.cfg, pl, Line(k + 2, {"n": k + 1, **x}), k + 1)
            if x["do"] == "round.next" and s.fails[s.turn] >= 2:
                hit = (k, pl[s.turn])
                break
            s = G.step(s, act, a)
        if hit:
            k, runner = hit
            e = dict(evb[k], by=runner)
            bad("bad-eliminated-chooser.jsonl", base, evb[:k] + [e], k, "§Manche suivante",
                "the runner just eliminated picks the next adventurer (option chooser=left: the next player "
                "in play on his left picks)")
            break
    # Polymorph with an empty pile, sacrificing a tile already gone: built on the option game
    _, ev4, _ = made["2p-rogue-options.jsonl"]
    # the author's variant: setting aside on one's first bidding turn
    i = first(ev4, "bid.add")
    e = {"by": ev4[i]["by"], "do": "bid.sacrifice", "tile": "Buckler"}
    bad("bad-variant-first-turn.jsonl", "2p-rogue-options.jsonl", ev4[:i] + [e], i, "§Variante",
        "with the author's variant, a player sets aside the monster drawn on his first turn")
    hw, evw, _ = made["2p-warrior-two-successes.jsonl"]
    i = first(evw, "bid.sacrifice")
    k = first(evw[i + 1:], "bid.add") + i + 1
    # the same tile again, within the same round (before the next round.next)
    rn = next((m for m in range(i, len(evw)) if evw[m]["do"] == "round.next"), len(evw))
    if k < rn:
        e = {"by": evw[k]["by"], "do": "bid.sacrifice", "tile": evw[i]["tile"]}
        bad("bad-tile-gone.jsonl", "2p-warrior-two-successes.jsonl", evw[:k] + [e], k, "§Enchères",
            "a tile already sacrificed this round is sacrificed again")
    scripted()


def scripted():
    """Hand-written logs: the whole deck drawn, then Polymorph with nothing to draw; and two
    logs that cannot be read (an unknown monster; an unknown adventurer in the header)."""
    h = {"referee": 1, "game": "welcome", "rules": "livret FR", "players": ["Ana", "Ben"],
         "setup": {"adventurer": "Mage", "first": "Ana"}}
    order = ["Goblin", "Goblin", "Skeleton", "Skeleton", "Orc", "Orc", "Vampire", "Vampire", "Golem", "Golem",
             "Lich", "Demon", "Dragon"]
    ev = []
    for i, m in enumerate(order):
        who = h["players"][i % 2]
        ev += [{"by": who, "do": "bid.draw", "monster": m}, {"by": who, "do": "bid.add"}]
    ev += [{"by": "Ben", "do": "bid.pass"},  # the deck is empty: Ben must pass, Ana enters
           {"by": "Ana", "do": "dungeon.reveal", "monster": "Dragon"},
           {"by": "Ana", "do": "dungeon.polymorph", "monster": "Goblin"}]
    write("bad-polymorph-empty-deck.jsonl", h, ev, None,
          {"verdict": "illegal", "line": len(ev) + 1, "cite": "§Équipement.Métamorphose"},
          "the 13 monsters are all in the dungeon: Polymorph has no card to draw")
    ev2 = ev[:2] + [{"by": "Ben", "do": "bid.draw", "monster": "Troll"}]
    write("unreadable-unknown-monster.jsonl", h, ev2, None, {"verdict": "unreadable", "line": 4},
          "there is no Troll among the 13 monsters")
    h3 = dict(h, setup={"adventurer": "Paladin", "first": "Ana"})
    write("unreadable-unknown-adventurer.jsonl", h3, ev[:2], None, {"verdict": "unreadable", "line": 1},
          "the header names an adventurer the game does not have")


if __name__ == "__main__":
    main()
