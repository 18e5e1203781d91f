"""The game-agnostic kernel: logic helpers, rule vocabulary, the Game record."""
from .game import BadInput, DataCheck, Game, Illegal, IllegalSetup, Outcome
from .reads import conjunction, family
from .logic import (
    Among, And, Count, If, Implies, Lookup, Max, Min, Not, Or, Sum, Sym, SymbolicBranch,
    bump, covers, fork, is_sym, put, vadd, vsub, within,
)
from .rules import (
    Action, Answer, BadField, Basis, Claim, Config, Gap, Int, Invariant, Name, Names, Need,
    Option, Param, ParamKind, Phase, Player, Ruling, Source, Sourced, State, Undecided, args,
    decide, detail, flag, num, vec,
)
