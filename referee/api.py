"""The front door: a game's rules as one object, in python-chess's habits.

    rules = referee.load("welcome")          # the rules, configured once
    rules.replay(path_or_stream_or_lines)    # -> Verdict, as `referee replay` gives
    play = rules.new(["Ana", "Ben"])         # a game in progress
    play.push({"by": "Ana", "do": ...})      # checked; play.apply(...) is trusted
    play.legal_moves(), play.state, play.show(), play.result()
    rules.audit(), rules.scenarios()         # findings and scenarios, in memory

Nothing here writes a file or imports z3 before an audit or scenarios are asked for.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Mapping, Sequence

from . import errors, given
from .model import load as _load_game
from .model import is_game, names
from .model.kernel import Config, Game, State
from .model.kernel import rules as R
from .model.kernel.inputs import check_source, shown
from .model.kernel.play import event as _event
from .model.kernel.play import legal as _legal
from .replays import engine
from .replays.engine import Verdict
from .replays.log import FORMAT, Line, read_header


def games() -> list[str]:
    """The short names of the built-in games."""
    return names()


def load(name: str, options: Mapping[str, str] | None = None, prefer: str | None = None,
         components: str | Path | None = None, players: int | None = None) -> "Rules":
    """The rules of game `name` under `options` (NAME -> VALUE), read as source `prefer`
    says where sources disagree, with the component data in directory `components`.
    `players` is the player count of `config` and of `new()` without names (the game's
    default when None); a replayed log brings its own. Raises `referee.errors.Unreadable` for an
    unknown game, option or component file, or an argument of the wrong type."""
    given.text(name, "name")
    given.pairs(options, "options")
    given.text(prefer, "prefer")
    given.path(components, "components")
    given.whole(players, "players", 1, none=True)
    if name is None or not is_game(name):
        raise errors.Unreadable(f"unknown game {name!r} (known: {', '.join(names())})", field="game")
    game = _load_game(name)
    comp = Path(components) if components is not None else None
    rules = Rules(game, dict(options or {}), prefer, comp, players)
    try:
        check_source(prefer, game.sources)
    except errors.Unreadable as e:
        raise _about(e, "prefer") from None
    try:
        rules.config  # read the options and components now: a bad one fails here, located
    except errors.Unreadable as e:  # options and players say their field: what is left is the components
        raise _about(e, "components") from None
    return rules


def _about(e: errors.Unreadable, what: str) -> errors.Unreadable:
    """e, naming the argument it is about when it names none (the README: each error has one)."""
    if e.field is None:
        e.field = what
    return e


@dataclass(frozen=True)
class Rules:
    """One game's rules under one configuration."""

    game: Game
    options: dict = field(default_factory=dict)
    prefer: str | None = None
    components: Path | None = None
    players: int | None = None

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def config(self) -> Config:
        """The Config these rules are played with (for `players` players, where given)."""
        kw = {} if self.players is None else {"nplayers": self.players}
        return self.game.configure(dict(self.options), self.components, self.prefer, **kw)

    # ---------------------------------------------------------------- replays
    def replay(self, source: Any, keep_going: bool = False, explain: bool = False,
               label: str | None = None, check_invariants: bool = False) -> Verdict:
        """Validate one recorded game of these rules. `source`: a path, a text or binary
        stream, an iterable of lines (str or bytes) or of event dicts, or the log's own
        text. Its header must name this game; options it gives must agree with these.
        Invariants z3 proved for these rules are trusted unless `check_invariants`."""
        given.source(source)
        given.flags(keep_going=keep_going, explain=explain, check_invariants=check_invariants)
        return engine.replay(source, keep_going, explain, self.components, self.prefer,
                             game=self.game, options=self.options, label=label, check_invariants=check_invariants)

    def new(self, players: Sequence[str] | None = None, setup: Mapping[str, Any] | None = None) -> "Play":
        """A game in progress from its first state, for the named players (P1, P2, ... as
        many as `load(players=…)` asked, else as the default setup has). `setup` is the
        header's "setup" object (when None: the game's example setup, else the setup its
        random games draw with seed 0; see docs/<game>.md). Raises
        `referee.errors.Unreadable` for a header that cannot be read, `Illegal` for a setup
        that breaks a rule."""
        given.names(players, "players")
        if setup is not None and not isinstance(setup, Mapping):
            raise errors.Unreadable(f"setup: the header's setup object (a mapping), not {type(setup).__name__}",
                                    field="setup")
        base = dict(self.game.header_example)
        if not base.get("setup") and self.game.random_header is not None:
            import random  # a fixed seed: the same default setup every time

            base = self.game.random_header(random.Random(0), self.config)
        if players is None:
            players = [f"P{i}" for i in range(1, (self.players or len(base.get("players", ())) or 2) + 1)]
        header: dict[str, Any] = {"referee": FORMAT, "game": self.name, "players": list(players)}
        if self.options:
            header["options"] = dict(self.options)
        if setup is not None:
            header["setup"] = dict(setup)
        elif "setup" in base:
            header["setup"] = _renamed(base["setup"], base.get("players", ()), list(players))
        try:
            read_header(Line(1, header))
            s = engine.setup_from_header(self.game, header, self.components, self.prefer)
        except errors.Unreadable as e:
            raise _about(e, "setup") from None
        return Play(self, tuple(players), header, s)

    # ---------------------------------------------------------------- checks (z3)
    def audit(self, **kw: Any) -> list:
        """The audit's findings (`referee.checks.findings.Finding`), in memory. Keywords as
        `referee audit`'s options: witnesses, witness_seconds, budget, rulebook (a file, or a
        folder holding it: the book the text detectors and worked examples read, refused as
        `--rulebook` refuses it)."""
        from .checks.audit import Audit

        unknown = sorted(set(kw) - {"witnesses", "witness_seconds", "budget", "rulebook"})
        if unknown:
            raise errors.Unreadable(f"{unknown[0]}: no keyword of audit (known: witnesses, witness_seconds, budget, "
                                    "rulebook)", field=unknown[0])
        if kw.get("rulebook") is not None:
            from .checks.rulebook import locate, refused

            given.path(kw["rulebook"], "rulebook")
            book = Path(kw["rulebook"])
            why = refused(self.game, book)
            if why:
                raise errors.Unreadable(why, field="rulebook")
            kw["rulebook"] = locate(self.game, book)
        if type(kw.get("witnesses", True)) is not bool:
            raise errors.Unreadable("witnesses: True or False", field="witnesses")
        given.number(kw.get("witness_seconds", 0), "witness_seconds")
        given.number(kw.get("budget", 0), "budget")

        return Audit(self.game, options=self.options, prefer=self.prefer, components=self.components, **kw).run()

    def scenarios(self, count: int = 20, seed: int = 0, family: str | list[str] = "all",
                  budget: float | None = None, all_pairs: bool = False) -> list:
        """Edge-case games with their expected verdicts (`Scenario`: rows, expect,
        exercises, cites), in memory; `referee scenarios --out` writes the same. Played
        under these rules' options when given (`--option`), or with `all_pairs` a covering
        set of option sets (`--all-pairs`); else under the usual cycle of configurations."""
        from .checks.scenarios import FAMILIES, build, configurations

        given.whole(count, "count", most=given.COUNT_MOST)
        given.whole(seed, "seed", given.SEED_LEAST, most=given.SEED_MOST)
        if not (isinstance(family, str) or (isinstance(family, list) and all(isinstance(f, str) for f in family))):
            raise errors.Unreadable(f"family: a family's name or a list of them, not {type(family).__name__}",
                                    field="family")
        fams = [family] if isinstance(family, str) else family
        if not fams:
            raise errors.Unreadable("family: a family's name, or a list of one or more", field="family")
        known = ("all", *FAMILIES)
        for f in fams:
            if f not in known:
                raise errors.Unreadable(f"family: unknown scenario family {f!r} (known: {', '.join(known)})",
                                        field="family")
        given.number(budget, "budget", none=True)
        if type(all_pairs) is not bool:
            raise errors.Unreadable("all_pairs: True or False", field="all_pairs")
        chosen = bool(self.options) or all_pairs
        confs = configurations(self.game, dict(self.options) if self.options else None, all_pairs) if chosen else None
        return build(self.game, count, seed, family, budget, confs)


def _renamed(x: Any, old: Sequence[str], new: Sequence[str]) -> Any:
    """The example setup with its player names replaced by the caller's, in order."""
    m = dict(zip(old, new))
    if isinstance(x, dict):
        return {m.get(k, k): _renamed(v, old, new) for k, v in x.items()}
    if isinstance(x, list):
        return [_renamed(v, old, new) for v in x]
    return m.get(x, x) if isinstance(x, str) else x


@dataclass
class Play:
    """A game in progress: the state after the events pushed so far."""

    rules: Rules
    players: tuple[str, ...]
    header: dict
    state: State
    events: list[dict] = field(default_factory=list)

    def _decode(self, ev: Mapping[str, Any]) -> tuple[Any, SimpleNamespace]:
        if not isinstance(ev, Mapping):
            raise errors.Unreadable("an event is an object with \"by\" and \"do\"", line=len(self.events) + 2)
        n = len(self.events) + 1
        if "n" in ev and ev["n"] != n or type(ev.get("n", n)) is not int:  # as a log's reader: the next number, or none
            raise errors.Unreadable(f"\"n\" is the event's number, {n} here (or left out), not {shown(ev['n'])}",
                                    line=n + 1, field="n")
        line = Line(n + 1, {"n": n, **{k: v for k, v in ev.items() if k != "n"}})
        return engine.decode(self.rules.game, self.state.cfg, self.players, line, n)

    def push(self, ev: Mapping[str, Any]) -> "Play":
        """Play one event, checked: raises `referee.errors.Illegal` (the first Need it
        breaks, with its §), `Undecided`, or `Unreadable` for an event that cannot be read.
        Options that decided a question the text leaves open are traced in `decided`."""
        act, a = self._decode(ev)
        over = self.result()
        if over is not None:
            raise errors.Illegal(f"'{act.name}' after the end of the game", line=len(self.events) + 2,
                                 cite=engine.after_end_cite(self.rules.game, over["cite"]))
        self.state = self.rules.game.step(self.state, act, a)
        self.events.append(_event(self.rules.game, self.state.cfg, act, a, self.players))
        return self

    def apply(self, ev: Mapping[str, Any]) -> "Play":
        """Play one event, trusted: its effect without checking its Needs (to set up a
        position, as python-chess's push without a legality test)."""
        act, a = self._decode(ev)
        self.state = self.rules.game.apply(self.state, act, a)
        self.events.append(_event(self.rules.game, self.state.cfg, act, a, self.players))
        return self

    def legal_moves(self) -> list[dict]:
        """Every legal event from here (chance outcomes included), as log lines without "n"."""
        g = self.rules.game
        return [_event(g, self.state.cfg, act, a, self.players) for act, a in _legal(g, self.state)]

    def is_legal(self, ev: Mapping[str, Any]) -> bool:
        try:
            act, a = self._decode(ev)
            return self.rules.game.first_failure(self.state, act, a) is None
        except (errors.Unreadable, R.Undecided):
            return False

    def result(self) -> dict | None:
        """How the game ended (winners, how, §, points), or None while it goes on."""
        o = self.rules.game.result(self.state)
        return None if o is None else engine._outcome_json(o, self.players)

    def show(self) -> dict:
        """A readable view of the state (names, not indexes) where the model gives one."""
        g = self.rules.game
        return g.show(self.state) if g.show else self.state.project()

    def log(self) -> list[dict]:
        """The game so far as log lines (header first), ready for `Rules.replay`."""
        return [self.header] + [{"n": i, **e} for i, e in enumerate(self.events, 1)]


def replay(source: Any, keep_going: bool = False, explain: bool = False,
           components: str | Path | None = None, prefer: str | None = None, check_invariants: bool = False) -> Verdict:
    """Validate one recorded game of any registered game (its header names it)."""
    given.source(source)
    given.path(components, "components")
    given.text(prefer, "prefer")
    given.flags(keep_going=keep_going, explain=explain, check_invariants=check_invariants)
    comp = Path(components) if components is not None else None
    return engine.replay(source, keep_going, explain, comp, prefer, check_invariants=check_invariants)


def audit(name: str, options: Mapping[str, str] | None = None, prefer: str | None = None,
          components: str | Path | None = None, **kw: Any) -> list:
    """`load(name, …).audit(**kw)`."""
    return load(name, options, prefer, components).audit(**kw)


def scenarios(name: str, count: int = 20, seed: int = 0, family: str | list[str] = "all",
              budget: float | None = None, options: Mapping[str, str] | None = None) -> list:
    """`load(name, …).scenarios(…)`."""
    return load(name, options).scenarios(count, seed, family, budget)


def differential(logs: Any = (), **kw: Any) -> Any:
    """Verdicts compared with another engine's (`engine="CMD"`) or with referee's under
    another reading (`against={"prefer": "livret"}`): `referee differential`, returning its
    Report (`referee.conformance.differential`, docs/differential.md)."""
    from .conformance import differential as run

    return run(logs, **kw)


__all__ = ["Play", "Rules", "Verdict", "audit", "differential", "games", "load", "replay", "scenarios"]
