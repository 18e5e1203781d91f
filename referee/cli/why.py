"""`referee replay LOG --why N`: the explanation of one event (replays/why.py), as text or JSON."""
from __future__ import annotations

from pathlib import Path

import orjson
import typer

from ..errors import printable
from .common import BAD, FOUND, OK, Fmt, decided_how, err, json_text, out


def why(paths: list[Path], target: str, format: Fmt, components: Path | None = None, prefer: str | None = None) -> None:
    from ..errors import RefereeError
    from ..replays.why import parse_target, why as explain

    try:
        tgt = parse_target(target)
    except ValueError as e:
        err.print(f"referee: {e}", markup=False)
        raise typer.Exit(BAD) from None
    if len(paths) != 1 or (paths[0].is_dir()):
        err.print("referee: --why explains one event of one log: give one file (or - for stdin)", markup=False)
        raise typer.Exit(BAD)
    import sys

    from ..replays.corpus import kind

    path = paths[0]
    label = "<stdin>" if str(path) == "-" else str(path)  # escaped where printed, exact in JSON
    packed = kind(path) if str(path) != "-" else None
    if packed:  # a stream or an archive holds many games: "event N" would name one of them unsaid (s53 G9)
        what = "a stream of games (*.games.jsonl)" if packed == "stream" else f"a {packed} archive of logs"
        err.print(f"referee: --why explains one event of one log: {printable(label)} is a packed corpus, {what}; "
                  "replay it without --why for each game's verdict, and give --why that game's log as a file of "
                  "its own", markup=False)
        raise typer.Exit(BAD)
    try:
        d = explain(sys.stdin.buffer if str(path) == "-" else path, tgt, label, components, prefer)
    except RefereeError as e:
        if e.line == 0:
            e.line = None
        if format is Fmt.json and e.exit_code == FOUND:  # an answer, not a usage error: JSON as asked
            out.print(json_text(_stopped(label, target, e)), exact=True)
            raise typer.Exit(FOUND) from None
        e.file = printable(e.file or label)  # a message on stderr: the name as a terminal may be given it
        err.print(f"referee: {e.located()}", markup=False)
        raise typer.Exit(e.exit_code) from None
    if format is Fmt.json:
        out.print(json_text(d), exact=True)
    else:
        _text(d)
    raise typer.Exit(OK if d["verdict"] == "legal" else FOUND)


def _stopped(label: str, target: str, e) -> dict:
    """The JSON of an event that cannot be explained because the log stops before or at it: an
    illegal setup, an event the rules give no outcome for, a state no legal game reaches."""
    return {"file": label, "asked": target, "verdict": "not established" if e.kind == "undecided" else "illegal",
            "explained": False, "line": e.line, "cite": e.cite, "message": e.message}


def _text(d: dict) -> None:
    p = lambda s: out.print(s, markup=False)  # noqa: E731
    p(f"{printable(d['file'])}:{d['line']}: event {d['event']}, '{d['do']}' by {d['by']} [{d['cite']}]: {d['says']}")
    for e in d["earlier"]:
        p(f"  note: line {e['line']} (event {e['event']}) broke {e['cite']} earlier; the state after it is the recorded one")
    if d.get("after_end"):
        p(f"illegal: the game was over before this event ({d['after_end']['how']}) [{d['after_end']['cite']}]")
    verdict = d["verdict"]  # legal, illegal, or not established (the rules give no outcome)
    p(f"{verdict}: {len(d['needs'])} rule(s) checked, in order" + (
        f"; the first that fails is rule {d['first_failing'] + 1}" if d["first_failing"] is not None else ""))
    for i, nd in enumerate(d["needs"], 1):
        mark = "ok  " if nd["holds"] else "?   " if nd["holds"] is None else "FAIL" if i - 1 == d["first_failing"] else "fail"
        p(f"  {i:>2}. {mark} [{nd['cite']}{' ' + nd['source'] if nd.get('source') else ''}] {nd['says']}")
        if nd.get("unchecked"):
            p(f"          {nd['unchecked']}")
        if nd.get("shows"):
            p(f"          shows: {nd['shows']}")
        if nd.get("reads"):
            p("          read: " + ", ".join(f"{k} = {_v(v)}" for k, v in nd["reads"].items()))
        elif nd.get("reads_unknown"):
            p(f"          read: {nd['reads_unknown']}")
    if d.get("undecided"):
        p(f"  the rules give no outcome here: {d['undecided']}")
    if d.get("reading"):
        r = d["reading"]
        p(f"  refused only under the model's reading of '{r['ruling']}', which the text does not decide [{r['cite']}]: "
          f"option {r['option']}={r['refuses']} (the default) refuses it, {r['option']}={r['accepts']} accepts it")
    for x in d["decided"]:
        p(f"  the text does not decide '{x['ruling']}' alone: {decided_how(x)} applied [{x['cite']}]")
    for x in d["silent"]:
        p(f"  the text is silent on '{x['gap']}': the model reads: {x['reading']} [{x['cite']}]")
    if d["verdict"] == "legal" or d["changes"]:
        p("changes:" if d["changes"] else "changes: none")
        for c in d["changes"]:
            p(f"  {c['field']}: {_v(c['before'])} -> {_v(c['after'])}")
        if d["fields"]:
            p("fields: " + "; ".join(f"{c['field']}: {_v(c['before'])} -> {_v(c['after'])}" for c in d["fields"]))
    if d.get("ends"):
        e = d["ends"]
        p(f"the game ends: {', '.join(e['winners']) or 'nobody'} wins ({e['how']}) [{e['cite']}]")
    for b in d.get("broken", []):
        p(f"  after it, an invariant no longer holds [{b['cite']}]: {b['says']}")


def _v(v) -> str:
    return orjson.dumps(v).decode() if isinstance(v, (list, dict)) else str(v)
