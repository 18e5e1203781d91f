"""Which actions the move generator proposes, and proposes legally, along games (the
coverage test, tests/test_proposals.py), and the recorder of the short legal games that
reach the rare ones (tests/<game>/reach.games.jsonl):

    PYTHONPATH=. python tests/reach.py GAME SECONDS [GREED]

records, from seeded random games (weighted; greedy GREED of the time on the game's
progress, or on its steering below), the prefix of each game up to the last state where
an action not seen before was first proposed legally; the games together reach every
action they could within SECONDS (a wall-clock budget: a rerun may record other games)."""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

import orjson

import referee
from referee.checks.explore import Explorer
from referee.model import load as load_game
from referee.model.kernel import Undecided
from referee.model.kernel.play import event

HERE = Path(__file__).parent


class Coverage:
    """The actions `game.moves` proposed, and those it proposed with every Need holding."""

    def __init__(self, game: Any):
        self.game, self.proposed, self.legal = game, set(), set()

    def see(self, s: Any) -> bool:
        """Ask the actions of s's phase not yet seen legal for their candidates (the others
        are not asked: a proposer can be costly); True when one was proposed legally for
        the first time."""
        new = False
        for act in self.game.moves.asked.get(s.phase, ()):
            if act.name in self.legal:
                continue
            for a in act.propose(s):
                self.proposed.add(act.name)
                try:
                    ok = self.game.first_failure(s, act, a) is None
                except Undecided:
                    ok = False
                if ok:
                    self.legal.add(act.name)
                    new = True
                    break
        return new

    def missing(self) -> dict[str, str]:
        out = {}
        for act in self.game.actions:
            if act.name not in self.proposed:
                out[act.name] = "never proposed"
            elif act.name not in self.legal:
                out[act.name] = "proposed, never with every Need holding"
        return out


def walk(cov: Coverage, lines: list[bytes]) -> None:
    """Replay a recorded game through the front door (every event checked) and ask the
    generator at each state, the first and the last included."""
    header = orjson.loads(lines[0])
    play = referee.load(cov.game.name, options=header.get("options")).new(header["players"], header.get("setup"))
    cov.see(play.state)
    for raw in lines[1:]:
        ev = orjson.loads(raw)
        if "result" in ev:
            break
        play.push({k: v for k, v in ev.items() if k != "n"})
        cov.see(play.state)


def _raiders_piles(s: Any) -> float:
    """Raiders' treasure.none needs a due treasure whose piles are all empty or drawn from
    (§8.7: one treasure per pile): its greedy player empties the two smallest piles."""
    left: dict = {}
    for k, t in enumerate(s.cfg.comp.exp.treasures):
        left[t.pile] = left.get(t.pile, 0) + s.tpile[k]
    left["Objets"] = sum(s.ipile)
    small = sorted(left.values())
    return -10.0 * (small[0] + small[1])


def _raiders_items(s: Any) -> float:
    """Raiders' item.reuse needs a group carrying identified items (§7.5) attacked in PvP:
    its greedy player owns, identifies and carries items, and keeps charges."""
    return (5.0 * sum(sum(k) for k in s.known) + 20.0 * sum(sum(g) for g in s.gn) + sum(s.charges)
            + 3.0 * sum(sum(1 for st in row if st) for row in s.stage))


# Steering for actions random games rarely reach (the greedy players' scores)
STEER = {"raiders": (_raiders_piles, _raiders_items)}


def record(name: str, seconds: float, greed: float = 0.5, depth: int = 400) -> list[list[dict]]:
    game = load_game(name)
    cfg = game.default_config()
    cov = Coverage(game)
    rng = random.Random(0)
    # each game is played greedy on the game's progress, or on its steering (plain weighted
    # draws for a game without one)
    explorers = [Explorer(game, "weighted", score=f, greed=greed if f else 0.0)
                 for f in (game.progress, *STEER.get(name, (None,)))]
    logs, stop = [], time.monotonic() + seconds
    while cov.missing() and time.monotonic() < stop:
        ex = explorers[rng.randrange(len(explorers))]
        header = game.random_header(rng, cfg)
        s = game.first_state(header)
        players = tuple(header["players"])
        events, keep = [], 0 if cov.see(s) else -1
        for m in ex.play(s, rng, depth):
            events.append({"n": len(events) + 1, **event(game, s.cfg, m.act, m.args, players)})
            if cov.see(m.after):
                keep = len(events)
            if time.monotonic() > stop:
                break
        if keep >= 0:
            logs.append([header] + events[:keep])
    print(f"{name}: {len(logs)} games, {sum(len(g) - 1 for g in logs)} events; missing {cov.missing()}",
          file=sys.stderr)
    return logs


if __name__ == "__main__":
    name = sys.argv[1]
    out = HERE / name / "reach.games.jsonl"
    logs = record(name, *(float(x) for x in sys.argv[2:4]))
    out.write_bytes(b"".join(orjson.dumps(x) + b"\n" for g in logs for x in g))
