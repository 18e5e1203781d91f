"""Dungeons Raiders components: TOML files -> frozen records (§3, §5, §6, §9, §10).

`load(dir)` reads buildings, board, cards, guilds and dice; anything malformed raises
BadInput("file.toml: key: what is wrong"). `checks(comp)` compares the data with every
number the text gives (DataCheck records the audit reports)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..kernel import BadInput, DataCheck
from ..kernel.inputs import read_toml

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
    boards: dict[str, tuple[Slot, ...]]
    outpost: tuple[tuple[int, int, int], ...]  # (level reached, column, levels needed)
    cards: tuple[Card, ...]
    houses: tuple[House, ...]
    guilds: tuple[Guild, ...]
    dice: dict[int, tuple[str, ...]]
    exp: "Expeditions | None" = None  # chapters 7-8: dungeons.toml

    @property
    def building_names(self) -> tuple[str, ...]:
        return tuple(b.name for b in self.buildings)

    @property
    def card_names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.cards)

    def bi(self, name: str) -> int:
        return self.building_names.index(name)


class _Reader:
    def __init__(self, path: Path):
        self.file = path.name
        self.doc = read_toml(path)

    def fail(self, key: str, what: str):
        raise BadInput(f"{self.file}: {key}: {what}")

    def get(self, d: dict, key: str, kind: type, where: str, default: Any = ...):
        if key not in d:
            if default is ...:
                self.fail(where, f"missing \"{key}\"")
            return default
        v = d[key]
        if kind is int and (type(v) is not int or v < 0):
            self.fail(f"{where}.{key}", f"expected a whole number >= 0, got {v!r}")
        if kind is not int and not isinstance(v, kind):
            self.fail(f"{where}.{key}", f"expected {kind.__name__}, got {type(v).__name__}")
        return v

    def gain(self, d: Any, where: str) -> Gain:
        if not isinstance(d, dict):
            self.fail(where, "expected a table of resources")
        bad = set(d) - set(RESOURCES)
        if bad:
            self.fail(where, f"unknown resource {sorted(bad)[0]!r} (known: {', '.join(RESOURCES)})")
        return Gain(**{k: self.get(d, k, int, where) for k in d})

    def classes(self, xs: Any, where: str) -> tuple[int, ...]:
        if not isinstance(xs, list) or any(x not in CLASSES for x in xs):
            self.fail(where, f"expected a list of classes among {', '.join(CLASSES)}")
        return tuple(CLASSES.index(x) for x in xs)


def load(d: Path | None = None) -> Components:
    d = d or HERE
    if not d.is_dir():
        raise BadInput(f"{d}: not a directory of components")
    rb = _Reader(d / "buildings.toml")
    buildings = []
    for i, b in enumerate(rb.get(rb.doc, "building", list, "building")):
        w = f"building[{i}]"
        effects = []
        for j, e in enumerate(rb.get(b, "effects", list, w, [])):
            we = f"{w}.effects[{j}]"
            mark = rb.get(e, "mark", int, we, 1)
            effects.append(Effect(rb.gain(e.get("cost", {}), we + ".cost"), rb.gain(e.get("gain", {}), we + ".gain"),
                                  rb.classes(e.get("recruit", []), we + ".recruit"), mark))
        evolve = rb.get(b, "evolve", list, w)
        if any(type(x) is not int or x < 0 for x in evolve):
            rb.fail(w + ".evolve", "expected whole numbers")
        buildings.append(Building(rb.get(b, "name", str, w), rb.get(b, "type", str, w), tuple(evolve), tuple(effects)))
    names = [b.name for b in buildings]
    if len(set(names)) != len(names):
        rb.fail("building", "two buildings share a name")

    rbo = _Reader(d / "board.toml")
    boards = {}
    for side in ("advanced", "initiation"):
        slots = []
        for i, s in enumerate(rbo.get(rbo.get(rbo.doc, side, dict, side), "slots", list, side)):
            w = f"{side}.slots[{i}]"
            name = rbo.get(s, "slot", str, w)
            if len(name) != 2 or name[0] not in COLUMNS or name[1] not in "123":
                rbo.fail(w + ".slot", f"expected A1..C3, got {name!r}")
            b = s.get("building")
            if b is not None and b not in names:
                rbo.fail(w + ".building", f"unknown building {b!r}")
            slots.append(Slot(name, COLUMNS.index(name[0]), rbo.get(s, "level", int, w), bool(s.get("base", False)),
                              bool(s.get("avant_poste", False)), b))
        boards[side] = tuple(slots)
    outpost = []
    for i, o in enumerate(rbo.get(rbo.doc, "outpost", list, "outpost")):
        w = f"outpost[{i}]"
        col = rbo.get(o, "column", str, w)
        if col not in COLUMNS:
            rbo.fail(w + ".column", f"expected A, B or C, got {col!r}")
        outpost.append((rbo.get(o, "to", int, w), COLUMNS.index(col), rbo.get(o, "levels", int, w)))

    rc = _Reader(d / "cards.toml")
    cards: list[Card] = []
    for kind in ("base", "advanced"):
        for i, c in enumerate(rc.get(rc.doc, kind, list, kind)):
            w = f"{kind}[{i}]"
            cards.append(Card(rc.get(c, "name", str, w), kind, rc.gain(c.get("gain", {}), w + ".gain"),
                              rc.get(c, "price", int, w, 0), rc.get(c, "copies", int, w, 1)))
    houses = []
    for i, h in enumerate(rc.get(rc.doc, "house", list, "house")):
        w = f"house[{i}]"
        hname = rc.get(h, "name", str, w)
        b = rc.get(h, "building", str, w)
        if b not in names:
            rc.fail(w + ".building", f"unknown building {b!r}")
        own = []
        for j, c in enumerate(rc.get(h, "cards", list, w)):
            wc = f"{w}.cards[{j}]"
            cards.append(Card(rc.get(c, "name", str, wc), "house", rc.gain(c.get("gain", {}), wc + ".gain"), house=hname))
            own.append(c["name"])
        houses.append(House(hname, b, rc.classes(rc.get(h, "adventurers", list, w), w + ".adventurers"), tuple(own)))
    cnames = [c.name for c in cards]
    if len(set(cnames)) != len(cnames):
        rc.fail("cards", "two cards share a name")

    rg = _Reader(d / "guilds.toml")
    guilds = []
    for i, g in enumerate(rg.get(rg.doc, "guild", list, "guild")):
        w = f"guild[{i}]"
        needs = g.get("needs", {})
        guilds.append(Guild(rg.get(g, "name", str, w), rg.gain(g.get("cost", {}), w + ".cost"),
                            needs.get("type"), rg.get(needs, "levels", int, w + ".needs", 0),
                            rg.get(needs, "glory", int, w + ".needs", 0)))

    rd = _Reader(d / "dice.toml")
    dice_doc = rd.get(rd.doc, "dice", dict, "dice")
    dice = {}
    for cls in CLASSES:
        faces = dice_doc.get(cls)
        if not isinstance(faces, list) or not faces or any(not isinstance(f, str) or not f[:1].isdigit() for f in faces):
            rd.fail(f"dice.{cls}", "expected a list of face labels starting with their number")
        dice[CLASSES.index(cls)] = tuple(faces)
    illustrative = any(r.doc.get("illustrative", False) for r in (rb, rbo, rc, rg, rd))
    exp = load_expeditions(d)
    return Components(d, illustrative or exp.illustrative, tuple(buildings), boards, tuple(outpost), tuple(cards),
                      tuple(houses), tuple(guilds), dice, exp)


def face_value(label: str) -> int:
    digits = "".join(ch for ch in label if ch.isdigit())
    return int(digits)


def checks(comp: Components) -> list[DataCheck]:
    """The component data against every number the text gives."""
    out = []
    names = comp.building_names

    def add(cite: str, says: str, ok: bool, detail: str):
        out.append(DataCheck(cite, says, ok, detail))

    named = {"Avant-Poste", "Mine", "Marchand", "Taverne", "Académie", "Stratège", "Recruteur", "Caserne",
             "Guilde des Voleurs", "Temple", "Oracle", "Foire de la magie", "Statue", "L'explorateur"}
    add("§3.3 §6.5 §6.6 §7.6 §9.3", "the 14 buildings the text names are all there",
        named <= set(names), f"missing: {sorted(named - set(names))}" if not named <= set(names) else f"{len(names)} buildings")
    base = {b.name for b in comp.buildings if b.type == "base"}
    add("§3.3", "the Base tiles are Mine, Marchand and Taverne", base == {"Mine", "Marchand", "Taverne"}, f"base: {sorted(base)}")
    troupes = {b.name for b in comp.buildings if b.type == "troupes"}
    add("§7.6", "the Troupes buildings are Guilde des Voleurs, Recruteur and Caserne",
        troupes == {"Guilde des Voleurs", "Recruteur", "Caserne"}, f"troupes: {sorted(troupes)}")
    marks = [e.mark for b in comp.buildings for e in b.effects]
    add("§6.1 §6.3", "no white-circle mark above 4", all(1 <= m <= 4 for m in marks), f"marks: {sorted(set(marks))}")
    levels_ok = all(len(b.effects) == 3 and len(b.evolve) == 3 for b in comp.buildings if b.type != "avant-poste")
    add("§3.3 §6.3", "every building has an effect and an evolution cost per level 1-3 (3 cubes at most)", levels_ok, "")
    ap = [b for b in comp.buildings if b.type == "avant-poste"]
    add("§6.5", "the Avant-Poste does not evolve with stones", len(ap) == 1 and ap[0].evolve == (), "")
    if "Recruteur" in names:
        r = comp.buildings[names.index("Recruteur")].effects[0]
        ok = r.cost == Gain(crowns=2) and r.recruit == (MILITIA,) and r.mark >= 3
        add("§6.3", "Recruteur level 1: 2 crowns per militia, at least 3 tokens allowed (the §6.3 example)", ok,
            f"cost {r.cost}, recruit {r.recruit}, mark {r.mark}")
    charge_makers = {b.name for b in comp.buildings if any(e.gain.charges for e in b.effects)}
    add("§6.6", "charges are produced by Académie, Temple, Oracle and Foire de la magie (and no other building)",
        charge_makers == {"Académie", "Temple", "Oracle", "Foire de la magie"}, f"producers: {sorted(charge_makers)}")
    base_cards = [c for c in comp.cards if c.kind == "base"]
    adv = [c for c in comp.cards if c.kind == "advanced"]
    add("§3.5 §10.2", "the base Métropole deck has 10 cards", sum(c.copies for c in base_cards) == 10,
        f"{sum(c.copies for c in base_cards)} cards")
    add("§3.5 §10.2", "8 advanced cards, one of each", len(adv) == 8 and all(c.copies == 1 for c in adv), f"{len(adv)} cards")
    total = sum(c.price for c in adv)
    add("§10.2", "the 8 advanced cards cost 31 crowns in all", total == 31, f"they cost {total}")
    add("§3.2", "every Maison deck has 5 cards", all(len(h.cards) == 5 for h in comp.houses),
        ", ".join(f"{h.name}: {len(h.cards)}" for h in comp.houses))
    add("§3.2", "every Maison gives two adventurers", all(len(h.adventurers) == 2 for h in comp.houses), "")
    add("§9.1", "there are 6 guilds", len(comp.guilds) == 6, f"{len(comp.guilds)} guilds")
    adv_board = comp.boards["advanced"]
    add("§3.3", "the advanced side has 9 slots with the Avant-Poste (level 1) at the top of the left column",
        len(adv_board) == 9 and any(s.avant_poste and s.name == "A1" and s.level == 1 for s in adv_board), "")
    init_b = [s.building for s in comp.boards["initiation"]]
    add("§3.3", "the initiation side prints 9 distinct buildings", len(init_b) == 9 and len(set(init_b)) == 9 and None not in init_b, "")
    add("§3.3 §10.1", "every die face shows a number", all(all(f[:1].isdigit() for f in fs) for fs in comp.dice.values()), "")
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


def load_expeditions(d: Path) -> Expeditions:
    r = _Reader(d / "dungeons.toml")
    dungeons = []
    for i, x in enumerate(r.get(r.doc, "dungeon", list, "dungeon")):
        w = f"dungeon[{i}]"
        lvl = x.get("level")
        if lvl not in LEVELS or type(lvl) is bool:
            r.fail(w + ".level", f"expected 1, 2, 3 or \"special\", got {lvl!r}")
        eff = r.get(x, "effect", dict, w)
        kind = r.get(eff, "kind", str, w + ".effect")
        if kind not in EFFECTS:
            r.fail(w + ".effect.kind", f"expected one of {', '.join(EFFECTS)}, got {kind!r}")
        dungeons.append(Dungeon(r.get(x, "name", str, w), LEVELS.index(lvl), r.get(x, "floors", int, w),
                                r.get(x, "resistance", int, w), r.get(x, "red", int, w), r.get(x, "black", int, w),
                                r.get(x, "creature", int, w), r.get(x, "glory", int, w), r.get(x, "treasures", int, w),
                                kind, r.get(eff, "value", int, w + ".effect")))
    bonus = r.get(r.doc, "bonus", dict, "bonus")
    tables = []
    for key in ("front", "reinforcement"):
        t = r.get(bonus, key, list, "bonus")
        if len(t) != 5 or any(type(v) is not int or v < 0 for v in t):
            r.fail(f"bonus.{key}", "expected 5 whole numbers (0 to 4 specialised adventurers)")
        tables.append(tuple(t))
    xs = []
    for i, x in enumerate(r.get(r.doc, "exploration", list, "exploration")):
        w = f"exploration[{i}]"
        kind = r.get(x, "kind", str, w)
        if kind not in XKINDS:
            r.fail(w + ".kind", f"expected one of {', '.join(XKINDS)}, got {kind!r}")
        xs.append(Exploration(r.get(x, "name", str, w), kind, r.get(x, "value", int, w, 0),
                              bool(r.get(x, "eliminates", bool, w, False))))
    ts = []
    for i, x in enumerate(r.get(r.doc, "treasure", list, "treasure")):
        w = f"treasure[{i}]"
        pile = r.get(x, "pile", str, w)
        if pile not in PILES or pile == "Objets":
            r.fail(w + ".pile", f"expected Gloire, Richesse or Prisonniers (Objets are the items), got {pile!r}")
        adv = x.get("adventurer")
        if adv is not None and adv not in CLASSES:
            r.fail(w + ".adventurer", f"expected a class among {', '.join(CLASSES)}")
        ts.append(Treasure(r.get(x, "name", str, w), PILES.index(pile), r.get(x, "glory", int, w, 0),
                           r.get(x, "crowns", int, w, 0), CLASSES.index(adv) if adv else -1))
    items = []
    for i, x in enumerate(r.get(r.doc, "item", list, "item")):
        w = f"item[{i}]"
        kind = r.get(x, "kind", str, w)
        if kind not in ITEM_KINDS:
            r.fail(w + ".kind", f"expected one of {', '.join(ITEM_KINDS)}, got {kind!r}")
        items.append(Item(r.get(x, "name", str, w), r.get(x, "analysis", int, w), r.get(x, "bonus", int, w), kind))
    mercs = [Mercenary(r.get(x, "name", str, f"mercenary[{i}]"), r.get(x, "price", int, f"mercenary[{i}]"),
                       r.get(x, "bonus", int, f"mercenary[{i}]"))
             for i, x in enumerate(r.get(r.doc, "mercenary", list, "mercenary"))]
    house = r.get(r.doc, "house", dict, "house")
    for what, got, want in (("dungeon", dungeons, D), ("exploration", xs, E), ("treasure", ts, T), ("item", items, I),
                            ("mercenary", mercs, M)):
        if len(got) != want:
            r.fail(what, f"the model's state has {want} {what} cards, the file gives {len(got)}")
        names = [x.name for x in got]
        if len(set(names)) != len(names):
            r.fail(what, "two entries share a name (every card is single)")
    return Expeditions(bool(r.doc.get("illustrative", False)), tuple(dungeons), tables[0], tables[1], tuple(xs),
                       tuple(ts), tuple(items), tuple(mercs), r.get(house, "bonus", int, "house"))


def expedition_checks(x: Expeditions) -> list[DataCheck]:
    out = []

    def add(cite: str, says: str, ok: bool, detail: str):
        out.append(DataCheck(cite, says, ok, detail))

    lv = [dd.level for dd in x.dungeons]
    add("§8.3 §10.4", "there are dungeons of level 1, 2, 3 and a special dungeon", set(lv) == {0, 1, 2, 3},
        f"levels: {sorted(set(lv))}")
    add("§8.7", "every dungeon has at least one floor", all(dd.floors >= 1 for dd in x.dungeons), "")
    best = max(x.front) + max(x.reinforcement)
    add("§8.6", "the maximum bonus is +6 (4 specialists in front, 4 behind)",
        best == 6 and x.front[4] + x.reinforcement[4] == 6, f"front {x.front}, reinforcement {x.reinforcement}")
    add("§8.6", "a bonus never falls when one more specialist joins a line",
        all(t[i] <= t[i + 1] for t in (x.front, x.reinforcement) for i in range(4)), "")
    an = [it.analysis for it in x.items]
    add("§7.5", "analysis scores are between 2 and 5", all(2 <= a <= 5 for a in an), f"scores: {sorted(set(an))}")
    perm = {it.name for it in x.items if it.kind == "permanent"}
    add("§7.5", "shield, pavise, sword and runic blade are permanent equipment",
        {"Bouclier", "Pavois", "Épée", "Lame runique"} <= perm, f"permanent: {sorted(perm)}")
    add("§7.5", "an identification scroll exists (it lowers the cost by 2)", any(it.kind == "scroll" for it in x.items), "")
    elim = {e.name for e in x.exploration if e.kind == "trap" and e.eliminates}
    add("§8.5", "Trappe and Gouffre are traps that eliminate an adventurer", {"Trappe", "Gouffre"} <= elim,
        f"eliminating traps: {sorted(elim)}")
    add("§8.7", "the secret passage is an Exploration card", any(e.kind == "passage" for e in x.exploration), "")
    add("§8.4", "a dungeon's Exploration cards come from a pile that can hold its black skulls",
        all(dd.black <= len(x.exploration) for dd in x.dungeons), "")
    piles = {PILES[t.pile] for t in x.treasures} | ({"Objets"} if x.items else set())
    add("§8.7", "the four treasure piles Gloire, Richesse, Objets, Prisonniers all have cards", piles == set(PILES),
        f"piles: {sorted(piles)}")
    add("§8.7", "a dungeon gives at most 4 treasures (one per pile, without a secret passage)",
        all(dd.treasures <= 4 for dd in x.dungeons), f"treasures: {[dd.treasures for dd in x.dungeons]}")
    return out
