"""A readable view of a Dungeons Raiders state, for `referee replay --explain`: buildings,
cards, classes and dungeons by name (the state holds indexes); lists are per player, in the
header's order; empty entries are left out."""
from __future__ import annotations

from typing import Any

from .data import CLASSES
from .s7_groups import dungeon_names, item_names, merc_names
from .s8_dungeons import STAGES
from .state import NG, PHASES


def _named(counts: tuple, names: tuple) -> dict:
    return {names[i]: n for i, n in enumerate(counts) if n}


def show(s: Any) -> dict:
    comp = s.cfg.comp
    bn, cards = comp.building_names, comp.card_names
    players = range(len(s.crowns))
    out: dict[str, Any] = {
        "players": len(players),  # every list below is per player (--explain draws them as a table)
        "phase": PHASES[s.phase], "turn": s.turn,
        "initiative": None if s.init < 0 else s.init, "current": s.current, "done": list(s.done),
    }
    for f in ("crowns", "stones", "charges", "glory", "tokens", "bonus", "expedition"):
        out[f] = list(getattr(s, f))
    out["buildings"] = [{bn[b]: f"level {s.level[p][b]}" + (f", {s.placed[p][b]} token(s)" if s.placed[p][b] else "")
                         for b in range(len(bn)) if s.onboard[p][b]} for p in players]
    out["guilds"] = [sum(s.guilds[p]) for p in players]
    out["reserve"] = [_named(s.reserve[p], CLASSES) for p in players]
    for f in ("hand", "pile", "discard"):
        out[f] = [_named(getattr(s, f)[p], cards) for p in players]
    dn = dungeon_names(s.cfg)
    out["groups"] = [[{"dungeon": dn[s.at[p][g]], "square": ("entry", "helmet")[s.sq[p][g]],
                       "stage": STAGES[s.stage[p][g]], "front": _named(s.front[p][g], CLASSES),
                       "back": _named(s.back[p][g], CLASSES)}
                      for g in range(NG) if s.at[p][g] >= 0] for p in players]
    items = item_names(s.cfg)
    out["items"] = [[items[i] + ("" if s.known[p][i] else " (unidentified)") for i, n in enumerate(s.owned[p]) if n]
                    for p in players]
    out["mercenaries"] = [[merc_names(s.cfg)[m] for m, n in enumerate(s.mercs[p]) if n] for p in players]
    return out
