"""A tiny game written from the front door alone (docs/writing-a-game.md): Nim, take 1 to 3
stones from a pile, who takes the last one wins. It is registered for the test session
(tests/conftest.py) so that every registered-game test runs on it too, including the
stateful one on a game that ends within a few moves. §s here are the toy's own."""
from dataclasses import dataclass

from referee import (
    Action, And, BadInput, Basis, Config, Game, Int, Invariant, Need, Option, Outcome, Param, Phase, Source,
    State, args, check_players, check_source, choose_options, num, put, vec,
)

SOURCES = (Source("book", "toy book", 1),)
PLAY, OVER = 0, 1


@dataclass(frozen=True)
class Nim(State):
    phase: int = num(0, 1)
    pile: int = num(0, 12)
    turn: int = num(0, 1)
    taken: tuple = vec(2, lo=0, hi=12)


def configure(options, comp_dir, prefer, nplayers=2):
    if comp_dir is not None:
        raise BadInput("components: Nim has no components")
    opts = choose_options(options, GAME.options)
    check_source(prefer, SOURCES)
    check_players(nplayers, 2, 2, "Nim", "§0")
    return Config("toy", opts, SOURCES, prefer, extra={"nplayers": nplayers})


def start(cfg) -> int:
    return int(cfg.opt("start"))


def setup(header, cfg):
    return Nim(cfg=cfg, phase=PLAY, pile=start(cfg), turn=0, taken=(0, 0))


TAKE = Action(
    "take", "§1", "take 1 to 3 stones from the pile",
    params=(Param("k", Int(1, 3, enum=True), "how many"),),
    needs=(
        Need("§1", "it is the player's turn", lambda s, a: s.turn == a.p, lambda s, a: f"it is player {s.turn}'s turn"),
        Need("§1", "no more than the pile holds", lambda s, a: a.k <= s.pile,
             lambda s, a: f"takes {a.k}, the pile has {s.pile}"),
    ),
    effect=lambda s, a: s.but(pile=s.pile - a.k, turn=1 - s.turn, taken=put(s.taken, a.p, s.taken[a.p] + a.k),
                             phase=(s.pile - a.k == 0) * OVER),
    phases=("play",), goes=("play", "over"),
    propose=lambda s: (args(s.turn, k=k) for k in (1, 2, 3)),
)


GAME = Game(
    name="toy", title="Nim", rulebook="(none)", version="1", state_cls=Nim, sources=SOURCES,
    options=(Option("start", "§0", "the starting pile", {"10": "ten", "12": "twelve"}, "10", kind="variant",
                    basis=Basis("text", "§0", "10", "both piles are the toy's own; ten is the one it plays")),),
    phases=(Phase("play", "§1", "players take in turn"), Phase("over", "§2", "the pile is empty")),
    actions=(TAKE,),
    invariants=(
        Invariant("§1", "the pile is never negative", lambda s: s.pile >= 0),
        Invariant("§1", "stones are conserved", lambda s: s.pile + s.taken[0] + s.taken[1] == start(s.cfg)),
        Invariant("§2", "the game is over exactly when the pile is empty", lambda s: (s.phase == OVER) == (s.pile == 0)),
    ),
    configure=configure, setup=setup,
    init=lambda S: And(S.pile == start(S.cfg), S.turn == 0, S.taken[0] == 0, S.taken[1] == 0, S.phase == PLAY),
    result=lambda s: Outcome((1 - s.turn,), None, "took the last stone", "§2") if s.phase == OVER else None,
    random_header=lambda rng, cfg: {"referee": 1, "game": "toy", "options": dict(cfg.options), "players": ["Ana", "Ben"]},
    header_example={"referee": 1, "game": "toy", "players": ["Ana", "Ben"]},
)
