"""Components as data: characters, objects, cards, rooms and their placement (TOML).

Every file is validated with located errors (`BadInput("rooms.toml: room[2].grid: ...")`).
The room layouts and their placement are illustrative (the real ones are not public);
`--components DIR` points at another set with the same file names.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..kernel import BadInput, DataCheck
from ..kernel.inputs import read_toml

HERE = Path(__file__).parent / "components"
FILES = ("characters.toml", "objects.toml", "cards.toml", "rooms.toml", "board.toml")
CHAR_NAMES = ("Cleric", "Goblin", "Mekanork", "Thief", "Troll", "WallWalker", "Warrior", "Wizard")
OBJ_NAMES = ("Armor", "Sword", "Rope", "Staff", "Potion", "Treasure")
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


def _int(f: str, key: str, v, lo: int, hi: int) -> int:
    if type(v) is not int or not lo <= v <= hi:
        raise BadInput(f"{f}: {key}: expected a whole number from {lo} to {hi}, got {v!r}")
    return v


def _str(f: str, key: str, v) -> str:
    if type(v) is not str or not v:
        raise BadInput(f"{f}: {key}: expected a name, got {v!r}")
    return v


def _chars(d: dict) -> tuple[Char, ...]:
    f = "characters.toml"
    rows = d.get("character")
    if type(rows) is not list:
        raise BadInput(f"{f}: character: expected a list of [[character]] tables")
    out = []
    for i, r in enumerate(rows):
        k = f"character[{i}]"
        out.append(Char(_str(f, k + ".name", r.get("name")), _str(f, k + ".fr", r.get("fr")),
                        _int(f, k + ".speed", r.get("speed"), 1, 9), _int(f, k + ".combat", r.get("combat"), 0, 9),
                        _str(f, k + ".ability", r.get("ability")), _int(f, k + ".exit_vp", r.get("exit_vp", 1), 1, 5)))
    if tuple(c.name for c in out) != CHAR_NAMES:
        raise BadInput(f"{f}: character: expected the 8 characters in the order {', '.join(CHAR_NAMES)}")
    return tuple(out)


def _objs(d: dict) -> tuple[Obj, ...]:
    f = "objects.toml"
    rows = d.get("object")
    if type(rows) is not list:
        raise BadInput(f"{f}: object: expected a list of [[object]] tables")
    out = []
    for i, r in enumerate(rows):
        k = f"object[{i}]"
        out.append(Obj(_str(f, k + ".name", r.get("name")), _str(f, k + ".fr", r.get("fr")),
                       _int(f, k + ".attack", r.get("attack", 0), 0, 3), _int(f, k + ".defend", r.get("defend", 0), 0, 3),
                       _int(f, k + ".ap", r.get("ap", 0), 0, 9), _int(f, k + ".vp", r.get("vp", 0), 0, 3)))
    if tuple(o.name for o in out) != OBJ_NAMES:
        raise BadInput(f"{f}: object: expected the 6 objects in the order {', '.join(OBJ_NAMES)}")
    return tuple(out)


def _room(i: int, r: dict) -> Room:
    f = "rooms.toml"
    k = f"room[{i}]"
    name = _str(f, k + ".name", r.get("name"))
    pair = _int(f, k + ".pair", r.get("pair"), 1, 4)
    g = r.get("grid")
    if type(g) is not list or len(g) != 11 or any(type(x) is not str or len(x) != 11 for x in g):
        raise BadInput(f"{f}: {k}.grid: expected 11 strings of 11 characters")
    squares, sides = [], []
    ngate = 0
    for row in range(11):
        for col in range(11):
            ch = g[row][col]
            where = f"{f}: {k}.grid: row {row + 1}, column {col + 1}"
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
                        raise BadInput(f"{f}: {k}.grid: at most {GATES_PER_ROOM} portcullises per room")
                sides.append(((a, b), kind, gate_no, ch == "p"))
    return Room(name, pair, tuple(squares), tuple(sides), False)


def load(d: Path | None = None) -> Comp:
    d = HERE if d is None else Path(d)
    if not d.is_dir():
        raise BadInput(f"components: {d} is not a directory")
    raw = {n: read_toml(d / n) for n in FILES}
    chars, objs = _chars(raw["characters.toml"]), _objs(raw["objects.toml"])
    c = raw["cards.toml"]
    f = "cards.toml"
    action = c.get("action")
    if type(action) is not list or sorted(action) != [2, 3, 4, 5]:
        raise BadInput(f"{f}: action: expected the four action cards [2, 3, 4, 5], got {action!r}")
    combat = c.get("combat")
    if type(combat) is not list or not all(type(v) is int and 0 <= v <= MAX_COMBAT for v in combat) or 0 not in combat:
        raise BadInput(f"{f}: combat: expected a list of card values from 0 to {MAX_COMBAT} with a 0")
    jump = _int(f, "jump", c.get("jump"), 0, 9)
    rows = raw["rooms.toml"].get("room")
    if type(rows) is not list or len(rows) != 8:
        raise BadInput("rooms.toml: room: expected 8 [[room]] tables")
    rooms = {}
    for i, r in enumerate(rows):
        if type(r) is not dict:
            raise BadInput(f"rooms.toml: room[{i}]: expected a table")
        room = _room(i, r)
        if room.name in rooms:
            raise BadInput(f"rooms.toml: room[{i}].name: {room.name!r} appears twice")
        rooms[room.name] = room
    pos = raw["board.toml"].get("positions")
    if type(pos) is not list or sorted(map(str, pos)) != sorted(rooms):
        raise BadInput(f"board.toml: positions: expected each of the 8 rooms once ({', '.join(sorted(rooms))})")
    illus = tuple(n for n in FILES if raw[n].get("illustrative") is True)
    ill_rooms = "rooms.toml" in illus
    placed = tuple(Room(rooms[n].name, rooms[n].pair, rooms[n].squares, rooms[n].sides, ill_rooms) for n in pos)
    return Comp(chars, objs, tuple(action), tuple(combat), jump, placed, illus, str(d))


def data_checks(cfg) -> list[DataCheck]:
    comp: Comp = cfg.comp
    out = []
    n = len(comp.combat) + comp.jump + len(comp.action)
    out.append(DataCheck("§Matériel", "each player has 16 cards: 9 combat, 3 jump, 4 action",
                         (len(comp.combat), comp.jump, len(comp.action)) == (9, 3, 4),
                         f"{len(comp.combat)} combat + {comp.jump} jump + {len(comp.action)} action = {n}"))
    out.append(DataCheck("§Mise en place", "8 characters and 6 objects: 4 on the starting line, 10 hidden",
                         len(comp.chars) + len(comp.objects) - 4 == 10,
                         f"{len(comp.chars)} characters + {len(comp.objects)} objects - 4 = {len(comp.chars) + len(comp.objects) - 4}"))
    pairs = sorted(r.pair for r in comp.rooms)
    out.append(DataCheck("§Rotation", "the rooms go by pairs: each pair number on exactly 2 rooms",
                         pairs == [1, 1, 2, 2, 3, 3, 4, 4], f"pair numbers {pairs}"))
    kinds = {k for r in comp.rooms for _, k in r.squares} | {k for r in comp.rooms for _, k, _, _ in r.sides}
    opens = {o for r in comp.rooms for _, k, _, o in r.sides if k == "gate"}
    out.append(DataCheck("§Déplacement", "the rooms use every feature (pit, both gears, wall, closed and open portcullis)",
                         kinds >= {"pit", "gear+", "gear-", "wall", "gate"} and opens == {True, False},
                         f"features {sorted(kinds)}, portcullis states at start {sorted(opens)}"))
    gears = [r.name for r in comp.rooms if not any(k.startswith("gear") for _, k in r.squares)]
    out.append(DataCheck("§Rotation", "every room has a rotation gear", not gears,
                         "rooms without a gear: " + (", ".join(gears) or "none")))
    return out
