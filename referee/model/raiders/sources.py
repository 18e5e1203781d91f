"""Rule sources of Dungeons Raiders 0.99 and their precedence (§6.5, §9.3), the values they
state differently, and the rules options (variants the text offers; points it leaves open).

The seed is the consolidated rules 0.99 (its line 1); they correct an older booklet (the
livret, which §6.5 quotes) by the printed tile and by a dated decision. Precedence: the
booklet < the printed tile < the decision of 06.10.2026. `--prefer livret` reads the rules
as the booklet says, where the text tells what the booklet said (§6.5)."""
from __future__ import annotations

from ..kernel import Basis, Option, Source, Sourced

LIVRET, TUILE, DECISION = "livret", "tuile", "décision"
SOURCES = (
    Source(LIVRET, "livret (the booklet the consolidated rules 0.99 correct)", 1),
    Source(TUILE, "tuile imprimée", 2),
    Source(DECISION, "décision du 06.10.2026", 3),
)

# §6.5: extra permanent action tokens gained when the Avant-Poste reaches each level.
# Level 2's token is stated by neither source in words; both totals in §6.5 need it
# (3 at start + 1 + 1 = "jusqu'à 5"), so both sources carry it. The doc says so: the
# finding's headline is built from it (checks/audit/proofs.py sources()).
AP_TOKENS = Sourced(
    "ap_tokens", "§6.5",
    says={LIVRET: (0, 0, 1, 0), TUILE: (0, 0, 1, 1)},
    doc="extra permanent action tokens the Avant-Poste gives, listed for its levels 0 to 3 (it starts at level 1: "
        "level 0's is 0 for both; the text states level 3's only; level 2's token, for both sources, is inferred "
        "from 'up to 5 permanent tokens')",
)
# §9.3.4: glory a Statue of level >= 1 gives at the end of each turn, given as an addition by
# the decision of 06.10.2026. The text states that value only: what the rule before the decision
# gave is not in it, so the decision is the one source and no contradiction is reported (session
# 40: a booklet's 0, inferred from the decision's 'aussi', was set against it; no line gives it).
# `--prefer livret` therefore leaves the Statue's glory as the decision gives it.
STATUE_GLORY = Sourced(
    "statue_glory", "§9.3",
    says={DECISION: 1},
    doc="glory a Statue of level 1 or more gives at the end of each turn, by the dated decision of §9.3 "
        "(the text does not give the earlier value)",
)
SOURCED = (AP_TOKENS, STATUE_GLORY)

OPTIONS = (
    Option("mode", "§9.2", "the game mode", {
        "normal": "ends at the end of the turn where an end condition is met",
        "competition": "ends at the end of turn 10; conditions still score",
        "objectives": "as normal, each end condition scores 3 VP"}, "normal", kind="variant",
           basis=Basis("text", "§9.2", "normal",
                       "the three modes are the book's own, for the players to pick; the other two are told as changes to the normal mode")),
    Option("board", "§3.3", "the side of the Avant-Poste board", {
        "advanced": "recto: the players choose and place their buildings",
        "initiation": "verso: the 9 printed buildings"}, "advanced", kind="variant",
           basis=Basis("text", "§3.3", "advanced",
                       "both sides are the book's own, for the players to pick (the initiation side is advised for a first game)")),
    Option("caps", "§6.7 §6.6", "what happens to a gain that would take crowns or stones above 20, or charges above 6", {
        "lost": "the excess is lost (the die cannot show more)",
        "refused": "an action whose gain would exceed the limit cannot be taken (a treasure drawn by chance "
                   "cannot be refused: its excess is lost)"}, "lost",
           basis=Basis("model", "§6.7 §6.6", "lost",
                       "§6.7 and §6.6 cap what a player holds, not what an action gives: nothing says whether the excess is lost or the gain refused")),
    Option("initiative_tie", "§3.4", "what happens when both initiative rolls total the same", {
        "reroll": "both players roll again"}, "reroll",
           basis=Basis("model", "§3.4", "reroll",
                       "§3.4 gives the card to the higher total and says nothing of equal totals")),
    Option("cycle_house", "§5.1 §5.2", "the second Métropole option draws two House cards: "
           "§5.1 puts one under the pile, §5.2 keeps every drawn House card in hand", {
        "keep-both": "both House cards stay in hand, nothing goes under (§5.2 is the more specific rule)",
        "one-under": "one of them goes under the pile (§5.1)"}, "keep-both",
           basis=Basis("model", "§5.1 §5.2", "keep-both",
                       "§5.1 (one of the two drawn cards goes under the pile) and §5.2 (a House card drawn in the Métropole phase stays in hand) cannot both hold when both cards are House cards; the model reads §5.2 as the more specific")),
    Option("cycle_mixed", "§5.1 §5.2", "the second Métropole option draws one House card and one Métropole card: "
           "§5.1 keeps one and puts the other under the pile, §5.2 keeps the House card in hand outside the hand size", {
        "under": "the House card is the card kept; the Métropole card goes under the pile",
        "beside": "the House card stays in hand beside the card kept (the Métropole card): nothing goes under"}, "under",
           basis=Basis("model", "§5.1 §5.2", "under",
                       "§5.2 keeps a drawn House card in hand without counting it in the hand size; whether it is then the "
                       "one card §5.1 keeps, or is kept besides it, is not said")),
    Option("unresolved", "§6.1 §6.3", "a placed action token that is not resolved (e.g. on a building still at level 0)", {
        "lost": "it is simply not used",
        "forbidden": "a player must resolve every token placed on a building"}, "lost", kind="house",
           basis=Basis("text", "§6.3 §8.9", "lost",
                       "a placed token allows ('permet') the resolution of an effect, no more: one may stay unused, "
                       "and every token goes back to its owner at the end of the turn (§8.9)")),
    Option("circle_read", "§6.1 §6.4", "when the white circle that lets a building take more than one token is read", {
        "placed": "when the tokens are placed: at most the largest circle of the effects the building's level then gives",
        "resolved": "when they are resolved: a building takes as many as the largest circle of its effects at any level "
                    "(an evolution in the phase, §6.4, may open it), and building.use still asks an effect whose circle "
                    "allows that many"}, "placed",
           basis=Basis("model", "§6.1 §6.4", "placed",
                       "§6.1 bounds a building's tokens by the circle of the effect used and places them all at once; "
                       "§6.4 lets a token use a level gained during the phase; neither says when the bound is read")),
    Option("final_tie", "§9.3", "the players are still equal after every tie-break", {
        "shared": "they share the victory",
        "none": "nobody wins"}, "shared",
           basis=Basis("model", "§9.3", "shared",
                       "§9.3 lists four tie-breaks and stops there")),
    Option("statue3", "§9.3", "victory points of a Statue at level 3 (the text scores levels 1 and 2)", {
        "2": "as at level 2", "3": "one more per level: 3"}, "2",
           basis=Basis("model", "§9.3", "2",
                       "§9.3 scores the Statue at levels 1 and 2 only, though a building reaches level 3 (§3.3)")),
)

# chapters 7-8 (s7_groups.py, s8_dungeons.py): what the text leaves open
OPTIONS += (
    Option("unsent", "§6.1 §7.2", "a Partir en donjon action that the player does not (or cannot) play", {
        "lost": "the player may leave it unplayed; it is lost",
        "forbidden": "only when no group can leave (all three sent, or an empty reserve)"}, "lost",
           basis=Basis("model", "§6.1 §7.2", "lost",
                       "§7.2 says how a Partir en donjon action is played, not whether it may be left unplayed")),
    Option("crit_pick", "§8.5", "who chooses the encounters criticals cancel, when there are more encounters than criticals", {
        "player": "the player, as §8.5 says for traps"}, "player",
           basis=Basis("model", "§8.5", "player",
                       "§8.5 lets the player pick the traps disarmed, and says nothing of who picks the encounters criticals cancel")),
    Option("spend", "§8.5", "whether a critical, a disarm or a heal rolled in a PvE may be left unused while an "
           "encounter, a trap or a death is there to take it", {
               "may": "the player may leave it unused: the log names what each one does",
               "all": "each is used while something is left for it: as many encounters cancelled as criticals (or "
                      "encounters), traps disarmed as disarms (or traps), dead healed as heals (or deaths)"}, "may",
           basis=Basis("model", "§8.5", "may",
                       "§8.5 says a priest 'peut' heal a death and a thief 'peut' disarm a trap, a 'peut' that may "
                       "only tell what the dice can do ('les dés simulent l'ensemble de l'expédition'), and nothing "
                       "of whether a critical must be spent; that the player picks the traps when they outnumber "
                       "the disarms suggests every disarm is used, and leaving one unused never helps him: 'may' "
                       "refuses no game either reading allows")),
    Option("trap_victim", "§8.5", "eliminating traps left when no front-line adventurer without a death remains", {
        "spared": "they strike nobody"}, "spared",
           basis=Basis("model", "§8.5", "spared",
                       "§8.5 has an eliminating trap strike an adventurer without a death, and says nothing when none is left")),
    Option("defeat", "§9.2 §9.3 §8.7", "what defeating a special dungeon means (the text defines floors and clearing only)", {
        "cleared": "clearing it: the player who succeeds its last floor",
        "floor": "succeeding any of its floors"}, "cleared",
           basis=Basis("model", "§9.2 §9.3 §8.7", "cleared",
                       "§8.7 defines a floor succeeded and a dungeon cleared; §9.2 speaks of a special dungeon defeated without defining it")),
    Option("treasure_short", "§8.7 §8.8", "a treasure is due but its piles are empty", {
        "lost": "the treasure is lost"}, "lost",
           basis=Basis("model", "§8.7 §8.8", "lost",
                       "§8.7 and §8.8 name the piles a treasure comes from, never what happens when they are empty")),
    Option("steal", "§8.8 §3.6", "the point of glory to steal when the PvP loser has none", {
        "lost": "nothing is stolen; the winner gains one point less",
        "bank": "nothing is stolen; the winner still gains it"}, "lost",
           basis=Basis("model", "§8.8 §3.6", "lost",
                       "§8.8 steals 1 glory from the loser; glory starts at 0 (§3.6) and nothing says what happens when the loser has none")),
    # §8.8 decides only that heals work in a PvP (the players fight as in PvE, heals included):
    # "no" is another engine's reading, offered so that its games replay, never a finding.
    # Whose deaths they are and which dead a heal saves, the text leaves open: the model's
    # readings are the gaps pvp_deaths_whose and pvp_heal_which (invariants.GAPS).
    Option("pvp_heal", "§8.8 §8.5", "whether a priest's heal saves a death rolled in a PvP combat", {
        "yes": "heals save deaths as in PvE (§8.8, §8.5)",
        "no": "deaths apply as rolled, no heal (a house rule)"}, "yes", kind="house",
           basis=Basis("text", "§8.8", "yes",
                       "§8.8 has both players fight as in PvE, where a priest may heal a death (§8.5), and no sentence of §8.8 stops heals; it decides no more: whose deaths they are (the deaths rolled 'apply to both groups' reads two ways) and which dead a heal saves are left open, the model's readings declared as gaps (pvp_deaths_whose, pvp_heal_which)")),
    Option("house_card", "§7.4 §5.2", "where an equipped House card goes after the combat", {
        "discard": "to the discard", "hand": "back to the hand"}, "discard",
           basis=Basis("model", "§7.4 §5.2", "discard",
                       "§7.4 lets a House card be equipped, and nothing says where it goes after the combat (a mercenary's return is told: §7.6)")),
)
