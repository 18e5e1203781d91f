"""Where a rule is written (file:line), so that a rules editor can open the code of a §.

The kernel's records do not keep their place of construction, so it is found from two
clues: the rule's words (`says`, a string literal at the place the Need, Invariant... is
written) and the code object of its function (a lambda's first line is where it is written;
a named function's is where it is defined). A place where both agree wins; then the words
alone (nearest before the code); then the code alone. Names (options, phases, sourced
values) are found by their quoted name after their kind's constructor."""
from __future__ import annotations

import bisect
import re
import sys
from pathlib import Path
from typing import Any, Callable

KERNEL = Path(__file__).resolve().parent.parent / "model" / "kernel"
ROOT = Path(__file__).resolve().parent.parent.parent  # shown paths are relative to it when inside


class Finder:
    """The places of one game's rules; reads each source file once (per Finder)."""

    def __init__(self, game: Any):
        mod = sys.modules.get(getattr(game.setup, "__module__", ""), None)
        src = Path(getattr(mod, "__file__", "") or ".").resolve()
        pkg = mod.__name__.rpartition(".")[0] if mod else ""
        pkg_mod = sys.modules.get(pkg)
        # a game's package (its folder), or a one-module game (a plugin such as tests/toygame.py)
        self.files = sorted(src.parent.glob("*.py")) if getattr(pkg_mod, "GAME", None) is game else [src]
        self._text: dict[Path, tuple[str, list[int]]] = {}
        self._lines: dict[Path, list[str]] = {}

    def text(self, f: Path) -> tuple[str, list[int]]:
        """The file's text and where each of its lines starts."""
        if f not in self._text:
            try:
                t = f.read_text(encoding="utf-8")
            except OSError:
                t = ""
            self._text[f] = (t, [0] + [m.end() for m in re.finditer("\n", t)])
        return self._text[f]

    def lines(self, f: Path) -> list[str]:
        if f not in self._lines:
            self._lines[f] = self.text(f)[0].splitlines()
        return self._lines[f]

    def _words(self, says: str) -> list[tuple[Path, int]]:
        """Lines where a string literal starts with the rule's words (their first 30, else 20
        characters: a helper may add words of its own, as in f"{what} within his Rsv")."""
        for n in (30, 20):
            head = says[:n]
            if len(head) < 12:
                return []
            hits = []
            for f in self.files:
                t, starts = self.text(f)
                for q in "\"'":
                    at = t.find(q + head)
                    while at >= 0:
                        hits.append((f, bisect.bisect_right(starts, at), _common(says, t[at + 1:])))
                        at = t.find(q + head, at + 1)
            if hits:  # those that say most of the words (the melee's, not the shot's)
                best = max(h[2] for h in hits)
                return [(f, i) for f, i, k in hits if k == best]
        return []

    def rule(self, says: str, *fns: Callable | None) -> str | None:
        code = _code_place(fns)
        words = self._words(says)
        if code and words:
            near = [w for w in words if w[0] == code[0] and w[1] - 8 <= code[1] <= w[1] + 8]
            if near:
                return shown(*min(near, key=lambda w: abs(w[1] - code[1])))
            before = [w for w in words if w[0] == code[0] and w[1] <= code[1]]
            if before:
                return shown(*before[-1])
        if words:
            return shown(*words[0])
        return shown(*code) if code else None

    def named(self, kind: str, name: str) -> str | None:
        """The line of `Kind("name"` (or `Kind(\n    "name"`)."""
        for f in self.files:
            ls = self.lines(f)
            for i, text in enumerate(ls, 1):
                if f'"{name}"' in text and (f"{kind}(" in text or (i > 1 and ls[i - 2].rstrip().endswith(f"{kind}("))):
                    return shown(f, i)
        return None


def _common(says: str, tail: str) -> int:
    """How many characters of `says` the literal starting `tail` gives."""
    k = 0
    while k < min(len(says), len(tail)) and says[k] == tail[k]:
        k += 1
    return k


def _code_place(fns: tuple) -> tuple[Path, int] | None:
    """The first function's place that is not the kernel's own (a default effect, a wrapper)."""
    for fn in fns:
        fn = getattr(fn, "parts", [fn])[0] if getattr(fn, "parts", None) else fn
        code = getattr(fn, "__code__", None)
        if code is None:
            continue
        f = Path(code.co_filename).resolve()
        if KERNEL in f.parents:
            continue
        return f, code.co_firstlineno
    return None


def shown(f: Path, line: int) -> str:
    try:
        return f"{f.relative_to(ROOT)}:{line}"
    except ValueError:
        return f"{f}:{line}"
