"""A game model: everything checks/, replays/ and cli/ may know about a game.

`checks/`, `replays/` and `cli/` never name a game: they work on a `Game`. A sixth game is
one folder under referee/model/ that builds a `Game` and registers it in model/__init__.py.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from ... import errors
from .logic import Or
from .proposals import Proposals
from .rules import (
    Action,
    Claim,
    Config,
    Gap,
    Invariant,
    Step,
    Need,
    Option,
    Phase,
    Ruling,
    Source,
    Sourced,
    State,
    cites,
)


@dataclass(frozen=True)
class Outcome:
    """How a game ended: winners (player indices; several on a shared win), points."""

    winners: tuple[int, ...]
    points: tuple[int, ...] | None
    how: str
    cite: str


class Illegal(errors.Illegal):
    """An event breaks a rule: the first failing Need, with the values that failed it."""

    def __init__(self, action: Action, need: Need, shown: str):
        super().__init__(f"{need.says}" + (f" ({shown})" if shown else ""), cite=need.cite)
        self.action, self.need, self.shown = action, need, shown


class BadInput(errors.Unreadable, ValueError):
    """Input that cannot be read (header, options, components): exit 2."""


class IllegalSetup(errors.Illegal):
    """A readable setup that breaks a rule (over budget, a tile on a forbidden slot): exit 1.
    Not a BadInput: the setup was read, and it breaks a rule."""

    def __init__(self, says: str, cite: str):
        super().__init__(says, cite=cite, field="setup")
        self.says = says


@dataclass(frozen=True)
class DataCheck:
    cite: str
    says: str
    ok: bool
    detail: str
    source: str | None = None
    name: str = ""  # the stable id's last part (checks/findings.py: finding_id); rewording keeps it


@dataclass(frozen=True)
class Game:
    name: str
    title: str
    rulebook: str  # the seed file the §s refer to
    version: str
    state_cls: type
    sources: tuple[Source, ...]
    options: tuple[Option, ...]
    phases: tuple[Phase, ...]
    actions: tuple[Action, ...]
    invariants: tuple[Invariant, ...]
    configure: Callable[..., Config]  # (options: dict, comp_dir: Path|None, prefer: str|None)
    setup: Callable[[Mapping[str, Any], Config], State]  # header -> state; raises BadInput
    init: Callable[[Any], Any]  # symbolic state -> constraint describing every setup state
    result: Callable[[State], Outcome | None]
    claims: tuple[Claim, ...] = ()
    steps: tuple[Step, ...] = ()  # guarantees about every event, read on two states
    rulings: tuple[Ruling, ...] = ()
    sourced: tuple[Sourced, ...] = ()
    gaps: tuple[Gap, ...] = ()
    data_checks: Callable[[Config], list[DataCheck]] = lambda cfg: []
    # candidates, chance included: derived from the actions' `propose` (kernel/proposals.py),
    # None when no action proposes any
    moves: Callable[[State], Iterable[tuple[Action, Any]]] | None = field(default=None, init=False, compare=False)
    random_header: Callable[[Any, Config], dict] | None = None  # (random.Random, cfg) -> a log header
    progress: Callable[[State], float] | None = None  # witness search: higher = further into a game
    components_dir: Path | None = None
    graphs: Callable[[Config], dict] = lambda cfg: {}  # other graphs the rules impose (networkx)
    show: Callable[[State], dict] | None = None  # a readable view of a state (--explain)
    # candidate moves the explorer weighs per second of an idle machine (bench/search_rate.py):
    # turns the audit's --witness-seconds into a count of work, the same under any load
    search_rate: int = 5_000
    # rules whose symbolic form admits more than their concrete one (a Need checked on the
    # concrete board only, True on the skeleton): a symbolic run is then not a move played, so
    # checks/disagree.py builds no formula. Proofs stay sound (they cover more steps) and the
    # replay trusts them (proofstore.trusted; tests/test_forks.py checks every fork)
    concrete_forks: bool = False
    header_example: Mapping[str, Any] = field(default_factory=dict)
    # The JSON Schema of the header's "setup" block, declared beside `setup` (its reader) from
    # the same name lists; None: any object (replays/schema.py). It may be weaker than the
    # reader (one field's value against another's is the reader's), never stricter.
    setup_schema: Callable[[Config], dict] | None = None
    _by_name: dict = field(default_factory=dict, compare=False, repr=False)
    _needs: dict = field(default_factory=dict, compare=False, repr=False)
    _watch: dict = field(default_factory=dict, compare=False, repr=False)
    _configs: dict = field(default_factory=dict, compare=False, repr=False)  # see configured()

    def __post_init__(self):
        # every Game has caches of its own: dataclasses.replace hands the copy the original's
        # dicts, and a derived game would read the first one's actions and configurations
        for cache in ("_by_name", "_needs", "_watch", "_configs"):
            object.__setattr__(self, cache, {})
        names = {a.name: a for a in self.actions}
        assert len(names) == len(self.actions), "two actions share an event name"
        self._by_name.update(names)
        for a in self.actions:
            for p in a.phases + a.goes:
                assert p in self.phase_index, f"{a.name}: unknown phase {p}"
        for g in self.gaps:  # a gap arising in play: its events, its test and its words together
            assert bool(g.on) == (g.arises is not None) == bool(g.when), f"gap {g.name}: on, arises and when go together"
            assert all(e in names for e in g.on), f"gap {g.name}: unknown event in {g.on}"
        if any(a.propose is not None for a in self.actions):
            # built for every Game (a dataclasses.replace may change the actions or phases)
            object.__setattr__(self, "moves", Proposals(self.actions, self.phases))

    # ------------------------------------------------------------ phases
    @property
    def phase_index(self) -> dict[str, int]:
        return {p.name: i for i, p in enumerate(self.phases)}

    def action(self, name: str) -> Action | None:
        return self._by_name.get(name)

    def phase_need(self, act: Action) -> Need:
        idx = [self.phase_index[p] for p in act.phases]
        where = " or ".join(act.phases)
        cite = self.phases[idx[0]].cite if idx else act.cite
        if act.timing:  # the action's own time first, then its phase's
            cite = " ".join(dict.fromkeys(cites(act.timing) + cites(cite)))
        names = [p.name for p in self.phases]
        return Need(
            cite,
            f"'{act.name}' is an event of the {where} phase",
            lambda s, a: Or(*[s.phase == i for i in idx]),
            lambda s, a: f"the game is in the {names[s.phase]} phase",
        )

    def needs(self, act: Action) -> tuple[Need, ...]:
        got = self._needs.get(id(act))
        if got is None or got[0] is not act:  # keyed by the action itself: a derived Game may replace it
            got = self._needs[id(act)] = (act, (self.phase_need(act),) + act.needs)
        return got[1]

    def graph(self):
        """The phase graph: nodes are phases, edges the events allowed from each,
        keyed by event name, with the § as an attribute."""
        import networkx as nx

        g = nx.MultiDiGraph(game=self.name)
        for p in self.phases:
            g.add_node(p.name, cite=p.cite, says=p.says)
        for a in self.actions:
            for src in a.phases:
                for dst in a.goes or (src,):
                    g.add_edge(src, dst, key=a.name, cite=a.cite, says=a.says)
        return g

    # ------------------------------------------------------------ concrete play
    def first_failure(self, s: State, act: Action, a: Any) -> Need | None:
        for need in self.needs(act):
            if not need.test(s, a):
                return need
        return None

    def step(self, s: State, act: Action, a: Any) -> State:
        """Checked: raises Illegal with the first failing Need."""
        need = self.first_failure(s, act, a)
        if need is not None:
            shown = need.show(s, a) if need.show else ""
            raise Illegal(act, need, shown)
        return self.apply(s, act, a)

    def apply(self, s: State, act: Action, a: Any) -> State:
        """Trusted: applies the effect without checking the Needs."""
        t = act.effect(s, a)
        if act.detail is not None:
            t = act.detail(s, t, a)
        return t

    def broken(self, s: State) -> list[Invariant]:
        return [inv for inv in self.invariants if not inv.test(s)]

    def broken_steps(self, before: State, after: State) -> list[Step]:
        """The Steps the event from `before` to `after` breaks (each reads both states)."""
        return [st for st in self.steps if not st.holds(before, after)]

    def broken_after(self, before: State, after: State, trusted: frozenset = frozenset(),
                     run: Mapping[int, Callable] | None = None) -> list[Invariant]:
        """The invariants `after` breaks, re-checking only the conjuncts that read a value
        the step changed (the others hold: they held before, on the same values), and none
        of the `trusted` ones (proved for these rules: proofstore.trusted).
        Sound because rules never branch on state values (see logic.py): the leaves a
        conjunct reads do not depend on the state. `run`: by id of a conjunct, what tests
        it instead (its compiled form: kernel/compile/)."""
        key = (id(before.cfg), id(self.invariants), trusted)
        watch = self._watch.get(key)
        if watch is None or watch["invariants"] is not self.invariants or watch["cfg"] is not before.cfg:
            watch = self._watch[key] = _watch_list(self, before, trusted)
        parts: set = set()
        da, db = before.__dict__, after.__dict__
        by_leaf = watch["by_leaf"]
        for f in watch["fields"]:
            a, b = da[f], db[f]
            if a is not b:
                _diff(a, b, (f,), by_leaf, parts)
        if run:
            failed = {k for k, part in parts if not run.get(id(part), part)(after)}
        else:
            failed = {k for k, part in parts if not part(after)}
        return [self.invariants[k] for k in sorted(failed)]

    def configured(self, options: Mapping[str, Any], components: Path | None, prefer: str | None,
                   nplayers: int) -> Config:
        """`configure`, once per distinct configuration of this Game: a batch of games
        shares one Config (its components are read once, and the invariants' watch list,
        keyed by the Config, is built once). The cache lives on the Game, not in a module,
        so two derived Games never share an entry. Raises BadInput."""
        import orjson

        key = (orjson.dumps(dict(options), option=orjson.OPT_SORT_KEYS), str(components), prefer, nplayers)
        got = self._configs.get(key)
        if got is None:
            if len(self._configs) > 256:
                self._configs.clear()
            got = self._configs[key] = self.configure(dict(options), components, prefer, nplayers=nplayers)
        return got

    def first_state(self, header: Mapping[str, Any], components: Path | None = None,
                    prefer: str | None = None) -> State:
        """The first state of a game from its log header (raises BadInput, IllegalSetup)."""
        import orjson

        try:
            cfg = self.configured(header.get("options", {}), components, prefer, len(header["players"]))
        except orjson.JSONEncodeError as e:
            raise BadInput(f"options: {e}", field="options") from None
        return self.setup(header, cfg)

    def default_config(self, **kw: Any) -> Config:
        return self.configure({}, None, None, **kw)


def _diff(a: Any, b: Any, path: tuple, by_leaf: dict, out: set) -> None:
    """Collect the conjuncts reading any leaf where a and b differ."""
    if a is b:
        return
    if type(a) is tuple:
        for k in range(len(a)):
            x, y = a[k], b[k]
            if x is not y:
                _diff(x, y, path + (k,), by_leaf, out)
        return
    if a != b:
        out.update(by_leaf.get(path, ()))


def _watch_list(game: "Game", s: State, trusted: frozenset = frozenset()) -> dict:
    """Which conjunct of which invariant reads which leaf (recorded once per rules and
    trusted set): the trusted invariants are not watched."""
    from .reads import parts, reads

    by_leaf: dict = {}
    fields: set = set()
    for k, inv in enumerate(game.invariants):
        if k in trusted:
            continue
        for part in parts(inv):
            for leaf in reads(part, s):
                by_leaf.setdefault(leaf, set()).add((k, part))
                fields.add(leaf[0])
    # the Config is kept (and compared by identity): an id alone may be reused once it is freed
    return {"by_leaf": by_leaf, "fields": sorted(fields), "invariants": game.invariants, "cfg": s.cfg}
