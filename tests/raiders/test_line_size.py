"""No number bounds a group's line (§7.2; §8.6 caps only the bonus): the log's format must
not make a legal group unreadable. Before session 37 a front line of 9 adventurers was
'unreadable' (at most 8), though milicien are gained every turn (an independent engine's
random games reach 9 in two games of thirty)."""
from referee.model import load


def test_a_line_of_nine_or_more_adventurers_is_read():
    game = load("raiders")
    cfg = game.default_config()
    send = game.action("expedition.send")
    for name in ("front", "back"):
        prm = next(p for p in send.params if p.name == name)
        counts = prm.kind.decode(["milicien"] * 8 + ["prêtre"] * 4, cfg, ("Ana", "Ben"))
        assert sum(counts) == 12


def test_a_roll_of_a_long_front_line_is_read():
    """One die per front adventurer (§8.5): a line of 20 rolls 20 dice (12 was 'unreadable')."""
    from referee.model.raiders.s8_dungeons import DICE, face_names

    cfg = load("raiders").default_config()
    face = face_names(cfg)[0]
    assert sum(DICE.kind.decode([face] * 20, cfg, ("Ana", "Ben"))) == 20
