"""Where a § stands in its rulebook file: the line of its heading, for SARIF's
`region.startLine` and for ordering a report as the book reads.

The rulebook is found from the Game's `rulebook` (a path relative to ../shared, e.g.
`seeds/000_….txt`), or given (`--rulebook`: the file, or a folder holding it). A numbered
§ is found at the line that starts with it (`§6.5.`), else at its parent's; a heading
(rulebooks without numbers) at the first short line naming it (Trolls' "Les actions").
A line that merely mentions the word is no heading: the booklets of Welcome, Twister and
Draft have none (their §s are the project's names for their parts), so they get no line,
and the report orders their §s by name."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HEADING_CHARS = 60  # a line this short that names a heading is taken for the heading itself


def locate(game: Any, given: Path | None = None) -> Path | None:
    """The rulebook file of `game`: `given` (a file, or a folder holding the file by name),
    else the game's `rulebook` in the nearest `shared` folder above the working folder or
    the source tree (../shared of a checkout; a worktree may sit deeper)."""
    rel = Path(game.rulebook)
    if given is not None:
        tries = [given] if given.is_file() else [given / rel.name, given / rel]
    else:
        here = [Path.cwd().resolve(), Path(__file__).resolve().parents[2]]
        ups = dict.fromkeys(a for h in here for a in (h, *h.parents))
        tries = [a / "shared" / sub for a in ups for sub in (rel, Path("seeds") / rel.name)]
    return next((p.resolve() for p in tries if p.is_file()), None)


def _heading(line: str) -> bool:
    """A line that reads as a heading: short, not a list item, not a sentence."""
    s = line.strip()
    return 0 < len(s) <= HEADING_CHARS and not s.startswith(("•", "-", "*")) and not s.endswith(".")


@dataclass(frozen=True)
class Rulebook:
    path: Path | None
    lines: tuple[str, ...] = field(default=(), repr=False)

    @classmethod
    def of(cls, game: Any, given: Path | None = None) -> "Rulebook":
        path = locate(game, given)
        if path is None:
            return cls(None)
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return cls(None)
        return cls(path, tuple(text.splitlines()))

    def line_of(self, cite: str) -> int | None:
        """The 1-based line of the §'s heading, or None."""
        if not self.lines or not cite.startswith("§"):
            return None
        m = re.match(r"§(\d+(?:\.\d+)*)", cite)
        if m:
            parts = m.group(1).split(".")
            while parts:
                pat = re.compile(r"^\s*§" + re.escape(".".join(parts)) + r"(?!\d)")
                hit = next((i for i, s in enumerate(self.lines, 1) if pat.match(s)), None)
                if hit:
                    return hit
                parts.pop()
            return None
        name = cite[1:].strip()
        for term in dict.fromkeys([name, re.split(r"[/.]", name)[0].strip()]):
            if not term:
                continue
            pat = re.compile(r"(?<!\w)" + re.escape(term) + r"(?!\w)", re.IGNORECASE)
            hit = next((i for i, s in enumerate(self.lines, 1) if _heading(s) and pat.search(s)), None)
            if hit:
                return hit
        return None

    def order(self, cite: str) -> tuple:
        """A sort key in the book's order: numbered §s by their numbers (§3.4 < §3.10 <
        §10.1), headings by their line in the file, else by name; no § last."""
        m = re.match(r"§(\d+(?:\.\d+)*)", cite or "")
        if m:
            return (0, tuple(int(x) for x in m.group(1).split(".")), "", (), cite)
        if not cite:
            return (2, (), "", (), "")
        line = self.line_of(cite)
        head, _, rest = cite[1:].partition(".")
        sub = tuple(int(x) for x in re.findall(r"\d+", rest))
        # by name without accents or case: Équipement files under E
        plain = unicodedata.normalize("NFKD", head).encode("ascii", "ignore").decode().casefold()
        return (1, (line if line is not None else 10**9,), plain, sub, cite)
