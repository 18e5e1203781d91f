"""referee: checks the rules of tabletop games and the games people play with them.

    >>> import referee
    >>> rules = referee.load("welcome")
    >>> rules.replay("examples/welcome/2p-warrior-two-successes.jsonl").verdict   # doctest: +SKIP
    'legal'

See `referee.api` for the whole front door, `referee.errors` for what it raises.
"""
from importlib.metadata import PackageNotFoundError, version as _version

try:
    __version__ = _version("referee")
except PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"

from . import errors  # noqa: E402
from .api import Play, Rules, audit, games, load, replay, scenarios  # noqa: E402
from .errors import Illegal, RefereeError, Undecided, Unreadable  # noqa: E402
from .replays.engine import Problem, Verdict  # noqa: E402

__all__ = ["Illegal", "Play", "Problem", "RefereeError", "Rules", "Undecided", "Unreadable", "Verdict",
           "__version__", "audit", "errors", "games", "load", "replay", "scenarios"]
