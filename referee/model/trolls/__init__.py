"""Trolls et Dragons 2020 (three players: Humains, Trolls, Dragons). Rulebook:
seeds/003_b9ef8e47aaf562e5.txt; citation scheme and log vocabulary: docs/trolls.md."""
from __future__ import annotations

from ..kernel import Game, Outcome, Phase
from . import actions, data, invariants, moves, rulings, setup as setup_mod, turn
from .state import OVER, TD


def result(s):
    if s.phase != OVER:
        return None
    best = max(s.points)
    # the text names the aim (objective points) and no winner rule, values or end (gap
    # aim_collect_points): a declared result is judged on the model's reading, said as such
    tie = "; a tie shares the win" if list(s.points).count(best) > 1 else ""
    return Outcome(tuple(p for p in range(3) if s.points[p] == best), tuple(s.points),
                   f"the most objective points{tie}; the model's reading, the text giving neither the "
                   "points' values, nor the end, nor who wins: gap aim_collect_points", "§Intro")


def show(s):
    c = s.cfg.comp
    return {
        "phase": GAME.phases[s.phase].name, "turn": s.turn, "rsv": list(s.rsv),
        "hands": [{k: n for k, n in zip(c.kinds, h) if n} for h in s.hand],
        "decks": [sum(d) for d in s.deck],
        "figures": {f.name: {"pos": [str(x) for x in s.pos[i]], "face": [str(x) for x in s.face[i]], "pdv": s.pdv[i]}
                    for i, f in enumerate(c.figs)},
        "structures": dict(zip(c.obj_names, s.struct)), "points": list(s.points),
    }


PHASES = (
    Phase("draw", "§Tour de jeu/1", "each player draws to refill his hand"),
    Phase("bet", "§Tour de jeu/1", "each player bets one to three cards, secretly; then the reveal"),
    Phase("play", "§Tour de jeu/3 §Tour de jeu/7", "rounds: the Human initiates, the Troll then the Dragon react (or a round "
          "blanc), until the Human's Rsv is empty"),
    Phase("duel", "§Actions/Tir", "the secret bids of a shot or melee"),
    Phase("recoil", "§Actions/Corps à corps", "after a tied melee, both sides step back"),
    Phase("close", "§Tour de jeu/7", "the Human's Rsv is empty: the turn ends (bets to the graveyard)"),
    Phase("over", "§Intro", "the game is over: objective points are counted"),
)

GAME = Game(
    name="trolls", title="Trolls et Dragons 2020", rulebook="seeds/003_b9ef8e47aaf562e5.txt", version="2020",
    state_cls=TD, sources=setup_mod.SOURCES, options=rulings.OPTIONS, phases=PHASES,
    actions=turn.ACTIONS + actions.ACTIONS, invariants=invariants.INVARIANTS,
    configure=setup_mod.configure, setup=setup_mod.setup, setup_schema=setup_mod.setup_schema, init=setup_mod.init, result=result,
    claims=invariants.CLAIMS, rulings=rulings.RULINGS, gaps=invariants.GAPS,
    data_checks=data.data_checks, random_header=moves.random_header,
    progress=lambda s: s.turn * 10 + s.phase, components_dir=data.HERE, show=show,
    search_rate=5_000,  # moves weighed per second: bench/search_rate.py (stalemate 5,012-6,525, rulings 10,212-14,226 measured, session 26)
    # no concrete-only fork (is_sym) left: lazy_if is the kernel's, the same value on every path,
    # so a replay may trust what the proofs of these rules proved (proofstore.trusted)
    header_example={"referee": 1, "game": "trolls", "players": ["Ana", "Ben", "Cy"],
                    "setup": {"hands": [["as", "3", "5", "7", "9"]] * 3}},
)
