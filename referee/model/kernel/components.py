"""One reader for every game's component files: each table is declared once (its keys, their
kinds, ranges or allowed values, defaults, the key that names a row), and a TOML file read
against that declaration gives frozen `Row`s or a located BadInput (exit 2), always in one
format: `file: table[row].key: what` (row = the row's index, or its name in a table of named
tables). Booleans are never numbers, every required key is present, an unknown key is refused
with the known ones listed, a named row appears once, every number stays in the range the
rulebook (or the model) allows, cited in brackets. A game's checks beyond kinds (a Demon among
the monsters, eight room tiles...) use the rows' `at` to speak the same format."""
from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping, NoReturn

from .game import BadInput
from .inputs import not_regular, read_toml, shown
from .rules import kind_of as kind_of_value


def _cited(text: str, cite: str) -> str:
    return f"{text} [{cite}]" if cite else text


@dataclass(frozen=True)
class Loc:
    """Where a value sits: its file, and its path inside (`card[3].ability.gain`)."""
    file: str
    path: str = ""

    def key(self, k: str) -> Loc:
        return Loc(self.file, f"{self.path}.{k}" if self.path else k)

    def row(self, i: int | str) -> Loc:
        return Loc(self.file, f"{self.path}[{i}]")

    def fail(self, what: str, cite: str = "") -> NoReturn:
        raise BadInput(_cited(f"{self.file}: {self.path}: {what}" if self.path else f"{self.file}: {what}", cite))


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()  # the default of a key that must be given


# ---------------------------------------------------------------- kinds of value
@dataclass(frozen=True)
class Int:
    """A whole number from lo to hi (true/false and 1.0 are not whole numbers)."""
    lo: int = 0
    hi: int = 99
    cite: str = ""  # the § (or the model's bound) that sets the range

    def read(self, v: Any, at: Loc) -> int:
        if type(v) is not int or not self.lo <= v <= self.hi:
            got = shown(v) if type(v) is int else repr(v) if type(v) is float else kind_of_value(v)
            at.fail(f"expected a whole number from {self.lo} to {self.hi}, got {got}", self.cite)
        return v


@dataclass(frozen=True)
class Str:
    """A non-empty string, one of `choices` when they are given."""
    choices: tuple[str, ...] = ()
    cite: str = ""

    def read(self, v: Any, at: Loc) -> str:
        if type(v) is not str or not v.strip():
            at.fail(f"expected a name, got {shown(v) if type(v) is str else kind_of_value(v)}", self.cite)
        if self.choices and v not in self.choices:
            at.fail(f"expected one of {', '.join(self.choices)}, got {shown(v)}", self.cite)
        return v


@dataclass(frozen=True)
class Bool:
    cite: str = ""

    def read(self, v: Any, at: Loc) -> bool:
        if type(v) is not bool:
            at.fail(f"expected true or false, got {shown(v) if type(v) in (str, int) else kind_of_value(v)}", self.cite)
        return v


@dataclass(frozen=True)
class List:
    """A list of values of one kind, `lo` to `hi` long; `unique`: no value twice."""
    item: Any
    lo: int = 0
    hi: int = 99
    cite: str = ""
    unique: bool = False

    def read(self, v: Any, at: Loc) -> tuple:
        if type(v) is not list:
            at.fail(f"expected a list, got {kind_of_value(v)}", self.cite)
        if not self.lo <= len(v) <= self.hi:
            want = f"{self.lo}" if self.lo == self.hi else f"{self.lo} to {self.hi}"
            at.fail(f"expected {want} values, got {len(v)}", self.cite)
        out = tuple(self.item.read(x, at.row(i)) for i, x in enumerate(v))
        if self.unique:
            for i, x in enumerate(out):
                if x in out[:i]:
                    at.row(i).fail(f"{shown(x)} is given twice (first at {at.row(out.index(x)).path}); each value once",
                                   self.cite)
        return out


@dataclass(frozen=True)
class Field:
    name: str
    kind: Any
    default: Any = REQUIRED


class FrozenMap(Mapping):
    """A read-only dict that pickles (a component set travels to worker processes, and a
    cached set is shared: nobody may change it)."""
    __slots__ = ("_d",)

    def __init__(self, d: Mapping = ()):
        object.__setattr__(self, "_d", dict(d))

    def __setattr__(self, k, v):
        raise AttributeError("a FrozenMap is read-only")

    def __getitem__(self, k):
        return self._d[k]

    def __iter__(self):
        return iter(self._d)

    def __len__(self) -> int:
        return len(self._d)

    def __reduce__(self):
        return (FrozenMap, (self._d,))

    def __repr__(self) -> str:
        return f"FrozenMap({self._d!r})"


class Row(Mapping):
    """A table read and checked: a read-only mapping of its keys (declared defaults filled in)
    that also reads as attributes, with `at`, its location, for the game's own checks."""
    __slots__ = ("_values", "_given", "at")

    def __init__(self, values: Mapping[str, Any], at: Loc, given: Iterable[str] = ()):
        object.__setattr__(self, "_values", MappingProxyType(dict(values)))
        object.__setattr__(self, "_given", frozenset(given))
        object.__setattr__(self, "at", at)

    def __setattr__(self, k, v):
        raise AttributeError("a Row is read-only")

    def __getitem__(self, k: str) -> Any:
        return self._values[k]

    def __iter__(self):
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __getattr__(self, k: str) -> Any:
        try:
            return self._values[k]
        except KeyError:
            raise AttributeError(k) from None

    def given(self, k: str) -> bool:
        """The key was written in the file (not filled in by its default)."""
        return k in self._given

    def fail(self, key: str | None, what: str, cite: str = "") -> NoReturn:
        (self.at if key is None else self.at.key(key)).fail(what, cite)


@dataclass(frozen=True)
class Table:
    """A TOML table with declared keys. `extra`: the kind of every other key (a table keyed
    by names the file itself gives, e.g. a quest's needs per class); without it an unknown
    key is refused."""
    fields: tuple[Field, ...]
    extra: Any = None
    cite: str = ""

    def read(self, v: Any, at: Loc) -> Row:
        if type(v) is not dict:
            at.fail(f"expected a table, got {kind_of_value(v)}", self.cite)
        known = {f.name: f for f in self.fields}
        for k in v:
            if k not in known and self.extra is None:
                at.key(k).fail(f"unknown key (known: {', '.join(known) or 'none'})")
        out: dict[str, Any] = {}
        for f in self.fields:
            if f.name in v:
                out[f.name] = f.kind.read(v[f.name], at.key(f.name))
            elif f.default is REQUIRED:
                at.key(f.name).fail("missing (a required key)", self.cite)
            else:
                out[f.name] = f.default
        for k in v:
            if k not in known:
                out[k] = self.extra.read(v[k], at.key(k))
        return Row(out, at, v)


@dataclass(frozen=True)
class Rows:
    """A list of tables ([[table]] in TOML), `lo` to `hi` rows; `key`: the key that names a
    row, given by one row only."""
    table: Table
    key: str | None = "name"
    lo: int = 1
    hi: int = 99
    cite: str = ""

    def read(self, v: Any, at: Loc) -> tuple[Row, ...]:
        if type(v) is not list:
            at.fail(f"expected a list of tables, got {kind_of_value(v)}", self.cite)
        if not self.lo <= len(v) <= self.hi:
            want = f"{self.lo}" if self.lo == self.hi else f"{self.lo} to {self.hi}"
            at.fail(f"expected {want} rows, got {len(v)}", self.cite)
        rows = tuple(self.table.read(x, at.row(i)) for i, x in enumerate(v))
        if self.key is not None:
            first: dict[Any, int] = {}
            for i, r in enumerate(rows):
                k = r[self.key]
                if k in first:
                    r.fail(self.key, f"{shown(k)} is given twice (first at {at.row(first[k]).path}); each row once")
                first[k] = i
        return rows


@dataclass(frozen=True)
class Named:
    """A table of named tables (`[profile.troll]`): rows located by their name."""
    table: Table
    lo: int = 1
    hi: int = 99
    cite: str = ""

    def read(self, v: Any, at: Loc) -> Mapping[str, Row]:
        if type(v) is not dict:
            at.fail(f"expected a table of named tables, got {kind_of_value(v)}", self.cite)
        if not self.lo <= len(v) <= self.hi:
            at.fail(f"expected {self.lo} to {self.hi} named tables, got {len(v)}", self.cite)
        return FrozenMap({k: self.table.read(x, at.row(k)) for k, x in v.items()})


# ---------------------------------------------------------------- files
def read(path: Path, table: Table) -> Row:
    """A component file read against its declaration."""
    path = Path(path)
    return table.read(read_toml(path), Loc(path.name))


def components_dir(d: Path | None, shipped: Path) -> Path:
    d = shipped if d is None else Path(d)
    if not d.is_dir():
        raise BadInput(f"{d}: not a components directory (--components names a directory of TOML files)")
    return d


def cached(files: Iterable[str]) -> Callable[[Callable[[Path | None], Any]], Callable[[Path | None], Any]]:
    """A component loader that reads a set once per content: the cache is keyed by the
    directory and a digest of each file (a frozen value), so an edited file is read again and
    two games never share a mutable entry. A missing or irregular file is not cached: the
    loader says what is wrong with it."""
    files = tuple(files)

    def wrap(load: Callable[[Path | None], Any]) -> Callable[[Path | None], Any]:
        @functools.lru_cache(maxsize=16)
        def by_content(d: str, digests: tuple) -> Any:
            return load(Path(d) if d else None)

        @functools.wraps(load)
        def get(comp_dir: Path | None = None) -> Any:
            if comp_dir is None:
                return by_content("", ())
            d = Path(comp_dir)
            digests = []
            for name in files:
                p = d / name
                if not_regular(p) is not None:
                    return load(d)
                try:
                    digests.append(hashlib.blake2b(p.read_bytes(), digest_size=16).digest())
                except OSError:
                    return load(d)
            return by_content(str(d.resolve()), tuple(digests))

        get.uncached = load  # type: ignore[attr-defined]
        return get
    return wrap


__all__ = ["Bool", "Field", "FrozenMap", "Int", "List", "Loc", "Named", "REQUIRED", "Row", "Rows", "Str", "Table",
           "cached", "components_dir", "read"]
