"""Invariants (proved by induction over every event), claims and gaps of Dungeon Draft."""
from __future__ import annotations

from ..kernel import And, Claim, Gap, If, Implies, Invariant, Or, Sum
from .common import seats
from .data import HAND, MAX_KINDS as K, MAX_QUESTS as Q, QUESTS_DEALT, QUESTS_KEPT, ROUNDS, SEATS as P
from .state import DRAFT, END, PLAY, SETUP


def eq_state(S, t):
    """S equals the concrete state t on every skeleton field."""
    cs = []
    for f in t.skeleton():
        cs += _eq(getattr(S, f.name), getattr(t, f.name))
    return And(*cs)


def _eq(x, y):
    if isinstance(y, tuple):
        out = []
        for a, b in zip(x, y):
            out += _eq(a, b)
        return out
    return [x == y]


def _all(vecs):
    for v in vecs:
        yield from (v if not isinstance(v[0], tuple) else [x for w in v for x in w])


def _flag(x):
    return Or(x == 0, x == 1)


def nonneg(s):
    zones = [s.deck, s.discard, s.qdeck] + [z[p] for z in (s.pack, s.hand, s.played, s.qdealt, s.qhand, s.qplayed) for p in range(P)]
    return And(*[x >= 0 for z in zones for x in z])


def cards_conserved(s):
    total = s.cfg.comp.deck()
    return And(*[s.deck[k] + s.discard[k] + Sum(s.pack[p][k] + s.hand[p][k] + s.played[p][k] for p in range(P)) == total[k]
                 for k in range(K)])


def quests_conserved(s):
    total = s.cfg.comp.quest_deck()
    return And(*[s.qdeck[q] + Sum(s.qdealt[p][q] + s.qhand[p][q] + s.qplayed[p][q] for p in range(P)) == total[q]
                 for q in range(Q)])


def draft_hands(s):
    """During the draft a player holding its pack has 7 - (cards picked) cards in it, and has
    picked `step` or `step + 1` cards: so it picks from 7, 6, ..., 1 cards."""
    dealt_all = And(*[s.dealt[p] == 1 for p in seats(s)])
    per = []
    for p in seats(s):
        per.append(And(
            _flag(s.dealt[p]),
            Sum(s.hand[p]) == s.picks[p],
            If(s.dealt[p] == 1,
               And(Sum(s.pack[p]) + s.picks[p] == HAND, s.picks[p] >= s.step, s.picks[p] <= s.step + 1),
               And(Sum(s.pack[p]) == 0, s.picks[p] == 0)),
        ))
    return Implies(s.phase == DRAFT, And(s.step >= 0, s.step < HAND, Or(dealt_all, s.step == 0), *per))


def quiet_outside_draft(s):
    """Outside the draft no pack is held and no pick is counted."""
    return Implies(s.phase != DRAFT, And(s.step == 0, *[And(s.picks[p] == 0, s.dealt[p] == 0, *[x == 0 for x in s.pack[p]])
                                                        for p in range(P)]))


def play_hands(s):
    """In the play phase a hand holds at most 7 cards and is empty once its player has ended;
    before and after the rounds hands are empty."""
    per = []
    for p in seats(s):
        per.append(And(
            _flag(s.ended[p]),
            Implies(s.phase == PLAY, And(Sum(s.hand[p]) <= HAND, Implies(s.ended[p] == 1, Sum(s.hand[p]) == 0))),
            Implies(Or(s.phase == SETUP, s.phase == END), Sum(s.hand[p]) == 0),
            Implies(s.phase != PLAY, s.ended[p] == 0),
        ))
    return And(*per)


def quests_kept(s):
    per = []
    for p in seats(s):
        per.append(And(
            _flag(s.qgot[p]), _flag(s.kept[p]),
            If(s.kept[p] == 1,
               And(s.qgot[p] == 1, Sum(s.qhand[p]) + Sum(s.qplayed[p]) == QUESTS_KEPT, Sum(s.qdealt[p]) == 0),
               And(Sum(s.qhand[p]) == 0, Sum(s.qplayed[p]) == 0, Sum(s.qdealt[p]) == QUESTS_DEALT * s.qgot[p])),
            Implies(s.phase != SETUP, s.kept[p] == 1),
        ))
    return And(*per)


def seats_in_range(s):
    n = s.cfg.extra["nplayers"]
    return And(s.start >= 0, s.start < n, s.turn >= 0, s.turn < n,
               Or(s.phase == SETUP, s.phase == DRAFT, s.phase == PLAY, s.phase == END))


def empty_seats(s):
    """The seats beyond the number of players hold nothing and never act."""
    n = s.cfg.extra["nplayers"]
    cs = []
    for p in range(n, P):
        for z in (s.pack, s.hand, s.played, s.qdealt, s.qhand, s.qplayed):
            cs += [x == 0 for x in z[p]]
        cs += [v[p] == 0 for v in (s.gold, s.xp, s.bonus, s.picks, s.dealt, s.ended, s.qgot, s.kept)]
    return And(*cs)


def this_round(s):
    """`fresh` (this round's heroes and weapons, for option class_after) within `played`,
    and empty outside the play phase: the round's end clears it."""
    return And(*[And(0 <= s.fresh[p][k], s.fresh[p][k] <= s.played[p][k], Implies(s.phase != PLAY, s.fresh[p][k] == 0))
                 for p in range(P) for k in range(K)])


def gold_conserved(s):
    return Sum(s.gold) + s.pool == s.cfg.comp.gold_supply


def reserve_nonneg(s):
    if s.cfg.opt("reserve") != "finite":
        return True  # option reserve=unlimited: the reserve is topped up (it may go below 0)
    return s.pool >= 0


INVARIANTS = (
    Invariant("§Jouer des cartes", "no player's gold is ever negative", lambda s: And(*[g >= 0 for g in s.gold]), name="player_gold_negative"),
    Invariant("§Mise en place", "no zone holds a negative number of cards", nonneg, name="zone_holds_negative"),
    Invariant("§Mise en place", "every draft card is in exactly one place (deck, packs, hands, in play, discard)", cards_conserved, name="draft_card_exactly"),
    Invariant("§Quêtes", "every quest card is in exactly one place (quest deck, dealt, kept, played)", quests_conserved, name="quest_card_exactly"),
    Invariant("§Mise en place", "during the draft each player picks from 7, 6, ..., 1 cards, one pick per step", draft_hands, name="during_draft_player"),
    Invariant("§Mise en place", "outside the draft no pack is held", quiet_outside_draft, name="outside_draft_pack"),
    Invariant("§Fin de tour", "a hand holds at most 7 cards and is emptied when its player ends its turn", play_hands, name="hand_holds_7"),
    Invariant("§Mise en place", "each player keeps exactly 3 quests (once chosen, before the first round)", quests_kept, name="player_keeps_exactly"),
    Invariant("§Intro", "the game lasts exactly four rounds: the round is 1 to 4, and the game ends in round 4",
              lambda s: And(s.round >= 1, s.round <= ROUNDS, Implies(s.phase == END, s.round == ROUNDS)), name="game_lasts_exactly"),
    Invariant("§Fin de manche", "the start player and the player to play are seats in play", seats_in_range, name="start_and_turn_seats"),
    Invariant("§Intro", "the seats beyond the number of players (2 to 5) stay empty", empty_seats, name="seats_beyond_number"),
    Invariant("§Jouer des cartes", "gold only moves between the players and the common reserve", gold_conserved, name="gold_moves_between"),
    Invariant("§Jouer des cartes", "the common reserve never holds less than nothing (option reserve=finite)", reserve_nonneg, name="common_reserve_holds"),
    Invariant("§Jouer des cartes", "the heroes and weapons played this round are among those in front of their player, "
              "and none is counted so outside the play phase", this_round, name="played_this_round"),
)

CLAIMS = (
    Claim("§Mise en place", "each round a player drafts a hand of 7 cards (no more)", "max",
          lambda s: Sum(s.hand[0]), HAND, goal=lambda s: And(s.phase == PLAY, Sum(s.hand[0]) == HAND), name="round_player_drafts"),
    Claim("§Mise en place", "a player about to pick at step k (0-based) holds a pack of 7 - k cards", "always",
          lambda s: Implies(And(s.phase == DRAFT, s.dealt[0] == 1, s.picks[0] == s.step), Sum(s.pack[0]) == HAND - s.step), name="pack_size_at_step"),
    Claim("§Mise en place", "each player holds 3 quests (kept or played) from the first round on", "always",
          lambda s: Implies(s.phase != SETUP, Sum(s.qhand[0]) + Sum(s.qplayed[0]) == QUESTS_KEPT), name="three_quests"),
    Claim("§Intro", "the game never goes past four rounds", "max", lambda s: s.round, ROUNDS,
          goal=lambda s: s.phase == END, name="four_rounds_at_most"),
    Claim("§Mise en place", "the draft deck holds the 4 x 7 cards of 5 players (140)", "data",
          lambda comp: sum(c.count for c in comp.cards) >= ROUNDS * P * HAND, True, name="draft_deck_deals"),
    Claim("§Mise en place", "the quest deck deals 5 quests to each of 5 players (25)", "data",
          lambda comp: sum(q.count for q in comp.quests) >= P * QUESTS_DEALT, True, name="quest_deck_deals"),
)

GAPS = (
    Gap("§Jouer des cartes", "the text refers to the cards' gold costs, attack, production, XP, classes and abilities "
        "but no card list is public", "an illustrative set (components/cards.toml, illustrative = true); --components DIR", name="refers_cards_gold"),
    Gap("§Mise en place", "the text never says how much gold a player starts with",
        "option gold (9 in most sources, 5 in one)", name="starting_gold"),
    Gap("§Jouer des cartes", "the common gold reserve is never counted (how many gold tokens?)",
        "gold_supply in the components (illustrative) and option reserve", name="common_gold_reserve"),
    Gap("§Monstres", "the XP reserve is never counted", "XP tokens are taken as unlimited", name="xp_reserve_counted"),
    # where the text is silent on a rule and the model took a reading (issue 17, item 4)
    Gap("§Mise en place", "how the draft is run is never said: how many cards each pack holds, how many are taken "
        "at a time, when the rest pass, nor how the draft deck is formed and shuffled at setup; only the result, a "
        "hand of 7, is given",
        "each player is dealt a pack of 7, picks one card, and passes the rest, 7 times (public rule)", name="draft_procedure"),
    Gap("§Quêtes", "what a played quest gives, and how often its abilities 'usable over several rounds' may be used "
        "(once, once a round), is never said",
        "a played quest's printed Attack and Gold count in every later round, its XP once, in the final score "
        "(common.score); the illustrative quests have no other ability", name="quest_reuse"),
    Gap("§Monstres", "the text says how a monster is defeated and what it gives, never how a monster comes before a "
        "player: that monsters are among the draft cards, taken into the hand and faced from it, is not said",
        "monsters are draft cards: drafted into the hand, defeated from it on the player's turn (play.monster); one not "
        "defeated is discarded with the unplayed cards at the turn's end (§Fin de tour)", name="monster_entry"),
    Gap("§Jouer des cartes §Icônes de classe", "an ability triggers when its card is played and works only with enough "
        "cards of a class: whether one whose class condition is short at that moment works once the player controls "
        "enough cards of the class later in the round is not said",
        "the condition is read once, when the card is played; a card played later in the round does not wake it",
        name="condition_later"),
    Gap("§Quêtes", "when a kept quest may be played is never said: in which phase, on whose turn, from which round",
        "on its owner's turn of the play phase, in any round (play.quest); it is played once", name="quest_timing"),
    Gap("§Mise en place §Monstres", "the draft deck's size is never given, nor what happens when it cannot deal a "
        "round's packs: unplayed cards and defeated monsters go to its discard pile, which the text never brings "
        "back into play",
        "the deck is dealt from until the game ends and the discard is never shuffled back; the illustrative deck "
        "holds enough for four rounds of five players (check 1)", name="draft_deck_runs_out"),
    Gap("§Fin de manche §Quêtes", "a kept quest that is never played: whether it counts at the end (nothing, or "
        "against its owner) is never said", "it counts nothing: only played quests add their XP", name="unplayed_quest"),
    Gap("§Fin de manche §Jouer des cartes", "the XP printed on a hero or weapon stays in effect after its round, and "
        "the end only says to total the XP: whether a card's printed XP counts once at the end or is gained again "
        "each round (as its printed gold is each turn, §Fin de tour) is never said",
        "it counts once, at the end, beside the XP tokens taken (common.score)", name="printed_xp_once"),
    Gap("§Quêtes", "a quest asks for heroes and weapons of its class: whether it needs both a hero and a weapon or "
        "cards of the class of either kind, how many, and whether cards still in hand count ('have', where the "
        "text elsewhere says 'control') is never said",
        "the quest's printed count per class, heroes and weapons counted together, among the cards the player has "
        "played (common.meets)", name="quest_requirement"),
    Gap("§Jouer des cartes §Fin de tour", "'Or' on a card names its cost (top left corner, §Jouer des cartes) and the "
        "gold it produces at the end of each turn (§Fin de tour); both sit on the card's left side, and the rule that "
        "keeps 'l'Or' of a past round's card, the numbers on its left side, does not say which of the two",
        "the production is a number of its own on each card (components: gold), kept after the card's round; the "
        "cost is paid once (common.production, play.card)", name="gold_cost_or_production"),
    Gap("§Mise en place", "the first player is drawn at random 'for the play phase', with no time given: before or "
        "after the quests are dealt and kept, before or after the draft",
        "a log draws it once every player has kept its quests, before the first pack is dealt (setup.first's Need; "
        "the draw changes nothing before the play phase)", name="first_player_when"),
    Gap("§Icônes de classe §Fin de manche", "'icône' names a card's class icon (§Icônes de classe, with its colour) "
        "and, in the tip of §Fin de manche, what stays visible on the stacked cards of past rounds, whose 'abilities' "
        "stay in effect: whether those icons are the class icons or the Attack, Gold and XP symbols of the left side "
        "is not said",
        "the left side's Attack, Gold and XP (§Jouer des cartes); a past round's class counts only under option "
        "class_after=all", name="icon_two_things"),
    Gap("§Monstres", "a monster with a text box is defeated by following its instructions, one with XP or Gold values "
        "by taking them: what a monster with both gives, in which order, and how long a monster's text effect lasts "
        "(the end-of-round limit of §Jouer des cartes is said of heroes and weapons only) are never said",
        "a monster gives its text's gain and its XP and Gold at once, when defeated, and nothing of it lasts "
        "(play.monster; the illustrative monsters have one or the other)", name="monster_text_and_values"),
)
