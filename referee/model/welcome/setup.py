"""§Mise en place: options and components (configure), the header's `setup` block -> the
first state, the same set of first states as a z3 constraint (init), and the end of the
game (§Victoire)."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from referee.model.kernel import And, BadInput, Config, Outcome, Source
from referee.model.kernel.inputs import check_fields, check_players, check_source, choose_options, shown

from . import data
from .state import BID, NP, OVER, T, Welcome, ZERO, in_play

SOURCES = (
    Source("livret", "livret de règles (FR), seed 001", 2),
    Source("faits", "faits publics du jeu publié (facts file)", 1),
)
PLAYERS = ("Ana", "Ben", "Cleo", "Dan")


def configure(options: Mapping[str, Any], comp_dir: Path | None, prefer: str | None, nplayers: int = 4) -> Config:
    """The default is the full table (4 players): the checks then enumerate every seat, and
    random games (witness search) can reach what only 3-4 players meet (e.g. `chooser`)."""
    from .invariants import OPTIONS

    opts = choose_options(options, OPTIONS)
    check_source(prefer, SOURCES)
    check_players(nplayers, 2, 4, "Welcome to the Dungeon")
    comp = data.load(comp_dir)
    return Config("welcome", opts, SOURCES, prefer, comp, extra={"nplayers": nplayers})


def setup(header: Mapping[str, Any], cfg: Config) -> Welcome:
    """§Mise en place: the adventurer (chosen or drawn) with its six tiles, the 13 monsters
    shuffled into the deck, every aid white side up, 5 success cards, a first player."""
    players = list(header["players"])
    n = cfg.extra["nplayers"]
    if len(players) != n:
        raise BadInput(f"players: {len(players)} names for {n} players", field="players")
    st = header.get("setup")
    if type(st) is not dict:
        raise BadInput("setup: expected an object with \"adventurer\" and \"first\"")
    check_fields(st, ("adventurer", "first"))
    adv = st.get("adventurer")
    if adv not in cfg.comp.adv_names:
        raise BadInput(f"setup: adventurer: expected one of {', '.join(cfg.comp.adv_names)}, got {shown(adv)}")
    first = st.get("first")
    if first not in players:
        raise BadInput(f"setup: first: expected a player's name ({', '.join(players)}), got {shown(first)}")
    return Welcome(
        cfg=cfg, phase=BID, np=n, turn=players.index(first), adv=cfg.comp.adv_names.index(adv),
        tiles=(1,) * T, deck=cfg.comp.copies, hand=ZERO, dungeon=ZERO, aside=ZERO, discard=ZERO, shown=ZERO,
        entered=ZERO, faced=ZERO, passed=tuple(0 if q < n else 1 for q in range(NP)), played=(0,) * NP,
        fails=(0,) * NP, wins=(0,) * NP, supply=5, hp0=0, hp=0, dmg=0, gain=0, heal=0, revealed=0,
        vorpal=-1, vorpal_spent=False, axe_used=False, potion_used=False, poly_used=False,
        pact_used=False, pact_next=False,
    )


def setup_schema(cfg: Config) -> dict:
    """The JSON Schema of the block `setup` reads (that "first" is one of the players is the reader's)."""
    return {"type": "object", "required": ["adventurer", "first"], "additionalProperties": False,
            "description": "§Mise en place: the adventurer and the first player",
            "properties": {"adventurer": {"enum": list(cfg.comp.adv_names), "description": "the adventurer in play"},
                           "first": {"type": "string", "description": "the first player's name"}}}


def init(S) -> Any:
    """Every first state `setup` can build, for the players the Config names."""
    n = S.cfg.extra["nplayers"]
    c = S.cfg.comp
    return And(
        S.phase == BID, S.np == n, S.turn >= 0, S.turn < n, S.adv >= 0, S.adv < len(c.adventurers),
        *[x == 1 for x in S.tiles], *[S.deck[k] == c.copies[k] for k in range(len(c.copies))],
        *[x == 0 for v in (S.hand, S.dungeon, S.aside, S.discard, S.shown, S.entered, S.faced) for x in v],
        *[S.passed[q] == (0 if q < n else 1) for q in range(NP)],
        *[x == 0 for v in (S.played, S.fails, S.wins) for x in v],
        S.supply == 5, S.hp0 == 0, S.hp == 0, S.dmg == 0, S.gain == 0, S.heal == 0, S.revealed == 0,
        S.vorpal == -1, *[x == False for x in (S.vorpal_spent, S.axe_used, S.potion_used,  # noqa: E712
                                               S.poly_used, S.pact_used, S.pact_next)],
    )


def result(s: Welcome) -> Outcome | None:
    """§Victoire: a second success card wins at once; so does being the last player in play."""
    if s.phase != OVER:
        return None
    for q in range(s.np):
        if s.wins[q] >= 2:
            return Outcome((q,), None, "a second success card", "§Victoire")
    alive = [q for q in range(s.np) if in_play(s, q)]
    return Outcome(tuple(alive), None, "the last player not eliminated", "§Victoire")


def random_header(rng, cfg: Config) -> dict:
    n = cfg.extra.get("nplayers", 2)
    players = list(PLAYERS[:n])
    return {
        "referee": 1, "game": "welcome", "rules": "livret FR", "options": dict(cfg.options), "players": players,
        "setup": {"adventurer": rng.choice(cfg.comp.adv_names), "first": rng.choice(players)},
    }


HEADER_EXAMPLE = {
    "referee": 1, "game": "welcome", "rules": "livret FR", "players": ["Ana", "Ben"],
    "setup": {"adventurer": "Warrior", "first": "Ana"},
}

