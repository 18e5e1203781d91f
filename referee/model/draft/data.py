"""Components as data: the draft cards (heroes, weapons, monsters) and the quests, read from
components/cards.toml (or `--components DIR`/cards.toml) into frozen records and validated
against what the text says about them (§Jouer des cartes, §Icônes de classe, §Monstres,
§Quêtes). Every error is a located BadInput("cards.toml: card[3].cost: ...")."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..kernel import BadInput, DataCheck
from ..kernel.inputs import read_toml

HERE = Path(__file__).parent / "components"
FILE = "cards.toml"
MAX_KINDS = 14  # capacity of the state (kinds of draft card); see docs/draft.md
MAX_QUESTS = 6  # kinds of quest card
SEATS = 5  # 2 to 5 players (§Intro): the state has five seats
HAND = 7  # §Mise en place: a hand of 7 cards each round
ROUNDS = 4  # §Intro, §Fin de manche
QUESTS_DEALT, QUESTS_KEPT = 5, 3  # §Mise en place
GAINS = ("gold", "xp", "attack")
FACTS_DRAFT, FACTS_QUESTS = 173, 25  # facts/dungeon-draft.md: the published game


@dataclass(frozen=True)
class Ability:
    """An effect: gain `amount` gold / XP / attack for the round, times the number of cards
    of class `per` you control if `per` is set, only if you control `if_count` cards of
    `if_class` when `if_class` is set."""

    gain: str
    amount: int
    per: int | None = None  # class index
    if_class: int | None = None
    if_count: int = 0


@dataclass(frozen=True)
class Card:
    name: str
    type: str  # "hero" | "weapon" | "monster"
    cls: int | None  # class index (heroes and weapons)
    cost: int  # gold (heroes, weapons) or attack (monsters), top left of the card
    attack: int
    gold: int  # production (heroes, weapons) or reward (monsters)
    xp: int
    count: int
    ability: Ability | None  # when played (heroes, weapons) or the text box (monsters)


@dataclass(frozen=True)
class Quest:
    name: str
    needs: tuple[int, ...]  # cards of each class required
    xp: int
    attack: int  # lasting: every round
    gold: int  # lasting production
    count: int


@dataclass(frozen=True)
class Components:
    classes: tuple[str, ...]
    cards: tuple[Card, ...]
    quests: tuple[Quest, ...]
    gold_supply: int
    illustrative: bool
    path: str

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.cards)

    @property
    def quest_names(self) -> tuple[str, ...]:
        return tuple(q.name for q in self.quests)

    def deck(self) -> tuple[int, ...]:
        return pad(tuple(c.count for c in self.cards), MAX_KINDS)

    def quest_deck(self) -> tuple[int, ...]:
        return pad(tuple(q.count for q in self.quests), MAX_QUESTS)


def pad(xs: tuple, n: int) -> tuple:
    return tuple(xs) + (0,) * (n - len(xs))


def _int(where: str, d: dict, key: str, default: int | None = 0, lo: int = 0) -> int:
    v = d.get(key, default)
    if v is None:
        raise BadInput(f"{where}.{key}: missing")
    if type(v) is not int or v < lo:
        raise BadInput(f"{where}.{key}: expected a whole number >= {lo}, got {v!r}")
    return v


def _cls(where: str, classes: tuple[str, ...], v) -> int:
    if v not in classes:
        raise BadInput(f"{where}: unknown class {v!r} (classes: {', '.join(classes)})")
    return classes.index(v)


def _ability(where: str, d, classes: tuple[str, ...], monster: bool) -> Ability:
    if type(d) is not dict:
        raise BadInput(f"{where}: expected a table")
    extra = set(d) - {"gain", "amount", "per", "if_class", "if_count"}
    if extra:
        raise BadInput(f"{where}.{sorted(extra)[0]}: unknown key")
    gain = d.get("gain")
    if gain not in GAINS:
        raise BadInput(f"{where}.gain: expected one of {', '.join(GAINS)}, got {gain!r}")
    per = _cls(f"{where}.per", classes, d["per"]) if "per" in d else None
    if per is not None and not monster:
        raise BadInput(f"{where}.per: only a monster's text counts cards per class in this model")
    if ("if_class" in d) != ("if_count" in d):
        raise BadInput(f"{where}: if_class and if_count go together")
    ic = _cls(f"{where}.if_class", classes, d["if_class"]) if "if_class" in d else None
    return Ability(gain, _int(where, d, "amount", None, 1), per, ic,
                   _int(where, d, "if_count", 0, 1) if ic is not None else 0)


def load(comp_dir: Path | None = None) -> Components:
    base = Path(comp_dir) if comp_dir is not None else HERE
    path = base / FILE
    raw = read_toml(path)
    extra = set(raw) - {"illustrative", "classes", "gold_supply", "card", "quest", "note"}
    if extra:
        raise BadInput(f"{FILE}: {sorted(extra)[0]}: unknown key")
    classes = raw.get("classes")
    if type(classes) is not list or not classes or not all(type(c) is str for c in classes):
        raise BadInput(f"{FILE}: classes: expected a list of class names")
    classes = tuple(classes)
    if len(set(classes)) != len(classes):
        raise BadInput(f"{FILE}: classes: a class is named twice")
    illustrative = raw.get("illustrative", False)
    if type(illustrative) is not bool:
        raise BadInput(f"{FILE}: illustrative: expected true or false")
    supply = _int(FILE, raw, "gold_supply", None, 0)
    cards = []
    rows = raw.get("card")
    if type(rows) is not list or not rows:
        raise BadInput(f"{FILE}: card: expected [[card]] tables")
    if len(rows) > MAX_KINDS:
        raise BadInput(f"{FILE}: card: at most {MAX_KINDS} kinds of draft card (the model's capacity), got {len(rows)}")
    for i, d in enumerate(rows):
        where = f"{FILE}: card[{i}]"
        extra = set(d) - {"name", "type", "class", "cost", "attack", "gold", "xp", "count", "ability", "text"}
        if extra:
            raise BadInput(f"{where}.{sorted(extra)[0]}: unknown key")
        name = d.get("name")
        if type(name) is not str or not name:
            raise BadInput(f"{where}.name: expected a name")
        typ = d.get("type")
        if typ not in ("hero", "weapon", "monster"):
            raise BadInput(f"{where}.type: expected hero, weapon or monster, got {typ!r}")
        monster = typ == "monster"
        if monster and "class" in d:
            raise BadInput(f"{where}.class: a monster has no class")
        if not monster and "class" not in d:
            raise BadInput(f"{where}.class: every hero and weapon has a class (§Icônes de classe)")
        if monster and "ability" in d:
            raise BadInput(f"{where}.ability: a monster's effect is its text (key text)")
        if not monster and "text" in d:
            raise BadInput(f"{where}.text: heroes and weapons have an ability (key ability)")
        box = d.get("text") if monster else d.get("ability")
        cards.append(Card(
            name, typ, None if monster else _cls(f"{where}.class", classes, d["class"]),
            _int(where, d, "cost", None, 0), _int(where, d, "attack"), _int(where, d, "gold"),
            _int(where, d, "xp"), _int(where, d, "count", None, 1),
            None if box is None else _ability(f"{where}.{'text' if monster else 'ability'}", box, classes, monster),
        ))
    quests = []
    rows = raw.get("quest")
    if type(rows) is not list or not rows:
        raise BadInput(f"{FILE}: quest: expected [[quest]] tables")
    if len(rows) > MAX_QUESTS:
        raise BadInput(f"{FILE}: quest: at most {MAX_QUESTS} kinds of quest (the model's capacity), got {len(rows)}")
    for i, d in enumerate(rows):
        where = f"{FILE}: quest[{i}]"
        extra = set(d) - {"name", "needs", "xp", "attack", "gold", "count"}
        if extra:
            raise BadInput(f"{where}.{sorted(extra)[0]}: unknown key")
        name = d.get("name")
        if type(name) is not str or not name:
            raise BadInput(f"{where}.name: expected a name")
        needs = d.get("needs")
        if type(needs) is not dict or not needs:
            raise BadInput(f"{where}.needs: a quest requires heroes and weapons of some class (§Quêtes)")
        req = [0] * len(classes)
        for c, k in needs.items():
            req[_cls(f"{where}.needs", classes, c)] = _int(f"{where}.needs", needs, c, None, 1)
        quests.append(Quest(name, tuple(req), _int(where, d, "xp"), _int(where, d, "attack"),
                            _int(where, d, "gold"), _int(where, d, "count", None, 1)))
    for what, names in (("card", [c.name for c in cards]), ("quest", [q.name for q in quests])):
        dup = {n for n in names if names.count(n) > 1}
        if dup:
            raise BadInput(f"{FILE}: {what}: the name {sorted(dup)[0]!r} is used twice")
    return Components(classes, tuple(cards), tuple(quests), supply, illustrative, str(path))


def data_checks(cfg) -> list[DataCheck]:
    comp: Components = cfg.comp
    n = cfg.extra.get("nplayers", 2)
    deck = sum(c.count for c in comp.cards)
    qdeck = sum(q.count for q in comp.quests)
    need_deck = ROUNDS * SEATS * HAND
    per_class = [sum(c.count for c in comp.cards if c.cls == k) for k in range(len(comp.classes))]
    return [
        DataCheck("§Mise en place", f"the draft deck deals {ROUNDS} rounds of {HAND} cards to 5 players "
                  f"({need_deck} cards) without running out", deck >= need_deck, f"{deck} draft cards"),
        DataCheck("§Mise en place", f"the quest deck deals {QUESTS_DEALT} quests to each of 5 players",
                  qdeck >= SEATS * QUESTS_DEALT, f"{qdeck} quests"),
        DataCheck("§Intro", f"the game has {FACTS_DRAFT} draft cards and {FACTS_QUESTS} quests (facts file)",
                  (deck, qdeck) == (FACTS_DRAFT, FACTS_QUESTS), f"{deck} draft cards, {qdeck} quests"),
        DataCheck("§Icônes de classe", "every class has heroes or weapons",
                  all(x > 0 for x in per_class), ", ".join(f"{c} {x}" for c, x in zip(comp.classes, per_class))),
        DataCheck("§Monstres", "there are monsters to defeat",
                  any(c.type == "monster" for c in comp.cards), f"{sum(c.count for c in comp.cards if c.type == 'monster')} monsters"),
        DataCheck("§Quêtes", "every quest's requirement can be met by the cards",
                  all(all(r <= x for r, x in zip(q.needs, per_class)) for q in comp.quests), "requirements vs cards per class"),
        DataCheck("§Fin de tour", f"the gold reserve covers the starting gold of {n} players",
                  comp.gold_supply >= n * int(cfg.opt("gold")), f"{comp.gold_supply} gold tokens (illustrative: the text gives none)"),
    ]
