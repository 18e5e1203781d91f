"""§Donjon, §Équipement, §Issue, §Victoire: the runner reveals the dungeon pile one card
at a time, each monster is defeated by a remaining tile or costs its strength in HP; the
single-use tiles are used at the moment the booklet gives; at the end the runner
survives (a success card) or fails (his aid flips; a second failure eliminates him).

Events: `dungeon.vorpal` (name the Vorpal type, before the first reveal), `dungeon.reveal`
(the monster turned up), then exactly one of `dungeon.axe`, `dungeon.polymorph` (which
turns up another monster to face) or `dungeon.fight`; `dungeon.leave` once the pile is empty.
"""
from __future__ import annotations

from referee.model.kernel import (
    Action, And, Answer, If, Int, Lookup, Name, Need, Not, Or, Param, Ruling, Sum, args, bump, decide, put, vadd, vsub,
)
from referee.model.kernel.rules import tracing

from .bidding import monster_names
from .state import (
    DUNGEON, ENCOUNTER, K, OVER, REVEAL, ZERO, base, count_in_play, has, passive_defeat, pile_after_top,
    shown_strength, top_ok, unit,
)

def _runner(cite: str) -> Need:
    return Need(cite, "only the runner acts in the dungeon", lambda s, a: s.turn == a.p,
                lambda s, a: f"the runner is player #{s.turn + 1} of the header")


# ---------------------------------------------------------------- Vorpal Sword / Dagger
VORPAL = Action(
    "dungeon.vorpal", "§Équipement.Vorpale", "name the monster type the Vorpal Sword or Dagger defeats",
    params=(Param("monster", Name(monster_names, "monster"), "the type named"),),
    needs=(
        _runner("§Donjon"),
        Need("§Équipement.Vorpale", "the adventurer still has a Vorpal Sword or Dagger",
             lambda s, a: has(s, "vorpal"), lambda s, a: "no Vorpal weapon under the adventurer"),
        Need("§Équipement.Vorpale", "the type is named once, before the first dungeon card is revealed",
             lambda s, a: And(s.vorpal < 0, s.revealed == 0),
             lambda s, a: f"{s.revealed} card(s) already revealed" if s.revealed else "a type is already named"),
    ),
    effect=lambda s, a: s.but(vorpal=a.monster),
    phases=("dungeon",), timing="§Équipement.Vorpale",
    propose=lambda s: (args(s.turn, monster=k) for k in range(K)),
)


# ---------------------------------------------------------------- reveal
def _top_need(cite: str, says: str, from_pile=lambda s: True) -> Need:
    """The card turned up from the dungeon pile is its top card, wherever the log fixes the
    order (checked concretely; the proofs allow any card of the pile, a superset)."""
    def show(s, a):
        names = s.cfg.comp.names
        return f"the {names[s.pile[-1]]} was added last and is on top, not the {names[a.monster]}"
    return Need(cite, says, lambda s, a: not from_pile(s) or top_ok(s, a.monster), show, concrete_only=True)


def _reveal(s, a):
    return s.but(dungeon=bump(s.dungeon, a.monster, -1), shown=unit(a.monster), revealed=s.revealed + 1,
                 faced=bump(s.faced, a.monster, 1), phase=ENCOUNTER)


REVEAL_ = Action(
    "dungeon.reveal", "§Donjon", "reveal the top card of the dungeon pile",
    params=(Param("monster", Name(monster_names, "monster"), "the monster revealed"),),
    needs=(
        _runner("§Donjon"),
        Need("§Équipement.Vorpale", "a Vorpal weapon's type is named before the first reveal",
             lambda s, a: Or(Not(has(s, "vorpal")), s.vorpal >= 0),
             lambda s, a: "the Vorpal weapon's type was not named"),
        Need("§Donjon", "the monster revealed is in the dungeon pile",
             lambda s, a: s.dungeon[a.monster] > 0,
             lambda s, a: f"no {s.cfg.comp.names[a.monster]} in the dungeon pile ({Sum(s.dungeon)} card(s) left)"),
        _top_need("§Donjon §Enchères", "the monster revealed is the top card of the dungeon pile: the last one "
                  "added, the pile being built face down and never shuffled"),
        Need("§Donjon", "a runner whose HP fell below what surviving needs reveals no more (option death=at_once; "
             "0 or less, or below 0 under option zero_hp=survive)",
             lambda s, a: True if s.cfg.opt("death") != "at_once" else Not(dead(s)),
             lambda s, a: f"the runner is dead ({s.hp} HP): the run ended"),
    ),
    effect=_reveal, detail=lambda s, t, a: t.but(pile=pile_after_top(s)), phases=("dungeon",), goes=("encounter",),
    # the top card, where the pile's order is known
    propose=lambda s: (args(s.turn, monster=k) for k in range(K) if s.dungeon[k] > 0 and top_ok(s, k)),
)


# ---------------------------------------------------------------- Vorpal Axe
AXE = Action(
    "dungeon.axe", "§Équipement.Hache", "use the Vorpal Axe on the monster just revealed: it is defeated",
    needs=(
        _runner("§Donjon"),
        Need("§Équipement.Hache", "the adventurer has a Vorpal Axe not used in this dungeon",
             lambda s, a: And(has(s, "axe"), Not(s.axe_used)),
             lambda s, a: "the Axe was used already" if s.axe_used else "no Vorpal Axe under the adventurer"),
    ),
    effect=lambda s, a: s.but(discard=vadd(s.discard, s.shown), shown=ZERO, axe_used=True, pact_next=False,
                              phase=DUNGEON),
    phases=("encounter",), goes=("dungeon",), timing="§Équipement.Hache",
    propose=lambda s: (args(s.turn),),
)


# ---------------------------------------------------------------- Polymorph
def _poly_source(s, a):
    if s.cfg.opt("polymorph") == "deck":
        return And(Sum(s.deck) > 0, s.deck[a.monster] > 0)
    return s.dungeon[a.monster] > 0


def _poly_show(s, a):
    pile = s.deck if s.cfg.opt("polymorph") == "deck" else s.dungeon
    where = "monster deck" if s.cfg.opt("polymorph") == "deck" else "dungeon pile"
    if sum(pile) == 0:
        return f"the {where} is empty"
    return f"no {s.cfg.comp.names[a.monster]} in the {where}"


def _polymorph(s, a):
    t = s.but(discard=vadd(s.discard, s.shown), shown=unit(a.monster), poly_used=True,
              faced=bump(vsub(s.faced, s.shown), a.monster, 1))
    if s.cfg.opt("polymorph") == "deck":
        return t.but(deck=bump(s.deck, a.monster, -1))
    return t.but(dungeon=bump(s.dungeon, a.monster, -1))


def _poly_detail(s, t, a):
    return t if s.cfg.opt("polymorph") == "deck" else t.but(pile=pile_after_top(s))


POLYMORPH = Action(
    "dungeon.polymorph", "§Équipement.Métamorphose", "replace the monster just revealed by the next "
    "card of the monster deck (option polymorph), which is faced instead",
    params=(Param("monster", Name(monster_names, "monster"), "the replacement turned up"),),
    needs=(
        _runner("§Donjon"),
        Need("§Équipement.Métamorphose", "the adventurer has a Polymorph not used in this dungeon",
             lambda s, a: And(has(s, "polymorph"), Not(s.poly_used)),
             lambda s, a: "Polymorph was used already" if s.poly_used else "no Polymorph under the adventurer"),
        Need("§Équipement.Métamorphose", "the replacement is in the pile Polymorph draws from "
             "(unusable when that pile is empty)", _poly_source,
             _poly_show),
        _top_need("§Équipement.Métamorphose", "a replacement from the dungeon pile (option polymorph=dungeon) "
                  "is its top card", lambda s: s.cfg.opt("polymorph") == "dungeon"),
    ),
    effect=_polymorph, detail=_poly_detail, phases=("encounter",),
    propose=lambda s: (args(s.turn, monster=k) for k in range(K)),
)


# ---------------------------------------------------------------- fight
def _defeaters(s):
    """Which remaining tiles defeat the monster faced: the Pact (or its next-monster
    effect), the Vorpal weapon, the Ring of Power, and the other passive tiles."""
    c = s.cfg.comp
    st = shown_strength(s)
    return dict(
        pact=And(s.shown[c.demon] == 1, has(s, "pact"), Not(s.pact_used)),
        vorp=And(has(s, "vorpal"), Not(s.vorpal_spent), Or(*[And(s.shown[k] == 1, s.vorpal == k) for k in range(K)])),
        ring=And(has(s, "ring"), st <= c.ring_value),
        others=Or(*[And(s.shown[k] == 1, passive_defeat(s, k, but=("ring",))) for k in range(K)]),
    )


# When two tiles could both defeat the monster faced, §Donjon says only that a remaining tile
# defeats it, not which one acts. It matters where acting has a consequence: the Ring of Power
# adds the monster's strength to the HP (§Équipement.Anneau), which, read literally, it does for
# every monster of strength 1 and 2 whatever else defeats it (the default follows that letter). (A Vorpal weapon that strikes once,
# option vorpal=one, is spent beside another tile too; with the published tiles that other tile
# defeats every later copy as well, so no outcome depends on it.)
RING_OVERLAP = Ruling(
    "ring_overlap", "§Donjon §Équipement.Anneau",
    "the Ring of Power and another remaining tile both defeat the monster faced (with the shipped tiles, the "
    "Rogue's Vorpal Dagger named Goblin or Skeleton): read literally, §Équipement.Anneau has the Ring defeat it "
    "and add its strength whatever else defeats it, and only §Donjon's singular ('si un Équipement restant vainc') "
    "suggests that one tile alone acts: is the Ring deemed to defeat it too, or the other tile alone?",
    arises=lambda s, a: (lambda d: And(s.phase == ENCOUNTER, d["ring"], Or(d["pact"], s.pact_next, d["vorp"],
                                                                          d["others"])))(_defeaters(s)),
    answers=(
        Answer("§Équipement.Anneau", "option:ring_overlap=gain", "the Ring defeats it too, as §Équipement.Anneau "
               "reads literally, and adds its strength: the HP go up",
               lambda s, a: True, lambda s, a: True),
        Answer("§Donjon", "option:ring_overlap=other_first", "the other tile alone is deemed to defeat it: no HP gained",
               lambda s, a: True, lambda s, a: False),
    ),
    outcome="bool", action="dungeon.fight",
)


def beaten(s, d=None):
    """A remaining tile defeats the monster faced, with no decision taken (§Donjon 1); `d`:
    _defeaters(s), when the caller has it already."""
    d = _defeaters(s) if d is None else d
    return Or(d["pact"], s.pact_next, d["vorp"], d["ring"], d["others"])


def _fight(s, a):
    st = shown_strength(s)
    d = _defeaters(s)
    pact, vorp, ring = d["pact"], d["vorp"], d["ring"]
    loss = If(beaten(s, d), 0, st)
    alone = Not(Or(pact, s.pact_next, vorp, d["others"]))  # the Ring is the only tile defeating it
    g = If(And(ring, Or(alone, decide(RING_OVERLAP, s, a))), st, 0)
    hp1 = s.hp - loss + g
    potion = And(has(s, "potion"), Not(s.potion_used), hp1 <= 0)
    hp2 = If(potion, base(s), hp1)
    one = s.cfg.opt("vorpal") == "one"
    return s.but(
        discard=vadd(s.discard, s.shown), shown=ZERO, phase=DUNGEON,
        hp=hp2, dmg=s.dmg + loss, gain=s.gain + g, heal=s.heal + (hp2 - hp1),
        potion_used=Or(s.potion_used, potion), pact_used=Or(s.pact_used, pact),
        pact_next=And(pact, Sum(s.dungeon) > 0),
        vorpal_spent=Or(s.vorpal_spent, And(vorp, one)),  # spent even beside another tile: with the
        # published tiles that other tile defeats every later copy too, so no outcome can differ
    )


FIGHT = Action(
    "dungeon.fight", "§Donjon", "face the monster revealed: a remaining tile defeats it (no HP lost; "
    "the Ring of Power adds its strength, the Demonic Pact takes the Demon and the next monster), "
    "else lose its strength in HP (the Healing Potion restores the printed base at HP <= 0); discard it",
    needs=(_runner("§Donjon"),),
    effect=_fight, phases=("encounter",), goes=("dungeon",),
    propose=lambda s: (args(s.turn), args(s.turn)),  # twice: facing is the common choice
)


# ---------------------------------------------------------------- leave: the outcome
def _need(s) -> int:
    """HP the runner must keep to survive: 1 (the booklet: damage >= starting HP fails) or 0
    (option zero_hp=survive)."""
    return 1 if s.cfg.opt("zero_hp") == "fail" else 0


SURVIVE = Ruling(
    "survive", "§Issue", "the Healing Potion or the Ring of Power changed the runner's HP during the dungeon: does he survive it when he leaves?",
    arises=lambda s, a: And(s.phase == DUNGEON, Sum(s.dungeon) == 0),
    answers=(
        Answer("§Équipement.Potion §Équipement.Anneau", "livret",
               "the Healing Potion restores the HP to the printed base and the Ring of Power adds to them the "
               "strength of the monsters it defeats: read by the HP they leave, the runner survives while he has "
               "HP left",
               applies=lambda s, a: Or(s.potion_used, s.gain > 0),
               gives=lambda s, a: s.hp >= _need(s)),
        Answer("§Issue", "livret",
               "the runner survives when the total damage is below his starting HP",
               applies=lambda s, a: True,
               gives=lambda s, a: s.dmg <= s.hp0 - _need(s)),
        Answer("§Équipement.Potion §Équipement.Anneau", "option:survive=hp", "read by the HP left (the Potion and the Ring count)",
               applies=lambda s, a: Or(s.potion_used, s.gain > 0), gives=lambda s, a: s.hp >= _need(s)),
        Answer("§Issue", "option:survive=damage", "read by the total damage against the starting HP",
               applies=lambda s, a: Or(s.potion_used, s.gain > 0), gives=lambda s, a: s.dmg <= s.hp0 - _need(s)),
    ),
    outcome="bool", action="dungeon.leave",
)


def dead(s):
    """The runner's HP are below what surviving needs (option death=at_once ends the run)."""
    return s.hp < _need(s)


def all_different(s):
    """§Équipement.Omnipotence: every monster of the dungeon differs from the others (with
    option omnipotence=with_aside, the monsters set aside count too). After a Polymorph, the
    monsters of the pile as the runner entered it, or (option omni_polymorph=faced) those he
    faced: the replacement in, the replaced monster out (gap omnipotence_after_polymorph)."""
    with_aside = s.cfg.opt("omnipotence") == "with_aside"
    met = s.faced if s.cfg.opt("omni_polymorph") == "faced" else s.entered
    return And(*[(met[k] + (s.aside[k] if with_aside else 0)) <= 1 for k in range(K)])


def _outcome(s, a):
    """(won, lost) for the runner leaving: neither when the round counts for nothing."""
    omni = And(has(s, "omni"), all_different(s), Sum(s.dungeon) == 0)  # only once the whole pile is drawn
    survive = Or(omni, decide(SURVIVE, s, a))
    counts = True
    if s.cfg.opt("empty_dungeon") == "nothing":
        counts = Sum(s.entered) > 0
    return And(counts, survive), And(counts, Not(survive))


def _leave(s, a):
    r = s.turn
    won, lost = _outcome(s, a)
    wins = put(s.wins, r, Lookup(s.wins, r) + If(won, 1, 0))
    fails = put(s.fails, r, Lookup(s.fails, r) + If(lost, 1, 0))
    over = Or(Lookup(wins, r) >= 2, count_in_play(s, fails) <= 1)
    return s.but(wins=wins, fails=fails, supply=s.supply - If(won, 1, 0), phase=If(over, OVER, REVEAL))


# A log may state the outcome of a dungeon on its dungeon.leave, as it may state the result of
# the game: then two engines that part at a dungeon are told apart at that line.
OUTCOMES = ("success", "failure", "nothing")


def _declared_ok(s, a):
    if a.outcome < 0 and a.hp is None:
        return True
    # traced: when the check refuses a declared outcome, the option that decided it is what a
    # referee must be told (a replay lists a decision once a line; the effect asks again)
    won, lost = _outcome(s, a)
    said = True if a.outcome < 0 else (won, lost, Not(Or(won, lost)))[a.outcome]
    return And(said, True if a.hp is None else s.hp == a.hp)


def _declared_show(s, a):
    with tracing([]):
        won, lost = _outcome(s, a)
    return f"the rules give {'a success' if won else 'a failure' if lost else 'nothing'}, {s.hp} HP left"


LEAVE = Action(
    "dungeon.leave", "§Issue", "leave the emptied dungeon: survive and take a success card (a second "
    "wins), or fail and flip the aid white -> red (a failure on red eliminates); the last player in "
    "play wins",
    params=(Param("outcome", Name(lambda cfg: OUTCOMES, "dungeon outcome"), "the outcome the log declares "
                  "(success, failure, or nothing under empty_dungeon=nothing), checked", optional=True, default=-1),
            # the rules bound it by the base HP less every monster's strength (-50 with the
            # published 13: a Mage who meets them all) and the full kit plus the Ring's gains
            # (17); 99 either way holds those of any component set a log may be read with
            Param("hp", Int(-99, 99), "the HP the log declares the runner leaves with, checked", optional=True,
                  default=None)),
    needs=(
        _runner("§Donjon"),
        Need("§Donjon", "every dungeon card has been revealed (with option death=at_once, a dead runner leaves "
             "at once)",
             lambda s, a: Or(Sum(s.dungeon) == 0, And(dead(s), s.cfg.opt("death") == "at_once")),
             lambda s, a: f"{Sum(s.dungeon)} card(s) still in the dungeon pile"),
        Need("§Issue", "the outcome the log declares is the rules' outcome", _declared_ok, _declared_show),
    ),
    effect=_leave, phases=("dungeon",), goes=("reveal", "over"),
    propose=lambda s: (args(s.turn, outcome=-1, hp=None),),  # no declared outcome
)

ACTIONS = (VORPAL, REVEAL_, AXE, POLYMORPH, FIGHT, LEAVE)
RULINGS = (SURVIVE, RING_OVERLAP)
