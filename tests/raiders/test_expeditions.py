"""§7-§8 (expeditions): hand-computed combats a reader can check with the illustrative
components (components/dungeons.toml, dice.toml). Ana is player 0 and holds the initiative.

Numbers used below (dungeons.toml):
  Crypte oubliée     level 1, 1 floor,  resistance 6, 1 red skull (creature +1), 0 black, glory 1, 1 treasure
  Grotte des gobelins level 1, 2 floors, resistance 5 (+1 effect), 0 red, 1 black, glory 1, 1 treasure
  Catacombes          level 2, 2 floors, resistance 8, 1 red (creature +2), 1 black, glory 2, 2 treasures
  front bonus by specialists 0..4: 0 1 2 2 3; reinforcement: 0 0 1 2 3
"""
from pathlib import Path
from types import SimpleNamespace as A

import pytest

from referee.model.kernel import Illegal, put
from referee.model.raiders.data import CLASSES
from referee.model.raiders.s8_dungeons import face_names, treasure_names
from referee.model.raiders.s7_groups import equip_names

from .conftest import GAME, act, start

CFG = GAME.default_config()
EXP = CFG.comp.exp
DUN = {d.name: i for i, d in enumerate(EXP.dungeons)}
XN = [x.name for x in EXP.exploration]


def classes(*names):
    v = [0] * len(CLASSES)
    for n in names:
        v[CLASSES.index(n)] += 1
    return tuple(v)


def dice(*faces):
    names = face_names(CFG)
    v = [0] * len(names)
    for f in faces:
        v[names.index(f)] += 1
    return tuple(v)


def xcards(*names):
    v = [0] * len(XN)
    for n in names:
        v[XN.index(n)] += 1
    return tuple(v)


def cards(*names):
    en = equip_names(CFG)
    v = [0] * len(en)
    for n in names:
        v[en.index(n)] += 1
    return tuple(v)


NOX = xcards()
NOC = classes()


def expeditions(options=None, ana=(1, 0, 0, 0, 0), **changes):
    """Both players in the expeditions phase, Ana with the initiative, one action each."""
    s = start(options)
    base = dict(phase=4, init=0, current=0, done=(0, 0), expedition=(1, 1),
                reserve=((2, 2, 2, 2, 2), (2, 2, 2, 2, 2)))
    base.update(changes)
    return s.but(**base)


def send(s, p, group, dungeon, square="entrée", front=(), back=(), equip=()):
    return GAME.step(s, act("expedition.send"), A(p=p, group=group, dungeon=DUN[dungeon], square=("entrée", "casque").index(square),
                                                   front=classes(*front), back=classes(*back), cards=cards(*equip)))


def roll(s, who, group, faces, explore=()):
    return GAME.step(s, act("expedition.roll"), A(p=None, who=who, group=group, dice=dice(*faces), explore=xcards(*explore)))


def resolve(s, p, group, cancel=0, cancelx=(), disarm=(), heal=(), victims=()):
    return GAME.step(s, act("expedition.resolve"), A(p=p, group=group, cancel=cancel, cancelx=xcards(*cancelx),
                                                      disarm=xcards(*disarm), heal=classes(*heal), victims=classes(*victims)))


def skip(s, p):
    return GAME.step(s, act("expedition.skip"), A(p=p))


def illegal(s, name, a):
    with pytest.raises(Illegal) as e:
        GAME.step(s, act(name), a)
    return e.value


# ------------------------------------------------------------------ §8.4-§8.7 PvE
def test_pve_success_clears_a_one_floor_dungeon():
    """Guerrier + mage in front (2 specialists: +2), a prêtre behind (1: +0). Dice 4 + 3 = 7;
    score 7 + 2 = 9. Resistance 6 + one red skull (creature +1) = 7. 9 >= 7: success."""
    s = expeditions()
    s = send(s, 0, 1, "Crypte oubliée", front=("guerrier", "mage"), back=("prêtre",))
    assert s.gb[0][0] == 2 and s.reserve[0] == (1, 1, 1, 2, 2)
    s = skip(s, 1)
    s = roll(s, 0, 1, ["guerrier 4", "mage 3"])
    assert s.ctot[0] == 7
    g0 = s.glory[0]
    s = resolve(s, 0, 1)
    d = DUN["Crypte oubliée"]
    assert s.floors[d] == 1  # one marker = its one floor: cleared (§8.7)
    assert s.glory[0] == g0 + 1 and s.tdue[0] == 1
    # the treasure, then the turn may end; the group comes home with its three adventurers (§8.9)
    illegal(s, "turn.end", A(p=None))
    c0 = s.crowns[0]
    s = GAME.step(s, act("treasure.draw"), A(p=0, card=treasure_names(CFG).index("Bourse")))
    assert s.crowns[0] == c0 + 2
    t = GAME.step(s, act("turn.end"), A(p=None))
    assert t.reserve[0] == (2, 2, 2, 2, 2) and t.at[0][0] == -1 and t.sent[0] == (0, 0, 0)
    # a cleared dungeon can no longer be visited (§8.3)
    t = t.but(phase=4, expedition=(1, 1), init=0)
    e = illegal(t, "expedition.send", A(p=0, group=1, dungeon=d, square=0, front=classes("guerrier"), back=NOC,
                                        cards=cards()))
    assert e.need.cite == "§8.3"


def test_pve_failure_routs_the_group_and_the_dead_are_removed():
    """Two miliciens (no specialist: +0) in the Grotte: the black skull draws Goule (encounter +3).
    Dice 0 (death) + 3 = 3. Resistance 5 + 1 (effect) + 3 = 9. 3 < 9: rout; the dead milicien
    is removed, the other goes back to the reserve."""
    s = expeditions()
    s = skip(send(s, 0, 1, "Grotte des gobelins", front=("milicien", "milicien")), 1)
    s = roll(s, 0, 1, ["milicien 0d", "milicien 3"], explore=["Goule"])
    assert s.cdead[0] == classes("milicien")
    s = resolve(s, 0, 1)
    assert s.floors[DUN["Grotte des gobelins"]] == 0 and s.stage[0][0] == 0
    assert s.reserve[0][4] == 2 - 2 + 1  # one milicien back, one dead
    assert s.xdisc == xcards("Goule") and sum(s.xdrawn) == 0  # Exploration cards discarded after the combat


def test_a_critical_cancels_an_encounter():
    """Guerrier 5c + milicien 0d in the Grotte, Goule drawn: 5 + 0 = 5, front bonus +1 (one
    specialist): score 6. The critical cancels Goule: resistance 5 + 1 = 6. 6 >= 6: success,
    first of the two floors; the milicien who rolled a death is removed."""
    s = expeditions()
    s = skip(send(s, 0, 1, "Grotte des gobelins", front=("guerrier", "milicien")), 1)
    s = roll(s, 0, 1, ["guerrier 5c", "milicien 0d"], explore=["Goule"])
    e = illegal(s, "expedition.resolve", A(p=0, group=1, cancel=1, cancelx=NOX, disarm=NOX, heal=NOC, victims=NOC))
    assert e.need.cite == "§8.4 §8.5"  # the Grotte has no red skull to cancel
    t = resolve(s, 0, 1, cancelx=["Goule"])
    d = DUN["Grotte des gobelins"]
    assert t.floors[d] == 1 and t.stage[0][0] == 3 and t.front[0][0] == classes("guerrier")
    # without the cancellation: resistance 9 > 6, a rout
    u = resolve(s, 0, 1)
    assert u.floors[d] == 0 and u.stage[0][0] == 0


def test_traps_the_player_picks_and_eliminating_traps():
    """Catacombes (level 2, open once a level-1 dungeon is cleared): resistance 8, a red skull
    (creature +2), one black skull. Voleur 2x + guerrier 3 + mage 4c: dice 9, three
    specialists in front +2, a prêtre and a guerrier behind +1: score 12.
    Drawn: Herse (trap +3). With the disarm: resistance 8 + 2 (creature, not cancelled,
    the critical cancels it instead) ... see each case."""
    cleared = put(tuple(0 for _ in EXP.dungeons), DUN["Crypte oubliée"], 1)
    s = expeditions(floors=cleared)
    s = skip(send(s, 0, 2, "Catacombes", front=("voleur", "guerrier", "mage"), back=("prêtre", "guerrier")), 1)
    assert s.gb[0][1] == 2 + 1
    s = roll(s, 0, 2, ["voleur 2x", "guerrier 3", "mage 4c"], explore=["Herse"])
    assert (s.ctot[0], s.ccrit[0], s.cdis[0]) == (9, 1, 1)
    # critical on the creature (cancel=1), Herse disarmed: resistance 8; score 12 >= 8
    t = resolve(s, 0, 2, cancel=1, disarm=["Herse"])
    assert t.stage[0][1] == 3 and t.tdue[0] == 2
    # nothing cancelled nor disarmed: 8 + 2 + 3 = 13 > 12: rout
    u = resolve(s, 0, 2)
    assert u.stage[0][1] == 0
    # disarming a trap that was not drawn is refused
    e = illegal(s, "expedition.resolve", A(p=0, group=2, cancel=0, cancelx=NOX, disarm=xcards("Fléchettes"), heal=NOC, victims=NOC))
    assert e.need.cite == "§8.5"


def test_eliminating_trap_strikes_an_adventurer_without_a_death():
    """Grotte, Trappe drawn (eliminates, +0), nobody disarms: one victim among the front-line
    adventurers who rolled no death. Guerrier 5c + milicien 0d: the victim must be the guerrier;
    the milicien is dead anyway. Score 5 + 1 = 6 >= 5 + 1 = 6: success, with nobody left."""
    s = expeditions()
    s = skip(send(s, 0, 1, "Grotte des gobelins", front=("guerrier", "milicien")), 1)
    s = roll(s, 0, 1, ["guerrier 5c", "milicien 0d"], explore=["Trappe"])
    e = illegal(s, "expedition.resolve", A(p=0, group=1, cancel=0, cancelx=NOX, disarm=NOX, heal=NOC, victims=classes("milicien")))
    assert e.need.cite == "§8.5"
    e = illegal(s, "expedition.resolve", A(p=0, group=1, cancel=0, cancelx=NOX, disarm=NOX, heal=NOC, victims=NOC))
    assert e.need.says == "one victim per eliminating trap not disarmed"
    t = resolve(s, 0, 1, victims=["guerrier"])
    assert t.stage[0][0] == 3 and t.front[0][0] == NOC


def test_eliminating_trap_without_an_eligible_victim_is_an_option():
    """A lone milicien rolls a death; Trappe strikes... nobody is left who rolled no death:
    the text does not say (ruling trap_victim); the default option spares the trap."""
    s = expeditions()
    s = skip(send(s, 0, 1, "Grotte des gobelins", front=("milicien",)), 1)
    s = roll(s, 0, 1, ["milicien 0d"], explore=["Trappe"])
    t = resolve(s, 0, 1)
    assert t.stage[0][0] == 0  # 0 < 6: rout, the milicien dead


def test_a_heal_saves_a_death():
    """Prêtre 1h + milicien 0d: the heal saves the milicien. Crypte: dice 1, front bonus +1:
    score 2 < 7: rout, but both come back to the reserve."""
    s = expeditions()
    s = skip(send(s, 0, 1, "Crypte oubliée", front=("prêtre", "milicien")), 1)
    s = roll(s, 0, 1, ["prêtre 1h", "milicien 0d"])
    t = resolve(s, 0, 1, heal=["milicien"])
    assert t.reserve[0] == (2, 2, 2, 2, 2)
    u = resolve(s, 0, 1)
    assert u.reserve[0] == (2, 2, 2, 2, 1)


# ------------------------------------------------------------------ §7.2-§7.4 sending
def test_sending_rules():
    s = expeditions(expedition=(2, 1))
    s = send(s, 0, 1, "Crypte oubliée", front=("guerrier",))
    a = A(p=0, group=2, dungeon=DUN["Grotte des gobelins"], square=0, front=classes("mage"), back=NOC, cards=cards())
    assert illegal(s, "expedition.send", a).need.cite == "§7.2"  # Ben's turn: alternately
    s = send(s, 1, 1, "Crypte oubliée", square="casque", front=("guerrier",))
    a.dungeon = DUN["Crypte oubliée"]
    e = illegal(s, "expedition.send", a)
    assert e.need.says == "a player never has two of his groups on the same dungeon"
    a.dungeon, a.group = DUN["Grotte des gobelins"], 1
    assert illegal(s, "expedition.send", a).need.says == "each group leaves at most once a turn"
    a.group, a.dungeon = 2, DUN["Catacombes"]
    assert illegal(s, "expedition.send", a).need.cite == "§8.3"  # no level-1 dungeon cleared yet


def test_one_group_per_square_and_three_cards_refused():
    s = expeditions()
    s = send(s, 0, 1, "Crypte oubliée", front=("guerrier",))
    a = A(p=1, group=1, dungeon=DUN["Crypte oubliée"], square=0, front=classes("guerrier"), back=NOC, cards=cards())
    assert illegal(s, "expedition.send", a).need.cite == "§7.3"
    s = expeditions()
    hand = s.hand[0]
    s = s.but(mercs=((1, 1, 1, 0, 0, 0), (0,) * 6), mpile=(0, 0, 0, 1, 1, 1))
    a = A(p=0, group=1, dungeon=DUN["Crypte oubliée"], square=0, front=classes("guerrier"), back=NOC,
          cards=cards("Lancier", "Arbalétrier", "Chevalier errant"))
    assert illegal(s, "expedition.send", a).need.cite == "§7.4"
    t = send(s, 0, 1, "Crypte oubliée", front=("guerrier",), equip=("Lancier", "Arbalétrier"))
    assert t.ge[0][0] == 1 + 2 and t.gear[0][0] == 2 and t.mout == (1, 1, 0, 0, 0, 0)
    assert t.hand[0] == hand
    # after phase 3 the mercenaries go back to the pile (§7.6)
    t = skip(t, 1)
    t = resolve(roll(t, 0, 1, ["guerrier 2"]), 0, 1)  # 2 + 1 + 3 = 6 < 7: rout
    t = GAME.step(t, act("turn.end"), A(p=None))
    assert t.mpile == (1, 1, 0, 1, 1, 1) and t.mercs[0] == (0, 0, 1, 0, 0, 0)


# ------------------------------------------------------------------ §7.5-§7.6 items, mercenaries
def _item(name):
    return [i.name for i in EXP.items].index(name)


def test_identify_with_and_without_scroll_and_sell_for_twice_the_analysis():
    """Lame runique: analysis 5 -> 5 charges, or 3 with a scroll (discarded). Sold at the Foire
    (1 charge) for 2 x 5 = 10 crowns."""
    s = expeditions()
    lame, scroll = _item("Lame runique"), _item("Parchemin d'identification")
    owned = put(tuple(0 for _ in EXP.items), lame, 1)
    owned = put(owned, scroll, 1)
    s = s.but(owned=(owned, tuple(0 for _ in EXP.items)), items=(2, 0), charges=(4, 0))
    e = illegal(s, "item.identify", A(p=0, item=lame, scroll=0))
    assert e.need.cite == "§7.5" and "5 charges" in e.shown
    t = GAME.step(s, act("item.identify"), A(p=0, item=lame, scroll=1))
    assert t.charges[0] == 1 and t.known[0][lame] == 1 and t.owned[0][scroll] == 0 and t.items[0] == 1
    # the sale, during the actions phase with a token on the Foire de la magie (Ben's board has one)
    foire = CFG.comp.bi("Foire de la magie")
    u = t.but(phase=3, done=(1, 1), owned=(tuple(0 for _ in EXP.items), t.owned[0]), known=(tuple(0 for _ in EXP.items), t.known[0]),
              items=(0, 1), charges=(0, 1), crowns=(5, 5), placed=(t.placed[0], put(t.placed[1], foire, 1)),
              level=(t.level[0], put(t.level[1], foire, 1)), init=1)
    v = GAME.step(u, act("item.sell"), A(p=1, item=lame))
    assert v.crowns[1] == 5 + 10 and v.charges[1] == 0 and v.items[1] == 0


def test_buy_a_mercenary_at_a_troupes_building():
    s = start()
    rec = CFG.comp.bi("Recruteur")
    s = s.but(phase=3, init=0, done=(1, 1), crowns=(6, 6), placed=(put(s.placed[0], rec, 1), s.placed[1]))
    t = GAME.step(s, act("mercenary.buy"), A(p=0, building=rec, mercenary=2))  # Chevalier errant: 5 crowns
    assert t.crowns[0] == 1 and t.mercs[0][2] == 1 and t.mpile[2] == 0 and t.placed[0][rec] == 0
    e = illegal(s, "mercenary.buy", A(p=0, building=CFG.comp.bi("Mine"), mercenary=2))
    assert e.need.cite == "§7.6"


# ------------------------------------------------------------------ §8.8 PvP
def _pvp(dungeon, ana_glory, opts=None, cleared=None):
    floors = tuple(0 for _ in EXP.dungeons) if cleared is None else put(tuple(0 for _ in EXP.dungeons), DUN[cleared], 1)
    s = expeditions(opts, floors=floors, glory=(ana_glory, 0))
    s = send(s, 0, 2, dungeon, front=("guerrier", "mage"))  # Ana's group 2 (level 2) on the entry
    s = send(s, 1, 3, dungeon, square="casque", front=("guerrier", "guerrier", "mage"))  # Ben's group 3 on the helmet
    return s


def test_pvp_in_a_level_1_dungeon_nothing_is_stolen():
    """Crypte: Ana's PvE: 5 + 4 + 2 (bonus) = 11 >= 7, glory +1. Then the PvP: Ana rolls 2 + 1
    -> 3 + 2 = 5; Ben 5 + 3 + 4 -> 12 + 2 = 14. Ben wins: +2 glory (Ana's group is level 2),
    nothing stolen in a level-1 dungeon; Ana is routed, her floor stays."""
    s = _pvp("Crypte oubliée", 4)
    s = resolve(roll(s, 0, 2, ["guerrier 5c", "mage 4c"]), 0, 2, cancel=1)
    assert s.glory[0] == 5 and s.floors[DUN["Crypte oubliée"]] == 1
    s = GAME.step(s, act("treasure.draw"), A(p=0, card=treasure_names(CFG).index("Trophée")))  # +1 glory
    assert illegal(s, "turn.end", A(p=None)).need.cite == "§8.9 §8.1"
    s = GAME.step(s, act("pvp.roll"), A(p=None, who=1, group=3, dice=dice("guerrier 5c", "guerrier 3", "mage 4c")))
    s = GAME.step(s, act("pvp.roll"), A(p=None, who=0, group=2, dice=dice("guerrier 2", "mage 1")))
    t = GAME.step(s, act("pvp.resolve"), A(p=None, who=1, group=3, versus=2))
    assert t.glory == (6, 2) and t.stage[0][1] == 0 and t.pdue == (0, 1)
    assert t.floors[DUN["Crypte oubliée"]] == 1
    # the prize comes from Richesse or Objets only
    e = illegal(t, "treasure.pvp", A(p=1, card=treasure_names(CFG).index("Trophée")))
    assert e.need.cite == "§8.8"
    u = GAME.step(t, act("treasure.pvp"), A(p=1, card=treasure_names(CFG).index("Coffre")))
    assert u.crowns[1] == t.crowns[1] + 4
    GAME.step(u, act("turn.end"), A(p=None))


def _catacombes_pvp(ana_glory, opts=None):
    """Catacombes (level 2, resistance 8 + creature 2, Rôdeur drawn +2): Ana 5c + 5 = 10 + 2 = 12;
    her critical cancels the creature: 8 + 2 = 10 <= 12: success, glory +2."""
    s = _pvp("Catacombes", ana_glory, opts, cleared="Crypte oubliée")
    s = resolve(roll(s, 0, 2, ["guerrier 5c", "mage 5"], explore=["Rôdeur"]), 0, 2, cancel=1)
    assert s.stage[0][1] == 3, s.stage
    for k in ("Bourse", "Trophée"):
        s = GAME.step(s, act("treasure.draw"), A(p=0, card=treasure_names(CFG).index(k)))
    s = GAME.step(s, act("pvp.roll"), A(p=None, who=0, group=2, dice=dice("guerrier 2", "mage 1")))
    s = GAME.step(s, act("pvp.roll"), A(p=None, who=1, group=3, dice=dice("guerrier 5c", "guerrier 3", "mage 4c")))
    return GAME.step(s, act("pvp.resolve"), A(p=None, who=1, group=3, versus=2))


def test_pvp_glory_stolen_in_a_level_2_dungeon():
    """Ana 2 + 1 + 2 = 5 against Ben 14: Ben gains 2 (Ana's group level), 1 of them stolen:
    Ana had 3 + 2 (PvE) + 1 (Trophée) = 6 -> 5."""
    t = _catacombes_pvp(3)
    assert t.glory == (5, 2)


def test_pvp_nothing_to_steal_is_a_ruling():
    """Same combat, but Ana's glory... is never 0 after her PvE success, so the hole of ruling
    `steal` needs a state a log can reach only through PvE glory of 0: checked on the rule."""
    from referee.model.raiders.s8_dungeons import glory_swap
    s = expeditions(glory=(0, 0))
    d = DUN["Catacombes"]
    assert glory_swap(s, 1, 2, d) == (1, 0)  # option steal=lost: Ben gains one point less
    s2 = expeditions({"steal": "bank"}, glory=(0, 0))
    assert glory_swap(s2, 1, 2, d) == (2, 0)
    s3 = expeditions(glory=(3, 0))
    assert glory_swap(s3, 1, 2, d) == (2, 1)
    assert glory_swap(s3, 1, 2, DUN["Crypte oubliée"]) == (2, 0)


def test_pvp_tie_routs_both():
    s = _pvp("Crypte oubliée", 0)
    s = resolve(roll(s, 0, 2, ["guerrier 5c", "mage 4c"]), 0, 2, cancel=1)
    s = GAME.step(s, act("treasure.draw"), A(p=0, card=treasure_names(CFG).index("Trophée")))
    # Ana 4 + 3 + 2 = 9; Ben 2 + 3 + 2 + 2 = 9: both routed, no glory, no prize
    s = GAME.step(s, act("pvp.roll"), A(p=None, who=0, group=2, dice=dice("guerrier 4", "mage 3")))
    s = GAME.step(s, act("pvp.roll"), A(p=None, who=1, group=3, dice=dice("guerrier 2", "guerrier 3", "mage 2")))
    g = s.glory
    t = GAME.step(s, act("pvp.resolve"), A(p=None, who=1, group=3, versus=2))
    assert t.glory == g and t.stage[0][1] == 0 and t.stage[1][2] == 0 and t.pdue == (0, 0)
    # the entry group's PvE floor stays after a tie: its marker was placed at the PvE success (§8.7), and a tie only routs (§8.8)
    assert t.floors[DUN["Crypte oubliée"]] == 1


def test_ambush_alone_on_the_helmet_fights_the_dungeon():
    """§7.3: Ben on the helmet, nobody comes on the entry: he does the dungeon in PvE."""
    s = expeditions()
    s = skip(s, 0)
    s = send(s, 1, 1, "Crypte oubliée", square="casque", front=("guerrier", "mage"))
    s = roll(s, 1, 1, ["guerrier 4", "mage 3"])
    t = resolve(s, 1, 1)
    assert t.floors[DUN["Crypte oubliée"]] == 1 and t.glory[1] == 1


def test_pve_order_initiative_player_first():
    s = expeditions()
    s = send(s, 0, 1, "Crypte oubliée", front=("guerrier",))
    s = send(s, 1, 1, "Grotte des gobelins", front=("guerrier",))
    e = illegal(s, "expedition.roll", A(p=None, who=1, group=1, dice=dice("guerrier 4"), explore=xcards("Meute")))
    assert e.need.cite == "§8.1"


def test_special_dungeon_defeated_ends_the_game():
    """Clearing the special dungeon's last floor sets `special` (option defeat=cleared) and the
    game stops at the end of the turn (§9.2)."""
    d = DUN["Antre du dragon"]
    floors = put(put(tuple(0 for _ in EXP.dungeons), DUN["Nécropole"], 3), d, 1)
    s = expeditions(floors=floors, reserve=((2, 6, 2, 2, 2), (2, 2, 2, 2, 2)))
    s = skip(send(s, 0, 3, "Antre du dragon", front=("guerrier",) * 4, back=("prêtre", "mage", "voleur", "guerrier")), 1)
    assert s.gb[0][2] == 3 + 3
    # 5 x 4 = 20 + 6 = 26; resistance 14 + 2 + 2 x 3 (red skulls, creature 3) + 3 (Goule) + 3 (Herse) = 28
    s = roll(s, 0, 3, ["guerrier 5c"] * 4, explore=["Goule", "Herse"])
    t = resolve(s, 0, 3, cancel=2, cancelx=["Goule"])  # 14 + 2 + 3 = 19 <= 26
    assert t.special[0] == 1 and t.floors[d] == 2
    for k in ("Bourse", "Trophée", "Prisonnier mage"):
        t = GAME.step(t, act("treasure.draw"), A(p=0, card=treasure_names(CFG).index(k)))
    e = illegal(t, "treasure.draw", A(p=0, card=treasure_names(CFG).index("Coffre")))  # nothing more due
    assert e.need.cite == "§8.7"
    end = GAME.step(t, act("turn.end"), A(p=None))
    assert GAME.result(end) is not None


def test_treasures_from_different_piles_unless_a_secret_passage():
    cleared = put(tuple(0 for _ in EXP.dungeons), DUN["Crypte oubliée"], 1)
    s = expeditions(floors=cleared)
    s = skip(send(s, 0, 1, "Catacombes", front=("guerrier", "mage", "voleur")), 1)
    s = resolve(roll(s, 0, 1, ["guerrier 5c", "mage 5", "voleur 4c"], explore=["Passage secret"]), 0, 1, cancel=1)
    assert s.tdue[0] == 2 and s.tpass[0] == 1  # 14 + 2 = 16 >= 8
    names = treasure_names(CFG)
    t = GAME.step(s, act("treasure.draw"), A(p=0, card=names.index("Bourse")))
    t = GAME.step(t, act("treasure.draw"), A(p=0, card=names.index("Coffre")))  # a second Richesse: the passage
    assert t.tdue[0] == 0
    # without the passage the second Richesse is refused
    u = s.but(tpass=(0, 0))
    u = GAME.step(u, act("treasure.draw"), A(p=0, card=names.index("Bourse")))
    e = illegal(u, "treasure.draw", A(p=0, card=names.index("Coffre")))
    assert "different pile" in e.need.says


def test_access_graph():
    import networkx as nx

    g = GAME.graphs(CFG)["access"]
    assert nx.is_directed_acyclic_graph(g)
    assert nx.has_path(g, "Crypte oubliée", "Antre du dragon")
    assert all(g.nodes[n]["open"] == (g.in_degree(n) == 0) for n in g)


@pytest.mark.parametrize("options", [
    {"steal": "bank", "house_card": "hand", "defeat": "floor", "unsent": "forbidden"},
    {"mode": "competition", "board": "initiation", "caps": "refused"},
])
def test_random_games_under_other_options_keep_every_invariant(options):
    import random

    from referee.checks.explore import Explorer
    from referee.replays.engine import setup_from_header

    cfg = GAME.configure(options, None, None)
    kinds = set()
    for seed in range(1):
        rng = random.Random(seed)
        header = GAME.random_header(rng, cfg)
        s = setup_from_header(GAME, {**header, "options": options})
        for m in (play := Explorer(GAME).play(s, rng, 600)):
            s = m.after
            kinds.add(m.act.name)
            assert GAME.broken(s) == [], (m.act.name, [i.says for i in GAME.broken(s)])
        assert play.why != "stuck", (seed, s.phase, s.stage, s.expedition)
    assert {"expedition.send", "expedition.roll", "expedition.resolve"} <= kinds


def test_pvp_heal_follows_the_text():
    """§8.8: the players fight as in PvE, so a heal saves a death (§8.5). Default
    (pvp_heal=yes): one heal saves the guerrier, in the order of the classes (the model's
    order, gap pvp_heal_which); under the house rule pvp_heal=no the death stands."""
    from referee.model.raiders.s8_dungeons import pvp_deaths
    s = expeditions().but(cheal=(1, 0), cdead=(classes("guerrier", "mage"), NOC))
    assert pvp_deaths(s, 0) == classes("mage")  # one heal, class order: the guerrier is saved
    s = expeditions({"pvp_heal": "no"}).but(cheal=(1, 0), cdead=(classes("guerrier"), NOC))
    assert pvp_deaths(s, 0) == classes("guerrier")


# ------------------------------------------------------------------ §8.6 §8.8 declared scores
def test_a_declared_pve_score_and_resistance_are_checked():
    """The combat of test_pve_success_clears_a_one_floor_dungeon: score 7 + 2 = 9, resistance
    6 + 1 (red skull, creature +1) = 7. Declared right, the event is the undeclared one; one
    off, it is refused under §8.6 and the message gives the rules' figures."""
    s = expeditions()
    s = skip(send(s, 0, 1, "Crypte oubliée", front=("guerrier", "mage"), back=("prêtre",)), 1)
    s = roll(s, 0, 1, ["guerrier 4", "mage 3"])
    plain = resolve(s, 0, 1)
    base = dict(p=0, group=1, cancel=0, cancelx=NOX, disarm=NOX, heal=NOC, victims=NOC)
    assert GAME.step(s, act("expedition.resolve"), A(**base, score=9, resistance=7)) == plain
    assert GAME.step(s, act("expedition.resolve"), A(**base, score=None, resistance=7)) == plain
    for said in (dict(score=8, resistance=None), dict(score=None, resistance=6), dict(score=9, resistance=8)):
        e = illegal(s, "expedition.resolve", A(**base, **said))
        assert e.need.cite == "§8.6" and "score of 9 against a resistance of 7" in str(e), said


def test_declared_pvp_scores_are_checked():
    """The PvP of test_pvp_in_a_level_1_dungeon_nothing_is_stolen: Ben attacks with
    5 + 3 + 4 = 12 + 2 = 14; Ana defends with 2 + 1 + 2 = 5 (no items: nothing to count
    again after her PvE)."""
    s = _pvp("Crypte oubliée", 4)
    s = resolve(roll(s, 0, 2, ["guerrier 5c", "mage 4c"]), 0, 2, cancel=1)
    s = GAME.step(s, act("treasure.draw"), A(p=0, card=treasure_names(CFG).index("Trophée")))
    s = GAME.step(s, act("pvp.roll"), A(p=None, who=1, group=3, dice=dice("guerrier 5c", "guerrier 3", "mage 4c")))
    s = GAME.step(s, act("pvp.roll"), A(p=None, who=0, group=2, dice=dice("guerrier 2", "mage 1")))
    plain = GAME.step(s, act("pvp.resolve"), A(p=None, who=1, group=3, versus=2))
    said = GAME.step(s, act("pvp.resolve"), A(p=None, who=1, group=3, versus=2, score=14, defence=5))
    assert said == plain
    for score, defence in ((13, None), (None, 6), (5, 14)):
        e = illegal(s, "pvp.resolve", A(p=None, who=1, group=3, versus=2, score=score, defence=defence))
        assert e.need.cite == "§8.8" and "the attacker 14 and the defender 5" in str(e)


def test_a_declared_score_in_a_log_is_read_and_checked_at_its_line():
    """The first PvE of an example game: exactly one declared score is taken, and a wrong
    one makes that very line illegal under §8.6 (not a later event)."""
    import orjson

    from referee.replays.engine import replay

    lines = (Path(__file__).parents[2] / "examples/raiders/normal-advanced.jsonl").read_bytes().splitlines()
    k = next(i for i, ln in enumerate(lines) if b'"expedition.resolve"' in ln)
    here = {}  # declared score -> refused at that very line?
    for v in range(-2, 60):
        ev = orjson.loads(lines[k])
        ev["score"] = v
        got = replay(lines[:k] + [orjson.dumps(ev)] + lines[k + 1:], label="x")
        first = got.problems[0] if got.problems else None
        here[v] = first is not None and first.line == k + 1
        if here[v]:
            assert first.kind == "illegal" and first.cite == "§8.6", first
    taken = [v for v, refused in here.items() if not refused]
    assert len(taken) == 1, taken


def test_a_creature_effect_counts_at_each_red_skull_encounter():
    """Nécropole (level 3): resistance 12, 1 red skull, creature 2 with its effect +1 (§8.4:
    the effect applies at the encounter). A guerrier rolls 5 and a critical: 5 against
    12 + 1 x (2 + 1) = 15 (its two black skulls draw two empty rooms); the critical cancelling
    the creature leaves 12."""
    floors = tuple(dd.floors if dd.name in ("Crypte oubliée", "Catacombes") else 0 for dd in EXP.dungeons)
    s = skip(send(expeditions(floors=floors), 0, 1, "Nécropole", front=("guerrier",)), 1)
    base = dict(p=0, group=1, cancelx=NOX, disarm=NOX, heal=NOC, victims=NOC)
    s = roll(s, 0, 1, ["guerrier 5c"], explore=["Couloir vide", "Salle vide"])
    e = illegal(s, "expedition.resolve", A(**base, cancel=0, score=None, resistance=14))
    assert "against a resistance of 15" in str(e)
    GAME.step(s, act("expedition.resolve"), A(**base, cancel=0, score=None, resistance=15))
    GAME.step(s, act("expedition.resolve"), A(**base, cancel=1, score=None, resistance=12))
