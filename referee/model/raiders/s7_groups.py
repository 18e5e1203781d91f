"""§7 Les groupes: the three groups (§7.1), sending one (§7.2) on an entry or helmet square
(§7.3), equipping it (§7.4), special items and their identification (§7.5), mercenaries
(§7.6). The combats themselves are §8 (s8_dungeons.py).

Reading kept throughout: a group is formed and equipped in the same event as it is sent
("immédiatement", §7.2 steps 3-4), so `expedition.send` carries its lines and its cards."""
from __future__ import annotations

from typing import Any

from ..kernel import (
    Action, And, Answer, If, Implies, Int, Lookup, Min, Name, Names, Need, Not, Or, Param, Ruling, Sum,
    args, decide, put, vadd, vsub,
)
from .data import CLASSES, SPECIALISTS
from .data import Gain
from .economy import capped, caps_need_ok, CROWN_CAP
from .moves import chance, equip, gear, line
from .s6_actions import RESOLVE_TURN, resolving
from .state import ACTIONS, NG

SQUARES = ("entrée", "casque")  # §7.3
ENTRY, HELMET = 0, 1


# ------------------------------------------------------------------ names
def dungeon_names(cfg: Any) -> tuple[str, ...]:
    return tuple(d.name for d in cfg.comp.exp.dungeons)


def house_idx(cfg: Any) -> list[int]:
    return [k for k, c in enumerate(cfg.comp.cards) if c.kind == "house"]


def equip_names(cfg: Any) -> tuple[str, ...]:
    """What a group may be equipped with (§7.4): House cards, mercenaries, special items."""
    x = cfg.comp.exp
    return (tuple(cfg.comp.cards[k].name for k in house_idx(cfg)) + tuple(m.name for m in x.mercenaries)
            + tuple(i.name for i in x.items))


def split(s: Any, cards: tuple) -> tuple[tuple, tuple, tuple]:
    """(House cards as a K-vector, mercenaries M-vector, items I-vector) of an equip vector."""
    hk = house_idx(s.cfg)
    nm = len(s.cfg.comp.exp.mercenaries)
    K = len(s.cfg.comp.cards)
    house = [0] * K
    for j, k in enumerate(hk):
        house[k] = cards[j]
    return tuple(house), tuple(cards[len(hk):len(hk) + nm]), tuple(cards[len(hk) + nm:])


# ------------------------------------------------------------------ where groups stand
def on(s: Any, p: int, g: int, d: Any) -> Any:
    return And(s.stage[p][g] >= 1, s.at[p][g] == d)


def occupied(s: Any, d: Any, square: Any) -> Any:
    """Some group (of either player) stands on that square of dungeon d (§7.3)."""
    return Or(*[And(on(s, q, h, d), s.sq[q][h] == square) for q in range(2) for h in range(NG)])


def level_of(s: Any, d: Any) -> Any:
    return Lookup(tuple(x.level for x in s.cfg.comp.exp.dungeons), d, default=0)


def floors_of(s: Any, d: Any) -> Any:
    return Lookup(tuple(x.floors for x in s.cfg.comp.exp.dungeons), d, default=1)


def cleared(s: Any, d: int) -> Any:
    """All the floors of the tile succeeded (§8.3, §8.7)."""
    return s.floors[d] >= s.cfg.comp.exp.dungeons[d].floors


def opened(s: Any, lvl: int) -> Any:
    """Dungeons of level index `lvl` are accessible (§8.3): always for level 1, else once a
    dungeon of the level below is cleared, by either player."""
    if lvl == 0:
        return True
    return Or(*[cleared(s, d) for d, x in enumerate(s.cfg.comp.exp.dungeons) if x.level == lvl - 1])


def accessible(s: Any, d: Any) -> Any:
    lv = level_of(s, d)
    return Or(*[And(lv == k, opened(s, k)) for k in range(4)])


def is_cleared(s: Any, d: Any) -> Any:
    return Or(*[And(d == k, cleared(s, k)) for k in range(len(s.cfg.comp.exp.dungeons))])


def bonus(s: Any, line: tuple, table: tuple) -> Any:
    """§8.6: the line's bonus by its number of specialised adventurers (4 at most count)."""
    n = Sum(line[c] for c in SPECIALISTS)
    return Lookup(table, Min(n, 4), default=table[-1])


# ------------------------------------------------------------------ §7.2 sending a group
def sends(s: Any, p: int) -> Any:
    return Sum(s.sent[p])


def _my_send_turn(s: Any, a: Any) -> Any:
    """§7.2: one action at a time, alternately, the initiative player first; once a player
    has none left, the other plays his remaining ones."""
    p = a.p
    mine, theirs = sends(s, p), sends(s, 1 - p)
    return Or(s.expedition[1 - p] == 0, If(s.init == p, mine <= theirs, mine < theirs))


def _g(a: Any) -> int:
    return a.group - 1


def _lines(a: Any) -> tuple:
    return vadd(a.front, a.back)


def _items_used(s: Any, a: Any) -> tuple:
    return split(s, a.cards)[2]


def _under_groups(s: Any, a: Any) -> list[tuple[Any, str]]:
    """Each item and House card of the player with the number of his groups it would lie under
    once this group is sent (§7.4: one at most), and its name: what lay under one this turn
    (worn, hworn) plus what this group takes."""
    house, _, items = split(s, a.cards)
    return ([(If(s.worn[a.p][i] >= 1, 1, 0) + v, s.cfg.comp.exp.items[i].name) for i, v in enumerate(items)]
            + [(s.hworn[a.p][k] + house[k], s.cfg.comp.cards[k].name) for k in house_idx(s.cfg)])


def _gear_bonus(s: Any, a: Any) -> tuple[Any, Any, Any, Any]:
    """(all cards, reusable items, single-use items, how many reusable items) (§7.4-§7.6, §8.6)."""
    x = s.cfg.comp.exp
    house, mercs, items = split(s, a.cards)
    hb = Sum(house) * x.house_bonus
    mb = Sum(mercs[m] * x.mercenaries[m].bonus for m in range(len(mercs)))
    ib = Sum(items[i] * x.items[i].bonus for i in range(len(items)))
    normal = [i for i, it in enumerate(x.items) if it.kind == "normal"]
    single = [i for i, it in enumerate(x.items) if it.kind == "single"]
    return (hb + mb + ib, Sum(items[i] * x.items[i].bonus for i in normal),
            Sum(items[i] * x.items[i].bonus for i in single), Sum(items[i] for i in normal))


def _send(s: Any, a: Any) -> Any:
    p, g, d = a.p, _g(a), a.dungeon
    x = s.cfg.comp.exp
    house, mercs, items = split(s, a.cards)
    ge, gi, gs, gn = _gear_bonus(s, a)
    kept = decide(HOUSE_AFTER, s, a) == 1

    def pg(field: tuple, v: Any) -> tuple:
        return put(field, p, put(field[p], g, v))

    return s.but(
        reserve=put(s.reserve, p, vsub(s.reserve[p], _lines(a))),
        at=pg(s.at, d), sq=pg(s.sq, a.square), stage=pg(s.stage, 1), sent=pg(s.sent, 1),
        front=pg(s.front, tuple(a.front)), back=pg(s.back, tuple(a.back)),
        gb=pg(s.gb, bonus(s, a.front, x.front) + bonus(s, a.back, x.reinforcement)),
        ge=pg(s.ge, ge), gi=pg(s.gi, gi), gs=pg(s.gs, gs), gn=pg(s.gn, gn), reuse=pg(s.reuse, 0),
        gear=pg(s.gear, Sum(a.cards)),
        hand=put(s.hand, p, tuple(h - x + If(kept, x, 0) for h, x in zip(s.hand[p], house))),
        discard=put(s.discard, p, tuple(d + If(kept, 0, x) for d, x in zip(s.discard[p], house))),
        mercs=put(s.mercs, p, vsub(s.mercs[p], mercs)), mout=vadd(s.mout, mercs),
        worn=put(s.worn, p, tuple(If(v >= 1, g + 1, w) for w, v in zip(s.worn[p], items))),
        hworn=put(s.hworn, p, tuple(w + If(kept, x, 0) for w, x in zip(s.hworn[p], house))),
        charges=put(s.charges, p, s.charges[p] - Sum(items)),
        expedition=put(s.expedition, p, s.expedition[p] - 1),
    )


# §7.4-§7.6 say where mercenaries (back to the pile) and single-use items (discarded) go
# after serving, never what becomes of an equipped House card.
HOUSE_AFTER = Ruling(
    "house_after", "§7.4 §5.2", "a player equips a House card on a group: where does the card go once the combat is over",
    arises=lambda s, a: Sum(split(s, a.cards)[0]) >= 1,
    answers=(
        Answer("§7.4", "option:house_card=discard", "it is spent: to the discard", lambda s, a: True, lambda s, a: 0),
        Answer("§7.4", "option:house_card=hand", "it is not spent: it stays in the hand", lambda s, a: True,
               lambda s, a: 1),
    ),
    action="expedition.send", otherwise=0,
)


def _own_elsewhere(s: Any, a: Any) -> Any:
    p, g = a.p, _g(a)
    return And(*[Not(on(s, p, h, a.dungeon)) for h in range(NG) if h != g])


# How often the fifth group (any split of a reserve of 5 or more) is proposed: rarely, so the
# searches' games stay close to those of 1-to-4 lines (proposed at every send, as one of the four
# or as a fifth, the stronger groups scored more and the tied end of gap tie_break_terms went
# unmet at the default work).
WIDE = 0.1


def _sends(s: Any):
    """Four random groups for each group a player may send now (§7.2: one at a time,
    alternately), to a free square of an accessible dungeon, its entry three times in four,
    each with a front line of 1 to 4 and a reinforcement of 0 to 4 (§8.6's bonus counts 4 a
    line); now and then one more of any split of the reserve, its front line possibly empty,
    drawn apart (the four stay as they were): the text bounds neither (gaps group_size,
    empty_front_line)."""
    rng = chance(s, 7)
    for p in (0, 1):
        if s.expedition[p] < 1 or not _my_send_turn(s, args(p)):
            continue
        pool = [c for c, n in enumerate(s.reserve[p]) for _ in range(n)]
        spots = _free_spots(s, p)
        entries = [x for x in spots if x[1] == 0]
        kit = gear(s, p)
        for gi in range(3):
            if s.sent[p][gi] or not pool or not spots:
                continue
            for _ in range(4):
                rng.shuffle(pool)
                nf = rng.randint(1, min(4, len(pool)))
                nb = rng.randint(0, min(4, len(pool) - nf))
                d, sq = rng.choice(entries if entries and rng.random() < 0.75 else spots)
                yield args(p, group=gi + 1, dungeon=d, square=sq, front=line(pool[:nf]), back=line(pool[nf:nf + nb]),
                           cards=equip(s, p, rng, kit))
            wide, mix = rng.other(17 + gi), pool[:]
            if len(pool) < 5 or wide.random() >= WIDE:
                continue
            wide.shuffle(mix)
            nf = wide.randint(0, len(mix))
            nb = wide.randint(0 if nf else 1, len(mix) - nf)
            d, sq = wide.choice(spots)
            yield args(p, group=gi + 1, dungeon=d, square=sq, front=line(mix[:nf]), back=line(mix[nf:nf + nb]),
                       cards=equip(s, p, wide, kit))


def _free_spots(s: Any, p: int) -> list[tuple[int, int]]:
    """The squares (dungeon, square) player p may send a group to, in order: the dungeon
    accessible (§8.3) and not cleared, the square free (§7.3), none of p's groups on the
    dungeon (§7.2). The Needs of SEND read on values, each once per state, not once per
    square (`accessible` alone, through its symbolic form, cost ~7 us a square); the Needs
    still decide what is legal."""
    xs = s.cfg.comp.exp.dungeons
    up = {0} | {x.level + 1 for d, x in enumerate(xs) if cleared(s, d)}  # the levels opened (§8.3)
    standing = [(q, h) for q in (0, 1) for h in range(NG) if s.stage[q][h] >= 1]  # groups on a dungeon
    taken = {(s.at[q][h], s.sq[q][h]) for q, h in standing}
    mine = {s.at[q][h] for q, h in standing if q == p}
    return [(d, q) for d, x in enumerate(xs) if 0 <= x.level < 4 and x.level in up and not cleared(s, d)
            and d not in mine for q in (0, 1) if (d, q) not in taken]


SEND = Action(
    "expedition.send", "§7.2",
    "play one Partir en donjon action: a free group token on a dungeon's entry or helmet square, "
    "its lines formed from the reserve and its cards equipped at once",
    params=(
        Param("group", Int(1, NG, enum=True), "the group token: 1, 2 or 3 (its level, §7.1)"),
        Param("dungeon", Name(dungeon_names, "dungeon", sym=True), "the dungeon tile"),
        Param("square", Name(lambda cfg: SQUARES, "square", sym=True), "\"entrée\" (PvE) or \"casque\" (PvP)"),
        # no number bounds a line (§7.2; §8.6 caps only the bonus): the format's own bound, far
        # above any reserve, never makes a legal group unreadable (8 did: an independent engine)
        Param("front", Names(lambda cfg: CLASSES, "class"), "the front line, one class per adventurer"),
        Param("back", Names(lambda cfg: CLASSES, "class"), "the reinforcement line", optional=True,
              default=(0,) * len(CLASSES)),
        Param("cards", Names(equip_names, "card", 4), "House cards, mercenaries and identified items equipped "
              "([] for none)"),
    ),
    needs=(
        Need("§7.2 §6.1", "the player has a Partir en donjon action left to play", lambda s, a: s.expedition[a.p] >= 1,
             lambda s, a: f"{s.expedition[a.p]} left"),
        Need("§7.2", "the actions are played one by one, alternately, the initiative player first", _my_send_turn,
             lambda s, a: f"initiative: player {s.init}; groups sent {sends(s, 0)} and {sends(s, 1)}"),
        Need("§7.2", "each group leaves at most once a turn", lambda s, a: s.sent[a.p][_g(a)] == 0),
        Need("§7.2", "a player never has two of his groups on the same dungeon", _own_elsewhere),
        Need("§7.3", "a square holds one group only", lambda s, a: Not(occupied(s, a.dungeon, a.square))),
        Need("§8.3", "a cleared dungeon cannot be visited any more", lambda s, a: Not(is_cleared(s, a.dungeon))),
        Need("§8.3", "the dungeon is accessible (a dungeon of the level below is cleared)",
             lambda s, a: accessible(s, a.dungeon)),
        Need("§7.2", "the group is formed of adventurers from the player's reserve",
             lambda s, a: And(*[s.reserve[a.p][c] >= _lines(a)[c] for c in range(len(CLASSES))]),
             lambda s, a: f"needs {list(_lines(a))}, reserve {list(s.reserve[a.p])}"),
        Need("§7.2", "a group is formed: it takes at least one adventurer", lambda s, a: Sum(_lines(a)) >= 1),
        Need("§7.4", "a group receives at most 2 cards", lambda s, a: Sum(a.cards) <= 2,
             lambda s, a: f"{Sum(a.cards)} cards"),
        Need("§7.4", "House cards come from the player's hand",
             lambda s, a: And(*[s.hand[a.p][k] >= split(s, a.cards)[0][k] for k in house_idx(s.cfg)])),
        Need("§7.4 §7.6", "mercenaries are ones the player owns",
             lambda s, a: And(*[s.mercs[a.p][m] >= v for m, v in enumerate(split(s, a.cards)[1])])),
        Need("§7.4 §7.5", "items are special items the player holds, identified",
             lambda s, a: And(*[And(s.owned[a.p][i] >= v, Implies(v >= 1, s.known[a.p][i] == 1))
                                for i, v in enumerate(_items_used(s, a))])),
        # §7.4: the cards are placed face down under the group's zone, so one card equips one
        # group: an item equipped on a group this turn stays under it (a single-use item leaves
        # its owner after the group's combat, s8_dungeons.used_up), and a House card the option
        # house_card=hand keeps is still under its group until the phase ends (mercenaries
        # leave mercs when equipped)
        Need("§7.4", "a card lies under one group only: an item or House card already equipped this turn is not equipped again",
             lambda s, a: And(*[n <= 1 for n, _ in _under_groups(s, a)]),
             lambda s, a: "already under another group: " + ", ".join(name for n, name in _under_groups(s, a) if n > 1)),
        Need("§7.5", "each item costs 1 charge when it is equipped",
             lambda s, a: s.charges[a.p] >= Sum(_items_used(s, a)),
             lambda s, a: f"{Sum(_items_used(s, a))} items, {s.charges[a.p]} charges"),
    ),
    effect=_send, phases=("expeditions",),
    propose=_sends,
)


# §6.1/§7.2 say how a Partir en donjon action is played, never what becomes of one that is
# not (every group already sent, an empty reserve, no accessible square).
UNSENT = Ruling(
    "unsent", "§6.1 §7.2", "a player has a Partir en donjon action placed and sends no group with it: may he leave it unplayed",
    arises=lambda s, a: s.expedition[a.p] >= 1,
    answers=(
        Answer("§7.2", "option:unsent=lost", "the action is simply lost", lambda s, a: s.expedition[a.p] >= 1,
               lambda s, a: 1),
        Answer("§7.2", "option:unsent=forbidden", "only when no group can leave (every group sent, or an empty reserve)",
               lambda s, a: s.expedition[a.p] >= 1, lambda s, a: If(Or(sends(s, a.p) >= NG, Sum(s.reserve[a.p]) == 0), 1, 0)),
    ),
    action="expedition.skip", otherwise=0,
)

SKIP = Action(
    "expedition.skip", "§7.2", "leave one's remaining Partir en donjon actions unplayed",
    needs=(
        Need("§7.2", "the player has Partir en donjon actions left", lambda s, a: s.expedition[a.p] >= 1),
        Need("§7.2", "they may be left unplayed (option unsent)", lambda s, a: decide(UNSENT, s, a) == 1),
    ),
    effect=lambda s, a: s.but(expedition=put(s.expedition, a.p, 0)), phases=("expeditions",),
    propose=lambda s: (args(p) for p in (0, 1) if s.expedition[p] >= 1),
)


# ------------------------------------------------------------------ §7.5 special items
def item_names(cfg: Any) -> tuple[str, ...]:
    return tuple(i.name for i in cfg.comp.exp.items)


def _analysis(s: Any, a: Any) -> Any:
    return Lookup(tuple(i.analysis for i in s.cfg.comp.exp.items), a.item)


def scrolls(s: Any) -> list[int]:
    return [i for i, it in enumerate(s.cfg.comp.exp.items) if it.kind == "scroll"]


def _id_cost(s: Any, a: Any) -> Any:
    return _analysis(s, a) - 2 * a.scroll


def _holds(s: Any, p: int, i: Any) -> Any:
    return Lookup(s.owned[p], i, default=0) == 1


def _before_combats(s: Any, a: Any) -> Any:
    """Phase 2 of the turn: the actions phase and the sending of groups (combats are phase 3)."""
    return Or(s.phase == ACTIONS, Or(s.expedition[0] >= 1, s.expedition[1] >= 1))


def _identify(s: Any, a: Any) -> Any:
    p = a.p
    sc = scrolls(s)
    owned = s.owned[p]
    # the scroll used is the first one held (they are all alike)
    used = [If(And(a.scroll == 1, owned[i] == 1, *[owned[j] == 0 for j in sc[:n]]), 1, 0) for n, i in enumerate(sc)]
    for n, i in enumerate(sc):
        owned = put(owned, i, owned[i] - used[n])
    known = put(s.known[p], a.item, 1)
    known = tuple(If(o == 0, 0, k) for o, k in zip(owned, known))
    return s.but(charges=put(s.charges, p, s.charges[p] - _id_cost(s, a)), owned=put(s.owned, p, owned),
                 known=put(s.known, p, known), items=put(s.items, p, Sum(owned)))


IDENTIFY = Action(
    "item.identify", "§7.5", "identify a special item for as many charges as its analysis score (2 less with a scroll)",
    params=(Param("item", Name(item_names, "item", sym=True), "the item identified"),
            Param("scroll", Int(0, 1, enum=True), "1 if an identification scroll is used (and discarded)",
                  optional=True, default=0)),
    needs=(
        Need("§7.5", "identification happens during phase 2 (actions and sending groups)", _before_combats),
        Need("§7.5", "the player holds the item", lambda s, a: _holds(s, a.p, a.item)),
        Need("§7.5", "the item is not identified yet", lambda s, a: Lookup(s.known[a.p], a.item) == 0),
        Need("§7.5", "a scroll is used as it is, not identified",
             lambda s, a: And(*[a.item != i for i in scrolls(s)])),
        Need("§7.5", "a scroll is held to use one",
             lambda s, a: Implies(a.scroll == 1, Or(*[s.owned[a.p][i] == 1 for i in scrolls(s)]))),
        Need("§7.5", "the player pays charges equal to the analysis score (minus 2 with a scroll)",
             lambda s, a: s.charges[a.p] >= _id_cost(s, a),
             lambda s, a: f"costs {_id_cost(s, a)} charges, has {s.charges[a.p]}"),
    ),
    effect=_identify, phases=("actions", "expeditions"), timing="§7.5",
    propose=lambda s: (args(p, item=i, scroll=sc) for p in (0, 1) for i, o in enumerate(s.owned[p])
                       if o and not s.known[p][i] for sc in (0, 1)),
)


def foire(s: Any) -> int:
    return s.cfg.comp.bi("Foire de la magie")


def sale_value(s: Any, a: Any) -> Any:
    """§7.5: twice the analysis score."""
    return 2 * _analysis(s, a)


def _sell(s: Any, a: Any) -> Any:
    p, f = a.p, foire(s)
    owned = put(s.owned[p], a.item, 0)
    return s.but(charges=put(s.charges, p, s.charges[p] - 1),
                 crowns=put(s.crowns, p, capped(s, s.crowns[p], sale_value(s, a), CROWN_CAP)),
                 owned=put(s.owned, p, owned), known=put(s.known, p, put(s.known[p], a.item, 0)),
                 items=put(s.items, p, Sum(owned)), placed=put(s.placed, p, put(s.placed[p], f, s.placed[p][f] - 1)))


SELL = Action(
    "item.sell", "§7.5", "with an action on the Foire de la magie and 1 charge, sell an identified item for twice "
    "its analysis score",
    params=(Param("item", Name(item_names, "item", sym=True), "the item sold"),),
    needs=(
        RESOLVE_TURN,
        Need("§7.5", "the player has an action on the Foire de la magie", lambda s, a: s.placed[a.p][foire(s)] >= 1),
        Need("§3.3", "a building of level 0 has no effect", lambda s, a: s.level[a.p][foire(s)] >= 1),
        Need("§7.5", "the item is held and identified",
             lambda s, a: And(_holds(s, a.p, a.item), Lookup(s.known[a.p], a.item) == 1)),
        Need("§7.5", "the sale costs 1 charge", lambda s, a: s.charges[a.p] >= 1),
        Need("§6.7", "with caps=refused, a sale may not take the crowns above 20",
             lambda s, a: caps_need_ok(s, a.p, Gain(crowns=sale_value(s, a))),
             lambda s, a: f"{s.crowns[a.p]} crowns + {sale_value(s, a)} from the sale"),
    ),
    effect=_sell, phases=("actions",),
    propose=lambda s: (args(p, item=i) for p in resolving(s) if s.placed[p][foire(s)]
                       for i, o in enumerate(s.owned[p]) if o and s.known[p][i]),
)


# ------------------------------------------------------------------ §7.6 mercenaries
def merc_names(cfg: Any) -> tuple[str, ...]:
    return tuple(m.name for m in cfg.comp.exp.mercenaries)


def _price(s: Any, a: Any) -> Any:
    return Lookup(tuple(m.price for m in s.cfg.comp.exp.mercenaries), a.mercenary)


def _gain_merc(s: Any, a: Any, b: int, cost: Any) -> Any:
    p = a.p
    return s.but(crowns=put(s.crowns, p, s.crowns[p] - cost), placed=put(s.placed, p, put(s.placed[p], b, s.placed[p][b] - 1)),
                 mercs=put(s.mercs, p, put(s.mercs[p], a.mercenary, Lookup(s.mercs[p], a.mercenary) + 1)),
                 mpile=put(s.mpile, a.mercenary, Lookup(s.mpile, a.mercenary) - 1))


AVAILABLE = Need("§7.6", "the mercenary is still available", lambda s, a: Lookup(s.mpile, a.mercenary) >= 1)

def _troupes(s: Any, p: int) -> list[int]:
    """The troop buildings the player has tokens on (§7.6: where mercenaries are bought)."""
    return [b for b, bd in enumerate(s.cfg.comp.buildings) if bd.type == "troupes" and s.placed[p][b]]


def _buys(s: Any):
    """Each mercenary still available, bought on each Troupes building the resolving player
    has tokens on (listed once a player, not once a mercenary)."""
    for p in resolving(s):
        troupes = _troupes(s, p)
        for mm in range(len(s.cfg.comp.exp.mercenaries)):
            if s.mpile[mm]:
                for b in troupes:
                    yield args(p, building=b, mercenary=mm)


BUY = Action(
    "mercenary.buy", "§7.6", "with an action on a Troupes building, buy a mercenary at its printed cost instead of "
    "the adventurer offered",
    params=(Param("building", Name(lambda cfg: cfg.comp.building_names, "building"), "the Troupes building"),
            Param("mercenary", Name(merc_names, "mercenary", sym=True), "the mercenary chosen")),
    needs=(
        RESOLVE_TURN,
        Need("§7.6", "a Troupes building (Guilde des Voleurs, Recruteur, Caserne)",
             lambda s, a: s.cfg.comp.buildings[a.building].type == "troupes"),
        Need("§7.6 §6.1", "the player has an action on it", lambda s, a: s.placed[a.p][a.building] >= 1),
        Need("§3.3", "a building of level 0 has no effect", lambda s, a: s.level[a.p][a.building] >= 1),
        AVAILABLE,
        Need("§7.6", "the player pays the printed cost", lambda s, a: s.crowns[a.p] >= _price(s, a),
             lambda s, a: f"costs {_price(s, a)} crowns, has {s.crowns[a.p]}"),
    ),
    effect=lambda s, a: _gain_merc(s, a, a.building, _price(s, a)), phases=("actions",),
    propose=lambda s: _buys(s),
)


def strategist(s: Any) -> int:
    return s.cfg.comp.bi("Stratège")


DRAW = Action(
    "mercenary.draw", "§7.6", "with an action on a level-3 Stratège, draw a mercenary at random, free",
    params=(Param("mercenary", Name(merc_names, "mercenary", sym=True), "the mercenary drawn"),),
    needs=(
        RESOLVE_TURN,
        Need("§7.6", "the player has an action on the Stratège", lambda s, a: s.placed[a.p][strategist(s)] >= 1),
        Need("§7.6", "the Stratège is at level 3", lambda s, a: s.level[a.p][strategist(s)] >= 3),
        AVAILABLE,
    ),
    effect=lambda s, a: _gain_merc(s, a, strategist(s), 0), phases=("actions",),
    propose=lambda s: (args(p, mercenary=mm) for p in resolving(s) if s.placed[p][strategist(s)]
                       for mm in range(len(s.cfg.comp.exp.mercenaries)) if s.mpile[mm]),
)


def init(S: Any) -> Any:
    """Setup of chapters 7-8 (§3.6): no group out, every pile full."""
    cs = []
    for p in range(2):
        for g in range(NG):
            cs += [S.at[p][g] == -1, S.sq[p][g] == 0, S.stage[p][g] == 0, S.sent[p][g] == 0, S.gb[p][g] == 0,
                   S.ge[p][g] == 0, S.gi[p][g] == 0, S.gs[p][g] == 0, S.gn[p][g] == 0, S.reuse[p][g] == 0,
                   S.gear[p][g] == 0]
            cs += [S.front[p][g][c] == 0 for c in range(len(CLASSES))] + [S.back[p][g][c] == 0 for c in range(len(CLASSES))]
        cs += [x == 0 for x in S.owned[p] + S.known[p] + S.mercs[p] + S.cdead[p] + S.tdraw[p] + S.worn[p] + S.hworn[p]]
        cs += [S.ctot[p] == 0, S.ccrit[p] == 0, S.cdis[p] == 0, S.cheal[p] == 0, S.tdue[p] == 0, S.tpass[p] == 0,
               S.pdue[p] == 0]
    cs += [x == 0 for x in S.floors + S.xdisc + S.xdrawn + S.mout]
    cs += [x == 1 for x in S.xpile + S.tpile + S.ipile + S.mpile]
    return And(*cs)


ACTIONS_ = (SEND, SKIP, IDENTIFY, SELL, BUY, DRAW)
RULINGS = (UNSENT, HOUSE_AFTER)
