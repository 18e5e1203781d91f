"""Components as data: the draft cards (heroes, weapons, monsters) and the quests, read from
components/cards.toml (or `--components DIR`/cards.toml) into frozen records and validated
against what the text says about them (§Jouer des cartes, §Icônes de classe, §Monstres,
§Quêtes) by the kernel's component reader. Every error is a located
BadInput("cards.toml: card[3].cost: ...")."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..kernel import DataCheck
from ..kernel.components import Bool, Field, Int, List, Row, Rows, Str, Table, cached, components_dir, read

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


# ---------------------------------------------------------------- the file, declared once
MAX_NUMBER = 99  # the model's bound on a printed number (the text gives none)
OWNED = ROUNDS * HAND  # the most cards one player can control (§Mise en place)
NUMBER = Int(0, MAX_NUMBER, "§Jouer des cartes: a printed number")
ABILITY = Table((
    Field("gain", Str(GAINS, "§Jouer des cartes")),
    Field("amount", Int(1, MAX_NUMBER, "§Jouer des cartes: an ability gains at least 1")),
    Field("per", Str(), None),
    Field("if_class", Str(), None),
    Field("if_count", Int(1, OWNED, f"§Icônes de classe: 1 to the {OWNED} cards a player can control"), None),
))
CARDS = Table((
    Field("illustrative", Bool(), False),
    Field("note", Str(), None),
    Field("classes", List(Str(), 1, MAX_KINDS, "§Icônes de classe", unique=True)),
    Field("gold_supply", Int(0, 9999, "§Fin de tour: the common reserve of gold")),
    Field("card", Rows(Table((
        Field("name", Str()),
        Field("type", Str(("hero", "weapon", "monster"), "§Jouer des cartes, §Monstres")),
        Field("class", Str(), None),
        Field("cost", NUMBER),
        Field("attack", NUMBER, 0),
        Field("gold", NUMBER, 0),
        Field("xp", NUMBER, 0),
        Field("count", Int(1, FACTS_DRAFT, f"§Intro: copies among the game's {FACTS_DRAFT} draft cards")),
        Field("ability", ABILITY, None),
        Field("text", ABILITY, None),
    )), hi=MAX_KINDS, cite=f"at most {MAX_KINDS} kinds of draft card (the model's capacity)")),
    Field("quest", Rows(Table((
        Field("name", Str()),
        Field("needs", Table((), extra=Int(1, OWNED, "§Quêtes: cards of the class required"))),
        Field("xp", NUMBER, 0),
        Field("attack", NUMBER, 0),
        Field("gold", NUMBER, 0),
        Field("count", Int(1, FACTS_QUESTS, f"§Intro: copies among the game's {FACTS_QUESTS} quests")),
    )), hi=MAX_QUESTS, cite=f"at most {MAX_QUESTS} kinds of quest (the model's capacity)")),
))


def _cls(r: Row, key: str, classes: tuple[str, ...], name: str | None = None) -> int:
    v = r[key] if name is None else name
    if v not in classes:
        r.fail(key, f"unknown class {v!r} (classes: {', '.join(classes)})", "§Icônes de classe")
    return classes.index(v)


def _ability(a: Row, classes: tuple[str, ...], monster: bool) -> Ability:
    per = None if a.per is None else _cls(a, "per", classes)
    if per is not None and not monster:
        a.fail("per", "only a monster's text counts cards per class in this model")
    if (a.if_class is None) != (a.if_count is None):
        a.fail("if_count" if a.if_count is None else "if_class", "if_class and if_count go together",
               "§Icônes de classe")
    ic = None if a.if_class is None else _cls(a, "if_class", classes)
    return Ability(a.gain, a.amount, per, ic, a.if_count or 0)


def _card(c: Row, classes: tuple[str, ...]) -> Card:
    monster = c.type == "monster"
    if monster and c.given("class"):
        c.fail("class", "a monster has no class", "§Monstres")
    if not monster and not c.given("class"):
        c.fail("class", "missing: every hero and weapon has a class", "§Icônes de classe")
    if monster and c.given("ability"):
        c.fail("ability", "a monster's effect is its text (key text)", "§Monstres")
    if not monster and c.given("text"):
        c.fail("text", "heroes and weapons have an ability (key ability)", "§Jouer des cartes")
    box = c.text if monster else c.ability
    return Card(c.name, c.type, None if monster else _cls(c, "class", classes), c.cost, c.attack, c.gold, c.xp,
                c.count, None if box is None else _ability(box, classes, monster))


def _quest(q: Row, classes: tuple[str, ...]) -> Quest:
    if not q.needs:
        q.fail("needs", "a quest requires heroes and weapons of some class", "§Quêtes")
    req = [0] * len(classes)
    for c, k in q.needs.items():
        req[_cls(q.needs, c, classes, c)] = k
    return Quest(q.name, tuple(req), q.xp, q.attack, q.gold, q.count)


@cached((FILE,))
def load(comp_dir: Path | None = None) -> Components:
    path = components_dir(comp_dir, HERE) / FILE
    raw = read(path, CARDS)
    cards = tuple(_card(c, raw.classes) for c in raw.card)
    quests = tuple(_quest(q, raw.classes) for q in raw.quest)
    return Components(raw.classes, cards, quests, raw.gold_supply, raw.illustrative, str(path))


def data_checks(cfg) -> list[DataCheck]:
    comp: Components = cfg.comp
    n = cfg.extra.get("nplayers", 2)
    deck = sum(c.count for c in comp.cards)
    qdeck = sum(q.count for q in comp.quests)
    need_deck = ROUNDS * SEATS * HAND
    per_class = [sum(c.count for c in comp.cards if c.cls == k) for k in range(len(comp.classes))]
    return [
        DataCheck("§Mise en place", f"the draft deck deals {ROUNDS} rounds of {HAND} cards to 5 players "
                  f"({need_deck} cards) without running out", deck >= need_deck, f"{deck} draft cards", name="draft_deck_deals"),
        DataCheck("§Mise en place", f"the quest deck deals {QUESTS_DEALT} quests to each of 5 players",
                  qdeck >= SEATS * QUESTS_DEALT, f"{qdeck} quests", name="quest_deck_deals"),
        DataCheck("§Intro", f"the game has {FACTS_DRAFT} draft cards and {FACTS_QUESTS} quests (facts file)",
                  (deck, qdeck) == (FACTS_DRAFT, FACTS_QUESTS), f"{deck} draft cards, {qdeck} quests", name="game_facts_draft"),
        DataCheck("§Icônes de classe", "every class has heroes or weapons",
                  all(x > 0 for x in per_class), ", ".join(f"{c} {x}" for c, x in zip(comp.classes, per_class)), name="class_heroes_weapons"),
        DataCheck("§Monstres", "there are monsters to defeat",
                  any(c.type == "monster" for c in comp.cards), f"{sum(c.count for c in comp.cards if c.type == 'monster')} monsters", name="monsters_defeat"),
        DataCheck("§Quêtes", "every quest's requirement can be met by the cards",
                  all(all(r <= x for r, x in zip(q.needs, per_class)) for q in comp.quests), "requirements vs cards per class", name="quest_requirement_met"),
        DataCheck("§Fin de tour", f"the gold reserve covers the starting gold of {n} players",
                  comp.gold_supply >= n * int(cfg.opt("gold")), f"{comp.gold_supply} gold tokens (illustrative: the text gives none)", name="gold_reserve_covers"),
    ]
