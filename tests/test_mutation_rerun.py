"""bench/mutation.py --survivors: a survivor of an earlier run is found again at the same site
when its module changed since (mutation_sites.moved renumbers its line by a line diff), and
reported as not located when its own line changed."""
import ast
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from mutation_sites import moved, sites  # noqa: E402

OLD = "def f(s):\n    x = s.a + 1\n    return x <= 3\n"
NEW = "import os\n\n\ndef f(s):\n    x = s.a + 1\n    return x <= 3\n"


def test_a_moved_site_is_renumbered_and_found_among_the_new_sites():
    old = {what for _, what, _ in sites(ast.parse(OLD))}
    assert "line 3 col 12: <= -> <" in old
    now = moved("line 3 col 12: <= -> <", OLD, NEW)
    assert now == "line 6 col 12: <= -> <"
    assert now in {what for _, what, _ in sites(ast.parse(NEW))}
    assert moved("line 2 col 9: + -> -", OLD, NEW) == "line 5 col 9: + -> -"


def test_a_site_whose_line_changed_is_not_located():
    changed = NEW.replace("x <= 3", "x <= 4")
    assert moved("line 3 col 12: <= -> <", OLD, changed) is None
    assert moved("line 3 col 12: <= -> <", OLD, OLD) == "line 3 col 12: <= -> <"


def test_a_line_edited_beside_the_site_keeps_it_with_its_column_moved():
    """A name changed before the site on its line (Twister's setup: `geometry(comp)` became
    `geometry(cfg)`): the same node, one column to the left. An edit of the node itself
    (its constant) is another site."""
    old = "def f(comp):\n    return g(comp, 4) + (3,) * 4\n"
    new = "def f(cfg):\n    return g(cfg, 4) + (3,) * 4\n"
    what = next(w for _, w, _ in sites(ast.parse(old)) if w.endswith(": 4 -> 5") and "col 32" in w)
    now = moved(what, old, new)
    assert now == "line 2 col 31: 4 -> 5"
    assert now in {w for _, w, _ in sites(ast.parse(new))}
    assert moved(what, old, new.replace("* 4", "* 5")) is None
