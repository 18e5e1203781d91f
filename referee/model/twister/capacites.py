"""§Capacités of the characters (§Clerc, §Troll, §Voleuse, §Guerrier) and §Potion.
(§Mekanork is in salles.py, §Passe-muraille in deplacement.py, §Magicien in combat.py.)"""
from __future__ import annotations

from ..kernel import Action, And, Answer, Basis, If, Lookup, Need, Not, Or, Param, Ruling, Int, args, decide, put
from .board import (
    C, CLERIC, GONE, NCHAR, NTOK, POTION, THIEF, TROLL, WARRIOR, adjacent, on_board, room_of, xy,
)
from .common import FAITS, REGLE, player_of, ap_ok, board_check, geo, held_by_any, pay, pits_after, sq_bump
from .moves import standing
from .params import Char, Choice
from .tour import TURN


def _tt(a):
    return player_of(a) * NTOK + getattr(a, "target", TROLL)


def _tc(a):
    return player_of(a) * NCHAR + getattr(a, "target", TROLL)


def _shared(s, a):
    """An unwounded character stands on the wounded one's square (read on the per-square
    count of unwounded characters, which does not count the wounded target), or it is over
    a pit (then carried by an unwounded Thief: the same situation)."""
    return Or(Lookup(s.unw, Lookup(s.loc, _tt(a), -9), 0) >= 1, Lookup(s.onpit, _tt(a)))


def _lies_there(s, a):
    """The wounded character lies on a square of the board (its square counts it)."""
    q = Lookup(s.loc, _tt(a), -9)
    return And(on_board(q), Lookup(s.occ, q, 0) >= 1)


HEAL_SHARED = Ruling(
    "heal_shared", "§Clerc", "whether a wounded character sharing its square with an unwounded character may be healed, "
    "which stands two unwounded characters on that square (a consequence of which_two_pawns: §Règle d'or 2 counts 2 pawns "
    "and does not say which)",
    arises=_shared,
    answers=(
        Answer("§Clerc", REGLE, "a wounded character alone on its square is healed", lambda s, a: Not(_shared(s, a)), lambda s, a: True),
        Answer("§Règle d'or 2", "option:heal_shared=no", "not while an unwounded character shares its square", lambda s, a: True, lambda s, a: False),
        Answer("§Clerc", "option:heal_shared=yes", "yes", lambda s, a: True, lambda s, a: True),
    ),
    outcome="bool", action="heal",
    within="which_two_pawns",  # one defect of the text: two readers of s58 counted it so
)


def _healed(s, a):
    tt, tc = _tt(a), _tc(a)
    held = tuple(If(s.held[c] == tt, -1, s.held[c]) for c in range(C))
    return dict(wounded=put(s.wounded, tc, False), held=held, unw=sq_bump(s.unw, Lookup(s.loc, tt, -9), 1))


def _able(k: int, says: str):
    def test(s, a):
        t = a.p * NTOK + k
        return And(on_board(s.loc[t]), Not(s.wounded[a.p * NCHAR + k]), Not(held_by_any(s.held, t)))

    return Need("§Capacités", says, test, lambda s, a: "it is wounded, carried or not on the board")


def _heal_target(s, a):
    cl = a.p * NTOK + CLERIC
    q = Lookup(s.loc, _tt(a), -9)
    return And(a.target != CLERIC, Lookup(s.wounded, _tc(a)), _lies_there(s, a), Or(q == s.loc[cl], adjacent(s.loc[cl], q)))


HEAL = Action(
    "heal", "§Clerc", "the Cleric heals a wounded friend next to it (1 AP)",
    params=(Param("target", Char(), "the wounded friend"),),
    needs=(
        TURN,
        Need("§Tour", "an action point is left for the Cleric", lambda s, a: ap_ok(s, a.p * NTOK + CLERIC), lambda s, a: f"{s.ap} AP left"),
        _able(CLERIC, "the Cleric is unwounded, on the board and not carried"),
        Need("§Clerc", "the target is a wounded friend on the Cleric's square or next to it", _heal_target,
             lambda s, a: "not a wounded friend next to the Cleric", source=FAITS),
        Need("§Clerc", "the healed character may stand up there", lambda s, a: decide(HEAL_SHARED, s, a),
             lambda s, a: "an unwounded character shares its square"),
    ),
    effect=lambda s, a: s.but(**_healed(s, a), **pay(s, a.p * NTOK + CLERIC)),
    phases=("act",),
    propose=lambda s: (args(s.turn, target=j) for k, t, c, q in standing(s) if k == CLERIC
                       for j in range(NCHAR) if s.wounded[s.turn * NCHAR + j]),
)

TROLL_REGEN = Ruling(
    "troll_regen", "§Troll", "whether a wounded Troll may use its ability to regenerate, a word the text never defines "
    "(§Blessés leaves healing to the Cleric alone; §Capacités, if its 'qui ne peut être blessé' means 'not wounded', "
    "keeps abilities for the unwounded)",
    arises=lambda s, a: s.wounded[player_of(a) * NCHAR + TROLL],
    answers=(
        Answer("§Troll", REGLE, "the Troll regenerates (its ability)", lambda s, a: True, lambda s, a: True),
        Answer("§Blessés", REGLE, "only the Cleric heals a wounded character: a Troll regenerating would be a second healer",
               lambda s, a: True, lambda s, a: False),
        Answer("§Capacités", REGLE, "abilities are for a character 'qui ne peut être blessé', read as one not wounded "
               "(ability_unwounded)", lambda s, a: True, lambda s, a: False),
    ),
    outcome="bool", action="regen",
    basis=Basis("model", "§Troll", "§Troll", "§Blessés leaves healing to the Cleric alone, and §Capacités, read as "
                "keeping abilities for unwounded characters, would bar it too; §Troll never says what regenerating does: the "
                "model reads it as the Troll healing itself (dungeon-twister.md:22), useless unless it is wounded, and "
                "follows §Troll"),
)

REGEN = Action(
    "regen", "§Troll", "the wounded Troll regenerates: it is no longer wounded (1 AP)",
    needs=(
        TURN,
        Need("§Tour", "an action point is left for the Troll", lambda s, a: ap_ok(s, a.p * NTOK + TROLL), lambda s, a: f"{s.ap} AP left"),
        Need("§Troll", "the Troll is wounded and on the board", lambda s, a: And(s.wounded[a.p * NCHAR + TROLL], _lies_there(s, a)),
             lambda s, a: "the Troll is not wounded, or not on the board"),
        Need("§Capacités", "a wounded Troll may use its ability", lambda s, a: decide(TROLL_REGEN, s, a), lambda s, a: "it is wounded"),
        # the question heal_shared asks of a heal, asked of the Troll's own ability (§Troll)
        Need("§Troll", "the regenerated Troll may stand up there", lambda s, a: decide(HEAL_SHARED, s, a),
             lambda s, a: "an unwounded character shares its square"),
    ),
    effect=lambda s, a: s.but(**_healed(s, a), **pay(s, a.p * NTOK + TROLL)),
    phases=("act",),
    propose=lambda s: (args(s.turn) for k, t, c, q in standing(s) if k == TROLL and s.wounded[c]),
)

OPEN, CLOSE, BREAK = 1, 0, 2


def _gate_char(a):
    return WARRIOR if a.act == BREAK else THIEF


def _gate_exists(s, a):
    g = geo(s)
    return Or(*[a.gate == r * 2 + i for r in range(8) for i in range(g.ngates[r])])


def _gate_state(s, a):
    """§Voleuse: the Thief opens a closed portcullis and closes an open one (0 closed, 1 open;
    a broken one, 2, is §Guerrier's Need)."""
    return Lookup(s.gate, a.gate) == {OPEN: 0, CLOSE: 1}[a.act] if a.act != BREAK else True


def _gate_beside(s, a) -> bool:
    """Concretely (its two board checks below answer the skeleton): the character stands on
    one of the two squares the portcullis separates."""
    g = geo(s)
    q = s.loc[a.p * NTOK + _gate_char(a)]
    r = room_of(q) if 0 <= q < 220 else None
    if r is None:
        return False
    for key, (kind, gi) in g.sides[r][s.rot[r]].items():
        if kind == "gate" and gi == a.gate and xy(q) in key:
            return True
    return False


def _gates(s):
    """The Thief opens or closes, the Warrior breaks, each portcullis of the room it stands in."""
    g = geo(s)
    for k, t, c, q in standing(s):
        if k in (THIEF, WARRIOR) and room_of(q) is not None:
            r = room_of(q)
            for i in range(g.ngates[r]):
                yield from (args(s.turn, gate=2 * r + i, act=act) for act in ((0, 1) if k == THIEF else (2,)))


def _thief_beside(s, a) -> bool:
    """Concretely: an open or a close is made from beside the portcullis (a break is the
    Warrior's Need). A Need's test of its own, as every board check reading `live`
    (tests/test_forks.py)."""
    if s.live is None:
        return True
    return a.act == BREAK or _gate_beside(s, a)


def _warrior_beside(s, a) -> bool:
    """Concretely: a break is made from beside the portcullis (an open or a close is the Thief's Need)."""
    if s.live is None:
        return True
    return a.act != BREAK or _gate_beside(s, a)


GATE = Action(
    "gate", "§Voleuse", "the Thief opens or closes a portcullis beside her, the Warrior breaks one (1 AP)",
    params=(Param("gate", Int(0, 15), "the portcullis: 2 * room + its number in the room (reading order)"),
            Param("act", Choice((("open", OPEN), ("close", CLOSE), ("break", BREAK))), "what is done")),
    needs=(
        TURN,
        Need("§Tour", "an action point is left for the character", lambda s, a: ap_ok(s, a.p * NTOK + _gate_char(a)), lambda s, a: f"{s.ap} AP left"),
        Need("§Capacités", "the Thief (open, close) or the Warrior (break) is unwounded, on the board and not carried",
             lambda s, a: _able(_gate_char(a), "").test(s, a), lambda s, a: "that character cannot act"),
        Need("§Voleuse", "the portcullis exists", _gate_exists, lambda s, a: f"no portcullis {a.gate}"),
        Need("§Guerrier", "a broken portcullis stays broken: nobody opens, closes or breaks it again",
             lambda s, a: Lookup(s.gate, a.gate) != 2, lambda s, a: "the portcullis is broken"),
        Need("§Voleuse", "opening needs the portcullis closed, closing needs it open", _gate_state,
             lambda s, a: f"the portcullis is {['closed', 'open', 'broken'][s.gate[a.gate]]}"),
        # one Need each, so a refusal cites the ability's own §: the Thief's (§Voleuse), the Warrior's (§Guerrier)
        Need("§Voleuse", "the Thief stands beside the portcullis she opens or closes", board_check(_thief_beside),
             lambda s, a: "she is not beside that portcullis"),
        Need("§Guerrier", "the Warrior stands beside the portcullis he breaks", board_check(_warrior_beside),
             lambda s, a: "he is not beside that portcullis"),
    ),
    effect=lambda s, a: s.but(gate=put(s.gate, a.gate, a.act), **pay(s, a.p * NTOK + _gate_char(a))),
    phases=("act",),
    propose=_gates,
)


def _pt(a):
    return a.p * NTOK + a.who


def _potion_effect(s, a):
    c = a.p * NCHAR + a.who
    paid = pay(s, _pt(a))
    loc = put(s.loc, Lookup(s.held, c), GONE)
    # the potion leaves its carrier's square (a carried token shares it: §Objets)
    here = Lookup(s.loc, _pt(a), -9)
    counts = dict(occ=sq_bump(s.occ, here, -1), objs=sq_bump(s.objs, here, -1))
    # 4 new points (§Potion), the drinker's own: added to what it has left; another
    # character's potion points are its own and stay
    new = s.cfg.comp.objects[POTION - NCHAR].ap
    pot = put(paid["pot"], _pt(a), Lookup(paid["pot"], _pt(a)) + new)
    return s.but(loc=loc, held=put(s.held, c, -1), ap=paid["ap"], pot=pot, onpit=pits_after(s.onpit, loc), **counts)


POTION_ACT = Action(
    "potion", "§Potion", "drink the speed potion (1 AP): 4 more action points for that character only; the potion is discarded",
    params=(Param("who", Char(), "the character carrying the potion"),),
    needs=(
        TURN,
        Need("§Tour", "an action point is left for the character", lambda s, a: ap_ok(s, _pt(a)), lambda s, a: f"{s.ap} AP left"),
        Need("§Potion", "the character is on the board, not carried, and carries a speed potion",
             lambda s, a: And(on_board(Lookup(s.loc, _pt(a), -9)), Not(held_by_any(s.held, _pt(a))),
                              Or(Lookup(s.held, a.p * NCHAR + a.who) == POTION, Lookup(s.held, a.p * NCHAR + a.who) == NTOK + POTION)),
             lambda s, a: "it carries no potion"),
    ),
    effect=_potion_effect, phases=("act",),
    propose=lambda s: (args(s.turn, who=k) for k, t, c, q in standing(s) if s.held[c] in (POTION, NTOK + POTION)),
)

ACTIONS = (HEAL, REGEN, GATE, POTION_ACT)
RULINGS = (HEAL_SHARED, TROLL_REGEN)
