"""A tiny game (Nim: take 1 to 3 from a pile, who takes the last wins) that exercises the
kernel and the engine without any rulebook. §s here are the toy's own."""
from dataclasses import dataclass

from referee.model.kernel import (
    Action, And, Config, Game, Int, Invariant, Need, Option, Outcome, Phase, Source, State,
    BadInput, num, put, vec,
)

SOURCES = (Source("book", "toy book", 1),)


@dataclass(frozen=True)
class Nim(State):
    phase: int = num(0, 1)
    pile: int = num(0, 12)
    turn: int = num(0, 1)
    taken: tuple = vec(2, lo=0, hi=12)


def configure(options, comp_dir, prefer, nplayers=2):
    bad = set(options) - {"start"}
    if bad:
        raise BadInput(f"unknown option {sorted(bad)[0]!r}")
    return Config("toy", {"start": str(options.get("start", "10"))}, SOURCES, prefer, extra={"nplayers": nplayers})


def setup(header, cfg):
    return Nim(cfg=cfg, phase=0, pile=int(cfg.opt("start")), turn=0, taken=(0, 0))


TAKE = Action(
    "take", "§1", "take 1 to 3 stones from the pile",
    params=(__import__("referee.model.kernel", fromlist=["Param"]).Param("k", Int(1, 3, enum=True), "how many"),),
    needs=(
        Need("§1", "it is the player's turn", lambda s, a: s.turn == a.p, lambda s, a: f"it is player {s.turn}'s turn"),
        Need("§1", "no more than the pile holds", lambda s, a: a.k <= s.pile, lambda s, a: f"takes {a.k}, the pile has {s.pile}"),
    ),
    effect=lambda s, a: s.but(pile=s.pile - a.k, turn=1 - s.turn, taken=put(s.taken, a.p, s.taken[a.p] + a.k),
                             phase=s.phase + 0),
    phases=("play",),
)

GAME = Game(
    name="toy", title="Nim", rulebook="(none)", version="1", state_cls=Nim, sources=SOURCES,
    options=(Option("start", "§0", "the starting pile", {"10": "ten", "12": "twelve"}, "10"),),
    phases=(Phase("play", "§1", "players take in turn"), Phase("over", "§2", "the pile is empty")),
    actions=(TAKE,),
    invariants=(
        Invariant("§1", "the pile is never negative", lambda s: s.pile >= 0),
        Invariant("§1", "stones are conserved", lambda s: s.pile + s.taken[0] + s.taken[1] == 10),
    ),
    configure=configure, setup=setup,
    init=lambda S: And(S.pile == 10, S.turn == 0, S.taken[0] == 0, S.taken[1] == 0, S.phase == 0),
    result=lambda s: Outcome((1 - s.turn,), None, "took the last stone", "§2") if s.pile == 0 else None,
)
