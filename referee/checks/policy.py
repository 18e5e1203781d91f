"""The policy for options and defaults (issue #16, items 4 and 5; docs/policy.md).

Every rules option declares the basis of its default (`Basis`, kernel/rules.py): `text`
(the § that decides it), `published` (a published rule where the text is silent: the
facts file and line), or `model` (neither decides: the model had to choose). Defaults
follow the text; where the text is silent, the published rule; the audit flags every
default that is neither, on the finding that reports its question (or on one of its own).

- `problems(game)`: what is wrong with the declarations (the test of every built-in game,
  and the audit's own findings for a plugin);
- `review(audit)`: the audit's pass over its findings: each option's basis said where its
  question is reported, the sentences of the text it was read against, the points the
  text decides listed as decided (one only a published rule decides stays a finding: the text
  is silent on it), the model's defaults flagged;
- `disputed(game, o)`: the finding of a point two sources state differently, naming both.
"""
from __future__ import annotations

import dataclasses
import re
from types import MappingProxyType
from typing import Any

from ..model.kernel.rules import cites
from .findings import Finding, finding_id

BASES = ("text", "published", "model")
FACTS = re.compile(r"^[a-z0-9-]+\.md:[1-9][0-9]*$")  # a facts file of ../shared/facts and a line


def problems(game: Any) -> list[str]:
    """Each option whose default has no declared basis, or goes against it (one line each)."""
    out = []
    names = {o.name: o for o in game.options}
    for o in game.options:
        b, at = o.basis, f"{game.name}: option {o.name}"
        if b is None:
            out.append(f"{at}: no basis for its default (text §, published facts line, or model)")
            continue
        if b.kind not in BASES:
            out.append(f"{at}: basis {b.kind!r} is none of {', '.join(BASES)}")
        if b.value not in o.choices:
            out.append(f"{at}: its basis gives {b.value!r}, which is none of its choices {sorted(o.choices)}")
        if b.kind in ("text", "published") and o.default != b.value:
            out.append(f"{at}: default {o.default!r} goes against its {b.kind} basis ({b.cite}: {b.value!r})")
        if b.kind == "text" and not cites(b.cite):
            out.append(f"{at}: a text basis names the § that decides it, not {b.cite!r}")
        if b.kind == "published" and not FACTS.match(b.cite):
            out.append(f"{at}: a published basis names the facts file and line (name.md:N), not {b.cite!r}")
        if b.against and not (FACTS.match(b.against) or cites(b.against)):
            out.append(f"{at}: the source against it names a facts file and line or a §, not {b.against!r}")
        if o.kind == "house" and b.kind == "model":
            out.append(f"{at}: a house option is one the text or a published rule decides; its basis says model")
        if o.kind == "disputed" and not b.against:
            out.append(f"{at}: a disputed point names the source that reads it otherwise (against=)")
        if not b.says.strip():
            out.append(f"{at}: its basis says nothing")
    out += within_problems(game)
    for r in game.rulings:
        if needs_basis(r):
            first = [x for x in r.answers if x.option is None][0]
            if r.basis is None:
                out.append(f"{game.name}: ruling {r.name}: two text answers of one source and no option; "
                           "the reading a replay follows (the first listed) declares no basis")
            elif r.basis.kind not in BASES or r.basis.value != first.cite:
                out.append(f"{game.name}: ruling {r.name}: its basis must be one of {', '.join(BASES)} and give "
                           f"the § of the answer a replay follows ({first.cite}), not {r.basis.value!r}")
        for k, v in r.only:
            if k not in names or v not in names[k].choices:
                out.append(f"{game.name}: ruling {r.name} arises only with {k}={v}, which is no option value")
    return out


def needs_basis(r: Any) -> bool:
    """A ruling whose text answers of one source may disagree with no option to settle it:
    a replay then follows the first listed, a reading that needs its basis."""
    text = [x.source for x in r.answers if x.option is None]
    return len(text) > len(set(text)) and all(x.option is None for x in r.answers)


def _source(game: Any, where: str) -> str:
    """A source as a rules editor finds it: the seed file and its §, or the facts file and line."""
    return f"facts/{where}" if FACTS.match(where) else f"{game.rulebook.split('/')[-1]} {where}"


def disputed(game: Any, o: Any) -> tuple[str, str, list[str]]:
    """(kind, headline, sources) of a disputed point: a `contradiction` naming both sources
    when its basis names the one against it, else an ambiguity between public sources."""
    b = o.basis
    reading = "; ".join(f"{k}: {v}" for k, v in o.choices.items())
    if b is None or not b.against:
        return "ambiguity", f"public sources disagree: {o.says} ({reading})", []
    mine, other = _source(game, b.cite), _source(game, b.against)
    if mine == other:  # one line of the facts file reports both readings
        head = f"published sources disagree ({mine}): {o.says}"
    elif FACTS.match(b.cite) and FACTS.match(b.against):
        head = f"published sources disagree ({mine}; {other}): {o.says}"
    elif FACTS.match(b.against):
        # the facts line reports a public source's other reading (a printed tile, an edition,
        # an engine): it states no rule itself, so not "X and the facts line cannot both hold"
        head = f"{other} reports a public source that reads {mine} otherwise: {o.says}"
    else:
        head = f"{mine} and {other} cannot both hold: {o.says}"
    return "contradiction", (f"{head} — {reading}; the default, {o.default}, follows {'the text' if b.kind == 'text' else 'the ' + b.kind + ' rule'} "
                             f"({b.cite})"), [mine] if mine == other else [mine, other]


def headline(r: Any, several: Any, opts: list, cfg: Any) -> tuple[str, str]:
    """(status, headline) of a ruling the text does not settle: the situation and the event
    of a log it arises in, what the text gives (nothing, or two §s whose answers differ),
    and what each reading gives, the one in force marked."""
    during = f" (during {'an' if r.action[:1] in 'aeiou' else 'a'} '{r.action}' event)" if r.action else ""
    if several is not None:
        x, y = several[2], several[3]
        # each § as the model reads it: a reader may find a reading that reconciles them, so
        # the headline says what differs, not that no reading can
        status, text = "conflict", f"{x.cite} ({x.says}) and {y.cite} ({y.says}) give different answers here"
    else:
        status, text = "hole", "the text gives no answer"
    readings = []
    for k, x in enumerate(opts, 1):
        name, value = x.option
        # each reading numbered and in words first, then in brackets the option that picks it
        # (for -o): readers of s60 read "name=value (in force)" as the tool's code, and a
        # reading's own ';' or parenthesis as the end of it
        here = "followed in this audit: " if cfg.options.get(name) == value else ""
        readings.append(f"{k}) {x.says} [{here}option {name}={value}]")
    # the answer a replay follows, named (the first of the strongest source, as kernel decide
    # reads them): the finding's other §s print after the headline and were read as it (s58)
    listed = sorted((x for x in r.answers if x.option is None), key=lambda x: -cfg.rank(x.source))
    first = listed[0] if listed else None
    followed = f": {first.cite}'s, {first.says}" if first is not None else ""
    told = ("readings: " + "; ".join(readings)) if readings else \
        f"no option settles it: a replay follows the first answer listed{followed}"
    return status, f"{r.says}{during}: {text} — {told}"


def _answered_by(game: Any) -> dict[str, set[str]]:
    """Option name -> the rulings whose answers it gives."""
    out: dict[str, set[str]] = {}
    for r in game.rulings:
        for x in r.answers:
            if x.option is not None:
                out.setdefault(x.option[0], set()).add(r.name)
    return out


def sentences(game: Any, ids: set[str]) -> list[str]:
    """The sentences of the rulebook the coverage map links to these rule ids
    (`ruling:<name>`, `option:<name>`), as `§8.8#4 (line 248)`: the text a question was
    read against. [] where there is no map to read."""
    from ..errors import Unreadable
    from ..rulebook.coverage import map_path, read_map

    try:
        entries = read_map(map_path(game))
    except (Unreadable, OSError, KeyError, ImportError):  # no map, or a game built in memory (no module)
        return []
    return [f"{e.at} (line {e.line})" for e in entries if ids & {r.split("@")[0] for r in e.rules}]


def _reports(f: Finding, o: Any, rulings: set[str]) -> bool:
    """Does this finding report the question option `o` answers?"""
    # and a finding reports the questions folded into it (fold_within, fold_disputed_effects)
    for rule in (f.rule, *(i.rsplit(".", 1)[-1] for i in f.folded)):  # an id ends with its rule's name
        if rule and (rule in rulings or rule == o.name):
            return True
    return (f"option '{o.name}'" in f.says or f.id.endswith(f".{o.name}")
            or any(f"option '{o.name}'" in d for d in f.details))


_RANK = MappingProxyType({"error": 0, "warning": 1, "info": 2})


def _kept_apart(into: Finding, f: Finding) -> str:
    """Why `f` cannot be reported inside `into` ("" when it can): it is the more severe, and
    would be hidden under a lesser level. Read on what the findings are, not on what a search
    found: the same findings with witnesses or without."""
    after = dataclasses.replace(into, in_play=into.in_play or f.in_play)  # as _fold leaves it
    if _RANK.get(f.severity or "info", 2) < _RANK.get(after.severity or "info", 2):
        return f"it is more severe ({f.severity}) than the finding it follows from ({after.severity})"
    return ""


def _fold(a: Any, into: Finding, f: Finding, intro: str) -> None:
    """Report finding `f` inside `into`, losing nothing: its id and headline, its other
    details (the project's reading, where it arises), its §s and sources beside `into`'s; its
    witness stays its own (`inner`: --witness-dir writes it under f's id, and `into`'s details
    say it), or, where `into` arises in no play of its own, becomes `into`'s."""
    into.details.append(f"{intro} ({f.id}): {f.says}")
    into.details += [f"  {d}" for d in f.details if not d.startswith("detector: ")]
    if f.in_play and not into.in_play:  # `into` has no search of its own: f's is its
        into.witness, into.witness_note = f.witness, f.witness_note
        into.details.append(f"  the witness below is {f.id}'s")
    elif f.witness is not None:
        into.details.append(f"  its witness ({f.id}): a game of {len(f.witness.events)} events, {f.witness.reaches}")
    elif f.witness_note:
        into.details.append(f"  its witness ({f.id}): {f.witness_note}")
    into.cites += [c for c in f.cites if c not in into.cites]
    into.sources += [x for x in f.sources if x not in into.sources]
    into.in_play = into.in_play or f.in_play
    into.folded += [f.id, *f.folded]
    into.inner += [f, *f.inner]
    a.findings.remove(f)


def fold_disputed_effects(a: Any) -> None:
    """A disputed point on what an act does, where the text says when the act may be done and
    never what it does (the unstated-effect detector), is that silence seen from the published
    sources: one defect of the text, reported once, as the silence (two blind readers, s56
    and s58, counted Welcome's Polymorph twice that way). A dispute is about the act when the
    act's effect, as the model states it, names the option ("(option polymorph)"): a § shared
    is not enough (Twister's act and option `end`). The silence's finding takes each such
    dispute's sources, readings and witness. Run once the witnesses are in, before `review`."""
    from .text.effects import OWN, act_of

    acts = {x.name: x for x in a.game.actions}
    options = {o.name: o for o in a.game.options if o.kind == "disputed"}
    for f in list(a.findings):
        act = acts.get(act_of(f) or "")
        if act is None:
            continue
        about = [d for d in a.findings if d.rule in options and d.kind in ("contradiction", "ambiguity")
                 and re.search(rf"\boption '?{re.escape(d.rule)}\b", act.says)]
        folded = []
        for d in about:
            why = _kept_apart(f, d)
            if why:
                d.details.append(f"the text never says what the act does ({f.id}); reported apart: {why}")
                continue
            _fold(a, f, d, "the published sources differ on what it does")
            folded.append(d)
        if folded:
            f.in_play = True
            names = ", ".join(f"'{d.rule}'" for d in folded)
            f.says = f.says.replace(OWN, f" is the reading of option {names}, on which the published sources differ")


def _declared(game: Any) -> dict[str, str]:
    """{a Gap's or a Ruling's name: the question it declares it follows from (`within`)}."""
    return {x.name: x.within for x in (*game.gaps, *game.rulings) if getattr(x, "within", "")}


def within_problems(game: Any) -> list[str]:
    """What is wrong with the Gaps' and Rulings' `within` (one line each): a name that is no
    Gap, Ruling or act of the game, the question itself, or a cycle."""
    declared = _declared(game)
    names = {x.name for x in (*game.gaps, *game.rulings, *game.actions)}
    out = []
    for name, parent in declared.items():
        seen, at = {name}, parent
        if parent not in names:
            out.append(f"{game.name}: {name} is within {parent!r}, which is no Gap, Ruling or act of the game")
            continue
        while at in declared and at not in seen:
            seen.add(at)
            at = declared[at]
        if at in seen:
            out.append(f"{game.name}: {name} is within {parent!r}, and the chain of within comes back to {at!r}")
    return out


def published_answers(a: Any) -> None:
    """A hole (a question the text does not answer) that a published rule answers is read as
    such before the folds weigh the findings' severities (a hole is an error, one a published
    rule answers a warning): run before fold_within, which kept Twister heal_shared apart from
    the question it follows from as "more severe (error)" while reporting it as a warning (an
    independent engine's run, s61)."""
    game = a.game
    by_option = _answered_by(game)
    for o in game.options:
        b = o.basis
        if b is None or b.kind != "published":
            continue
        for f in a.findings:
            if f.is_problem and f.status == "hole" and _reports(f, o, by_option.get(o.name, set())):
                f.status = "published rule"  # the text is silent, a published rule is not: nothing undefined in play
                f.says = f.says.replace("the text gives no answer", f"the text gives no answer, a published rule does "
                                        f"({_source(game, b.cite)})", 1)


def fold_within(a: Any) -> None:
    """A Gap or a Ruling that declares the question it follows from (`within`: a Gap's or a
    Ruling's name, or an act whose effect the text never states) is reported inside that
    question's finding: one defect of the text, one finding (three readers of s58 counted
    Trolls' bet_without_cards and draw_empty_deck as one). Nothing is lost (_fold: its witness
    stays its own); where it is the more severe, or that question is not reported, it stays a
    finding, and each names the other's id. Chains fold into their first question
    (parents first); a `within` within_problems refuses is not read."""
    from .text.effects import act_of

    game = a.game
    if within_problems(game):
        return
    declared = _declared(game)
    home: dict[str, Finding] = {}  # a question folded -> the finding it is reported in

    def depth(name: str) -> int:
        return 1 + depth(declared[name]) if name in declared else 0

    def reported(name: str) -> list[Finding]:
        gap = next((g for g in game.gaps if g.name == name), None)
        gid = finding_id(game.name, "gap", gap.cite, gap.name) if gap is not None else None
        return [f for f in a.findings if f.is_problem and (f.id == gid or f.rule == name or act_of(f) == name)]

    for name in sorted(declared, key=depth):
        parents = reported(declared[name]) or ([home[declared[name]]] if declared[name] in home else [])
        if not parents:
            continue
        into = parents[0]
        for f in reported(name):
            why = _kept_apart(into, f)
            if why:
                f.details.append(f"it follows from {into.id}, reported apart: {why}")
                into.details.append(f"a question that follows from it is reported apart: {f.id}")
                continue
            _fold(a, into, f, "a question that follows from it")
            home[name] = into


def review(a: Any) -> None:
    """The audit's policy pass (`a` an Audit, once its findings are in)."""
    game, cfg = a.game, a.cfg
    by_option = _answered_by(game)
    for line in problems(game):
        name = line.split("option ")[-1].split(":")[0] if ": option " in line else "rulings"
        o = next((x for x in game.options if x.name == name), None)
        a.add(Finding(finding_id(game.name, "policy", o.cite if o else "", name), game.name, "ambiguity",
                      cites(o.cite) if o else [], line.split(": ", 1)[1], status="off-basis"))
    for f in a.findings:  # the text each question was read against, sentence by sentence
        if f.kind in ("ambiguity", "contradiction", "gap") and f.rule:
            read = sentences(game, {f"ruling:{f.rule}"} | {f"option:{n}" for n, rs in by_option.items() if f.rule in rs})
            if read:
                f.details.append("the text read: " + ", ".join(read))
    for r in game.rulings:  # a conflict no option settles: the reading a replay follows
        if needs_basis(r) and r.basis is not None:
            for f in a.findings:
                if f.is_problem and f.rule == r.name:
                    f.details.append(f"a replay follows {r.basis.value}: " + (
                        "the model's choice, neither the text nor a published rule decides it: "
                        if r.basis.kind == "model" else f"the {r.basis.kind} decides it: ") + r.basis.says)
    for o in game.options:
        b = o.basis
        if b is None:
            continue
        rulings = by_option.get(o.name, set())
        told = [f for f in a.findings if f.is_problem and _reports(f, o, rulings)]
        value = cfg.options.get(o.name, o.default)
        if b.kind == "model":
            line = f"default {o.default}: the model's choice, neither the text nor a published rule decides it: {b.says}"
            for f in told:
                f.details.append(line)
            if not told:
                a.add(Finding(finding_id(game.name, "default", o.cite, o.name), game.name, "ambiguity", cites(o.cite),
                              f"{b.cite} leaves open {o.says}; the model plays {o.default} ({o.choices[o.default]})",
                              details=[b.says, "other readings: " + "; ".join(
                                  f"{k} = {v}" for k, v in o.choices.items() if k != o.default)],
                              status="default", rule=o.name))
            continue
        follows = f"default {o.default}: follows the {'text' if b.kind == 'text' else b.kind + ' rule'} ({b.cite}): {b.says}"
        for f in told:
            f.details.append(follows)
        others = [f"{k} = {v}" for k, v in o.choices.items() if k != b.value]
        # what a house option's entry adds after its basis: the reading in force, and the others
        rest = ([f"followed in this audit: option {o.name}={value}"] if value != b.value else []) + (
            ["other readings, offered so that other engines' games replay: " + "; ".join(others)] if others else [])
        if o.kind == "house" and b.kind == "published":
            # a published rule decides it, not the text: for the rulebook that is still a silence
            # (as a silent option with a published basis is reported), so a finding, never "decided";
            # one of its own unless a finding already reports the question
            if told:
                continue
            a.add(Finding(finding_id(game.name, "published", o.cite, o.name), game.name, "gap", cites(o.cite),
                          f"{o.says}: the text gives no answer, a published rule does ({_source(game, b.cite)}) — "
                          f"{o.choices[b.value]}", status="published rule", rule=o.name,
                          details=[follows, *rest]))
        elif o.kind == "house":  # decided: listed apart, never a finding (its other readings replay others' games)
            a.add(Finding(finding_id(game.name, "decided", b.cite if b.kind == "text" else o.cite, o.name), game.name,
                          "proved", cites(b.cite) if b.kind == "text" else cites(o.cite),
                          f"decided by {b.cite if b.kind == 'text' else _source(game, b.cite)}: {o.says} — {o.choices[b.value]}", status="decided",
                          details=[b.says, *rest]))
