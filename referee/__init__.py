"""referee: checks the rules of tabletop games and the games people play with them.

    >>> import referee
    >>> rules = referee.load("welcome")
    >>> rules.replay("examples/welcome/2p-warrior-two-successes.jsonl").verdict   # doctest: +SKIP
    'legal'

See `referee.api` for the whole front door, `referee.errors` for what it raises.
"""
from . import errors
from .api import Play, Rules, audit, differential, games, load, replay, scenarios  # noqa: E402
from .errors import Illegal, RefereeError, Undecided, Unreadable  # noqa: E402
from .replays.engine import Problem, Verdict  # noqa: E402

# For writing a game (docs/writing-a-game.md): the rule vocabulary and the logic helpers that
# run both concretely and on z3 terms. A game module needs no other import from referee.
from .model.kernel import (  # noqa: E402
    Action, Among, And, Answer, BadInput, Basis, Claim, IllegalSetup, Config, Count, DataCheck, Game, Gap, If, Implies,
    Int, Invariant, Lookup, Max, Min, Name, Names, Need, Not, Option, Or, Outcome, Param, Phase,
    Player, Ruling, Source, Sourced, State, Step, Sum, args, bump, decide, detail, flag, num, put, vec, within,
)
from .model.kernel.inputs import check_players, check_source, choose_options  # noqa: E402


def __getattr__(name: str):
    """`referee.__version__`, read from the installed distribution only when asked:
    importlib.metadata took 0.14-0.16 s of imports on the loaded machine (issue 18)."""
    if name != "__version__":
        raise AttributeError(f"module 'referee' has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("referee")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "0+unknown"

__all__ = ["Illegal", "Play", "Problem", "RefereeError", "Rules", "Undecided", "Unreadable", "Verdict",
           "__version__", "audit", "differential", "errors", "games", "load", "replay", "scenarios",
           # writing a game
           "Action", "Among", "And", "Answer", "BadInput", "Basis", "Claim", "Config", "Count", "DataCheck", "Game",
           "Gap", "If", "IllegalSetup", "Implies", "Int", "Invariant", "Lookup", "Max", "Min", "Name", "Names", "Need", "Not",
           "Option", "Or", "Outcome", "Param", "Phase", "Player", "Ruling", "Source", "Sourced", "State", "Step", "Sum",
           "args", "bump", "check_players", "check_source", "choose_options", "decide", "detail", "flag", "num", "put", "vec", "within"]
