"""Write the skeleton of a game's coverage map (referee/model/<game>/coverage.toml) from its
seed: one entry per unit of the rulebook, the entries already in the map kept where their
unit's hash is unchanged, the others left to fill (`rules = []`, which the map's test refuses
until someone reads the unit and writes its rules or its reason).

    python bench/coverage_skeleton.py GAME [--hints FILE]

--hints FILE writes, for the person filling the map and outside the repo, every unit's text
with the ids of the rules whose cite names its section (the text never goes into the map)."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import referee.model as M
from referee.rulebook.book import book
from referee.rulebook.coverage import map_path, read_map
from referee.rulebook.ids import rules, written
from referee.rulebook.text import cites_in


def _toml(v) -> str:
    return json.dumps(v, ensure_ascii=False)  # a JSON string or list of strings is TOML too


def entry(e: dict) -> str:
    return "  { " + ", ".join(f"{k} = {_toml(v)}" for k, v in e.items()) + " },"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("game")
    ap.add_argument("--hints", type=Path)
    a = ap.parse_args(argv)
    game = M.load(a.game)
    b = book(game)
    path = map_path(game)
    old = {e.at: e for e in read_map(path)} if path.is_file() else {}
    lines = [f"# Coverage map of {Path(game.rulebook).name} (docs/coverage.md): one entry per unit.",
             "sentence = ["]
    hints = []
    by_cite: dict[str, list[str]] = {}
    for r in rules(game).values():
        for _, hit in cites_in(r.cite, b.sections):
            if hit:
                by_cite.setdefault(hit, []).append(f"{written(r)}  {r.says[:90]}")
    for s in b.sections:
        if s.sentences:
            lines.append(f"  # {s.cite} (line {s.line})")
        hints.append(f"== {s.cite} (line {s.line})\n" + "".join(f"   | {h}\n" for h in by_cite.get(s.cite, [])))
        for u in s.sentences:
            e = {"at": u.key, "line": u.line, "hash": u.hash}
            prev = old.get(u.key)
            if prev and prev.hash == u.hash:
                e.update({"rules": list(prev.rules)} if prev.rules else {"not": prev.reason})
                if prev.why:
                    e["why"] = prev.why
            else:
                e["rules"] = []
            lines.append(entry(e))
            hints.append(f"  {u.key} L{u.line}: {u.text}\n")
    lines.append("]")
    sys.stdout.write("\n".join(lines) + "\n")
    if a.hints:
        a.hints.write_text("".join(hints), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
