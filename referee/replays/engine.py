"""The replay engine: validate a recorded game step by step (game-agnostic).

For each event: decode it into the model's action (unreadable -> exit 2), check the phase
and every Need (first failure -> illegal, exit 1), apply the effect, check every
invariant. Like python-chess, three outcomes are kept apart: the log cannot be read, the
game breaks a rule, the game is legal. A situation where the rules give no answer
(`Undecided`) is reported as such, never guessed.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from ..errors import brief, look_alikes, printable
from ..model import load
from ..model.kernel import BadInput, Game, Illegal, IllegalSetup, Undecided
from ..model.kernel import rules as R
from ..model.kernel.inputs import check_source, shown
from .. import proofstore
from .beyond import NotEstablished, beyond
from .bounds import held_past, past_bound
from .readings import other_reading, prefix, said
from .formats import VERDICT_VERSION
from .decoders import decoder
from .log import MAX_EVENTS, Line, Unreadable, check_rules, is_text, read_header, records, stray_key


@dataclass
class Problem:
    line: int
    kind: str  # "unreadable" | "illegal" | "invariant" | "undecided" | "beyond" | "result"
    message: str
    cite: str | None = None
    source: str | None = None
    field: str | None = None
    state: dict | None = None

    def __post_init__(self) -> None:
        self.message = brief(self.message)  # a value the input gave is quoted in it: never a line of megabytes

    def render(self, file: str) -> str:
        where = f"{file}:{self.line}" if self.line else file  # 0: the file as a whole
        cite = f" [{self.cite}{' ' + self.source if self.source else ''}]" if self.cite else ""
        said = {"warning": "warning: ", "beyond": "not established: ", "undecided": "not established: "}.get(self.kind, "")
        return f"{where}: {said}{self.message}{cite}"


@dataclass
class Verdict:
    file: str
    game: str | None = None
    # "legal" | "illegal" | "not established" (the rules give no answer at a line: an act the
    # text names and does not give, replays/beyond.py, or a ruling no option settles) |
    # "unreadable" | "error" (referee failed: cli.replay._one)
    verdict: str = "legal"
    events: int = 0
    problems: list[Problem] = field(default_factory=list)
    outcome: dict | None = None
    expect: dict | None = None
    decided: list = field(default_factory=list)  # where the text did not decide alone (engine._decided)
    # where the text is silent and the model's reading applied (_silences); None: not looked
    # for (only `explain` does: testing each gap's situation on each event halves a replay's speed)
    silent: list | None = None
    warnings: list[Problem] = field(default_factory=list)  # shown to the user; the verdict stands
    # the invariants not checked after each event, because z3 proved them for the rules in
    # force (proofstore.trusted): their §s, and how many of the game's invariants they are
    trusted: list[str] = field(default_factory=list)
    invariants: int = 0
    state: Any = field(default=None, repr=False, compare=False)  # the last state reached (not in the JSON)

    def __getstate__(self) -> dict:
        # sent back from --jobs workers without the state: its Config holds compiled code
        return {**self.__dict__, "state": None}

    @property
    def code(self) -> int:
        return {"legal": 0, "illegal": 1, "not established": 1, "unreadable": 2, "error": 2}[self.verdict]

    def to_json(self) -> dict:
        return {
            "version": VERDICT_VERSION, "file": self.file, "game": self.game, "verdict": self.verdict, "events": self.events,
            "outcome": self.outcome, "decided": self.decided, "silent": self.silent,
            "invariants": {"of": self.invariants, "trusted_from_proofs": self.trusted},
            "problems": [{k: v for k, v in p.__dict__.items() if v is not None} for p in self.problems],
            "warnings": [{k: v for k, v in p.__dict__.items() if v is not None} for p in self.warnings],
        }

    def first(self) -> Problem | None:
        """The problem the verdict stands on: the first one, or for an unreadable log the
        fault that made it unreadable (under --keep-going, illegal steps may come before)."""
        if self.verdict == "unreadable":
            return next((p for p in self.problems if p.kind == "unreadable"), None)
        return self.problems[0] if self.problems else None


def decode(game: Game, cfg: Any, players: tuple[str, ...], line: Line, expected_n: int, known: dict | None = None):
    """An event line -> (action, args). Raises Unreadable with the field at fault. `known`:
    a log's own {event name: (action, its decoder)}, filled as they are met (one look-up an
    event instead of two)."""
    ev = line.data
    n = ev.get("n")
    if type(n) is not int:
        if n is None and "referee" in ev:  # a header where an event belongs: two games in one file
            raise Unreadable(line.no, "a second header: a log holds one game (several games go in a packed "
                             "corpus, *.games.jsonl, each from its own header)", "referee")
        raise Unreadable(line.no, "every event needs \"n\", a whole number" + (
            f", expected {expected_n}; got {shown(n)}" + (" (a number past 64 bits is read as a decimal)"
                                                           if abs(n) >= 2 ** 63 else "")
            if type(n) is float else ""), "n")
    if n != expected_n:
        raise Unreadable(line.no, f"\"n\" is {n}, expected {expected_n} (events count from 1)", "n")
    if n > MAX_EVENTS:
        raise Unreadable(line.no, f"more than {MAX_EVENTS:,} events: longer than any game a log may hold", "n")
    do = ev.get("do")
    if type(do) is not str:
        instead = "" if "do" in ev else _stray(ev, "do")
        raise Unreadable(line.no, "every event needs \"do\", the event's name" + instead, "do")
    got = known.get(do) if known is not None else None
    if got is None:
        act = game.action(do)
        if act is None:
            named = beyond(game).get(do)  # an act the text names and does not give: not a typo
            if named is not None:
                _player(ev, players, line.no)  # a player's act (beyond.toml): its envelope is read as every event's
                raise NotEstablished(line.no, named)
            raise Unreadable(line.no, f"unknown event {shown(do)} for {game.name} (see `referee rules {game.name}`)", "do")
        got = (act, decoder(act, cfg, players))
        if known is not None:
            known[do] = got
    act = got[0]
    by = ev.get("by")
    if act.by == "chance":
        if by != "chance":
            raise Unreadable(line.no, f"'{do}' is a chance event: \"by\" must be \"chance\"", "by")
        p = None
    else:
        p = _player(ev, players, line.no, act.fields)
    # the params, "note" and the fields it has not: the action's own decoder (decoders.py)
    return act, got[1](ev, p, line.no)


def _player(ev: dict, players: tuple[str, ...], no: int, fields: frozenset | None = None) -> int:
    """The index of the player an event's "by" names; Unreadable when it names none."""
    by = ev.get("by")
    if by not in players:
        got = f"got {shown(by)}" if "by" in ev else "it is missing" + _stray(ev, "by", fields)
        raise Unreadable(no, f"\"by\" must name a player ({', '.join(players)}), {got}", "by")
    return players.index(by)


def _stray(ev: dict, missing: str, fields: frozenset | None = None) -> str:
    """A field is missing: the key the event has in its place, named (log.stray_key)."""
    k = stray_key(ev, missing, fields)
    return f"; the event has \"{printable(k)}\" in its place" if k else ""


HEADER_FIELDS = ("players", "options", "setup", "expect")  # a header's own keys a configure may refuse


def header_refused(no: int, e: BadInput) -> Unreadable:
    """A header the game's configure or setup refused, unreadable at its line, on the field
    the error sets (the kernel's checks of the players and the options set it), else the one
    its message starts with (a game's own setup check: "setup: ..."), else the setup."""
    head = e.field or str(e).partition(":")[0]
    return Unreadable(no, f"header: {e}", head if head in HEADER_FIELDS else "setup")


def _refused(no: int, e: BadInput, game: Game, components: Path | None, prefer: str | None) -> Unreadable:
    """What configure or setup refused: the replay's own arguments when they are at fault (a
    source the game does not have, components that cannot be read), else the header."""
    try:
        check_source(prefer, game.sources)
    except BadInput:
        return Unreadable(no, f"prefer: {e}", "prefer")
    head = e.field or str(e).partition(":")[0]
    if components is not None and head not in HEADER_FIELDS:
        return Unreadable(no, f"components: {e}", "components")
    return header_refused(no, e)


def setup_from_header(game: Game, header: dict, components: Path | None = None, prefer: str | None = None):
    """The first state of a game from its header (raises BadInput): Game.first_state."""
    return game.first_state(header, components, prefer)


def _who(players: tuple[str, ...], p: int | None) -> str:
    return "chance" if p is None else players[p]


def _broke(act: Any, players: tuple[str, ...], a: Any, e: Illegal) -> str:
    """One voice for a refused event: what was done, the § it breaks, what the rule requires,
    what was found."""
    return f"'{act.name}' by {_who(players, a.p)} breaks {e.need.cite}: {e.need.says}" + (f"; {e.shown}" if e.shown else "")


def replay(source: Any, keep_going: bool = False, explain: bool = False,
           components: Path | None = None, prefer: str | None = None, *,
           game: Game | None = None, options: dict | None = None, label: str | None = None,
           check_invariants: bool = False, compiled: bool = True, compile_after: int | None = None) -> Verdict:
    """Validate one log. `source` is anything `log.records` reads: a path, a stream, an
    iterable of lines or of event dicts. With `game`, the log must be a game of it; with
    `options`, they are the rules' options and the header may only repeat them. An
    invariant z3 proved for the rules in force is not checked after events that passed
    their Needs (it cannot break there) unless `check_invariants`. `compiled`: the rules
    run compiled (kernel/compile/), same verdict as interpreted (tests/test_compiled.py),
    each action from its `compile_after`-th event on (default compile.HOT; 1: at once)."""
    v = Verdict(file=label or _label(source))
    try:
        _run(v, records(source), keep_going, explain, components, prefer, game, options, check_invariants,
             compiled, compile_after)
    except Unreadable as e:
        v.verdict = "unreadable"
        # a name that only looks right ('Squirе', a Cyrillic е) is named, whichever layer refused it
        v.problems.append(Problem(e.line, "unreadable", e.what + look_alikes(e.what), field=e.field))
    return v


def _label(source: Any) -> str:
    """How a verdict names its log: the path, the stream's name, or <memory>; as it is (a
    name is escaped where it reaches a terminal, cli/common.Lines; JSON keeps it exact)."""
    if isinstance(source, os.PathLike) or (isinstance(source, str) and not is_text(source)):
        return str(source)
    name = getattr(source, "name", None)
    if isinstance(name, str):
        return name
    return "<memory>"


def _merged(header: dict, options: dict | None, line: int) -> dict:
    """The header's options over the loaded rules' options; a clash is unreadable."""
    given = header.get("options", {})
    if not options:
        return given
    for k, x in given.items():
        if k in options and options[k] != x:
            raise Unreadable(line, f"option {k} is {x!r} in the header but the rules were loaded with {options[k]!r}", f"options.{k}")
    return {**options, **given}


def _expected_rulings(game: Game, e: dict, line: int) -> None:
    """The rulings an expectation names ("decides", "undecided") are the game's: a name it
    does not have is a typo that would pass (undecided) or fail (decides) for no reason."""
    known = {r.name for r in game.rulings}
    for key, names in (("decides", [e.get("decides")]), ("undecided", list(e.get("undecided") or {}))):
        for r in names:
            if r is not None and r not in known:
                raise Unreadable(line, f"\"expect.{key}\" names {shown(r)}, not an open point of {game.title} "
                                       f"(known: {', '.join(sorted(known)) or 'none'})", f"expect.{key}")


def _run(v: Verdict, it: Iterator[Line], keep_going: bool, explain: bool,
         components: Path | None, prefer: str | None, want: Game | None = None,
         options: dict | None = None, check_invariants: bool = False, compiled: bool = True,
         compile_after: int | None = None) -> None:
    first = next(it, None)
    if first is None:
        raise Unreadable(1, "empty log: the first line must be the header")
    header = read_header(first)
    if want is not None and header["game"] != want.name:
        raise Unreadable(first.no, f"this log is a game of {header['game']}, not of {want.name}", "game")
    game = want or load(header["game"])
    check_rules(first, game.version)
    if header.get("expect"):  # before v.expect: an expectation that cannot be read is the input's fault (exit 2)
        _expected_rulings(game, header["expect"], first.no)
    v.game, v.expect = game.name, header.get("expect")
    players = tuple(header["players"])
    header = {**header, "options": _merged(header, options, first.no)}
    try:
        s = v.state = setup_from_header(game, header, components, prefer)
        cfg = s.cfg
    except IllegalSetup as e:
        v.problems.append(Problem(first.no, "illegal", f"the setup is illegal: {e.says}", e.cite, field="setup"))
        v.verdict = "illegal"
        return
    except BadInput as e:
        raise _refused(first.no, e, game, components, prefer) from None
    except RecursionError:
        raise Unreadable(first.no, "header: nested too deep to be read", "setup") from None
    if components is not None:  # a set that breaks the text's own numbers is said, never silently played
        v.warnings.extend(_components_against_text(game, cfg, first.no))
    # a readable view where the model gives one (names, not indexes), else the numeric skeleton
    show = named_view(game.show or (lambda st: st.project()), players) if explain else (lambda st: None)
    fast = None
    if compiled:
        from ..model.kernel.compile import HOT, compiled as compiled_rules

        fast = compiled_rules(game, cfg, compile_after or HOT)
    # the setup state is checked whole: a proof's base case covers only what `init` describes
    for inv in (fast or game).broken(s):
        v.problems.append(Problem(first.no, "invariant", f"the setup breaks: {inv.says}", inv.cite, inv.source,
                                  state=show(s)))
        v.verdict = "illegal"
    if v.verdict == "illegal" and not keep_going:
        return
    # a proof starts from a state where every invariant holds: a setup that breaks one
    # (--keep-going) leaves nothing to trust
    trusted = frozenset() if check_invariants or v.verdict == "illegal" else proofstore.trusted(game, cfg, components)
    v.invariants = len(game.invariants)
    v.trusted = sorted({game.invariants[k].cite for k in trusted})
    expected_n = 1
    over, ended = None, 0  # the outcome, once the game is over, and the line that ended it
    step, apply, result, broken_after = game.step, game.apply, game.result, game.broken_after
    steps = bool(game.steps)
    if fast is not None:
        # The compiled rules equal the written ones from a state every invariant holds in
        # (a write set, a type test traced as docs/compiled.md says): once a problem is
        # reported (--keep-going), the rest of the game is played as written.
        def step(s, act, a):
            return fast.step(s, act, a) if v.verdict == "legal" else game.step(s, act, a)

        def apply(s, act, a):
            return fast.apply(s, act, a) if v.verdict == "legal" else game.apply(s, act, a)

        def broken_after(before, after, trusted, act=None, a=None):
            if v.verdict != "legal":
                return game.broken_after(before, after, trusted)
            return fast.broken_after(before, after, act, trusted, a)
    known: dict = {}  # this log's events by name: (action, decoder)
    played: list = []  # the event lines read, with their n
    # with every invariant trusted from a proof, nothing is left to check after a step that
    # passed its Needs (until an illegal event under --keep-going: then all are checked)
    n_invs = len(game.invariants)
    check_after = len(trusted) < n_invs
    trace: list = []  # where the text did not decide alone (rules.tracing)
    silences = _silences(game) if explain else {}
    if explain:
        v.silent = []
    closed = False  # a result line ended the log
    # the line of the last illegal event -k played on: past it the state may be one no legal
    # game reaches (the setup's, when it broke an invariant)
    resumed = first.no if v.verdict == "illegal" else None
    last = first.no  # the line of the last event read
    with R.tracing(trace):
        for line in it:
            if "result" in line.data:
                closed = True
                # a result line ends the log: one placed before other lines is not the
                # game's result, so it is not judged (the log's structure is at fault)
                after = next(it, None)
                if after is not None:
                    raise Unreadable(after.no, f"nothing may follow the result line (line {line.no})")
                _check_result(v, game, s, players, line, over)
                break
            last = line.no
            try:
                act, a = decode(game, cfg, players, line, expected_n, known)
            except RecursionError:  # a value nested ~1000 deep: orjson reads it, a decoder cannot
                raise Unreadable(line.no, "nested too deep to be read") from None
            except Unreadable as e:  # a list longer than a log may hold: illegal if the rules refuse that many
                judged = past_bound(game, s, players, line, e) if over is None else None
                if judged is None:
                    raise
                act, a, ill, name, past = judged
                v.events += 1
                v.problems.append(Problem(
                    line.no, "illegal", f"{_broke(act, players, a, ill)} ({held_past(name, past)}: read to be judged)",
                    ill.need.cite, ill.need.source, state=show(s)))
                v.verdict = "illegal"
                if keep_going:  # its args are past the domain the rules are played on
                    v.warnings.append(Problem(line.no, "warning", f"nothing after line {line.no} is checked: its "
                                              f"\"{name}\" is past what the rules are played on", act.cite))
                return
            except NotEstablished as e:  # nothing from here on can be judged, -k or not
                v.events += 1
                if over is not None:  # after the end any event is illegal, this one too
                    v.problems.append(Problem(line.no, "illegal", _after_end(e.act.do, over, ended, players),
                                              after_end_cite(game, over.cite), state=show(s)))
                    v.verdict = "illegal"
                    return
                v.problems.append(Problem(line.no, "beyond", e.message, e.cite, state=show(s)))
                v.verdict = "not established" if v.verdict == "legal" else v.verdict
                return
            played.append((line, expected_n))  # kept for a reading's replay (readings.prefix): a reference each
            expected_n += 1
            v.events += 1
            if over is not None:
                v.problems.append(Problem(line.no, "illegal", _after_end(act.name, over, ended, players),
                                          after_end_cite(game, over.cite), state=show(s)))
                v.verdict = "illegal"
                return
            before = s
            try:
                s = v.state = step(s, act, a)
                over = result(s)  # inside the trace: end-of-game questions count too
                ended = ended or (line.no if over is not None else 0)
            except Illegal as e:
                msg = _broke(act, players, a, e) + _phase_due(game, act, e.need, s)
                alt = other_reading(game, s, act, a, trace, header["options"], prefix(
                    game, header, players, played[:-1], components, prefer)) if trace else None
                if alt is not None:  # refused by the model's reading only: nothing from here on is judged
                    v.problems.append(Problem(line.no, "undecided", said(alt, msg), alt["cite"], state=show(s)))
                    v.verdict = "not established" if v.verdict == "legal" else v.verdict
                    _flush(v, line.no, trace)
                    return
                v.problems.append(Problem(line.no, "illegal", msg, e.need.cite, e.need.source, state=show(s)))
                v.verdict = "illegal"
                # an option's answer read while the Needs were checked (it may be what refused
                # the event: Twister heal_shared=no) is reported like any other
                _flush(v, line.no, trace)
                if not keep_going:
                    return
                trusted = frozenset()  # past an illegal event the proofs say nothing: check all
                check_after = n_invs > 0
                try:
                    s = v.state = apply(s, act, a)  # resume from the recorded state
                    over = result(s)
                    ended = ended or (line.no if over is not None else 0)
                except Exception:  # noqa: BLE001 - the effect cannot run on this state: stop here
                    v.problems.append(Problem(line.no, "illegal", "cannot resume after this event", act.cite))
                    return
                resumed = line.no
            except Undecided as e:
                r = e.ruling
                v.problems.append(Problem(line.no, "undecided", f"'{act.name}': the rules give no outcome here: {r.says}", r.cite, state=show(s)))
                v.verdict = "not established" if v.verdict == "legal" else v.verdict
                return
            except Exception as e:  # noqa: BLE001 - only past an illegal event (-k): else re-raised
                if resumed is None:
                    raise
                _unreached(v, line.no, act, resumed, e, resumed == first.no)
                return
            if trace:
                _flush(v, line.no, trace)
            if act.name in silences and v.verdict == "legal":
                _silent(v, line.no, silences[act.name], before, a)
            try:
                broken = (broken_after(before, s, trusted, act, a) if compiled else broken_after(before, s, trusted)) \
                    if check_after else ()
                stepped = game.broken_steps(before, s) if steps else ()
            except Exception as e:  # noqa: BLE001 - as above
                if resumed is None:
                    raise
                _unreached(v, line.no, act, resumed, e, resumed == first.no)
                return
            if broken:
                for inv in broken:
                    v.problems.append(Problem(line.no, "invariant", f"after '{act.name}': {inv.says} no longer holds", inv.cite, inv.source, state=show(s)))
                v.verdict = "illegal"
            if steps:  # guarantees read on the states before and after the event (kernel Step)
                for st in stepped:
                    v.problems.append(Problem(line.no, "invariant", f"'{act.name}' breaks {st.cite}: {st.says}",
                                              st.cite, st.source, state=show(s)))
                    v.verdict = "illegal"
            if v.verdict == "illegal" and not keep_going:
                return
            if v.problems and v.problems[-1].line == line.no:
                resumed = line.no  # an invariant or a step guarantee broken here: the state is no legal one
    if over is not None:
        v.outcome = _outcome_json(over, players)
    if v.events == 0 and v.verdict == "legal":
        v.warnings.append(Problem(first.no, "warning", "no events after the header: the setup is legal, "
                                  "but nothing was played (a log cut short?)"))
    elif over is None and not closed and v.verdict == "legal":
        # legal as far as it goes, but a log that stops before the game's end and declares no
        # result may have lost its end (s53 G14): said, as for a log cut to its header; the
        # verdict stands, since a game may be recorded unfinished on purpose
        v.warnings.append(Problem(last, "warning", f"the game is not over after the last event ({v.events} events) "
                                  "and no result line closes the log: the events are legal, but the game "
                                  "was not finished (a log cut short?)"))


def _after_end(name: str, over: Any, ended: int, players: tuple) -> str:
    """An event once the game is over: when and how it ended (a game ended by the turn count
    was said "(more victory points)", which read as the reason it ended)."""
    who = " and ".join(players[i] for i in over.winners) or "nobody"
    return (f"'{name}' after the end of the game (over since line {ended}: {who} "
            f"{'win' if len(over.winners) > 1 else 'wins'}, {over.how})")


def phase_cite(game: Game, s: Any) -> str | None:
    """The § of the phase the game is in (None on a state that names no phase of it)."""
    try:
        return game.phases[int(s.phase)].cite
    except (AttributeError, IndexError, TypeError, ValueError):
        return None


def _phase_due(game: Game, act: Any, need: Any, s: Any) -> str:
    """For an event out of its phase, the § of the phase the game is in, whose events were due
    (a skipped reveal is read at §Issue, not only at the next round's §): said in the message,
    while the problem's cite stays the Need's, which scenarios and expectations name."""
    if need is not game.needs(act)[0]:
        return ""
    now = phase_cite(game, s)
    if now is None:
        return ""
    new = [c for c in R.cites(now) if c not in R.cites(need.cite)]  # only the §s the Need does not cite
    return f" ({' '.join(new)})" if new else ""


def _components_against_text(game: Game, cfg: Any, line: int) -> list[Problem]:
    """The component data checks (the numbers the text and the facts give: 13 monster cards)
    that the set given with --components fails: each a warning on the header's line, since
    every verdict on the log is read under that set (the audit reports them as data findings)."""
    return [Problem(line, "warning", f"the components given differ from what the text (or the published facts) says: {d.says} "
                                     f"({d.detail}); "
                                     "this log is judged under them", d.cite, d.source)
            for d in game.data_checks(cfg) if not d.ok]


def _unreached(v: Verdict, line: int, act: Any, resumed: int, e: Exception, setup: bool = False) -> None:
    """-k played an illegal event's effect, and the rules cannot run on the state it left (two
    monsters in one hand): that is no verdict on this line, and nothing after it is checked."""
    what = "setup" if setup else "event"
    v.warnings.append(Problem(line, "warning", f"'{act.name}' is not checked, nor any line after it: the illegal "
                              f"{what} at line {resumed} left a state no legal game reaches, and the rules give "
                              f"no answer on it ({type(e).__name__})", act.cite))


def _flush(v: Verdict, line: int, trace: list) -> None:
    """The decisions of one event, each once: a rule and the check of what a log declares
    may both ask the same question on one line."""
    for r, ans in dict.fromkeys(trace):
        v.decided.append(_decided(line, r, ans))
    trace.clear()


def _silences(game: Game) -> dict:
    """{event name: the gaps that may arise on it}: the points the text is silent on where
    the model had to read something in, each with the situation it bites in (kernel Gap)."""
    out: dict = {}
    for g in game.gaps:
        for e in g.on if g.arises is not None else ():
            out.setdefault(e, []).append(g)
    return out


def arising(gaps: list, before: Any, a: Any) -> list[dict]:
    """Of `gaps` (those that may arise on the event), the ones whose situation the event is
    in, on the state before it and its args, as the verdict lists them (less the line)."""
    out = []
    for g in gaps:
        try:
            hit = g.arises(before, a)
        except (AttributeError, IndexError, KeyError, TypeError):  # args `arises` cannot read
            continue
        if hit:
            out.append({"gap": g.name, "cite": g.cite, "reading": g.fills})
    return out


def _silent(v: Verdict, line: int, gaps: list, before: Any, a: Any) -> None:
    """A legal verdict that rests on the model's reading of a silence says so, line by line."""
    assert v.silent is not None  # set where the silences are looked for (_run)
    v.silent.extend({"line": line, **d} for d in arising(gaps, before, a))


def _decided(line: int, r: Any, ans: Any) -> dict:
    """Where the text did not decide alone: the option that did, or the first of the text's
    disagreeing answers that applied (no option settles that conflict)."""
    d = {"line": line, "ruling": r.name, "cite": r.cite}
    if ans.option is not None:
        d["option"] = "=".join(ans.option)
    else:
        d["first_of_conflicting"] = f"{ans.cite} {ans.source}"
    return d


def _outcome_json(o: Any, players: tuple[str, ...]) -> dict:
    out: dict[str, Any] = {"winners": [players[i] for i in o.winners], "how": o.how, "cite": o.cite}
    if o.points is not None:
        out["points"] = {players[i]: pts for i, pts in enumerate(o.points)}
    return out


def after_end_cite(game: Game, outcome_cite: str | None) -> str | None:
    """The § an event after the end of the game breaks: the end's (end_cite), else the
    outcome's where a game has no end phase."""
    return end_cite(game) or outcome_cite


def end_cite(game: Game) -> str | None:
    """The § of the game's end: the phases no event is allowed in (the end of the phase graph).
    An event after the end breaks that rule (Raiders: §9.2 stops the game), not the one that
    names the winner (§9.3's tie-breaks: the Outcome's §)."""
    allowed = {p for a in game.actions for p in a.phases}
    return " ".join(dict.fromkeys(p.cite for p in game.phases if p.name not in allowed)) or None


def _check_result(v: Verdict, game: Game, s: Any, players: tuple[str, ...], line: Line, over: Any) -> None:
    extra = sorted(set(line.data) - {"result", "note"})
    if extra:
        raise Unreadable(line.no, f"the result line has no field \"{extra[0]}\" (only \"result\" and \"note\")", extra[0])
    if "note" in line.data and type(line.data["note"]) is not str:  # as on the header and the events
        raise Unreadable(line.no, "\"note\" must be a string", "note")
    res = line.data["result"]
    if type(res) is not dict or set(res) - {"winner", "points"}:
        raise Unreadable(line.no, "\"result\" must be an object with \"winner\" and optionally \"points\"", "result")
    if "winner" not in res:
        raise Unreadable(line.no, "\"result\" must name the \"winner\": a player, a list of players (a shared "
                         "win), or null or [] for no winner", "result")
    declared = res["winner"]
    winners = [] if declared is None else declared if type(declared) is list else [declared]
    for w in winners:
        if type(w) is not str or w not in players:
            raise Unreadable(line.no, f"the declared winner {shown(w)} is not a player", "winner")
    if len(set(winners)) != len(winners):
        raise Unreadable(line.no, "a winner is declared twice", "winner")
    if "points" in res and res["points"] is None:  # the schema's "points" is an object: null is no score sheet
        raise Unreadable(line.no, "\"points\" must map player names to whole numbers, or be left out", "points")
    pts = res.get("points")
    if pts is not None and (type(pts) is not dict or any(k not in players or type(x) is not int for k, x in pts.items())):
        raise Unreadable(line.no, "\"points\" must map player names to whole numbers", "points")
    if pts is not None and set(pts) != set(players):
        # a score sheet with a player left out cannot be checked whole (who was left out, and why?)
        raise Unreadable(line.no, "\"points\" must give every player's points, or be left out; missing: "
                         + ", ".join(p for p in players if p not in pts), "points")
    if over is None:
        v.problems.append(Problem(line.no, "result", "a result is declared but the game is not over", end_cite(game)))
        v.verdict = "illegal"
        return
    got = _outcome_json(over, players)
    v.outcome = got
    if pts is not None and "points" not in got:  # the line cannot be read as written: before any judging
        raise Unreadable(line.no, f"\"points\" declared, but {game.title} ends with no points: only "
                         "\"winner\" can be checked", "points")
    if sorted(winners) != sorted(got["winners"]):
        v.problems.append(Problem(line.no, "result", ("declared " + (f"winner {', '.join(winners)}" if winners else "no winner")) + f"; the rules give {', '.join(got['winners']) or 'nobody'} ({over.how})", over.cite))
        v.verdict = "illegal"
    if pts is not None:
        for name, x in pts.items():
            if got["points"][name] != x:
                v.problems.append(Problem(line.no, "result", f"declared {x} points for {name}; the rules give {got['points'][name]}", over.cite))
                v.verdict = "illegal"


def named_view(show: Any, players: tuple) -> Any:
    """A view that counts its players (`"players": 2`, every per-player list in seat order)
    is given the header's names instead, so --explain labels a column "Ana", not "player 1"."""
    def named(st: Any) -> Any:
        view = show(st)
        if isinstance(view, dict) and view.get("players") == len(players) and type(view.get("players")) is int:
            view = {**view, "players": list(players)}
        return view
    return named
