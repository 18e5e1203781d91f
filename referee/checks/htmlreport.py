"""`referee audit --format html`: one self-contained page (docs/audit.md, "HTML").

Each finding sits beside the sentences of the §s it cites, read at run time from the
rulebook file (the seed, or --rulebook): the repository ships no rulebook text. Findings by
severity then as the book reads (report.ordered), with their colours; what is proved or
decided folded in a <details>; what is not established in a block of its own. A witness
game is replayed with the model here (checks/steps.py) and its states go into the page as
JSON, which the inline script (htmlreport.html) only steps through. Last, the annotated
rulebook: every unit with the rules that encode it, from the coverage map, as `referee
coverage` reads it. All text is escaped; no URL is loaded; the same input gives the same
bytes (no clock, no random ids: anchors are numbered in the page's order)."""
from __future__ import annotations

import re
from html import escape
from importlib.resources import files
from pathlib import Path
from typing import Any

import orjson

from ..errors import json_escaped, printable
from ..model.kernel.rules import plural
from .findings import Finding, covers_text
from .report import ICON, MODEL_ONLY, open_summary, ordered
from .rulebook import Rulebook, shown
from .severity import LEVELS

SHOWN = 12  # sentences shown beside a finding per §; the annotated rulebook has them all


def _e(x: Any) -> str:
    """Text for the page: HTML-escaped, and a control or format character from outside (a
    hostile rulebook's ESC or right-to-left override) shown as its escape (errors.printable),
    so the page, printed to a terminal or opened, acts on none of them."""
    return escape(printable(str(x), "\n"), quote=True)


def _json(x: Any) -> str:
    """JSON safe inside <script>: no '<', '>' or '&' that could close it (escaped as \\u00XX,
    which JSON.parse reads back), and no character a terminal acts on (errors.json_escaped)."""
    t = json_escaped(orjson.dumps(x).decode())
    return t.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


class _Page:
    """Anchors and witnesses numbered in the order the page is written: the same input,
    the same ids."""

    def __init__(self) -> None:
        self.witnesses: list[dict] = []
        self.anchors: dict[tuple[str, str], str] = {}

    def anchor(self, game: str, cite: str) -> str:
        return self.anchors.setdefault((game, cite), f"rb{len(self.anchors)}")


def _book(game: Any, path: Path | None, given: Path | None = None) -> tuple[Any, str]:
    """(the Book, "") or (None, why there is no text to show)."""
    from ..errors import Unreadable
    from ..rulebook.book import book

    if path is None and given is not None:
        return None, (f"--rulebook {given} holds no {Path(game.rulebook).name}: each finding shows its § only")
    if path is None:
        return None, (f"the rulebook {Path(game.rulebook).name} is not on this machine (looked for shared/seeds "
                      "up the tree, or REFEREE_SEEDS): each finding shows its § only; give --rulebook FILE")
    try:
        return book(game, path), ""
    except Unreadable as e:
        return None, f"the rulebook cannot be read ({e}): each finding shows its § only"


def _sentences(page: _Page, game: Any, b: Any, f: Finding) -> str:
    """The units of the sections the finding cites, as the rulebook file has them."""
    from ..rulebook.text import locate, within

    out = []
    for cite in f.cites:
        secs = locate(b.sections, cite)
        if not secs:
            out.append(f'<p class="none">{_e(cite)}: no section of this name in {_e(b.path.name)}</p>')
            continue
        for s in secs:
            head = f"{s.cite}" + (f" — {s.title}" if s.title else "")
            mine = s.sentences or within(b.sections, s.cite)  # a chapter heading: the units of its parts
            units = "".join(f'<li><span class="ln">L{u.line}</span> {_e(u.text)}</li>' for u in mine[:SHOWN])
            more = len(mine) - SHOWN
            tail = (f'<li class="none">… {more} more in <a href="#{page.anchor(game.name, s.cite)}">the annotated '
                    "rulebook</a></li>" if more > 0 else "")
            out.append(f'<div class="sec"><a class="cite" href="#{page.anchor(game.name, s.cite)}">{_e(head)}</a>'
                       f'<ol>{units or "<li class=none>no sentence under this heading</li>"}{tail}</ol></div>')
    return "".join(out)


def _deltas(steps: list[dict]) -> list[dict]:
    """Each state as what changed since the one before (`set`, and `gone` for a field no
    longer shown): Raiders' witnesses weigh a third; the script rebuilds each state
    once, at load."""
    out, before = [], {}
    for st in steps:
        view = st["view"] if isinstance(st["view"], dict) else {"state": st["view"]}
        d = {k: v for k, v in st.items() if k != "view"}
        d["set"] = {k: v for k, v in view.items() if k not in before or before[k] != v}
        gone = [k for k in before if k not in view]
        if gone:
            d["gone"] = gone
        out.append(d)
        before = view
    return out


def _witness(page: _Page, game: Any, f: Finding, components: Path | None, prefer: str | None) -> str:
    from .steps import replayed

    if f.witness is None:
        return f'<p class="note">witness: {_e(f.witness_note)}</p>' if f.witness_note else ""
    got = replayed(game, f.witness, components, prefer)
    k = len(page.witnesses)
    page.witnesses.append({**got, "steps": _deltas(got["steps"])})
    if not got["steps"]:
        return f'<p class="note">witness: {_e(got["stopped"])}</p>'
    stopped = f'<p class="note">{_e(got["stopped"])}</p>' if "stopped" in got else ""
    return (f'<div class="witness" data-w="{k}"><div class="bar"><button class="prev" type="button">◀ prev</button>'
            f'<button class="next" type="button">next ▶</button><span class="pos"></span>'
            f'<span class="ev"></span></div><p class="said"></p><div class="state"></div>'
            f'<p class="note">witness ({_e(f.witness.expect)}, {len(f.witness.events)} {plural(len(f.witness.events), "event")}): '
            f"{_e(f.witness.reaches)}</p>{stopped}</div>")


def _finding(page: _Page, game: Any, b: Any, no_book: str, f: Finding, mark: str,
             components: Path | None, prefer: str | None) -> str:
    tag = f.kind if not f.status or f.kind == f.status else f"{f.kind}/{f.status}"
    sev = f.severity or ("unknown" if not f.established else "proved")
    details = "".join(f"<li>{_e(d)}</li>" for d in f.details)
    src = f'<p class="src">sources: {_e(", ".join(f.sources))}</p>' if f.sources else ""
    if f.covers:  # what a proved or decided result covers (checks/audit/counts.py)
        src += f'<p class="covers">covers: {_e(covers_text(f.covers))}</p>'
    badge = f' <span class="mark">{_e(mark)}</span>' if mark else ""
    cites = " ".join(_e(c) for c in f.cites) or "—"
    left = (f'<p class="head"><span class="icon">{_e(ICON.get(f.kind, "-"))}</span> <b>{cites}</b> '
            f'<span class="tag">{_e(tag)}</span>{badge}</p><p class="says">{_e(f.says)}</p>'
            f'<p class="id">{_e(f.id)}</p>' + (f"<ul>{details}</ul>" if details else "") + src
            + _witness(page, game, f, components, prefer))
    right = _sentences(page, game, b, f) if b is not None else f'<p class="none">{_e(no_book)}</p>'
    return f'<article class="finding {sev}"><div class="what">{left}</div><aside class="text">{right}</aside></article>'


def _coverage(page: _Page, game: Any, b: Any) -> str:
    """The annotated rulebook: each unit with the rules that encode it (the coverage map)."""
    from ..errors import Unreadable
    from ..rulebook.coverage import map_path, read_map
    from ..rulebook.report import book_from_map, report

    path = map_path(game)
    mapped = path.is_file()
    if not mapped and b is None:
        return f'<p class="none">{_e(game.name)} has no coverage map (coverage.toml in its folder): nothing to annotate</p>'
    try:
        entries = read_map(path) if mapped else []
    except Unreadable as e:
        return f'<p class="none">the coverage map cannot be read: {_e(e.located())}</p>'
    text = b is not None
    rep = report(game, b if text else book_from_map(game, entries, game.rulebook), entries, None, text=text)
    fig = rep["figures"]
    out = [f'<p class="figures">{fig["units"]} units: {fig["encoded"]} encoded, {fig["not encoded"]} not encoded, '
           f'{fig["stale"]} stale, {fig["unmapped"]} unmapped' + ("" if text else
           " (no rulebook file here: positions and hashes from the map, no text)")
           + ("" if mapped else f" ({_e(game.name)} has no coverage map, coverage.toml in its folder: the text "
              "alone)") + "</p>"]
    for sec in rep["sections"]:
        rows = []
        for u in sec["units"]:
            if u["status"] == "encoded":
                what = " ".join(f'<code title="{_e(r["cite"] or "")}">{_e(r["id"])}</code>' for r in u["rules"])
            elif u["status"] == "not encoded":
                what = _e(f"not encoded: {u['reason']}")
            elif u["status"] == "stale":
                what = _e(f"stale (mapped line {u['mapped']['line']}); read again: {' '.join(u['reread'])}")
            else:
                what = "unmapped: no entry in the map" if mapped else "no coverage map"
            why = f' <span class="why">({_e(u["why"])})</span>' if u.get("why") else ""
            pos = f"#{u['index']}" + (f".{u['clause']}" if "clause" in u else "")
            body = _e(u["text"]) if text else f'<span class="none">hash {_e(u["hash"])}</span>'
            rows.append(f'<tr class="{_e(u["status"].replace(" ", "-"))}"><td class="ln">{_e(pos)} L{u["line"]}</td>'
                        f"<td>{body}</td><td>{what}{why}</td></tr>")
        out.append(f'<section id="{page.anchor(game.name, sec["cite"])}"><h4>{_e(sec["cite"])} '
                   f'<span class="ln">line {sec["line"]}</span></h4><table class="units">{"".join(rows)}</table></section>')
    return "".join(out)


def _game(page: _Page, game: Any, findings: list[Finding], path: Path | None, marks: dict,
          components: Path | None, prefer: str | None, given: Path | None) -> str:
    b, no_book = _book(game, path, given)
    book = Rulebook(b.path, b.sections) if b is not None else Rulebook(None)
    problems = ordered(findings, book)
    out = [f'<h2>{_e(game.title)} <span class="ln">{_e(game.name)} — audit of {_e(shown(game, given))}</span></h2>']
    if no_book:
        out.append(f'<p class="none">{_e(no_book)}</p>')
    counts = ", ".join(f"{sum(f.severity == lv for f in problems)} {lv}" for lv in LEVELS)
    out.append(f'<p class="figures">{len(problems)} findings ({counts})</p>')

    def one(f: Finding) -> str:
        return _finding(page, game, b, no_book, f, marks.get(f.id, ""), components, prefer)

    for lv in LEVELS:
        here = [f for f in problems if f.severity == lv]
        if here:
            out.append(f'<h3 class="{lv}">{lv} ({len(here)})</h3>' + "".join(one(f) for f in here))
    key = lambda f: (book.order(f.cites[0] if f.cites else ""), f.id)  # noqa: E731
    held = sorted((f for f in findings if f.established and not f.is_problem and f.about != "model"), key=key)
    if held:
        out.append(f'<details class="held"><summary>proved or decided ({len(held)}; not findings)</summary>'
                   + "".join(one(f) for f in held) + "</details>")
    own = sorted((f for f in findings if f.established and not f.is_problem and f.about == "model"), key=key)
    if own:
        out.append(f'<details class="held"><summary>proved {_e(MODEL_ONLY)} ({len(own)}; not findings)</summary>'
                   + "".join(one(f) for f in own) + "</details>")
    unsettled = sorted((f for f in findings if not f.established), key=key)
    if unsettled:
        out.append(f'<div class="unsettled"><h3>not established ({len(unsettled)})</h3><p class="note">neither '
                   f"proved nor refuted, and no value is shown: {_e(open_summary(unsettled))}</p>"
                   + "".join(one(f) for f in unsettled) + "</div>")
    out.append(f'<details class="rulebook"><summary>the annotated rulebook: {_e(shown(game, given))}</summary>'
               f"{_coverage(page, game, b)}</details>")
    return f'<section class="game">{"".join(out)}</section>'


def page(results: list[tuple[Any, list[Finding], Path | None]], marks: dict | None = None,
         components: Path | None = None, prefer: str | None = None, given: Path | None = None) -> str:
    """The whole page: `results` holds (game, findings, rulebook file or None) per game;
    `given` is --rulebook as the user gave it (to say where the file was looked for)."""
    from .. import __version__

    p = _Page()
    body = "".join(_game(p, g, f, path, marks or {}, components, prefer, given) for g, f, path in results)
    title = "referee audit: " + ", ".join(g.title for g, _, _ in results)
    template = files("referee.checks").joinpath("htmlreport.html").read_text(encoding="utf-8")
    fill = {"title": _e(title), "version": _e(__version__), "witnesses": _json(p.witnesses), "body": body}
    return re.sub(r"\{\{(\w+)\}\}", lambda m: fill[m.group(1)], template)  # one pass: no text is read twice
