"""Sources, options (where the text is silent or the sources disagree)."""
from __future__ import annotations

from ..kernel import Basis, Option, Source

SOURCES = (
    Source("regle", "règle française (seed 002_4fb96ebe3216544d)", 2),
    Source("faits", "faits publics (facts/dungeon-twister.md)", 1),
)

OPTIONS = (
    Option("carried", "§Règle d'or 2", "whether a carried object or wounded friend counts among the 2 pawns of its carrier's square",
           {"yes": "a carried token counts as a pawn on the square", "no": "only tokens lying on the square count"}, "yes",
           basis=Basis("published", "dungeon-twister.md:44", "yes",
                       "the published rule counts a character with the object or wounded friend it has as the 2 tokens of its square; the text's 2 pawns (§Règle d'or 2) do not say")),
    Option("heal_shared", "§Clerc", "whether a wounded character may be healed (or regenerate) while an unwounded character shares its square",
           {"no": "not while another unwounded character is on its square", "yes": "yes: two unwounded characters then share a square"}, "no",
           basis=Basis("published", "dungeon-twister.md:44", "no",
                       "the published rule allows one character with an object or a wounded friend on a square, never two unwounded characters; the text (§Clerc) is silent")),
    Option("thief_pit", "§Voleuse", "what happens to a Thief wounded while she stands on a pit",
           {"falls": "she falls: she is killed", "stays": "she stays, wounded, on the pit"}, "falls",
           basis=Basis("model", "§Voleuse", "falls",
                       "§Voleuse's '(if she is not wounded)' is read as bearing on her standing on pits as well as on her serving as a bridge (it may bear on the bridge alone); neither the text nor the published rules say what becomes of her when she is wounded there")),
    Option("exit_carried", "§Fin", "whether a wounded friend carried out of the maze scores like a character leaving it",
           {"no": "it is saved and scores nothing: only the carrier scores (published)", "scores": "it scores its own value"}, "no",
           kind="house",
           basis=Basis("published", "dungeon-twister.md:52", "no",
                       "the published rule saves a wounded friend carried out, and it scores nothing; the text (§Fin) is silent")),
    Option("wounded_move", "§Blessés", "whether a wounded character may move by itself",
           {"yes": "yes, at its normal speed", "no": "no: it must be carried"}, "yes",
           basis=Basis("model", "§Blessés", "yes",
                       "§Blessés says what a wounded character may not do (fight) and may do (defend with a card), not whether it moves; the published facts are silent")),
    Option("both_five", "§Fin", "who wins when both players have 5 VP at the end of a turn (only with end=turn)",
           {"most": "the player with more VP; on a tie the active player", "active": "the active player"}, "most",
           basis=Basis("published", "dungeon-twister.md:50", "most",
                       "arises only with end=turn: the published rule lets the turn finish and gives the win to the most VP; a tie at the end of that turn is the model's choice (the active player)")),
    Option("death_drop", "§Combat", "what becomes of what a killed character carried",
           {"pit": "it stays on the square, unless the square is a pit: then it falls and leaves the game",
            "stays": "it stays on the square"}, "pit",
           basis=Basis("model", "§Combat", "pit",
                       "neither the text nor the published facts say what becomes of what a killed character carried")),
    Option("drop_cost", "§Objets", "how many action points it costs to put down a carried token",
           {"0": "free", "1": "1 AP"}, "0",
           basis=Basis("model", "§Objets", "0",
                       "§Objets prices an object's ability (1 AP); §Déplacement lets a character take a token on its way at no stated price, and putting one down is provided nowhere (gap take_and_drop)")),
    Option("end", "§Fin", "when the game ends once a player has 5 VP",
           {"immediate": "at once (the text, §Fin)", "turn": "at the end of the active player's turn (the published rule)"},
           "immediate", kind="disputed",
           basis=Basis("text", "§Fin", "immediate",
                       "§Fin ends the game when a player gets 5 VP",
                       against="dungeon-twister.md:50")),
)
