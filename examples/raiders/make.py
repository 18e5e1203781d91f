"""Regenerate the Dungeons Raiders example games (python examples/raiders/make.py).

Legal games are played by the model's own moves (a greedy policy that seeks glory, so that
games reach their end), one per mode and board side. Each illegal variant changes one event
of a legal game to break one named rule; its expected verdict (line and §) is written by
hand below and checked against the engine when the file is made. The files here were made
by the search as it was at a6e58d3: the search has changed since, so a rerun records other
games (same seeds, same checks; deterministic, the work being counted)."""
from __future__ import annotations

import copy
import random
import sys
from pathlib import Path

import orjson

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent.parent))

from referee.checks import witness as W  # noqa: E402
from referee.checks.search import Budget, Rules  # noqa: E402
from referee.model import load  # noqa: E402
from referee.model.kernel.play import playout  # noqa: E402
from referee.replays.engine import replay, setup_from_header  # noqa: E402

GAME = load("raiders")
GAMES = [  # (file, options, seed)
    ("normal-advanced", {"mode": "normal", "board": "advanced"}, 1),
    ("competition-initiation", {"mode": "competition", "board": "initiation"}, 2),
    ("objectives-advanced", {"mode": "objectives", "board": "advanced"}, 3),
    ("competition-advanced", {"mode": "competition", "board": "advanced"}, 7),
    ("normal-pvp", {"mode": "normal", "board": "advanced", "goal": "pvp"}, 11),
]


def over(before, act, a, after, decided):
    return after is not None and GAME.result(after) is not None


def write(path: Path, lines: list[dict]) -> None:
    path.write_bytes(b"\n".join(orjson.dumps(x) for x in lines) + b"\n")


def pvp_won(before, act, a, after, decided):
    return act.name == "pvp.resolve" and after is not None and sum(after.pdue) == 1


def search(options: dict, goal, metric, seconds: int, greed: float, seed: int):
    """witness.search with a counted budget (seconds of an idle machine at GAME.search_rate
    moves weighed a second), so the same seed gives the same game on any machine."""
    return W.search(GAME, Rules(options), goal, metric, Budget(seconds * GAME.search_rate),
                    greed=greed, depth=3000, seed=seed)


def legal_game(name: str, options: dict, seed: int) -> list[dict]:
    if options.get("goal") == "pvp":  # a game with a PvP combat won (chapter 8.8), then played to its end
        options = {k: v for k, v in options.items() if k != "goal"}
        found = search(options, pvp_won, lambda s: sum(s.floors) / 10, seconds=120, greed=0.5, seed=seed)
        assert found, name
        header, path = found
        s = setup_from_header(GAME, header)
        for act, a in path:
            s = GAME.apply(s, act, a)
        rng = random.Random(seed)
        path = path + [(act, a) for act, a, _ in playout(GAME, s, rng, max_steps=5000)]
    else:
        found = search(options, over, lambda s: max(s.glory) / 10, seconds=60, greed=0.8, seed=seed)
        assert found, name
        header, path = found
    wit = W.to_witness(GAME, Rules(options), header, path, "the end of the game")
    lines = wit.lines()
    s = setup_from_header(GAME, header)
    for act, a in path:
        s = GAME.apply(s, act, a)
    res = GAME.result(s)
    players = header["players"]
    winner = [players[i] for i in res.winners]
    lines.append({"result": {"winner": winner[0] if len(winner) == 1 else winner,
                             "points": {players[i]: p for i, p in enumerate(res.points)}}})
    lines[0] = {**lines[0], "options": options, "expect": {"verdict": "legal"},
                "note": f"a complete game, {options['mode']} mode, {options['board']} side"
                        + (", with a PvP combat won (§8.8)" if name.endswith("pvp") else "")}
    return lines


def first(lines: list[dict], do: str, pred=lambda e: True) -> int:
    return next(i for i, e in enumerate(lines) if e.get("do") == do and pred(e))


def variants(name: str, lines: list[dict]) -> list[tuple[str, list[dict], int, str]]:
    """(suffix, lines, expected line, expected §) — one broken rule each."""
    out = []

    def v(suffix: str, i: int, cite: str, change) -> None:
        ls = copy.deepcopy(lines)
        change(ls[i])
        ls[0]["note"] = f"illegal variant of {name}: {suffix}"
        out.append((suffix, ls, i + 1, cite))

    i = first(lines, "metropole.play") if any(e.get("do") == "metropole.play" for e in lines) else None
    if i is not None:
        v("wrong-turn", i, "§5.1", lambda e: e.update(by="Ben" if e["by"] == "Ana" else "Ana"))
    i = first(lines, "actions.place")
    v("too-many-tokens", i, "§6.1", lambda e: e["tokens"].append(e["tokens"][0]))
    i = first(lines, "building.evolve") if any(e.get("do") == "building.evolve" for e in lines) else None
    if i is not None:
        v("evolve-the-outpost", i, "§6.5", lambda e: e.update(building="Avant-Poste"))
    i = first(lines, "building.use", lambda e: e["effect"] == 1)
    v("effect-above-level", i, "§6.3", lambda e: e.update(effect=3))
    i = first(lines, "metropole.play", lambda e: True) if any(e.get("do") == "metropole.play" for e in lines) else None
    if i is not None:
        v("card-not-in-hand", i, "§5.1", lambda e: e.update(card="Larcin"))
    i = first(lines, "metropole.refill")
    v("refill-too-many", i, "§5.3", lambda e: e["cards"].append(e["cards"][0] if e["cards"] else "Impôts"))
    i = first(lines, "turn.end")
    i = max(j for j in range(i) if lines[j].get("do") == "actions.done")
    v("turn-end-early", i, "§7.2 §8.1", lambda e: e.clear() or e.update(n=lines[i]["n"], by="chance", do="turn.end"))
    # chapters 7-8
    if any(e.get("do") == "expedition.send" for e in lines):
        i = first(lines, "expedition.send")
        v("dungeon-not-open", i, "§8.3", lambda e: e.update(dungeon="Catacombes"))
        v("three-cards", i, "§7.4", lambda e: e.update(cards=["Lancier", "Arbalétrier", "Berserker"]))
    if any(e.get("do") == "expedition.roll" for e in lines):
        i = first(lines, "expedition.roll")
        v("one-die-too-many", i, "§8.5", lambda e: e["dice"].append("milicien 3"))
        v("turn-end-before-combat", i, "§8.9 §8.1",
          lambda e: e.clear() or e.update(n=lines[i]["n"], by="chance", do="turn.end"))
    return out


def main() -> None:
    for name, options, seed in GAMES:
        lines = legal_game(name, options, seed)
        path = HERE / f"{name}.jsonl"
        write(path, lines)
        v = replay(path)
        assert v.verdict == "legal", (name, [p.render(name) for p in v.problems])
        print(name, len(lines) - 2, "events;", v.outcome)
        for suffix, ls, line, cite in variants(name, lines):
            ls[0]["expect"] = {"verdict": "illegal", "line": line, "cite": cite}
            p = HERE / f"{name}.illegal-{suffix}.jsonl"
            write(p, ls[:line])  # an illegal log need not go on after its first illegal step
            got = replay(p)
            first_problem = got.first()
            assert got.verdict == "illegal" and first_problem.line == line and first_problem.cite == cite, (
                p.name, first_problem and first_problem.render(p.name))
            print("  ", p.name, "->", first_problem.render(p.name))


if __name__ == "__main__":
    main()
