"""§Tour de jeu/1, options no_card=pass and empty_deck=none: the game ends once no hand holds a
card and none can ever be drawn again. A deck holding fewer cards than an empty hand's refill
asks gives nothing under empty_deck=none, and a deck never grows (§Intro shuffles it once,
§Tour de jeu/8 sends the cards bet to the graveyard): until session 49 such a card counted as
'left', so `game.end` was refused and only empty turns could follow, forever (an independent
engine's game: every hand empty, the Troll's deck holding one card, short_refill=two)."""
from __future__ import annotations

from pathlib import Path

import orjson

import referee

LOG = Path(__file__).resolve().parents[1] / "data" / "trolls" / "no-card-pass-deck-too-short.jsonl"


def _before_the_end() -> referee.api.Play:
    """The game of the log, played up to its `game.end`."""
    rows = [orjson.loads(x) for x in LOG.read_bytes().splitlines()]
    play = referee.load("trolls", options=rows[0]["options"]).new(rows[0]["players"], rows[0]["setup"])
    for ev in rows[1:-1]:
        play.push({k: v for k, v in ev.items() if k != "n"})
    return play


END = {"by": "chance", "do": "game.end"}


def test_the_game_ends_when_no_card_can_come_to_a_hand() -> None:
    assert referee.replay(LOG).verdict == "legal"
    play = _before_the_end()
    assert sum(play.state.deck[1]) == 1 and not any(sum(h) for h in play.state.hand)
    assert play.is_legal(END)


def test_a_card_that_can_still_be_drawn_keeps_it_going() -> None:
    play = _before_the_end()
    troll = play.state.deck[1]
    # two cards in the Troll's deck: an empty hand's refill (two, by default) can be drawn
    play.state = play.state.but(deck=(play.state.deck[0], tuple(2 * c for c in troll), play.state.deck[2]))
    assert not play.is_legal(END)


def test_once_no_card_can_come_to_a_hand_the_game_must_end() -> None:
    """And no bet is taken instead of the end: a turn of bets of nothing is followed only by
    such turns, and the log chose when the game ended (docs/trolls.md says it ends; an
    independent engine, s63, met referee accepting empty turns after every hand and deck were
    empty). A bet made in the turn before the hands ran dry still lets the others bet."""
    import pytest

    from referee import errors

    play = _before_the_end()
    for player in play.players:
        with pytest.raises(errors.Illegal) as e:
            play.push({"by": player, "do": "turn.bet", "cards": []})
        assert e.value.cite == "§Tour de jeu/1" and "game.end" in e.value.message
    assert [m["do"] for m in play.legal_moves()] == ["game.end"]
