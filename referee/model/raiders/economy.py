"""Resources and cards, shared by every chapter: crowns and stones on d20s (§6.7), charges
on a d6 (§6.6), glory (§3.6), the Métropole pile, hand and discard (§3.5, §5)."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from ..kernel import And, Answer, If, Int, Need, Param, Ruling, Sum, covers, decide, put, vadd
from .data import MILITIA, Gain

CROWN_CAP = STONE_CAP = 20  # §6.7
CHARGE_CAP = 6  # §6.6

# §6.7 / §6.6 state the limits; neither says what becomes of a gain beyond them.
CAP = Ruling(
    "cap", "§6.7 §6.6",
    "a gain would take a player's crowns or stones above 20, or his charges above 6 (what the dice can show): what becomes of the excess",
    arises=lambda s, a: True,  # every gain asks it; the text answers only up to the limit
    answers=(
        Answer("§5.1 §6.3", "livret", "resources gained are added at once", lambda s, a: a.cur + a.amount <= a.cap,
               lambda s, a: a.cur + a.amount),
        Answer("§6.7", "option:caps=lost", "the excess is lost", lambda s, a: a.cur + a.amount > a.cap, lambda s, a: a.cap),
        Answer("§6.7", "option:caps=refused", "the gain is refused (a Need forbids the action)",
               lambda s, a: a.cur + a.amount > a.cap, lambda s, a: a.cur + a.amount),
    ),
    params=(Param("cur", Int(0, 20), "the current amount"), Param("amount", Int(0, 12), "the gain"),
            Param("cap", Int(6, 20, enum=True), "the limit")),
)


def capped(s: Any, cur: Any, amount: Any, cap: int) -> Any:
    """The new amount after a gain, as the rules in force decide (CAP)."""
    if type(amount) is int and amount == 0:
        return cur
    return decide(CAP, s, SimpleNamespace(cur=cur, amount=amount, cap=cap))


def capped_drawn(s: Any, cur: Any, amount: Any, cap: int) -> Any:
    """A gain drawn by chance (a treasure, §8.7/§8.8): under caps=refused no Need can refuse
    what the pile gives, so its excess is lost as under caps=lost (the option says so)."""
    if s.cfg.opt("caps") != "refused":
        return capped(s, cur, amount, cap)
    return If(cur + amount > cap, cap, cur + amount)


def affordable(s: Any, p: int, cost: Gain, times: Any = 1) -> Any:
    return And(s.crowns[p] >= cost.crowns * times, s.stones[p] >= cost.stones * times,
               s.charges[p] >= cost.charges * times, s.glory[p] >= cost.glory * times)


LIMITS = (("crowns", CROWN_CAP), ("stones", STONE_CAP), ("charges", CHARGE_CAP))
HOARD = ("crowns", "stones")  # §6.7's; the charges are §6.6's


def fits(s: Any, p: int, gain: Gain, cost: Gain, times: Any = 1, which: tuple = HOARD + ("charges",)) -> Any:
    """The net gain of the resources `which` stays within their limits (what caps=refused requires)."""
    return And(*[getattr(s, r)[p] - getattr(cost, r) * times + getattr(gain, r) * times <= cap
                 for r, cap in LIMITS if r in which])


def over_caps(s: Any, p: int, gain: Gain, cost: Gain = Gain(), times: Any = 1, which: tuple = HOARD) -> str:
    """Concretely, the limits of `which` the gain would pass, as a refusal says them."""
    out = []
    for r, cap in LIMITS:
        if r in which:
            now = getattr(s, r)[p] - getattr(cost, r) * times
            if now + getattr(gain, r) * times > cap:
                out.append(f"{r}: {now} + {getattr(gain, r) * times} > {cap}")
    return "; ".join(out)


def settle(s: Any, p: int, gain: Gain, cost: Gain = Gain(), times: Any = 1, **more: Any) -> Any:
    """Pay `cost` and receive `gain`, `times` times over (§6.3), gains capped per CAP."""
    cr = capped(s, s.crowns[p] - cost.crowns * times, gain.crowns * times, CROWN_CAP)
    st = capped(s, s.stones[p] - cost.stones * times, gain.stones * times, STONE_CAP)
    ch = capped(s, s.charges[p] - cost.charges * times, gain.charges * times, CHARGE_CAP)
    gl = s.glory[p] - cost.glory * times + gain.glory * times
    res = s.reserve
    if gain.militia:
        res = put(res, p, put(res[p], MILITIA, res[p][MILITIA] + gain.militia * times))
    return s.but(crowns=put(s.crowns, p, cr), stones=put(s.stones, p, st), charges=put(s.charges, p, ch),
                 glory=put(s.glory, p, gl), reserve=res,
                 bonus=put(s.bonus, p, s.bonus[p] + gain.tokens * times), **more)


def caps_need_ok(s: Any, p: int, gain: Gain, cost: Gain = Gain(), times: Any = 1, which: tuple = HOARD) -> Any:
    """True unless caps=refused and the gain would take one of `which` above its limit."""
    if s.cfg.opt("caps") != "refused":
        return True
    return fits(s, p, gain, cost, times, which)


def cap_needs(flow: Any) -> tuple:
    """The two Needs of an action whose gain meets the limits under caps=refused: §6.7's
    crowns and stones, §6.6's charges (two sections, so two Needs). `flow(s, a)` gives the
    action's (gain[, cost[, times]])."""
    def need(sec: str, what: str, which: tuple) -> Need:
        return Need(sec, f"the gain keeps {what} (option caps=refused)",
                    lambda s, a: caps_need_ok(s, a.p, *flow(s, a), which=which),
                    lambda s, a: over_caps(s, a.p, *flow(s, a), which=which))
    return (need("§6.7", f"crowns and stones within {CROWN_CAP} each", HOARD),
            need("§6.6", f"the charges within {CHARGE_CAP}", ("charges",)))


# ------------------------------------------------------------------ cards
def kinds(s: Any, kind: str) -> list[int]:
    return [i for i, c in enumerate(s.cfg.comp.cards) if c.kind == kind]


def metro(s: Any) -> list[int]:
    """Métropole cards (base and advanced); House cards are not Métropole cards (§5.2)."""
    return [i for i, c in enumerate(s.cfg.comp.cards) if c.kind != "house"]


def count(v: tuple, idx: list[int]) -> Any:
    return Sum(v[i] for i in idx)


def hand_size(s: Any, p: int) -> Any:
    """Hand size counts Métropole cards only (§5.2, §5.3)."""
    return count(s.hand[p], metro(s))


def draw_possible(pile: tuple, discard: tuple, drawn: tuple) -> Any:
    """Cards drawn can come from the pile, and once it is empty from the discard,
    reshuffled for free (§5.3)."""
    n = Sum(drawn)
    return If(n <= Sum(pile), covers(pile, drawn),
              And(covers(drawn, pile), covers(vadd(pile, discard), drawn)))


def after_draw(pile: tuple, discard: tuple, drawn: tuple) -> tuple[tuple, tuple]:
    """(pile, discard) after the draw, reshuffling an exhausted pile (§5.3)."""
    n = Sum(drawn)
    short = n > Sum(pile)
    new_pile = tuple(If(short, p + d - x, p - x) for p, d, x in zip(pile, discard, drawn))
    new_disc = tuple(If(short, 0, d) for d in discard)
    return new_pile, new_disc


def top_draw_ok(s: Any, p: int, drawn: tuple) -> bool:
    """Concrete only: cards known to lie under the pile (§5.1) come out last."""
    under = s.bottom[p]
    if not under:
        return True
    pile = s.pile[p]
    n = sum(drawn)
    unknown = [pile[i] - under.count(i) for i in range(len(pile))]
    top = sum(unknown)
    if n <= top:
        return all(drawn[i] <= unknown[i] for i in range(len(pile)))
    # every unknown card is drawn, then the known ones in order from the top of the
    # bottom stack (the last placed is the lowest)
    rest = list(drawn)
    for i in range(len(pile)):
        rest[i] -= unknown[i]
    need = n - top
    for i in list(under)[:need]:
        rest[i] -= 1
    return all(x == 0 for x in rest) or n > sum(pile)


def bottom_after(s: Any, p: int, drawn: tuple) -> tuple:
    under = list(s.bottom[p])
    pile = s.pile[p]
    unknown = sum(pile) - len(under)
    take = max(0, sum(drawn) - unknown)
    if sum(drawn) > sum(pile):
        return ()
    return tuple(under[take:])
