"""§Issue (last bullet) and §Manche suivante: the monsters set aside are revealed; if nobody
has won, all 13 monsters are reshuffled, the player who just entered picks the next
adventurer and restores all its equipment, and the previous runner (or, if he was
eliminated, the next player on his left) starts the next bidding."""
from __future__ import annotations

from referee.model.kernel import Action, And, Answer, If, Name, Names, Need, Not, Param, Ruling, args, decide

from .bidding import monster_names
from .state import BID, K, NEXT, NP, T, ZERO, in_play, next_in_play, runner_in_play


def _same(s, a):
    return And(*[a.monsters[k] == s.aside[k] for k in range(K)])


def _show_aside(s, a):
    names = s.cfg.comp.names
    got = [names[k] for k in range(K) for _ in range(a.monsters[k])]
    want = [names[k] for k in range(K) for _ in range(s.aside[k])]
    return f"revealed {got or 'nothing'}, set aside: {want or 'nothing'}"


REVEAL_ASIDE = Action(
    "round.reveal", "§Issue", "after the dungeon, reveal every monster set aside during the bidding",
    params=(Param("monsters", Names(monster_names, "monster", most=13), "the monsters set aside"),),
    needs=(Need("§Issue", "the monsters revealed are exactly those set aside this round", _same, _show_aside),),
    effect=lambda s, a: s.but(phase=NEXT),
    phases=("reveal",), goes=("next",),
    propose=lambda s: (args(s.turn, monsters=tuple(s.aside)),),
)


# §Manche suivante names the chooser with no exception; §Issue has just eliminated him when his
# failure was his second: the two pull apart (a conflict), and the option settles it.
CHOOSER = Ruling(
    "chooser", "§Manche suivante", "nobody has won and the runner was just eliminated: who chooses the next adventurer?",
    arises=lambda s, a: s.phase == NEXT,
    answers=(
        Answer("§Manche suivante", "livret", "the player who just entered the dungeon chooses: the sentence makes "
               "no exception for one just eliminated",
               applies=lambda s, a: True, gives=lambda s, a: s.turn),
        Answer("§Issue", "livret", "a second failure eliminates that player: out of the game, he makes no more "
               "choices, and no one is named to choose in his place",
               applies=lambda s, a: Not(runner_in_play(s)), gives=lambda s, a: next_in_play(s)),
        Answer("§Manche suivante", "option:chooser=left", "the player who starts the next bidding (the next "
               "player in play on the runner's left, whom §Manche suivante puts in an eliminated runner's place "
               "for the start) chooses",
               applies=lambda s, a: Not(runner_in_play(s)),
               gives=lambda s, a: next_in_play(s)),
        Answer("§Manche suivante", "option:chooser=runner", "the eliminated runner still chooses, as the letter "
               "of §Manche suivante has it", applies=lambda s, a: Not(runner_in_play(s)),
               gives=lambda s, a: s.turn),
    ),
    outcome="int", action="round.next",
)


def _starter(s):
    """§Manche suivante: the previous runner starts; if eliminated, the next player on his left."""
    return If(runner_in_play(s), s.turn, next_in_play(s))


def _next(s, a):
    c = s.cfg.comp
    return s.but(
        adv=a.adventurer, tiles=(1,) * T, deck=c.copies, hand=ZERO, dungeon=ZERO, aside=ZERO,
        discard=ZERO, shown=ZERO, entered=ZERO, faced=ZERO,
        passed=tuple(If(in_play(s, q), 0, 1) for q in range(NP)), played=(0,) * NP,
        turn=_starter(s), phase=BID,
        hp0=0, hp=0, dmg=0, gain=0, heal=0, revealed=0, vorpal=-1,
        vorpal_spent=False, axe_used=False, potion_used=False, poly_used=False, pact_used=False, pact_next=False,
    )


def adventurer_names(cfg):
    return cfg.comp.adv_names


NEXT_ROUND = Action(
    "round.next", "§Manche suivante", "reshuffle all 13 monsters into the deck; the chooser picks the "
    "next adventurer, which gets all six tiles back; the previous runner (or the next player in play "
    "on his left) starts the bidding",
    params=(Param("adventurer", Name(adventurer_names, "adventurer"), "the next adventurer"),),
    needs=(
        Need("§Manche suivante", "the player who chooses the next adventurer",
             lambda s, a: a.p == decide(CHOOSER, s, a),
             lambda s, a: f"player #{decide(CHOOSER, s, a) + 1} of the header chooses"),
    ),
    effect=_next, detail=lambda s, t, a: t.but(pile=()),  # every monster reshuffled: a new pile
    phases=("next",), goes=("bid",),
    propose=lambda s: (args(q, adventurer=v) for q in range(s.cfg.extra["nplayers"])
                       for v in range(len(s.cfg.comp.adventurers))),
)

ACTIONS = (REVEAL_ASIDE, NEXT_ROUND)
RULINGS = (CHOOSER,)
