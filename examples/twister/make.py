"""Writes the Dungeon Twister examples: complete legal games played by a simple greedy
policy over the model's legal moves, and illegal variants (a legal prefix, then one event
that breaks a chosen rule). Run from the worktree root:  python examples/twister/make.py"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from referee.model import load  # noqa: E402
from referee.model.kernel import args  # noqa: E402
from referee.model.kernel.play import event, legal  # noqa: E402
from referee.model.twister import combat  # noqa: E402
from referee.model.twister.board import NTOK, TREASURE, line  # noqa: E402
from referee.replays.engine import setup_from_header  # noqa: E402

HERE = Path(__file__).parent
GAME = load("twister")
PLAYERS = ("Ana", "Ben")


# The examples were recorded under the defaults before issue #16 (the published end of turn,
# a carried friend scoring): their headers set them, so they replay the same.
RECORDED = {"end": "turn", "exit_carried": "scores"}


def header(teams, expect, note, options=None):
    h = {"referee": 1, "game": "twister", "rules": "fr", "players": list(PLAYERS)}
    h["options"] = {**RECORDED, **(options or {})}
    h["setup"] = {"teams": teams}
    h["expect"] = expect
    h["note"] = note + " (recorded under end=turn and exit_carried=scores, the defaults before issue #16)"
    return h


def score(s, act, a, rng):
    p = s.turn
    n = act.name
    if n == "exit":
        return 100
    if n == "attack":
        atk, dfn = combat.totals(s, a)
        return 60 if atk > dfn else -5
    if n == "reveal":
        return 30
    if n == "move":
        src, dst = s.loc[p * NTOK + a.who], a.to
        gain = abs(src // 10 - line(1 - p)) - abs(dst // 10 - line(1 - p))
        bonus = 8 if a.take in (TREASURE, NTOK + TREASURE) else 0
        return 10 + 3 * gain + bonus + rng.random()
    if n == "card":
        return a.value
    if n == "hide":
        return rng.random()
    if n in ("heal", "regen", "potion", "fire"):
        return 40
    if n == "end":
        return 9
    return rng.random()


def play(seed, teams, max_steps=3000):
    rng = random.Random(seed)
    h = header(teams, {"verdict": "legal"}, "")
    s = setup_from_header(GAME, h)
    events, states = [], [s]
    while GAME.result(s) is None and len(events) < max_steps:
        ms = legal(GAME, s)
        act, a = max(ms, key=lambda m: score(s, m[0], m[1], rng))
        events.append(event(GAME, s.cfg, act, a, PLAYERS))
        s = GAME.apply(s, act, a)
        states.append(s)
    return events, states


def write(name, h, events, result=None):
    lines = [h] + [{"n": i, **e} for i, e in enumerate(events, 1)]
    if result is not None:
        lines.append({"result": result})
    (HERE / name).write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines))


def bad_events(s):
    """Candidate illegal events at state s (each tried; the first failing Need is kept)."""
    p = s.turn
    g = GAME
    out = []
    A = g.action
    if s.phase == 0:
        for k in range(14):
            for r in range(8):
                out.append((A("hide"), args(p, token=k, room=r)))
    if s.phase == 1:
        for v in (2, 3, 4, 5):
            out.append((A("card"), args(p, value=v)))
    if s.phase == 2:
        for k in range(8):
            for to in range(220):
                out.append((A("move"), args(p, who=k, to=to, take=-1)))
            out.append((A("exit"), args(p, who=k)))
        for j in range(8):
            for k in range(8):
                for card in range(7):
                    one = tuple(1 if i == k else 0 for i in range(8))
                    them = tuple(1 if i == j else 0 for i in range(8))
                    out.append((A("attack"), args(p, who=k, attackers=one, defenders=them, card=card, dcard=0)))
        out.append((A("regen"), args(p)))
    return out


def illegal(states, events, teams, want_says, name, note):
    for i, s in enumerate(states[:-1]):
        for act, a in bad_events(s):
            need = GAME.first_failure(s, act, a)
            if need is not None and want_says in need.says:
                h = header(teams, {"verdict": "illegal", "line": i + 2, "cite": need.cite}, note)
                ev = event(GAME, s.cfg, act, a, PLAYERS)
                write(name, h, events[:i] + [ev])
                return need
    raise SystemExit(f"no state for {name}: {want_says}")


def main():
    teams = {"Ana": {"Thief": 2, "Warrior": 4, "Goblin": 6, "Troll": 8},
             "Ben": {"Troll": 1, "Wizard": 3, "Mekanork": 5, "Goblin": 7}}
    games = []
    for seed in range(40):
        events, states = play(seed, teams)
        out = GAME.result(states[-1])
        if out is not None:
            games.append((seed, events, states, out))
        if len(games) == 2:
            break
    for n, (seed, events, states, out) in enumerate(games, 1):
        h = header(teams, {"verdict": "legal"}, f"a complete game to 5 victory points (greedy policy, seed {seed})")
        res = {"winner": PLAYERS[out.winners[0]], "points": dict(zip(PLAYERS, out.points))}
        write(f"game{n}.jsonl", h, events, res)
        print(f"game{n}.jsonl: {len(events)} events, {res}")
    seed, events, states, out = games[0]
    cases = [
        ("room holds fewer tokens", "illegal-room-full.jsonl", "a token hidden in a room already at its limit"),
        ("first cycle", "illegal-first-card.jsonl", "an action card too high during the first cycle"),
        ("the card is in the hand", "illegal-card-again.jsonl", "an action card played twice in one cycle"),
        ("a path within", "illegal-too-far.jsonl", "a move beyond the character's speed or through a wall"),
        ("no stopping on a pit", "illegal-pit.jsonl", "a character other than the Thief stops on a pit"),
        ("starting line or a revealed room", "illegal-hidden-room.jsonl", "a move into a face-down room"),
        ("opponent's starting line", "illegal-exit.jsonl", "leaving the maze from the wrong place"),
        ("engaged characters", "illegal-attack.jsonl", "an attack on an enemy that is not adjacent"),
        ("combat card is in hand", "illegal-spent-card.jsonl", "a combat card played a second time"),
        ("Troll is wounded", "illegal-regen.jsonl", "an unwounded Troll regenerates"),
    ]
    for says, name, note in cases:
        need = illegal(states, events, teams, says, name, note)
        print(name, need.cite, need.says)
    # a wrong declared result
    h = header(teams, {"verdict": "illegal", "kind": "result"}, "the declared winner is not the one the rules give")
    res = {"winner": PLAYERS[1 - out.winners[0]]}
    write("illegal-result.jsonl", h, events, res)


if __name__ == "__main__":
    main()
