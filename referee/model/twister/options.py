"""Sources, options (where the text is silent or the sources disagree)."""
from __future__ import annotations

from ..kernel import Option, Source

SOURCES = (
    Source("regle", "règle française (seed 002_4fb96ebe3216544d)", 2),
    Source("faits", "faits publics (facts/dungeon-twister.md)", 1),
)

OPTIONS = (
    Option("carried", "§Règle d'or 2", "whether a carried object or wounded friend counts among the 2 pawns of its carrier's square",
           {"yes": "a carried token counts as a pawn on the square", "no": "only tokens lying on the square count"}, "yes"),
    Option("heal_shared", "§Clerc", "whether a wounded character may be healed (or regenerate) while an unwounded character shares its square",
           {"no": "not while another unwounded character is on its square", "yes": "yes: two unwounded characters then share a square"}, "no"),
    Option("thief_pit", "§Voleuse", "what happens to a Thief wounded while she stands on a pit",
           {"falls": "she falls: she is killed", "stays": "she stays, wounded, on the pit"}, "falls"),
    Option("exit_carried", "§Fin", "whether a wounded friend carried out of the maze scores like a character leaving it",
           {"scores": "it scores its own value", "no": "only the carrier scores"}, "scores"),
    Option("wounded_move", "§Blessés", "whether a wounded character may move by itself",
           {"yes": "yes, at its normal speed", "no": "no: it must be carried"}, "yes"),
    Option("both_five", "§Fin", "who wins when both players have 5 VP at the end of a turn",
           {"most": "the player with more VP; on a tie the active player", "active": "the active player"}, "most"),
    Option("death_drop", "§Combat", "what becomes of what a killed character carried",
           {"pit": "it stays on the square, unless the square is a pit: then it falls and leaves the game",
            "stays": "it stays on the square"}, "pit"),
    Option("drop_cost", "§Objets", "how many action points it costs to put down a carried token",
           {"0": "free", "1": "1 AP"}, "0"),
    Option("end", "§Fin", "when the game ends once a player has 5 VP",
           {"turn": "at the end of the active player's turn (public facts)", "immediate": "at once (the text: the game ends when a player gets 5 VP)"},
           "turn", kind="disputed"),
)
