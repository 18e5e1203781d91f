"""put and bump, the kernel's vector edits, on values as on z3 terms: an index outside the
vector changes nothing symbolically (the If chain has no item there), so on values it is
refused, never carried out elsewhere (Python's -1 is the last item)."""
import pytest

from referee.model.kernel import bump, put

z3 = pytest.importorskip("z3")

from referee.model.kernel import Sym  # noqa: E402


@pytest.mark.parametrize("edit", [put, bump])
def test_an_index_outside_the_vector_is_refused_on_values(edit):
    v = (1, 2, 3)
    assert edit(v, 2, 5) == ((1, 2, 5) if edit is put else (1, 2, 8))
    for i in (-1, -3, 3, 10):
        with pytest.raises(IndexError):
            edit(v, i, 5)


@pytest.mark.parametrize("edit", [put, bump])
def test_symbolically_an_index_outside_changes_nothing(edit):
    v = (1, 2, 3)
    i = Sym(z3.Int("i"))
    out = edit(v, i, 5)
    for k in range(3):
        at_minus_one = z3.simplify(z3.substitute(out[k].t if type(out[k]) is Sym else z3.IntVal(out[k]),
                                                 (i.t, z3.IntVal(-1))))
        assert at_minus_one.as_long() == v[k]
