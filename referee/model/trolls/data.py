"""Components as data: the decks (cards.toml) and the figures and scenario (figures.toml).

Cards are not illustrative (§Intro, §Cartes spéciales give every number); figure profiles
and the scenario are (the text gives no table): see docs/trolls.md.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..kernel import BadInput, DataCheck
from ..kernel.inputs import read_toml

HERE = Path(__file__).parent / "components"
FACTIONS = ("Humains", "Trolls", "Dragons")  # players[0], [1], [2] (§Intro)
NF = 6  # figure slots of the state
NO = 2  # objective slots of the state
NK = 6  # card values: as, 3, 5, 7, 9, joker
WEAPONS = ("none", "light", "heavy")


def length(v: Any, where: str) -> Fraction:
    """An exact length in inches: a whole number, or a string "a/b" or "1.5"."""
    if type(v) is int:
        return Fraction(v)
    if type(v) is str:
        try:
            return Fraction(v.strip())
        except (ValueError, ZeroDivisionError):
            pass
    raise BadInput(f"{where}: expected a whole number or a string like \"3/2\", got {v!r}")


def as_json(x: Fraction) -> Any:
    return int(x) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


@dataclass(frozen=True)
class Profile:
    name: str
    faction: int
    mvt: Fraction
    tir: int
    cbt: int
    pdv: int
    base: Fraction
    weapon: str


@dataclass(frozen=True)
class Figure:
    name: str
    owner: int
    prof: Profile
    pos: tuple
    face: tuple


@dataclass(frozen=True)
class Objective:
    name: str
    pos: tuple
    size: Fraction
    structure: int
    points: int


@dataclass(frozen=True)
class Comp:
    kinds: tuple  # card names
    values: tuple  # values[faction][kind]
    joker: int  # index of the joker
    copies: int
    profiles: tuple
    figs: tuple
    objs: tuple
    cards_illustrative: bool
    figures_illustrative: bool

    @property
    def fig_names(self) -> tuple:
        return tuple(f.name for f in self.figs)

    @property
    def obj_names(self) -> tuple:
        return tuple(o.name for o in self.objs)


def _int(d: dict, key: str, where: str, lo: int = 0) -> int:
    v = d.get(key)
    if type(v) is not int or v < lo:
        raise BadInput(f"{where}: {key}: expected a whole number >= {lo}, got {v!r}")
    return v


def _point(v: Any, where: str) -> tuple:
    if type(v) is not list or len(v) != 2:
        raise BadInput(f"{where}: expected a point [x, y], got {v!r}")
    return (length(v[0], where), length(v[1], where))


def load(comp_dir: Path | None) -> Comp:
    d = comp_dir or HERE
    cards = read_toml(d / "cards.toml")
    rows = cards.get("card")
    if type(rows) is not list or len(rows) != NK:
        raise BadInput(f"cards.toml: card: expected {NK} card values, got {len(rows) if type(rows) is list else rows!r}")
    kinds, values, joker = [], [[], [], []], None
    for i, r in enumerate(rows):
        w = f"cards.toml: card[{i}]"
        if type(r.get("name")) is not str:
            raise BadInput(f"{w}: name: expected a string")
        kinds.append(r["name"])
        v = _int(r, "value", w)
        values[0].append(v)
        values[1].append(v)
        values[2].append(_int(r, "dragon", w) if "dragon" in r else v)
        if r.get("joker") is True:
            joker = i
    if joker is None:
        raise BadInput("cards.toml: card: no card has joker = true")
    copies = _int(cards, "copies", "cards.toml", 1)

    figs_t = read_toml(d / "figures.toml")
    profiles = {}
    for name, p in (figs_t.get("profile") or {}).items():
        w = f"figures.toml: profile.{name}"
        fac = _int(p, "faction", w)
        if fac > 2:
            raise BadInput(f"{w}: faction: 0 (Humains), 1 (Trolls) or 2 (Dragons), got {fac}")
        if p.get("weapon") not in WEAPONS:
            raise BadInput(f"{w}: weapon: one of {', '.join(WEAPONS)}, got {p.get('weapon')!r}")
        mvt, base = length(p.get("mvt"), f"{w}: mvt"), length(p.get("base"), f"{w}: base")
        if mvt <= 0 or base <= 0:
            raise BadInput(f"{w}: mvt and base must be positive")
        profiles[name] = Profile(name, fac, mvt, _int(p, "tir", w), _int(p, "cbt", w), _int(p, "pdv", w, 1), base, p["weapon"])
    figs = []
    for i, f in enumerate(figs_t.get("figure") or []):
        w = f"figures.toml: figure[{i}]"
        prof = profiles.get(f.get("profile"))
        if prof is None:
            raise BadInput(f"{w}: profile: unknown profile {f.get('profile')!r}")
        face = _point(f.get("face"), f"{w}: face")
        if face == (0, 0):
            raise BadInput(f"{w}: face: a facing needs a nonzero direction")
        if type(f.get("name")) is not str:
            raise BadInput(f"{w}: name: expected a string")
        figs.append(Figure(f["name"], prof.faction, prof, _point(f.get("pos"), f"{w}: pos"), face))
    if len(figs) != NF:
        raise BadInput(f"figures.toml: figure: the model has {NF} figure slots, the file gives {len(figs)}")
    if len({f.name for f in figs}) != NF:
        raise BadInput("figures.toml: figure: two figures share a name")
    objs = []
    for i, o in enumerate(figs_t.get("objective") or []):
        w = f"figures.toml: objective[{i}]"
        objs.append(Objective(str(o.get("name")), _point(o.get("pos"), f"{w}: pos"), length(o.get("size"), f"{w}: size"),
                              _int(o, "structure", w, 1), _int(o, "points", w)))
    if len(objs) != NO:
        raise BadInput(f"figures.toml: objective: the model has {NO} objective slots, the file gives {len(objs)}")
    return Comp(tuple(kinds), tuple(tuple(v) for v in values), joker, copies, tuple(profiles.values()),
                tuple(figs), tuple(objs), bool(cards.get("illustrative", False)), bool(figs_t.get("illustrative", False)))


def data_checks(cfg) -> list[DataCheck]:
    c: Comp = cfg.comp
    out = []

    def chk(cite, says, ok, detail):
        out.append(DataCheck(cite, says, bool(ok), detail))

    chk("§Intro", "a deck is 12 cards", c.copies * len(c.kinds) == 12, f"{c.copies} x {len(c.kinds)} cards")
    chk("§Intro", "the values are as, 3, 5, 7, 9 and joker", c.kinds == ("as", "3", "5", "7", "9", "joker"), ", ".join(c.kinds))
    chk("§Cartes spéciales", "the ace is worth 1 to the Humans and the Trolls, 11 to the Dragons",
        (c.values[0][0], c.values[1][0], c.values[2][0]) == (1, 1, 11), str([v[0] for v in c.values]))
    chk("§Cartes spéciales", "the joker is worth no point", all(v[c.joker] == 0 for v in c.values), str([v[c.joker] for v in c.values]))
    chk("§Mise", "the other cards are worth their face value",
        all(v[i] == int(c.kinds[i]) for v in c.values for i in range(1, 5)), "3, 5, 7, 9")
    hum = [p for p in c.profiles if p.faction == 0]
    chk("§Actions/Mouvement", "Humans have Mvt 2\"", all(p.mvt == 2 for p in hum), str([str(p.mvt) for p in hum]))
    drg = [p for p in c.profiles if p.faction == 2]
    chk("§Actions/Charge", "a Dragon has Mvt 3\"", all(p.mvt == 3 for p in drg), str([str(p.mvt) for p in drg]))
    heavy = [p for p in c.profiles if p.weapon == "heavy"]
    chk("§Actions/Tir", "a heavy weapon gives Tir +2", heavy and all(p.tir == 2 for p in heavy), str([p.tir for p in heavy]))
    trl = [p for p in c.profiles if p.faction == 1]
    chk("§Actions/Tir", "a Troll has Cbt 1", all(p.cbt == 1 for p in trl), str([p.cbt for p in trl]))
    chk("§Actions/Charge", "Trolls and Dragons have no shooting weapon",
        all(p.weapon == "none" for p in trl + drg), str([p.weapon for p in trl + drg]))
    return out
