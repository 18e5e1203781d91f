"""The vocabulary every game model is written in.

A rule is data that cites its paragraph (§) and its source, plus ordinary Python over the
state (see logic.py: the same code runs on ints and on z3 terms).

- `Need`      a guard of an action: one cited condition, with a message for replays.
- `Action`    an event of the log: typed params, cited needs, an effect, the phases it is
              allowed in and the phases it may lead to (the phase graph is derived from these),
              and the candidate args it proposes for random play.
- `Invariant` what must hold in every reachable state.
- `Claim`     a sentence of the rulebook that states a consequence, to prove or refute.
- `Ruling`    a question the rules must answer in some situation, with the answers the
              sources give; the checks look for situations with no answer or with two
              different ones (as Catala's prover does for laws).
- `Sourced`   a value two sources may state differently (booklet vs printed tile).
- `Option`    a documented choice where the text is silent or sources disagree, with the
              `Basis` of its default (the text, a published rule, or the model's choice).
- `Gap`       something the text refers to and never defines.
"""
from __future__ import annotations

import dataclasses
import itertools
from abc import ABC, abstractmethod
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cached_property
from types import SimpleNamespace
from typing import Any, Callable, Iterable, Iterator, Mapping

from ... import errors
from .logic import RECORDER, If, _any_sym as is_sym


# ---------------------------------------------------------------- sources and options
@dataclass(frozen=True)
class Source:
    key: str  # short name used in citations: "livret", "tuile", "décision"
    title: str  # "livret 0.99", "tuile imprimée", "décision du 06.10.2026"
    rank: int  # precedence: the highest rank in force wins


@dataclass(frozen=True)
class Basis:
    """Why an option's default is what it is (the policy of checks/policy.py, issue #16):
    `text` (the § of the rulebook that decides it), `published` (a published rule where the
    text is silent: the facts file and line, `dungeon-twister.md:53`), or `model` (neither
    decides: the model had to choose; `cite` is the § that leaves it open). `value` is the
    choice the basis gives (the default must be it, for text and published); `says` is
    what the source says, or why nothing decides, in our words."""

    kind: str  # "text" | "published" | "model"
    cite: str
    value: str
    says: str
    # a source that gives another value (facts file and line, or a §): the point is then a
    # contradiction between two named sources, and the default still follows `kind`
    against: str = ""


@dataclass(frozen=True)
class Option:
    """A rules option: where the text is silent or public sources disagree."""

    name: str
    cite: str
    says: str  # what is undecided, in one sentence
    choices: Mapping[str, str]  # value -> what it means
    default: str
    # "silent" (the text gives no answer), "disputed" (sources differ), "variant" (a variant the
    # text offers), or "house": the text decides and the default follows it; the other values are
    # readings some implementations use, offered so that their games replay, never a finding.
    kind: str = "silent"
    basis: Basis | None = None  # what decides the default (checks/policy.py): never left out in a built-in game


@dataclass(frozen=True)
class Sourced:
    """A value that several sources state, possibly differently (e.g. §6.5 erratum).

    `says` maps a source key to the value that source gives; sources that say nothing
    are absent. The value in force is the one of the strongest source in force.
    """

    name: str
    cite: str
    says: Mapping[str, Any]
    doc: str


@dataclass(frozen=True)
class Config:
    """What a game is played with: options, the sources in force, and component data."""

    game: str
    options: Mapping[str, str]
    sources: tuple[Source, ...]
    prefer: str | None = None  # "as the booklet says": this source beats every other
    comp: Any = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    pin: Mapping[str, str] = field(default_factory=dict)  # Sourced name -> the source to read it from
    # What the checks derive from this Config once (symbolic states, a Need's conjuncts):
    # held here, not in a module, so it lives and dies with the Config (init=False: a
    # dataclasses.replace of the Config starts a new one).
    memo: dict = field(default_factory=dict, init=False, compare=False, repr=False)

    def opt(self, name: str) -> str:
        return self.options[name]

    def rank(self, key: str) -> int:
        if key == self.prefer:
            return 10_000
        for s in self.sources:
            if s.key == key:
                return s.rank
        raise KeyError(key)

    def value(self, sv: Sourced) -> Any:
        return sv.says[self.source_of(sv)]

    def source_of(self, sv: Sourced) -> str:
        if sv.name in self.pin:
            return self.pin[sv.name]
        return max(sv.says, key=self.rank)

    def pinned(self, name: str, source: str) -> "Config":
        """The same rules, with one sourced value read from one source (what it changes)."""
        import dataclasses

        return dataclasses.replace(self, pin={**self.pin, name: source})


def cites(cite: str) -> list[str]:
    """The §s a cite names: "§6.5 §7.2" is two, "§Règle d'or 2" (a heading) is one."""
    import re

    return [c.rstrip(" ,;") for c in re.findall(r"§[^§]+", cite)] or cite.split()


# ---------------------------------------------------------------- state
def num(lo: int = 0, hi: int = 30, sort: str = "int") -> Any:
    """A numeric field. lo/hi bound random samples in tests only: they are NOT assumed by
    the proofs (a bound the rules impose is an Invariant, and is proved)."""
    return field(metadata={"shape": (), "lo": lo, "hi": hi, "sort": sort})


def flag() -> Any:
    return field(metadata={"shape": (), "lo": 0, "hi": 1, "sort": "bool"})


def vec(*shape: int, lo: int = 0, hi: int = 30, sort: str = "int") -> Any:
    """A tuple (or tuple of tuples) of numbers: per player, per building, per card kind."""
    return field(metadata={"shape": tuple(shape), "lo": lo, "hi": hi, "sort": sort})


def detail(default: Any = None) -> Any:
    """Concrete-only detail (orders of piles...): invisible to z3, never read by a Need
    that the checks use. The checks over-approximate it, which keeps proofs sound."""
    return field(default=default, compare=True, metadata={"detail": True})


@dataclass(frozen=True)
class State:
    """Base of every game state: frozen, hashable, compared by value."""

    cfg: Config = field(compare=False, repr=False, hash=False)

    def but(self, **changes: Any) -> "State":
        """A copy with some fields changed (the hot path of replays: no __init__, no
        validation; the fields are the dataclass's own)."""
        new = object.__new__(type(self))
        d = new.__dict__
        d.update(self.__dict__)
        d.update(changes)
        return new

    @classmethod
    def skeleton(cls) -> list[dataclasses.Field]:
        return [f for f in dataclasses.fields(cls) if "shape" in f.metadata]

    def project(self) -> dict[str, Any]:
        """The numeric skeleton z3 sees."""
        return {f.name: getattr(self, f.name) for f in self.skeleton()}


# ---------------------------------------------------------------- params of actions
class ParamKind(ABC):
    """How a field of an event is read from JSON and enumerated by the checks."""

    json: dict = {}
    # True when `symbolic`'s leaves (z3 Int or Real constants, in order) are the numbers of
    # the decoded value itself: a value z3 finds for them is a value a log may hold, so the
    # scenario search may choose it (checks/scenarios/solve.py)
    solvable: bool = False

    @abstractmethod
    def decode(self, v: Any, cfg: Config, players: tuple[str, ...]) -> Any:
        """The field's value as the rules read it; raise BadField when it cannot be read."""

    def encode(self, v: Any, cfg: Config, players: tuple[str, ...]) -> Any:
        return v

    def domain(self, cfg: Config) -> Iterable[Any] | None:
        """Finite values the checks enumerate, or None: the checks make it symbolic."""
        return None

    def cases(self, cfg: Config, name: str) -> list[tuple[Any, list, str]] | None:
        """A partition of the symbolic range the checks take one case at a time, or None
        (one symbolic value). Each case is (value, side constraints, label); a value whose
        `Sym.dom` lists its few possible values keeps the proofs local (a move's
        destination split by room touches 25 square counts, not 220)."""
        return None

    def schema(self, cfg: Config) -> dict:
        return dict(self.json)

    def shape(self, cfg: Config) -> tuple | None:
        """The shape of the decoded value: () a number, (n,) a tuple of n numbers; None
        (unknown) keeps the rules that read it interpreted (kernel/compile/tracer.py)."""
        return None


class BadField(errors.Unreadable, ValueError):
    """A field of an event cannot be read (exit 2, not a rule breach)."""


def shown(v: Any) -> str:
    """A value for a message, never a Python repr (inputs.shown; imported late: inputs needs this module)."""
    from .inputs import shown as as_shown

    return as_shown(v)


def kind_of(v: Any) -> str:
    """What a JSON or TOML value is, for messages ("a list", "true/false"): never a Python repr."""
    return {dict: "an object", list: "a list", str: "a string", int: "a number", float: "a decimal number",
            bool: "true/false", type(None): "null"}.get(type(v), "a " + type(v).__name__)


@dataclass(frozen=True)
class Int(ParamKind):
    lo: int = 0
    hi: int = 99
    enum: bool = False  # small ranges the checks enumerate

    def decode(self, v, cfg, players):
        if type(v) is not int:
            raise BadField(f"expected a whole number, got {kind_of(v)}"
                           + (" (a number past 64 bits is read as a decimal)" if type(v) is float and abs(v) >= 2 ** 63 else ""))
        if not self.lo <= v <= self.hi:
            raise BadField(f"expected a number from {self.lo} to {self.hi}, got {v}")
        return v

    def domain(self, cfg):
        return range(self.lo, self.hi + 1) if self.enum else None

    def shape(self, cfg):
        return ()

    def schema(self, cfg):
        return {"type": "integer", "minimum": self.lo, "maximum": self.hi}


@dataclass(frozen=True)
class Name(ParamKind):
    """One name from a list the components give (a card, a building...), read as its index."""

    names: Callable[[Config], tuple[str, ...]]
    what: str = "name"
    sym: bool = False  # the checks keep it symbolic (rules then index with Lookup/bump)

    def decode(self, v, cfg, players):
        names = self.names(cfg)
        if type(v) is not str:
            raise BadField(f"expected a {self.what} (a string), got {kind_of(v)}")
        try:
            return names.index(v)
        except ValueError:
            raise BadField(f"unknown {self.what} {shown(v)}") from None

    def encode(self, v, cfg, players):
        return self.names(cfg)[v]

    def domain(self, cfg):
        return None if self.sym else range(len(self.names(cfg)))

    def shape(self, cfg):
        return ()

    def symbolic(self, cfg, name):
        import z3

        from .logic import Sym

        v = z3.Int(name)
        return Sym(v), [v >= 0, v < len(self.names(cfg))]

    def schema(self, cfg):
        return {"type": "string", "enum": list(self.names(cfg))}


def plural(n: int | None, word: str) -> str:
    """`word` for n things in a message: 'card', 'cards', 'classes' (n None: any number)."""
    if n == 1:
        return word
    return word + ("es" if word.endswith(("s", "x", "ch", "sh")) else "s")


@dataclass(frozen=True)
class Names(ParamKind):
    """A list of names, read as a count vector over the list (cards drawn, tokens placed)."""

    names: Callable[[Config], tuple[str, ...]]
    what: str = "name"
    most: int = 99

    def decode(self, v, cfg, players):
        names = self.names(cfg)
        if type(v) is not list:
            raise BadField(f"expected a list of {plural(None, self.what)}, got {kind_of(v)}")
        if len(v) > self.most:
            raise BadField(f"expected at most {self.most} {plural(self.most, self.what)}, got {len(v)}")
        counts = [0] * len(names)
        for x in v:
            if type(x) is not str:
                raise BadField(f"expected a {self.what} (a string), got {kind_of(x)}")
            try:
                counts[names.index(x)] += 1
            except ValueError:
                raise BadField(f"unknown {self.what} {shown(x)}") from None
        return tuple(counts)

    def encode(self, v, cfg, players):
        names = self.names(cfg)
        return [names[i] for i, n in enumerate(v) for _ in range(n)]

    def shape(self, cfg):
        return (len(self.names(cfg)),)

    def schema(self, cfg):
        return {"type": "array", "maxItems": self.most, "items": {"type": "string", "enum": list(self.names(cfg))}}


@dataclass(frozen=True)
class Player(ParamKind):
    def decode(self, v, cfg, players):
        if v not in players:
            raise BadField(f"unknown player {shown(v)} (the header names {', '.join(players)})")
        return players.index(v)

    def encode(self, v, cfg, players):
        return players[v]

    def domain(self, cfg):
        return range(cfg.extra.get("nplayers", 2))

    def shape(self, cfg):
        return ()

    def schema(self, cfg):
        return {"type": "string"}


@dataclass(frozen=True)
class Param:
    name: str
    kind: ParamKind
    doc: str = ""
    optional: bool = False
    default: Any = None
    # A declared field (optional, a value the rules fix and a Need of the action checks, as a
    # combat's score): that value, from the state before the event and the event. The
    # scenarios write it (checks/scenarios/declared.py) without trying every value.
    fixed: Callable[[Any, Any], Any] | None = None


# ---------------------------------------------------------------- rules
Pred = Callable[[Any, Any], Any]


@dataclass(frozen=True)
class Need:
    """A guard: one cited condition an action needs. `show` renders the values that
    failed it, for the replay message ("needs 3 stones, has 2")."""

    cite: str
    says: str
    test: Pred
    show: Callable[[Any, Any], str] | None = None
    source: str | None = None
    concrete_only: bool = False  # reads detail fields: the checks skip it (over-approximation)


@dataclass(frozen=True)
class Action:
    name: str  # the event's "do"
    cite: str
    says: str
    params: tuple[Param, ...] = ()
    needs: tuple[Need, ...] = ()
    effect: Callable[[Any, Any], Any] = lambda s, a: s
    phases: tuple[str, ...] = ()  # phases it is allowed in
    # every phase it may lead to, its own included when its effect may leave the phase as it
    # was (the phase graph draws exactly these; empty: it never changes the phase)
    goes: tuple[str, ...] = ()
    by: str = "player"  # "player" or "chance"
    detail: Callable[[Any, Any, Any], Any] | None = None  # concrete-only (before, after, args)
    source: str | None = None
    # Random play (kernel/proposals.py): the candidate args this event could take in a state
    # of one of its phases, chance outcomes included (the kernel keeps the legal ones), and
    # how much likelier a weighted player is to pick one than a plain move (1).
    propose: Callable[[Any], Iterable[Any]] | None = None
    weight: Callable[[Any, Any], float] | None = None
    # the § that says when the action may be taken, where its phase's § does not (Raiders §6.4:
    # "pendant la phase 2"; Welcome §Équipement.Hache: right after the reveal): the phase Need
    # cites it first, so that an event out of its time names the rule it breaks
    timing: str = ""

    @cached_property
    def fields(self) -> frozenset[str]:
        """The fields an event of this action may carry: the log's envelope and its params.
        Computed once (cached_property writes the instance's dict, past the frozen guard)."""
        return frozenset({"n", "by", "do", "note"} | {prm.name for prm in self.params})


def args(p: int | None = None, **kw: Any) -> SimpleNamespace:
    """The arguments of an action: `p` is the acting player's index."""
    return SimpleNamespace(p=p, **kw)


ABOUT = ("text", "model")  # what a proved invariant tells a reader of the book (Invariant.about)


@dataclass(frozen=True)
class Invariant:
    cite: str
    says: str
    test: Callable[[Any], Any]
    source: str | None = None
    name: str = ""  # the stable id's last part (checks/findings.py: finding_id); rewording keeps it
    # proved first, assuming only the other core invariants: a cheap rule is then proved
    # whatever the others cost (checks/invariants.py, `prove`)
    core: bool = False
    # what the proof tells a reader of the book: "text", the encoded rules keep a rule or a
    # number the text states (20 crowns, 2 pawns a square); "model", the encoding's own
    # bookkeeping (nothing negative, each card in one place, a counter in range) or a property
    # that holds only under the model's reading of a silence. Both are proved and replayed
    # alike; the audit lists the second kind apart, as checks of the model (checks/report.py)
    about: str = "text"

    def __post_init__(self) -> None:
        if self.about not in ABOUT:
            raise ValueError(f"Invariant {self.name or self.says!r}: about={self.about!r}, not one of {', '.join(ABOUT)}")


@dataclass(frozen=True)
class Step:
    """A guarantee about every legal event, read on two states: whenever `when(before,
    after)` holds, `then(before, after)` does (when the turn marker moves, the Initiative
    passes). An Invariant cannot say it: it reads one state. `when` keeps the proof honest:
    a Step no event can bring about is "not applicable", never proved. z3 proves it for each
    action from the proved invariants (checks/transitions.py); every replay checks it."""

    cite: str
    says: str
    when: Callable[[Any, Any], Any]
    then: Callable[[Any, Any], Any]
    source: str | None = None
    name: str = ""  # the stable id's last part (checks/findings.py: finding_id)

    def holds(self, before: Any, after: Any) -> bool:
        """On concrete states (a replay)."""
        return not self.when(before, after) or bool(self.then(before, after))


@dataclass(frozen=True)
class Claim:
    """A consequence the text states.

    kind "max": the largest value of `expr` over reachable states is `value`;
    kind "min": the smallest; kind "always": `expr` holds in every reachable state;
    kind "data": `expr(comp)` over the component data equals `value`.
    """

    cite: str
    says: str
    kind: str
    expr: Callable[[Any], Any]
    value: Any = None
    source: str | None = None
    goal: Callable[[Any], Any] | None = None  # for "max": the state to reach, as a witness
    name: str = ""  # the stable id's last part (checks/findings.py: finding_id); rewording keeps it


@dataclass(frozen=True)
class Answer:
    """One source's answer to a Ruling: where it applies and what it gives."""

    cite: str
    source: str  # a source key, or "option:<name>=<value>"
    says: str
    applies: Pred
    gives: Pred

    @property
    def option(self) -> tuple[str, str] | None:
        """(name, value) of the option this answer stands for, or None for a text source."""
        if not self.source.startswith("option:"):
            return None
        name, _, value = self.source[len("option:"):].partition("=")
        return name, value


@dataclass(frozen=True)
class Ruling:
    """A question the rules must answer whenever `arises` holds."""

    name: str
    cite: str
    says: str
    arises: Pred
    answers: tuple[Answer, ...]
    outcome: str = "int"  # the sort of the answer: "int" or "bool"
    action: str | None = None  # the event during which it arises (its args and Needs apply)
    params: tuple[Param, ...] = ()  # without an action: the arguments the question takes
    otherwise: Any = None  # if set: the outcome where the question does not arise (answers not asked)
    # (option, value) pairs without which the question cannot arise at all (twister's both_five
    # needs end=turn): under other options the audit reports it not applicable, saying so
    only: tuple[tuple[str, str], ...] = ()
    # where two text answers of one source disagree and no option settles it, a replay follows
    # the first listed: the basis of that reading (checks/policy.py); `value` is that answer's §
    basis: Basis | None = None
    # the Gap or Ruling (its name), or the act whose effect the text never states (the act's
    # name), whose question this one follows from: one defect of the text, reported once, this
    # question inside that finding (checks/policy.py: fold_within); "" for a question of its own
    within: str = ""


class Undecided(errors.Undecided):
    """Concretely, no answer of a Ruling applies (the rules cannot tell)."""

    def __init__(self, ruling: Ruling):
        super().__init__(f"the rules give no outcome here: {ruling.says}", cite=ruling.cite)
        self.ruling = ruling


def answer_in_force(answer: Answer, cfg: Config) -> bool:
    opt = answer.option
    return opt is None or cfg.options.get(opt[0]) == opt[1]


# Where the text did not decide a question alone: an option's answer applied, or (no
# option settling it) the first of two text answers that disagree. Held per context, not
# per process, so threads and async tasks replaying side by side keep their own traces.
_TRACE: ContextVar[list | None] = ContextVar("referee_decided", default=None)


@contextmanager
def tracing(into: list) -> Iterator[list]:
    """Within the block, concrete `decide` appends (ruling, answer) to `into` each time
    the text did not decide alone. The engine reports it, the witness search looks for it."""
    token = _TRACE.set(into)
    try:
        yield into
    finally:
        _TRACE.reset(token)


# The rulings a rule consults, while a check asks (checks/audit/rulings.py: a Need that
# consults a ruling is the ruling's own answer, not a condition of its situation).
_CONSULTED: ContextVar[set | None] = ContextVar("referee_consulted", default=None)


@contextmanager
def consulting(into: set) -> Iterator[set]:
    """Within the block, every `decide` adds its ruling's name to `into`, symbolic or not."""
    token = _CONSULTED.set(into)
    try:
        yield into
    finally:
        _CONSULTED.reset(token)


def _answers(r: Ruling, cfg: Config) -> tuple[list, list, dict]:
    """A ruling's text answers, strongest source first, the option answers in force, and
    each source's rank: the same for every event under one Config (kept in its memo)."""
    got = cfg.memo.get(("decide", id(r)))
    if got is None or got[0] is not r:
        text = sorted((x for x in r.answers if not x.source.startswith("option:")), key=lambda x: -cfg.rank(x.source))
        opts = [x for x in r.answers if x.source.startswith("option:") and answer_in_force(x, cfg)]
        got = cfg.memo[("decide", id(r))] = (r, text, opts, {x.source: cfg.rank(x.source) for x in text})
    return got[1], got[2], got[3]


def settle(r: Ruling, hit: list, vals: list, opts: list, o_app: list, give: Callable[[int], Any],
           asks: Callable[[], Any] | None = None) -> Any:
    """decide on values, once the answers are read: `hit`, the text answers that apply
    (strongest source first); `vals`, what those of the strongest source give; `o_app`,
    whether each option answer in force applies; `give(i)`, what option answer i gives;
    `asks()`, whether the ruling's question arises here. (The compiled rulings,
    compile/rulings.py, decide through it too.)"""
    if hit and all(v == vals[0] for v in vals[1:]):
        return vals[0]
    for i, c in enumerate(o_app):
        if c:
            _traced(r, opts[i], asks)
            return give(i)
    if hit:  # a conflict no option settles: the first listed answer, traced as such
        _traced(r, hit[0], asks)
        return vals[0]
    raise Undecided(r)


def _traced(r: Ruling, answer: Any, asks: Callable[[], Any] | None) -> None:
    """Trace a decision only where the ruling's question arises: a rule may consult a
    ruling whose answer then changes nothing (an Or whose other side holds, a count of
    players for whom the question is moot), and a referee told "the text does not decide"
    there, or a witness search shown it, would be misled."""
    trace = _TRACE.get()
    if trace is None:
        return
    if asks is not None:
        token = _TRACE.set(None)  # `arises` may consult rulings of its own: not decisions of this event
        try:
            here = asks()
        except (AttributeError, IndexError, KeyError, TypeError):  # args a rule built that `arises` cannot read
            here = True
        finally:
            _TRACE.reset(token)
        if not is_sym(here) and not here:
            return
    trace.append((r, answer))


def decide(r: Ruling, s: Any, a: Any) -> Any:
    """The outcome of a ruling under the sources and options in force.

    The text decides when its applicable answers agree (among answers of different
    sources, the strongest source's). Where no text answer applies, or the strongest
    applicable ones disagree, the rules option in force decides -- that is all options
    are for. Concretely, with no option either, `Undecided` is raised (the rules cannot
    tell); symbolically the outcome is then unconstrained, so proofs stay sound."""
    seen = _CONSULTED.get()
    if seen is not None:
        seen.add(r.name)
    rec = RECORDER.get()
    if rec is not None:  # traced (kernel/compile/): one call, this function at run time
        return rec.call(decide, r, s, a)
    cfg = s.cfg
    if r.otherwise is not None:
        arises = r.arises(s, a)
        if not is_sym(arises) and not arises:
            return r.otherwise
    else:
        arises = True
    text, opts, rank = _answers(r, cfg)
    t_app = [x.applies(s, a) for x in text]
    o_app = [x.applies(s, a) for x in opts]
    concrete = not is_sym(*t_app, *o_app)
    if concrete:
        hit = [x for x, c in zip(text, t_app) if c]
        vals = [x.gives(s, a) for x in hit if rank[x.source] == rank[hit[0].source]] if hit else []
        concrete = not is_sym(*vals)
    if concrete:
        return settle(r, hit, vals, opts, o_app, lambda i: opts[i].gives(s, a),
                      None if r.otherwise is not None else lambda: r.arises(s, a))
    from .logic import And, Not, Or, Sym, z3mod

    z3 = z3mod()
    sort = z3.BoolSort() if r.outcome == "bool" else z3.IntSort()
    free: Any = Sym(z3.Const(f"undecided!{r.name}!{next(_fresh(z3))}", sort))
    t_gives = [x.gives(s, a) for x in text]
    text_val: Any = free
    for c, g in zip(reversed(t_app), reversed(t_gives)):
        text_val = If(c, g, text_val)
    clashes = [And(t_app[i], t_app[j], t_gives[i] != t_gives[j])
               for i in range(len(text)) for j in range(i + 1, len(text))
               if cfg.rank(text[i].source) == cfg.rank(text[j].source)]
    open_ = Or(And(*[Not(c) for c in t_app]) if text else True, *clashes)
    opt_val: Any = text_val
    for x, c in zip(reversed(opts), reversed(o_app)):
        opt_val = If(c, x.gives(s, a), opt_val)
    out = If(open_, opt_val, text_val)
    return out if r.otherwise is None else If(arises, out, r.otherwise)


def _fresh(z3: Any) -> Any:
    """The counter naming the free outcomes of undecided rulings: only their distinctness
    matters, within one z3 context. Kept on that context (not in this module), so a fresh
    context (checks/steady.py) names them from 1 again and the same check makes the same
    terms whatever ran before it (next() of itertools.count is atomic in CPython)."""
    ctx = z3.main_ctx()
    got = getattr(ctx, "referee_fresh", None)
    if got is None:
        got = ctx.referee_fresh = itertools.count(1)
    return got


@dataclass(frozen=True)
class Gap:
    """The text refers to something it never defines. Where the silence bites in play, `on`
    names the events it bites on and `arises(s, a)` says when, on values (the state before
    the event, its args): the audit then looks for a game whose last event is there, its
    witness (checks/witness.py: search_gaps). A gap of wording alone has neither."""

    cite: str
    says: str
    fills: str  # what the project ships or assumes instead
    name: str = ""  # the stable id's last part (checks/findings.py: finding_id); rewording keeps it
    on: tuple[str, ...] = ()  # the events where the situation arises (with `arises`)
    arises: Callable[[Any, Any], bool] | None = field(default=None, compare=False, repr=False)
    when: str = ""  # the situation, in a few words: what the witness's last event shows
    # for a situation random play seldom meets (every figure of a side killed): how near a
    # state is to it, on values, larger nearer; half the witness search then climbs on it
    toward: Callable[[Any], float] | None = field(default=None, compare=False, repr=False)
    # the component files (stems: "buildings") that stand in for data the text lost, a table or
    # a list, each shipped illustrative: every outcome read from them may differ with the real
    # components (checks/severity.py: lost_data; checks/audit/counts.py: claims built on them)
    data: tuple[str, ...] = ()
    # as Ruling.within: the question this gap follows from, reported inside its finding
    within: str = ""


@dataclass(frozen=True)
class Phase:
    name: str
    cite: str
    says: str
