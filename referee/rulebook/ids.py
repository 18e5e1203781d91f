"""The identifiers a coverage map uses for the rules that encode a sentence, resolved against
a Game record (and nothing else, so they hold for any game):

| id | names |
|---|---|
| `action:<do>` | an Action: the event, its effect and its phases |
| `need:<do>#<k>` | the k-th Need (1-based) of that action |
| `invariant:<k>`, `claim:<k>`, `gap:<k>` | the k-th Invariant, Claim, Gap of the record (1-based) |
| `ruling:<name>`, `option:<name>`, `sourced:<name>`, `phase:<name>` | by name |
| `check:<k>` | the k-th DataCheck of the components the game ships (`data_checks` under the default options) |
| `setup`, `result` | the game's setup (header -> first state, its checks) and its end (`result`) |

An indexed id also pins the rule's `says` by a short hash in the map (`invariant:3@ab12cd`),
so an edit that shifts the list or rewrites the rule is caught by the map's test instead
of silently pointing at another rule."""
from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass

from referee.errors import RefereeError


@dataclass(frozen=True)
class Rule:
    id: str
    kind: str
    cite: str
    says: str

    @property
    def pin(self) -> str:
        """The short hash of `says` an indexed id carries after '@'."""
        return hashlib.sha1(self.says.encode("utf-8")).hexdigest()[:6]


def _data_checks(game) -> list:
    """The checks of the shipped components, under the default options; none when the game
    cannot be configured without arguments (then no `check:` id resolves)."""
    try:
        return list(game.data_checks(game.configure({}, None, None)))
    except (RefereeError, TypeError):  # a game whose defaults need more arguments has no check ids
        return []


def _rules(game) -> Iterator[Rule]:
    for act in game.actions:
        yield Rule(f"action:{act.name}", "action", act.cite, act.says)
        for k, n in enumerate(act.needs, 1):
            yield Rule(f"need:{act.name}#{k}", "need", n.cite, n.says)
    for kind, items in (("invariant", game.invariants), ("step", getattr(game, "steps", ())), ("claim", game.claims),
                        ("gap", game.gaps)):
        for k, x in enumerate(items, 1):
            yield Rule(f"{kind}:{k}", kind, x.cite, x.says)
    for kind, items in (("ruling", game.rulings), ("option", game.options), ("sourced", game.sourced)):
        for x in items:
            yield Rule(f"{kind}:{x.name}", kind, x.cite, str(x.says))
    for ph in game.phases:
        yield Rule(f"phase:{ph.name}", "phase", ph.cite, ph.says)
    for k, d in enumerate(_data_checks(game), 1):
        yield Rule(f"check:{k}", "check", d.cite, d.says)
    yield Rule("setup", "setup", "", "the header's setup read and checked into the first state")
    yield Rule("result", "result", "", "the end of the game and who wins")


def rules(game) -> dict[str, Rule]:
    """Every rule id of `game` -> its Rule."""
    return {r.id: r for r in _rules(game)}


INDEXED = ("need", "invariant", "step", "claim", "gap", "check")


def resolve(known: dict[str, Rule], written: str) -> tuple[Rule | None, str | None]:
    """(the rule an id names, None) or (None, why it does not resolve). An indexed id must
    carry the pin of its rule's `says` (`claim:2@1a2b3c`); a named one carries none."""
    base, _, pin = written.partition("@")
    rule = known.get(base)
    if rule is None:
        return None, f"no rule {base!r} in the game"
    if rule.kind in INDEXED and pin != rule.pin:
        return None, (f"{base} is pinned to {pin or 'nothing'}, its says now hashes to {rule.pin} "
                      f"({rule.says[:60]!r}): check that it is still the rule meant, then re-pin")
    if rule.kind not in INDEXED and pin:
        return None, f"{base} is named, not indexed: it takes no '@' pin"
    return rule, None


def written(rule: Rule) -> str:
    """How a map writes the id of `rule` (with its pin when it is indexed)."""
    return f"{rule.id}@{rule.pin}" if rule.kind in INDEXED else rule.id
