"""Configuration and §Mise en place: the header's teams -> the first state; `init` for z3."""
from __future__ import annotations


from ..kernel import And, BadInput, Config, Count, IllegalSetup, Not, Or
from ..kernel.inputs import check_fields, check_players, check_source, choose_options, shown
from .board import NCHAR, NSQ, NTOK, RES, T, geometry, line, on_line, room_of, sq
from .common import counts_of
from .data import CHAR_NAMES, load
from .options import OPTIONS, SOURCES
from .state import SETUP, Twister

def configure(options, comp_dir, prefer, nplayers=2) -> Config:
    check_players(nplayers, 2, 2, "Dungeon Twister")
    opts = choose_options(options, OPTIONS)
    check_source(prefer, SOURCES)
    comp = load(comp_dir)  # read once per content (kernel.components.cached)
    return Config("twister", opts, SOURCES, prefer, comp=comp, extra={"nplayers": 2})


def _teams(header, players) -> list[dict[int, int]]:
    st = header.get("setup")
    if not isinstance(st, dict) or not isinstance(st.get("teams"), dict):
        raise BadInput('setup: expected "teams": {player: {character: row}}')
    check_fields(st, ("teams",))
    teams = st["teams"]
    out = []
    for p, name in enumerate(players):
        t = teams.get(name)
        if not isinstance(t, dict):
            raise BadInput(f"setup: teams: {name}: expected {{character: row on the starting line}}")
        for ch in t:  # an unknown name first: a misspelt team is named, not only counted
            if ch not in CHAR_NAMES:
                raise BadInput(f"setup: teams: {name}: unknown character {ch!r} ({', '.join(CHAR_NAMES)})")
        rows = {}
        for ch, row in t.items():
            if type(row) is not int or not 0 <= row <= 9:
                raise BadInput(f"setup: teams: {name}: {ch}: the row is a number from 0 to 9, got {shown(row)}")
            rows[CHAR_NAMES.index(ch)] = row
        if len(t) != 4:  # read, and against the rule: an illegal setup, not an unreadable one (s62 handpos)
            raise IllegalSetup(f"setup: teams: {name}: a team has 4 characters, got {len(t)}", "§Mise en place")
        if len(set(rows.values())) != 4:
            raise BadInput(f"setup: teams: {name}: two characters on the same square of the starting line")
        out.append(rows)
    extra = set(teams) - set(players)
    if extra:
        raise BadInput(f"setup: teams: {sorted(extra)[0]!r} is not a player")
    return out


def setup_schema(cfg) -> dict:
    """The JSON Schema of the block `_teams` reads (the players' names and distinct rows stay the reader's)."""
    # no count: a team of other than 4 is read, and refused as an illegal setup (§Mise en place)
    team = {"type": "object", "propertyNames": {"enum": list(CHAR_NAMES)},
            "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 9},
            "description": "4 characters -> their row (0-9) on the player's starting line"}
    return {"type": "object", "required": ["teams"], "additionalProperties": False,
            "description": "§Mise en place: each player's team",
            "properties": {"teams": {"type": "object", "additionalProperties": team,
                                     "description": "one team per player, keyed by the player's name"}}}


def setup(header, cfg) -> Twister:
    players = header["players"]
    teams = _teams(header, players)
    loc = [RES] * T
    for p, rows in enumerate(teams):
        for k, row in rows.items():
            loc[p * NTOK + k] = sq(line(p), row)
    comp = cfg.comp
    deck = comp.combat_counts
    occ, objs, unw = counts_of(loc, (False,) * 16)
    return Twister(
        cfg=cfg, phase=SETUP, turn=0, loc=tuple(loc), held=(-1,) * 16, wounded=(False,) * 16, rot=(0,) * 8,
        revealed=(False,) * 8, gate=tuple(geometry(cfg).gate_open0), vp=(0, 0), used=((False,) * 4,) * 2, high=1,
        four=False, ap=0, pot=(0,) * T, cc=(deck, deck), jumps=(comp.jump, comp.jump),
        occ=occ, objs=objs, unw=unw, onpit=(False,) * 28, hid=(0,) * 8, res=(10, 10), live=True,
        shut=tuple(room_of(q) is not None for q in range(NSQ)),
    )


def init(S):
    cfg = S.cfg
    comp = cfg.comp
    deck = comp.combat_counts
    g = geometry(cfg)
    cs = [S.phase == SETUP, S.turn == 0, S.high == 1, Not(S.four), S.ap == 0, *[x == 0 for x in S.pot]]
    for p in (0, 1):
        chars = [S.loc[p * NTOK + k] for k in range(NCHAR)]
        cs.append(Count(on_line(x, p) for x in chars) == 4)
        cs += [Or(on_line(x, p), x == RES) for x in chars]
        cs += [S.loc[p * NTOK + k] == RES for k in range(NCHAR, NTOK)]
        cs += [Or(Not(on_line(x, p)), x != y) for i, x in enumerate(chars) for y in chars[i + 1:]]
        cs += [S.vp[p] == 0, S.jumps[p] == comp.jump]
        cs += [S.cc[p][v] == deck[v] for v in range(len(deck))] + [Not(u) for u in S.used[p]]
    cs += [h == -1 for h in S.held] + [Not(w) for w in S.wounded] + [x == 0 for x in S.rot] + [Not(x) for x in S.revealed]
    cs += [x == v for x, v in zip(S.gate, g.gate_open0)]
    cs += [Not(x) for x in S.onpit] + [x == 0 for x in S.hid] + [S.res[0] == 10, S.res[1] == 10] + [x == 0 for x in S.objs]
    cs += [x if room_of(q) is not None else Not(x) for q, x in enumerate(S.shut)]
    for q in range(220):
        if q // 10 in (0, 21):
            p = 0 if q // 10 == 0 else 1
            here = Count(S.loc[p * NTOK + k] == q for k in range(NCHAR))
            cs += [S.occ[q] == here, S.unw[q] == here]
        else:
            cs += [S.occ[q] == 0, S.unw[q] == 0]
    return And(*cs)


HEADER_EXAMPLE = {
    "referee": 1, "game": "twister", "rules": "fr", "players": ["Ana", "Ben"],
    "setup": {"teams": {"Ana": {"Thief": 2, "Warrior": 4, "Goblin": 6, "Cleric": 8},
                        "Ben": {"Troll": 1, "Wizard": 3, "Mekanork": 5, "WallWalker": 7}}},
}


def random_header(rng, cfg) -> dict:
    teams = {}
    for name in ("A", "B"):
        chars = rng.sample(CHAR_NAMES, 4)
        rows = rng.sample(range(10), 4)
        teams[name] = dict(zip(chars, rows))
    return {"referee": 1, "game": "twister", "rules": "fr", "players": ["A", "B"], "setup": {"teams": teams}}
