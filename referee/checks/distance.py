"""How far a concrete state is from a situation z3 described: the formula of the state where
a question arises (a ruling's situation, the answers that do not apply), evaluated on the
concrete state as a branch distance — 0 when it holds; each conjunct that fails adds up to
1, less the closer its numbers are (|a - b| / (|a - b| + 1) for a == b, and so on); a
disjunction is as far as its nearest branch. So a search climbing it meets the situation's
own conditions one by one, not only the values of one z3 model (steer.closeness).

The formula travels as plain data (a worker process receives it with its task): a list of
nodes in topological order, each (op, operands), where a leaf names its place in the
state's numeric skeleton (symbolic.skeleton_terms order). Every other free constant is
an argument of the event, which the search chooses among the candidate moves: a
condition on it is as near as its nearest branch, and gives no direction otherwise. An operator this module does not know gives no direction (distance 0 for
that conjunct), never a wrong one; the goal the search tests stays the ruling itself."""
from __future__ import annotations

from fractions import Fraction
from types import MappingProxyType
from typing import Any, Callable, Iterator

import z3

from .symbolic import leaves

Program = tuple  # ((op, operand, ...), ...): operands are node indexes, except for "leaf" and "num"

_BOOL = MappingProxyType({z3.Z3_OP_AND: "and", z3.Z3_OP_OR: "or", z3.Z3_OP_NOT: "not", z3.Z3_OP_IMPLIES: "implies",
         z3.Z3_OP_EQ: "eq", z3.Z3_OP_DISTINCT: "distinct", z3.Z3_OP_LE: "le", z3.Z3_OP_LT: "lt",
         z3.Z3_OP_GE: "ge", z3.Z3_OP_GT: "gt", z3.Z3_OP_XOR: "xor"})
_NUM = MappingProxyType({z3.Z3_OP_ADD: "add", z3.Z3_OP_SUB: "sub", z3.Z3_OP_MUL: "mul", z3.Z3_OP_UMINUS: "neg",
        z3.Z3_OP_IDIV: "idiv", z3.Z3_OP_MOD: "mod", z3.Z3_OP_DIV: "div", z3.Z3_OP_TO_REAL: "id",
        z3.Z3_OP_TO_INT: "floor", z3.Z3_OP_ITE: "ite"})
CHOICES = 32  # values an argument may choose among that are followed (beyond: no direction)
CACHE = 4096  # distances remembered per search, by the values of the fields read
LIMIT = 20_000  # nodes: a formula larger than this gives no direction (its evaluation would cost more than it helps)


def number(v: Any) -> int | Fraction | None:
    if z3.is_true(v):
        return 1
    if z3.is_false(v):
        return 0
    if z3.is_int_value(v):
        return v.as_long()
    if z3.is_rational_value(v):
        return Fraction(v.numerator_as_long(), v.denominator_as_long())
    return None


def program(formulas: list, places: dict[str, tuple[str, int]]) -> Program:
    """The conjunction of z3 `formulas` as plain data; `places`: a state leaf's z3 name ->
    (field, flat index)."""
    nodes: list = []
    index: dict[int, int] = {}
    todo = [(f, False) for f in formulas]
    while todo:  # post-order over the DAG: each shared subterm once
        e, ready = todo.pop()
        if e.get_id() in index:
            continue
        kids = e.children() if z3.is_app(e) and not z3.is_const(e) else []
        if not ready and any(k.get_id() not in index for k in kids):
            todo.append((e, True))
            todo.extend((k, False) for k in kids if k.get_id() not in index)
            continue
        if len(nodes) >= LIMIT:
            return ()
        index[e.get_id()] = len(nodes)
        nodes.append(_node(e, [index[k.get_id()] for k in kids], places))
    roots = tuple(index[f.get_id()] for f in formulas)
    nodes.append(("and",) + roots)
    return tuple(nodes)


def _node(e: Any, kids: list[int], places: dict) -> tuple:
    v = number(e) if z3.is_const(e) and e.decl().kind() != z3.Z3_OP_UNINTERPRETED else None
    if v is not None:
        return ("num", v)
    if z3.is_const(e) and e.decl().kind() == z3.Z3_OP_UNINTERPRETED:
        if e.decl().name() in places:
            return ("leaf",) + places[e.decl().name()] + (z3.is_bool(e),)
        return ("unknown",)  # an argument of the event: the search chooses it among the candidate moves
    k = e.decl().kind()
    op = _BOOL.get(k) or _NUM.get(k)
    return (op, *kids) if op else ("unknown",)


def places_of(skeleton: list[tuple[str, Any]], term: Callable[[Any], Any]) -> dict[str, tuple[str, int]]:
    """{z3 name of a leaf: (field, flat index)} from symbolic.skeleton_terms(S) (the names from
    decl().name(): str() of a z3 term runs its printer, about half a millisecond each)."""
    return {term(leaf).decl().name(): (name.split("#")[0], int(name.split("#")[1])) for name, leaf in skeleton}


def _scaled(d: Any) -> float:
    d = float(d)
    return d / (d + 1.0) if d > 0 else 0.0


def measure(prog: Program) -> Callable[[Any], float]:
    """distance(state): 0.0 when the situation holds, else the sum over its failing
    conditions (module docstring). Reads only the fields the formula mentions."""
    both = measure_parts(prog)
    return lambda s: both(s)[0]


def measure_parts(prog: Program, branches: bool = False) -> Callable[[Any], tuple[float, tuple]]:
    """(distance, which of the situation's conditions hold): the conditions are the
    conjuncts of the formula, nested conjunctions opened; with `branches`, a disjunction
    among them is opened too, at its nearest branch (which branch, then which of its
    conditions hold: the situation where an action is legal is a disjunction over the
    action's instances, and one condition, the disjunction, would tell no state apart)."""
    if not prog:
        return lambda s: (0.0, ())
    fields = sorted({n[1] for n in prog if n[0] == "leaf"})
    parts, todo = [], [len(prog) - 1]
    while todo:  # the conjuncts, in the formula's order
        k = todo.pop(0)
        if prog[k][0] == "and":
            todo[:0] = list(prog[k][1:])
        else:
            parts.append(k)

    seen: dict = {}  # the fields' values -> the result: states met share them often (a search's cache)

    def distance(s: Any) -> tuple[float, tuple]:
        key = tuple(getattr(s, f) for f in fields)
        got = seen.get(key)
        if got is None:
            if len(seen) >= CACHE:
                seen.clear()
            got = seen[key] = _measured(key)
        return got

    def _measured(values: tuple) -> tuple[float, tuple]:
        flat = {f: list(leaves(v)) for f, v in zip(fields, values)}
        val: list = [None] * len(prog)  # a number, or for a condition (holds, to true, to false)
        for i, n in enumerate(prog):
            val[i] = _eval(n, val, flat)
        root = val[-1]
        if branches:
            return (root[1] if isinstance(root, tuple) else 0.0), tuple(_conditions(prog, val, len(prog) - 1))
        return (root[1] if isinstance(root, tuple) else 0.0), tuple(_truth(val[k])[1] == 0 for k in parts)

    return distance


def _conditions(prog: Program, val: list, k: int) -> Iterator[Any]:
    """Which conditions under node k hold: conjunctions opened, a disjunction at its nearest
    branch (named by its node, the first of the nearest on a tie)."""
    n = prog[k]
    if n[0] == "and":
        for kid in n[1:]:
            yield from _conditions(prog, val, kid)
    elif n[0] == "or" and len(n) > 1:
        best = min(n[1:], key=lambda kid: _truth(val[kid])[1])
        yield ("branch", best)
        yield from _conditions(prog, val, best)
    else:
        yield _truth(val[k])[1] == 0


def _truth(x: Any) -> tuple:
    """A condition as (holds, distance to true, distance to false); None: no direction."""
    if isinstance(x, tuple):
        return x
    if x is None:
        return (None, 0.0, 0.0)
    return (bool(x), 0.0 if x else 1.0, 1.0 if x else 0.0)


def _options(x: Any) -> frozenset:
    return x if isinstance(x, frozenset) else frozenset((x,))


def _cmp(op: str, a: Any, b: Any) -> tuple:
    if isinstance(a, frozenset) or isinstance(b, frozenset):  # a value an argument chooses: the nearest choice
        got = [_cmp(op, x, y) for x in _options(a) for y in _options(b)]
        return (None, min(g[1] for g in got), min(g[2] for g in got))
    if a is None or b is None or isinstance(a, tuple) or isinstance(b, tuple):
        if op == "eq" and isinstance(a, tuple) and isinstance(b, tuple):  # two conditions: same truth
            ta, tb = _truth(a), _truth(b)
            t = min(ta[1] + tb[1], ta[2] + tb[2])
            f = min(ta[1] + tb[2], ta[2] + tb[1])
            return (t == 0, t, f)
        return (None, 0.0, 0.0)
    if op == "eq":
        return (a == b, _scaled(abs(a - b)), 0.0 if a != b else 1.0)
    if op == "le":
        return (a <= b, _scaled(a - b), _scaled(b - a + 1))
    if op == "lt":
        return (a < b, _scaled(a - b + 1), _scaled(b - a))
    if op == "ge":
        return (a >= b, _scaled(b - a), _scaled(a - b + 1))
    return (a > b, _scaled(b - a + 1), _scaled(a - b))  # gt


def _eval(n: tuple, val: list, flat: dict) -> Any:
    op = n[0]
    if op == "leaf":
        f = flat[n[1]]
        if n[2] >= len(f):  # a field shaped by the player count, played at another count
            return None
        v = f[n[2]]
        return _truth(v) if n[3] else int(v) if type(v) is bool else v
    if op == "num":
        return n[1]
    if op == "unknown":
        return None
    xs = [val[k] for k in n[1:]]
    if op in ("and", "or", "not", "implies", "xor"):
        ts = [_truth(x) for x in xs]
        if op == "not":
            h, t, f = ts[0]
            return (None if h is None else not h, f, t)
        if op == "implies":
            ts = [(None if ts[0][0] is None else not ts[0][0], ts[0][2], ts[0][1]), ts[1]]
            op = "or"
        if op == "xor":  # not the same truth
            h, t, f = _cmp("eq", ts[0], ts[1])
            return (None if h is None else not h, f, t)
        if op == "and":
            t = sum(x[1] for x in ts)
            return (t == 0, t, min(x[2] for x in ts))
        t = min(x[1] for x in ts)
        return (t == 0, t, sum(x[2] for x in ts))
    if op in ("eq", "le", "lt", "ge", "gt"):
        return _cmp(op, xs[0], xs[1])
    if op == "distinct":
        parts = [_cmp("eq", x, y) for i, x in enumerate(xs) for y in xs[i + 1:]]
        t = sum(p[2] for p in parts)
        return (t == 0, t, min(p[1] for p in parts))
    if op == "ite":
        c = _truth(xs[0])
        if c[0] is not None:
            return xs[1] if c[0] else xs[2]
        if isinstance(xs[1], tuple) or isinstance(xs[2], tuple):  # on an argument: the nearer branch
            x, y = _truth(xs[1]), _truth(xs[2])
            return (None, min(x[1], y[1]), min(x[2], y[2]))
        if xs[1] is None or xs[2] is None:
            return None
        either = _options(xs[1]) | _options(xs[2])  # a number the argument chooses among
        return either if len(either) <= CHOICES else None
    if any(x is None or isinstance(x, tuple) for x in xs):
        xs = [x[0] if isinstance(x, tuple) else x for x in xs]
        if any(x is None for x in xs):
            return None
    if any(isinstance(x, frozenset) for x in xs):  # every combination of the choices, while few
        combos = [()]
        for x in xs:
            combos = [c + (y,) for c in combos for y in _options(x)]
            if len(combos) > CHOICES:
                return None
        got = frozenset(_arith(op, list(c)) for c in combos)
        return None if None in got else got
    return _arith(op, xs)


def _arith(op: str, xs: list) -> Any:
    if op == "add":
        return sum(xs)
    if op == "sub":
        out = xs[0]
        for x in xs[1:]:
            out -= x
        return out
    if op == "mul":
        out = 1
        for x in xs:
            out *= x
        return out
    if op == "neg":
        return -xs[0]
    if op == "id":
        return xs[0]
    if op == "floor":
        return int(xs[0] // 1)
    if xs[1] == 0:
        return None  # z3 leaves division by zero unspecified
    if op == "idiv":  # z3's integer division: Euclidean (the remainder is never negative)
        q = xs[0] // xs[1]
        return q if xs[0] - q * xs[1] >= 0 else q + 1
    if op == "mod":
        return xs[0] % abs(xs[1])
    return Fraction(xs[0]) / xs[1]  # div (reals)
