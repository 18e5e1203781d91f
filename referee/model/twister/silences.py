"""Where the text of seed 002 is silent or unclear on a rule the model needs, and the reading
the model took (issue 17, item 4): one Gap each, with its § and what the project does.

invariants.py lists what the text lost (pictures, card values); these are the rules it never
states. Each was read against every sentence of the sections it cites: where the text decides, it is
not here. The readings follow the published rule where ../shared/facts/dungeon-twister.md
gives one (the policy of issue 16); none of them is an Option, so no default changes."""
from __future__ import annotations

from ..kernel import Gap
from .board import C, HID, MEKANORK, NCHAR, NSQ, NTOK, POTION, ROPE, THIEF, WIZARD, T, neighbours, room_of, room_squares
from .combat import lost, totals
from .common import geo
from .paths import layout, steps_to


# Where a gap's silence bites in play (Gap.on, Gap.arises): plain Python on the state's values.

def _c(a):
    return a.p * NCHAR + a.who


def _src(s, a):
    return s.loc[a.p * NTOK + a.who]


def _engaged(a):
    """The character indices (0..15) engaged on each side of an attack."""
    q = 1 - a.p
    return ([a.p * NCHAR + k for k in range(NCHAR) if a.attackers[k] == 1],
            [q * NCHAR + j for j in range(NCHAR) if a.defenders[j] == 1])


def _sign(x):
    return (x > 0) - (x < 0)


def _losers(s, a):
    """The engaged characters that lose the fight, (character, dies)."""
    L = lost(s, a)
    return [(c, bool(s.wounded[c])) for c in range(C) if L[c]]


def _path(s, a, src, to, limit, blocked=frozenset(), pits=True):
    """A shortest path's length from src to `to` for a's mover (paths.steps_to), with the
    squares in `blocked` closed too and, unless `pits`, every pit closed: whether the move
    needs what is closed (99: no path within limit)."""
    if not blocked and pits:
        return steps_to(s, a.p, a.who, src, to, limit)
    lay = layout(s)
    enemies = {s.loc[t] for t in range(T) if t // NTOK != a.p and t % NTOK < NCHAR and 0 <= s.loc[t] < NSQ}
    free_pits = _path_pits(s, a)
    seen, frontier = {src: 0}, [src]
    for depth in range(1, limit + 1):
        ahead = []
        for q in frontier:
            for n in lay.steps[q]:
                if n in seen or n in blocked or (n in enemies and not _levitates(s, a)):
                    continue
                if lay.pit[n] and (not pits or n not in free_pits):
                    continue
                seen[n] = depth
                ahead.append(n)
        frontier = ahead
    return seen.get(to, 99)


def _levitates(s, a):
    return a.who == WIZARD and not s.wounded[_c(a)]


def _path_pits(s, a):
    """The pits a's mover may enter: all of them when it crosses pits, else the bridges."""
    over = _levitates(s, a) or s.held[_c(a)] in (ROPE, NTOK + ROPE) or (a.who == THIEF and not s.wounded[_c(a)])
    pits = {q for q in range(NSQ) if layout(s).pit[q]}
    if over:
        return pits
    thief = a.p * NTOK + THIEF
    return {s.loc[thief]} & pits if not s.wounded[a.p * NCHAR + THIEF] else set()


def _stops(s, a):
    return [_src(s, a)] + ([s.loc[a.take]] if a.take >= 0 else []) + [a.to]


def _length(s, a, **closed):
    """The shortest path of the move (through the token it takes), with `closed` (_path)."""
    speed = s.cfg.comp.chars[a.who].speed
    stops = _stops(s, a)
    return sum(_path(s, a, x, y, speed, **closed) for x, y in zip(stops, stops[1:]))


def _needs(s, a, blocked=frozenset(), pits=True):
    """The move cannot be made with those squares (or every pit) closed: it crosses one."""
    speed = s.cfg.comp.chars[a.who].speed
    return _length(s, a, blocked=frozenset(blocked) - set(_stops(s, a)), pits=pits) > speed


def _holds(s, c, kinds):
    return s.held[c] >= 0 and s.held[c] % NTOK in kinds


def _on_pit(s, q):
    return bool(layout(s).pit[q])


def _cards_decide(s, a):
    atk, dfn = totals(s, a)
    return _sign(atk - dfn) != _sign((atk - a.card) - (dfn - a.dcard))


def _wounded_defender(s, a):
    return any(s.wounded[c] for c in _engaged(a)[1])


def _direct_access(s, a):
    """The face-down room draws a wall, or a closed portcullis, on the border the revealer
    touches: a 'way in' would be shut there."""
    g, q, r = geo(s), _src(s, a), a.room
    inside = set(room_squares(r))
    for n in neighbours(q):
        if n in inside:
            v = g.edges[r][s.rot[r]].get((min(q, n), max(q, n)))
            if v is not None and (v[0] == "wall" or s.gate[v[1]] == 0):
                return True
    return False


def _levitation_needed(s, a):
    enemies = {s.loc[t] for t in range(T) if t // NTOK != a.p and t % NTOK < NCHAR and 0 <= s.loc[t] < NSQ}
    return _needs(s, a, blocked=enemies, pits=False)


def _passive_ability(s, a):
    if _levitates(s, a):
        return _levitation_needed(s, a)
    thief = a.who == THIEF and not s.wounded[_c(a)]
    return thief and (_on_pit(s, a.to) or _needs(s, a, pits=False))


def _crosses_pawns(s, a):
    """The move must cross a square holding one of the player's characters or an object."""
    mt = a.p * NTOK + a.who
    mine = {s.loc[t] for t in range(T) if t != mt and 0 <= s.loc[t] < NSQ and (t // NTOK == a.p or t % NTOK >= NCHAR)}
    return _needs(s, a, blocked=mine)


def _wounded_value(s, a):
    """A wounded defender whose combat value would count if it were added."""
    return any(s.wounded[c] and s.cfg.comp.chars[c % NCHAR].combat > 0 for c in _engaged(a)[1])


def _wounded_object(s, a):
    """A character carrying an object is wounded (and lives), or a wounded one puts it down."""
    if hasattr(a, "defenders"):
        return any(not dies and _holds(s, c, range(NCHAR, NTOK)) for c, dies in _losers(s, a))
    return s.wounded[_c(a)] and _holds(s, _c(a), range(NCHAR, NTOK))


def _both_place(s, room):
    """The room face down holds characters, which the revealer places, and objects, which his opponent does."""
    kinds = {t % NTOK < NCHAR for t in range(T) if s.loc[t] == HID + room}
    return kinds == {True, False}


def _potion_near(s):
    """Nearer a potion's points spent on a reveal, a rotation or a group attack: a potion
    carried, then drunk (its points held)."""
    carried = any(h in (POTION, NTOK + POTION) for h in s.held)
    return 2.0 * any(x > 0 for x in s.pot) + carried


def _wounded_acts(s, a):
    """A wounded character reveals, turns a room, drinks, puts down, leaves, or takes on its way."""
    return s.wounded[_c(a)] and getattr(a, "take", 0) != -1


GAPS = (
    Gap("§Tour", "the text never says who plays first, nor who hides the first token at setup (§Mise en place: in turn)",
        "the first player of the log's header hides first and plays the first turn", name="first_player",
        on=("hide", "card"), arises=lambda s, a: s.res == (10, 10) if hasattr(a, "token") else s.high == 1,
        when="the first token hidden at setup, or the first action card of the game"),
    Gap("§Tour", "what becomes of action points not spent by the end of a turn (the card's, or the potion's 4) is never said",
        "they are lost when the turn ends", name="unspent_action_points",
        on=("end",), arises=lambda s, a: s.ap > 0 or any(x > 0 for x in s.pot),
        when="a turn ends with action points (the card's or a potion's) unspent"),
    Gap("§Déplacement", "the action points a move costs are never given (rotation and abilities cost 1, and an attack by §Combat's 'a new "
        "action point' to attack again; a move has no price), nor whether one character may move more than once in a "
        "turn, each move paid again",
        "1 AP per move of one character, as often as the points pay for (the model's reading: the facts file gives no "
        "price either)", name="move_cost",
        on=("move",), arises=lambda s, a: _length(s, a) > 1,
        when="a move of several squares, priced as one action"),
    Gap("§Déplacement", "the pawn moves 'as many squares as' its speed: whether it may stop short is not said",
        "up to its speed (the model's reading)", name="move_distance",
        on=("move",), arises=lambda s, a: _length(s, a) < s.cfg.comp.chars[a.who].speed,
        when="a move ends nearer than the character's speed"),
    Gap("§Révéler", "the action points revealing a room costs are never given",
        "1 AP, the price of the other actions (the model's reading)", name="reveal_cost",
        on=("reveal",), arises=lambda s, a: True,
        when="a room is revealed, at a price the text does not give"),
    Gap("§Révéler", "'direct access' to a room, which revealing needs, is never defined: a square next to it, or a "
        "way in, which a wall on the face-down room's own edge (unseen until it is turned up) would close",
        "a character of the player on a square next to the room, with no wall or closed portcullis on its own room's "
        "side of the border; the face-down room's walls are not looked at (salles._access_side)", name="direct_access",
        on=("reveal",), arises=_direct_access,
        when="a room is revealed across a border where the face-down room itself draws a wall or a closed portcullis"),
    Gap("§Combat", "how a character is killed in combat is never said: §But and §Fin score eliminated enemies, "
        "§Combat and §Combat groupé only wound the loser, and only the fireball is said to kill; three words (tuer in "
        "§But and §Bâton, éliminer in §Fin, blesser in §Combat) name what befalls a character, and whether the first "
        "two are one state is left to the reader",
        "a wounded character that loses a combat dies (dungeon-twister.md:43-44)", name="killed_in_combat",
        on=("attack",), arises=lambda s, a: any(dies for _, dies in _losers(s, a)),
        when="a wounded character loses a fight and is killed"),
    Gap("§Combat", "'adjacent' is never defined for combat: whether diagonal neighbours are adjacent (§Déplacement rules "
        "out the diagonal for moves only), and whether two characters with a wall or a closed portcullis between them may "
        "fight, is not said",
        "side by side, no diagonal (the model's reading, as for moves), through an open side only (dungeon-twister.md:41)",
        name="adjacent_through_wall"),
    Gap("§Combat groupé", "which pawns take part in a group combat is never said (who may join on each side, "
        "whether the defender's other pawns join), nor what a tie does there, nor whether a wounded pawn adds its "
        "value to its side's sum (§Blessés: the wounded cannot fight)",
        "the attacker names its unwounded characters and the defenders, each next to an engaged enemy; "
        "a tie wounds nobody, as in §Combat; a wounded defender adds its card and armour, not its value (combat.totals; "
        "dungeon-twister.md:42)", name="group_engaged",
        on=("attack",), arises=lambda s, a: sum(map(len, _engaged(a))) > 2,
        when="a fight engages more than two characters"),
    Gap("§Blessés", "a wounded character may play a combat card to defend, but whether its own combat value counts is not said",
        "its card (and armour) only: a wounded character's value is not added (dungeon-twister.md:42-43)", name="wounded_defence",
        on=("attack",), arises=_wounded_value,
        when="a wounded character with a combat value defends"),
    Gap("§Capacités", "abilities are for a character that 'cannot be wounded', which read as written names no character",
        "read as a character that is not wounded", name="ability_unwounded"),
    Gap("§Objets", "every object's ability is said to cost 1 AP to use, but the Armour and the Rope act by themselves "
        "(when defending, when crossing pits): whether they cost an action point is not said",
        "they cost nothing: the armour counts whenever its carrier defends, the rope whenever it moves", name="passive_objects"),
    Gap("§Déplacement", "a character may pick up 'a wounded' on its way: whether an enemy's wounded may be carried, "
        "and whether a character carrying an object may also carry a wounded (§Objets limits objects only), is not said",
        "only a wounded friend, and a character carries one token in all (dungeon-twister.md:31)", name="carry_wounded"),
    Gap("§Clerc", "how near the wounded character must be for the Cleric to heal it is never said, nor whether it may heal an "
        "enemy's wounded",
        "a wounded friend only, on the Cleric's square or next to it, whatever stands between them (a wall or a closed "
        "portcullis does not stop a heal)", name="heal_reach"),  # arises (a heal beyond the Cleric's square), but the search meets it
    # only late and by chance (199 events, missed alone at 12,000 moves): left without a test
    Gap("§Guerrier", "how near a portcullis the Warrior (break) and the Thief (§Voleuse: open, close) must stand is never said, nor "
        "whether the Thief may close a portcullis the Warrior broke",
        "on a square beside the portcullis; a broken portcullis stays broken (gate's Needs)", name="portcullis_reach"),
    # session 58: fire_hidden_room (s44) folded in, one case of the fireball's line (a blind reader, notes/s58/readB)
    Gap("§Bâton §Révéler", "which character the fireball kills is never said ('le personnage touché'): its range and "
        "line, whether a wall stops it, or a room still face down, whose walls and portcullises nobody has seen yet, "
        "whether it may hit a friend, nor, when the square hit holds two characters (a carrier and the wounded it "
        "carries), which of them",
        "the first character in a straight line from the Wizard, friend or enemy, with no wall or closed portcullis "
        "between (dungeon-twister.md:29), a room face down crossed as its current orientation lays out its sides, seen or "
        "not; where that square holds a carrier and the wounded friend it carries, the "
        "Wizard picks either: the log names the target (combat._line_of_sight); a friend killed scores for nobody "
        "(§Fin scores an enemy eliminated)", name="fireball_target"),
    Gap("§Fin", "§But scores crossing the maze ('en traversant le labyrinthe') and §Fin leaving it: from which squares "
        "a character leaves (the far starting zone, any square of the far edge) and at what cost is never said",
        "from the opponent's starting line (dungeon-twister.md:46-47), for 1 AP (the model's reading)", name="leave_maze",
        on=("exit",), arises=lambda s, a: True,
        when="a character leaves the maze from the opponent's starting line"),
    Gap("§Mise en place", "each team is put face down on its starting line; when those characters are turned face up is never said",
        "the log's header names each team: the referee knows them from the start", name="team_face_down"),
    Gap("§Règle d'or 2", "the rule limits a square to 2 pawns at the end of an action and says nothing of which: "
        "by its letter any two may share a square, and whether two objects, two unwounded characters or two enemies "
        "may end an action there is not said (a heal on such a square is the question heal_shared)",
        "never two objects, and at most one unwounded character, on a square (dungeon-twister.md:44-45); carried objects count "
        "among the objects of their carrier's square under carried=no too", name="which_two_pawns",
        on=("move",), arises=lambda s, a: s.occ[a.to] - (a.take >= 0 and s.loc[a.take] == a.to) >= 1,
        when="a move ends on a square where another token lies"),
    Gap("§Révéler", "the room is turned face up, and in which orientation it then lies is not said (nor whether a "
        "face-down room may be turned before, from its twin's gear, §Rotation)",
        "it lies as the components draw it, turned by the quarter turns it was given while face down", name="reveal_orientation",
        on=("reveal",), arises=lambda s, a: s.rot[a.room] != 0,
        when="a room turned while face down is revealed"),
    Gap("§Révéler §Règle d'or 2", "the revealer places every token of the room but the objects 'sur une case de la "
        "plaque', and the opponent the objects: which squares they may go on (each on a square of its own choosing, or "
        "all on one; a pit; one token a square or two) is never said, nor whether the tokens then lie face up",
        "any squares of that room, none on a pit but a Thief, within §Règle d'or 2, face up; the log gives every token's "
        "square, and who placed which is not checked (reveal)",
        name="reveal_squares",
        on=("reveal",), arises=lambda s, a: True,
        when="a room is revealed and its tokens placed on its squares"),
    Gap("§Matériel", "the portcullis pieces are set beside the board at setup ('sur le côté du jeu'), and the text never "
        "says when or where they are put on it, nor whether the portcullises of §Déplacement, §Guerrier (break) and "
        "§Voleuse (open, close) are these pieces or ones drawn on the rooms",
        "the portcullises are sides of the rooms as the room data draws them (closed or open), from the start", name="portcullis_pieces"),
    Gap("§Mekanork", "the Mekanork works the rotation 'méchanisme' of a room (§Mekanork), where §Rotation turns a "
        "room from a rotation 'système' a character stands on: the text does not say that the two are one thing, nor "
        "whether the Mekanork must stand on it to turn a room, as §Rotation asks of every character",
        "on a gear, like any character; only the direction is its own choice (dungeon-twister.md:20)", name="mekanork_gear",
        on=("rotate",), arises=lambda s, a: a.who == MEKANORK and not s.wounded[_c(a)],
        when="the Mekanork turns a room from a gear"),
    Gap("§Capacités §Magicien §Voleuse", "every ability is said to cost 1 AP, but the Wizard's levitation is called permanent and the "
        "Thief stands on pits as she moves: whether these cost an action point is not said",
        "they cost nothing: they act whenever the character moves", name="passive_abilities",
        on=("move",), arises=_passive_ability,
        when="the Wizard's move needs its levitation, or the Thief's needs her pits"),
    Gap("§Magicien", "the Wizard passes over pits and enemies: whether it may end its move on a pit is not said",
        "never on a pit at the end of a move (dungeon-twister.md:25)", name="wizard_on_pit"),
    # session 60: victory_points_each withdrawn: two judges found §Fin's '1 point de plus' (and the Goblin's
    # 2) fixes one point for each elimination or exit, and no reader listed it
    Gap("§Combat", "whether the two combat cards are chosen in secret and shown together, or one after the other, is "
        "not said",
        "the log gives both cards of a combat; the order they were chosen in is not checked", name="combat_cards_secret"),
    # session 47: rotation_pawns (§Rotation) withdrawn, the text decides it (docs/silences.md, "Session 47")
    Gap("§Révéler", "a room may be revealed when 'a pawn of a player' has direct access: whether it must be the "
        "revealer's pawn, and whether an object counts as a pawn here, is not said",
        "one of the revealing player's characters, on a square next to the room", name="reveal_whose_pawn"),
    Gap("§Passe-muraille", "the Wall-Walker crosses a wall for 1 AP: whether that is part of a move (how many walls, "
        "at what point of it) or an action of its own, and onto which square, is never said, nor whether the board's "
        "outer edge or a closed portcullis counts as a wall",
        "an action of its own, 1 AP: onto the square next to it beyond the wall, as a move's end square must be; "
        "only a wall drawn between two squares of the board, not its edge nor a portcullis (passwall)", name="passwall_how",
        on=("passwall",), arises=lambda s, a: True,
        when="the Wall-Walker crosses a wall"),
    Gap("§Combat §Mise en place", "'face down' marks two states: a token not yet revealed (the teams on their "
        "starting lines, the tokens hidden in the rooms) and a wounded character (§Combat: the loser's pawn is turned "
        "face down); the text never tells a team's face-down character from a wounded one",
        "two states kept apart: a token is hidden until its room is revealed (the teams are known from the log's "
        "header, team_face_down), and a character is wounded by losing a combat", name="face_down_two_states"),
    Gap("§Matériel §Révéler", "the 8 rooms are laid in 2 rows of 4, and §Révéler turns a room over: that they are "
        "laid face down, and which room goes where and turned which way (dealt at random, chosen, fixed), is never "
        "said", "all face down at the start, each on the place and the way the room data gives (rooms.toml)",
        name="rooms_laid_how"),
    Gap("§Rotation", "rooms work in pairs '(colour / number)': whether a pair shares a colour, a number or both is "
        "not said, nor whether turning the twin from afar is instead of the gear's own room or as well as it, nor "
        "which way the twin turns (the arrow the character stands on, or the twin's own gear's), nor whether it "
        "needs a character on a gear at all: the sentence that allows it names the player, not the character",
        "pairs as the room data gives them (rooms.toml: pair); one action turns one room, the gear's own or its "
        "twin, by a character standing on a gear of one of the two (rotate)", name="twin_rooms",
        on=("rotate",), arises=lambda s, a: room_of(_src(s, a)) != a.room,
        when="a room is turned from its twin's gear"),
    Gap("§Blessés §Combat", "a wounded character cannot fight yet may play a card to defend: when its total is the higher, "
        "whether it wounds the attacker (§Combat: the higher score wounds the other) or only fends the attack off is "
        "not said", "the attacker is wounded (a wounded attacker dies), as any higher score wounds the loser (attack; "
        "dungeon-twister.md:43-44)", name="wounded_defender_wins",
        on=("attack",), arises=lambda s, a: _wounded_defender(s, a) and totals(s, a)[1] > totals(s, a)[0],
        when="a wounded defender's total beats the attacker's"),
    Gap("§Blessés", "the text bars the wounded from fighting (§Blessés), from abilities (§Capacités, as read: "
        "ability_unwounded) and a wounded Thief at least from serving as a bridge (§Voleuse), and no more: the acts the general "
        "rules give to any pawn or character (the access that reveals a room, §Révéler; picking up on the way, "
        "§Déplacement; turning a room from a gear, §Rotation; using an object, §Objets; leaving the maze, §Fin) are left "
        "to them by the letter, unconfirmed; and whether the fireball, an object's use that kills (§Bâton), is the "
        "fighting §Blessés forbids is not said",
        "as the letter gives, a wounded character may reveal, pick up on its way, turn a room, drink the potion, put down "
        "what it carries and leave the maze (reveal, move's take, rotate, potion, drop, exit); it may not fire the Staff: "
        "the model's reading, which takes the fireball for fighting, and the Staff for the Wizard's ability (§Magicien "
        "names it), both barred to the wounded (fire's Need)", name="wounded_other_acts",
        on=("reveal", "move", "rotate", "potion", "drop", "exit"), arises=_wounded_acts,
        when="a wounded character reveals a room, picks up on its way, turns a room, drinks, puts down or leaves"),
    Gap("§Objets §Combat", "what becomes of the object a character carries when it is wounded is never said (nor when it "
        "is killed: the death_drop question of §Combat), nor whether an object another character holds may be taken "
        "from it",
        "the wounded character keeps it and may put it down; an object held by another is never taken (attack; move's "
        "take asks for a free token)", name="wounded_keeps_object",
        on=("attack", "drop"), arises=_wounded_object,
        when="a character carrying an object is wounded, or a wounded one puts its object down"),
    Gap("§Combat §Déplacement", "two adjacent characters may fight; a wounded character its friend carries stands on "
        "the carrier's square: whether it may be attacked there is not said",
        "no: only its carrier may be attacked (combat._engaged_ok); the fireball may hit it (fireball_target)",
        name="carried_wounded_attacked"),
    Gap("§Combat groupé §Combat", "an attack costs 1 AP; what a group combat costs (1 AP in all, or 1 for each "
        "attacker engaged) is not said",
        "1 AP in all, paid by the attacker the log names (attack's who: its potion points may pay it)",
        name="group_combat_cost",
        on=("attack",), arises=lambda s, a: len(_engaged(a)[0]) > 1,
        when="several attackers engage, for one action point"),
    # session 60: second_potion withdrawn: two judges found §Potion's '4 nouveaux points' add to what the
    # drinker has, and no reader listed it; the model's reading is unchanged
    Gap("§Corde §Voleuse", "the Rope lets its carrier pass over pits where the Thief may stop on them: whether the "
        "Rope's carrier may end a move on a pit is not said",
        "it may: the Rope, like the Thief, lets its carrier stand on a pit (common.may_stand_on_pit; dungeon-twister.md:28)",
        name="rope_stop_on_pit"),
    Gap("§Blessés §Déplacement", "a character may carry 'un blessé' (§Déplacement); when the carrier is itself wounded, "
        "whether it still carries the one it holds (and may take it out of the maze) is not said",
        "it keeps carrying it, and moves with it where a wounded character may move (attack keeps held)",
        name="wounded_carrier_keeps_friend", within="wounded_keeps_object"),
    Gap("§Révéler §Déplacement", "a face-down room is revealed by a pawn with direct access to it; nothing says a "
        "character may not step into, or cross, a room still face down",
        "it may not: a move ends on a starting line or a revealed room, its path crossing only those (move's Needs)",
        name="face_down_entry"),
    Gap("§Objets", "the object paragraphs §Armure, §Corde and §Trésor carry no name (the Rope is named only in "
        "§Déplacement, 'Corde', the Treasure only in §Fin, 'trésor', the Armour nowhere); §Bâton and §Potion name the "
        "staff and the potion: which object each unnamed paragraph is, is left to be guessed from what it does",
        "the outline names them by what they do (outline.toml: §Armure, §Bâton, §Corde, §Potion, §Trésor)",
        name="object_names_lost"),
    Gap("§Matériel §Mise en place", "how many squares a room has, and the shape of each player's starting zone, are "
        "never given: only that the 8 rooms lie in 2 rows of 4 with a starting zone at each end",
        "rooms of 5 x 5 squares and a starting line of 10 squares at each end (the published facts; board.py)",
        name="board_size"),
    Gap("§Déplacement", "the sentence on what a move may pass over names the squares of the mover's own characters "
        "(wounded or not) and then trails off on ', ...' where the rest of the list should be: whether a move may cross "
        "a square holding an enemy (wounded or not) or a lone object is never said (§Magicien's passing over enemies "
        "suggests the others may not)",
        "a move crosses its own characters (wounded or not) and objects, never an enemy, wounded or not, but with the "
        "Wizard's levitation (paths.distances)", name="pass_over",
        on=("move",), arises=_crosses_pawns,
        when="a move crosses a square of one of the player's characters or an object"),
    Gap("§Déplacement §Voleuse §Corde §Guerrier", "a move must keep 'the rules for pits and portcullises', which the text "
        "never states beyond the abilities it points to; its pointer, '(Voir Voleuse, Guerrier, Corde, ..)', names "
        "paragraphs that no heading or other sentence names (the character and object paragraphs carry no name: "
        "gives_character_ability, object_names_lost) and trails off: whether a character with none of those abilities "
        "may step onto a pit (refused, or it falls), and whether a closed portcullis stops a move, is not said",
        "a pit is entered only by an unwounded Thief, the Rope's carrier, the levitating Wizard passing over it, or over "
        "an unwounded friendly Thief (a bridge); a closed portcullis closes its side as a wall does, an open or broken "
        "one does not (paths.Layout, paths.distances)", name="pits_and_portcullises",
        on=("move",), arises=lambda s, a: _on_pit(s, a.to) or _needs(s, a, pits=False),
        when="a move crosses or enters a pit"),
    Gap("§Déplacement §Objets", "a character may take an object or 'un blessé' on its way (§Déplacement), at no stated "
        "price; putting one down, swapping it for another or handing it to a friend is provided nowhere, nor what that "
        "would cost (the model's option 'drop_cost' prices a put-down)",
        "taking is part of a move (move's take: no action point of its own); putting down is an action of its own "
        "(drop, priced by the option drop_cost); there is no swap nor hand-over: what a character carries is put down "
        "before it takes another", name="take_and_drop",
        on=("move", "drop"), arises=lambda s, a: getattr(a, "take", 0) != -1,
        when="a character picks up a token on its way, or puts one down"),
    Gap("§Blessés §Combat", "§Combat has each player play a combat card; §Blessés says the wounded may ('peuvent') "
        "play one to defend themselves: whether a wounded defender may decline to play one is not said",
        "it always plays one, as every defender does (attack's card and dcard; the 0 comes back to the hand, so there is "
        "always one)", name="defender_card",
        on=("attack",), arises=_wounded_defender,
        when="a wounded character defends with a card"),
    # session 39: defects an independent reading found that no finding reported
    Gap("§Mise en place §Matériel", "each player takes 'les pions et personnages de sa couleur' (§Matériel), with no count, "
        "and makes up a team of 4 characters set face down on its starting zone (§Mise en place): how many characters "
        "it makes the team from (§Clerc to §Voleuse describe eight abilities, and no line says each player has all "
        "eight; the objects: describes_five_objects), how it picks them (freely, in secret, both at once), and on "
        "which squares of the zone they stand, is not said",
        "8 characters each (dungeon-twister.md:3); the log's header names each team of 4 and its squares "
        "on the starting line (setup: teams), as its player chose them; how they were chosen is not checked",
        name="team_choice"),
    Gap("§Fin §Objets §Trésor", "a character may carry any object out of the maze (§Objets: one object, of either "
        "colour); only the Treasure's is given a use there (§Trésor: it scores): whether another object leaves the game "
        "with its carrier or stays on the board is not said",
        "it leaves the game with its carrier (exit)", name="exit_with_object"),
    # session 40: a defect the whole-audit review found that no finding reported
    Gap("§Voleuse §Règle d'or 2", "§Voleuse lets the Thief serve as a bridge for her fellows and never says how: "
        "whether a friend only crosses the pit over her square, or may also end its move there with her (§Règle d'or 2, "
        "which counts 2 pawns a square, would allow it), is not said",
        "a friend crosses the pit over an unwounded friendly Thief standing on it and never ends a move there (move's "
        "Need: no stopping on a pit but an unwounded Thief or the Rope's carrier; paths.distances)", name="thief_bridge"),
    # session 42 (the text read again, line by line, for what the audit still missed)
    Gap("§Combat §Combat groupé", "'score' names two numbers in §Combat: the combat card's value (its 'score' is added "
        "to the pawn's) and then what decides the fight (the player with the higher 'score' wounds the other); 'force' "
        "names two in turn: a pawn's printed value in §Combat ('force de combat') and, in §Combat groupé, a side's total, "
        "its pawns' points plus its card (the higher 'force' wins): the total that is compared never gets a name of its "
        "own, so whether the cards alone or the sums decide is left to the reader (the addition points to the sums)",
        "the sums decide: each side's card plus the combat values of its engaged characters (a wounded one's left out: "
        "wounded_defence) and the Sword or the Armour (combat.totals); the higher card alone decides nothing",
        name="score_and_force",
        on=("attack",), arises=lambda s, a: _sign(a.card - a.dcard) != _sign(totals(s, a)[0] - totals(s, a)[1]),
        when="the cards alone and the sums decide the fight differently"),
    Gap("§Déplacement", "a character may take an object or a wounded 'au passage' (in passing) while it moves: "
        "whether that reaches the square the move ends on and the square it starts from, and whether a character may "
        "take a token lying on its own square without moving, is not said",
        "any square of the path, the first and the last included (move's take; path_ok searches the path through the "
        "token's square); taking is part of a move to another square, so a token on the mover's own square is taken only "
        "as the mover leaves it, never standing still", name="take_in_passing",
        on=("move",), arises=lambda s, a: a.take >= 0 and s.loc[a.take] in (a.to, _src(s, a)),
        when="a character takes a token from the square it leaves or the square it ends on"),
    Gap("§Bâton §Magicien §Objets", "§Armure, §Corde and §Potion give an object's use to the character that carries "
        "it; §Bâton gives the fireball to the Wizard and §Magicien makes him the staff's only user, with no word of his "
        "carrying it, and §Objets prices an object's use without saying who may make it: whether the Wizard must carry "
        "the staff to fire it (or may fire one lying beside him, or one a friend carries) is not said",
        "he must carry it: a staff lying on the board or carried by another character cannot be fired (fire's Need)",
        name="staff_carried"),
    # session 47: a blind reading of the whole text (notes/s47/reading-twister, B71; s45's reading listed it too)
    Gap("§Fin §But", "a character that leaves the maze scores (§Fin), and no line says what becomes of it then: out "
        "of the game for good, or able to come back in, and whether it still counts as one of its player's team",
        "out for good: it leaves the board and the game, and nothing brings it back (exit)", name="exited_for_good",
        on=("exit",), arises=lambda s, a: True, when="a character leaves the maze (every exit)"),
    # session 48: a blind reading of the whole text (notes/s48/reading-twister, B49)
    Gap("§Fin §But", "the game ends only when a player has 5 victory points (§Fin): no turn limit bounds it, and "
        "nothing says what happens when neither player can score any more (no character able to leave, nobody "
        "able to kill), or who wins such a game",
        "nothing ends it: the model has no turn limit and no draw; a replay judges the events the log holds, and a "
        "log that stops before anyone has 5 points is a game not finished (no result is declared)", name="no_end"),
    # session 52: a blind reading of the whole text (notes/s52/reading-twister, T31)
    Gap("§Mise en place", "the most pawns 'par salle' (2 in a room next to a starting zone, 3 in the others) is set while "
        "the two players hide their pawns in turn: whether it counts both players' pawns together or each player's apart "
        "is not said", "both together: a room holds at most 2 or 3 hidden tokens in all (board.py); the limits then add "
        "up to the 20 tokens hidden, every room full (claim after_setup_20), where a limit per player would leave 40 "
        "places for 20 tokens", name="room_limit_whose"),
    # session 64: a blind reader (notes/s64/reader, M1-M3): parts of points reported, each its own question
    Gap("§Mise en place", "the remaining pawns, characters and objects, are hidden on the rooms 'à tour de rôle', "
        "said in the passive: whose pawns each player hides (his own, or any), in which rooms (any within the "
        "limits, those by his own starting zone too) and whether his opponent sees which pawn goes where is not said",
        "each player hides his own pawns, one at a time, in any room under its limit; the log names each pawn and "
        "its room (hide)", name="hide_whose",
        on=("hide",), arises=lambda s, a: True, when="a pawn hidden at setup"),
    Gap("§Révéler", "the revealer places the room's pawns and his opponent its objects: who places first is not "
        "said, and where two pawns at most share a square (§Règle d'or 2) and pits take squares, the first to place "
        "chooses what is left to the other",
        "not checked: the log gives every pawn's square, and any placement the constraints allow is accepted, "
        "whoever placed first (reveal)", name="reveal_order",
        on=("reveal",), arises=lambda s, a: _both_place(s, a.room),
        when="a room holding both characters and objects is revealed"),
    Gap("§Potion §Révéler §Rotation §Combat groupé", "the potion's 4 action points may be used 'uniquement par lui', "
        "its drinker: which acts are his is not said where the text gives the act to a player (a room revealed by "
        "'le joueur' one of whose pawns has access, §Révéler; a room turned, §Rotation) or to several characters "
        "(a group combat)",
        "every act the log gives to the drinker: a reveal or a rotation he makes, a group attack he pays, each paid "
        "from his potion's points first (common.pay)", name="potion_acts",
        on=("reveal", "rotate", "attack"), arises=lambda s, a: s.pot[a.p * NTOK + a.who] > 0 and (
            not hasattr(a, "defenders") or len(_engaged(a)[0]) > 1),
        when="a reveal, a rotation or a group attack made by a character holding a potion's points",
        toward=_potion_near),
)
