"""§Tour de jeu (Déroulement du tour de jeu), §Mise, §Cartes spéciales and §Joker:
the draw, the secret bets, the reveal and the reserves, the rounds, the end of the turn."""
from __future__ import annotations

from types import SimpleNamespace

from ..kernel import (
    Action, And, If, Names, Need, Not, Or, Param, Sum, Undecided, args, covers, decide, lazy_if, put, vadd, vsub,
)
from .geo import alive, owner
from .moves import multisets
from .rulings import PICK, R_BLANC, R_JOKERS, R_ZERO, dcount, draw_count, hcount, min_bet, refill_wanted, rsv_of
from .state import BET, CLOSE, DRAW, H, NOBODY, OVER, PLAY

ZERO6 = (0,) * 6


def kinds(cfg):
    return cfg.comp.kinds


WHO = ("Human", "Troll", "Dragon")


def who(p):
    return WHO[p] if type(p) is int and 0 <= p < 3 else f"player {p}"


def actor(s):
    """Who acts now: the player of the round blanc, else the one whose step it is
    (§Tour de jeu/3-5: Humain, then Troll, then Dragon)."""
    return If(s.solo != NOBODY, s.solo, s.step)


def advance(s):
    """After an action (or a pass): next player of the round; at the end of a round (the Dragon
    has acted, or a round blanc is over) the turn stops if the Human's Rsv is empty (§Tour de jeu/7)."""
    blanc = s.solo != NOBODY
    end_round = Or(blanc, s.step == 2)
    close = And(end_round, s.rsv[H] == 0)
    return s.but(phase=If(close, CLOSE, PLAY), step=If(end_round, 0, s.step + 1), solo=NOBODY)


def _n(v):
    return Sum(v)


# ---------------------------------------------------------------- draw
def _draw_effect(s, a):
    drawn = put(s.drawn, a.p, True)
    return s.but(deck=put(s.deck, a.p, vsub(s.deck[a.p], a.cards)),
                 hand=put(s.hand, a.p, vadd(s.hand[a.p], a.cards)),
                 drawn=drawn, phase=If(And(*drawn), BET, DRAW))


def _draws(s):
    """Every multiset of his deck of the size his hand needs (none while the rules cannot tell it)."""
    for p in range(3):
        if not s.drawn[p]:
            try:
                n = draw_count(s, args(p))
            except Undecided:
                continue
            for k in ((1, 2) if n == PICK else (n,)):  # his pick: one or two, never above 5
                if n != PICK or hcount(s, p) + k <= 5:
                    yield from (args(p, cards=v) for v in multisets(s.deck[p], k))


def _drawn_right(n, k):
    """n cards drawn where the rules ask k: exactly k, or one or two at his pick (PICK)."""
    return If(k == PICK, And(n >= 1, n <= 2), n == k)


def _count_said(k):
    return "one or two, his pick" if k == PICK else k


DRAW_ACT = Action(
    "turn.draw", "§Tour de jeu/1", "a player draws from his deck to refill his hand (the cards drawn are recorded)",
    params=(Param("cards", Names(kinds, "card", most=5), "the cards drawn (known to the player only)"),),
    needs=(
        Need("§Tour de jeu/1", "each player draws once at the start of the turn",
             lambda s, a: Not(s.drawn[a.p]), lambda s, a: "he has already drawn this turn"),
        Need("§Intro", "the cards drawn come from his own deck",
             lambda s, a: covers(s.deck[a.p], a.cards),
             lambda s, a: "his deck holds " + ", ".join(f"{n}x{k}" for k, n in zip(kinds(s.cfg), s.deck[a.p]) if n) or "his deck is empty"),
        Need("§Tour de jeu/1", "his hand never goes above 5 cards",
             lambda s, a: hcount(s, a.p) + _n(a.cards) <= 5,
             lambda s, a: f"{hcount(s, a.p)} in hand + {_n(a.cards)} drawn"),
        Need("§Tour de jeu/1", "he draws the one or two cards that refill his hand to 5",
             lambda s, a: _drawn_right(_n(a.cards), draw_count(s, a)),
             lambda s, a: f"draws {_n(a.cards)}, must draw {_count_said(draw_count(s, a))} ({hcount(s, a.p)} in hand, {dcount(s, a.p)} in the deck)"),
    ),
    effect=_draw_effect, phases=("draw",), goes=("draw", "bet"), propose=_draws,
)


# ---------------------------------------------------------------- bet
def _bet_effect(s, a):
    return s.but(hand=put(s.hand, a.p, vsub(s.hand[a.p], a.cards)),
                 bet=put(s.bet, a.p, vadd(s.bet[a.p], a.cards)),
                 betted=put(s.betted, a.p, True),
                 blanc=put(s.blanc, a.p, decide(R_JOKERS, s, a)))


def _no_bet(p, s):
    return min_bet(s, SimpleNamespace(p=p)) < 0


def _cannot_bet(s, p):
    """Player p has not bet and cannot (option no_card=end: the game ends). Asked only of a
    player who has not bet and holds no card: for one who has bet, the question does not
    arise, and deciding it would find no answer (an emptied hand after his bet)."""
    # only an empty hand can leave a player unable to bet: the ruling is asked of no other
    return lazy_if(Or(s.betted[p], hcount(s, p) >= 1), lambda p, s: False, _no_bet, p, s)


BET_ACT = Action(
    "turn.bet", "§Tour de jeu/1", "a player bets one to three cards of his hand, secretly",
    params=(Param("cards", Names(kinds, "card", most=5), "the cards bet (secret until the reveal)"),),
    needs=(
        Need("§Tour de jeu/1", "each player bets once per turn",
             lambda s, a: Not(s.betted[a.p]), lambda s, a: "he has already bet this turn"),
        Need("§Tour de jeu/1", "the cards bet come from his hand",
             lambda s, a: covers(s.hand[a.p], a.cards),
             lambda s, a: "his hand holds " + (", ".join(f"{n}x{k}" for k, n in zip(kinds(s.cfg), s.hand[a.p]) if n) or "nothing")),
        Need("§Mise", "a bet is one to three cards",
             lambda s, a: And(_n(a.cards) <= 3, _n(a.cards) >= min_bet(s, a), min_bet(s, a) >= 0),
             lambda s, a: f"bets {_n(a.cards)} cards" + (" with an empty hand" if hcount(s, a.p) == 0 else "")),
        # under no_card=end a player who cannot bet ends the game, before anyone bets
        Need("§Tour de jeu/1", "no player is left unable to bet (option no_card=end: the game ends instead)",
             lambda s, a: Not(Or(*[_cannot_bet(s, p) for p in range(3)])),
             lambda s, a: "the " + ", ".join(who(p) for p in range(3) if _cannot_bet(s, p)) + " cannot bet: the game ends"),
        # under no_card=pass, a turn where no hand holds a card nor may draw one is empty, and so is
        # every turn after it: the game ends instead (game.end), as docs/trolls.md says; before, the
        # log chose when (an independent engine, s63)
        Need("§Tour de jeu/1", "a card is left in a hand or may still be drawn (else the game ends: game.end)",
             lambda s, a: Or(*s.betted, Not(And(*[_dry(s, p) for p in range(3)]))),
             lambda s, a: "no hand holds a card and no deck can refill one: the game ends"),
    ),
    effect=_bet_effect, phases=("bet",),
    propose=lambda s: (args(p, cards=v) for p in range(3) if not s.betted[p] for n in (0, 1, 2, 3)
                       for v in multisets(s.hand[p], n)),
)


# ---------------------------------------------------------------- reveal
def _reveal_effect(s, a):
    z = decide(R_ZERO, s, a)
    return s.but(rsv=tuple(rsv_of(s, p) for p in range(3)),
                 phase=If(z == 0, CLOSE, PLAY), step=If(z == 1, 1, 0), solo=NOBODY)


REVEAL = Action(
    "turn.reveal", "§Tour de jeu/2", "the bets are revealed; each Rsv is the sum of the cards' values "
    "(the ace 11 to the Dragon, 1 to the others; the joker 0)",
    needs=(Need("§Tour de jeu/2", "every player has bet", lambda s, a: And(*s.betted),
                lambda s, a: "waiting for the " + ", ".join(who(p) for p in range(3) if not s.betted[p])),),
    effect=_reveal_effect, phases=("bet",), goes=("play", "close"), by="chance",
    propose=lambda s: (args(None),),
)


# ---------------------------------------------------------------- the rounds
def forces_gone(s, p):
    """Player p has no figure left alive."""
    return And(*[Not(alive(s, i)) for i in range(len(s.cfg.comp.figs)) if owner(s, i) == p])


def _pass_effect(s, a):
    # a pass that opens a round is the Human's with no figure left (the Need): his Rsv, which
    # nothing can spend any more, is lost, and the turn ends with the round (gap human_cannot_spend)
    opens = And(s.solo == NOBODY, s.step == 0)
    return advance(s.but(rsv=put(s.rsv, H, If(opens, 0, s.rsv[H]))))


PASS = Action(
    "round.pass", "§Tour de jeu/4", "the Troll or the Dragon (or a player in his round blanc, or the Human with no "
    "figure left) does nothing",
    needs=(
        Need("§Tour de jeu/3", "it is his turn to act in the round", lambda s, a: actor(s) == a.p,
             lambda s, a: f"it is the {who(actor(s))}'s turn"),
        Need("§Tour de jeu/7", "the Human must initiate rounds while his Rsv is not empty (unless no figure of his is "
             "left to act: gap human_cannot_spend)",
             lambda s, a: Or(s.solo != NOBODY, s.step != 0, forces_gone(s, H)), lambda s, a: f"the Human has {s.rsv[H]} Rsv"),
    ),
    effect=_pass_effect, phases=("play",), goes=("play", "close"),
    propose=lambda s: (args(actor(s)),),
)

BLANC = Action(
    "round.blanc", "§Joker/2", "a player who bet a joker declares a round blanc: he acts alone, nobody reacts",
    needs=(
        Need("§Joker/2", "he bet a joker this turn (and has not used its round blanc)",
             lambda s, a: s.blanc[a.p] >= 1, lambda s, a: "no round blanc left this turn"),
        Need("§Joker/2", "a round blanc is declared at the start of a round, when the Human declares his action",
             lambda s, a: decide(R_BLANC, s, a), lambda s, a: "a round is under way"),
    ),
    effect=lambda s, a: s.but(solo=a.p, blanc=put(s.blanc, a.p, s.blanc[a.p] - 1), phase=PLAY, step=0),
    phases=("play", "close"), goes=("play",),
    propose=lambda s: (args(q) for q in range(3)),
)


def _end_effect(s, a):
    return s.but(grave=tuple(vadd(g, b) for g, b in zip(s.grave, s.bet)), bet=(ZERO6,) * 3,
                 rsv=(0, 0, 0), blanc=(0, 0, 0), drawn=(False,) * 3, betted=(False,) * 3,
                 step=0, solo=NOBODY, turn=s.turn + 1, phase=DRAW)


END_TURN = Action(
    "turn.end", "§Tour de jeu/8", "the turn ends: Rsv left over is lost, the bet cards go to the graveyard",
    effect=_end_effect, phases=("close",), goes=("draw",), by="chance",
    propose=lambda s: (args(None),),
)


def _dry(s, p):
    """Player p holds no card and will never draw one: his deck is empty, or (option
    empty_deck=none) holds fewer cards than an empty hand's refill asks, and the deck never
    grows (§Intro shuffles it once; nothing returns the graveyard's cards, §Tour de jeu/8)."""
    least = 1 if s.cfg.opt("empty_deck") == "all" else refill_wanted(s, SimpleNamespace(p=p))
    return And(hcount(s, p) == 0, dcount(s, p) < least)


GAME_END = Action(
    "game.end", "§Intro", "the game ends (a player has no card left to bet under option no_card=end, "
    "or nobody has any card left)",
    needs=(Need("§Tour de jeu/1", "a player cannot bet (option no_card) or no card is left that any hand holds or "
                "may still draw",
                lambda s, a: Or(*[_cannot_bet(s, p) for p in range(3)], And(*[_dry(s, p) for p in range(3)])),
                lambda s, a: "a card is still in a hand or may still be drawn: the " +
                             ", ".join(who(p) for p in range(3) if not _dry(s, p)) + " may still bet"),
           # a turn whose bets are made is played to its end (§Tour de jeu/2-7): the cards
           # bet are what emptied the hands, and the end comes at the next bet phase
           Need("§Tour de jeu/1", "the game ends before anyone bets in the turn", lambda s, a: Not(Or(*s.betted)),
                lambda s, a: "bets are already made this turn: it is played out first"),),
    effect=lambda s, a: s.but(phase=OVER), phases=("bet",), goes=("over",), by="chance",
    propose=lambda s: (args(None),),
)

ACTIONS = (DRAW_ACT, BET_ACT, REVEAL, PASS, BLANC, END_TURN, GAME_END)
