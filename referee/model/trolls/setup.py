"""Setup (§Intro): three players with fixed factions -- players[0] the Humans, players[1] the
Trolls, players[2] the Dragons -- each a shuffled 12-card deck from which 5 cards are drawn.

The header's "setup" records that random draw: {"hands": [[5 cards], [5 cards], [5 cards]]}
(optionally "factions": ["Humains", "Trolls", "Dragons"] to make the seating explicit).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from ..kernel import And, BadInput, Config, Source, Sum
from ..kernel.inputs import check_fields, check_players, check_source, choose_options, kind_of, shown
from . import data
from .rulings import OPTIONS
from .state import DRAW, NOBODY, TD

SOURCES = (Source("texte", "Trolls et Dragons 2020 : le système de jeu", 1),)


def configure(options: Mapping[str, Any], comp_dir: Path | None, prefer: str | None, nplayers: int = 3) -> Config:
    check_players(nplayers, 3, 3, "Trolls et Dragons (Humains, Trolls, Dragons)")
    chosen = choose_options(options, OPTIONS)
    check_source(prefer, SOURCES)
    comp = data.load(comp_dir)
    return Config("trolls", chosen, SOURCES, prefer, comp=comp, extra={"nplayers": 3})


def _hand(v: Any, cfg: Config, who: int) -> tuple:
    kinds = cfg.comp.kinds
    where = f"setup: hands[{who}]"
    if type(v) is not list or len(v) != 5:
        got = f"{len(v)} cards" if type(v) is list else kind_of(v)
        raise BadInput(f"{where}: expected the 5 cards drawn at the start (§Intro), got {got}")
    counts = [0] * len(kinds)
    for i, c in enumerate(v):
        if type(c) is not str:
            raise BadInput(f"{where}[{i}]: expected a card's name, got {kind_of(c)}")
        if c not in kinds:
            raise BadInput(f"{where}: unknown card {c!r} (cards: {', '.join(kinds)})")
        counts[kinds.index(c)] += 1
        if counts[kinds.index(c)] > cfg.comp.copies:
            raise BadInput(f"{where}: more than {cfg.comp.copies} cards {c!r} in a deck")
    return tuple(counts)


def setup(header: Mapping[str, Any], cfg: Config) -> TD:
    st = header.get("setup")
    if type(st) is not dict:
        raise BadInput("setup: expected {\"hands\": [[5 cards] x 3]} (the cards each player drew: §Intro)")
    check_fields(st, ("hands", "factions"))
    if "factions" in st and st["factions"] != list(data.FACTIONS):
        got = st["factions"]
        bad = next((f"[{i}] {shown(v)}" for i, v in enumerate(got) if i >= len(data.FACTIONS) or v != data.FACTIONS[i]),
                   f"{len(got)} entries") if type(got) is list else shown(got)
        raise BadInput(f"setup: factions: the players are seated {list(data.FACTIONS)} in that order, got {bad}")
    hands = st.get("hands")
    if type(hands) is not list or len(hands) != 3:
        raise BadInput("setup: hands: expected three hands of 5 cards (Humains, Trolls, Dragons)")
    hand = tuple(_hand(h, cfg, i) for i, h in enumerate(hands))
    c = cfg.comp
    zero = (0,) * len(c.kinds)
    return TD(
        cfg=cfg, phase=DRAW, turn=1,
        deck=tuple(tuple(c.copies - n for n in h) for h in hand), hand=hand,
        bet=(zero,) * 3, grave=(zero,) * 3, drawn=(False,) * 3, betted=(False,) * 3,
        rsv=(0, 0, 0), blanc=(0, 0, 0), step=0, solo=NOBODY,
        pos=tuple(f.pos for f in c.figs), face=tuple(f.face for f in c.figs),
        pdv=tuple(f.prof.pdv for f in c.figs), loaded=tuple(f.prof.weapon == "heavy" for f in c.figs),
        struct=tuple(o.structure for o in c.objs), points=(0, 0, 0),
        d_kind=0, d_att=(0,) * data.NF, d_tgt=0, d_bonus=0, d_bid=(0, 0), d_has=(False, False),
        recoil=(False,) * data.NF,
    )


def setup_schema(cfg: Config) -> dict:
    """The JSON Schema of the block `setup` reads (a card's copies per deck stay the reader's)."""
    hand = {"type": "array", "items": {"enum": list(cfg.comp.kinds)}, "minItems": 5, "maxItems": 5}
    return {"type": "object", "required": ["hands"], "additionalProperties": False,
            "description": "the cards each player drew at the start (§Intro)",
            "properties": {"hands": {"type": "array", "items": hand, "minItems": 3, "maxItems": 3,
                                     "description": "5 cards each: Humains, Trolls, Dragons"},
                           "factions": {"const": list(data.FACTIONS), "description": "the seating, made explicit"}}}


def init(S: TD) -> Any:
    """Every setup state: any 5-card hands, the rest as setup() builds it."""
    c = S.cfg.comp
    cs = [S.phase == DRAW, S.turn == 1, S.step == 0, S.solo == NOBODY, S.d_kind == 0]
    for p in range(3):
        cs.append(Sum(S.hand[p]) == 5)
        for k in range(len(c.kinds)):
            cs += [S.hand[p][k] >= 0, S.hand[p][k] <= c.copies, S.deck[p][k] == c.copies - S.hand[p][k],
                   S.bet[p][k] == 0, S.grave[p][k] == 0]
        cs += [S.rsv[p] == 0, S.blanc[p] == 0, S.points[p] == 0, S.drawn[p] == False, S.betted[p] == False]  # noqa: E712
    for i, f in enumerate(c.figs):
        cs += [S.pos[i][0] == f.pos[0], S.pos[i][1] == f.pos[1], S.face[i][0] == f.face[0], S.face[i][1] == f.face[1],
               S.pdv[i] == f.prof.pdv, S.loaded[i] == (f.prof.weapon == "heavy"), S.recoil[i] == False]  # noqa: E712
    for j, o in enumerate(c.objs):
        cs.append(S.struct[j] == o.structure)
    return And(*cs)
