"""Components as data: components/monsters.toml and components/adventurers.toml, loaded
into frozen records and validated by the kernel's component reader (kernel/components.py): every error is a
`BadInput("file.toml: table[row].key: what")`.

The rules read the tables below (`Comp`); every table a rule indexes by a state value is a
tuple over monster kinds (8) or adventurers (4), so that `Lookup` works on z3 terms too.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from referee.model.kernel import DataCheck
from referee.model.kernel.components import (
    Bool, Field, Int, Row, Rows, Str, Table, cached, components_dir, read,
)

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


# ---------------------------------------------------------------- the files, declared once
MAX_STRENGTH = 20  # the model's bound on a monster's strength and on HP (the text gives none)
MONSTER = Rows(Table((
    Field("name", Str()),
    Field("strength", Int(1, MAX_STRENGTH, "§Monstres: a monster costs at least 1 HP")),
    Field("copies", Int(1, 13, "§Monstres: 1 to 13 of the 13 cards")),
)), lo=8, hi=8, cite="§Monstres: the rules are written for 8 monster types")
MONSTERS = Table((Field("illustrative", Bool(), False), Field("monster", MONSTER)))
TILE = Rows(Table((
    Field("name", Str()),
    Field("effect", Str(EFFECTS, "§Équipement")),
    Field("value", Int(1, MAX_STRENGTH, "§Équipement"), None),
    Field("monster", Str(), None),
)), lo=NTILE, hi=NTILE, cite="§Matériel: six equipment tiles per adventurer")
ADVENTURERS = Table((Field("illustrative", Bool(), False), Field("adventurer", Rows(Table((
    Field("name", Str()),
    Field("base", Int(1, MAX_STRENGTH, "§Matériel: the printed HP")),
    Field("tiles", TILE),
)), lo=NADV, hi=NADV, cite="§Matériel: 4 adventurer tiles"))))
VALUED = ("hp", "upto", "from", "ring")  # the effects that read `value`


def _tile(t: Row, names: list[str]) -> Tile:
    for key, used in (("value", t.effect in VALUED), ("monster", t.effect == "slay")):
        if used and not t.given(key):
            t.fail(key, f"missing: a tile with the effect {t.effect!r} gives its {key}", "§Équipement")
        if not used and t.given(key):
            t.fail(key, f"unused: a tile with the effect {t.effect!r} has no {key}", "§Équipement")
    mon = -1
    if t.effect == "slay":
        if t.monster not in names:
            t.fail("monster", f"unknown monster {t.monster!r} (monsters.toml names {', '.join(names)})", "§Équipement")
        mon = names.index(t.monster)
    return Tile(t.name, t.effect, t.value or 0, mon)


@cached(("monsters.toml", "adventurers.toml"))
def load(comp_dir: Path | None = None) -> Comp:
    d = components_dir(comp_dir, HERE)
    mt, at = read(d / "monsters.toml", MONSTERS), read(d / "adventurers.toml", ADVENTURERS)
    monsters = tuple(Monster(r.name, r.strength, r.copies) for r in mt.monster)
    names = [m.name for m in monsters]
    if "Demon" not in names:
        mt.fail("monster", "the Demonic Pact needs a monster named 'Demon'", "§Équipement")
    advs = []
    for a in at.adventurer:
        tiles = tuple(_tile(t, names) for t in a.tiles)
        effs = [t.effect for t in tiles]
        for e in SINGLE:
            if effs.count(e) > 1:
                j = [i for i, x in enumerate(effs) if x == e][1]
                a.tiles[j].fail("effect", f"a second tile with the effect {e!r} (one per adventurer)", "§Équipement")
        advs.append(Adventurer(a.name, a.base, tiles))
    return Comp(monsters, tuple(advs), mt.illustrative or at.illustrative, str(d))


def data_checks(cfg) -> list[DataCheck]:
    """The numbers the rulebook and the facts give, checked against the loaded tables."""
    c: Comp = cfg.comp
    n = sum(c.copies)
    out = [
        DataCheck("§Monstres", "the monster deck holds 13 cards", n == 13, f"{n} cards", name="monster_deck_holds"),
        DataCheck("§Matériel", "24 equipment tiles, six per adventurer",
                  sum(len(a.tiles) for a in c.adventurers) == 24, f"{sum(len(a.tiles) for a in c.adventurers)} tiles", name="24_equipment_tiles"),
        DataCheck("§Matériel", "4 adventurer tiles", len(c.adventurers) == 4, f"{len(c.adventurers)} adventurers", name="4_adventurer_tiles"),
    ]
    for i, a in enumerate(c.adventurers):
        out.append(DataCheck("§Équipement", f"{a.name}: base HP plus every HP bonus is 11 (facts)",
                             c.full_hp(i) == 11, f"{a.base} + bonuses = {c.full_hp(i)}", source="faits", name=f"hp_total_{a.name.lower()}"))
    st = sorted(s for m in c.monsters for s in [m.strength] * m.copies)
    out.append(DataCheck("§Monstres", "strengths 1,1,2,2,3,3,4,4,5,5,6,7,9 (sum 52, facts)", sum(st) == 52,
                         f"sum {sum(st)}: {st}", source="faits", name="monster_strengths"))
    return out
