"""§Mise en place: configuration, the first state, and the setup events (quests dealt and
kept, the first player drawn at random)."""
from __future__ import annotations

import itertools

from ..kernel import (
    Action, And, BadInput, Config, If, Need, Or, Param, Player, Names, Source, Sum, args, covers, put, vadd, vsub,
)
from ..kernel.inputs import check_players, check_source, choose_options
from . import data
from .common import seats, zeros
from .data import MAX_KINDS as K, MAX_QUESTS as Q, QUESTS_DEALT, QUESTS_KEPT, SEATS as P, pad
from .moves import chance, sample
from .rulings import OPTIONS
from .state import DRAFT, SETUP, Draft

SOURCES = (Source("règles", "règles de Dungeon Draft (seed 004)", 1),)


def configure(options, comp_dir, prefer, nplayers=2) -> Config:
    opts = choose_options(options, OPTIONS)
    check_players(nplayers, 2, P, "Dungeon Draft", "§Intro")
    check_source(prefer, SOURCES)
    comp = data.load(comp_dir)  # read once per content (kernel.components.cached)
    return Config("draft", opts, SOURCES, prefer, comp=comp, extra={"nplayers": nplayers})


def quest_names(cfg) -> tuple[str, ...]:
    return cfg.comp.quest_names


def card_names(cfg) -> tuple[str, ...]:
    return cfg.comp.names


def start_gold(cfg) -> int:
    return int(cfg.opt("gold"))


def first_state(cfg) -> Draft:
    n = cfg.extra["nplayers"]
    g = start_gold(cfg)
    z = zeros(P)
    zk = tuple(zeros(K) for _ in range(P))
    zq = tuple(zeros(Q) for _ in range(P))
    return Draft(
        cfg=cfg, phase=SETUP, round=1, start=0, turn=0, drawn=0, step=0, picks=z, dealt=z, ended=z, qgot=z, kept=z,
        gold=tuple(g if p < n else 0 for p in range(P)), xp=z, bonus=z,
        pool=cfg.comp.gold_supply - n * g,
        deck=cfg.comp.deck(), pack=zk, hand=zk, played=zk, fresh=zk, discard=zeros(K),
        qdeck=cfg.comp.quest_deck(), qdealt=zq, qhand=zq, qplayed=zq,
    )


def setup(header, cfg) -> Draft:
    st = header.get("setup", {})
    if st:
        raise BadInput(f"setup: {sorted(st)[0]!r}: Dungeon Draft's header setup takes no fields "
                       "(random outcomes are chance events)")
    return first_state(cfg)


def setup_schema(cfg) -> dict:
    """`setup` takes no field: the random outcomes are chance events."""
    return {"type": "object", "maxProperties": 0, "description": "no fields: quests and the first player are chance events"}


def init(S):
    """Every first state, as a constraint on a symbolic state."""
    t = first_state(S.cfg)
    from .invariants import eq_state

    return eq_state(S, t)


# ---------------------------------------------------------------- events
def _deal_quests(s):
    rng = chance(s)
    for q in seats(s):
        if s.qgot[q] == 0:
            yield args(None, to=q, quests=sample(rng, s.qdeck, QUESTS_DEALT))


def _keep_quests(s):
    """At most 4 of the ways to keep 3 of the 5 quests dealt, for each player still choosing."""
    for q in seats(s):
        if s.qgot[q] == 1 and s.kept[q] == 0:
            dealt = [i for i, c in enumerate(s.qdealt[q]) for _ in range(c)]
            for combo in sorted(set(itertools.combinations(dealt, QUESTS_KEPT)))[:4]:
                keep = [0] * len(s.qdealt[q])
                for i in combo:
                    keep[i] += 1
                yield args(q, keep=tuple(keep))


DEAL_QUESTS = Action(
    "setup.quests", "§Mise en place", "chance deals 5 quest cards to a player",
    params=(Param("to", Player(), "the player dealt"),
            Param("quests", Names(quest_names, "quest", most=2 * QUESTS_DEALT), "the 5 quests dealt")),
    needs=(
        Need("§Mise en place", "each player is dealt quests once",
             lambda s, a: s.qgot[a.to] == 0, lambda s, a: "this player already has its quests"),
        Need("§Mise en place", "5 quests are dealt",
             lambda s, a: Sum(a.quests) == QUESTS_DEALT, lambda s, a: f"{sum(a.quests)} quests dealt"),
        Need("§Mise en place", "the quests come from the quest deck",
             lambda s, a: covers(s.qdeck, pad(a.quests, Q)), lambda s, a: "a quest dealt is not in the quest deck"),
    ),
    effect=lambda s, a: s.but(qdeck=vsub(s.qdeck, pad(a.quests, Q)), qdealt=put(s.qdealt, a.to, pad(a.quests, Q)),
                             qgot=put(s.qgot, a.to, 1)),
    phases=("setup",), by="chance", propose=_deal_quests,
)

KEEP_QUESTS = Action(
    "setup.keep", "§Mise en place", "a player keeps 3 of its 5 quests; the rest go to the bottom of the quest deck",
    params=(Param("keep", Names(quest_names, "quest", most=QUESTS_DEALT), "the 3 quests kept"),),
    needs=(
        Need("§Mise en place", "the player has been dealt its quests and has not chosen yet",
             lambda s, a: And(s.qgot[a.p] == 1, s.kept[a.p] == 0),
             lambda s, a: "no quests dealt yet" if s.qgot[a.p] == 0 else "already kept its quests"),
        # The quests a player does not keep go under the quest deck: were a player still to be
        # dealt, his deal could not take them, an order the multiset deck would not see.
        Need("§Mise en place", "every player has been dealt its 5 quests before any keeps 3 (first the deal, then "
             "the choice)", lambda s, a: And(*[s.qgot[q] == 1 for q in seats(s)]),
             lambda s, a: "a player has not been dealt its quests yet"),
        Need("§Mise en place", "3 quests are kept",
             lambda s, a: Sum(a.keep) == QUESTS_KEPT, lambda s, a: f"keeps {sum(a.keep)}"),
        Need("§Mise en place", "the quests kept are among those dealt",
             lambda s, a: covers(s.qdealt[a.p], pad(a.keep, Q)), lambda s, a: "a quest kept was not dealt to this player"),
    ),
    effect=lambda s, a: s.but(
        qhand=put(s.qhand, a.p, vadd(s.qhand[a.p], pad(a.keep, Q))),
        qdeck=vadd(s.qdeck, vsub(s.qdealt[a.p], pad(a.keep, Q))),
        qdealt=put(s.qdealt, a.p, zeros(Q)), kept=put(s.kept, a.p, 1),
        # the last choice of quests opens the first round's draft (§Mise en place: each round, the draft)
        phase=If(And(*[Or(q == a.p, s.kept[q] == 1) for q in seats(s)]), DRAFT, s.phase)),
    phases=("setup",), goes=("setup", "draft"), propose=_keep_quests,
)

# §Mise en place has the first player drawn at random, to play first "pendant la phase de jeu",
# and gives no moment: nothing before the play phase depends on it (the draft passes by the
# round, the quests are each player's own), so a log may draw it at any time until the first
# card is played: at the start, among the quests, during the draft or as the play phase opens.
FIRST = Action(
    "setup.first", "§Mise en place", "chance draws the player who plays first in the play phase (once, at any time "
    "before the first card is played)",
    params=(Param("player", Player(), "the first player"),),
    needs=(
        Need("§Mise en place", "the first player is drawn once, before the first card is played",
             lambda s, a: s.drawn == 0, lambda s, a: "the first player was drawn already"),
    ),
    effect=lambda s, a: s.but(start=a.player, turn=a.player, drawn=1),
    phases=("setup", "draft", "play"), by="chance",  # in the phase it is drawn in
    propose=lambda s: (args(None, player=q) for q in seats(s)) if s.drawn == 0 else (),
)

ACTIONS = (DEAL_QUESTS, KEEP_QUESTS, FIRST)
