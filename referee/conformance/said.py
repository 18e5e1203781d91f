"""What a judge says of one log (`Said`: verdict, line, §, field), and referee as a judge
under one reading of the rules (`Reading`: options, a preferred source, a component set).

Two judges agree on a log when they give the same verdict and, unless it is legal, the same
line, and the same § (illegal) or field (unreadable): what `referee replay --expect` checks
of a scenario, so the same strictness applies to another engine and to referee under
another reading."""
from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, Sequence

import orjson


@dataclasses.dataclass(frozen=True)
class Said:
    verdict: str  # legal | illegal | unreadable | not established (referee) | error (referee failed: nothing to compare)
    line: int | None = None
    cite: str | None = None
    field: str | None = None
    kind: str | None = None  # referee's kind of problem (illegal, invariant, result, undecided)
    message: str | None = dataclasses.field(default=None, compare=False)
    # referee's only: the options whose answer decided a question the log raised, in the order met
    # (classes.explain tries them first: an option the game never consulted explains by chance)
    arose: tuple[str, ...] = dataclasses.field(default=(), compare=False)

    def key(self) -> tuple:
        """What is compared: the verdict, and where and why it is not legal."""
        if self.verdict == "legal":
            return ("legal",)
        if self.verdict == "unreadable":
            return ("unreadable", self.line, self.field)
        return (self.verdict, self.line, self.cite)

    def to_json(self) -> dict:
        d = {"verdict": self.verdict, "line": self.line, "cite": self.cite, "field": self.field}
        if self.kind:
            d["kind"] = self.kind
        if self.message:
            d["message"] = self.message
        return {k: v for k, v in d.items() if v is not None}

    def short(self) -> str:
        """One phrase: 'legal', 'illegal at line 7 §1', 'unreadable at line 3 (field k)'."""
        if self.verdict == "legal":
            return "legal"
        where = f" at line {self.line}" if self.line is not None else ""
        if self.verdict == "unreadable":
            return f"unreadable{where}" + (f" (field {self.field})" if self.field else "")
        what = self.cite or (f"no § ({self.kind})" if self.kind else "no §")
        return f"{self.verdict}{where} {what}"


def same(a: Said, b: Said) -> bool:
    """The same verdict, line and field, or the same rule broken (expect.same_rule: a § in common)."""
    from ..replays.expect import same_rule

    return a.key() == b.key() or (a.verdict == b.verdict == "illegal" and a.line == b.line
                                  and a.cite is not None and same_rule(b.cite, a.cite))


@dataclasses.dataclass(frozen=True)
class Reading:
    """referee under one reading: `options` override the log header's own (a log recorded
    under mode=normal is judged as if its header said the reading's value), `prefer` and
    `components` as for `referee replay`."""

    options: tuple[tuple[str, str], ...] = ()
    prefer: str | None = None
    components: Path | None = None

    def but(self, **kw: Any) -> "Reading":
        opts = dict(self.options)
        opts.update(kw.pop("options", {}))
        return Reading(tuple(sorted(opts.items())), kw.get("prefer", self.prefer), kw.get("components", self.components))

    def describe(self) -> str:
        parts = [f"{k}={v}" for k, v in self.options]
        if self.prefer:
            parts.append(f"prefer={self.prefer}")
        if self.components:
            parts.append(f"components={self.components}")
        return "referee" + (f" ({', '.join(parts)})" if parts else "")

    def said(self, lines: Sequence[bytes], name: str, game: Any = None) -> Said:
        """referee's verdict on the log under this reading (`game`: the Game its header
        names, loaded once per run; None: the replay finds it); an exception of referee's
        own is the verdict "error" (a bug of referee's, never blamed on the other judge)."""
        from ..model.kernel import BadField, BadInput
        from ..replays.engine import replay

        try:
            v = replay(rewritten(lines, dict(self.options)), components=self.components,
                       prefer=self.prefer, label=name, game=game)
        except (BadInput, BadField) as e:  # a component set or an option that cannot be read
            return Said("unreadable", 0, None, None, "unreadable", str(e))
        except Exception as e:  # noqa: BLE001 - referee failed on this log: say so, compare nothing
            return Said("error", message=f"internal error in referee: {type(e).__name__}: {e}"[:300])
        arose = tuple(dict.fromkeys(d["option"].partition("=")[0] for d in v.decided if d.get("option")))
        if v.verdict == "legal":
            return Said("legal", arose=arose)
        p = v.first()
        return Said(v.verdict, p.line, p.cite, p.field, p.kind, p.message, arose=arose)


def rewritten(lines: Sequence[bytes], options: dict) -> list[bytes]:
    """The log with `options` written over its header's (left as it is where the header is
    not a JSON object: the replay then says why it cannot be read)."""
    if not options or not lines:
        return list(lines)
    try:
        head = orjson.loads(lines[0])
    except orjson.JSONDecodeError:
        return list(lines)
    if not isinstance(head, dict):
        return list(lines)
    given = head.get("options")
    head["options"] = {**(given if isinstance(given, dict) else {}), **options}
    return [orjson.dumps(head), *lines[1:]]
