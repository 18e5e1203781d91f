"""§8 Les donjons: the order of the combats (§8.1), access (§8.3), the dungeon's effect and
the skulls (§8.4), the dice (§8.5), the score (§8.6), PvE results (§8.7), PvP (§8.8) and the
end of the phase (§8.9). The end of the game when a special dungeon is defeated is §9.2
(s9_end.py reads `state.special`, set here).

A group's stage (state.stage):"""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Callable

from ..kernel import (
    Action, And, Answer, If, Int, Lookup, Max, Min, Name, Names, Need, Not, Or, Param, Player, Ruling,
    Sum, args, decide, put, vadd, vsub,
)
from .data import CLASSES, OBJETS, PILES, face_value
from .economy import CROWN_CAP, after_draw, capped_drawn, draw_possible
from .moves import chance, dice, explore, resolution
from .s7_groups import ENTRY, HELMET, floors_of, level_of, on
from .state import NG, NPILES

HOME, WAITING, ROLLED, WON, PVP_ROLLED, DONE, FREED = range(7)
STAGES = {HOME: "not on a dungeon", WAITING: "sent, its combat to come", ROLLED: "PvE dice rolled",
          WON: "PvE won, standing on the dungeon", PVP_ROLLED: "PvP dice rolled", DONE: "PvP won, standing", FREED: "on the helmet, its target routed: it may fight the dungeon or leave (§8.7)"}
__doc__ += "\n" + "\n".join(f"  {k} {v}" for k, v in STAGES.items())
SPECIAL = 3  # level index of special dungeons


# ------------------------------------------------------------------ dice (§8.5, §10.1)
def faces(cfg: Any) -> tuple[tuple[int, str], ...]:
    """Every (class, face label) of the dice, once."""
    out = []
    for c in range(len(CLASSES)):
        for f in cfg.comp.dice[c]:
            if (c, f) not in out:
                out.append((c, f))
    return tuple(out)


def face_names(cfg: Any) -> tuple[str, ...]:
    return tuple(f"{CLASSES[c]} {f}" for c, f in faces(cfg))


def _dice(s: Any, dice: tuple, mark: str | None) -> Any:
    """Sum over the faces rolled: the numbers (mark None) or how many show a mark."""
    fs = faces(s.cfg)
    if mark is None:
        return Sum(dice[j] * face_value(f) for j, (c, f) in enumerate(fs))
    return Sum(dice[j] for j, (c, f) in enumerate(fs) if mark in f[1:])


def _deaths(s: Any, dice: tuple) -> tuple:
    fs = faces(s.cfg)
    return tuple(Sum(dice[j] for j, (c2, f) in enumerate(fs) if c2 == c and "d" in f[1:]) for c in range(len(CLASSES)))


def _one_die_each(s: Any, a: Any) -> Any:
    """§8.5: each adventurer of the front line rolls one die of his colour."""
    fs = faces(s.cfg)
    fr = s.front[a.who][a.group - 1]
    return And(*[Sum(a.dice[j] for j, (c2, _) in enumerate(fs) if c2 == c) == fr[c] for c in range(len(CLASSES))])


# ------------------------------------------------------------------ where combats stand
def _dun(s: Any, p: int, g: int) -> Any:
    return s.at[p][g]


def opp_on(s: Any, p: int, g: int, square: int, stages: tuple[int, ...] | None = None) -> Any:
    """An opposing group stands on `square` of group (p, g)'s dungeon (in one of `stages`)."""
    return Or(*[_opp_is_on(s, p, g, h, square, stages) for h in range(NG)])


def _opp_is_on(s: Any, p: int, g: int, h: int, square: int, stages: tuple[int, ...] | None = None) -> Any:
    """The opposing player's group h stands on `square` of group (p, g)'s dungeon (in one of `stages`)."""
    q = 1 - p
    return And(on(s, q, h, _dun(s, p, g)), s.sq[q][h] == square,
               Or(*[s.stage[q][h] == k for k in stages]) if stages else True)


def pve_ready(s: Any, p: int, g: int) -> Any:
    """§7.3, §8.7: a group on the entry, on the helmet with the entry empty (an ambush nobody
    answered), or on the helmet of an entry group routed (FREED: it may fight), has its PvE."""
    return Or(And(s.stage[p][g] == WAITING, Or(s.sq[p][g] == ENTRY, Not(opp_on(s, p, g, ENTRY)))), s.stage[p][g] == FREED)


def attacker_ready(s: Any, p: int, g: int) -> Any:
    return And(s.stage[p][g] == WAITING, s.sq[p][g] == HELMET, opp_on(s, p, g, ENTRY, (WON, PVP_ROLLED)))


def defender_ready(s: Any, p: int, g: int) -> Any:
    return And(s.stage[p][g] == WON, s.sq[p][g] == ENTRY, opp_on(s, p, g, HELMET, (WAITING, PVP_ROLLED)))


def groups():
    return [(p, g) for p in range(2) for g in range(NG)]


def sending_done(s: Any) -> Any:
    return And(s.expedition[0] == 0, s.expedition[1] == 0)


def count_stage(s: Any, k: int) -> Any:
    return Count_(s.stage[p][g] == k for p, g in groups())


def Count_(xs) -> Any:
    return Sum(If(x, 1, 0) for x in xs)


def treasures_due(s: Any) -> Any:
    return Sum(s.tdue) + Sum(s.pdue)


def pve_pending(s: Any) -> Any:
    return Or(*[pve_ready(s, p, g) for p, g in groups()], count_stage(s, ROLLED) > 0)


def all_resolved(s: Any) -> Any:
    """§8.9: every group sent this turn has fought (and its treasures are drawn)."""
    standing = [Or(s.stage[p][g] == HOME, s.stage[p][g] == DONE, And(s.stage[p][g] == WON, Not(defender_ready(s, p, g))))
                for p, g in groups()]
    return And(sending_done(s), treasures_due(s) == 0, *standing)


# ------------------------------------------------------------------ per dungeon data
def _tbl(s: Any, attr: str) -> tuple:
    return tuple(getattr(d, attr) for d in s.cfg.comp.exp.dungeons)


def dval(s: Any, attr: str, d: Any) -> Any:
    return Lookup(_tbl(s, attr), d, default=0)


def effect_value(s: Any, d: Any, kind: str) -> Any:
    return Lookup(tuple(x.value if x.effect == kind else 0 for x in s.cfg.comp.exp.dungeons), d, default=0)


# ------------------------------------------------------------------ §8.4-§8.5 the PvE roll
def _xkind(s: Any, kind: str) -> list[int]:
    return [e for e, x in enumerate(s.cfg.comp.exp.exploration) if x.kind == kind]


def _store_roll(s: Any, p: int, dice: tuple, stage: tuple) -> Any:
    return s.but(ctot=put(s.ctot, p, _dice(s, dice, None)), ccrit=put(s.ccrit, p, _dice(s, dice, "c")),
                 cdis=put(s.cdis, p, _dice(s, dice, "x")), cheal=put(s.cheal, p, _dice(s, dice, "h")),
                 cdead=put(s.cdead, p, _deaths(s, dice)), stage=stage)


def _roll(s: Any, a: Any) -> Any:
    p, g = a.who, a.group - 1
    pile, disc = after_draw(s.xpile, s.xdisc, a.explore)
    t = _store_roll(s, p, a.dice, put(s.stage, p, put(s.stage[p], g, ROLLED)))
    return t.but(xpile=pile, xdisc=disc, xdrawn=vadd(s.xdrawn, a.explore))


WHO = Param("who", Player(), "the player whose group fights")
GROUP = Param("group", Int(1, NG, enum=True), "the group: 1, 2 or 3")
# one die per adventurer of the front line (§8.5), whose size no rule bounds: the format's own
# bound only (12 made a legal roll of 13 adventurers unreadable: an independent engine)
DICE = Param("dice", Names(face_names, "face"), "the faces rolled by the front line, e.g. \"guerrier 5c\"")
ONE_AT_A_TIME = Need("§8.1", "combats are resolved one by one (the previous one and its treasures are done)",
                     lambda s, a: And(count_stage(s, ROLLED) == 0, treasures_due(s) == 0))
SENT_ALL = Need("§6.1 §8.1", "every Partir en donjon action has been played before the combats",
                lambda s, a: sending_done(s), lambda s, a: f"actions left: {s.expedition}")

def _at(s: Any, *stages: int):
    """(player, group index) of each group at one of these stages."""
    return [(p, g) for p in (0, 1) for g in range(3) if s.stage[p][g] in stages]


def _rolls(s: Any):
    """A random roll of each waiting group's front line, and the exploration cards its dungeon shows."""
    rng, dungeons = chance(s, 8), s.cfg.comp.exp.dungeons
    for p, g in _at(s, WAITING, FREED):
        yield args(None, who=p, group=g + 1, dice=dice(s, s.front[p][g], rng),
                   explore=explore(s, dungeons[s.at[p][g]].black, rng))


ROLL = Action(
    "expedition.roll", "§8.4 §8.5", "a PvE combat begins: the black skulls' Exploration cards are drawn and the "
    "front line rolls its dice",
    params=(WHO, GROUP, DICE,
            Param("explore", Names(lambda cfg: tuple(x.name for x in cfg.comp.exp.exploration), "card", 4),
                  "the Exploration cards drawn, one per black skull")),
    needs=(
        SENT_ALL, ONE_AT_A_TIME,
        Need("§8.1", "every PvE combat comes before any PvP combat", lambda s, a: count_stage(s, PVP_ROLLED) == 0),
        Need("§7.3 §8.7", "the group has a PvE combat to fight (on the entry, or on the helmet with the entry empty)",
             lambda s, a: pve_ready(s, a.who, a.group - 1)),
        Need("§8.1", "the initiative player's PvE combats come first",
             lambda s, a: Or(s.init == a.who, Not(Or(*[pve_ready(s, 1 - a.who, h) for h in range(NG)])))),
        Need("§8.5", "each adventurer of the front line rolls one die of his class", _one_die_each),
        Need("§8.4", "one Exploration card per black skull of the dungeon",
             lambda s, a: Sum(a.explore) == dval(s, "black", _dun(s, a.who, a.group - 1)),
             lambda s, a: f"{Sum(a.explore)} cards for {dval(s, 'black', _dun(s, a.who, a.group - 1))} black skulls"),
        Need("§8.4", "the cards come from the Exploration pile (the discard reshuffled when it is empty)",
             lambda s, a: draw_possible(s.xpile, s.xdisc, a.explore)),
    ),
    effect=_roll, by="chance", phases=("expeditions",), propose=_rolls,
)


# ------------------------------------------------------------------ §8.5-§8.7 PvE result
def _encounters(s: Any, p: int, g: int) -> Any:
    return dval(s, "red", _dun(s, p, g)) + Sum(s.xdrawn[e] for e in _xkind(s, "encounter"))


def _cancelled(a: Any) -> Any:
    return a.cancel + Sum(a.cancelx)


def _unlike(s: Any, p: int, g: int) -> Any:
    """Two encounters with different bonuses are in play (the choice then matters)."""
    d = _dun(s, p, g)
    xs = s.cfg.comp.exp.exploration
    there = [(dval(s, "red", d) >= 1, dval(s, "creature", d) + effect_value(s, d, "creature"))]
    there += [(s.xdrawn[e] >= 1, xs[e].value) for e in _xkind(s, "encounter")]
    return Or(*[And(pi, pj, vi != vj) for i, (pi, vi) in enumerate(there) for pj, vj in there[i + 1:]])


# §8.5: two criticals cancel two encounters; the text says the player picks the traps he
# disarms, not which encounters criticals cancel when they have different bonuses.
CRIT_PICK = Ruling(
    "crit_pick", "§8.5", "a group rolls fewer criticals than it meets encounters, of different kinds: who chooses the encounters they cancel",
    arises=lambda s, a: And(s.ccrit[a.p] >= 1, s.ccrit[a.p] < _encounters(s, a.p, a.group - 1), _unlike(s, a.p, a.group - 1)),
    answers=(
        Answer("§8.5", "option:crit_pick=player", "the player, as for traps", lambda s, a: s.ccrit[a.p] >= 1,
               lambda s, a: 1),
    ),
    action="expedition.resolve", otherwise=1,
)


def _elim_left(s: Any, a: Any) -> Any:
    x = s.cfg.comp.exp.exploration
    return Sum(s.xdrawn[e] - a.disarm[e] for e in _xkind(s, "trap") if x[e].eliminates)


def _eligible(s: Any, a: Any) -> Any:
    fr = s.front[a.p][a.group - 1]
    return Sum(fr[c] - s.cdead[a.p][c] for c in range(len(CLASSES)))


# §8.5: an eliminating trap strikes an adventurer who rolled no death; the text does not say
# what happens when there is none left.
TRAP_VICTIM = Ruling(
    "trap_victim", "§8.5", "more eliminating traps (Trappe, Gouffre) hit a group than it has adventurers who rolled no death and may be struck "
    "(those of the front line, as the model reads it; whether those in reinforcement may be struck is gap trap_victim_reinforcement): whom do the others strike",
    arises=lambda s, a: _elim_left(s, a) >= 1,
    answers=(
        Answer("§8.5", "livret", "one per trap not disarmed, among those who rolled no death",
               lambda s, a: _eligible(s, a) >= _elim_left(s, a), lambda s, a: _elim_left(s, a)),
        Answer("§8.5", "option:trap_victim=spared", "the traps left without a victim strike nobody",
               lambda s, a: _eligible(s, a) < _elim_left(s, a), lambda s, a: Max(_eligible(s, a), 0)),
    ),
    action="expedition.resolve", otherwise=0,
)

# §9.2/§9.3 speak of a special dungeon "vaincu"; §8.7 only defines floors succeeded and a
# dungeon cleared.
DEFEATED = Ruling(
    "special_defeated", "§9.2 §9.3 §8.7", "a player succeeds a PvE floor of a special dungeon: is the dungeon defeated (an end condition of §9.2, 1 VP in §9.3), or only once cleared; "
    "and, both players' markers counting toward its floors (gap floors_mixed_markers), which player has defeated it",
    arises=lambda s, a: level_of(s, _dun(s, a.p, a.group - 1)) == SPECIAL,
    answers=(
        Answer("§8.7", "option:defeat=cleared", "only the success that clears it (its last floor): the player who places "
               "the last marker, whoever placed the others", lambda s, a: True, lambda s, a: If(_clears(s, a), 1, 0)),
        Answer("§8.7", "option:defeat=floor", "any floor succeeded: each player who succeeds one",
               lambda s, a: True, lambda s, a: 1),
    ),
    action="expedition.resolve", otherwise=0,
)


def _clears(s: Any, a: Any) -> Any:
    d = _dun(s, a.p, a.group - 1)
    return Lookup(s.floors, d, default=0) + 1 >= floors_of(s, d)


def resistance(s: Any, a: Any) -> Any:
    """§8.4-§8.7: the tile's resistance, its effect, the encounters not cancelled (red
    skulls: its creature) and the encounters and traps of the Exploration cards not
    cancelled or disarmed."""
    d = _dun(s, a.p, a.group - 1)
    xs = s.cfg.comp.exp.exploration
    creature = dval(s, "creature", d) + effect_value(s, d, "creature")
    enc = Sum((s.xdrawn[e] - a.cancelx[e]) * xs[e].value for e in _xkind(s, "encounter"))
    trap = Sum((s.xdrawn[e] - a.disarm[e]) * xs[e].value for e in _xkind(s, "trap"))
    return (dval(s, "resistance", d) + effect_value(s, d, "resistance")
            + (dval(s, "red", d) - a.cancel) * creature + enc + trap)


def score(s: Any, p: int, g: int) -> Any:
    """§8.6: dice + front bonus + reinforcement bonus + the cards equipped."""
    return s.ctot[p] + s.gb[p][g] + s.ge[p][g]


def pvp_score(s: Any, p: int, g: int, fought: Any) -> Any:
    """§8.8 with §7.5: after a PvE, single-use items are gone and other non-permanent items
    count again only if paid again."""
    again = If(fought, s.gs[p][g] + s.gi[p][g] * (1 - s.reuse[p][g]), 0)
    return score(s, p, g) - again


def used_up(s: Any, p: int, g: int) -> Any:
    """§7.5: a single-use item is discarded after use: those under group (p, g) leave their
    owner once the group has fought (its PvE, or a PvP it fights fresh); one under a group
    that never fights (it declines the dungeon, §8.7) stays its owner's."""
    once = tuple(it.kind == "single" for it in s.cfg.comp.exp.items)
    owned = tuple(If(s.worn[p][i] == g + 1, 0, o) if once[i] else o for i, o in enumerate(s.owned[p]))
    known = tuple(If(o == 0, 0, k) for o, k in zip(owned, s.known[p]))
    return s.but(owned=put(s.owned, p, owned), known=put(s.known, p, known), items=put(s.items, p, Sum(owned)))


def _clear_group(s: Any, p: int, g: int, **more: Any) -> dict:
    """The fields of group (p, g) emptied: back home (§8.7 rout, §8.9)."""
    def z(field: tuple, v: Any = 0) -> tuple:
        return put(field, p, put(field[p], g, v))
    zc = tuple(0 for _ in CLASSES)
    return dict(at=z(s.at, -1), sq=z(s.sq), stage=z(s.stage, HOME), front=z(s.front, zc), back=z(s.back, zc),
                gb=z(s.gb), ge=z(s.ge), gi=z(s.gi), gs=z(s.gs), gn=z(s.gn), reuse=z(s.reuse), gear=z(s.gear))


def _rout(s: Any, p: int, g: int, front: tuple) -> Any:
    """§8.7: the survivors go back to the reserve at once; the dead are removed."""
    t = s.but(reserve=put(s.reserve, p, vadd(vadd(s.reserve[p], front), s.back[p][g])))
    return t.but(**_clear_group(t, p, g))


def _lost(s: Any, a: Any) -> tuple:
    return tuple(s.cdead[a.p][c] - a.heal[c] + a.victims[c] for c in range(len(CLASSES)))


def _resolve(s: Any, a: Any) -> Any:
    p, g = a.p, a.group - 1
    s = used_up(s, p, g)
    d = _dun(s, p, g)
    win = score(s, p, g) >= resistance(s, a)
    front = vsub(s.front[p][g], _lost(s, a))
    glory = dval(s, "glory", d)
    passages = Sum(s.xdrawn[e] for e in _xkind(s, "passage"))
    special = Max(s.special[p], If(win, decide(DEFEATED, s, a), 0))
    won = s.but(front=put(s.front, p, put(s.front[p], g, front)), stage=put(s.stage, p, put(s.stage[p], g, WON)),
                floors=tuple(If(d == k, f + 1, f) for k, f in enumerate(s.floors)),
                glory=put(s.glory, p, s.glory[p] + glory), tdue=put(s.tdue, p, dval(s, "treasures", d)),
                tdraw=put(s.tdraw, p, tuple(0 for _ in range(NPILES))), tpass=put(s.tpass, p, passages),
                special=put(s.special, p, special))
    lost = _free_helmet(s, _rout(s, p, g, front), p, g)
    fields = ("front", "stage", "floors", "glory", "tdue", "tdraw", "tpass", "special", "reserve", "at", "sq", "back",
              "gb", "ge", "gi", "gs", "gn", "reuse", "gear")
    t = s.but(**{f: _pick(win, getattr(won, f), getattr(lost, f)) for f in fields})
    z = tuple(0 for _ in CLASSES)
    return t.but(xdisc=vadd(s.xdisc, s.xdrawn), xdrawn=tuple(0 for _ in s.xdrawn), ctot=put(s.ctot, p, 0),
                 ccrit=put(s.ccrit, p, 0), cdis=put(s.cdis, p, 0), cheal=put(s.cheal, p, 0), cdead=put(s.cdead, p, z))


def _pick(c: Any, a: Any, b: Any) -> Any:
    """If over (nested) tuples; a leaf both branches share is kept as it is (so the checks
    see it unchanged)."""
    if a is b:
        return a
    if isinstance(a, tuple):
        return tuple(_pick(c, x, y) for x, y in zip(a, b))
    return If(c, a, b)


def _only(s: Any, vec: tuple, kind: str) -> Any:
    ok = set(_xkind(s, kind))
    return And(*[And(v >= 0, v <= s.xdrawn[e]) if e in ok else v == 0 for e, v in enumerate(vec)])


XNAMES = lambda cfg: tuple(x.name for x in cfg.comp.exp.exploration)  # noqa: E731


# A log may state a combat's scores as the table counted them: an engine that counts
# otherwise is told apart at that event, not at a later one or never (as Welcome's
# dungeon.leave states its outcome). Not stated, nothing is checked.
def _said(values: Callable[[], tuple], a: Any, fields: tuple[str, ...]) -> Any:
    declared = [getattr(a, f, None) for f in fields]  # args made in Python may leave them out
    if all(d is None for d in declared):
        return True  # nothing stated: nothing counted
    return And(*[v == d for v, d in zip(values(), declared) if d is not None])


SCORE = Param("score", Int(-99, 199), "the group's score the log declares (§8.6: dice, bonuses, cards), checked",
              optional=True, fixed=lambda s, a: score(s, a.p, a.group - 1))
RESIST = Param("resistance", Int(-99, 199), "the resistance to beat the log declares (§8.4-§8.7: the tile, its "
               "effect, encounters and traps left), checked", optional=True, fixed=lambda s, a: resistance(s, a))

def _left_unused(s: Any, a: Any) -> tuple:
    """(criticals, disarms, heals) rolled beyond those used, each up to what is there to take
    it: the encounters (red skulls and Exploration encounters), traps and deaths of the PvE."""
    d = _dun(s, a.p, a.group - 1)
    encounters = dval(s, "red", d) + Sum(s.xdrawn[e] for e in _xkind(s, "encounter"))
    traps = Sum(s.xdrawn[e] for e in _xkind(s, "trap"))
    return (Min(s.ccrit[a.p], encounters) - _cancelled(a), Min(s.cdis[a.p], traps) - Sum(a.disarm),
            Min(s.cheal[a.p], Sum(s.cdead[a.p])) - Sum(a.heal))


def _all_spent(s: Any, a: Any) -> Any:
    """Option spend=all: every critical, disarm and heal rolled is used while an encounter, a
    trap or a death is left for it (§8.5 says only that a priest 'peut' heal and a thief 'peut'
    disarm, and has the player pick the traps when they outnumber the disarms)."""
    if s.cfg.opt("spend") != "all":
        return True
    return And(*[x == 0 for x in _left_unused(s, a)])


RESOLVE = Action(
    "expedition.resolve", "§8.5 §8.6 §8.7", "the player settles his PvE combat: encounters cancelled, traps disarmed, "
    "deaths healed, victims of eliminating traps; success or rout follows from the score",
    params=(GROUP,
            Param("cancel", Int(0, 6), "how many of the creature's encounters (red skulls) criticals cancel",
                  optional=True, default=0),
            Param("cancelx", Names(XNAMES, "card", 4), "Exploration encounters cancelled by criticals"),
            Param("disarm", Names(XNAMES, "card", 4), "traps disarmed"),
            Param("heal", Names(lambda cfg: CLASSES, "class"), "dead adventurers healed"),
            Param("victims", Names(lambda cfg: CLASSES, "class"), "adventurers struck by eliminating traps"),
            SCORE, RESIST),
    needs=(
        Need("§8.5", "the player's group has rolled its PvE dice", lambda s, a: s.stage[a.p][a.group - 1] == ROLLED),
        Need("§8.5", "a critical cancels one encounter: as many cancelled as criticals at most",
             lambda s, a: And(a.cancel >= 0, _cancelled(a) <= s.ccrit[a.p]),
             lambda s, a: f"{_cancelled(a)} cancelled, {s.ccrit[a.p]} criticals"),
        Need("§8.4 §8.5", "cancelled encounters are the creature's (red skulls) or encounter cards drawn",
             lambda s, a: And(a.cancel <= dval(s, "red", _dun(s, a.p, a.group - 1)), _only(s, a.cancelx, "encounter"))),
        Need("§8.5", "who picks the cancelled encounters is settled (option crit_pick)",
             lambda s, a: decide(CRIT_PICK, s, a) == 1),
        Need("§8.5", "one disarm per trap, among the traps drawn (the player picks them)",
             lambda s, a: And(_only(s, a.disarm, "trap"), Sum(a.disarm) <= s.cdis[a.p]),
             lambda s, a: f"{Sum(a.disarm)} disarmed, {s.cdis[a.p]} disarms rolled"),
        Need("§8.5", "one heal saves one adventurer who rolled a death",
             lambda s, a: And(*[And(a.heal[c] <= s.cdead[a.p][c]) for c in range(len(CLASSES))],
                              Sum(a.heal) <= s.cheal[a.p]),
             lambda s, a: f"heals {list(a.heal)}, deaths {list(s.cdead[a.p])}, {s.cheal[a.p]} heals rolled"),
        Need("§8.5", "eliminating traps strike front-line adventurers who rolled no death",
             lambda s, a: And(*[a.victims[c] <= s.front[a.p][a.group - 1][c] - s.cdead[a.p][c] for c in range(len(CLASSES))])),
        Need("§8.5", "one victim per eliminating trap not disarmed",
             lambda s, a: Sum(a.victims) == decide(TRAP_VICTIM, s, a),
             lambda s, a: f"{Sum(a.victims)} victims, {_elim_left(s, a)} eliminating traps left"),
        Need("§8.6", "the score and resistance the log declares are the rules'",
             lambda s, a: _said(lambda: (score(s, a.p, a.group - 1), resistance(s, a)), a, ("score", "resistance")),
             lambda s, a: f"the rules give a score of {score(s, a.p, a.group - 1)} against a resistance of "
                          f"{resistance(s, a)}"),
        Need("§8.5", "every critical, disarm and heal rolled is used while an encounter, a trap or a death is left "
             "for it (option spend=all)", _all_spent,
             lambda s, a: "unused while there was something to take them: {} critical(s), {} disarm(s), {} heal(s)"
                          .format(*_left_unused(s, a))),
    ),
    effect=_resolve, phases=("expeditions",), propose=lambda s: (resolution(s, p, g) for p, g in _at(s, ROLLED)),
)


# ------------------------------------------------------------------ §8.7 treasures
def treasure_names(cfg: Any) -> tuple[str, ...]:
    x = cfg.comp.exp
    return tuple(t.name for t in x.treasures) + tuple(i.name for i in x.items)


def _pile_of(s: Any, k: Any) -> Any:
    x = s.cfg.comp.exp
    return Lookup(tuple(t.pile for t in x.treasures) + tuple(OBJETS for _ in x.items), k)


def _left(s: Any, k: Any) -> Any:
    return Lookup(s.tpile + s.ipile, k, default=0) >= 1


def _seconds(s: Any, p: int) -> Any:
    """Draws beyond the first from a pile, in the current success."""
    return Sum(Max(n - 1, 0) for n in s.tdraw[p])


def _pile_ok(s: Any, p: int, k: Any) -> Any:
    """§8.7: each treasure from a different pile; a secret passage allows one more draw from a pile."""
    drawn = Lookup(s.tdraw[p], _pile_of(s, k), default=0)
    return Or(drawn == 0, _seconds(s, p) < s.tpass[p])


def _take(s: Any, p: int, k: Any) -> Any:
    x = s.cfg.comp.exp
    nt = len(x.treasures)
    ts = x.treasures
    glory = Lookup(tuple(t.glory for t in ts) + (0,) * len(x.items), k)
    crowns = Lookup(tuple(t.crowns for t in ts) + (0,) * len(x.items), k)
    adv = Lookup(tuple(t.adventurer for t in ts) + (-1,) * len(x.items), k)
    owned = tuple(If(k == nt + i, o + 1, o) for i, o in enumerate(s.owned[p]))
    return s.but(glory=put(s.glory, p, s.glory[p] + glory),
                 crowns=put(s.crowns, p, capped_drawn(s, s.crowns[p], crowns, CROWN_CAP)),
                 reserve=put(s.reserve, p, tuple(If(adv == c, r + 1, r) for c, r in enumerate(s.reserve[p]))),
                 tpile=tuple(If(k == j, v - 1, v) for j, v in enumerate(s.tpile)),
                 ipile=tuple(If(k == nt + i, v - 1, v) for i, v in enumerate(s.ipile)),
                 owned=put(s.owned, p, owned), items=put(s.items, p, Sum(owned)))


CARD = Param("card", Name(treasure_names, "treasure", sym=True), "the treasure drawn (an item for the Objets pile)")


def _draw(s: Any, a: Any) -> Any:
    t = _take(s, a.p, a.card)
    pile = _pile_of(s, a.card)
    return t.but(tdue=put(s.tdue, a.p, s.tdue[a.p] - 1),
                 tdraw=put(s.tdraw, a.p, tuple(If(pile == k, n + 1, n) for k, n in enumerate(s.tdraw[a.p]))))


def _left_cards(s: Any, rng: Any) -> list[int]:
    """The treasures still in their piles, in a random order."""
    left = [k for k in range(len(treasure_names(s.cfg))) if (s.tpile + s.ipile)[k]]
    rng.shuffle(left)
    return left


TREASURE = Action(
    "treasure.draw", "§8.7", "after a PvE success, draw one of the dungeon's treasures",
    params=(CARD,),
    needs=(
        Need("§8.7", "the player has treasures to draw from a PvE success", lambda s, a: s.tdue[a.p] >= 1),
        Need("§8.7", "the card is still in its pile", lambda s, a: _left(s, a.card)),
        Need("§8.7", "each treasure from a different pile (a secret passage allows a second draw from one)",
             lambda s, a: _pile_ok(s, a.p, a.card),
             lambda s, a: f"draws by pile {list(s.tdraw[a.p])}, secret passages {s.tpass[a.p]}"),
    ),
    effect=_draw, phases=("expeditions",),
    propose=lambda s: (args(p, card=k) for p in (0, 1) if s.tdue[p] for k in _left_cards(s, chance(s, 9 + p))),
)

PRIZE_PILES = (PILES.index("Richesse"), OBJETS)


def _prize_pile(s: Any, k: Any) -> Any:
    return Or(*[_pile_of(s, k) == x for x in PRIZE_PILES])


PRIZE = Action(
    "treasure.pvp", "§8.8", "the PvP winner draws 1 treasure from the Richesse or Objets pile",
    params=(CARD,),
    needs=(
        Need("§8.8", "the player won a PvP combat and has not drawn its treasure", lambda s, a: s.pdue[a.p] >= 1),
        Need("§8.8", "from the Richesse or the Objets pile", lambda s, a: _prize_pile(s, a.card)),
        Need("§8.7", "the card is still in its pile", lambda s, a: _left(s, a.card)),
    ),
    effect=lambda s, a: _take(s, a.p, a.card).but(pdue=put(s.pdue, a.p, 0)), phases=("expeditions",),
    propose=lambda s: (args(p, card=k) for p in (0, 1) if s.pdue[p] and not s.tdue[p]
                       for k in _left_cards(s, chance(s, 11 + p))),
)


def _can_draw(s: Any, p: int) -> Any:
    n = len(treasure_names(s.cfg))
    due = And(s.tdue[p] >= 1, Or(*[And(_left(s, k), _pile_ok(s, p, k)) for k in range(n)]))
    prize = And(s.pdue[p] >= 1, Or(*[And(_left(s, k), _prize_pile(s, k)) for k in range(n)]))
    return Or(due, prize)


# §8.7/§8.8 assume the piles hold cards; they never say what a due treasure becomes when
# every pile it may come from is empty.
SHORT = Ruling(
    "treasure_short", "§8.7 §8.8", "a treasure is due after a combat and every pile it may come from is empty: what does the player get",
    arises=lambda s, a: And(Or(s.tdue[a.p] >= 1, s.pdue[a.p] >= 1), Not(_can_draw(s, a.p))),
    answers=(Answer("§8.7", "option:treasure_short=lost", "the treasure is lost", lambda s, a: True, lambda s, a: 1),),
    action="treasure.none", otherwise=0,
)

NONE = Action(
    "treasure.none", "§8.7 §8.8", "a due treasure cannot be drawn: every pile it may come from is empty",
    needs=(
        Need("§8.7", "a treasure is due and none can be drawn",
             lambda s, a: And(Or(s.tdue[a.p] >= 1, s.pdue[a.p] >= 1), Not(_can_draw(s, a.p)))),
        Need("§8.7", "the treasure is lost (option treasure_short)", lambda s, a: decide(SHORT, s, a) == 1),
    ),
    effect=lambda s, a: s.but(tdue=put(s.tdue, a.p, 0), pdue=put(s.pdue, a.p, 0)), phases=("expeditions",),
    propose=lambda s: (args(p) for p in (0, 1) if s.tdue[p] or s.pdue[p]),
)


# ------------------------------------------------------------------ §8.8 PvP
def _partner4(s: Any, p: int, g: int) -> Any:
    """The other group of this group's PvP has rolled already."""
    return Or(opp_on(s, p, g, ENTRY, (PVP_ROLLED,)), opp_on(s, p, g, HELMET, (PVP_ROLLED,)))


def _pvp_roll(s: Any, a: Any) -> Any:
    p, g = a.who, a.group - 1
    return _store_roll(s, p, a.dice, put(s.stage, p, put(s.stage[p], g, PVP_ROLLED)))


def _pvp_rolls(s: Any, rng: Any):
    """A random roll of the front line of each group that may fight a PvP."""
    for p, g in _at(s, WAITING, WON):
        yield args(None, who=p, group=g + 1, dice=dice(s, s.front[p][g], rng))


PVP_ROLL = Action(
    "pvp.roll", "§8.8", "a group of a PvP combat rolls its front line's dice (attacker and defender each roll)",
    params=(WHO, GROUP, DICE),
    needs=(
        SENT_ALL, ONE_AT_A_TIME,
        Need("§8.1", "every PvE combat is resolved before the PvP combats", lambda s, a: Not(pve_pending(s))),
        Need("§8.8", "the group attacks from the helmet a group that won the PvE, or is that group",
             lambda s, a: Or(attacker_ready(s, a.who, a.group - 1), defender_ready(s, a.who, a.group - 1))),
        Need("§8.1", "PvP combats are resolved one by one",
             lambda s, a: count_stage(s, PVP_ROLLED) == If(_partner4(s, a.who, a.group - 1), 1, 0)),
        Need("§8.5 §8.8", "each adventurer of the front line rolls one die of his class", _one_die_each),
    ),
    effect=_pvp_roll, by="chance", phases=("expeditions",),
    propose=lambda s: _pvp_rolls(s, chance(s, 13)),
)

# §8.8: the winner gains 1 glory per level of the beaten group, 1 of them stolen from the
# loser (nothing stolen in a level-1 dungeon). The text does not say what happens when
# the loser has no glory to steal.
STEAL = Ruling(
    "steal", "§8.8 §3.6", "a player wins a PvP combat in a dungeon above level 1 and the loser has no glory: what becomes of the point to steal",
    arises=lambda s, a: level_of(s, a.dungeon) >= 1,
    answers=(
        Answer("§8.8", "livret", "1 point is taken from the loser", lambda s, a: s.glory[a.loser] >= 1, lambda s, a: 1),
        Answer("§8.8", "option:steal=lost", "nothing is stolen and the winner gains one point less",
               lambda s, a: s.glory[a.loser] == 0, lambda s, a: 0),
        Answer("§8.8", "option:steal=bank", "nothing is stolen; the winner still gains the point",
               lambda s, a: s.glory[a.loser] == 0, lambda s, a: 2),
    ),
    params=(Param("dungeon", Name(lambda cfg: tuple(d.name for d in cfg.comp.exp.dungeons), "dungeon", sym=True), ""),
            Param("loser", Player(), "")),
    otherwise=3,  # a level-1 dungeon: nothing stolen, the winner gains every point
)


def glory_swap(s: Any, winner: int, level: Any, d: Any) -> tuple:
    """(glory gained by the winner, glory lost by the loser) (§8.8)."""
    r = decide(STEAL, s, SimpleNamespace(dungeon=d, loser=1 - winner))
    gain = If(r == 0, level - 1, level)
    lose = If(r == 1, 1, 0)
    return gain, lose


# §8.8: both players fight as in PvE, so a priest's heal saves a death (§8.5) in PvP too;
# option pvp_heal=no (a house rule) reads the deaths as rolled. "The deaths rolled apply to
# both groups" reads two ways: the model takes each group's own (gap pvp_deaths_whose), and
# the order in which heals save the dead is its own too (gap pvp_heal_which).
PVP_HEAL = Ruling(
    "pvp_heal", "§8.8 §8.5", "how many of the deaths its own dice rolled in a PvP combat a group's heals save "
    "(each group suffering its own: the model's reading, gap pvp_deaths_whose)",
    arises=lambda s, a: And(s.cheal[a.p] >= 1, Sum(s.cdead[a.p]) >= 1),
    answers=(
        Answer("§8.8", "livret", "the players fight as in PvE: a heal saves one death (§8.5)", lambda s, a: True,
               lambda s, a: Min(s.cheal[a.p], Sum(s.cdead[a.p]))),
    ),
    params=(Param("p", Player(), "the player whose group rolled"),), otherwise=0,
)


def pvp_deaths(s: Any, p: int) -> tuple:
    """The deaths of p's own roll that remain after its heals (PVP_HEAL; none healed under the
    house rule pvp_heal=no), the heals spent in the order of CLASSES: the model's order, which
    the text never gives (gap pvp_heal_which)."""
    left = 0 if s.cfg.opt("pvp_heal") == "no" else decide(PVP_HEAL, s, SimpleNamespace(p=p))
    out = []
    for c in range(len(CLASSES)):
        h = Min(s.cdead[p][c], left)
        out.append(s.cdead[p][c] - h)
        left = left - h
    return tuple(out)


def _pvp_scores(s: Any, a: Any) -> tuple:
    """(attacker's, defender's) scores: the attacker on the helmet fights fresh, the defender
    on the entry after its PvE (§8.8)."""
    return pvp_score(s, a.who, a.group - 1, False), pvp_score(s, 1 - a.who, a.versus - 1, True)


def _pvp_resolve(s: Any, a: Any) -> Any:
    q, h, g = a.who, a.group - 1, a.versus - 1  # attacker (q, h) on the helmet, defender (p, g) on the entry
    p = 1 - q
    d = _dun(s, q, h)
    sa, sd = _pvp_scores(s, a)
    fq = vsub(s.front[q][h], pvp_deaths(s, q))
    fp = vsub(s.front[p][g], pvp_deaths(s, p))
    ga, la = glory_swap(s, q, g + 1, d)  # the attacker beats a group of level g+1
    gd, ld = glory_swap(s, p, h + 1, d)
    z = tuple(0 for _ in CLASSES)
    # the attacker's single-use items serve in this combat (the defender's served in its PvE)
    base = used_up(s, q, h).but(ctot=(0, 0), ccrit=(0, 0), cdis=(0, 0), cheal=(0, 0), cdead=(z, z))
    # attacker wins: defender routed
    aw = _rout(base, p, g, fp)
    aw = aw.but(front=put(aw.front, q, put(aw.front[q], h, fq)), stage=put(aw.stage, q, put(aw.stage[q], h, DONE)),
                glory=put(put(aw.glory, q, aw.glory[q] + ga), p, aw.glory[p] - la), pdue=put(aw.pdue, q, 1))
    dw = _rout(base, q, h, fq)
    dw = dw.but(front=put(dw.front, p, put(dw.front[p], g, fp)), stage=put(dw.stage, p, put(dw.stage[p], g, DONE)),
                glory=put(put(dw.glory, p, dw.glory[p] + gd), q, dw.glory[q] - ld), pdue=put(dw.pdue, p, 1))
    tie = _rout(_rout(base, p, g, fp), q, h, fq)
    fields = ("reserve", "at", "sq", "stage", "front", "back", "gb", "ge", "gi", "gs", "gn", "reuse", "gear", "glory",
              "pdue")
    out = {f: _pick(sa > sd, getattr(aw, f), _pick(sd > sa, getattr(dw, f), getattr(tie, f))) for f in fields}
    return base.but(**out)


PVP_RESOLVE = Action(
    "pvp.resolve", "§8.8", "the PvP combat is settled: the higher score wins; a tie routs both groups",
    params=(Param("who", Player(), "the attacking player (on the helmet)"),
            Param("group", Int(1, NG, enum=True), "the attacking group"),
            Param("versus", Int(1, NG, enum=True), "the defending group (on the entry)"),
            Param("score", Int(-99, 199), "the attacker's score the log declares (§8.6, §8.8), checked",
                  optional=True, fixed=lambda s, a: _pvp_scores(s, a)[0]),
            Param("defence", Int(-99, 199), "the defender's score the log declares (§8.8 with §7.5: items used in "
                  "its PvE count again only if paid again), checked", optional=True,
                  fixed=lambda s, a: _pvp_scores(s, a)[1])),
    needs=(
        Need("§8.8", "the attacker has rolled", lambda s, a: And(s.stage[a.who][a.group - 1] == PVP_ROLLED,
                                                              s.sq[a.who][a.group - 1] == HELMET)),
        Need("§8.8", "the defender has rolled on the same dungeon's entry",
             lambda s, a: And(s.stage[1 - a.who][a.versus - 1] == PVP_ROLLED, s.sq[1 - a.who][a.versus - 1] == ENTRY,
                              s.at[1 - a.who][a.versus - 1] == s.at[a.who][a.group - 1])),
        Need("§8.8", "the scores the log declares are the rules' (attacker's, defender's)",
             lambda s, a: _said(lambda: _pvp_scores(s, a), a, ("score", "defence")),
             lambda s, a: "the rules give the attacker {} and the defender {}".format(*_pvp_scores(s, a))),
    ),
    effect=_pvp_resolve, by="chance", phases=("expeditions",),
    propose=lambda s: (args(None, who=p, group=g + 1, versus=v + 1, score=None, defence=None) for p, g in _at(s, PVP_ROLLED)
                       if s.sq[p][g] == HELMET for v in range(3)),
)

REUSE = Action(
    "item.reuse", "§7.5", "a group attacked after its PvE pays a new charge per item to use it again in the PvP",
    params=(GROUP,),
    needs=(
        Need("§7.5", "the group won its PvE and is attacked",
             lambda s, a: defender_ready(s, a.p, a.group - 1)),
        Need("§7.5", "it carries items to reuse, not yet paid again",
             lambda s, a: And(s.gn[a.p][a.group - 1] >= 1, s.reuse[a.p][a.group - 1] == 0)),
        Need("§7.5", "one new charge per item", lambda s, a: s.charges[a.p] >= s.gn[a.p][a.group - 1]),
    ),
    effect=lambda s, a: s.but(charges=put(s.charges, a.p, s.charges[a.p] - s.gn[a.p][a.group - 1]),
                              reuse=put(s.reuse, a.p, put(s.reuse[a.p], a.group - 1, 1))),
    phases=("expeditions",),
    propose=lambda s: (args(p, group=g + 1) for p, g in _at(s, WAITING, WON)),
)


# ------------------------------------------------------------------ §8.9 end of the phase
def phase_end(s: Any) -> Any:
    """§8.9: every group still on a dungeon goes back to the reserve with its adventurers;
    mercenaries that served return to the pile (§7.6)."""
    t = s
    for p, g in groups():
        t = t.but(reserve=put(t.reserve, p, vadd(vadd(t.reserve[p], t.front[p][g]), t.back[p][g])))
        t = t.but(**_clear_group(t, p, g))
    return t.but(sent=tuple(tuple(0 for _ in range(NG)) for _ in range(2)), mpile=vadd(s.mpile, s.mout),
                 mout=tuple(0 for _ in s.mout),
                 worn=tuple(tuple(0 for _ in w) for w in s.worn), hworn=tuple(tuple(0 for _ in w) for w in s.hworn),
                 tdraw=tuple(tuple(0 for _ in range(NPILES)) for _ in range(2)), tpass=(0, 0))


END_NEED = Need("§8.9 §8.1", "every expedition of the turn is resolved (groups sent, combats fought, treasures drawn)",
                lambda s, a: all_resolved(s), lambda s, a: f"actions left {s.expedition}, stages {s.stage}, treasures due {s.tdue} {s.pdue}")

# ------------------------------------------------------------------ §8.7 the helmet's 'peut'
def _free_helmet(s: Any, t: Any, p: int, g: int) -> Any:
    """t (group (p, g) routed on its entry, §8.7) with the opposing group waiting on that
    dungeon's helmet FREED: it does not fight the routed group, and 'may' do the dungeon."""
    q, on_entry = 1 - p, s.sq[p][g] == ENTRY
    st = tuple(If(And(on_entry, _opp_is_on(s, p, g, h, HELMET, (WAITING,))), FREED, t.stage[q][h]) for h in range(NG))
    return t.but(stage=put(t.stage, q, st))


# §8.7 says the attacker on the helmet of a routed group 'peut' do the dungeon: a choice. A
# group that does not goes back to the reserve at once, as a routed group's survivors do:
# §8.9 returns it at the phase's end, and nothing between tells the two apart (§7.2).
DECLINE = Action(
    "expedition.decline", "§8.7", "the group on the helmet of a routed group does not do the dungeon: it leaves, its "
    "adventurers back to the reserve",
    params=(GROUP,),
    needs=(
        ONE_AT_A_TIME,
        Need("§8.7 §7.3", "the group is on the helmet of a dungeon whose entry group was routed (an ambush nobody "
             "answered does the dungeon, §7.3)", lambda s, a: s.stage[a.p][a.group - 1] == FREED,
             lambda s, a: f"group {a.group}: {STAGES.get(s.stage[a.p][a.group - 1], s.stage[a.p][a.group - 1])}"),
    ),
    effect=lambda s, a: _rout(s, a.p, a.group - 1, s.front[a.p][a.group - 1]), phases=("expeditions",),
    propose=lambda s: (args(p, group=g + 1) for p, g in _at(s, FREED)),
)

ACTIONS_ = (ROLL, RESOLVE, TREASURE, PRIZE, NONE, PVP_ROLL, PVP_RESOLVE, REUSE, DECLINE)
RULINGS = (CRIT_PICK, TRAP_VICTIM, DEFEATED, SHORT, STEAL, PVP_HEAL)
