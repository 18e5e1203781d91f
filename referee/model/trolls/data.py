"""Components as data: the decks (cards.toml) and the figures and scenario (figures.toml).

Cards are not illustrative (§Intro, §Cartes spéciales give every number); figure profiles
and the scenario are (the text gives no table): see docs/trolls.md.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..kernel import DataCheck
from ..kernel.components import Bool, Field, Int, List, Loc, Named, Rows, Str, Table, cached, components_dir, read
from ..kernel.inputs import shown
from ..kernel.rules import kind_of

HERE = Path(__file__).parent / "components"
FACTIONS = ("Humains", "Trolls", "Dragons")  # players[0], [1], [2] (§Intro)
NF = 6  # figure slots of the state
NO = 2  # objective slots of the state
NK = 6  # card values: as, 3, 5, 7, 9, joker
WEAPONS = ("none", "light", "heavy")


# Lengths are exact, in inches. Every measure the text gives is a whole number of inches
# (Mvt 2" and 3", the 3" group circle: §Actions/Mouvement, §Actions/Charge, §Groupe/2), so a
# whole length is a Python int: int arithmetic is exact and ~70x cheaper than Fraction's,
# and mixes with it exactly. A length the text's measures do not make whole (a log's "3/2",
# half a sum of bases, a recoil along a diagonal) stays an exact Fraction; no length is ever
# a float (see `exact` and `half`, and docs/trolls.md "Lengths").
Inches = int | Fraction


def exact(x: Inches) -> Inches:
    """x as an int when it is whole (an int stays an int), else the Fraction itself."""
    return x if type(x) is int else (x.numerator if x.denominator == 1 else x)


def half(x: Any) -> Any:
    """x / 2, exactly: an int when x is an even int (`/` on two ints would make a float);
    a symbolic x (a z3 Real) is divided as it is."""
    if type(x) is int:
        return x // 2 if x % 2 == 0 else Fraction(x, 2)
    return exact(x / 2) if type(x) is Fraction else x / 2


# A length written as a string, as the log's schema gives it (trolls/state.py): ASCII digits,
# a fraction or a decimal; never an exponent ("1e400" is a 401-digit number that Fraction
# would read and later arithmetic choke on), a sign "+", spaces, "_" or other scripts' digits.
LENGTH_PATTERN = r"^-?[0-9]+(/[0-9]+|\.[0-9]+)?$"
LENGTH_MAX = 40  # characters: no measure of the table is longer, and Fraction's cost grows with it
_LENGTH = re.compile(LENGTH_PATTERN)


def parse_length(v: Any) -> tuple[Inches | None, str]:
    """(the exact length, "") or (None, why it is not one): a whole number (an int), or a string
    "a/b" or "1.5" matching LENGTH_PATTERN, at most LENGTH_MAX characters (an int when whole, else
    a Fraction)."""
    if type(v) is int:
        return v, ""
    if type(v) is str and _LENGTH.fullmatch(v):
        if len(v) > LENGTH_MAX:
            return None, f"a length is at most {LENGTH_MAX} characters long, got {len(v)}"
        try:
            return exact(Fraction(v)), ""
        except ZeroDivisionError:
            return None, f"{shown(v)} divides by 0"
    return None, f"expected a whole number or a string like \"3/2\", got {shown(v) if type(v) is str else kind_of(v)}"


def length(v: Any, at: Loc | str) -> Inches:
    """An exact length in inches (parse_length), else a BadInput at `at`, a component file's
    location or a log's field."""
    x, why = parse_length(v)
    if why:
        (Loc(at) if isinstance(at, str) else at).fail(why)
    return x


def as_json(x: Inches) -> Any:
    return int(x) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


@dataclass(frozen=True)
class Profile:
    name: str
    faction: int
    mvt: Inches
    tir: int
    cbt: int
    pdv: int
    base: Inches
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
    size: Inches
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


@dataclass(frozen=True)
class Length:
    """A component kind: an exact length in inches from lo to hi (`positive`: above lo)."""
    lo: int
    hi: int
    positive: bool = False
    cite: str = ""

    def read(self, v: Any, at: Loc) -> Inches:
        x = length(v, at)
        if x > self.hi or x < self.lo or (self.positive and x == self.lo):
            low = f"above {self.lo}" if self.positive else f"from {self.lo}"
            at.fail(f"expected a length {low} to {self.hi} inches, got {as_json(x)}", self.cite)
        return x


# ---------------------------------------------------------------- the files, declared once
MAX_LEN = 100  # inches: the model's bound on a position (the text gives no table size)
POINT = List(Length(-MAX_LEN, MAX_LEN), 2, 2, "a point [x, y] in inches")
CARDS = Table((
    Field("illustrative", Bool(), False),
    Field("copies", Int(1, 12, "§Intro: a deck is 12 cards")),
    Field("card", Rows(Table((
        Field("name", Str()),
        Field("value", Int(0, 11, "§Cartes spéciales: the ace is worth 11 at most")),
        Field("dragon", Int(0, 11, "§Cartes spéciales"), None),
        Field("joker", Bool(), False),
    )), lo=NK, hi=NK, cite="§Intro: as, 3, 5, 7, 9 and joker")),
))
FIGURES = Table((
    Field("illustrative", Bool(), False),
    Field("profile", Named(Table((
        Field("faction", Int(0, 2, "§Intro: 0 Humains, 1 Trolls, 2 Dragons")),
        Field("mvt", Length(0, 12, True, "§Actions/Mouvement")),
        Field("tir", Int(0, 9, "§Actions/Tir")),
        Field("cbt", Int(0, 9, "§Actions/Tir")),
        Field("pdv", Int(1, 99, "§Actions/Tir: a figure has at least 1 PdV")),
        Field("base", Length(0, 12, True)),
        Field("weapon", Str(WEAPONS, "§Actions/Tir")),
    )), lo=1, hi=NF)),
    Field("figure", Rows(Table((
        Field("name", Str()),
        Field("profile", Str()),
        Field("pos", POINT),
        Field("face", POINT),
    )), lo=NF, hi=NF, cite=f"the model has {NF} figure slots")),
    Field("objective", Rows(Table((
        Field("name", Str()),
        Field("pos", POINT),
        Field("size", Length(0, 12, True)),
        Field("structure", Int(1, 99, "§Actions/Destruction: at least 1 structure point")),
        Field("points", Int(0, 99, "§Intro")),
    )), lo=NO, hi=NO, cite=f"the model has {NO} objective slots")),
))


@cached(("cards.toml", "figures.toml"))
def load(comp_dir: Path | None = None) -> Comp:
    d = components_dir(comp_dir, HERE)
    cards, ft = read(d / "cards.toml", CARDS), read(d / "figures.toml", FIGURES)
    kinds = tuple(r.name for r in cards.card)
    plain = tuple(r.value for r in cards.card)
    values = (plain, plain, tuple(r.value if r.dragon is None else r.dragon for r in cards.card))
    jokers = [i for i, r in enumerate(cards.card) if r.joker]
    if not jokers:
        cards.fail("card", "no card has joker = true", "§Joker")
    if len(jokers) > 1:
        cards.card[jokers[1]].fail("joker", "a second joker (one card value is the joker)", "§Joker")
    profiles = {name: Profile(name, p.faction, p.mvt, p.tir, p.cbt, p.pdv, p.base, p.weapon)
                for name, p in ft.profile.items()}
    figs = []
    for f in ft.figure:
        prof = profiles.get(f.profile)
        if prof is None:
            f.fail("profile", f"unknown profile {f.profile!r} (profiles: {', '.join(profiles)})")
        if f.face == (0, 0):
            f.fail("face", "a facing needs a nonzero direction")
        figs.append(Figure(f.name, prof.faction, prof, f.pos, f.face))
    objs = tuple(Objective(o.name, o.pos, o.size, o.structure, o.points) for o in ft.objective)
    return Comp(kinds, values, jokers[0], cards.copies, tuple(profiles.values()), tuple(figs), objs,
                cards.illustrative, ft.illustrative)


def data_checks(cfg) -> list[DataCheck]:
    c: Comp = cfg.comp
    out = []

    def chk(cite, says, ok, detail, name):
        out.append(DataCheck(cite, says, bool(ok), detail, name=name))

    chk("§Intro", "a deck is 12 cards", c.copies * len(c.kinds) == 12, f"{c.copies} x {len(c.kinds)} cards", name="deck_12_cards")
    chk("§Intro", "the values are as, 3, 5, 7, 9 and joker", c.kinds == ("as", "3", "5", "7", "9", "joker"), ", ".join(c.kinds), name="card_values")
    chk("§Cartes spéciales", "the ace is worth 1 to the Humans and the Trolls, 11 to the Dragons",
        (c.values[0][0], c.values[1][0], c.values[2][0]) == (1, 1, 11), str([v[0] for v in c.values]), name="ace_worth_1")
    chk("§Cartes spéciales", "the joker is worth no point", all(v[c.joker] == 0 for v in c.values), str([v[c.joker] for v in c.values]), name="joker_worth_point")
    chk("§Mise", "the other cards are worth their face value",
        all(v[i] == int(c.kinds[i]) for v in c.values for i in range(1, 5)), "3, 5, 7, 9", name="other_cards_worth")
    hum = [p for p in c.profiles if p.faction == 0]
    chk("§Actions/Mouvement", "Humans have Mvt 2\"", all(p.mvt == 2 for p in hum), str([str(p.mvt) for p in hum]), name="humans_mvt_2")
    drg = [p for p in c.profiles if p.faction == 2]
    chk("§Actions/Charge", "a Dragon has Mvt 3\"", all(p.mvt == 3 for p in drg), str([str(p.mvt) for p in drg]), name="dragon_mvt_3")
    heavy = [p for p in c.profiles if p.weapon == "heavy"]
    chk("§Actions/Tir", "a heavy weapon gives Tir +2", heavy and all(p.tir == 2 for p in heavy), str([p.tir for p in heavy]), name="heavy_weapon_gives")
    trl = [p for p in c.profiles if p.faction == 1]
    chk("§Actions/Tir", "a Troll has Cbt 1", all(p.cbt == 1 for p in trl), str([p.cbt for p in trl]), name="troll_cbt_1")
    chk("§Actions/Charge", "Trolls and Dragons have no shooting weapon",
        all(p.weapon == "none" for p in trl + drg), str([p.weapon for p in trl + drg]), name="trolls_dragons_shooting")
    return out
