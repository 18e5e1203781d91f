"""Progress of the long commands on stderr (audit: per game and per check; scenarios: per
family), drawn only when stderr is a terminal: a pipe, a file or a CI log gets nothing,
and stdout is never written. The checks get a plain callable (`what -> None`), passed
explicitly; they never know whether anything is drawn."""
from __future__ import annotations

from typing import Any, Iterable, Iterator

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn


class Shown:
    """`each(items)` walks the items (games, families) with the bar; `next(item)` starts the
    next one; calling the object (`shown("invariants")`) names the step within the item."""

    def __init__(self, console: Console, total: int, what: str):
        self.bar: Progress | None = None
        self.item, self.done = "", -1
        if console.is_terminal:  # never in a pipe: piped stderr stays the plain messages
            self.bar = Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                TimeElapsedColumn(), console=console, transient=True, refresh_per_second=4)
            self.task = self.bar.add_task(what, total=total)

    def __enter__(self) -> Shown:
        if self.bar is not None:
            self.bar.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.bar is not None:
            self.bar.stop()

    def each(self, items: Iterable[Any], name=lambda x: getattr(x, "name", str(x))) -> Iterator[Any]:
        with self:
            for x in items:
                self.next(name(x))
                yield x

    def next(self, item: str) -> None:
        self.item, self.done = item, self.done + 1
        self._show(item)

    def __call__(self, step: str) -> None:
        self._show(f"{self.item}: {step}" if self.item else step)

    def _show(self, text: str) -> None:
        if self.bar is not None:
            self.bar.update(self.task, description=escape(text), completed=max(self.done, 0))
            self.bar.refresh()  # each game and step is drawn at least once, however short
