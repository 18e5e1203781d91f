"""Why is event N legal (or not)? `referee replay LOG --why N`.

Replays the log up to the event asked, then, on the state before it, evaluates every Need
of that event (the phase's and the action's, in the engine's order) with the values each
one read (kernel/reads.py records the state's leaves a rule touches; the Need's `show`
renders them in the rule's own words), the questions the text did not decide alone and
what answered them (rules.tracing), and what the effect changed: the game's readable view
(`Game.show`: names, not indices) and the raw fields, before -> after.

The target is an event number (`12`, or `event:12`) or a line of the file (`line:30`)."""
from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from .. import errors
from ..model import load, names
from ..model.kernel import BadInput, Illegal, IllegalSetup, Undecided
from ..model.kernel import rules as R
from ..model.kernel.reads import leaf, reads
from .engine import _broke, _decided, _silences, after_end_cite, arising, decode, header_refused, setup_from_header
from .log import Line, Unreadable, check_rules, read_header, records
from .bounds import held_past, past_bound
from .readings import other_reading, prefix, said


def parse_target(text: str) -> tuple[str, int]:
    """"12" or "event:12" -> ("event", 12); "line:30" -> ("line", 30). Raises ValueError."""
    kind, _, num = text.rpartition(":")
    kind = kind or "event"
    # ASCII digits only: str.isdigit() takes '²' (int() does not) and '٣'; a number too long
    # for int() (4,300 digits) is no number, a long one is an event the log has not
    if kind not in ("event", "line") or not re.fullmatch("[0-9]{1,4000}", num) or int(num) < 1:
        raise ValueError(f"--why takes an event number (12 or event:12) or a line of the file (line:30), got {text[:40]!r}"
                         + ("..." if len(text) > 40 else ""))
    return kind, int(num)


def why(source: Any, target: tuple[str, int], label: str = "<log>", components: Any = None,
        prefer: str | None = None) -> dict:
    """The explanation of one event as a dict (JSON-ready). Raises Unreadable (exit 2) for a
    log that cannot be read up to that event, or a target that is not an event of it;
    IllegalSetup (exit 1) for a setup that breaks a rule, Undecided (exit 1) for an earlier
    event the rules give no outcome for (no event after them can be played)."""
    it = records(source)
    first = next(it, None)
    if first is None:
        raise Unreadable(1, "empty log: the first line must be the header")
    header = read_header(first, names())
    game = load(header["game"])
    check_rules(first, game.version)
    players = tuple(header["players"])
    try:
        s = setup_from_header(game, header, components, prefer)
    except BadInput as e:  # as the replay says it: unreadable at the header's line, on its field
        raise header_refused(first.no, e) from None
    except IllegalSetup as e:  # exit 1: no event can be played after an illegal setup
        e.line = first.no
        raise
    earlier: list[dict] = []
    played: list = []  # the event lines before, for a reading's replay (readings.prefix)
    named = header.get("options") or {}
    n, over = 0, None
    for line in it:
        if "result" in line.data:
            if target == ("line", line.no):  # the line the replay may blame: said what it is
                raise Unreadable(0, f"line {line.no} is the result line, not an event: the replay checks the "
                                    "declared result against the rules' outcome (replay the log without --why)")
            break
        n += 1
        asked = (target[0] == "event" and n == target[1]) or (target[0] == "line" and line.no == target[1])
        try:
            act, a = decode(game, s.cfg, players, line, n)
        except Unreadable as e:  # a list longer than a log may hold: the replay judges it if a rule refuses it
            judged = past_bound(game, s, players, line, e) if over is None else None
            if judged is None:
                raise
            act, a, ill, name, past = judged
            if not asked:  # the replay stops there: nothing after it is judged
                raise errors.Illegal(f"{_broke(act, players, a, ill)} ({held_past(name, past)}): no event after it "
                                     "can be explained, as the replay judges nothing after it",
                                     line=line.no, cite=ill.need.cite) from None
        if asked:
            try:
                d = _explain(game, s, act, a, line, n, players, named,
                             prefix(game, header, players, played, components, prefer))
            except (errors.RefereeError, RecursionError):
                raise
            except Exception as e:  # noqa: BLE001 - only on a state an illegal event left (as -k): else a bug
                raise _unresumable(act, line, earlier, e) from None
            if over is not None:  # the engine's first check: no event once the game is over
                d |= {"verdict": "illegal", "after_end": {"how": over.how, "cite": after_end_cite(game, over.cite)}}
            return {"file": label, "game": game.name, **d, "earlier": earlier}
        if target[0] == "line" and line.no > target[1]:  # the line holds no event: the header, or a blank
            raise Unreadable(0, f"line {target[1]} is not an event of this log "
                                f"({'the header' if target[1] <= first.no else 'no event on it'})")
        played.append((line, n))
        trace: list = []  # the questions the step asked, as the replay traces them (readings)
        try:
            with R.tracing(trace):
                s = game.step(s, act, a)
        except Illegal as e:  # the state from here on is the recorded one, as with --keep-going
            alt = other_reading(game, s, act, a, trace, named,
                                prefix(game, header, players, played[:-1], components, prefer)) if trace else None
            if alt is not None:  # as the replay: not established there, and nothing after it is judged
                raise errors.Undecided(said(alt, _broke(act, players, a, e)) + "; no event after it can be explained",
                                       line=line.no, cite=alt["cite"]) from None
            earlier.append({"line": line.no, "event": n, "cite": e.need.cite, "message": e.need.says})
            try:
                s = game.apply(s, act, a)
            except Exception:  # noqa: BLE001 - its effect cannot run on this state: as -k, nothing after is judged
                raise errors.Illegal(f"'{act.name}' breaks {e.need.cite}: {e.need.says}, and its effect cannot be "
                                     f"played on this state, so no event after it can be explained (as -k: cannot "
                                     f"resume after this event)", line=line.no, cite=e.need.cite) from None
        except Undecided as e:  # exit 1, as in the replay: the rules give no outcome at that line
            e.line = line.no
            raise
        except (errors.RefereeError, RecursionError):
            raise
        except Exception as e:  # noqa: BLE001 - the rules cannot run on the state an illegal event left
            raise _unresumable(act, line, earlier, e) from None
        try:
            over = over or game.result(s)
        except Exception as e:  # noqa: BLE001 - as above
            raise _unresumable(act, line, earlier, e) from None
    what = f"event {target[1]}" if target[0] == "event" else f"line {target[1]}"
    raise Unreadable(0, f"{what} is not an event of this log ({n} events"
                        f"{'' if target[0] == 'event' else ', from line 2'})")


def _unresumable(act: Any, line: Line, earlier: list, e: Exception) -> Exception:
    """What to raise when the rules cannot run on a state: after an illegal event (the state
    -k resumes from, which no legal game reaches) that is the answer, as -k gives it; before
    any, a bug, raised as it is."""
    if not earlier:
        return e
    last = earlier[-1]
    return errors.Illegal(f"'{act.name}' cannot be played on the state the illegal event at line {last['line']} "
                          f"({last['cite']}) left, which no legal game reaches ({type(e).__name__}): no event from "
                          f"here on can be explained (as -k says)", line=line.no, cite=last["cite"])


def _explain(game: Any, s: Any, act: Any, a: Any, line: Line, n: int, players: tuple, named: dict,
             again: Any = None) -> dict:
    who = "chance" if a.p is None else players[a.p]
    trace: list = []  # a Need may ask a ruling too: traced as the engine's step does
    with R.tracing(trace):
        needs = []
        for nd in game.needs(act):
            needs.append(_need(nd, s, a, after_failure=any(x["holds"] is False for x in needs)))
    failing = next((i for i, x in enumerate(needs) if x["holds"] is False), None)
    out: dict[str, Any] = {"event": n, "line": line.no, "do": act.name, "by": who, "cite": act.cite,
                           "says": act.says, "verdict": "legal" if failing is None else "illegal",
                           "first_failing": failing, "needs": needs}
    try:
        with R.tracing(trace):  # the engine traces end-of-game questions too: the same here
            after = game.apply(s, act, a) if failing is None else None
            over = game.result(after) if after is not None else None
    except Undecided as e:
        out |= {"verdict": "not established", "undecided": f"{e.ruling.says} [{e.ruling.cite}]"}
        after = None
    if failing is not None:  # refused only under the model's reading of an open point: as the replay says
        alt = other_reading(game, s, act, a, trace, named, again)
        if alt is not None:
            out |= {"verdict": "not established", "reading": alt}
    out["decided"] = [{k: v for k, v in _decided(line.no, r, ans).items() if k != "line"} for r, ans in dict.fromkeys(trace)]
    out["silent"] = arising(_silences(game).get(act.name, []), s, a)
    if after is None:
        out["changes"], out["fields"], out["broken"] = [], [], []
        return out
    if over is not None:
        out["ends"] = {"winners": [players[i] for i in over.winners], "how": over.how, "cite": over.cite}
    view = game.show or (lambda st: st.project())
    out["changes"] = _diff(view(s), view(after))
    out["fields"] = [] if game.show is None else _diff(s.project(), after.project())
    out["broken"] = [{"cite": inv.cite, "says": inv.says} for inv in game.broken_after(s, after)]
    if out["broken"]:
        out["verdict"] = "illegal"
    return out


def _need(nd: Any, s: Any, a: Any, after_failure: bool) -> dict:
    d: dict[str, Any] = {"cite": nd.cite, "says": nd.says}
    try:
        holds = d["holds"] = bool(nd.test(s, a))
    except Undecided:
        raise
    except Exception as e:  # noqa: BLE001 - past a failing Need, a rule may assume what that one guards
        if not after_failure:
            raise
        d["holds"] = None
        d["unchecked"] = f"cannot be evaluated once an earlier rule fails ({type(e).__name__})"
        return d
    if nd.source:
        d["source"] = nd.source
    if nd.show is not None and not holds:  # a show renders the values that break the rule
        try:
            d["shows"] = nd.show(s, a)
        except Exception:  # noqa: BLE001 - a show written for the failing case may not render here
            pass
    try:
        with R.tracing([]):  # evaluated again to see what it reads: its questions are traced once
            got = reads(lambda st: nd.test(st, a), s)
        d["reads"] = {_path(p): _plain(leaf(s, p)) for p in sorted(got, key=str)}
    except Exception:  # noqa: BLE001 - a concrete-only Need may read what the tracking view cannot give
        d["reads_unknown"] = "the values this rule read could not be traced (it reads concrete-only detail)"
    return d


def _path(p: tuple) -> str:
    return p[0] + "".join(f"[{i}]" for i in p[1:])


def _diff(before: Any, after: Any, path: str = "") -> list[dict]:
    """before -> after of every leaf that changed (dicts by key, lists and tuples by index
    when their lengths agree, else whole)."""
    if before == after:
        return []
    if isinstance(before, dict) and isinstance(after, dict):
        out = []
        for k in list(before) + [k for k in after if k not in before]:
            out += _diff(before.get(k), after.get(k), f"{path}.{k}" if path else str(k))
        return out
    if isinstance(before, (list, tuple)) and isinstance(after, (list, tuple)) and len(before) == len(after) \
            and any(isinstance(x, (list, tuple, dict)) for x in before):
        out = []
        for i, (x, y) in enumerate(zip(before, after)):
            out += _diff(x, y, f"{path}[{i}]")
        return out
    return [{"field": path, "before": _plain(before), "after": _plain(after)}]


def _plain(v: Any) -> Any:
    """A value as JSON holds it: tuples as lists, and an exact fraction (Trolls' inches) as its
    text, "27/2", the way the game's own view writes it (JSON has no exact fractions)."""
    if isinstance(v, (tuple, list)):
        return list(map(_plain, v))
    if isinstance(v, Fraction):
        return str(v)
    return v
