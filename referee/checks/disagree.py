"""Where two readings of the rules play a move otherwise, as a situation a search can climb
(distance.py): the formula, over the state before a move and the move's arguments, of
"the move is legal under the first reading, and the second refuses it or leaves another
state". Both readings are configurations (an option's two values, a value pinned to two
sources: disputed.py), and the formula is z3's: each action's Needs and effect run on one
symbolic state under each configuration, compared field by field along the terms' shared
structure (_apart), so the search is led to the condition where they part.

The cost is symbolic (Welcome's Omnipotence: about 1.5 s): only the actions whose traced
rules read the point are run at every instance (a rule never branches on a value, so one
trace on stand-ins sees every option it reads, kernel/compile/); an action that cannot be
traced is run at its first instance, and at the others only if that one plays otherwise.
Games whose effects fork on concrete values (Game.concrete_forks) get no formula: their
symbolic effects are not the moves played, and are the costly ones (Twister: 110 s for
its `end` option)."""
from __future__ import annotations

import dataclasses
from typing import Any

import z3

from ..model.kernel import Game, Sym
from . import distance
from .symbolic import instances, leaves, skeleton_terms, sym_state, term

TAG = "x"  # the symbolic state's and arguments' names (its own: no other check's terms are shared)


def program(game: Game, cfg: Any, other: Any, option: str | None) -> distance.Program:
    """The situation where `other` plays some legal move of `cfg` otherwise (module
    docstring), as distance.py's plain data; () when none is found or the game has none.
    `option`: the option the two readings set otherwise (None for a sourced value)."""
    if game.concrete_forks:
        return ()
    S = sym_state(game, cfg, TAG)
    T = dataclasses.replace(S, cfg=other)
    branches = []
    for act in game.actions:
        reads = _reads(game, cfg, act, option)
        if reads is False:
            continue
        try:
            insts = instances(game, cfg, act, tag=TAG)
        except ValueError:  # too many instances to enumerate: no direction from this action
            continue
        # an optional field a log may declare (Welcome's outcome, HP left) is a value no candidate
        # move proposes: the instance that leaves it out stands for the move
        declared = [p.name for p in act.params if p.optional]
        insts = [i for i in insts if not any(type(x) is Sym for n in declared for x in leaves(getattr(i.args, n)))]
        for k, inst in enumerate(insts):
            got = _otherwise(game, act, inst, S, T)
            if got is None:
                if k == 0 and reads is None:  # not traced, and its first instance plays alike: taken as not reading it
                    break
                continue
            branches.append(got)
    if not branches:
        return ()
    return distance.program([z3.Or(*branches)], distance.places_of(skeleton_terms(S), term))


class _Reading(dict):
    """The options, remembering which a traced rule reads."""

    def __init__(self, options: Any):
        super().__init__(options)
        self.read: set = set()

    def __getitem__(self, k: str) -> Any:
        self.read.add(k)
        return super().__getitem__(k)

    def get(self, k: str, default: Any = None) -> Any:
        self.read.add(k)
        return super().get(k, default)


def _reads(game: Game, cfg: Any, act: Any, option: str | None) -> bool | None:
    """Whether the action's Needs or effect read the option, traced once on stand-ins
    (kernel/compile/: a rule never branches on a value, so one trace sees every option it
    reads); None when a rule of it cannot be traced, or the point is not an option (a
    sourced value is read through the Config, which the trace does not see)."""
    if option is None:
        return None
    from ..model.kernel.compile.emit import attempt
    from ..model.kernel.compile.tracer import Trace

    opts = _Reading(cfg.options)
    tr = Trace(game.state_cls, dataclasses.replace(cfg, options=opts))
    traced = True
    for rule in [n.test for n in game.needs(act)] + [act.effect]:
        _, why, _ = attempt(tr, lambda rule=rule: rule(tr.state(), tr.args(act)))
        traced &= why is None
    if option in opts.read:
        return True
    return False if traced else None


def _otherwise(game: Game, act: Any, inst: Any, S: Any, T: Any) -> Any:
    """The z3 condition under which the instance, legal as S's reading has it, is refused
    or leaves another state under T's; None when never (or not computable symbolically)."""
    try:
        needs = [(term(n.test(S, inst.args)), term(n.test(T, inst.args)))
                 for n in game.needs(act) if not n.concrete_only]
        after, other = game.apply(S, act, inst.args), game.apply(T, act, inst.args)
        fields = list(zip(skeleton_terms(after), skeleton_terms(other)))
    except Exception:  # noqa: BLE001 - a rule that reads what a symbolic state lacks gives no direction
        return None
    memo: dict = {}
    differs = [_apart(term(x), term(y), memo) for (_, x), (_, y) in fields]
    differs = [d for d in differs if not z3.is_false(d)]
    refused = [z3.Not(b) for a, b in needs if not a.eq(b)]
    if not differs and not refused:
        return None
    got = z3.simplify(z3.And(*[a for a, _ in needs], z3.Or(*refused, *differs)))
    return None if z3.is_false(got) else got


_SAME_ARGS = (z3.Z3_OP_ADD, z3.Z3_OP_SUB, z3.Z3_OP_UMINUS, z3.Z3_OP_TO_REAL)  # one operand apart: the result apart


def _apart(x: Any, y: Any, memo: dict) -> Any:
    """A condition under which the terms x and y (the same field after the move, under
    each reading) take different values, written along their shared structure, so that
    a search measuring it (distance.py) is led to the condition where they part (the
    Omnipotence check's two lists of monsters), not only told whether the values differ:
    and/or: the operands alike hold (or fail), the others part; ite: the conditions part,
    or a branch taken parts; a sum with one operand apart parts exactly when it does; a
    comparison parts only if an operand does. Exact except for that last necessary clause."""
    if x.eq(y):
        return z3.BoolVal(False)
    key = (x.get_id(), y.get_id())
    if key in memo:
        return memo[key]
    got = None
    ite_x, ite_y = z3.is_app_of(x, z3.Z3_OP_ITE), z3.is_app_of(y, z3.Z3_OP_ITE)
    if ite_x != ite_y:  # one side is a choice the other is not: along its branches
        c, a, b = (x if ite_x else y).children()
        o = y if ite_x else x
        got = z3.Or(z3.And(c, _apart(a, o, memo)), z3.And(z3.Not(c), _apart(b, o, memo)))
    elif _is_sum(x) and _is_sum(y):  # the operands both sums have cancel out
        xs, ys = _terms(x), _terms(y)
        for t in list(xs):
            k = next((i for i, u in enumerate(ys) if u.eq(t)), None)
            if k is not None:
                xs = [u for u in xs if u is not t]
                del ys[k]
        if len(xs) + len(ys) < len(_terms(x)) + len(_terms(y)):
            got = _apart(_sum(xs, x), _sum(ys, y), memo)
    if got is None and (z3.is_app(x) and z3.is_app(y) and x.num_args() and x.num_args() == y.num_args()
            and x.decl().kind() == y.decl().kind() and x.decl().kind() != z3.Z3_OP_UNINTERPRETED):
        k, xs, ys = x.decl().kind(), x.children(), y.children()
        if k in (z3.Z3_OP_AND, z3.Z3_OP_OR):
            same = [a for a, b in zip(xs, ys) if a.eq(b)]
            dx = [a for a, b in zip(xs, ys) if not a.eq(b)]
            dy = [b for a, b in zip(xs, ys) if not a.eq(b)]
            conj = z3.And if k == z3.Z3_OP_AND else z3.Or
            base = z3.And(*same) if k == z3.Z3_OP_AND else z3.Not(z3.Or(*same))
            got = z3.And(base, z3.Xor(conj(*dx), conj(*dy))) if same else z3.Xor(conj(*dx), conj(*dy))
        elif k == z3.Z3_OP_NOT:
            got = _apart(xs[0], ys[0], memo)
        elif k == z3.Z3_OP_ITE:
            c, d = xs[0], ys[0]
            branches = z3.Or(z3.And(c, _apart(xs[1], ys[1], memo)), z3.And(z3.Not(c), _apart(xs[2], ys[2], memo)))
            got = branches if c.eq(d) else z3.Or(z3.And(z3.Xor(c, d), x != y), z3.And(c == d, branches))
        else:
            apart = [(a, b) for a, b in zip(xs, ys) if not a.eq(b)]
            if len(apart) == 1 and k in _SAME_ARGS:
                got = _apart(*apart[0], memo)
            elif len(apart) == 1 and z3.is_bool(x):
                got = z3.And(_apart(*apart[0], memo), x != y)
    if got is None:
        got = z3.Xor(x, y) if z3.is_bool(x) else x != y
    memo[key] = got
    return got


def _is_sum(x: Any) -> bool:
    return z3.is_arith(x) and (z3.is_app_of(x, z3.Z3_OP_ADD) or not z3.is_app_of(x, z3.Z3_OP_ITE))


def _terms(x: Any) -> list:
    return list(x.children()) if z3.is_app_of(x, z3.Z3_OP_ADD) else [x]


def _sum(xs: list, like: Any) -> Any:
    zero = z3.RealVal(0) if z3.is_real(like) else z3.IntVal(0)
    return zero if not xs else xs[0] if len(xs) == 1 else z3.Sum(*xs)
