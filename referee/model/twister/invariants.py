"""Invariants (proved by z3 by induction over every action), claims, gaps."""
from __future__ import annotations

from ..kernel import And, Claim, Count, Gap, If, Implies, Invariant, Max, Not, Or, Sum, conjunction, family
from .board import (
    C, GONE, HID, NCHAR, NSQ, NTOK, RES, T, THIEF, ctok, limit, on_board, room_of,
)
from .common import cof, is_char, may_stand_on_pit
from .silences import _cards_decide
from .state import SETUP

LIMITS = tuple(limit(r) for r in range(8))


def _square(s, q):
    """§Règle d'or 2 on square q: at most 2 tokens, at most 1 object, at most 1 unwounded
    character. `occ` counts carried tokens too: under carried=no the 2 pawns are those lying
    on the square (the move's Need counts so), each of which may carry one more, so the
    count of all tokens there is at most 4 (a character carrying a wounded friend onto a
    square holding a wounded character makes 3, which the option allows). Under
    heal_shared=yes a heal stands a wounded character up beside an unwounded one, as that
    reading says ("two unwounded characters then share a square"): only the token bound
    holds the unwounded there."""
    return And(s.occ[q] <= _most(s), s.objs[q] <= 1, s.unw[q] <= _unwounded_most(s))


def _unwounded_most(s) -> int:
    return _most(s) if s.cfg.opt("heal_shared") == "yes" else 1


def _most(s) -> int:
    return 2 if s.cfg.opt("carried") == "yes" else 4


# one family of like conjuncts: a proof checks it at the squares an action edits (checks/frame.py)
square_counts_ok = family(_square, NSQ, ("occ", "objs", "unw"))


def held_by(s, t):
    return Or(*[s.held[c] == t for c in range(C)])


def _on_pit(t):
    """A token on a pit (`onpit`, the abstraction of "its square is a pit") is an unwounded
    Thief or a rope's carrier, or is carried by one. Two options put more there, each by its
    own reading: thief_pit=stays leaves a Thief wounded on her pit (§Voleuse), and
    death_drop=stays leaves what a character killed on a pit carried lying there (§Combat)."""

    def test(s):
        thief_stays = s.cfg.opt("thief_pit") == "stays"

        def may(c):
            ok = may_stand_on_pit(s.held, s.wounded, c)
            return Or(ok, c % NCHAR == THIEF) if thief_stays else ok

        allowed = Or(*[And(s.held[c] == t, may(c)) for c in range(C)])
        if is_char(t):
            allowed = Or(allowed, may(cof(t)))
        if s.cfg.opt("death_drop") == "stays":
            # lying, carried by nobody: an object, or a wounded character (what a carrier held)
            lies = Not(held_by(s, t))
            allowed = Or(allowed, And(lies, s.wounded[cof(t)]) if is_char(t) else lies)
        return Implies(s.onpit[t], allowed)

    return test


def _with_carrier(c):
    """What character c carries is on a pit exactly when c is (it shares c's square)."""
    return lambda s: And(*[Implies(s.held[c] == t, s.onpit[t] == s.onpit[ctok(c)]) for t in range(T)])


pits = conjunction(*[_on_pit(t) for t in range(T)], *[_with_carrier(c) for c in range(C)])


def _carries(c):
    """What character c carries: one token, an object or a wounded friend holding nothing,
    on its own square, carried by nobody else; a carried or absent character holds nothing."""

    def test(s):
        h = s.held[c]
        me = s.loc[ctok(c)]
        p = c // NCHAR
        kinds = [h == q * NTOK + k for q in (0, 1) for k in range(NCHAR, NTOK)]
        kinds += [And(h == p * NTOK + k, s.wounded[p * NCHAR + k], s.held[p * NCHAR + k] == -1) for k in range(NCHAR) if p * NCHAR + k != c]
        cs = [Or(h == -1, And(Or(*kinds), on_board(me), Not(held_by(s, ctok(c)))))]
        cs += [Implies(h == t, s.loc[t] == me) for t in range(T)]
        cs.append(Implies(Not(on_board(me)), h == -1))
        for d in range(c + 1, C):
            cs.append(Implies(h >= 0, h != s.held[d]))
        return And(*cs)

    return test


carrying = conjunction(*[_carries(c) for c in range(C)])


def combat_cards(s):
    deck = s.cfg.comp.combat_counts
    return And(*[And(s.cc[p][v] >= 0, s.cc[p][v] <= deck[v]) for p in (0, 1) for v in range(len(deck))],
               *[s.cc[p][0] == deck[0] for p in (0, 1)])


def action_cards(s):
    cs = [And(s.high >= 1, s.high <= 5), Implies(s.four, s.high >= 4)]
    for p in (0, 1):
        cs.append(Count(s.used[p]) <= 3)
        cs += [Implies(s.used[p][k], k + 2 <= s.high) for k in range(4)]
    return And(*cs)


def counters(s):
    return And(s.phase >= 0, s.phase <= 3, Or(s.turn == 0, s.turn == 1), s.ap >= 0, *[x >= 0 for x in s.pot],
               *[s.vp[p] >= 0 for p in (0, 1)], *[And(s.jumps[p] >= 0, s.jumps[p] <= s.cfg.comp.jump) for p in (0, 1)],
               *[And(x >= 0, x <= 3) for x in s.rot], *[And(x >= 0, x <= 2) for x in s.gate])


cards = conjunction(combat_cards, action_cards, counters)


def _located(t):
    """Token t is on a square, face down in a room, in reserve or gone; a character off the
    board (in reserve or face down) is not wounded."""

    def test(s):
        x = s.loc[t]
        ok = Or(on_board(x), x == GONE, x == RES, And(x >= HID, x <= HID + 7))
        if is_char(t):
            ok = And(ok, Implies(Or(x == RES, x >= HID), Not(s.wounded[cof(t)])))
        return ok

    return test


locations = conjunction(*[_located(t) for t in range(T)])


def _room(r):
    """Room r: its hidden count in range, exactly its limit while face down after setup (0 once
    revealed)."""

    def test(s):
        setup = s.phase == SETUP
        n = s.hid[r]
        return And(n >= 0, n <= LIMITS[r], Implies(s.revealed[r], n == 0), Implies(setup, Not(s.revealed[r])),
                   Implies(Not(setup), n == If(s.revealed[r], 0, LIMITS[r])))

    return test


def _closed(s, q):
    """Nothing on square q while its room is face down (`shut`: its room's flag)."""
    return Implies(s.shut[q], And(s.occ[q] <= 0, s.objs[q] <= 0, s.unw[q] <= 0))


def _shut(q):
    """`shut` is the flag of the square's room: face down; never on a starting line."""
    r = room_of(q)
    return (lambda s: s.shut[q] == Not(s.revealed[r])) if r is not None else (lambda s: Not(s.shut[q]))


face_down_empty = conjunction(*family(_closed, NSQ, ("occ", "objs", "unw", "shut")).parts, *[_shut(q) for q in range(NSQ)])


def _reserves(s):
    setup = s.phase == SETUP
    return And(Implies(setup, And(Sum(s.hid) + s.res[0] + s.res[1] == 20, s.res[0] == s.res[1] - s.turn, s.res[1] >= 0)),
               Implies(Not(setup), And(s.res[0] == 0, s.res[1] == 0)))


rooms = conjunction(*[_room(r) for r in range(8)], _reserves)
placement = conjunction(*locations.parts, *rooms.parts)


INVARIANTS = (
    Invariant("§Règle d'or 2", "at most 2 tokens on a square (carried ones included; with carried=no, 2 lying there, "
              "each carrying at most one more), never two objects, at most one unwounded character (under heal_shared=yes, "
              "more after a heal, within the token bound) (per-square counts)",
              square_counts_ok, name="2_tokens_square", core=True),
    Invariant("§Mise en place", "nothing lies on the squares of a face-down room", face_down_empty,
              name="face_down_room_empty", about="model", core=True),
    Invariant("§Déplacement", "nothing on a pit but an unwounded Thief, a rope's carrier, and what they carry (on a pit "
              "exactly when its carrier is); with thief_pit=stays a Thief wounded there too, with death_drop=stays what a "
              "character killed there carried", pits, name="nothing_pit_unwounded"),
    Invariant("§Objets", "a character carries at most one thing: an object or a wounded friend, on its own square", carrying, name="character_carries_thing"),
    Invariant("§Cartes Combat", "combat cards are spent once each except the 0; action cards follow the cycle (never all "
              "four spent, none above the highest played); counters in range", cards, name="combat_cards_spent", about="model"),
    Invariant("§Mise en place", "tokens are on a square, hidden, in reserve or gone; a face-down room holds exactly its "
              "limit after setup, a revealed one no hidden token", placement, name="tokens_square_hidden", about="model"),
)



def _room_space(s):
    return Implies(s.phase == SETUP, Or(s.res[0] + s.res[1] == 0, *[s.hid[r] < LIMITS[r] for r in range(8)]))


def _rooms_full(s):
    return Implies(s.phase != SETUP, And(*[Implies(Not(s.revealed[r]), s.hid[r] == LIMITS[r]) for r in range(8)]))


CLAIMS = (
    Claim("§Mise en place", "while tokens remain to hide, some room still has space (setup cannot get stuck)", "always", _room_space, name="tokens_remain_hide"),
    Claim("§Mise en place", "after setup every face-down room holds exactly its limit: the 20 hidden tokens are those of "
          "the published counts (dungeon-twister.md:10-12), a number the text never gives", "always", _rooms_full,
          name="after_setup_20"),
    Claim("§Mise en place", "the per-room limits add up to 20 (2x4 + 3x4), the hidden tokens of the published counts "
          "(dungeon-twister.md:11-12)", "data",
          lambda comp: sum(LIMITS), 20, name="per_room_limits"),
    Claim("§Matériel", "each player has 16 cards", "data", lambda comp: len(comp.combat) + comp.jump + len(comp.action), 16, name="player_16_cards"),
    Claim("§Règle d'or 2", "at most 2 tokens on a square", "max", lambda s: Max(*s.occ), 2,
          goal=lambda s: Or(*[q == 2 for q in s.occ]), name="2_tokens_square"),
)

GAPS = (
    Gap("§Personnages", "§Personnages announces each character's move and combat points between '[]', and no value "
        "follows; the eight ability paragraphs after it (§Clerc to §Voleuse) carry no name: the Cleric (§Blessés), the "
        "Wizard (§Bâton), the Goblin (§Fin), the Thief and the Warrior (§Déplacement) are named elsewhere, the Mekanork, "
        "the Wall-Walker and the Troll nowhere, so which paragraph is whose is left to be guessed",
        "characters.toml: names, speeds and combat values from the public facts", name="gives_character_ability", data=("characters",)),
    Gap("§Objets", "the text describes five objects (§Armure, §Bâton, §Corde, §Potion, §Trésor) and never says how many a "
        "player has; the published game has six, one of each (dungeon-twister.md:27): the sixth, the Sword, is missing "
        "from the text",
        "objects.toml: Sword +1 when attacking (dungeon-twister.md:28)", name="describes_five_objects", data=("objects",)),
    Gap("§Matériel", "the 3 jump cards are listed but never explained", "jump: over an adjacent free pit, 1 AP, card spent (public facts)", name="3_jump_cards",
        on=("jump",), arises=lambda s, a: True,
        when="a jump card is played"),
    Gap("§Tour", "the values of the 4 action cards and their reuse are not given", "2, 3, 4, 5 AP; all four back once used; first-cycle rule (public facts)", name="values_4_action", data=("cards",),
        on=("card",), arises=lambda s, a: sum(s.used[a.p]) == 3,
        when="a player's fourth action card of a cycle: all four come back"),
    Gap("§Cartes Combat", "the values of the 9 combat cards are not given", "0, 1, 2, 2, 3, 3, 4, 5, 6 (public facts)", name="values_9_combat", data=("cards",),
        on=("attack",), arises=_cards_decide,
        when="the combat cards' values decide a fight"),
    Gap("§Matériel", "the 5 action markers are never used by the text", "not modelled: the remaining AP are a counter", name="5_action_markers"),
    Gap("§Matériel", "the rooms' layouts (walls, pits, rotation gears and their arrows, portcullises) are never given: "
        "§Déplacement's 'décor', §Rotation's gear and arrow and §Passe-muraille's walls refer to drawings the text does "
        "not hold", "rooms.toml: 8 illustrative rooms; --components DIR for the real ones", name="room_layouts_walls", data=("rooms",)),
)
