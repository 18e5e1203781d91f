"""z3 over one Need: arguments whose first failing Need is the one asked for, found by z3
or by enumeration, then checked concretely."""
from __future__ import annotations

import itertools
from fractions import Fraction
from types import SimpleNamespace
from typing import Any, Iterator

import z3

from ...model.kernel import Game, Undecided
from .. import work
from ...model.kernel.logic import Not, Sym, SymbolicBranch
from ...model.kernel.rules import Int, Name, Names, Player
from ..symbolic import _sym_param, leaves as value_leaves
from .conjuncts import conjunct_holds, conjunct_target
from .limits import _holds


def _split(act: Any, cfg: Any) -> tuple[list, list, list]:
    """Params made symbolic (z3 values that decode back into a log field), enumerated
    (small finite domains), or kept from the template."""
    sym, enum, fixed = [], [], []
    for prm in act.params:
        k = prm.kind
        if isinstance(k, Int) and not k.enum:
            sym.append(prm)
        elif isinstance(k, Names):
            sym.append(prm)
        elif isinstance(k, Name) and k.sym:
            sym.append(prm)
        elif k.solvable and not (prm.optional and prm.default is None):
            sym.append(prm)  # an optional field left out has a meaning of its own: kept from the template
        elif k.domain(cfg) is not None:
            enum.append(prm)
        else:
            fixed.append(prm)
    return sym, enum, fixed


def _sym_args(act: Any, cfg: Any, a: Any) -> tuple[SimpleNamespace, list]:
    """`a` with the arguments solve() makes symbolic replaced by their z3 variables, and the
    (variable, value) pairs that give them back."""
    sym, _, _ = _split(act, cfg)
    out, pairs = dict(a.__dict__), []
    for prm in sym:
        v, vs, _ = _z3_param(prm, cfg, f"x.{prm.name}")
        out[prm.name] = v
        cur = getattr(a, prm.name, None)
        vals = cur if isinstance(cur, tuple) else (cur,)
        if len(vals) != len(vs) or not all(isinstance(x, (int, Fraction)) for x in vals):
            return SimpleNamespace(**a.__dict__), []
        pairs += [(z, _z3_number(z, x)) for z, x in zip(vs, vals)]
    return SimpleNamespace(**out), pairs


def _writable(prm: Any, cfg: Any, v: Any) -> bool:
    """A value z3 chose reads back from its log field as itself."""
    from ...model.kernel.rules import BadField

    players = tuple(f"P{i}" for i in range(cfg.extra.get("nplayers", 2)))
    try:
        return prm.kind.decode(prm.kind.encode(v, cfg, players), cfg, players) == v
    except (BadField, ValueError, TypeError, IndexError):
        return False


def _z3_number(z: Any, x: int | Fraction) -> Any:
    """x as a z3 value of z's sort (a Real for a length in inches)."""
    if z.sort() == z3.RealSort():
        return z3.RealVal(f"{Fraction(x).numerator}/{Fraction(x).denominator}")
    return z3.IntVal(int(x))


def _number(v: Any) -> int | Fraction:
    """A z3 model's number as the rules read it: an int, or a Fraction when not whole (an
    irrational one, from a distance equation, is approximated: the caller checks the
    arguments concretely, so an approximation that misses is dropped there)."""
    if z3.is_algebraic_value(v):
        v = v.approx(12)
    if z3.is_rational_value(v):
        f = Fraction(v.numerator_as_long(), v.denominator_as_long())
        return f.numerator if f.denominator == 1 else f
    return v.as_long()


def _z3_param(prm: Any, cfg: Any, name: str):
    """The symbolic param of the checks (symbolic._sym_param) with its z3 variables."""
    v, cs = _sym_param(prm, cfg, name)
    return v, [x.t for x in value_leaves(v)], cs


def _combos(doms: list, limit: int = 20000) -> Iterator[tuple]:
    """The combinations of the enumerated arguments, those closest to the template (its
    values come first in each domain) first: all of the template, then one value changed,
    then two... (so that a bounded search still tries another player, another card)."""
    sizes = [len(d) for _, d in doms]
    n = 1
    for k in sizes:
        n *= k
    if n > limit:
        yield from itertools.product(*[d for _, d in doms])
        return
    idx = sorted(itertools.product(*[range(k) for k in sizes]), key=lambda c: sum(1 for x in c if x))
    for c in idx:
        yield tuple(d[x] for (_, d), x in zip(doms, c))


def solve(game: Game, s: Any, act: Any, j: int, template: Any, combos_max: int = 60, conj: int | tuple | None = None):
    """Arguments for `act` at the concrete state s whose first failing Need is the j-th:
    z3 over the Needs' tests (the other Needs hold if it can, else only the ones before),
    then checked concretely. With `conj`, the j-th Need fails by that conjunct only (its
    other conjuncts hold). Returns (args, exact, how) or None."""
    from ..symbolic import term

    cfg = s.cfg
    needs = game.needs(act)

    def others_hold(b: Any) -> bool:  # every Need but the target holds (or cannot tell)
        return all(_holds(n, s, b) is not False for k, n in enumerate(needs) if k != j)

    sym, enum, fixed = _split(act, cfg)
    players = [None] if act.by == "chance" else list(range(cfg.extra.get("nplayers", 2)))
    doms = [("p", _first(players, template.p))]
    for prm in enum:
        dom = list(prm.kind.domain(cfg)) + ([prm.default] if prm.optional else [])
        doms.append((prm.name, _first(dom, getattr(template, prm.name, None))))
    zs, side, values = [], [], {}
    for prm in sym:
        v, vs, cs = _z3_param(prm, cfg, f"x.{prm.name}")
        values[prm.name], side = v, side + cs
        zs.append((prm, vs))
    order = [j] + list(range(j))  # the target first, then the Needs before it: most combos stop early
    for n, combo in enumerate(_combos(doms)):
        if n >= combos_max:
            break
        base = {k: v for (k, _), v in zip(doms, combo)}
        for prm in fixed:
            base[prm.name] = getattr(template, prm.name, prm.default)
        a = SimpleNamespace(**base, **values)
        terms: list = [None] * len(needs)
        try:
            dead = False
            for k in order + list(range(j + 1, len(needs))):
                if needs[k].concrete_only:
                    if k == j:
                        dead = True
                        break
                    continue
                t = needs[k].test(s, a)
                if k == j and conj is not None:
                    t = conjunct_target(needs[k], s, a, conj)
                    if t is None:
                        dead = True
                        break
                    t = Not(t)  # the target "fails" when the chosen conjunct alone fails
                terms[k] = t
                if type(t) is not Sym and (bool(t) if k == j else (k < j and not t)):
                    dead = True  # the target cannot fail, or a Need before it cannot hold
                    break
            if dead:
                continue
        except (SymbolicBranch, Undecided, TypeError, IndexError, KeyError, AttributeError, ValueError):
            continue
        before = [t for t in terms[:j] if t is not None]
        after = [t for t in terms[j + 1:] if t is not None]
        for exact in (True, False):
            got = _model(z3, term, side, before, terms[j], after if exact else [], zs, template, cfg)
            if got is None:
                continue
            if not all(_writable(prm, cfg, got[prm.name]) for prm, _ in zs if prm.kind.solvable):
                continue  # a value no log can hold (a move of no figure: an empty object)
            b = SimpleNamespace(**base, **got)
            fail = _first_failing(game, s, act, b)
            if fail == j and (conj is None or conjunct_holds(needs[j], s, b, conj)):
                how = "found by z3" if zs else "found by enumerating the arguments"
                return b, others_hold(b), how
    if conj is not None:
        return None
    # a concrete-only Need (it reads detail z3 does not see): unit changes of a legal move's
    # arguments; when the one found breaks a later Need too, a second unit change of another
    # argument that mends it (e.g. a card drawn changed, then the card put under with it)
    first = None
    for b in neighbours(act, template, cfg):
        if _first_failing(game, s, act, b) == j:
            if others_hold(b):
                return b, True, "found by a unit change of a candidate move's arguments"
            first = first or b
    if first is None:
        return None
    changed = {p.name for p in act.params if getattr(first, p.name, None) != getattr(template, p.name, None)}
    for c in neighbours(act, first, cfg):
        if any(getattr(c, n, None) != getattr(first, n, None) for n in changed):
            continue
        if _first_failing(game, s, act, c) == j and others_hold(c):
            return c, True, "found by two unit changes of a candidate move's arguments"
    return first, False, "found by a unit change of a candidate move's arguments"


def neighbours(act: Any, a: Any, cfg: Any, limit: int = 400) -> Iterator[SimpleNamespace]:
    """Arguments one unit away from a: a number +-1, one name more or fewer in a list, one
    name of a list replaced by another, another name, another player."""
    n = 0
    for prm in act.params:
        v, k = getattr(a, prm.name, None), prm.kind
        alts: list = []
        if isinstance(k, Int) and isinstance(v, int):
            alts = [v + d for d in (-1, 1) if k.lo <= v + d <= k.hi]
        elif isinstance(k, Names) and isinstance(v, tuple):
            alts = [v[:i] + (v[i] + d,) + v[i + 1:] for i in range(len(v)) for d in (-1, 1)
                    if v[i] + d >= 0 and sum(v) + d <= k.most]
            # and one name replaced by another (as many names: a Need on the count still holds)
            alts += [tuple(x - (n == i) + (n == o) for n, x in enumerate(v))
                     for i in range(len(v)) if v[i] for o in range(len(v)) if o != i]
        elif isinstance(k, Name) and isinstance(v, int):
            alts = [x for x in range(len(k.names(cfg))) if x != v]
        elif isinstance(k, Player) and isinstance(v, int):
            alts = [x for x in range(cfg.extra.get("nplayers", 2)) if x != v]
        elif v is not None and not isinstance(k, (Int, Names, Name, Player)):
            alts = list(_unit_changes(prm, v, cfg))
        for x in alts:
            yield SimpleNamespace(**{**a.__dict__, prm.name: x})
            n += 1
            if n >= limit:
                return


FEW = 64  # a parameter of the game's own kind with at most this many values: each is a neighbour


def _unit_changes(prm: Any, v: Any, cfg: Any) -> Iterator[Any]:
    """Values of a parameter of the game's own kind next to v: every other value when its
    symbolic form lists at most FEW (a character, a token); else those one unit away in
    its log form, a whole number +-1 or one number of a list of them (a square [x, y]: the
    four next to it); only those the field reads back."""
    from ...model.kernel.rules import BadField

    players = tuple(f"P{i}" for i in range(cfg.extra.get("nplayers", 2)))
    try:
        dom = getattr(prm.kind.symbolic(cfg, f"near.{prm.name}")[0], "dom", None)
    except (NotImplementedError, AttributeError, TypeError):
        dom = None
    if dom is not None and len(dom) <= FEW:
        yield from (x for x in dom if x != v and _writable(prm, cfg, x))
        return
    try:
        raw = prm.kind.encode(v, cfg, players)
    except (BadField, ValueError, TypeError, IndexError, KeyError):
        return
    if type(raw) is int:
        near = [raw - 1, raw + 1]
    elif type(raw) is list and raw and all(type(x) is int for x in raw):
        near = [raw[:i] + [raw[i] + d] + raw[i + 1:] for i in range(len(raw)) for d in (-1, 1)]
    else:
        return
    for r in near:
        try:
            x = prm.kind.decode(r, cfg, players)
        except (BadField, ValueError, TypeError, IndexError, KeyError):
            continue
        if x != v:
            yield x


def _fits(act: Any, a: Any, cfg: Any) -> bool:
    """Arguments seen in another game fit this one (its players exist here, its lists of
    names are as long as this configuration's)."""
    n = cfg.extra.get("nplayers", 2)
    ps = [a.p] + [getattr(a, p.name, None) for p in act.params if isinstance(p.kind, Player)]
    lists = [(getattr(a, p.name, None), p.kind) for p in act.params if isinstance(p.kind, Names)]
    return (all(x is None or (isinstance(x, int) and x < n) for x in ps)
            and all(not isinstance(v, tuple) or len(v) == len(k.names(cfg)) for v, k in lists))


def _first(dom: list, v: Any) -> list:
    return ([v] + [x for x in dom if x != v]) if v in dom else dom


def _first_failing(game: Game, s: Any, act: Any, a: Any) -> int | None:
    try:
        for k, need in enumerate(game.needs(act)):
            if not need.test(s, a):
                return k
    except Undecided:
        return -1
    except Exception:  # noqa: BLE001
        return -2
    return None


def _model(z3: Any, term: Any, side: list, before: list, target: Any, after: list, zs: list, template: Any,
           template_cfg: Any = None):
    """Values of the symbolic params (or {} when none): before and after hold, target fails;
    as close to the template's values as z3 finds (fewest changes)."""
    plain = [t for t in before + after + [target] if type(t) is not Sym]
    if any(not t for t in before + after if type(t) is not Sym) or (type(target) is not Sym and target):
        return None
    if not zs:
        return {} if not any(type(t) is Sym for t in before + after + [target]) else None
    if any(v.sort() == z3.RealSort() for _, vs in zs for v in vs):
        return _real_model(z3, term, side, before, target, after, zs, template)
    opt = _posed(z3.Optimize(), 2 * work.QUERY_UNITS, term, side, before, target, after)
    dist = [z3.If(v >= c, v - c, c - v) for v, x in _paired(zs, template) if isinstance(x, (int, Fraction))
            for c in (_z3_number(v, x),)]
    if dist:
        opt.minimize(z3.Sum(dist))
    del plain
    if opt.check() != z3.sat:
        return None
    return _values(opt.model(), zs)


def _posed(solver: Any, units: int, term: Any, side: list, before: list, target: Any, after: list) -> Any:
    """The solver, limited, asked for: the side constraints, before and after holding, target failing."""
    work.limited(solver, units)
    solver.add(*side)
    solver.add(*[term(t) for t in before + after if type(t) is Sym])
    solver.add(z3.Not(term(target)) if type(target) is Sym else z3.BoolVal(True))
    return solver


def _paired(zs: list, template: Any) -> Iterator[tuple]:
    """(z3 leaf, the template's value for it) of every symbolic param."""
    for prm, vs in zs:
        tv = getattr(template, prm.name, None)
        yield from zip(vs, tv if isinstance(tv, tuple) else (tv,))


def _values(m: Any, zs: list) -> dict:
    """The params' values in the model m, as the rules read them."""
    out = {}
    for prm, vs in zs:
        vals = [_number(m.eval(v, model_completion=True)) for v in vs]
        out[prm.name] = tuple(vals) if isinstance(prm.kind, Names) or prm.kind.solvable else vals[0]
    return out


def _real_model(z3: Any, term: Any, side: list, before: list, target: Any, after: list, zs: list, template: Any):
    """_model for arguments with lengths (z3 Reals, Trolls' points): a plain solver, as
    z3's optimiser over distances (products of reals) runs for minutes; closeness to the
    template is asked of the whole-number leaves only (a group's members), as assumptions
    dropped when they cannot hold."""
    sv = _posed(z3.Solver(), work.QUERY_UNITS, term, side, before, target, after)
    keep = [v == x for v, x in _paired(zs, template) if v.sort() == z3.IntSort() and isinstance(x, int)]
    if sv.check(*keep) != z3.sat and (not keep or sv.check() != z3.sat):
        return None
    return _values(sv.model(), zs)
