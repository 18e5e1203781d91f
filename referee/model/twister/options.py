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
                       "the published rule allows, at the end of any action, one character with an object or a wounded friend on a square, "
                       "never two unwounded characters (dungeon-twister.md:44-45): a heal that stands a second one up there would end with two; "
                       "the facts do not speak of healing itself, and the text's §Clerc heals with no condition while §Règle d'or 2 counts "
                       "pawns without saying which (which_two_pawns)")),
    Option("thief_pit", "§Voleuse", "what happens to a Thief wounded while she stands on a pit",
           {"falls": "she falls: she is killed", "stays": "she stays, wounded, on the pit"}, "falls",
           basis=Basis("model", "§Voleuse", "falls",
                       "§Voleuse's '(if she is not wounded)' is read as bearing on her standing on pits as well as on her serving as a bridge (it may bear on the bridge alone); neither the text nor the published rules say what becomes of her when she is wounded there")),
    Option("exit_carried", "§Fin", "whether a wounded friend carried out of the maze scores like a character leaving it",
           {"no": "it is saved and scores nothing: only the carrier scores (published)", "scores": "it scores its own value"}, "no",
           kind="house",
           basis=Basis("published", "dungeon-twister.md:52", "no",
                       "the published rule saves a wounded friend carried out, and it scores nothing; §Fin scores bringing one of one's "
                       "own characters out of the maze, and does not say whether one carried out wounded counts")),
    Option("wounded_move", "§Blessés", "whether a wounded character may move by itself",
           {"yes": "yes, at its normal speed", "no": "no: it must be carried"}, "yes",
           basis=Basis("model", "§Blessés", "yes",
                       "§Blessés says what a wounded character may not do (fight) and may do (defend with a card), not whether it moves; the published facts are silent")),
    Option("both_five", "§Fin", "who wins when both players have 5 VP at the end of a turn (only with end=turn)",
           {"most": "the player with more VP; on a tie the active player", "active": "the active player"}, "most",
           basis=Basis("published", "dungeon-twister.md:50", "most",
                       "arises only with end=turn: the published rule lets the turn finish and gives the win to the most VP; a tie at the end of that turn is the model's choice (the active player)")),
    Option("death_drop", "§Combat §Bâton §Fin", "what becomes of what a killed character carried, an object or a wounded "
           "friend (and whether such a friend dies with it, and whose point that death is)",
           {"pit": "it stays on the square, unless the square is a pit: then it falls and leaves the game (a wounded friend "
                   "so lost scores for nobody)",
            "stays": "it stays on the square"}, "pit",
           basis=Basis("model", "§Combat", "pit",
                       "the text kills by the fireball (§Bâton) and scores an enemy eliminated (§Fin), and neither it nor the "
                       "published facts say what becomes of what a killed character carried; a friend it carried dies with "
                       "it only where the model lets what it carried fall into a pit (a Thief wounded on a pit falls under "
                       "thief_pit=falls)")),
    Option("drop_cost", "§Déplacement", "how many action points it costs to put down a carried token",
           {"0": "free", "1": "1 AP"}, "0",
           basis=Basis("model", "§Déplacement", "0",
                       "§Déplacement lets a character take a token on its way at no stated price, and putting one down is provided nowhere (gap take_and_drop); §Objets prices only an object's ability (1 AP)")),
    Option("end", "§Fin", "when the game ends once a player has 5 VP",
           {"immediate": "at once (the text, §Fin)",
            "turn": "at the end of the active player's turn, the most VP winning (the published rule, which does not say "
                    "who wins a tie: option both_five)"},
           "immediate", kind="disputed",
           basis=Basis("text", "§Fin", "immediate",
                       "§Fin ends the game when a player gets 5 VP",
                       against="dungeon-twister.md:50")),
)
