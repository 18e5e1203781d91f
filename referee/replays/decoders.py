"""Each action's event decoder, compiled once per (action, configuration, players) (issue 18).

`engine.decode` checks the envelope every event shares ("n", "do", "by"); what follows
depends on the action alone: its params, in order, each read by its kind (or its default
when optional and absent), then "note" and the fields the action does not have. That part
is emitted as straight-line Python for each action, with its messages written in as
constants, and kept in the Config's memo (no module state). Same checks, in the same
order, with the same messages as the loop it replaces (tests/test_compiled.py compares
them on every field of every action of every game).
"""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Callable

from ..errors import printable
from ..model.kernel import BadField
from ..model.kernel.rules import Int, Name, Names, kind_of
from .log import Unreadable, stray_key

_ABSENT = object()  # a sentinel, never mutated: a field the event does not hold


def decoder(act: Any, cfg: Any, players: tuple) -> Callable[[dict, Any, int], Any]:
    """`decode(ev, p, no)`: the event's args (SimpleNamespace, p first) or Unreadable at line `no`."""
    key = ("decoder", act.name, players)
    got = cfg.memo.get(key)
    if got is None or got[0] is not act:
        got = cfg.memo[key] = (act, _build(act, cfg, players))
    return got[1]


def loose_decoder(act: Any, cfg: Any, players: tuple) -> Callable[[dict, Any, int], Any]:
    """The decoder of `act` built anew, kept nowhere: for an action whose params were changed
    (replays/bounds.py lifts a list's bound), never to take the place of the action's own."""
    return _build(act, cfg, players)


def _build(act: Any, cfg: Any, players: tuple) -> Callable:
    do = act.name
    ns: dict[str, Any] = {"NS": SimpleNamespace, "BadField": BadField, "Unreadable": Unreadable, "kind_of": kind_of,
                          "ABSENT": _ABSENT, "cfg": cfg, "players": players, "known": act.fields,
                          "no_field": f"'{do}' has no field \"",
                          "stray": lambda ev: _stray(ev, act.fields, do)}
    body = ["def decode(ev, p, no):", "    get = ev.get", "    a = NS(p=p)"]
    for i, prm in enumerate(act.params):
        name = prm.name
        ns[f"read{i}"], ns[f"default{i}"] = prm.kind.decode, prm.default
        ns[f"needs{i}"] = f"'{do}' needs the field \"{name}\" ({prm.doc})"
        ns[f"bad{i}"] = f"field \"{name}\" of '{do}': "
        slow = ["try:",
                f"    a.{name} = read{i}(v, cfg, players)",
                "except BadField as e:",
                f"    raise Unreadable(no, bad{i} + str(e), {name!r}) from None"]
        body += [f"    v = get({name!r}, ABSENT)",
                 "    if v is ABSENT:",
                 f"        a.{name} = default{i}" if prm.optional
                 else f"        raise Unreadable(no, needs{i} + stray(ev), {name!r})",
                 "    else:"]
        body += ["        " + x for x in _fast(prm.kind, i, name, cfg, ns, slow)]
    body += ["    note = get('note', ABSENT)",
             "    if note is not ABSENT and type(note) is not str:",
             "        raise Unreadable(no, f'\"note\" must be a string, got {kind_of(note)}', 'note')",
             "    if not ev.keys() <= known:",
             "        f = sorted(set(ev) - known)[0]",
             "        raise Unreadable(no, no_field + f + '\"', f)",
             "    return a"]
    for prm in act.params:
        if not prm.name.isidentifier():  # an attribute of the args: always so, but never emit a bad name
            raise ValueError(f"param {prm.name!r} of {do} is not an identifier")
    exec(compile("\n".join(body) + "\n", f"<decoder {do}>", "exec"), ns)  # noqa: S102 - our own source
    return ns["decode"]


def _stray(ev: dict, known: Any, do: str) -> str:
    """A field is missing: the field the event has instead, if any ("cаrd" for "card"), named."""
    k = stray_key(ev, "", known)
    return f"; it has \"{printable(k)}\", which '{do}' does not have" if k else ""


def _fast(kind: Any, i: int, name: str, cfg: Any, ns: dict, slow: list[str]) -> list[str]:
    """The lines that read param i: a well-formed value of a kernel kind (a number in its
    range, a known name, a short list of known names) is read here, from a table built
    once; anything else goes to the kind's own `decode` (`slow`), which gives the value or
    the error, so both are those of the kind. Exact types only: a subclass may decode
    otherwise."""
    t = type(kind)
    if t is Int and type(kind.lo) is int and type(kind.hi) is int:  # written into the source: plain numbers only
        return [f"if type(v) is int and {kind.lo} <= v <= {kind.hi}:", f"    a.{name} = v", "else:"] + ["    " + x for x in slow]
    if t is Name or t is Names:
        table: dict = {}
        try:
            names = tuple(kind.names(cfg))
            for k, x in enumerate(names):
                table.setdefault(x, k)  # the first, as tuple.index gives
        except Exception:  # noqa: BLE001 - names this configuration cannot give: read by the kind, as before
            return slow
        ns[f"table{i}"] = table
    if t is Name:
        return [f"x = table{i}.get(v) if type(v) is str else None", "if x is not None:", f"    a.{name} = x",
                "else:"] + ["    " + x for x in slow]
    if t is Names:
        return [f"x = [0] * {len(names)} if type(v) is list and len(v) <= {kind.most} else None",
                "if x is not None:",
                "    for y in v:",
                f"        k = table{i}.get(y) if type(y) is str else None",
                "        if k is None:",
                "            x = None",
                "            break",
                "        x[k] += 1",
                "if x is not None:",
                f"    a.{name} = tuple(x)",
                "else:"] + ["    " + x for x in slow]
    return slow
