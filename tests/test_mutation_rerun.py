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
