"""The mutation sites of a rule module, the mutant of one site, where a site's code runs
(the lines a replay must execute for the mutant to behave differently), and the sample.

Operators: a comparison changed (< <=, > >=, == !=), + and - swapped, an integer constant
+1, And/Or swapped, Not(x) -> x, a Need dropped from an action's needs.
"""
from __future__ import annotations

import ast
import random
import re

CMP = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq}
OPS = {ast.Add: ast.Sub, ast.Sub: ast.Add}
SYM = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=", ast.Add: "+", ast.Sub: "-"}


def _parents(tree: ast.AST) -> dict:
    return {c: p for p in ast.walk(tree) for c in ast.iter_child_nodes(p)}


def _at(node: ast.AST) -> str:
    """Where a site is, told apart from the others on its line (the equivalent list's key)."""
    return f"line {node.lineno} col {node.col_offset + 1}"


def sites(tree: ast.Module) -> list[tuple[tuple, str, tuple | None]]:
    """((node index in ast.walk order, element or None), description, span) of every
    mutation site; span: see `span`."""
    parents = _parents(tree)
    out = []
    for i, node in enumerate(ast.walk(tree)):
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in CMP:
            o = type(node.ops[0])
            out.append(((i, None), f"{_at(node)}: {SYM[o]} -> {SYM[CMP[o]]}", span(node, parents)))
        elif isinstance(node, ast.BinOp) and type(node.op) in OPS:
            o = type(node.op)
            out.append(((i, None), f"{_at(node)}: {SYM[o]} -> {SYM[OPS[o]]}", span(node, parents)))
        elif isinstance(node, ast.Constant) and type(node.value) is int and not isinstance(parents.get(node), ast.Expr):
            out.append(((i, None), f"{_at(node)}: {node.value} -> {node.value + 1}", span(node, parents)))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("And", "Or"):
            out.append(((i, None), f"{_at(node)}: {node.func.id} -> {'Or' if node.func.id == 'And' else 'And'}",
                        span(node, parents)))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Not" and len(node.args) == 1:
            out.append(((i, None), f"{_at(node)}: Not(x) -> x", span(node, parents)))
        elif isinstance(node, ast.keyword) and node.arg == "needs" and isinstance(node.value, ast.Tuple):
            for k, el in enumerate(node.value.elts):
                # dropping a Need changes the action's list, built at import: every scenario counts
                out.append(((i, k), f"{_at(el)}: need dropped: {ast.unparse(el)[:60]}", None))
    return out


def span(node: ast.AST, parents: dict) -> tuple[int, int] | None:
    """The lines of which at least one must run, in a function's frame, for the mutated node
    to be evaluated at all: those of its innermost statement inside a function, or of the
    body of its innermost lambda. None for a node evaluated when the module is imported (at
    module level, a default value, a decorator): every replay runs it."""
    child, p = node, parents.get(node)
    while p is not None:
        if isinstance(p, ast.Lambda) and child is p.body:
            return (p.body.lineno, p.body.end_lineno)
        if isinstance(p, (ast.FunctionDef, ast.AsyncFunctionDef)) and child in p.body:
            return (child.lineno, child.end_lineno)
        if isinstance(p, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            return None  # its own frame even at module level: counted as always run
        child, p = p, parents.get(p)
    return None


def invalid(tree: ast.Module, what: str) -> str | None:
    """Why the mutant is not a program worth running, or None: And/Or swapped for a name the
    module does not import (it fails with a NameError, which any test would notice)."""
    m = re.search(r": (And|Or) -> (And|Or)$", what)
    if m is None:
        return None
    bound = {a.asname or a.name for n in tree.body if isinstance(n, ast.ImportFrom) for a in n.names}
    bound |= {t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
    return None if m[2] in bound else f"{m[2]} is not defined in the module"


def mutate(src: str, site: tuple) -> str:
    tree = ast.parse(src)
    idx, k = site
    node = list(ast.walk(tree))[idx]
    if k is not None:
        del node.value.elts[k]
    elif isinstance(node, ast.Compare):
        node.ops = [CMP[type(node.ops[0])]()]
    elif isinstance(node, ast.BinOp):
        node.op = OPS[type(node.op)]()
    elif isinstance(node, ast.Constant):
        node.value = node.value + 1
    elif node.func.id in ("And", "Or"):
        node.func.id = "Or" if node.func.id == "And" else "And"
    else:  # Not(x) -> x, wherever the call stands in its parent
        p = _parents(tree)[node]
        for field, value in ast.iter_fields(p):
            if value is node:
                setattr(p, field, node.args[0])
            elif isinstance(value, list):
                value[:] = [node.args[0] if v is node else v for v in value]
    return ast.unparse(tree)


def sample(rows: list, n: int, seed: int, tag: str) -> list:
    """A systematic sample of n rows, in their order (modules sorted by name, sites in
    source order): a seeded start, then every len/n-th. Each module gets its share of n in
    proportion to its sites, and each part of a module its share too, so the sample's plain
    kill rate estimates the game's (no weights), and the same seed draws the same sites."""
    if n <= 0 or n >= len(rows):
        return list(rows)
    step = len(rows) / n
    start = random.Random(f"{seed}/{tag}").random() * step
    return [rows[int(start + i * step)] for i in range(n)]


def moved(what: str, old_src: str, new_src: str) -> str | None:
    """The description of the same site in a newer version of its module: its line renumbered
    by a line diff of the two versions (the column and the operator kept). A line edited
    elsewhere than at the site (a name changed before it) is the same site when the diff
    pairs it with one new line, a token diff keeps the site's first token, and the mutated node
    is the same (ast.dump): its column is moved with it. None when the node itself changed or
    its line went (the site is no longer the one measured)."""
    import difflib

    m = re.match(r"line (\d+) col (\d+)(.*)$", what)
    if m is None:
        return None
    line, col = int(m[1]) - 1, int(m[2])
    a, b = old_src.splitlines(), new_src.splitlines()
    lines = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for i, j, n in lines.get_matching_blocks():
        if i <= line < i + n:
            return f"line {j + line - i + 1} col {col}{m[3]}"
    for tag, i1, i2, j1, j2 in lines.get_opcodes():
        if tag != "replace" or not i1 <= line < i2 or i2 - i1 != j2 - j1 or line >= len(a):
            continue
        old, new = a[line], b[j1 + line - i1]
        ta = [(t.start(), t.group()) for t in re.finditer(r"\w+|\S", old)]
        tb = [(t.start(), t.group()) for t in re.finditer(r"\w+|\S", new)]
        at = next((n for n, (c, _) in enumerate(ta) if c == col - 1), None)  # col is 1-based (_at)
        if at is None:
            continue
        for x, y, k in difflib.SequenceMatcher(None, [t for _, t in ta], [t for _, t in tb],
                                               autojunk=False).get_matching_blocks():
            if x <= at < x + k:
                y = tb[y + at - x][0] + 1
                now = f"line {j1 + line - i1 + 1} col {y}{m[3]}"
                same = _node(old_src, what)
                return now if same is not None and same == _node(new_src, now) else None
    return None


def _node(src: str, what: str) -> str | None:
    """The mutated node of the site `what` in `src`, positions left out (ast.dump), or None."""
    tree = ast.parse(src)
    nodes = list(ast.walk(tree))
    for (i, k), desc, _ in sites(tree):
        if desc == what:
            node = nodes[i] if k is None else nodes[i].value.elts[k]
            return ast.dump(node)
    return None
