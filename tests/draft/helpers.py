"""Shared helpers for the Dungeon Draft tests: build positions by hand, run events through
the checked engine path (Game.step), decode events from log-like dicts."""
from __future__ import annotations


from referee.model import load
from referee.model.draft.setup import first_state
from referee.model.kernel import args

GAME = load("draft")


def cfg(n=2, **opts):
    return GAME.configure({k: str(v) for k, v in opts.items()}, None, None, nplayers=n)


def names(c):
    return c.comp.names


def K(c, name):
    return c.comp.names.index(name)


def QI(c, name):
    return c.comp.quest_names.index(name)


def vec(c, *cards, quests=False):
    """A count vector over the card (or quest) kinds, padded to the state's capacity."""
    from referee.model.draft.data import MAX_KINDS, MAX_QUESTS

    size = MAX_QUESTS if quests else MAX_KINDS
    out = [0] * size
    for x in cards:
        out[(QI if quests else K)(c, x)] += 1
    return tuple(out)


def raw(c, *cards, quests=False):
    """A count vector as a Names param decodes it (one entry per kind, unpadded)."""
    n = len(c.comp.quests if quests else c.comp.cards)
    return vec(c, *cards, quests=quests)[:n]


def put2(m, p, row):
    return tuple(row if q == p else r for q, r in enumerate(m))


def act(name):
    return GAME.action(name)


def step(s, name, p=None, **kw):
    return GAME.step(s, act(name), args(p, **kw))


def fail(s, name, p=None, **kw):
    """The first failing Need of an event (None when legal)."""
    return GAME.first_failure(s, act(name), args(p, **kw))


def in_play(c, turn=0, **fields):
    """A play-phase position: quests kept, round 1, nothing drafted unless given (the
    heroes and weapons `played` are then this round's: `fresh` too, unless given)."""
    if "played" in fields and "fresh" not in fields:
        fields["fresh"] = fields["played"]
    s = first_state(c)
    n = c.extra["nplayers"]
    s = s.but(phase=2, kept=tuple(1 if p < n else 0 for p in range(5)), qgot=tuple(1 if p < n else 0 for p in range(5)),
              turn=turn, drawn=1)
    return s.but(**fields)
