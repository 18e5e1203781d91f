"""The game-agnostic kernel: logic helpers, rule vocabulary, the Game record."""
from .game import BadInput, DataCheck, Game, Illegal, IllegalSetup, Outcome
from .reads import conjunction, family
from .logic import (
    Among, And, Count, If, Implies, Lookup, Max, Min, Not, Or, Sum, Sym, SymbolicBranch,
    bump, covers, fork, is_sym, lazy_if, put, vadd, vsub, within,
)
from .rules import (
    Action, Answer, BadField, Basis, Claim, Config, Gap, Int, Invariant, Name, Names, Need,
    Option, Param, ParamKind, Phase, Player, Ruling, Source, Sourced, State, Step, Undecided, args,
    decide, detail, flag, num, vec,
)

__all__ = [
    "Action", "Among", "And", "Answer", "BadField", "BadInput", "Basis", "Claim", "Config", "Count", "DataCheck",
    "Game", "Gap", "If", "Illegal", "IllegalSetup", "Implies", "Int", "Invariant", "Lookup", "Max", "Min", "Name",
    "Names", "Need", "Not", "Option", "Or", "Outcome", "Param", "ParamKind", "Phase", "Player", "Ruling", "Source",
    "Sourced", "State", "Step", "Sum", "Sym", "SymbolicBranch", "Undecided", "args", "bump", "conjunction", "covers",
    "decide", "detail", "family", "flag", "fork", "is_sym", "lazy_if", "num", "put", "vadd", "vec", "vsub", "within",
]
