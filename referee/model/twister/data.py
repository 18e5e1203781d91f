"""Components as data: characters, objects, cards, rooms and their placement (TOML).

Every file is read against its declaration below by the kernel's component reader, with
located errors (`BadInput("rooms.toml: room[2].grid: ...")`).
The room layouts and their placement are illustrative (the real ones are not public);
`--components DIR` points at another set with the same file names.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..kernel import BadInput, DataCheck
from ..kernel.components import Bool, Field, Int, List, Row, Rows, Str, Table, cached, components_dir, read

HERE = Path(__file__).parent / "components"
FILES = ("characters.toml", "objects.toml", "cards.toml", "rooms.toml", "board.toml")
CHAR_NAMES = ("Cleric", "Goblin", "Mekanork", "Thief", "Troll", "WallWalker", "Warrior", "Wizard")
OBJ_NAMES = ("Armor", "Sword", "Rope", "Staff", "Potion", "Treasure")
# each character's ability, as the § of its paragraph gives it (capacites.py plays them by name)
ABILITIES = {"Cleric": ("heal", "§Clerc"), "Goblin": ("none", "§Gobelin"), "Mekanork": ("rotate", "§Mekanork"),
             "Thief": ("pits-and-gates", "§Voleuse"), "Troll": ("regenerate", "§Troll"),
             "WallWalker": ("through-walls", "§Passe-muraille"), "Warrior": ("break-gate", "§Guerrier"),
             "Wizard": ("levitate", "§Magicien")}
SQUARE = {".": "floor", "O": "pit", ">": "gear+", "<": "gear-"}
SIDE = {" ": None, "|": "wall", "-": "wall", "P": "gate", "p": "gate"}
MAX_COMBAT = 6  # combat card values are 0..6 (the state keeps one count per value)
GATES_PER_ROOM = 2


@dataclass(frozen=True)
class Char:
    name: str
    fr: str
    speed: int
    combat: int
    ability: str
    exit_vp: int


@dataclass(frozen=True)
class Obj:
    name: str
    fr: str
    attack: int
    defend: int
    ap: int
    vp: int


@dataclass(frozen=True)
class Room:
    name: str
    pair: int
    squares: tuple  # ((i, j), kind) for the non-floor squares, local coordinates
    sides: tuple  # (((i, j), (i2, j2)), kind, gate_no, open_at_start) for walls and gates
    illustrative: bool


@dataclass(frozen=True)
class Comp:
    chars: tuple[Char, ...]
    objects: tuple[Obj, ...]
    action: tuple[int, ...]
    combat: tuple[int, ...]  # the deck of combat cards (values)
    jump: int
    rooms: tuple[Room, ...]  # indexed by board position 0..7
    illustrative: tuple[str, ...]  # files marked illustrative
    where: str

    @property
    def combat_counts(self) -> tuple[int, ...]:
        return tuple(self.combat.count(v) for v in range(MAX_COMBAT + 1))


# ---------------------------------------------------------------- the files, declared once
CHARACTERS = Table((
    Field("illustrative", Bool(), False),
    Field("source", Str(), None),
    Field("character", Rows(Table((
        Field("name", Str(CHAR_NAMES, "§Matériel")),
        Field("fr", Str()),
        Field("speed", Int(1, 9, "§Déplacement: a character has 1 to 9 movement points")),
        Field("combat", Int(0, 9, "§Combat")),
        Field("ability", Str()),
        Field("exit_vp", Int(1, 5, "§Fin: a character leaving the maze scores 1 to 5 points"), 1),
    )), lo=8, hi=8, cite="§Matériel: 8 characters")),
))
OBJECTS = Table((
    Field("illustrative", Bool(), False),
    Field("object", Rows(Table((
        Field("name", Str(OBJ_NAMES, "§Matériel")),
        Field("fr", Str()),
        Field("attack", Int(0, 3, "§Combat"), 0),
        Field("defend", Int(0, 3, "§Combat"), 0),
        Field("ap", Int(0, 9, "§Objets"), 0),
        Field("vp", Int(0, 3, "§Fin"), 0),
    )), lo=6, hi=6, cite="§Matériel: 6 objects")),
))
CARDS = Table((
    Field("illustrative", Bool(), False),
    Field("action", List(Int(2, 5, "§Matériel"), 4, 4, "§Matériel: the four action cards 2, 3, 4 and 5", unique=True)),
    Field("combat", List(Int(0, MAX_COMBAT, "§Combat"), 1, 16, "§Matériel: a player has 16 cards")),
    Field("jump", Int(0, 16, "§Matériel: a player has 16 cards")),
))
ROOMS = Table((
    Field("illustrative", Bool(), False),
    Field("room", Rows(Table((
        Field("name", Str()),
        Field("pair", Int(1, 4, "§Rotation: the rooms go by pairs 1 to 4")),
        Field("grid", List(Str(), 11, 11, "11 strings of 11 characters")),
    )), lo=8, hi=8, cite="§Matériel: 8 rooms")),
))
BOARD = Table((
    Field("illustrative", Bool(), False),
    Field("positions", List(Str(), 8, 8, "§Mise en place: 8 positions", unique=True)),
))
DECLARED = dict(zip(FILES, (CHARACTERS, OBJECTS, CARDS, ROOMS, BOARD)))


def _room(r: Row) -> Room:
    """A room's grid read into its squares and sides (errors name the row and column)."""
    g = r.grid
    at = r.at.key("grid")
    for i, x in enumerate(g):
        if len(x) != 11:
            at.row(i).fail(f"expected a string of 11 characters, got {len(x)}")
    squares, sides = [], []
    ngate = 0
    for row in range(11):
        for col in range(11):
            ch = g[row][col]
            where = f"{at.file}: {at.path}: row {row + 1}, column {col + 1}"
            if row % 2 == 1 and col % 2 == 1:
                if ch not in SQUARE:
                    raise BadInput(f"{where}: {ch!r} is not a square ({', '.join(SQUARE)})")
                if SQUARE[ch] != "floor":
                    squares.append(((col // 2, row // 2), SQUARE[ch]))
            elif row % 2 == 0 and col % 2 == 0:
                if ch != "+":
                    raise BadInput(f"{where}: corners are '+', got {ch!r}")
            else:
                if ch not in SIDE:
                    raise BadInput(f"{where}: {ch!r} is not a side ({', '.join(repr(x) for x in SIDE)})")
                kind = SIDE[ch]
                if kind is None:
                    continue
                if row % 2 == 1:  # a vertical side between (col//2 - 1, row//2) and (col//2, row//2)
                    a, b = (col // 2 - 1, row // 2), (col // 2, row // 2)
                else:
                    a, b = (col // 2, row // 2 - 1), (col // 2, row // 2)
                border = not (0 <= a[0] <= 4 and 0 <= a[1] <= 4 and 0 <= b[0] <= 4 and 0 <= b[1] <= 4)
                gate_no = -1
                if kind == "gate":
                    if border:
                        raise BadInput(f"{where}: portcullises are interior sides only")
                    gate_no = ngate
                    ngate += 1
                    if ngate > GATES_PER_ROOM:
                        at.fail(f"at most {GATES_PER_ROOM} portcullises per room", "§Déplacement")
                sides.append(((a, b), kind, gate_no, ch == "p"))
    return Room(r.name, r.pair, tuple(squares), tuple(sides), False)


@cached(FILES)
def load(comp_dir: Path | None = None) -> Comp:
    d = components_dir(comp_dir, HERE)
    raw = {n: read(d / n, DECLARED[n]) for n in FILES}
    ch, ob, c = raw["characters.toml"], raw["objects.toml"], raw["cards.toml"]
    chars = tuple(Char(r.name, r.fr, r.speed, r.combat, r.ability, r.exit_vp) for r in ch.character)
    if tuple(x.name for x in chars) != CHAR_NAMES:
        ch.fail("character", f"expected the 8 characters in the order {', '.join(CHAR_NAMES)}")
    # the abilities are the text's (each character's §), played by the model's own rules: a file
    # naming another would be read and ignored, so an impossible game replays legal (s61 hostile run)
    for r in ch.character:
        if r.ability != ABILITIES[r.name][0]:
            r.fail("ability", f"{r.name}'s ability is {ABILITIES[r.name][0]!r}, as its § gives it; the rules play it "
                   f"whatever a file says, so another ({r.ability!r}) cannot be taken", ABILITIES[r.name][1])
    objs = tuple(Obj(r.name, r.fr, r.attack, r.defend, r.ap, r.vp) for r in ob.object)
    if tuple(x.name for x in objs) != OBJ_NAMES:
        ob.fail("object", f"expected the 6 objects in the order {', '.join(OBJ_NAMES)}")
    if 0 not in c.combat:
        c.fail("combat", "the combat cards include a 0", "§Combat")
    rooms = {r.name: _room(r) for r in raw["rooms.toml"].room}
    board = raw["board.toml"]
    for i, n in enumerate(board.positions):
        if n not in rooms:
            board.at.key("positions").row(i).fail(f"unknown room {n!r}: rooms.toml names {', '.join(sorted(rooms))}")
    illus = tuple(n for n in FILES if raw[n].illustrative)
    ill_rooms = "rooms.toml" in illus
    placed = tuple(Room(rooms[n].name, rooms[n].pair, rooms[n].squares, rooms[n].sides, ill_rooms) for n in board.positions)
    return Comp(chars, objs, c.action, c.combat, c.jump, placed, illus, str(d))


def data_checks(cfg) -> list[DataCheck]:
    comp: Comp = cfg.comp
    out = []
    n = len(comp.combat) + comp.jump + len(comp.action)
    out.append(DataCheck("§Matériel", "each player has 16 cards: 9 combat, 3 jump, 4 action",
                         (len(comp.combat), comp.jump, len(comp.action)) == (9, 3, 4),
                         f"{len(comp.combat)} combat + {comp.jump} jump + {len(comp.action)} action = {n}", name="player_16_cards"))
    out.append(DataCheck("§Mise en place", "8 characters and 6 objects (dungeon-twister.md:3): 4 on the starting line, 10 hidden",
                         len(comp.chars) + len(comp.objects) - 4 == 10,
                         f"{len(comp.chars)} characters + {len(comp.objects)} objects - 4 = {len(comp.chars) + len(comp.objects) - 4}", name="8_characters_6_objects"))
    pairs = sorted(r.pair for r in comp.rooms)
    out.append(DataCheck("§Rotation", "the rooms go by pairs: each pair number on exactly 2 rooms",
                         pairs == [1, 1, 2, 2, 3, 3, 4, 4], f"pair numbers {pairs}", name="rooms_go_pairs"))
    kinds = {k for r in comp.rooms for _, k in r.squares} | {k for r in comp.rooms for _, k, _, _ in r.sides}
    opens = {o for r in comp.rooms for _, k, _, o in r.sides if k == "gate"}
    out.append(DataCheck("§Déplacement", "the rooms use every feature (pit, both gears, wall, closed and open portcullis)",
                         kinds >= {"pit", "gear+", "gear-", "wall", "gate"} and opens == {True, False},
                         f"features {sorted(kinds)}, portcullis states at start {sorted(opens)}", name="rooms_use_feature"))
    gears = [r.name for r in comp.rooms if not any(k.startswith("gear") for _, k in r.squares)]
    out.append(DataCheck("§Rotation", "every room has a rotation gear", not gears,
                         "rooms without a gear: " + (", ".join(gears) or "none"), name="room_rotation_gear"))
    return out
