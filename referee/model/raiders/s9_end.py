"""§9 Fin de partie: the end of each turn (Statue glory, §9.3; initiative passes, §3.4),
the three modes and their end conditions (§9.2), scoring and tie-breaks (§9.3)."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from ..kernel import Action, And, Answer, If, Or, Outcome, Param, Player, Ruling, Sum, args, decide
from .s8_dungeons import END_NEED, phase_end
from .sources import STATUE_GLORY
from .state import METROPOLE, OVER

GLORY_GOAL = 23  # §9.2
LAST_TURN = 10  # §9.2, competition mode
GUILDS = 6  # §9.1


def statue(s: Any) -> int:
    return s.cfg.comp.bi("Statue")


def conditions(s: Any, p: int) -> tuple[Any, Any, Any]:
    """§9.2: special dungeon defeated, 23 glory reached, all 6 guilds."""
    return s.special[p] == 1, s.glory[p] >= GLORY_GOAL, Sum(s.guilds[p]) == GUILDS


def ends(s: Any) -> Any:
    """Does the game stop at the end of this turn (§9.2)?"""
    if s.cfg.opt("mode") == "competition":
        return s.turn >= LAST_TURN
    return Or(*[c for p in range(2) for c in conditions(s, p)])


def _end_turn(s: Any, a: Any) -> Any:
    s = phase_end(s)  # §8.9
    g = s.cfg.value(STATUE_GLORY)
    st = statue(s)
    glory = tuple(s.glory[p] + If(And(s.onboard[p][st] == 1, s.level[p][st] >= 1), g, 0) for p in range(2))
    t = s.but(glory=glory)
    over = ends(t)
    z = (0, 0)
    nxt = 1 - s.init
    return t.but(phase=If(over, OVER, METROPOLE), turn=s.turn + 1, init=nxt, current=nxt, done=z, bonus=z,
                 expedition=z, placed=tuple(tuple(0 for _ in row) for row in s.placed))


END_TURN = Action(
    "turn.end", "§9.2 §9.3 §3.4", "end of the turn: the Statue's glory, the end conditions, the initiative passes",
    needs=(END_NEED,),
    effect=_end_turn, by="chance", phases=("expeditions",), goes=("metropole", "over"),
    source="décision",
    propose=lambda s: (args(None),),
)


# ------------------------------------------------------------------ §9.3 scoring
STATUE_VP = Ruling(
    "statue_vp", "§9.3", "a player's Statue stands at level 3 at the end of the game: how many victory points does it give",
    arises=lambda s, a: And(s.onboard[a.p][statue(s)] == 1, s.level[a.p][statue(s)] >= 1),
    answers=(
        Answer("§9.3", "livret", "1 VP at level 1", lambda s, a: s.level[a.p][statue(s)] == 1, lambda s, a: 1),
        Answer("§9.3", "livret", "2 VP at level 2", lambda s, a: s.level[a.p][statue(s)] == 2, lambda s, a: 2),
        Answer("§9.3", "option:statue3=2", "as at level 2", lambda s, a: s.level[a.p][statue(s)] >= 3, lambda s, a: 2),
        Answer("§9.3", "option:statue3=3", "3 VP", lambda s, a: s.level[a.p][statue(s)] >= 3, lambda s, a: 3),
    ),
    params=(Param("p", Player(), "the player scored"),),
    otherwise=0,  # no Statue of level 1 or more: no Statue points
)


def statue_vp(s: Any, p: int) -> Any:
    return decide(STATUE_VP, s, SimpleNamespace(p=p))


def points(s: Any, p: int) -> Any:
    """§9.3: glory / 3 (rounded down), 1 per guild, end conditions (3 each in objectives
    mode), the Statue."""
    each = 3 if s.cfg.opt("mode") == "objectives" else 1
    bonus = Sum(If(c, each, 0) for c in conditions(s, p))
    return s.glory[p] // 3 + Sum(s.guilds[p]) + bonus + statue_vp(s, p)


def adventurers(s: Any, p: int) -> Any:
    return Sum(s.reserve[p])


def keys(s: Any, p: int) -> tuple:
    """§9.3 tie-breaks, in order: points, crowns, adventurers, items, stones."""
    return (points(s, p), s.crowns[p], adventurers(s, p), s.items[p], s.stones[p])


def _decided_at(s: Any, i: int) -> Any:
    k0, k1 = keys(s, 0), keys(s, 1)
    return And(*[k0[j] == k1[j] for j in range(i)], k0[i] != k1[i])


def _higher(s: Any, i: int) -> Any:
    return If(keys(s, 0)[i] > keys(s, 1)[i], 0, 1)


_NAMES = ("the higher total wins", "equal totals: more crowns", "then more adventurers", "then more items",
          "then more stones")
BOTH, NOBODY = 2, -1
WINNER = Ruling(
    "winner", "§9.3", "the game ends with two players equal on victory points and on all four tie-breaks (crowns, adventurers, items, stones): who wins",
    arises=lambda s, a: s.phase == OVER,
    answers=tuple(Answer("§9.3", "livret", _NAMES[i], lambda s, a, i=i: _decided_at(s, i), lambda s, a, i=i: _higher(s, i))
                  for i in range(5)) + (
        Answer("§9.3", "option:final_tie=shared", "the tied players share the victory",
               lambda s, a: And(*[x == y for x, y in zip(keys(s, 0), keys(s, 1))]), lambda s, a: BOTH),
        Answer("§9.3", "option:final_tie=none", "nobody wins",
               lambda s, a: And(*[x == y for x, y in zip(keys(s, 0), keys(s, 1))]), lambda s, a: NOBODY),
    ),
)


def result(s: Any) -> Outcome | None:
    if s.phase != OVER:
        return None
    w = decide(WINNER, s, SimpleNamespace())
    winners = (0, 1) if w == BOTH else () if w == NOBODY else (w,)
    k0, k1 = keys(s, 0), keys(s, 1)
    i = next((j for j in range(5) if k0[j] != k1[j]), None)
    how = "equal on every tie-break" if i is None else ("more victory points" if i == 0 else f"tie-break: {_NAMES[i]}")
    return Outcome(winners, (points(s, 0), points(s, 1)), how, "§9.3")


ACTIONS_ = (END_TURN,)
RULINGS = (STATUE_VP, WINNER)
