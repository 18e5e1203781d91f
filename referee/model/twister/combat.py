"""§Combat, §Combat groupé, §Blessés, §Cartes Combat, and the fireball (§Bâton)."""
from __future__ import annotations

from ..kernel import (
    Action, And, Answer, Count, If, Implies, Int, Lookup, Names, Need, Not, Or, Param, Ruling,
    Sum, args, bump, decide, put,
)
from .board import (
    ARMOR, C, GONE, NCHAR, NSQ, NTOK, ROPE, STAFF, SWORD, THIEF, WIZARD, T, adjacent, ctok, neighbours,
    on_board, xy,
)
from .common import FAITS, REGLE, ap_ok, board_check, ended, geo, held_by_any, is_char, kill, mover_tok, pay, pits_after, put_if, recount_gone
from .data import CHAR_NAMES
from .moves import standing
from .params import Char, Token
from .tour import TURN


def _cloc(s, q, k):
    return s.loc[q * NTOK + k]


def _holds(s, c, obj):
    return Or(s.held[c] == obj, s.held[c] == NTOK + obj)


def totals(s, a):
    p, q = a.p, 1 - a.p
    comp = s.cfg.comp
    comb = [ch.combat for ch in comp.chars]
    sword, armor = comp.objects[SWORD - NCHAR].attack, comp.objects[ARMOR - NCHAR].defend
    atk = a.card + Sum(If(a.attackers[k] == 1, comb[k] + If(_holds(s, p * NCHAR + k, SWORD), sword, 0), 0) for k in range(NCHAR))
    dfn = a.dcard + Sum(If(a.defenders[j] == 1,
                           If(s.wounded[q * NCHAR + j], 0, comb[j]) + If(_holds(s, q * NCHAR + j, ARMOR), armor, 0), 0)
                        for j in range(NCHAR))
    return atk, dfn


def lost(s, a):
    """16 flags: the engaged characters of the side with the lower total."""
    atk, dfn = totals(s, a)
    out = [False] * C
    for k in range(NCHAR):
        out[a.p * NCHAR + k] = And(dfn > atk, a.attackers[k] == 1)
        out[(1 - a.p) * NCHAR + k] = And(atk > dfn, a.defenders[k] == 1)
    return out


def _rope(s, c):
    """Character c carries a rope, which keeps any carrier over a pit (§Corde)."""
    return Or(Lookup(s.held, c) == ROPE, Lookup(s.held, c) == NTOK + ROPE)


def _thief_on_pit_loses(s, a):
    """An unwounded Thief standing on a pit by her own ability (no rope: §Corde keeps a rope's
    carrier up, wounded or not) loses a fight."""
    if not hasattr(a, "attackers"):
        return False  # the question arises in combat only
    L = lost(s, a)
    return Or(*[And(L[c], Not(s.wounded[c]), s.onpit[ctok(c)], Not(_rope(s, c))) for c in (THIEF, NCHAR + THIEF)])


THIEF_PIT = Ruling(
    "thief_pit", "§Voleuse", "what happens to a Thief standing on a pit when she is wounded",
    arises=_thief_on_pit_loses,
    answers=(
        Answer("§Combat", REGLE, "the loser is wounded (no Thief on a pit involved)", lambda s, a: Not(_thief_on_pit_loses(s, a)),
               lambda s, a: 0),
        Answer("§Voleuse", "option:thief_pit=falls", "she falls: killed", lambda s, a: True, lambda s, a: 1),
        Answer("§Voleuse", "option:thief_pit=stays", "she stays on the pit, wounded", lambda s, a: True, lambda s, a: 0),
    ),
    action="attack",
)


def _attack_effect(s, a):
    L = lost(s, a)
    falls = decide(THIEF_PIT, s, a)
    dead = tuple(
        And(L[c], Or(s.wounded[c], And(falls == 1, s.onpit[ctok(c)], Not(_rope(s, c)))) if c % NCHAR == THIEF else s.wounded[c])
        for c in range(C)
    )
    wounded = tuple(Or(s.wounded[c], L[c]) for c in range(C))
    loc, held = kill(s, s.loc, s.held, dead)
    counts = recount_gone(s, s.loc, loc, s.wounded, wounded)
    p, q = a.p, 1 - a.p
    vp = list(s.vp)
    vp[p] = s.vp[p] + Count(dead[q * NCHAR + k] for k in range(NCHAR))
    vp[q] = s.vp[q] + Count(dead[p * NCHAR + k] for k in range(NCHAR))
    vp = tuple(vp)
    cc = put(s.cc, p, bump(s.cc[p], a.card, If(a.card == 0, 0, -1)))
    cc = put(cc, q, bump(cc[q], a.dcard, If(a.dcard == 0, 0, -1)))
    return s.but(loc=loc, held=held, wounded=wounded, vp=vp, cc=cc, **counts, onpit=pits_after(s.onpit, loc), **pay(s, mover_tok(a)), **ended(s, vp))


def _engaged_ok(s, a):
    p, q = a.p, 1 - a.p
    cs = [Lookup(a.attackers, a.who) == 1, Sum(a.attackers) >= 1, Sum(a.defenders) >= 1]
    cs += [x <= 1 for x in a.attackers] + [x <= 1 for x in a.defenders]
    for k in range(NCHAR):
        me = _cloc(s, p, k)
        cs.append(Implies(a.attackers[k] == 1, And(
            on_board(me), Not(held_by_any(s.held, p * NTOK + k)),
            Or(*[And(a.defenders[j] == 1, adjacent(me, _cloc(s, q, j))) for j in range(NCHAR)]))))
    for j in range(NCHAR):
        him = _cloc(s, q, j)
        cs.append(Implies(a.defenders[j] == 1, And(
            on_board(him), Not(held_by_any(s.held, q * NTOK + j)),
            Or(*[And(a.attackers[k] == 1, adjacent(_cloc(s, p, k), him)) for k in range(NCHAR)]))))
    return And(*cs)


def _attackers_unwounded(s, a):
    """§Blessés: the wounded cannot fight, so none attacks (a wounded defender plays its card: §Blessés)."""
    p = a.p
    return And(*[Implies(a.attackers[k] == 1, Not(s.wounded[p * NCHAR + k])) for k in range(NCHAR)])


def _sides_open(s, a) -> bool:
    """Concretely: each engaged character faces an enemy of the fight through an open side
    (no wall, no closed portcullis). Over-approximated on the skeleton."""
    if s.live is None:
        return True
    g = geo(s)
    p, q = a.p, 1 - a.p
    A = [s.loc[p * NTOK + k] for k in range(NCHAR) if a.attackers[k] == 1]
    D = [s.loc[q * NTOK + j] for j in range(NCHAR) if a.defenders[j] == 1]
    ok = lambda x, ys: any(y in neighbours(x) and g.passable(s, x, y) for y in ys)  # noqa: E731
    return all(ok(x, D) for x in A) and all(ok(y, A) for y in D)


def _attacks(s):
    """Each unwounded character at each adjacent enemy: alone with the best cards (or one
    side without a card), and with every unwounded friend next to the enemy."""
    p, q_ = s.turn, 1 - s.turn
    hand, dhand = s.cc[p], s.cc[q_]
    best = max(v for v in range(7) if hand[v] > 0)
    dbest = max(v for v in range(7) if dhand[v] > 0)
    for k, t, c, q in standing(s):
        if s.wounded[c]:
            continue
        for j in [j for j in range(NCHAR) if s.loc[q_ * NTOK + j] in neighbours(q)]:
            one = tuple(1 if i == k else 0 for i in range(NCHAR))
            them = tuple(1 if i == j else 0 for i in range(NCHAR))
            for card, dcard in {(best, dbest), (best, 0), (0, dbest)}:
                yield args(p, who=k, attackers=one, defenders=them, card=card, dcard=dcard)
            mates = tuple(1 if (not s.wounded[p * NCHAR + i] and s.loc[p * NTOK + i] in neighbours(s.loc[q_ * NTOK + j])) else 0
                          for i in range(NCHAR))
            if sum(mates) > 1:
                yield args(p, who=k, attackers=mates, defenders=them, card=best, dcard=dbest)


def _fires(s):
    """The Wizard holding the Staff at every other character on the board."""
    for k, t, c, q in standing(s):
        if k == WIZARD and s.held[c] in (STAFF, NTOK + STAFF):
            yield from (args(s.turn, target=u) for u in range(T) if u % NTOK < NCHAR and 0 <= s.loc[u] < NSQ and u != t)


ATTACK = Action(
    "attack", "§Combat", "attack adjacent enemies (1 AP): each side plays a combat card; the lower total is wounded, a wounded loser dies",
    params=(Param("who", Char(), "the attacking character that spends the action point"),
            Param("attackers", Names(lambda cfg: CHAR_NAMES, "character", 8), "the attacker's engaged characters"),
            Param("defenders", Names(lambda cfg: CHAR_NAMES, "character", 8), "the defender's engaged characters"),
            Param("card", Int(0, 6), "the attacker's combat card"),
            Param("dcard", Int(0, 6), "the defender's combat card")),
    needs=(
        TURN,
        Need("§Tour", "an action point is left for this character", lambda s, a: ap_ok(s, mover_tok(a)), lambda s, a: f"{s.ap} AP left"),
        Need("§Blessés", "the attackers are unwounded: the wounded cannot fight", _attackers_unwounded,
             lambda s, a: "wounded: " + ", ".join(CHAR_NAMES[k] for k in range(NCHAR)
                                                  if a.attackers[k] == 1 and s.wounded[a.p * NCHAR + k])),
        Need("§Combat groupé", "engaged characters: each side adjacent to the other, the payer among them",
             _engaged_ok, lambda s, a: "the engaged characters are not adjacent enemies"),
        Need("§Combat", "no wall or closed portcullis between the fighters", board_check(_sides_open), lambda s, a: "a side is closed", source=FAITS),
        Need("§Cartes Combat", "the attacker's combat card is in hand", lambda s, a: Lookup(s.cc[a.p], a.card) >= 1,
             lambda s, a: f"the {a.card} was already played"),
        Need("§Cartes Combat", "the defender's combat card is in hand", lambda s, a: Lookup(s.cc[1 - a.p], a.dcard) >= 1,
             lambda s, a: f"the {a.dcard} was already played"),
    ),
    effect=_attack_effect, phases=("act",), goes=("act", "over"),
    propose=_attacks,
)


def _wiz(a):
    return a.p * NTOK + WIZARD


def _is_char_tok(x):
    return Or(*[x == q * NTOK + k for q in (0, 1) for k in range(NCHAR)])


def _line_of_sight(s, a) -> bool:
    """Concretely: the target is a character on the first square holding one in a straight
    line from the Wizard, through open sides; on a square two characters share (a carrier and
    the wounded friend it carries), the Wizard picks (silences.fireball_target).
    Over-approximated on the skeleton."""
    if s.live is None:
        return True
    g = geo(s)
    src = s.loc[_wiz(a)]
    chars: dict[int, set[int]] = {}
    for t in range(T):
        if is_char(t) and 0 <= s.loc[t] < NSQ and t != _wiz(a):
            chars.setdefault(s.loc[t], set()).add(t)
    x0, y0 = xy(src)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        x, y, prev = x0, y0, src
        while True:
            x, y = x + dx, y + dy
            if not (0 <= x < 22 and 0 <= y < 10):
                break
            q = 10 * x + y
            if not g.passable(s, prev, q):
                break
            if q in chars:
                if a.target in chars[q]:
                    return True
                break
            prev = q
    return False


def _fire_effect(s, a):
    dead = tuple(a.target == ctok(c) for c in range(C))
    loc, held = kill(s, s.loc, s.held, dead)
    wc = a.p * NCHAR + WIZARD
    staff = s.held[wc]
    loc = put_if(loc, staff, GONE)
    held = put(held, wc, -1)
    enemy = Or(*[a.target == (1 - a.p) * NTOK + k for k in range(NCHAR)])
    vp = put(s.vp, a.p, s.vp[a.p] + If(enemy, 1, 0))
    counts = recount_gone(s, s.loc, loc, s.wounded, s.wounded)
    return s.but(loc=loc, held=held, vp=vp, **counts, onpit=pits_after(s.onpit, loc), **pay(s, _wiz(a)), **ended(s, vp))


FIRE = Action(
    "fire", "§Bâton", "the Wizard with a fireball staff kills the first character in a straight line (1 AP); the staff is discarded",
    params=(Param("target", Token(), "the character hit"),),
    needs=(
        TURN,
        Need("§Tour", "an action point is left for the Wizard", lambda s, a: ap_ok(s, _wiz(a)), lambda s, a: f"{s.ap} AP left"),
        # §Magicien: he alone uses the staff; §Bâton: it is discarded after use (a second fire has none)
        Need("§Magicien §Bâton", "the Wizard, unwounded and on the board, carries a fireball staff",
             lambda s, a: And(on_board(s.loc[_wiz(a)]), Not(s.wounded[a.p * NCHAR + WIZARD]),
                              _holds(s, a.p * NCHAR + WIZARD, STAFF), Not(held_by_any(s.held, _wiz(a)))),
             lambda s, a: "the Wizard cannot fire"),
        Need("§Bâton", "the target is a character on the board", lambda s, a: And(_is_char_tok(a.target), a.target != _wiz(a),
                                                                                   on_board(Lookup(s.loc, a.target, -9))),
             lambda s, a: "not a character on the board"),
        Need("§Bâton", "the first character in a straight line, no wall between", board_check(_line_of_sight),
             lambda s, a: "not the first character in a straight line", source=FAITS),
    ),
    effect=_fire_effect, phases=("act",), goes=("act", "over"),
    propose=_fires,
)

ACTIONS = (ATTACK, FIRE)
RULINGS = (THIEF_PIT,)
