"""The coverage map of a rulebook: one entry per unit of the seed (a sentence, or a clause of
one: text.py's splitter), in the game's folder as coverage.toml.

    sentence = [
      { at = "§3.1#1", line = 5, hash = "1a2b3c4d5e", rules = ["need:build.place#2@9f8e7d"] },
      { at = "§3.1#2", line = 5, hash = "...", not = "flavour" },
      { at = "§6.2#1", line = 85, hash = "...", not = "out of scope", why = "our words" },
    ]

`at` is the unit's section and index (`Sentence.key`), `line` its file line, `hash` its short
hash; then either `rules` (ids of ids.py that encode it) or `not` (a reason of REASONS), and
`why`, our own paraphrase or reason, where useful (required for "out of scope"). The map
stores positions, hashes, ids and our words, never the rulebook's sentences."""
from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from referee.errors import Unreadable
from referee.rulebook.book import Book, game_folder
from referee.rulebook.ids import resolve, rules

REASONS = MappingProxyType({
    "heading": "an introduction, a heading or a list introduction: the rules are in what follows",
    "flavour": "no rule: tone, advice, credits, a reader's comment",
    "component": "a component fact printed on a card, tile or table: data, not a rule of play",
    "out of scope": "a rule the model leaves out on purpose (why says because of what)",
})
KEYS = frozenset({"at", "line", "hash", "rules", "not", "why"})


@dataclass(frozen=True)
class Entry:
    at: str
    line: int
    hash: str
    rules: tuple[str, ...]
    reason: str | None
    why: str | None
    row: int  # the entry's line in the map file


def map_path(game) -> Path:
    return game_folder(game) / "coverage.toml"


def _rows(text: str) -> dict[str, int]:
    """Each `at` value -> its line in the map file (for located errors)."""
    return {m.group(1): text.count("\n", 0, m.start()) + 1
            for m in re.finditer(r'\bat\s*=\s*"([^"]*)"', text)}


def read_map(path: Path) -> list[Entry]:
    """The entries of a map file; Unreadable (file:line: what) for one of the wrong shape."""
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise Unreadable(f"not a readable coverage map: {e}", file=str(path)) from None
    rows = _rows(text)
    out = []
    for i, e in enumerate(data.get("sentence", [])):
        row = rows.get(e.get("at"), None) if isinstance(e, dict) else None

        def bad(what: str) -> Unreadable:
            return Unreadable(f"sentence[{i}]: {what}", file=str(path), line=row)
        if not isinstance(e, dict) or not {"at", "line", "hash"} <= set(e) or set(e) - KEYS:
            raise bad(f"needs at, line, hash and rules or not (optionally why); keys: {sorted(KEYS)}")
        if not (isinstance(e["at"], str) and type(e["line"]) is int and isinstance(e["hash"], str)):
            raise bad("at and hash are strings, line an int")
        has_rules, reason = bool(e.get("rules")), e.get("not")
        if has_rules == (reason is not None):
            raise bad(f"{e['at']}: give either rules (the ids that encode it) or not (a reason), one of them")
        if reason is not None and reason not in REASONS:
            raise bad(f"{e['at']}: not = {reason!r} is no reason; the reasons: {sorted(REASONS)}")
        if reason == "out of scope" and not e.get("why"):
            raise bad(f"{e['at']}: out of scope needs why (because of what)")
        rids = e.get("rules", [])
        if not (isinstance(rids, list) and all(isinstance(r, str) for r in rids)):
            raise bad(f"{e['at']}: rules is a list of id strings")
        out.append(Entry(e["at"], e["line"], e["hash"], tuple(rids), reason, e.get("why"), row or 0))
    return out


def problems(game, book: Book, entries: Sequence[Entry], where: str = "") -> list[str]:
    """What is wrong between a map and the rulebook it maps (each `where:row: what`): a unit
    with no entry, an entry at no unit, a hash or line that no longer matches (the rulebook
    changed: the rules it names are to be read again), an id that does not resolve."""
    units = {u.key: u for s in book.sections for u in s.sentences}
    known = rules(game)
    out, seen = [], set()
    for e in entries:
        at = f"{where}:{e.row}: {e.at}"
        if e.at in seen:
            out.append(f"{at}: a second entry for this unit")
        seen.add(e.at)
        u = units.get(e.at)
        if u is None:
            out.append(f"{at}: no such unit in {book.path.name} (its section has fewer, or no such §)")
        elif (u.hash, u.line) != (e.hash, e.line):
            out.append(f"{at}: the rulebook has line {u.line} hash {u.hash} here, the map line {e.line} "
                       f"hash {e.hash}: read the unit again, and the rules {list(e.rules) or e.reason}")
        for rid in e.rules:
            _, why = resolve(known, rid)
            if why:
                out.append(f"{at}: {why}")
    out += [f"{where}: {k} (line {u.line}, hash {u.hash}) has no entry" for k, u in units.items() if k not in seen]
    return out
