"""Writes the example logs of Trolls et Dragons 2020 (run from the worktree root:
`python examples/trolls/make.py`). Legal games are played by a simple seeded policy over the
model's legal moves; illegal variants are a legal prefix plus one recorded mistake. Each file
is replayed here and must give the verdict its header expects."""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from referee.model import load  # noqa: E402
from referee.model.kernel.play import event, legal  # noqa: E402
from referee.replays.engine import replay, setup_from_header  # noqa: E402
from referee.replays.expect import mismatch  # noqa: E402

G = load("trolls")
HERE = Path(__file__).parent
PLAYERS = ["Ana", "Ben", "Cy"]
HANDS = [["as", "3", "5", "7", "9"], ["as", "3", "5", "7", "joker"], ["as", "as", "3", "5", "9"]]
WEIGHT = {"round.pass": 1, "turn.bet": 1, "round.blanc": 2, "act.move": 3, "act.reorient": 1, "act.shoot": 8,
          "act.charge": 8, "act.melee": 8, "act.destroy": 60, "act.reload": 6}


def header(options=None, expect=None, note=None, hands=None):
    h = {"referee": 1, "game": "trolls", "rules": "2020", "players": PLAYERS, "options": options or {},
         "setup": {"factions": ["Humains", "Trolls", "Dragons"], "hands": hands or HANDS}}
    if expect:
        h["expect"] = expect
    if note:
        h["note"] = note
    return h


def _closer(s, act, a):
    """Trolls like to walk to a standing objective (weight x10 for a move that gets closer)."""
    if act.name != "act.move" or a.p != 1:
        return 1
    c = s.cfg.comp
    from referee.model.trolls.state import triples

    for i, (m, x, y) in enumerate(triples(a.figs)):
        if m:
            for j, o in enumerate(c.objs):
                if s.struct[j] > 0:
                    d0 = (s.pos[i][0] - o.pos[0]) ** 2 + (s.pos[i][1] - o.pos[1]) ** 2
                    d1 = (x - o.pos[0]) ** 2 + (y - o.pos[1]) ** 2
                    if d1 < d0:
                        return 10
    return 1


def play(options=None, seed=1, max_steps=4000):
    """A complete game by a seeded policy: the events (without "n") and the final state."""
    rng = random.Random(seed)
    h = header(options)
    s = setup_from_header(G, h)
    evs = []
    for _ in range(max_steps):
        if G.result(s) is not None:
            break
        moves = legal(G, s)
        if any(act.name == "turn.reveal" for act, _ in moves):
            moves = [m for m in moves if m[0].name == "turn.reveal"]
        if any(act.name == "game.end" for act, _ in moves):
            moves = [m for m in moves if m[0].name == "game.end"]
        w = [WEIGHT.get(act.name, 4) * _closer(s, act, a) for act, a in moves]
        act, a = rng.choices(moves, weights=w)[0]
        s = G.step(s, act, a)
        evs.append(event(G, s.cfg, act, a, tuple(PLAYERS)))
    return evs, s


def write(name, head, events, result=None):
    rows = [head] + [{"n": i, **e} for i, e in enumerate(events, 1)]
    if result is not None:
        rows.append({"result": result})
    path = HERE / name
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
    v = replay(path)
    bad = mismatch(v)
    assert bad is None, f"{name}: {bad}"
    return path


def result_of(s):
    o = G.result(s)
    return {"winner": [PLAYERS[i] for i in o.winners] if len(o.winners) > 1 else PLAYERS[o.winners[0]],
            "points": {PLAYERS[i]: o.points[i] for i in range(3)}}


# the first turn, by hand: every hand is full (option full_hand=skip: nobody draws), bets 9 | 5+7 | ace
FIRST = [
    {"by": "Ana", "do": "turn.draw", "cards": []},
    {"by": "Ben", "do": "turn.draw", "cards": []},
    {"by": "Cy", "do": "turn.draw", "cards": []},
    {"by": "Ana", "do": "turn.bet", "cards": ["9"]},
    {"by": "Ben", "do": "turn.bet", "cards": ["5", "7"]},
    {"by": "Cy", "do": "turn.bet", "cards": ["as"]},
    {"by": "chance", "do": "turn.reveal"},
]
# Rsv 9 | 12 | 11. Round 1: the heavy weapon shoots the Troll t1 (6+2 vs 5+1 would cost too much here)
ROUND1 = [
    {"by": "Ana", "do": "act.shoot", "figs": ["h1"], "target": "t1"},
    {"by": "Ana", "do": "duel.bid", "amount": 3},
    {"by": "Ben", "do": "duel.bid", "amount": 1},
    {"by": "Ben", "do": "act.move", "figs": {"t1": [16, 4]}, "x": 2},
    {"by": "Cy", "do": "act.move", "figs": {"d1": [12, 11]}, "x": 3},
]


def illegal(name, prefix, bad, cite, note):
    evs = prefix + [bad]
    line = len(evs) + 1
    write(name, header(expect={"verdict": "illegal", "line": line, "cite": cite}, note=note), evs)


def main():
    evs, s = play(seed=5)
    write("legal-full-game.jsonl", header(expect={"verdict": "legal"},
                                          note="a complete game, default options, played by a seeded policy"),
          evs, result_of(s))
    opts = {"zero_rsv": "round", "short_refill": "one", "abeam": "back", "group_reorient": "one"}
    evs2, s2 = play(opts, seed=6)
    write("legal-options.jsonl", header(opts, expect={"verdict": "legal"}, note="a complete game under other options"),
          evs2, result_of(s2))
    right = result_of(s)["winner"]
    right = right if isinstance(right, list) else [right]
    others = [p for p in PLAYERS if p not in right]
    wrong = {"winner": others[0] if others else PLAYERS[0]}
    if True:
        write("illegal-wrong-winner.jsonl", header(expect={"verdict": "illegal", "line": len(evs) + 2, "cite": "§Intro"},
                                                  note="the full game with a wrongly declared winner"), evs, wrong)
    illegal("illegal-draw-full-hand.jsonl", [], {"by": "Ana", "do": "turn.draw", "cards": ["joker"]}, "§Tour de jeu/1",
            "on the first turn the hand already holds 5 cards: no card may be drawn")
    illegal("illegal-bet-four-cards.jsonl", FIRST[:3], {"by": "Ana", "do": "turn.bet", "cards": ["as", "3", "5", "7"]},
            "§Mise", "a bet is one to three cards")
    illegal("illegal-troll-acts-first.jsonl", FIRST, {"by": "Ben", "do": "act.move", "figs": {"t1": [18, 4]}, "x": 1},
            "§Tour de jeu/3 §Joker/2", "the Human initiates every round")
    illegal("illegal-human-passes.jsonl", FIRST, {"by": "Ana", "do": "round.pass"}, "§Tour de jeu/7",
            "the Human must initiate rounds while his Rsv is not empty")
    illegal("illegal-move-too-far.jsonl", FIRST, {"by": "Ana", "do": "act.move", "figs": {"h2": [14, 4]}, "x": 5},
            "§Actions/Mouvement", "12 inches at Mvt 2 cost 6 points, not 5")
    illegal("illegal-bid-over-rsv.jsonl", FIRST + ROUND1[:2], {"by": "Ben", "do": "duel.bid", "amount": 13},
            "§Actions/Tir", "the Troll bids more than his Rsv of 12")
    illegal("illegal-troll-shoots.jsonl", FIRST + ROUND1[:3], {"by": "Ben", "do": "act.shoot", "figs": ["t1"], "target": "h2"},
            "§Actions/Charge", "Trolls have no shooting weapon")
    illegal("illegal-heavy-not-reloaded.jsonl", FIRST + ROUND1,
            {"by": "Ana", "do": "act.shoot", "figs": ["h1"], "target": "t1"}, "§Actions/Rechargement",
            "the heavy weapon shot in round 1 and was not reloaded")
    illegal("illegal-blanc-without-joker.jsonl", FIRST, {"by": "Cy", "do": "round.blanc"}, "§Joker/2",
            "the Dragon bet no joker this turn")
    illegal("illegal-group-out-of-circle.jsonl", FIRST,
            {"by": "Ana", "do": "act.move", "figs": {"h1": [4, 2], "h2": [4, 4]}, "x": 1, "centre": [6, 3]},
            "§Groupe/2", "a group stands inside one 3-inch circle")
    jokers = [["joker", "joker", "3", "5", "7"], HANDS[1], HANDS[2]]
    write("legal-jokers-only.jsonl", header(expect={"verdict": "legal"}, hands=jokers,
                                            note="the Human bets his two jokers: Rsv 0; under zero_rsv=end (default) "
                                                 "the turn ends at the reveal, the Troll's and Dragon's Rsv is lost"), [
        {"by": "Ana", "do": "turn.draw", "cards": []}, {"by": "Ben", "do": "turn.draw", "cards": []},
        {"by": "Cy", "do": "turn.draw", "cards": []},
        {"by": "Ana", "do": "turn.bet", "cards": ["joker", "joker"]}, {"by": "Ben", "do": "turn.bet", "cards": ["5", "7"]},
        {"by": "Cy", "do": "turn.bet", "cards": ["as", "9"]}, {"by": "chance", "do": "turn.reveal"},
        {"by": "chance", "do": "turn.end"},
        {"by": "Ana", "do": "turn.draw", "cards": ["9", "as"]}, {"by": "Ben", "do": "turn.draw", "cards": ["9", "joker"]},
        {"by": "Cy", "do": "turn.draw", "cards": ["7", "joker"]},
    ])
    print("wrote", len(list(HERE.glob("*.jsonl"))), "logs")


if __name__ == "__main__":
    main()
