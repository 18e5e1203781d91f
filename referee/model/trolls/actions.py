"""§Actions (Les actions) and §Groupe (Actions de groupe): what a figure, or a group, does
with Rsv points in a round; the secret bids of shots and melees; the recoil after a tie."""
from __future__ import annotations

from ..kernel import (
    Action, And, If, Implies, Int, Lookup, Max, Name, Need, Not, Or, Param, Sum, args, decide, put,
)
from .data import half
from .geo import alive, contact, cross, dist2, dot, engaged, lookup_fig, owner, sub, touching
from .moves import AXES, charges, flat, moves_arg, one, recoils, side, whole_side
from .rulings import R_ABEAM, R_DEFENDERS, R_HEAVY, R_REORIENT, behind, group_stat
from .state import DUEL, MELEE, RECOIL, SHOT, Group, Moves, Multiples, Point, every, members, triples
from .turn import actor, advance, who

NF = 6


def fnames(cfg):
    return cfg.comp.fig_names


def onames(cfg):
    return cfg.comp.obj_names


def prof(s, i):
    return s.cfg.comp.figs[i].prof


def count(a):
    return Sum(members(a.figs))


def spend(s, p, cost):
    return s.but(rsv=put(s.rsv, p, s.rsv[p] - cost))


# ---------------------------------------------------------------- needs shared by every action
def turn_need(cite="§Tour de jeu/3 §Joker/2"):  # a round blanc is a turn to act too
    return Need(cite, "it is his turn to act in the round (Humain, then Troll, then Dragon; or his round blanc)",
                lambda s, a: actor(s) == a.p, lambda s, a: f"it is the {who(actor(s))}'s turn")


def own_need():
    return Need("§Tour de jeu/3", "he acts with one or more of his own living figures",
                lambda s, a: And(count(a) >= 1, *[Implies(members(a.figs)[i] == 1, And(owner(s, i) == a.p, alive(s, i)))
                                                  for i in range(NF)]),
                lambda s, a: "a figure named is not his, or is out of play")


def group_needs():
    def circle(s, a):
        c = a.centre
        m = members(a.figs)
        if c is None:  # an argument, not a state value: a single figure needs no circle
            return count(a) <= 1
        # the circle binds a group action only: a lone figure's centre, if given, is not read
        return Or(count(a) <= 1, And(*[Implies(m[i] == 1, dist2(s.pos[i], c) <= 9) for i in range(NF)]))

    return (
        Need("§Groupe/1", "only the Humans and the Trolls act in groups",
             lambda s, a: Implies(count(a) >= 2, a.p != 2), lambda s, a: "the Dragons have no group actions"),
        Need("§Groupe/2", "the figures of a group stand inside one circle of 3\" radius (give its \"centre\")",
             circle, lambda s, a: "no centre given" if a.centre is None else "a figure is more than 3\" from the centre"),
    )


def cost_need(cite, cost, what):
    return Need(cite, f"{what} within his Rsv", lambda s, a: cost(s, a) <= s.rsv[a.p],
                lambda s, a: f"costs {cost(s, a)}, Rsv {s.rsv[a.p]}")


def target_needs(cite: str = "§Actions/Tir"):
    """The target of a shot, a charge or a melee: each action's own § (an independent engine
    read a charge's target under §Actions/Charge, not §Actions/Tir)."""
    return (
        Need(cite, "the target is a living figure of another player",
             lambda s, a: And(owner(s, a.target) != a.p, alive(s, a.target)),
             lambda s, a: "the target is his own or out of play"),
    )


def face_need():
    return Need("§Actions/Orientation", "a new facing is a nonzero direction",
                lambda s, a: True if a.face is None else Or(a.face[0] != 0, a.face[1] != 0),
                lambda s, a: "facing [0, 0]")


CENTRE = Param("centre", Point(), "centre of the 3\" circle holding a group (§Groupe/2)", optional=True, default=None)
FACE = Param("face", Point(), "new facing, a direction (free during a move: §Actions/Orientation)", optional=True, default=None)
TARGET = Param("target", Name(fnames, "figure"), "the target figure")


def _moved(s, a):
    """Positions and facings after the members of a Moves argument reach their points."""
    pos, face = list(s.pos), list(s.face)
    for i, (m, x, y) in enumerate(triples(a.figs)):
        pos[i] = (If(m == 1, x, pos[i][0]), If(m == 1, y, pos[i][1]))
        if a.face is not None:
            face[i] = (If(m == 1, a.face[0], face[i][0]), If(m == 1, a.face[1], face[i][1]))
    return s.but(pos=tuple(pos), face=tuple(face))


def _sq(v):
    return v * v


def _too_far(s, a):
    """Concrete only (a replay message): the first member that goes beyond its own x times its Mvt."""
    for i, (m, x, y) in enumerate(triples(a.figs)):
        d2 = dist2(s.pos[i], (x, y))
        k = a.x[i]
        if m and d2 > (k * prof(s, i).mvt) ** 2:
            return (f"{s.cfg.comp.figs[i].name} covers {float(d2) ** 0.5:.2f}\" but its x = {k} at Mvt "
                    f"{prof(s, i).mvt}\" allows {k * prof(s, i).mvt}\"")
    return "a figure goes too far"


def _uniform(a):
    """The log's "x" is one number for every figure (its slots all equal)."""
    return And(*[a.x[i] == a.x[0] for i in range(1, NF)])


def _unmatched(s, a):
    """Concrete only (a replay message): the first figure whose multiple is missing, or given without a move."""
    names = s.cfg.comp.fig_names
    for i, m in enumerate(members(a.figs)):
        if m and a.x[i] < 1:
            return f"{names[i]} moves but \"x\" gives it no multiple of its Mvt"
    for i, m in enumerate(members(a.figs)):
        if not m and a.x[i]:
            return f"\"x\" gives {names[i]} a multiple, but it does not move"
    return "\"x\" does not match the moving figures"


def mults_need(cite):
    """The log's "x": one multiple for all (every slot the same), or one for each moving
    figure and none for another (kind Multiples)."""
    return Need(cite, "\"x\" gives each moving figure its multiple of Mvt (one number for all, or one per figure), "
                "and no other figure one",
                lambda s, a: And(*[If(m == 1, a.x[i] >= 1, Or(a.x[i] == 0, _uniform(a)))
                                   for i, m in enumerate(members(a.figs))]),
                _unmatched)


def reach_need(cite, mult):
    return Need(cite, "each figure covers at most x times its Mvt, x its own multiple (squared distances compared)",
                lambda s, a: And(*[Implies(m == 1, dist2(s.pos[i], (x, y)) <= _sq(mult * a.x[i] * prof(s, i).mvt))
                                   for i, (m, x, y) in enumerate(triples(a.figs))]),
                _too_far)


def paid(a):
    """The multiples the moving figures pay, summed (§Groupe/3: the sum of the individual costs)."""
    m = members(a.figs)
    return Sum(If(m[i] == 1, a.x[i], 0) for i in range(NF))


# ---------------------------------------------------------------- §Actions/Mouvement
def move_cost(s, a):
    """x points for x times its Mvt, each figure its own x (§Actions/Mouvement), summed over a group (§Groupe/3),
    +2 per figure that leaves a càc (§Actions/Mouvement): in base contact with an enemy where it
    starts and with none where it ends, or (option leave_melee=start) in contact where it starts."""
    m = members(a.figs)
    # (no fork on is_sym to skip the figures the argument leaves out: the sum is the same,
    # and without it the rule compiles, kernel/compile/)
    return paid(a) + 2 * Sum(If(And(m[i] == 1, _leaves(s, a, i)), 1, 0) for i in range(NF))


def _leaves(s, a, i):
    """Figure i leaves a càc by this move, as option leave_melee reads 'quitter': `leaves`,
    in base contact with an enemy where it starts and with none where it ends; `each`, out
    of contact at the end with some enemy it touched at the start; `start`, in contact where
    it starts."""
    how = s.cfg.opt("leave_melee")
    if how == "start":
        return engaged(s, i)
    if how == "leaves":
        return And(engaged(s, i), Not(engaged(s, i, _to(a, i))))
    n = len(s.cfg.comp.figs)
    return Or(*[And(alive(s, j), contact(s, i, j), Not(contact(s, i, j, _to(a, i))))
                for j in range(n) if owner(s, j) != owner(s, i)])


def _to(a, i):
    """Where figure i's move ends (a Moves argument: flag, x, y per slot)."""
    return (a.figs[3 * i + 1], a.figs[3 * i + 2])


def _moves(s):
    """x = 1..3 times Mvt along each axis (one Mvt also turning to face the first foe, as
    §Actions/Orientation lets a move do for free), then the whole side one Mvt along each axis."""
    p, mine, foes = side(s)
    figs = s.cfg.comp.figs
    for i in mine:
        for x in (1, 2, 3):
            for dx, dy in AXES:
                to = (s.pos[i][0] + dx * x * figs[i].prof.mvt, s.pos[i][1] + dy * x * figs[i].prof.mvt)
                yield args(p, figs=moves_arg(i, to, len(figs)), x=every(x), face=None, centre=None)
                v = (s.pos[foes[0]][0] - to[0], s.pos[foes[0]][1] - to[1]) if foes else (0, 0)
                if x == 1 and v != (0, 0):
                    yield args(p, figs=moves_arg(i, to, len(figs)), x=every(x), face=v, centre=None)
    if whole_side(s, p, mine):
        for dx, dy in AXES:
            tos = {i: (s.pos[i][0] + dx * figs[i].prof.mvt, s.pos[i][1] + dy * figs[i].prof.mvt) for i in mine}
            yield args(p, figs=flat(tos, len(figs)), x=every(1), face=None, centre=whole_side(s, p, mine)[1])


MOVE = Action(
    "act.move", "§Actions/Mouvement", "a figure or a group moves: each figure x Rsv points for x times its Mvt, its own x; "
    "a group pays the sum (§Groupe/3)",
    params=(Param("figs", Moves(), "each moving figure and the point it reaches"),
            Param("x", Multiples(), "the multiple of Mvt each figure covers and pays for (x points for x times its Mvt): "
                  "one number for every figure, or one per figure {\"h1\": 4, \"h2\": 1}; a group pays the sum"),
            FACE, CENTRE),
    needs=(turn_need(), own_need(), *group_needs(), mults_need("§Actions/Mouvement"), reach_need("§Actions/Mouvement", 1),
           face_need(),
           cost_need("§Actions/Mouvement", move_cost, "the move's cost")),
    effect=lambda s, a: advance(spend(_moved(s, a), a.p, move_cost(s, a))),
    phases=("play",), goes=("play", "close"), propose=_moves,
)


# ---------------------------------------------------------------- §Actions/Orientation
def reorient_cost(s, a):
    return If(count(a) >= 2, decide(R_REORIENT, s, a), 1)


def _reorient(s, a):
    m = members(a.figs)
    face = tuple((If(m[i] == 1, a.face[0], s.face[i][0]), If(m[i] == 1, a.face[1], s.face[i][1])) for i in range(NF))
    return advance(spend(s.but(face=face), a.p, reorient_cost(s, a)))


def _reorients(s):
    """Each figure, then the whole side, facing each figure of the others."""
    p, mine, foes = side(s)
    g = whole_side(s, p, mine)
    turns = [(one(i, len(s.cfg.comp.figs)), s.pos[i], None) for i in mine] + ([(g[0], g[1], g[1])] if g else [])
    for figs, at, centre in turns:
        for j in foes:
            v = (s.pos[j][0] - at[0], s.pos[j][1] - at[1])
            if v != (0, 0):
                yield args(p, figs=figs, face=v, centre=centre)


REORIENT = Action(
    "act.reorient", "§Actions/Orientation", "a figure or a group turns to a new facing without moving (1 point)",
    params=(Param("figs", Group(), "the figures turning"), Param("face", Point(), "the new facing, a direction"), CENTRE),
    needs=(turn_need(), own_need(), *group_needs(), face_need(),
           cost_need("§Actions/Orientation", reorient_cost, "the reorientation's cost")),
    effect=_reorient, phases=("play",), goes=("play", "close"), propose=_reorients,
)


# ---------------------------------------------------------------- duels (shot, charge, melee)
def _all_behind(s, a, t):
    m = members(a.figs)
    return And(*[Implies(m[i] == 1, behind(s, a.target, i)) for i in range(NF)])


def _open_duel(s, a, kind, stat):
    """A shot or melee is declared: the attacker's side bonus is fixed now (Tir or Cbt,
    +1 per extra figure of a group, +1 in the back), less the target's side's extra fighters in
    a melee (option melee_defenders); both sides then bid secretly."""
    bonus = group_stat(s, a, stat) + (count(a) - 1) + If(_all_behind(s, a, a.target), 1, 0)
    if kind == MELEE:  # an argument, not a state value: a shot has no side but the target
        bonus = bonus - decide(R_DEFENDERS, s, a)
    return s.but(phase=DUEL, d_kind=kind, d_att=members(a.figs), d_tgt=a.target, d_bonus=bonus,
                 d_bid=(0, 0), d_has=(False, False))


def sight_need(cite):
    return Need(cite, "every figure has the target in line of sight (not behind it)",
                lambda s, a: decide(R_ABEAM, s, a), lambda s, a: "the target is behind a figure")


def _heavy(s, i):
    return prof(s, i).weapon == "heavy"


def _shoot(s, a):
    m = members(a.figs)
    loaded = tuple(If(And(m[i] == 1, _heavy(s, i)), False, s.loaded[i]) for i in range(NF))
    return _open_duel(spend(s.but(loaded=loaded), a.p, 1), a, SHOT, "tir")


def _pairs(s, each):
    """The candidates `each(p, i, j)` gives for each figure i of the side acting and each figure j of the others."""
    p, mine, foes = side(s)
    for i in mine:
        for j in foes:
            yield from each(p, i, j)


def _shots(s):
    """Each armed figure, then the whole side, at each figure of the others."""
    p, mine, foes = side(s)
    figs, g = s.cfg.comp.figs, whole_side(s, p, mine)
    for i in mine:
        if figs[i].prof.weapon != "none":
            yield from (args(p, figs=one(i, len(figs)), target=j, centre=None) for j in foes)
    if g:
        yield from (args(p, figs=g[0], target=j, centre=g[1]) for j in foes)


SHOOT = Action(
    "act.shoot", "§Actions/Tir", "a figure (or a group: §Groupe/4) shoots at a target for 1 point; the bids follow",
    params=(Param("figs", Group(), "the shooters"), TARGET, CENTRE),
    needs=(turn_need(), own_need(), *group_needs(), *target_needs(),
           Need("§Actions/Charge", "every shooter carries a shooting weapon (Trolls and Dragons have none)",
                lambda s, a: And(*[Implies(members(a.figs)[i] == 1, prof(s, i).weapon != "none") for i in range(NF)]),
                lambda s, a: "a figure named has no shooting weapon"),
           Need("§Actions/Rechargement", "a heavy weapon is loaded",
                lambda s, a: And(*[Implies(members(a.figs)[i] == 1, s.loaded[i]) for i in range(NF) if _heavy(s, i)]),
                lambda s, a: "a heavy weapon named must be reloaded first"),
           Need("§Actions/Tir", "no heavy weapon shoots into a càc",
                lambda s, a: decide(R_HEAVY, s, a), lambda s, a: "the target is in a càc"),
           sight_need("§Actions/Tir"),
           cost_need("§Actions/Tir", lambda s, a: 1, "1 point to start the shot")),
    effect=_shoot, phases=("play",), goes=("duel",), propose=_shots,
)


def charge_cost(s, a):
    """Twice a move's cost (§Actions/Charge): 2x points for x times its Mvt, each charger its
    own x, summed over a group (§Groupe/3)."""
    return 2 * paid(a)


def _charge(s, a):
    t = spend(_moved(s, a), a.p, charge_cost(s, a))
    return _open_duel(t, a, MELEE, "cbt")


CHARGE = Action(
    "act.charge", "§Actions/Charge", "a figure (or group) charges a target in sight: twice a move's cost; "
    "it ends in base contact and starts a melee, whose bids follow",
    params=(Param("figs", Moves(), "each charging figure and the point where it meets the target"), TARGET,
            Param("x", Multiples(), "the multiple of Mvt each charger covers (2x points for x times its Mvt): one "
                  "number for every figure, or one per figure; a group pays the sum"), FACE, CENTRE),
    needs=(turn_need(), own_need(), *group_needs(), *target_needs("§Actions/Charge"), sight_need("§Actions/Charge"),
           mults_need("§Actions/Charge"), reach_need("§Actions/Charge", 1), face_need(),
           Need("§Actions/Charge", "each charger ends in base contact with the target",
                lambda s, a: And(*[Implies(m == 1, touching((x, y), s.pos[a.target], half(prof(s, i).base + prof(s, a.target).base)))
                                   for i, (m, x, y) in enumerate(triples(a.figs))]),
                lambda s, a: "a charger stops short of the target"),
           cost_need("§Actions/Charge", charge_cost, "the charge's cost (twice the move)")),
    effect=_charge, phases=("play",), goes=("duel",),
    propose=lambda s: _pairs(s, lambda p, i, j: (args(p, figs=figs, target=j, x=every(x), face=None, centre=None)
                                                 for figs, x in charges(s, i, j))),
)

MELEE_ACT = Action(
    "act.melee", "§Actions/Corps à corps", "a figure (or group) in base contact fights a target: 1 point, then the bids",
    params=(Param("figs", Group(), "the fighters"), TARGET, CENTRE),
    needs=(turn_need(), own_need(), *group_needs(), *target_needs("§Actions/Corps à corps"),
           Need("§Actions/Corps à corps", "every fighter is in base contact with the target",
                lambda s, a: And(*[Implies(members(a.figs)[i] == 1, contact(s, i, a.target)) for i in range(NF)]),
                lambda s, a: "a fighter is not in contact"),
           cost_need("§Actions/Corps à corps", lambda s, a: 1, "1 point to start the melee")),
    effect=lambda s, a: _open_duel(spend(s, a.p, 1), a, MELEE, "cbt"), phases=("play",), goes=("duel",),
    propose=lambda s: _pairs(s, lambda p, i, j: (args(p, figs=one(i, len(s.cfg.comp.figs)), target=j, centre=None),)
                             if contact(s, i, j) else ()),
)


def defender(s):
    return Lookup(tuple(f.owner for f in s.cfg.comp.figs), s.d_tgt)


def _side(s, a):
    """0 if the bidder is the attacking player, 1 if he owns the target."""
    return If(And(actor(s) == a.p, Not(s.d_has[0])), 0, 1)


def _bid(s, a):
    side = _side(s, a)
    bid = (If(side == 0, a.amount, s.d_bid[0]), If(side == 1, a.amount, s.d_bid[1]))
    has = (Or(s.d_has[0], side == 0), Or(s.d_has[1], side == 1))
    t = spend(s, a.p, a.amount).but(d_bid=bid, d_has=has)
    # both bids in: resolve (§Actions/Tir; §Actions/Corps à corps)
    both = And(*has)
    diff = bid[0] + s.d_bonus - (bid[1] + lookup_fig(s, "cbt", s.d_tgt))
    melee = s.d_kind == MELEE
    pdv = tuple(
        If(both,
           If(s.d_tgt == i, Max(0, s.pdv[i] - Max(0, diff)),
              If(And(melee, s.d_att[i] == 1, diff < 0), Max(0, s.pdv[i] + diff), s.pdv[i])),
           s.pdv[i])
        for i in range(NF))
    tie = And(both, melee, diff == 0)
    recoil = tuple(If(tie, Or(s.d_att[i] == 1, s.d_tgt == i), s.recoil[i]) for i in range(NF))
    after = advance(t)
    done = And(both, Not(tie))
    return t.but(pdv=pdv, recoil=recoil,
                 phase=If(done, after.phase, If(tie, RECOIL, t.phase)),
                 step=If(done, after.step, t.step), solo=If(done, after.solo, t.solo),
                 d_kind=If(both, 0, s.d_kind))


BID = Action(
    "duel.bid", "§Actions/Tir", "the attacking player and the target's player each bid Rsv points, secretly; "
    "once both are in, the difference (attacker's bid + Tir or Cbt + bonuses) - (target's bid + Cbt), if positive, "
    "is taken from the target's PdV (in a melee a negative one from the attackers'; a tie makes both recoil)",
    params=(Param("amount", Int(0, 60), "the Rsv points bid"),),
    needs=(
        Need("§Actions/Tir", "he is the attacking player or owns the target, and has not bid yet",
             lambda s, a: Or(And(actor(s) == a.p, Not(s.d_has[0])), And(defender(s) == a.p, Not(s.d_has[1]))),
             lambda s, a: "he has no bid to make in this duel"),
        Need("§Actions/Tir", "a bid is paid from his Rsv", lambda s, a: a.amount <= s.rsv[a.p],
             lambda s, a: f"bids {a.amount}, Rsv {s.rsv[a.p]}"),
    ),
    effect=_bid, phases=("duel",), goes=("duel", "play", "recoil", "close"),
    propose=lambda s: (args(p, amount=n) for p in range(3) for n in range(min(s.rsv[p], 4) + 1)),
)


def _recoil(s, a):
    pending = put(s.recoil, a.fig, False)
    t = s.but(pos=put(s.pos, a.fig, a.to), recoil=pending)
    after = advance(t)
    done = Not(Or(*pending))
    return t.but(phase=If(done, after.phase, RECOIL), step=If(done, after.step, t.step), solo=If(done, after.solo, t.solo))


# A recoil straight away along a diagonal ends on an irrational point, which no log can write
# (a length is an exact whole number, fraction or decimal): the point recorded is accepted
# within 1/SLACK inch of the exact one, across the line and along it. No measure of the text is
# finer than an inch; a hundredth is finer than any table measures (docs/trolls.md "Lengths").
SLACK = 100


def _recoil_off(s, a):
    """(the recoil's step, the line from the opponent to the figure, the opponent's base)."""
    d = sub(a.to, s.pos[a.fig])
    out = sub(s.pos[a.fig], s.pos[a.away])
    return d, out, prof(s, a.away).base


def _away_ok(s, a):
    """Away from the opponent (any way when both stand on one point: gap recoil_direction), the
    point off the line by at most 1/SLACK (|cross| / |out|), its distance within 1/SLACK of b."""
    d, out, b = _recoil_off(s, a)
    c, short, long = cross(d, out), Max(SLACK * b - 1, 0), SLACK * b + 1
    far, n2 = SLACK * SLACK * dot(d, d), dot(out, out)
    away = Or(n2 == 0, And(dot(d, out) > 0, SLACK * SLACK * c * c <= n2))
    return And(away, short * short <= far, far <= long * long)


def _away_show(s, a):
    d, out, b = _recoil_off(s, a)
    return (f"steps {dot(d, d)} (squared) from where it stood, the base being {b}; "
            f"{'away from' if dot(d, out) > 0 else 'not away from'} the opponent, off the line by "
            f"{abs(cross(d, out))}/sqrt({dot(out, out)}) inch; each within 1/{SLACK}\"")


RECOIL_ACT = Action(
    "melee.recoil", "§Actions/Corps à corps", "after a tied melee, each fighter steps back, straight away from "
    "his opponent, by the size of that opponent's base",
    params=(Param("fig", Name(fnames, "figure"), "the figure stepping back"),
            Param("away", Name(fnames, "figure"), "the opponent it steps away from"),
            Param("to", Point(), "where it stands after the recoil")),
    needs=(
        Need("§Actions/Corps à corps", "the figure is his and still has to recoil",
             lambda s, a: And(s.recoil[a.fig], owner(s, a.fig) == a.p), lambda s, a: "no recoil pending for this figure"),
        Need("§Actions/Corps à corps", "it steps away from one of its opponents in this melee",
             lambda s, a: Or(And(s.d_tgt == a.fig, s.d_att[a.away] == 1), And(s.d_att[a.fig] == 1, s.d_tgt == a.away)),
             lambda s, a: "that figure is not its opponent"),
        Need("§Actions/Corps à corps", "straight away from the opponent, by the size of the opponent's base "
             "(within a hundredth of an inch: a diagonal's exact point cannot be written)", _away_ok, _away_show),
    ),
    effect=_recoil, phases=("recoil",), goes=("play", "close"),
    propose=lambda s: (args(owner(s, i), fig=i, away=j, to=to)
                       for i in range(len(s.cfg.comp.figs)) if s.recoil[i] for j, to in recoils(s, i)),
)


# ---------------------------------------------------------------- §Actions/Rechargement
RELOAD = Action(
    "act.reload", "§Actions/Rechargement", "a heavy weapon is reloaded: 2 points",
    params=(Param("fig", Name(fnames, "figure"), "the figure reloading"),),
    needs=(turn_need(),
           Need("§Actions/Rechargement", "his own living figure, with an unloaded heavy weapon",
                lambda s, a: And(owner(s, a.fig) == a.p, alive(s, a.fig), _heavy(s, a.fig), Not(s.loaded[a.fig])),
                lambda s, a: "not a figure with an unloaded heavy weapon of his"),
           cost_need("§Actions/Rechargement", lambda s, a: 2, "2 points")),
    effect=lambda s, a: advance(spend(s.but(loaded=put(s.loaded, a.fig, True)), a.p, 2)),
    phases=("play",), goes=("play", "close"),
    propose=lambda s: (args(side(s)[0], fig=i) for i in side(s)[1] if prof(s, i).weapon == "heavy"),
)


# ---------------------------------------------------------------- §Actions/Destruction
def destroy_cost(s, a):
    return 1 + a.bid


def _destroy(s, a):
    o = s.cfg.comp.objs[a.obj]
    left = Max(0, s.struct[a.obj] - (prof(s, a.fig).cbt + a.bid))
    t = s.but(struct=put(s.struct, a.obj, left),
              points=put(s.points, a.p, s.points[a.p] + If(left == 0, o.points, 0)))
    return advance(spend(t, a.p, destroy_cost(s, a)))


def _demolitions(s):
    """Each figure within reach of a standing objective, bidding 0, 2 or 4."""
    p, mine, _ = side(s)
    c = s.cfg.comp
    for i in mine:
        for o, ob in enumerate(c.objs):
            r = half(c.figs[i].prof.base + ob.size)
            if s.struct[o] > 0 and (s.pos[i][0] - ob.pos[0]) ** 2 + (s.pos[i][1] - ob.pos[1]) ** 2 <= r * r:
                yield from (args(p, fig=i, obj=o, bid=bid) for bid in (0, 2, 4))


DESTROY = Action(
    "act.destroy", "§Actions/Destruction", "a figure in contact with an objective demolishes it: 1 point to start, "
    "then a bid with no answer; Cbt + bid comes off its structure",
    params=(Param("fig", Name(fnames, "figure"), "the figure"), Param("obj", Name(onames, "objective"), "the objective"),
            Param("bid", Int(0, 60), "the Rsv points bid")),
    needs=(turn_need(),
           Need("§Actions/Destruction", "his own living figure, in base contact with a standing objective",
                lambda s, a: And(owner(s, a.fig) == a.p, alive(s, a.fig), s.struct[a.obj] > 0,
                                 touching(s.pos[a.fig], s.cfg.comp.objs[a.obj].pos,
                                          half(prof(s, a.fig).base + s.cfg.comp.objs[a.obj].size))),
                lambda s, a: "not his figure, not in contact, or the objective is already destroyed"),
           cost_need("§Actions/Destruction", destroy_cost, "1 point + the bid")),
    effect=_destroy, phases=("play",), goes=("play", "close"), propose=_demolitions,
)

ACTIONS = (MOVE, REORIENT, SHOOT, CHARGE, MELEE_ACT, BID, RECOIL_ACT, RELOAD, DESTROY)
