"""Regenerate the Dungeon Draft example logs: complete legal games for 2 and 5 players
(random legal play, preferring to play cards over ending a turn) and illegal variants, each
a legal prefix followed by one illegal event (or a wrong declared result), with the
expected verdict in the header. Run from the worktree root:

    /work/venv/bin/python examples/draft/make.py
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent.parent))

import orjson  # noqa: E402

from referee.model import load  # noqa: E402
from referee.model.kernel import args  # noqa: E402
from referee.model.kernel.play import event, legal  # noqa: E402
from referee.replays.engine import setup_from_header  # noqa: E402

G = load("draft")
NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eva")


def play(n, seed, options=None, eager=0.85):
    """A complete legal game: (header, [(state before, action, args)], final state).
    `eager`: how often a player plays a card rather than ending its turn when it can."""
    rng = random.Random(seed)
    players = list(NAMES[:n])
    header = {"referee": 1, "game": "draft", "rules": "seed 004", "players": players,
              "options": dict(options or {}), "setup": {}}
    s = setup_from_header(G, header)
    steps = []
    while G.result(s) is None:
        moves = legal(G, s)
        plays = [m for m in moves if m[0].name != "play.end"]
        if eager == 0:
            moves = [m for m in moves if m[0].name not in ("play.card", "play.monster", "play.quest")]
        act, a = rng.choice(plays) if plays and rng.random() < eager else rng.choice(moves)
        steps.append((s, act, a))
        s = G.apply(s, act, a)
    return header, steps, s


def lines(header, steps, cfg, extra=None):
    players = tuple(header["players"])
    out = [header]
    for i, (_, act, a) in enumerate(steps, 1):
        out.append({"n": i, **event(G, cfg, act, a, players)})
    if extra is not None:
        out.append({"n": len(steps) + 1, **extra} if "result" not in extra else extra)
    return out


def write(name, rows):
    (HERE / name).write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in rows))


def result_of(s, players):
    out = G.result(s)
    return {"result": {"winner": [players[w] for w in out.winners] if len(out.winners) > 1 else players[out.winners[0]],
                       "points": {players[i]: x for i, x in enumerate(out.points)}}}


def inject(header, steps, find, note, cite):
    """The first state of the game where `find(state)` gives an illegal event: the legal
    prefix, that event, and the expected verdict."""
    cfg = steps[0][0].cfg
    for i, (s, _, _) in enumerate(steps):
        ev = find(s)
        if ev is not None:
            h = {**header, "note": note, "expect": {"verdict": "illegal", "line": i + 2, "cite": cite}}
            act, a = ev
            assert G.first_failure(s, G.action(act), a) is not None, note
            return lines(h, steps[:i], cfg, event(G, cfg, G.action(act), a, tuple(header["players"])))
    raise SystemExit(f"no position for: {note}")


def names(s):
    return s.cfg.comp.cards


def main():
    for n, seed, name in ((2, 7, "legal-2p.jsonl"), (5, 11, "legal-5p.jsonl")):
        header, steps, end = play(n, seed)
        h = {**header, "expect": {"verdict": "legal"}}
        write(name, lines(h, steps, end.cfg) + [result_of(end, header["players"])])
        if n == 2:
            two = (header, steps, end)
        else:
            five = (header, steps, end)

    # findings shown by legal games: nobody plays a card, so all tie on 0 XP (option tie=shared);
    # five players hoard gold and a finite reserve runs dry (option reserve=finite)
    header, steps, end = play(2, 5, eager=0)
    h = {**header, "note": "nobody plays a card: a tie on 0 XP, shared (option tie=shared, §Fin de manche)",
         "expect": {"verdict": "legal"}}
    write("finding-xp-tie.jsonl", lines(h, steps, end.cfg) + [result_of(end, header["players"])])
    header, steps, end = play(5, 5, {"reserve": "finite"}, eager=0)
    assert end.pool == 0
    h = {**header, "note": "five players hoard their gold: the finite reserve runs dry in round 3 and players "
         "take what is left (option reserve=finite, §Fin de tour)", "expect": {"verdict": "legal"}}
    write("finding-reserve-dry.jsonl", lines(h, steps, end.cfg) + [result_of(end, header["players"])])

    header, steps, end = two
    cards = lambda s: s.cfg.comp.cards  # noqa: E731

    def second_pick(s):  # a player picks again before the other has picked
        if s.phase == 1 and s.picks[0] == s.step + 1 and s.picks[1] == s.step:
            k = next((i for i, x in enumerate(s.pack[0]) if x), None)
            return None if k is None else ("draft.pick", args(0, card=k))
    write("illegal-pick-twice.jsonl", inject(header, steps, second_pick,
          "Ana picks a second card before Ben has picked at this step", "§Mise en place"))

    def too_poor(s):
        if s.phase == 2:
            p = s.turn
            for k, c in enumerate(cards(s)):
                if c.type != "monster" and s.hand[p][k] and c.cost > s.gold[p]:
                    return "play.card", args(p, card=k)
    write("illegal-hero-unpaid.jsonl", inject(header, steps, too_poor,
          "a hero or weapon played without the gold to pay for it", "§Jouer des cartes"))

    def weak(s):
        from referee.model.draft.common import attack
        if s.phase == 2:
            p = s.turn
            for k, c in enumerate(cards(s)):
                if c.type == "monster" and s.hand[p][k] and c.cost > attack(s, p):
                    return "play.monster", args(p, card=k)
    write("illegal-monster-too-strong.jsonl", inject(header, steps, weak,
          "a monster attacked with too little attack", "§Monstres"))

    def quest_early(s):
        from referee.model.draft.common import meets
        if s.phase == 2:
            p = s.turn
            for q, quest in enumerate(s.cfg.comp.quests):
                if s.qhand[p][q] and not meets(s, p, quest.needs):
                    return "play.quest", args(p, quest=q)
    write("illegal-quest-classes.jsonl", inject(header, steps, quest_early,
          "a quest played without the heroes and weapons of its classes", "§Quêtes"))

    def out_of_turn(s):
        if s.phase == 2:
            return "play.end", args(1 - s.turn)
    write("illegal-out-of-turn.jsonl", inject(header, steps, out_of_turn,
          "the player who is not to play ends a turn", "§Mise en place"))

    def short_pack(s):
        if s.phase == 1 and s.dealt[0] == 0:
            k = next(i for i, x in enumerate(s.deck) if x >= 6)
            return "draft.deal", args(None, to=0, cards=tuple(6 if i == k else 0 for i in range(len(cards(s)))))
    write("illegal-pack-of-six.jsonl", inject(header, steps, short_pack,
          "chance deals a pack of 6 cards", "§Mise en place"))

    def keep_four(s):
        if s.phase == 0 and s.qgot[0] == 1 and s.kept[0] == 0:
            return "setup.keep", args(0, keep=tuple(min(x, 2) for x in s.qdealt[0][:len(s.cfg.comp.quests)]))
    write("illegal-keep-four.jsonl", inject(header, steps, keep_four,
          "a player keeps more than 3 of its quests", "§Mise en place"))

    rows = lines({**header, "note": "the declared winner is not the player with the most XP",
                  "expect": {"verdict": "illegal", "line": len(steps) + 2, "cite": "§Fin de manche"}}, steps, end.cfg)
    res = result_of(end, header["players"])
    out = G.result(end)
    loser = next(p for i, p in enumerate(header["players"]) if i not in out.winners) if len(out.winners) < 2 else None
    if loser is None:
        raise SystemExit("the 2-player game is a tie: pick another seed")
    res["result"]["winner"] = loser
    write("illegal-wrong-winner.jsonl", rows + [res])

    # option stop=must: a player ends its turn while it can still afford a card
    header_m, steps_m, end_m = play(2, 3, {"stop": "must"})
    from referee.model.draft.rulings import can_play

    def stops_early(s):
        if s.phase == 2 and can_play(s, s.turn):
            return "play.end", args(s.turn)
    write("illegal-stop-early-must.jsonl", inject(header_m, steps_m, stops_early,
          "with option stop=must, a player ends its turn while it can still play a card", "§Fin de tour"))

    # five players: simultaneous picks, one pick per player per step
    header5, steps5, end5 = five

    def eager5(s):
        if s.phase == 1 and s.picks[2] == s.step + 1 and s.picks[4] == s.step:
            k = next((i for i, x in enumerate(s.pack[2]) if x), None)
            return None if k is None else ("draft.pick", args(2, card=k))
    write("illegal-5p-pick-ahead.jsonl", inject(header5, steps5, eager5,
          "Cleo picks again while Eva has not picked at this step", "§Mise en place"))


if __name__ == "__main__":
    main()
