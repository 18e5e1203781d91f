"""Components as data: components/monsters.toml and components/adventurers.toml, loaded
into frozen records and validated with located errors (`BadInput("file.toml: key: what")`).

The rules read the tables below (`Comp`); every table a rule indexes by a state value is a
tuple over monster kinds (8) or adventurers (4), so that `Lookup` works on z3 terms too.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from referee.model.kernel import BadInput, DataCheck
from referee.model.kernel.inputs import read_toml

HERE = Path(__file__).parent / "components"
EFFECTS = ("hp", "upto", "even", "slay", "from", "ring", "vorpal", "axe", "potion", "omni", "pact", "polymorph")
# effects that are single tiles per adventurer and that the rules ask for by name
SINGLE = ("vorpal", "axe", "potion", "omni", "pact", "polymorph", "ring")
NADV, NTILE = 4, 6


@dataclass(frozen=True)
class Monster:
    name: str
    strength: int
    copies: int


@dataclass(frozen=True)
class Tile:
    name: str
    effect: str
    value: int = 0
    monster: int = -1  # for "slay": the monster kind it defeats


@dataclass(frozen=True)
class Adventurer:
    name: str
    base: int
    tiles: tuple[Tile, ...]


@dataclass(frozen=True)
class Comp:
    monsters: tuple[Monster, ...]
    adventurers: tuple[Adventurer, ...]
    illustrative: bool
    where: str

    # ---- tables the rules index
    @property
    def names(self) -> tuple[str, ...]:
        return tuple(m.name for m in self.monsters)

    @property
    def strength(self) -> tuple[int, ...]:
        return tuple(m.strength for m in self.monsters)

    @property
    def copies(self) -> tuple[int, ...]:
        return tuple(m.copies for m in self.monsters)

    @property
    def demon(self) -> int:
        return self.names.index("Demon")

    @property
    def adv_names(self) -> tuple[str, ...]:
        return tuple(a.name for a in self.adventurers)

    @property
    def base(self) -> tuple[int, ...]:
        return tuple(a.base for a in self.adventurers)

    @property
    def tile_names(self) -> tuple[str, ...]:
        """Every distinct tile name (Torch, Holy Grail and Healing Potion are shared)."""
        out: list[str] = []
        for a in self.adventurers:
            for t in a.tiles:
                if t.name not in out:
                    out.append(t.name)
        return tuple(out)

    def slot_of_name(self, name: str) -> tuple[int, ...]:
        """Per adventurer, the slot (0-5) of the tile with this name, or -1."""
        return tuple(next((i for i, t in enumerate(a.tiles) if t.name == name), -1) for a in self.adventurers)

    def slot_of_effect(self, effect: str) -> tuple[int, ...]:
        return tuple(next((i for i, t in enumerate(a.tiles) if t.effect == effect), -1) for a in self.adventurers)

    def bonus(self, adv: int, slot: int) -> int:
        t = self.adventurers[adv].tiles[slot]
        return t.value if t.effect == "hp" else 0

    def defeats(self, adv: int, slot: int, kind: int) -> bool:
        """The tile defeats every monster of this kind whenever it is met (not single-use,
        no choice): Torch, Holy Grail, Spear, Hammer, Cloak, Ring (§Équipement)."""
        t = self.adventurers[adv].tiles[slot]
        st = self.monsters[kind].strength
        return {
            "upto": st <= t.value,
            "ring": st <= t.value,
            "even": st % 2 == 0,
            "from": st >= t.value,
            "slay": kind == t.monster,
        }.get(t.effect, False)

    @property
    def ring_value(self) -> int:
        for a in self.adventurers:
            for t in a.tiles:
                if t.effect == "ring":
                    return t.value
        return 0

    def full_hp(self, adv: int) -> int:
        a = self.adventurers[adv]
        return a.base + sum(t.value for t in a.tiles if t.effect == "hp")


def _get(d: dict, key: str, kind: type, where: str):
    if key not in d:
        raise BadInput(f"{where}: {key}: missing")
    v = d[key]
    if type(v) is not kind:
        raise BadInput(f"{where}: {key}: expected {kind.__name__}, got {type(v).__name__}")
    return v


def load(comp_dir: Path | None = None) -> Comp:
    d = Path(comp_dir) if comp_dir is not None else HERE
    if not d.is_dir():
        raise BadInput(f"{d}: not a components directory")
    mt = read_toml(d / "monsters.toml")
    at = read_toml(d / "adventurers.toml")
    illustrative = bool(mt.get("illustrative", False)) or bool(at.get("illustrative", False))
    rows = mt.get("monster")
    if type(rows) is not list or not rows:
        raise BadInput("monsters.toml: monster: expected a list of [[monster]] tables")
    monsters = []
    for i, r in enumerate(rows):
        w = f"monsters.toml: monster[{i}]"
        name, st, cp = _get(r, "name", str, w), _get(r, "strength", int, w), _get(r, "copies", int, w)
        if st < 1:
            raise BadInput(f"{w}: strength: must be at least 1, got {st}")
        if cp < 1:
            raise BadInput(f"{w}: copies: must be at least 1, got {cp}")
        monsters.append(Monster(name, st, cp))
    names = [m.name for m in monsters]
    if len(set(names)) != len(names):
        raise BadInput("monsters.toml: monster: two monsters share a name")
    if "Demon" not in names:
        raise BadInput("monsters.toml: monster: the Demonic Pact needs a monster named 'Demon'")
    if len(monsters) != 8:
        raise BadInput(f"monsters.toml: monster: the rules are written for 8 monster types, got {len(monsters)}")
    rows = at.get("adventurer")
    if type(rows) is not list or len(rows) != NADV:
        raise BadInput(f"adventurers.toml: adventurer: expected {NADV} [[adventurer]] tables")
    advs = []
    for i, r in enumerate(rows):
        w = f"adventurers.toml: adventurer[{i}]"
        name, base = _get(r, "name", str, w), _get(r, "base", int, w)
        trows = _get(r, "tiles", list, w)
        if len(trows) != NTILE:
            raise BadInput(f"{w}: tiles: expected {NTILE} equipment tiles, got {len(trows)}")
        tiles = []
        for j, t in enumerate(trows):
            tw = f"{w}: tiles[{j}]"
            if type(t) is not dict:
                raise BadInput(f"{tw}: expected a table")
            tn, eff = _get(t, "name", str, tw), _get(t, "effect", str, tw)
            if eff not in EFFECTS:
                raise BadInput(f"{tw}: effect: unknown effect {eff!r} (known: {', '.join(EFFECTS)})")
            val, mon = 0, -1
            if eff in ("hp", "upto", "from", "ring"):
                val = _get(t, "value", int, tw)
            if eff == "slay":
                mn = _get(t, "monster", str, tw)
                if mn not in names:
                    raise BadInput(f"{tw}: monster: unknown monster {mn!r}")
                mon = names.index(mn)
            tiles.append(Tile(tn, eff, val, mon))
        effs = [t.effect for t in tiles]
        for e in SINGLE:
            if effs.count(e) > 1:
                raise BadInput(f"{w}: tiles: two tiles with the effect {e!r}")
        if len({t.name for t in tiles}) != NTILE:
            raise BadInput(f"{w}: tiles: two tiles share a name")
        advs.append(Adventurer(name, base, tuple(tiles)))
    if len({a.name for a in advs}) != NADV:
        raise BadInput("adventurers.toml: adventurer: two adventurers share a name")
    return Comp(tuple(monsters), tuple(advs), illustrative, str(d))


def data_checks(cfg) -> list[DataCheck]:
    """The numbers the rulebook and the facts give, checked against the loaded tables."""
    c: Comp = cfg.comp
    n = sum(c.copies)
    out = [
        DataCheck("§Monstres", "the monster deck holds 13 cards", n == 13, f"{n} cards"),
        DataCheck("§Matériel", "24 equipment tiles, six per adventurer",
                  sum(len(a.tiles) for a in c.adventurers) == 24, f"{sum(len(a.tiles) for a in c.adventurers)} tiles"),
        DataCheck("§Matériel", "4 adventurer tiles", len(c.adventurers) == 4, f"{len(c.adventurers)} adventurers"),
    ]
    for i, a in enumerate(c.adventurers):
        out.append(DataCheck("§Équipement", f"{a.name}: base HP plus every HP bonus is 11 (facts)",
                             c.full_hp(i) == 11, f"{a.base} + bonuses = {c.full_hp(i)}", source="faits"))
    st = sorted(s for m in c.monsters for s in [m.strength] * m.copies)
    out.append(DataCheck("§Monstres", "strengths 1,1,2,2,3,3,4,4,5,5,6,7,9 (sum 52, facts)", sum(st) == 52,
                         f"sum {sum(st)}: {st}", source="faits"))
    return out
