"""A command's parameters read without importing pydantic, when typer would only have handed
the value through it (issue 18: typer's pydantic adapters took 0.26-0.55 s of import time on
the loaded machine, the largest part of a short replay's start-up).

typer (0.2x) coerces every parameter but a flag through a pydantic TypeAdapter. For the
values a command line usually holds -- a path, a string, a whole number in range, a choice's
name, or a parameter left at its default -- the value is read here by typer's own functions
(`coerce_cli_path`, `coerce_cli_choice`) without the pydantic wrapper around them. Any other
value, and any value refused, goes through typer's own coercion, so the results and the
error messages are typer's (tests/test_startup.py compares them). Where typer is not built
as this expects (another version without these functions), the command is left as typer
made it: only slower, and tests/test_startup.py says so."""
from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from functools import partial
from pathlib import Path
from typing import Any, Callable, get_args, get_origin

WHOLE = re.compile(r"0|[1-9][0-9]{0,17}")  # plain decimal digits: what pydantic reads as the same int


class _NotPlain(Exception):
    """The value needs typer's own coercion."""


class Plain:
    """A mixin for typer's command and group classes: their parameters (the --help option
    click adds per context included) read as said above."""

    def get_params(self, ctx):
        return _plain(super().get_params(ctx))


def _plain(params: list) -> list:
    try:
        from typer._param_types import coerce_cli_choice, coerce_cli_path
    except ImportError:
        return params
    for p in params:
        full = getattr(p, "get_runtime_param", None)
        if callable(full) and hasattr(p, "type_descriptor") and getattr(full, "func", None) is not _Plain:
            p.get_runtime_param = partial(_Plain, p, full, coerce_cli_path, coerce_cli_choice)
    return params


def _finite(value: str, param: Any, ctx: Any) -> None:
    """A float option's value that Python reads as nan or infinity is refused by name: typer
    would read it, then say only that a bound is not met (a hostile run, s52 F9)."""
    import math

    try:
        x = float(value)
    except ValueError:
        return  # not a number at all: typer says so
    if not math.isfinite(x):
        import typer

        raise typer.BadParameter(f"{value!r} is not a finite number", ctx=ctx, param=param)


@dataclass(frozen=True)
class _Plain:
    """What typer's `get_runtime_param()` returns, for one parameter: `coerce` as typer's."""

    param: Any
    full: Callable  # typer's own: builds (and keeps) the pydantic coercion on first use
    path: Callable
    choice: Callable

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        if self.param.type_descriptor.annotation is float and isinstance(value, str):
            _finite(value, param, ctx)
        try:
            return self._read(value, ctx)
        except Exception:  # noqa: BLE001 - not plain, or refused: typer says what and why
            return self.full().coerce(value, param=param, ctx=ctx)

    def _read(self, value: Any, ctx: Any) -> Any:
        p = self.param
        many = p.multiple or p.nargs == -1
        if value is None:
            return () if many else None
        if value is p.default:
            return value  # declared in our own signature, already of its type
        desc = p.type_descriptor
        if not many:
            return self._leaf(desc.annotation, desc.parameter_info, value, ctx)
        if get_origin(desc.annotation) is not list or not isinstance(value, (list, tuple)):
            raise _NotPlain
        (leaf,) = get_args(desc.annotation)
        return [self._leaf(leaf, desc.parameter_info, v, ctx) for v in value]

    def _leaf(self, kind: Any, info: Any, value: Any, ctx: Any) -> Any:
        if not isinstance(value, str):
            raise _NotPlain
        if info.parser is not None:  # our own parsers are plain Python: a path's (cli/common.PATH)
            if kind is not Path or not value:
                raise _NotPlain  # refused (or not ours): typer runs the parser and says why
            value = str(info.parser(value))
        value.encode("utf-8")  # a surrogate (bytes that are not UTF-8): pydantic may refuse it
        if kind is str:
            return value
        if kind is Path and info.path_type is None:
            return self.path(Path(value), info, path_type=Path, param=self.param, ctx=ctx)
        if isinstance(kind, type) and issubclass(kind, Enum):
            return self.choice(value, choices=list(kind), case_sensitive=info.case_sensitive, ctx=ctx)
        if kind is int and not info.clamp and WHOLE.fullmatch(value):
            n = int(value)
            if (info.min is None or n >= info.min) and (info.max is None or n <= info.max):
                return n
        raise _NotPlain
