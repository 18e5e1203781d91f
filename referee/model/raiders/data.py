"""Dungeons Raiders components: TOML files -> frozen records (§3, §5, §6, §9, §10).

`load(dir)` reads buildings, board, cards, guilds, dice and dungeons against the
declarations below (kernel/components.py); anything malformed raises
BadInput("file.toml: table[row].key: what is wrong"). `checks(comp)` compares the data with every
number the text gives (DataCheck records the audit reports)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Mapping

from ..kernel import DataCheck
from ..kernel.components import Bool, Field, FrozenMap, Int, List, Loc, Row, Rows, Str, Table, cached, components_dir, read
from ..kernel.inputs import shown
from ..kernel.rules import kind_of
from .state import B, G, K

HERE = Path(__file__).parent / "components"
CLASSES = ("prêtre", "guerrier", "mage", "voleur", "milicien")  # §3.1
MILITIA = 4
RESOURCES = ("crowns", "stones", "charges", "glory", "militia", "tokens")
COLUMNS = "ABC"


@dataclass(frozen=True)
class Gain:
    crowns: int = 0
    stones: int = 0
    charges: int = 0
    glory: int = 0
    militia: int = 0
    tokens: int = 0


@dataclass(frozen=True)
class Effect:
    cost: Gain
    gain: Gain
    recruit: tuple[int, ...]  # classes one token may recruit (indices into CLASSES)
    mark: int  # the white circle: how many tokens this effect may take (1 if unmarked)


@dataclass(frozen=True)
class Building:
    name: str
    type: str
    evolve: tuple[int, ...]  # stones to reach level 1, 2, 3
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Slot:
    name: str
    column: int
    level: int
    base: bool
    avant_poste: bool
    building: str | None


@dataclass(frozen=True)
class Card:
    name: str
    kind: str  # "base" | "advanced" | "house"
    gain: Gain
    price: int = 0
    copies: int = 1
    house: str | None = None


@dataclass(frozen=True)
class House:
    name: str
    building: str
    adventurers: tuple[int, ...]
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Guild:
    name: str
    cost: Gain
    type: str | None
    levels: int
    glory: int


@dataclass(frozen=True)
class Components:
    dir: Path
    illustrative: bool
    buildings: tuple[Building, ...]
    boards: Mapping[str, tuple[Slot, ...]]
    outpost: tuple[tuple[int, int, int], ...]  # (level reached, column, levels needed)
    cards: tuple[Card, ...]
    houses: tuple[House, ...]
    guilds: tuple[Guild, ...]
    dice: Mapping[int, tuple[str, ...]]
    exp: "Expeditions | None" = None  # chapters 7-8: dungeons.toml

    # computed once (cached_property writes the instance's dict, past the frozen guard):
    # every event naming a building or a card reads them (speed only, issue 18)
    @cached_property
    def building_names(self) -> tuple[str, ...]:
        return tuple(b.name for b in self.buildings)

    @cached_property
    def card_names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.cards)

    def bi(self, name: str) -> int:
        return self.building_names.index(name)


# ---------------------------------------------------------------- the files, declared once
TYPES = ("avant-poste", "base", "troupes", "magie", "prestige")  # §3.3, §7.6
SLOTS = tuple(c + r for c in COLUMNS for r in "123")
NUMBER = Int(0, 99, "the model's bound on a printed number")
GAIN = Table(tuple(Field(r, Int(0, 20, "§6.2: a resource per token, at most 20 in the model"), 0) for r in RESOURCES))
EFFECT = Table((
    Field("cost", GAIN, None),
    Field("gain", GAIN, None),
    Field("recruit", List(Str(CLASSES, "§3.1"), 0, len(CLASSES), "§6.3", unique=True), ()),
    Field("mark", Int(1, 4, "§6.1: a white-circle mark is 1 to 4"), 1),
))
BUILDINGS = Table((
    Field("illustrative", Bool(), False),
    Field("building", Rows(Table((
        Field("name", Str()),
        Field("type", Str(TYPES, "§3.3 §7.6")),
        Field("evolve", List(Int(0, 9, "§6.4: stones, at most 9 in the model"), 0, 3, "§3.3: levels 1 to 3")),
        Field("effects", Rows(EFFECT, key=None, lo=0, hi=3, cite="§3.3: one effect per level 1 to 3"), ()),
    )), lo=B, hi=B, cite=f"the model is sized for {B} buildings")),
))
SIDE = Table((Field("slots", Rows(Table((
    Field("slot", Str(SLOTS, "§3.3: columns A to C, rows 1 to 3")),
    Field("level", Int(0, 3, "§3.3: levels 0 to 3")),
    Field("base", Bool(), False),
    Field("avant_poste", Bool(), False),
    Field("building", Str(), None),
)), key="slot", lo=9, hi=9, cite="§3.3: 9 slots")),))
BOARD = Table((
    Field("illustrative", Bool(), False),
    Field("advanced", SIDE),
    Field("initiation", SIDE),
    Field("outpost", Rows(Table((
        Field("to", Int(2, 3, "§6.5: the Avant-Poste evolves to level 2 or 3")),
        Field("column", Str(tuple(COLUMNS), "§6.5")),
        Field("levels", Int(0, 9, "§6.5: at most 9 levels in a column of 3")),
    )), key="to", lo=1, hi=2, cite="§6.5")),
))
CARD = Table((
    Field("name", Str()),
    Field("gain", GAIN, None),
    Field("price", Int(0, 15, "§3.5: a budget of 15 crowns"), 0),
    Field("copies", Int(1, 10, "§3.5: a deck of 10 cards"), 1),
))
CARDS = Table((
    Field("illustrative", Bool(), False),
    Field("base", Rows(CARD, cite="§3.5")),
    Field("advanced", Rows(CARD, cite="§3.5")),
    Field("house", Rows(Table((
        Field("name", Str()),
        Field("building", Str()),
        Field("adventurers", List(Str(CLASSES, "§3.1"), 2, 2, "§3.2: a Maison gives two adventurers")),
        Field("cards", Rows(Table((Field("name", Str()), Field("gain", GAIN, None))), lo=5, hi=5,
                            cite="§3.2: 5 cards per Maison")),
    )), cite="§3.2")),
))
GUILDS = Table((
    Field("illustrative", Bool(), False),
    Field("guild", Rows(Table((
        Field("name", Str()),
        Field("cost", GAIN, None),
        Field("needs", Table((
            Field("type", Str(TYPES, "§9.1"), None),
            Field("levels", Int(0, 27, "§9.1: at most 27 levels on 9 buildings"), 0),
            Field("glory", NUMBER, 0),
        )), None),
    )), lo=G, hi=G, cite=f"§9.1: {G} guilds")),
))
DICE = Table((
    Field("illustrative", Bool(), False),
    Field("dice", Table(tuple(Field(c, List(Str(), 1, 20, "§10.1: a die's faces")) for c in CLASSES))),
))


def _gain(g: Row | None) -> Gain:
    return Gain() if g is None else Gain(**g)


def _check_names(rows: list[Row], what: str) -> None:
    """Names shared across tables (a Métropole card and a House card) are given once."""
    first: dict[str, Row] = {}
    for r in rows:
        if r.name in first:
            r.fail("name", f"{r.name!r} is given twice (first at {first[r.name].at.path}); each {what} once")
        first[r.name] = r


@cached(("buildings.toml", "board.toml", "cards.toml", "guilds.toml", "dice.toml", "dungeons.toml"))
def load(comp_dir: Path | None = None) -> Components:
    d = components_dir(comp_dir, HERE)
    rb = read(d / "buildings.toml", BUILDINGS)
    buildings = tuple(Building(b.name, b.type, b.evolve, tuple(
        Effect(_gain(e.cost), _gain(e.gain), tuple(CLASSES.index(x) for x in e.recruit), e.mark) for e in b.effects))
        for b in rb.building)
    names = [b.name for b in buildings]

    def known(row, building: str, cite: str = "") -> None:  # a board slot or a house names a building of buildings.toml
        if building not in names:
            row.fail("building", f"unknown building {building!r} (buildings.toml names {', '.join(names)})", cite)

    rbo = read(d / "board.toml", BOARD)
    boards = {}
    for side in ("advanced", "initiation"):
        for s in rbo[side].slots:
            if s.building is not None:
                known(s, s.building)
        boards[side] = tuple(Slot(s.slot, COLUMNS.index(s.slot[0]), s.level, s.base, s.avant_poste, s.building)
                             for s in rbo[side].slots)
    outpost = tuple((o.to, COLUMNS.index(o.column), o.levels) for o in rbo.outpost)

    rc = read(d / "cards.toml", CARDS)
    cards = [Card(c.name, kind, _gain(c.gain), c.price, c.copies) for kind in ("base", "advanced") for c in rc[kind]]
    houses = []
    for h in rc.house:
        known(h, h.building, "§3.2")
        cards += [Card(c.name, "house", _gain(c.gain), house=h.name) for c in h.cards]
        houses.append(House(h.name, h.building, tuple(CLASSES.index(x) for x in h.adventurers),
                            tuple(c.name for c in h.cards)))
    _check_names([*rc.base, *rc.advanced, *(c for h in rc.house for c in h.cards)], "card")
    if len(cards) != K:
        rc.fail("house", f"the model is sized for {K} cards (base, advanced and House), the file gives {len(cards)}")

    rg = read(d / "guilds.toml", GUILDS)
    guilds = tuple(Guild(g.name, _gain(g.cost), g.needs and g.needs.type, g.needs.levels if g.needs else 0,
                         g.needs.glory if g.needs else 0) for g in rg.guild)

    rd = read(d / "dice.toml", DICE)
    for c in CLASSES:
        for i, f in enumerate(rd.dice[c]):
            if not f[:1].isdigit():
                rd.dice.at.key(c).row(i).fail(f"expected a face label starting with its number, got {f!r}", "§10.1")
    dice = FrozenMap({CLASSES.index(c): rd.dice[c] for c in CLASSES})
    exp = load_expeditions(d)
    illustrative = any(r.illustrative for r in (rb, rbo, rc, rg, rd))
    return Components(d, illustrative or exp.illustrative, buildings, FrozenMap(boards), outpost, tuple(cards),
                      tuple(houses), guilds, dice, exp)


def face_value(label: str) -> int:
    digits = "".join(ch for ch in label if ch.isdigit())
    return int(digits)


def checks(comp: Components) -> list[DataCheck]:
    """The component data against every number the text gives."""
    out = []
    names = comp.building_names

    def add(cite: str, says: str, ok: bool, detail: str, name: str):
        out.append(DataCheck(cite, says, ok, detail, name=name))

    named = {"Avant-Poste", "Mine", "Marchand", "Taverne", "Académie", "Stratège", "Recruteur", "Caserne",
             "Guilde des Voleurs", "Temple", "Oracle", "Foire de la magie", "Statue", "L'explorateur"}
    add("§3.3 §6.5 §6.6 §7.6 §9.3", "the 14 buildings the text names are all there",
        named <= set(names), f"missing: {sorted(named - set(names))}" if not named <= set(names) else f"{len(names)} buildings", name="14_buildings_names")
    base = {b.name for b in comp.buildings if b.type == "base"}
    add("§3.3", "the Base tiles are Mine, Marchand and Taverne", base == {"Mine", "Marchand", "Taverne"}, f"base: {sorted(base)}", name="base_tiles_mine")
    troupes = {b.name for b in comp.buildings if b.type == "troupes"}
    add("§7.6", "the Troupes buildings are Guilde des Voleurs, Recruteur and Caserne",
        troupes == {"Guilde des Voleurs", "Recruteur", "Caserne"}, f"troupes: {sorted(troupes)}", name="troupes_buildings_guilde")
    marks = [e.mark for b in comp.buildings for e in b.effects]
    add("§6.1 §6.3", "no white-circle mark above 4", all(1 <= m <= 4 for m in marks), f"marks: {sorted(set(marks))}", name="white_circle_mark")
    levels_ok = all(len(b.effects) == 3 and len(b.evolve) == 3 for b in comp.buildings if b.type != "avant-poste")
    add("§3.3 §6.3", "every building has an effect and an evolution cost per level 1-3 (3 cubes at most)", levels_ok, "", name="building_effect_evolution")
    ap = [b for b in comp.buildings if b.type == "avant-poste"]
    add("§6.5", "the Avant-Poste does not evolve with stones", len(ap) == 1 and ap[0].evolve == (), "", name="avant_poste_evolve")
    if "Recruteur" in names:
        r = comp.buildings[names.index("Recruteur")].effects[0]
        ok = r.cost == Gain(crowns=2) and r.recruit == (MILITIA,) and r.mark >= 3
        add("§6.3", "Recruteur level 1: 2 crowns per militia, at least 3 tokens allowed (the §6.3 example)", ok,
            f"cost {r.cost}, recruit {r.recruit}, mark {r.mark}", name="recruteur_level_1")
    charge_makers = {b.name for b in comp.buildings if any(e.gain.charges for e in b.effects)}
    add("§6.6", "charges are produced by Académie, Temple, Oracle and Foire de la magie (and no other building)",
        charge_makers == {"Académie", "Temple", "Oracle", "Foire de la magie"}, f"producers: {sorted(charge_makers)}", name="charges_produced_academie")
    base_cards = [c for c in comp.cards if c.kind == "base"]
    adv = [c for c in comp.cards if c.kind == "advanced"]
    add("§3.5 §10.2", "the base Métropole deck has 10 cards", sum(c.copies for c in base_cards) == 10,
        f"{sum(c.copies for c in base_cards)} cards", name="base_metropole_deck")
    add("§3.5 §10.2", "8 advanced cards, one of each", len(adv) == 8 and all(c.copies == 1 for c in adv), f"{len(adv)} cards", name="8_advanced_cards")
    total = sum(c.price for c in adv)
    add("§10.2", "the 8 advanced cards cost 31 crowns in all", total == 31, f"they cost {total}", name="8_advanced_cards")
    add("§3.2", "every Maison deck has 5 cards", all(len(h.cards) == 5 for h in comp.houses),
        ", ".join(f"{h.name}: {len(h.cards)}" for h in comp.houses), name="maison_deck_5")
    add("§3.2", "every Maison gives two adventurers", all(len(h.adventurers) == 2 for h in comp.houses), "", name="maison_gives_two")
    add("§9.1", "there are 6 guilds", len(comp.guilds) == 6, f"{len(comp.guilds)} guilds", name="6_guilds")
    adv_board = comp.boards["advanced"]
    add("§3.3", "the advanced side has 9 slots with the Avant-Poste (level 1) at the top of the left column",
        len(adv_board) == 9 and any(s.avant_poste and s.name == "A1" and s.level == 1 for s in adv_board), "", name="advanced_side_9")
    init_b = [s.building for s in comp.boards["initiation"]]
    add("§3.3", "the initiation side prints 9 distinct buildings", len(init_b) == 9 and len(set(init_b)) == 9 and None not in init_b, "", name="initiation_side_prints")
    add("§3.3 §10.1", "every die face shows a number", all(all(f[:1].isdigit() for f in fs) for fs in comp.dice.values()), "", name="die_face_shows")
    if comp.exp is not None:
        out += expedition_checks(comp.exp)
    return out


# ------------------------------------------------------------------ chapters 7-8
LEVELS = (1, 2, 3, "special")  # §8.3; "special" is level index 3 in the model
PILES = ("Gloire", "Richesse", "Objets", "Prisonniers")  # §8.7
OBJETS = 2
ITEM_KINDS = ("permanent", "single", "normal", "scroll")  # §7.5
XKINDS = ("encounter", "trap", "passage", "empty")  # §8.4, §8.5, §8.7
EFFECTS = ("none", "resistance", "creature")
SPECIALISTS = (0, 1, 2, 3)  # §3.1: prêtre, guerrier, mage, voleur (not the milicien)
# the state has one counter per card: a --components set must have these counts
D, E, T, I, M = 7, 10, 12, 8, 6


@dataclass(frozen=True)
class Dungeon:
    name: str
    level: int  # 0, 1, 2 = levels 1-3; 3 = special
    floors: int
    resistance: int
    red: int
    black: int
    creature: int
    glory: int
    treasures: int
    effect: str
    value: int


@dataclass(frozen=True)
class Exploration:
    name: str
    kind: str
    value: int
    eliminates: bool


@dataclass(frozen=True)
class Treasure:
    name: str
    pile: int
    glory: int
    crowns: int
    adventurer: int  # class index, -1 if none


@dataclass(frozen=True)
class Item:
    name: str
    analysis: int
    bonus: int
    kind: str


@dataclass(frozen=True)
class Mercenary:
    name: str
    price: int
    bonus: int


@dataclass(frozen=True)
class Expeditions:
    illustrative: bool
    dungeons: tuple[Dungeon, ...]
    front: tuple[int, ...]
    reinforcement: tuple[int, ...]
    exploration: tuple[Exploration, ...]
    treasures: tuple[Treasure, ...]
    items: tuple[Item, ...]
    mercenaries: tuple[Mercenary, ...]
    house_bonus: int


@dataclass(frozen=True)
class Level:
    """A component kind: a dungeon's level, 1, 2, 3 or "special" (§8.3)."""

    def read(self, v: Any, at: Loc) -> int:
        if v not in LEVELS or type(v) not in (int, str):  # `True == 1`: a boolean is no level
            at.fail(f"expected 1, 2, 3 or \"special\", got {shown(v) if type(v) in (int, str) else kind_of(v)}",
                    "§8.3")
        return LEVELS.index(v)


BONUS = List(Int(0, 6, "§8.6: a bonus of +6 at most"), 5, 5, "§8.6: 0 to 4 specialised adventurers")
DUNGEONS = Table((
    Field("illustrative", Bool(), False),
    Field("dungeon", Rows(Table((
        Field("name", Str()),
        Field("level", Level()),
        Field("floors", Int(1, 9, "§8.7: at least one floor")),
        Field("resistance", NUMBER),
        Field("red", Int(0, 9, "§8.4: red skulls")),
        Field("black", Int(0, E, f"§8.4: black skulls draw from the {E} Exploration cards")),
        Field("creature", NUMBER),
        Field("glory", NUMBER),
        Field("treasures", Int(0, 4, "§8.7: one treasure per pile at most")),
        Field("effect", Table((Field("kind", Str(EFFECTS, "§8.4")), Field("value", NUMBER)))),
    )), lo=D, hi=D, cite=f"the model's state has {D} dungeon cards")),
    Field("bonus", Table((Field("front", BONUS), Field("reinforcement", BONUS)))),
    Field("exploration", Rows(Table((
        Field("name", Str()),
        Field("kind", Str(XKINDS, "§8.4 §8.5 §8.7")),
        Field("value", NUMBER, 0),
        Field("eliminates", Bool(), False),
    )), lo=E, hi=E, cite=f"the model's state has {E} Exploration cards")),
    Field("treasure", Rows(Table((
        Field("name", Str()),
        Field("pile", Str(("Gloire", "Richesse", "Prisonniers"), "§8.7: the Objets pile holds the items")),
        Field("glory", NUMBER, 0),
        Field("crowns", NUMBER, 0),
        Field("adventurer", Str(CLASSES, "§3.1"), None),
    )), lo=T, hi=T, cite=f"the model's state has {T} treasure cards")),
    Field("item", Rows(Table((
        Field("name", Str()),
        Field("analysis", Int(2, 5, "§7.5: analysis scores 2 to 5")),
        Field("bonus", Int(0, 9, "§7.5")),
        Field("kind", Str(ITEM_KINDS, "§7.5")),
    )), lo=I, hi=I, cite=f"the model's state has {I} special items")),
    Field("mercenary", Rows(Table((
        Field("name", Str()),
        Field("price", NUMBER),
        Field("bonus", Int(0, 9, "§7.6")),
    )), lo=M, hi=M, cite=f"the model's state has {M} mercenaries")),
    Field("house", Table((Field("bonus", Int(0, 9, "§8.6")),))),
))


def load_expeditions(d: Path) -> Expeditions:
    r = read(Path(d) / "dungeons.toml", DUNGEONS)
    dungeons = tuple(Dungeon(x.name, x.level, x.floors, x.resistance, x.red, x.black, x.creature, x.glory, x.treasures,
                             x.effect.kind, x.effect.value) for x in r.dungeon)
    xs = tuple(Exploration(x.name, x.kind, x.value, x.eliminates) for x in r.exploration)
    ts = tuple(Treasure(x.name, PILES.index(x.pile), x.glory, x.crowns,
                        CLASSES.index(x.adventurer) if x.adventurer else -1) for x in r.treasure)
    items = tuple(Item(x.name, x.analysis, x.bonus, x.kind) for x in r.item)
    mercs = tuple(Mercenary(x.name, x.price, x.bonus) for x in r.mercenary)
    return Expeditions(r.illustrative, dungeons, r.bonus.front, r.bonus.reinforcement, xs, ts, items, mercs,
                       r.house.bonus)


def expedition_checks(x: Expeditions) -> list[DataCheck]:
    out = []

    def add(cite: str, says: str, ok: bool, detail: str, name: str):
        out.append(DataCheck(cite, says, ok, detail, name=name))

    lv = [dd.level for dd in x.dungeons]
    add("§8.3 §10.4", "there are dungeons of level 1, 2, 3 and a special dungeon", set(lv) == {0, 1, 2, 3},
        f"levels: {sorted(set(lv))}", name="dungeons_level_1")
    add("§8.7", "every dungeon has at least one floor", all(dd.floors >= 1 for dd in x.dungeons), "", name="dungeon_least_floor")
    best = max(x.front) + max(x.reinforcement)
    add("§8.6", "the maximum bonus is +6 (4 specialists in front, 4 behind)",
        best == 6 and x.front[4] + x.reinforcement[4] == 6, f"front {x.front}, reinforcement {x.reinforcement}", name="maximum_bonus_6")
    add("§8.6", "a bonus never falls when one more specialist joins a line",
        all(t[i] <= t[i + 1] for t in (x.front, x.reinforcement) for i in range(4)), "", name="bonus_falls_specialist")
    an = [it.analysis for it in x.items]
    add("§7.5", "analysis scores are between 2 and 5", all(2 <= a <= 5 for a in an), f"scores: {sorted(set(an))}", name="analysis_scores_between")
    perm = {it.name for it in x.items if it.kind == "permanent"}
    add("§7.5", "shield, pavise, sword and runic blade are permanent equipment",
        {"Bouclier", "Pavois", "Épée", "Lame runique"} <= perm, f"permanent: {sorted(perm)}", name="shield_pavise_sword")
    add("§7.5", "an identification scroll exists (it lowers the cost by 2)", any(it.kind == "scroll" for it in x.items), "", name="identification_scroll_exists")
    elim = {e.name for e in x.exploration if e.kind == "trap" and e.eliminates}
    add("§8.5", "Trappe and Gouffre are traps that eliminate an adventurer", {"Trappe", "Gouffre"} <= elim,
        f"eliminating traps: {sorted(elim)}", name="trappe_gouffre_traps")
    add("§8.7", "the secret passage is an Exploration card", any(e.kind == "passage" for e in x.exploration), "", name="secret_passage_exploration")
    add("§8.4", "a dungeon's Exploration cards come from a pile that can hold its black skulls",
        all(dd.black <= len(x.exploration) for dd in x.dungeons), "", name="dungeon_exploration_cards")
    piles = {PILES[t.pile] for t in x.treasures} | ({"Objets"} if x.items else set())
    add("§8.7", "the four treasure piles Gloire, Richesse, Objets, Prisonniers all have cards", piles == set(PILES),
        f"piles: {sorted(piles)}", name="four_treasure_piles")
    add("§8.7", "a dungeon gives at most 4 treasures (one per pile, without a secret passage)",
        all(dd.treasures <= 4 for dd in x.dungeons), f"treasures: {[dd.treasures for dd in x.dungeons]}", name="dungeon_gives_4")
    # the tile's creature is met only through its red skulls: an effect on it elsewhere is
    # dead data, and the rule that applies it (resistance, s8_dungeons.py) is never run
    dead = [dd.name for dd in x.dungeons if dd.effect == "creature" and dd.red == 0]
    add("§8.4", "an effect on a tile's creature is on a tile with red skulls (else it never applies)", not dead,
        f"creature effect, no red skull: {dead}", name="creature_effect_red_skulls")
    return out
