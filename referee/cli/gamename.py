"""The registered games as a choice for the commands that take a game's name: typer lists
them in --help, completes them in the shell, and refuses any other name with exit 2. Its
own module because listing them scans the installed plugins (importlib.metadata), which
`referee replay` never needs: a log's header names its game (issue 18)."""
from __future__ import annotations

from enum import StrEnum

from ..model import names

GameName = StrEnum("GameName", {n: n for n in names()})
