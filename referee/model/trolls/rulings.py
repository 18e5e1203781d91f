"""Where the text leaves a situation undecided (Rulings) and the options that fill the holes.

Each Ruling lists what the text says (source "texte") where it says it; the checks find the
states where no text answer applies, or where two give different outcomes. The options give
documented defaults (source "option:<name>=<value>"). Citation scheme: docs/trolls.md.
"""
from __future__ import annotations

from ..kernel import And, Answer, Basis, If, Implies, Lookup, Max, Min, Not, Option, Or, Ruling, Sum, decide, lazy_if
from .geo import ahead
from .state import BET, CLOSE, NOBODY, PLAY, members

TXT = "texte"


# Ruling answers are also evaluated with the arguments of other events (the agreement checks):
# read the arguments they need through these, with neutral defaults.
def _pp(a):
    p = getattr(a, "p", None)
    return 0 if p is None else p


def _figs(a):
    return members(getattr(a, "figs", None) or (0,) * 6)


def _target(a):
    return getattr(a, "target", 0)


def hcount(s, p):
    return Sum(s.hand[p])


def dcount(s, p):
    return Sum(s.deck[p])


# ---------------------------------------------------------------- options
OPTIONS = (
    Option("full_hand", "§Tour de jeu/1",
           "a player who still holds 5 cards (the 5 dealt by §Intro, on the first turn) must draw one or two cards "
           "yet may not go above 5",
           {"skip": "he draws nothing this turn"}, "skip",
           basis=Basis("model", "§Tour de jeu/1", "skip",
                       "§Intro deals each player 5 cards and §Tour de jeu/1 has each player draw one or two cards and "
                       "never hold more than 5: with 5 in hand both cannot hold. §Mise starts the turn with the bet, "
                       "naming no draw before it; the model keeps §Tour de jeu/1's order (draw, then bet) and draws "
                       "nothing")),
    Option("short_refill", "§Tour de jeu/1",
           "how many cards a hand of 3 cards or fewer draws: whether the player picks one or two, and what a hand "
           "of 2 or fewer draws (neither one nor two brings it back to 5)",
           {"two": "he rebuilds his hand to 5 where he can (two with 3 in hand), else draws two cards",
            "one": "he rebuilds his hand to 5 where he can (two with 3 in hand), else draws one card",
            "pick": "he picks one or two cards, never above 5 (with 3 cards in hand too)"}, "two",
           basis=Basis("model", "§Tour de jeu/1", "two",
                       "§Tour de jeu/1 gives the draw a count ('une ou deux cartes') and a purpose ('pour reconstituer "
                       "sa main', never above 5 cards) and never says whether the player picks the count; the model "
                       "reads the purpose: he draws what rebuilds the hand to 5 where one or two cards can (with 3 in "
                       "hand two, not his pick; with 4 one, which every reading gives), and two where neither can")),
    Option("empty_deck", "§Tour de jeu/1",
           "the deck holds fewer cards than the refill needs, whatever the hand (the deck is shuffled once, §Intro, and "
           "nothing brings the graveyard's cards back to it, §Tour de jeu/8)",
           {"all": "he draws what is left", "none": "he draws nothing"}, "all",
           basis=Basis("model", "§Tour de jeu/1", "all",
                       "the deck is shuffled once (§Intro) and the cards bet go to the graveyard (§Tour de jeu/8), which nothing returns to it; §Tour de jeu/1 never says what a draw gives from a deck too small")),
    Option("leave_melee", "§Actions/Mouvement",
           "whether a figure that moves yet ends in base contact with an enemy (round its enemy, to its back, or in "
           "another càc) has left a càc ('quitter un càc', which costs the move +2); a charge pays no +2 under any "
           "of them (the §Actions/Charge gap: the model's reading)",
           {"leaves": "+2 only for a figure in base contact with an enemy where it starts and with none where it ends",
            "each": "+2 for a figure that ends out of contact with any enemy it touched where it started (into another càc too)",
            "start": "+2 for every figure in base contact with an enemy where its move starts"}, "leaves",
           basis=Basis("model", "§Actions/Mouvement", "leaves",
                       "§Actions/Mouvement prices leaving ('quitter') a càc and never defines it; a figure still in "
                       "contact where it stops has not left it")),
    Option("no_card", "§Tour de jeu/1",
           "a player with no card in hand must bet one to three cards",
           {"end": "the game ends (the objective points are counted)", "pass": "he bets nothing (Rsv 0)"}, "end",
           basis=Basis("model", "§Tour de jeu/1", "end",
                       "§Tour de jeu/1 requires a bet of one to three cards and §Intro gives no end of the game: nothing says what happens with an empty hand")),
    Option("zero_rsv", "§Tour de jeu/7",
           "the Human's Rsv is 0 at the reveal (a bet of jokers only): no round can be initiated, and no round empties his Rsv",
           {"end": "the turn ends at once; the others lose their Rsv",
            "round": "one round is played without the Human (Troll, then Dragon), then the turn ends"}, "end",
           basis=Basis("model", "§Tour de jeu/7", "end",
                       "§Tour de jeu/7 ends the turn with the round in which the Human empties his Rsv; a Rsv of 0 at the reveal is never emptied by a round")),
    Option("abeam", "§Actions/Orientation",
           "a figure exactly on the side line of another (neither in front nor behind)",
           {"front": "counts as in front (in line of sight, not in the back)",
            "back": "counts as behind (out of line of sight, in the back)"}, "front",
           basis=Basis("model", "§Actions/Orientation", "front",
                       "§Actions/Orientation knows only front and back and draws no line between them; the model "
                       "takes the front as the whole half-plane ahead of the line through the figure's centre square "
                       "to its facing (geo.ahead): a figure exactly on that line is ahead of it by neither side, and this "
                       "option says which side it counts on")),
    Option("group_stat", "§Groupe/4",
           "a group shot or melee whose figures have different Tir (or Cbt): whose value counts",
           {"best": "the highest of the group", "worst": "the lowest of the group"}, "best",
           basis=Basis("model", "§Groupe/4", "best",
                       "§Groupe/4 adds +1 per extra figure and never says whose Tir or Cbt counts")),
    Option("melee_defenders", "§Actions/Corps à corps",
           "who fights for the target of a melee: its side's +1 per fighter beyond the first two opponents "
           "expects fighters on both sides, and the text never names the target's",
           {"target": "the target alone: its friends never add +1 for it",
            "contact": "the target and each living friend of it in base contact with a fighter: +1 to the "
                       "target's side for each such friend"}, "target",
           basis=Basis("model", "§Actions/Corps à corps", "target",
                       "§Actions/Corps à corps and §Groupe/4 name only the attacking figure or group; the model "
                       "gives the bonus to the attacker alone, and the option gives the reading in which "
                       "the target's side fields its friends in contact (gap melee_defender_side)")),
    Option("group_reorient", "§Groupe/3",
           "the cost of a grouped reorientation (the text sums moves and charges, keeps 1 to start a shot or melee)",
           {"each": "1 point per figure", "one": "1 point for the group"}, "each",
           basis=Basis("model", "§Groupe/3", "each",
                       "§Groupe/3 sums the costs of grouped moves and charges and keeps 1 to start a shot or melee; a grouped reorientation (§Groupe/1) is priced nowhere")),
)


# ---------------------------------------------------------------- §Tour de jeu/1: the draw
def _need(s, a):
    return 5 - hcount(s, _pp(a))


# With 4 in hand every reading draws one (two would go above 5); with 3 the count is the
# player's pick or the two that rebuild the hand (R_SHORT): the text decides a hand of 4 alone.
TEXT_DRAW = Answer("§Tour de jeu/1", TXT, "he draws the one card that brings his hand of 4 back to 5",
                   lambda s, a: And(_need(s, a) == 1, dcount(s, _pp(a)) >= 1),
                   lambda s, a: _need(s, a))
PICK = -1  # R_SHORT's outcome under short_refill=pick: one or two cards, his choice

R_FULL = Ruling(
    "draw_full_hand", "§Tour de jeu/1 §Intro §Mise",
    "a hand of 5 cards at the draw (always so on the first turn: §Intro deals 5 cards): one or two cards must be "
    "drawn, yet the hand may not go above 5 (§Mise puts the bet at the start of a turn and names no draw; "
    "§Tour de jeu/1 draws first)",
    lambda s, a: hcount(s, _pp(a)) >= 5,
    (TEXT_DRAW,
     Answer("§Tour de jeu/1", "option:full_hand=skip", "no draw", lambda s, a: hcount(s, _pp(a)) >= 5, lambda s, a: 0)),
    action="turn.draw")

R_SHORT = Ruling(
    "draw_short_refill", "§Tour de jeu/1",
    "each player draws one or two cards from his deck to rebuild his hand, never above 5 cards: whether "
    "he picks one or two under that ceiling, or must draw what rebuilds his hand to 5, is not said (with 3 cards "
    "in hand: one, or the two that rebuild it); with 2 cards or fewer (after a bet of 3) neither one nor two "
    "rebuilds it",
    lambda s, a: hcount(s, _pp(a)) <= 3,
    (TEXT_DRAW,
     Answer("§Tour de jeu/1", "option:short_refill=two", "the two that rebuild a hand of 3, else two cards "
            "(a deck holding fewer: option empty_deck)", lambda s, a: hcount(s, _pp(a)) <= 3, lambda s, a: 2),
     Answer("§Tour de jeu/1", "option:short_refill=one", "the two that rebuild a hand of 3, else one card "
            "(an empty deck: option empty_deck)",
            lambda s, a: hcount(s, _pp(a)) <= 3, lambda s, a: If(hcount(s, _pp(a)) == 3, 2, 1)),
     Answer("§Tour de jeu/1", "option:short_refill=pick", "one or two cards, his pick (a deck holding none: "
            "option empty_deck)", lambda s, a: hcount(s, _pp(a)) <= 3, lambda s, a: PICK)),
    action="turn.draw")


def refill_wanted(s, a):
    """The cards the refill asks for, at the least: one with 4 in hand; with 3 the two that
    rebuild it (one under short_refill=pick); with 2 or fewer what option short_refill asks
    (pick: one)."""
    h, opt = hcount(s, _pp(a)), s.cfg.opt("short_refill")
    return If(h >= 4, 5 - h, If(h == 3, 1 if opt == "pick" else 2, 2 if opt == "two" else 1))


# The deck falls short of any refill, short or not: one question, one option (empty_deck).
# Only a deck holding some cards asks it (an empty one gives nothing either way).
R_LOW = Ruling(
    "draw_empty_deck", "§Tour de jeu/1 §Tour de jeu/8",
    "the deck holds fewer cards than the refill needs (within a few turns: 12 cards, 5 of them dealt, §Intro; the "
    "cards bet go to the graveyard, §Tour de jeu/8, and no rule returns them)",
    lambda s, a: And(hcount(s, _pp(a)) <= 4, dcount(s, _pp(a)) >= 1, dcount(s, _pp(a)) < refill_wanted(s, a)),
    (TEXT_DRAW,
     Answer("§Tour de jeu/1", "option:empty_deck=all", "what is left in the deck",
            lambda s, a: dcount(s, _pp(a)) < refill_wanted(s, a), lambda s, a: dcount(s, _pp(a))),
     Answer("§Tour de jeu/1", "option:empty_deck=none", "nothing",
            lambda s, a: dcount(s, _pp(a)) < refill_wanted(s, a), lambda s, a: 0)),
    action="turn.draw")


def draw_count(s, a):
    """How many cards player a.p draws this turn (§Tour de jeu/1 and the three rulings)."""
    h = hcount(s, _pp(a))
    # lazy: a ruling decided outside its own situation would raise Undecided for nothing
    return lazy_if(h >= 5, _draw_full, _draw_not_full, h, s, a)


def _draw_full(h, s, a):
    return decide(R_FULL, s, a)


def _draw_not_full(h, s, a):
    return lazy_if(h <= 3, _draw_short, _draw_low, h, s, a)


def _draw_short(h, s, a):
    k = decide(R_SHORT, s, a)
    return lazy_if(dcount(s, _pp(a)) >= If(k == PICK, 1, k), lambda k, s, a: k, _draw_low, k, s, a)


def _draw_low(h, s, a):
    return decide(R_LOW, s, a)


# ---------------------------------------------------------------- §Tour de jeu/1: the bet
def _who(a):
    """The player a question is about; every player when the question is asked of the state."""
    p = getattr(a, "p", None)
    return range(3) if p is None else (p,)


def _emptyhanded(s, a):
    return Or(*[And(s.phase == BET, Not(s.betted[p]), hcount(s, p) == 0) for p in _who(a)])


R_NOCARD = Ruling(
    "bet_without_cards", "§Tour de jeu/1",
    "a player must bet one to three cards but his hand is empty (his deck ran out)",
    _emptyhanded,
    (Answer("§Tour de jeu/1", TXT, "he bets at least one card",
            lambda s, a: And(*[hcount(s, p) >= 1 for p in _who(a)]), lambda s, a: 1),
     Answer("§Tour de jeu/1", "option:no_card=end", "the game ends: no bet is made", _emptyhanded, lambda s, a: -1),
     Answer("§Tour de jeu/1", "option:no_card=pass", "he bets nothing", _emptyhanded, lambda s, a: 0)),
    within="draw_empty_deck",  # the deck's running out is the defect: two readers of s58 counted one
)


def min_bet(s, a):
    return decide(R_NOCARD, s, a)


# ---------------------------------------------------------------- §Cartes spéciales / §Joker: two jokers
def jokers_bet(s, a):
    cards = getattr(a, "cards", None)
    return 0 if cards is None else cards[s.cfg.comp.joker]


R_JOKERS = Ruling(
    "two_jokers", "§Joker/2",
    "a player bets both his jokers: one round blanc, or one per joker?",
    lambda s, a: jokers_bet(s, a) >= 2,
    (Answer("§Joker/2", TXT, "a player who bet a joker may play a round blanc in the turn: one round",
            lambda s, a: True, lambda s, a: If(jokers_bet(s, a) >= 1, 1, 0)),
     Answer("§Cartes spéciales", TXT, "each joker brings the right to a round without reaction: one per joker",
            lambda s, a: True, lambda s, a: jokers_bet(s, a))),
    action="turn.bet",
    basis=Basis("model", "§Joker/2", "§Joker/2", "§Joker/2 gives a player who bet a joker one round blanc in the turn, "
                "§Cartes spéciales gives each joker its round: the model follows §Joker/2, the rule of the round itself"))


# ---------------------------------------------------------------- §Tour de jeu/7: a Human Rsv of 0
def rsv_of(s, p):
    vals = s.cfg.comp.values[p]
    return Sum(n * v for n, v in zip(s.bet[p], vals))


R_ZERO = Ruling(
    "human_rsv_zero", "§Tour de jeu/7",
    "the Human reveals a Rsv of 0 (a bet of jokers only): he initiates no round, and no round empties his Rsv, "
    "so when does the turn end?",
    lambda s, a: rsv_of(s, 0) == 0,
    (Answer("§Tour de jeu/7", TXT, "rounds are played while his Rsv is not empty (2: normal rounds)",
            lambda s, a: rsv_of(s, 0) > 0, lambda s, a: 2),
     Answer("§Tour de jeu/7", "option:zero_rsv=end", "the turn ends at once (0)", lambda s, a: rsv_of(s, 0) == 0, lambda s, a: 0),
     Answer("§Tour de jeu/7", "option:zero_rsv=round", "one round without the Human (1)", lambda s, a: rsv_of(s, 0) == 0, lambda s, a: 1)),
    action="turn.reveal")


# ---------------------------------------------------------------- §Joker/2: a round blanc at the end of the turn
R_BLANC = Ruling(
    "blanc_at_turn_end", "§Joker/2",
    "a round blanc after the round in which the Human emptied his Rsv: allowed 'even at the end of the turn', "
    "but it must be declared when the Human declares an action, which will not happen again",
    lambda s, a: s.phase == CLOSE,
    (Answer("§Joker/2", TXT, "a round blanc may be played even at the end of the turn",
            lambda s, a: s.phase == CLOSE, lambda s, a: True),
     Answer("§Joker/2", TXT, "it is declared at the start of a round, when the Human declares his action",
            lambda s, a: Or(s.phase == CLOSE, s.phase == PLAY),
            lambda s, a: And(s.phase == PLAY, s.step == 0, s.solo == NOBODY))),
    outcome="bool", action="round.blanc",
    basis=Basis("model", "§Joker/2", "§Joker/2", "§Joker/2 allows the round blanc even at the end of the turn and has "
                "it declared when the Human declares an action, which never comes then: the model follows the first"))


# ---------------------------------------------------------------- §Actions/Orientation: exactly abeam
def _abeam_any(s, a):
    m = _figs(a)
    return Or(*[And(m[i] == 1, ahead(s, i, _target(a)) == 0) for i in range(len(m))])


def in_sight(s, a, strict):
    m = _figs(a)
    return And(*[Implies(m[i] == 1, ahead(s, i, _target(a)) > 0 if strict else ahead(s, i, _target(a)) >= 0)
                 for i in range(len(m))])


R_ABEAM = Ruling(
    "target_abeam", "§Actions/Orientation",
    "figures face 'devant/derrière' (§Actions/Orientation) and a target 'sur l'arrière' is out of line of sight "
    "(§Actions/Tir), but the line between front and back is never drawn: the whole half-plane ahead or a narrower "
    "arc (a target 60 degrees off the facing is in sight under one reading, not the other), and on which side a "
    "target exactly abeam of a shooter (or charger) falls; the +1 in the back (§Actions/Tir, §Actions/Corps à "
    "corps) rests on the same line",
    _abeam_any,
    (Answer("§Actions/Tir", TXT, "in line of sight if in front, not if behind",
            lambda s, a: Not(_abeam_any(s, a)), lambda s, a: in_sight(s, a, True)),
     Answer("§Actions/Orientation", "option:abeam=front", "abeam counts as in front",
            _abeam_any, lambda s, a: in_sight(s, a, False)),
     Answer("§Actions/Orientation", "option:abeam=back", "abeam counts as behind",
            _abeam_any, lambda s, a: in_sight(s, a, True))),
    outcome="bool", action="act.shoot")


def behind(s, t, i):
    """Figure i stands in the back of figure t (the +1 of §Actions/Tir and §Actions/Corps à corps);
    exactly abeam follows the same option as the line of sight."""
    side = ahead(s, t, i)
    return side <= 0 if s.cfg.opt("abeam") == "back" else side < 0


# ---------------------------------------------------------------- §Groupe/4: whose Tir or Cbt
def _stat(s, a, i):
    return getattr(s.cfg.comp.figs[i].prof, getattr(a, "stat", "tir"))


def _mixed(s, a):
    m = _figs(a)
    n = len(m)
    return Or(False, *[And(m[i] == 1, m[j] == 1) for i in range(n) for j in range(i + 1, n)
                       if _stat(s, a, i) != _stat(s, a, j)])


def _best(s, a):
    m = _figs(a)
    return Max(*[If(m[i] == 1, _stat(s, a, i), -99) for i in range(len(m))])


def _worst(s, a):
    m = _figs(a)
    return Min(*[If(m[i] == 1, _stat(s, a, i), 99) for i in range(len(m))])


R_STAT = Ruling(
    "group_stat", "§Groupe/4",
    "a group shot or melee by figures with different Tir (or Cbt): the text adds +1 per extra figure "
    "but never says whose value counts",
    _mixed,
    (Answer("§Groupe/4", TXT, "a single figure, or a group with one value: that value",
            lambda s, a: Not(_mixed(s, a)), _best),
     Answer("§Groupe/4", "option:group_stat=best", "the highest", _mixed, _best),
     Answer("§Groupe/4", "option:group_stat=worst", "the lowest", _mixed, _worst)),
    action="act.shoot")


def group_stat(s, a, stat):
    from types import SimpleNamespace

    return decide(R_STAT, s, SimpleNamespace(p=a.p, figs=a.figs, target=a.target, stat=stat))


# ---------------------------------------------------------------- §Actions/Corps à corps: who fights for the target
def _helpers(s, a):
    """One flag per figure: a living friend of the target, not itself a fighter, in base contact
    with a fighter (the figures that would fight for the target under option melee_defenders=contact)."""
    from .geo import alive, contact

    m, t = _figs(a), _target(a)
    owners = tuple(f.owner for f in s.cfg.comp.figs)
    theirs = Lookup(owners, t)
    return [And(m[k] == 0, k != t, owners[k] == theirs, alive(s, k),
                Or(False, *[And(m[i] == 1, contact(s, k, i)) for i in range(len(m)) if i != k]))
            for k in range(len(m))]


def _helped(s, a):
    return Or(False, *_helpers(s, a))


R_DEFENDERS = Ruling(
    "melee_defenders", "§Actions/Corps à corps",
    "a melee starts (by a melee action, or at the end of a charge: the same question) while a friend of the target "
    "touches a fighter: each fighter beyond the first two opponents gives his side +1, but whether the target's "
    "side has fighters other than the target is never said",
    _helped,
    (Answer("§Actions/Corps à corps", TXT, "no friend of the target touches a fighter: the target fights alone",
            lambda s, a: Not(_helped(s, a)), lambda s, a: 0),
     Answer("§Actions/Corps à corps", "option:melee_defenders=target", "the target fights alone",
            _helped, lambda s, a: 0),
     Answer("§Actions/Corps à corps", "option:melee_defenders=contact", "+1 to the target's side per friend in contact",
            _helped, lambda s, a: Sum([If(h, 1, 0) for h in _helpers(s, a)]))),
    action="act.melee")


# ---------------------------------------------------------------- §Groupe/3: grouped reorientation
def _n(a):
    return Sum(_figs(a))


R_REORIENT = Ruling(
    "group_reorient_cost", "§Groupe/3",
    "a grouped reorientation: the text gives the cost of grouped moves and charges (the sum) and of "
    "starting a shot or melee (1), not of a reorientation",
    lambda s, a: _n(a) >= 2,
    (Answer("§Actions/Orientation", TXT, "one figure: 1 point", lambda s, a: _n(a) == 1, lambda s, a: 1),
     Answer("§Groupe/3", "option:group_reorient=each", "1 per figure", lambda s, a: _n(a) >= 2, lambda s, a: _n(a)),
     Answer("§Groupe/3", "option:group_reorient=one", "1 for the group", lambda s, a: _n(a) >= 2, lambda s, a: 1)),
    action="act.reorient")

# ---------------------------------------------------------------- §Actions/Tir: a heavy weapon and a càc
def _heavy_members(s, a):
    m = _figs(a)
    return [m[i] == 1 for i in range(len(m)) if s.cfg.comp.figs[i].prof.weapon == "heavy"]


def _heavy_in_melee(s, a):
    from .geo import engaged

    m = _figs(a)
    return Or(False, *[And(m[i] == 1, engaged(s, i)) for i in range(len(m))
                       if s.cfg.comp.figs[i].prof.weapon == "heavy"])


def _into_melee_ok(s, a):
    from .geo import engaged

    return Implies(Or(False, *_heavy_members(s, a)), Not(engaged(s, _target(a))))


R_HEAVY = Ruling(
    "heavy_shot_from_melee", "§Actions/Tir",
    "a heavy weapon held by a figure that is itself in a càc shoots a target outside it: is that shooting "
    "'dans un càc'?",
    _heavy_in_melee,
    (Answer("§Actions/Tir", TXT, "no heavy shot into a càc: only a target in a càc is protected",
            lambda s, a: True, _into_melee_ok),
     Answer("§Actions/Tir", TXT, "no heavy shot in a càc: a shooter in a càc may not fire it",
            _heavy_in_melee, lambda s, a: False)),
    outcome="bool", action="act.shoot",
    basis=Basis("model", "§Actions/Tir", "§Actions/Tir", "§Actions/Tir forbids a heavy shot in a càc without saying "
                "whether the shooter's or the target's; the model protects only a target in a càc"))

RULINGS = (R_FULL, R_SHORT, R_LOW, R_NOCARD, R_JOKERS, R_ZERO, R_BLANC, R_ABEAM, R_STAT, R_REORIENT, R_HEAVY,
           R_DEFENDERS)
