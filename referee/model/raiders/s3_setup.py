"""§3 Mise en place: Maison (§3.2), buildings (§3.3), first player (§3.4), Métropole pile
(§3.5), last preparations (§3.6). The header's "setup" block records each player's choices;
the random parts (starting hand, initiative dice) are the first events of the log."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Mapping

from ..kernel import And, BadInput, Config, If, IllegalSetup, Or, Sum
from ..kernel.inputs import check_players, check_source, choose_options, kind_of
from .data import Components, load
from .sources import OPTIONS, SOURCES
from .state import B, C, G, K, SETUP, Raiders

BUDGET = 15  # §3.5
START_TOKENS = 3  # §3.6
START_HAND = 2  # §3.6


def components(d: Path | None) -> Components:
    """The component set (read once per content, sized for the model: kernel.components.cached)."""
    return load(d)


def configure(options: Mapping[str, Any], comp_dir: Path | None, prefer: str | None, nplayers: int = 2) -> Config:
    chosen = choose_options(options, OPTIONS)
    check_players(nplayers, 2, 2, "Dungeons Raiders")
    check_source(prefer, SOURCES)
    return Config("raiders", chosen, SOURCES, prefer, components(comp_dir), {"nplayers": 2})


def _player_setup(cfg: Config, name: str, block: Any, taken_houses: set[str]) -> dict:
    comp: Components = cfg.comp
    where = f"setup.{name}"
    if not isinstance(block, dict):
        raise BadInput(f"{where}: expected an object with house, house_cards, buy, board")
    extra = set(block) - {"house", "house_cards", "buy", "board"}
    if extra:
        raise BadInput(f"{where}: unknown field {sorted(extra)[0]!r}")
    houses = {h.name: h for h in comp.houses}
    hname = block.get("house")
    if type(hname) is not str or hname not in houses:
        what = f"unknown Maison {hname!r}" if type(hname) is str else f"expected a Maison's name, got {kind_of(hname)}"
        raise BadInput(f"{where}.house: {what} (known: {', '.join(houses)}) [§3.2]")
    if hname in taken_houses:
        raise IllegalSetup(f"{where}.house: {hname} is already the other player's Maison (one deck each)", "§3.2")
    house = houses[hname]
    hc = block.get("house_cards")
    if type(hc) is not list or not all(type(c) is str for c in hc):
        got = kind_of(hc) if type(hc) is not list else "a list holding " + kind_of(next(c for c in hc if type(c) is not str))
        raise BadInput(f"{where}.house_cards: expected a list of the 2 card names drawn from the {hname} deck, "
                       f"got {got} [§3.2]")
    known = {c for h in comp.houses for c in h.cards}
    for i, c in enumerate(hc):  # a name on no Maison's card is a misspelt log, not an illegal draw (s53 G6)
        if c not in known:
            raise BadInput(f"{where}.house_cards[{i}]: unknown card {c!r} (the {hname} deck: "
                           f"{', '.join(house.cards)}) [§3.2]")
    if len(hc) != 2 or len(set(hc)) != 2 or any(c not in house.cards for c in hc):
        raise IllegalSetup(f"{where}.house_cards: 2 different cards of the {hname} deck are drawn "
                           f"({', '.join(house.cards)})", "§3.2")
    buy = block.get("buy", [])
    adv = {c.name: c for c in comp.cards if c.kind == "advanced"}
    if type(buy) is not list:
        raise BadInput(f"{where}.buy: expected a list of advanced cards, got {kind_of(buy)} [§3.5]")
    for i, c in enumerate(buy):
        if type(c) is not str:
            raise BadInput(f"{where}.buy[{i}]: expected an advanced card's name, got {kind_of(c)} [§3.5]")
        if c not in adv:
            raise BadInput(f"{where}.buy: unknown advanced card {c!r} (known: {', '.join(adv)}) [§3.5]")
    if len(set(buy)) != len(buy):
        raise IllegalSetup(f"{where}.buy: each advanced card exists once per player", "§3.5")
    spent = sum(adv[c].price for c in buy)
    if spent > BUDGET:
        raise IllegalSetup(f"{where}.buy: the cards cost {spent} crowns, the budget is {BUDGET}", "§3.5")
    onboard, col, level = [0] * B, [0] * B, [0] * B
    names = comp.building_names
    if cfg.opt("board") == "initiation":
        if "board" in block:
            raise IllegalSetup(f"{where}.board: the initiation side prints its 9 buildings; no board may be given", "§3.3")
        for slot in comp.boards["initiation"]:
            i = names.index(slot.building)
            onboard[i], col[i], level[i] = 1, slot.column, slot.level
    else:
        board = block.get("board")
        slots = {s.name: s for s in comp.boards["advanced"]}
        if type(board) is not dict:
            raise BadInput(f"{where}.board: expected an object slot -> building, e.g. {{\"A2\": \"Mine\"}}, "
                           f"got {kind_of(board)} [§3.3]")
        for sname, bname in board.items():
            if type(bname) is not str:
                raise BadInput(f"{where}.board.{sname}: expected a building's name, got {kind_of(bname)} [§3.3]")
            if bname not in names or bname == "Avant-Poste":  # before the rules about the names given
                raise BadInput(f"{where}.board.{sname}: unknown building {bname!r} [§3.3]")
        ap = next(s for s in slots.values() if s.avant_poste)
        free = sorted(n for n in slots if n != ap.name)
        if sorted(board) != free:
            raise BadInput(f"{where}.board: expected one building on each of {', '.join(free)} "
                           f"(the Avant-Poste stands on {ap.name}) [§3.3]")
        used = list(board.values())
        if len(set(used)) != len(used):
            raise IllegalSetup(f"{where}.board: a building is placed twice", "§3.3")
        if house.building not in used:
            raise IllegalSetup(f"{where}.board: the Maison's building {house.building} must be placed", "§3.3")
        i = names.index("Avant-Poste")
        onboard[i], col[i], level[i] = 1, ap.column, ap.level
        for sname, bname in board.items():
            s = slots[sname]
            b = comp.buildings[names.index(bname)]
            if s.base and b.type != "base":
                raise IllegalSetup(f"{where}.board.{sname}: a base slot takes only Base tiles (Mine, Marchand, Taverne), not {bname}", "§3.3")
            if s.level == 1 and bname in ("Statue", "L'explorateur"):
                raise IllegalSetup(f"{where}.board.{sname}: {bname} cannot start on a level-1 slot", "§3.3")
            j = names.index(bname)
            onboard[j], col[j], level[j] = 1, s.column, s.level
    pile = [0] * K
    for k, c in enumerate(comp.cards):
        if c.kind == "base":
            pile[k] = c.copies
        elif c.name in buy or c.name in hc:
            pile[k] = 1
    reserve = [0] * C
    for a in house.adventurers:
        reserve[a] += 1
    return dict(crowns=BUDGET - spent, onboard=tuple(onboard), col=tuple(col), level=tuple(level),
                pile=tuple(pile), reserve=tuple(reserve), start_adv=tuple(house.adventurers), house=hname)


def setup_schema(cfg: Config) -> dict:
    """The JSON Schema of the setup block `_player_setup` reads, from the same component
    names (the budget, the Maison's own deck and the option's board side stay the reader's)."""
    comp: Components = cfg.comp
    slots = [s.name for s in comp.boards["advanced"] if not s.avant_poste]
    buildings = [n for n in comp.building_names if n != "Avant-Poste"]
    house_cards = sorted({c for h in comp.houses for c in h.cards})
    block = {
        "type": "object", "description": "one player's choices (§3.2 §3.3 §3.5)",
        "required": ["house", "house_cards"], "additionalProperties": False,
        "properties": {
            "house": {"enum": [h.name for h in comp.houses], "description": "the Maison chosen [§3.2]"},
            "house_cards": {"type": "array", "items": {"enum": house_cards}, "minItems": 2, "maxItems": 2,
                            "uniqueItems": True, "description": "the 2 cards drawn from the Maison's deck [§3.2]"},
            "buy": {"type": "array", "uniqueItems": True, "description": f"advanced cards bought, {BUDGET} crowns at most [§3.5]",
                    "items": {"enum": [c.name for c in comp.cards if c.kind == "advanced"]}},
            "board": {"type": "object", "description": "advanced board side: slot -> building [§3.3]",
                      "propertyNames": {"enum": slots}, "required": slots,
                      "additionalProperties": {"enum": buildings}},
        },
    }
    return {"type": "object", "description": "one block per player, keyed by the player's name [§3]",
            "minProperties": 2, "maxProperties": 2, "additionalProperties": block}


def setup(header: Mapping[str, Any], cfg: Config) -> Raiders:
    players = header["players"]
    block = header.get("setup")
    if isinstance(block, dict):  # name the stray key or the missing player, not only the shape
        extra = sorted(set(block) - set(players))
        if extra:
            raise BadInput(f"setup: {extra[0]!r} is not a player ({', '.join(players)}) [§3]")
    if not isinstance(block, dict) or sorted(block) != sorted(players):
        raise BadInput(f"setup: expected one block per player ({', '.join(players)}) [§3]")
    taken: set[str] = set()
    ps = []
    for name in players:
        d = _player_setup(cfg, name, block[name], taken)
        taken.add(d["house"])
        ps.append(d)

    def both(key: str) -> tuple:
        return tuple(d[key] for d in ps)

    z2 = (0, 0)
    return Raiders(
        cfg=cfg, phase=SETUP, turn=1, init=-1, current=0, done=z2, crowns=both("crowns"), stones=z2, charges=z2,
        glory=z2, tokens=(START_TOKENS,) * 2, bonus=z2, onboard=both("onboard"), col=both("col"), level=both("level"),
        placed=((0,) * B,) * 2, expedition=z2, guilds=((0,) * G,) * 2, reserve=both("reserve"),
        start_adv=both("start_adv"), pile=both("pile"), hand=((0,) * K,) * 2, discard=((0,) * K,) * 2,
        deck_n=tuple(sum(d["pile"]) for d in ps), items=z2, special=z2, bottom=((), ()),
    )


def init(S: Any) -> Any:
    """Every state `setup` can produce, as one constraint (the base case of the proofs)."""
    comp: Components = S.cfg.comp
    ap = comp.bi("Avant-Poste")
    cs = [S.phase == SETUP, S.turn == 1, S.init == -1, S.current == 0]
    for p in range(2):
        cs += [S.done[p] == 0, S.stones[p] == 0, S.charges[p] == 0, S.glory[p] == 0, S.bonus[p] == 0,
               S.tokens[p] == START_TOKENS, S.crowns[p] >= 0, S.crowns[p] <= BUDGET, S.expedition[p] == 0,
               S.items[p] == 0, S.special[p] == 0, S.onboard[p][ap] == 1, S.level[p][ap] == 1, S.col[p][ap] == 0,
               Sum(S.onboard[p]) == 9, Sum(S.reserve[p]) == 2]
        for b in range(B):
            cs += [Or(S.onboard[p][b] == 0, S.onboard[p][b] == 1), S.level[p][b] >= 0, S.level[p][b] <= 1,
                   S.col[p][b] >= 0, S.col[p][b] <= 2, S.placed[p][b] == 0]
        for c in range(3):
            cs.append(Sum(If(S.col[p][b] == c, S.onboard[p][b], 0) for b in range(B)) == 3)
        cs += [S.guilds[p][g] == 0 for g in range(G)]
        cs += [S.reserve[p][c] >= 0 for c in range(C)]
        cs += [And(S.start_adv[p][i] >= 0, S.start_adv[p][i] < C) for i in range(2)]
        for k, card in enumerate(comp.cards):
            cs += [S.hand[p][k] == 0, S.discard[p][k] == 0]
            if card.kind == "base":
                cs.append(S.pile[p][k] == card.copies)
            else:
                cs.append(Or(S.pile[p][k] == 0, S.pile[p][k] == 1))
        house = [k for k, c in enumerate(comp.cards) if c.kind == "house"]
        adv = [k for k, c in enumerate(comp.cards) if c.kind == "advanced"]
        cs.append(Sum(S.pile[p][k] for k in house) == 2)
        cs.append(Sum(S.pile[p][k] * comp.cards[k].price for k in adv) + S.crowns[p] == BUDGET)
        cs.append(S.deck_n[p] == Sum(S.pile[p]))
        cs += [level_one_ban(S, p), base_slots(S, p)]
    return And(*cs)


def level_one_ban(s: Any, p: int) -> Any:
    """§3.3 (advanced side): the Statue and L'explorateur start on no level-1 slot, so at level 0."""
    if s.cfg.opt("board") != "advanced":
        return True  # the initiation side prints its buildings
    comp: Components = s.cfg.comp
    return And(*[Or(s.onboard[p][b] == 0, s.level[p][b] == 0) for b in (comp.bi("Statue"), comp.bi("L'explorateur"))])


def base_slots(s: Any, p: int) -> Any:
    """§3.3 (advanced side): base slots take only Base tiles, so a column holds no more other
    buildings than it has other slots (buildings never move: this holds all game long)."""
    if s.cfg.opt("board") != "advanced":
        return True
    comp: Components = s.cfg.comp
    others = [b for b, x in enumerate(comp.buildings) if x.type not in ("base", "avant-poste")]
    cs = []
    for c in range(3):
        free = sum(1 for x in comp.boards["advanced"] if x.column == c and not x.base and not x.avant_poste)
        cs.append(Sum(If(And(s.onboard[p][b] == 1, s.col[p][b] == c), 1, 0) for b in others) <= free)
    return And(*cs)


def random_header(rng: random.Random, cfg: Config) -> dict:
    comp: Components = cfg.comp
    houses = rng.sample(list(comp.houses), 2)
    adv = [c for c in comp.cards if c.kind == "advanced"]
    setup_block = {}
    for name, h in zip(("Ana", "Ben"), houses):
        buy, budget = [], BUDGET
        for c in rng.sample(adv, len(adv)):
            if c.price <= budget and rng.random() < 0.5:
                buy.append(c.name)
                budget -= c.price
        block: dict[str, Any] = {"house": h.name, "house_cards": rng.sample(list(h.cards), 2), "buy": buy}
        if cfg.opt("board") == "advanced":
            block["board"] = random_board(rng, comp, h.building)
        setup_block[name] = block
    return {"referee": 1, "game": "raiders", "rules": "0.99", "options": dict(cfg.options),
            "players": ["Ana", "Ben"], "setup": setup_block}


def random_board(rng: random.Random, comp: Components, house_building: str) -> dict[str, str]:
    """A legal advanced board (§3.3): Base tiles on base slots, the Maison's building
    somewhere, Statue and L'explorateur off the level-1 slots."""
    slots = [s for s in comp.boards["advanced"] if not s.avant_poste]
    base_slots = [s for s in slots if s.base]
    bases = [b.name for b in comp.buildings if b.type == "base" and b.name != house_building]
    board = {s.name: b for s, b in zip(base_slots, rng.sample(bases, len(base_slots)))}
    rest = [s for s in slots if not s.base]
    late = ("Statue", "L'explorateur")
    others = [b.name for b in comp.buildings if b.type != "avant-poste" and b.name != house_building
              and b.name not in board.values()]
    while True:
        chosen = [house_building] + rng.sample(others, len(rest) - 1)
        rng.shuffle(chosen)
        if not any(s.level == 1 and b in late for s, b in zip(rest, chosen)):
            board.update({s.name: b for s, b in zip(rest, chosen)})
            return board
