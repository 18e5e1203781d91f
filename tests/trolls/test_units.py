"""Lengths in whole inches are Python ints (data.py, docs/trolls.md "Lengths"): the unit must
be the inch the text measures in, and a length must never become a float or a whole Fraction."""
from fractions import Fraction as F
from pathlib import Path

from referee.model.trolls.data import half, length
from referee.model.trolls.state import Moves, Point
from referee.replays.engine import replay

from helpers import GAME, failing, group, playing

CFG = GAME.default_config()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "trolls"


def test_the_text_s_measures_are_whole_inches_read_as_ints():
    """§Actions/Mouvement (Humans Mvt 2"), §Actions/Charge (a Dragon Mvt 3"): read as ints
    of that many inches, not as Fractions (the slow path) nor in another unit."""
    hum = [p for p in CFG.comp.profiles if p.faction == 0]
    drg = [p for p in CFG.comp.profiles if p.faction == 2]
    assert hum and drg
    assert {(type(p.mvt), p.mvt) for p in hum} == {(int, 2)}
    assert {(type(p.mvt), p.mvt) for p in drg} == {(int, 3)}
    assert all(type(x) is int for f in CFG.comp.figs for x in (*f.pos, *f.face, f.prof.base))


def test_the_group_circle_is_3_inches_in_the_unit_positions_are_read_in():
    """§Groupe/2: a group stands inside a circle of 3" radius. A point given in the log's
    inches is 3" from h1 exactly when it is inside; half an inch more is outside."""
    s = playing()
    x, y = (int(c) for c in CFG.comp.figs[0].pos)  # h1, as a log writes it
    name = CFG.comp.fig_names[0]
    ok = Point().decode([x, y + 3], CFG, None)
    out = Point().decode([x, f"{2 * y + 7}/2"], CFG, None)
    assert failing(s, "act.reorient", 0, figs=group(name), face=(1, 0), centre=ok) is None
    assert failing(s, "act.reorient", 0, figs=group(name, "h2"), face=(1, 0), centre=out).cite == "§Groupe/2"


def test_lengths_are_ints_when_whole_exact_fractions_otherwise_never_floats():
    for v, want in ((3, 3), ("3", 3), ("4/2", 2), ("-6/3", -2), ("3/2", F(3, 2)), ("1.5", F(3, 2)), ("0.25", F(1, 4))):
        got = length(v, "x")
        assert got == want and type(got) is type(want), (v, got)
    assert [(half(x), type(half(x))) for x in (4, 3, F(3, 2), F(4, 2))] == [
        (2, int), (F(3, 2), F), (F(3, 4), F), (1, int)]
    pt = Point().decode([2, "3/2"], CFG, None)
    assert pt == (2, F(3, 2)) and type(pt[0]) is int and Point().encode(pt, CFG, None) == [2, "3/2"]
    mv = Moves().decode({CFG.comp.fig_names[1]: ["10/2", 4]}, CFG, None)
    assert all(type(x) is int for x in mv) and mv[3:6] == (1, 5, 4)


def test_a_replayed_game_keeps_whole_positions_as_ints():
    """After every example game, a position is an int, or a Fraction that is not whole."""
    for p in sorted(EXAMPLES.glob("legal-*.jsonl")):
        v = replay(p)
        assert v.verdict == "legal", p
        assert v.state is not None, p
        for xy in v.state.pos:
            assert all(type(c) is int or (type(c) is F and c.denominator != 1) for c in xy), (p, xy)


def test_a_length_string_is_read_exactly_when_the_log_schema_allows_it():
    """The reader and the published schema agree on every string (session 43's hostile run:
    "1e400", "+3", " -1 ", "0_3" and other scripts' digits were read, "1e10000000" for 35 s).
    Strings of the pattern's own alphabet, and the ones Python's number parsers accept."""
    import re

    from hypothesis import given, settings, strategies as st

    from referee.model.kernel import BadInput
    from referee.model.trolls.data import LENGTH_PATTERN

    def read(v):
        try:
            length(v, "x")
            return True
        except BadInput:
            return False

    tricky = ["1e400", "1e10000000", "+3", " -1 ", "\t-1\n", "0_3", "٣", "１", "-1e0", "1/1e400", "1.", ".5", "3/0"]
    assert not any(read(v) for v in tricky)

    @settings(max_examples=400, deadline=None)
    @given(st.text(alphabet="0123456789-/.e+_ \n٣", max_size=12))
    def agree(v):
        ok = re.fullmatch(LENGTH_PATTERN, v) is not None and not re.fullmatch(r"-?[0-9]+/0+", v)
        assert read(v) == ok

    agree()


def test_a_length_refused_for_its_size_or_its_zero_says_so():
    """A string of the pattern's form that is refused says why: its length (past LENGTH_MAX, which
    the published schema gives as maxLength) or its zero denominator; a JSON integer past 64 bits
    says that, not "no floats" (s53 G15)."""
    import pytest

    from referee.model.kernel import BadField, BadInput
    from referee.model.trolls.data import LENGTH_MAX
    from referee.model.trolls.state import point_of

    with pytest.raises(BadInput, match=f"at most {LENGTH_MAX} characters long, got {LENGTH_MAX + 1}"):
        length("1" * (LENGTH_MAX + 1), "x")
    assert length("1" * LENGTH_MAX, "x") == int("1" * LENGTH_MAX)
    with pytest.raises(BadInput, match="divides by 0"):
        length("3/0", "x")
    with pytest.raises(BadField, match="past 64 bits"):
        point_of([float(2 ** 64), 6], "pos")
    with pytest.raises(BadField, match="at most 40 characters"):
        point_of(["1." + "3" * 50, 6], "pos")
    text = (Path(__file__).resolve().parents[2] / "referee" / "schemas" / "trolls.schema.json").read_text()
    assert f'"maxLength": {LENGTH_MAX}' in text
