"""The detectors of the game's vocabulary (referee/checks/text/terms.py, values.py), each on a
small French rulebook of its own written here (not a seed): what is planted is found, and
each near miss beside it (a term used twice, defined by a heading, a component, a bracket;
a value given a start or a bound) is not."""
import pytest

from referee.checks.text import page, read

TERMS = """\
Jeu des termes

§1. Matériel

Chaque joueur prend 3 cartes de Saut et 2 cartes Tempête. Une carte Tempête fait reculer un pion.

Le joueur perd un PV quand il tombe. Il tire l'Écho du sac.

La réserve d'actions (Rsv) du joueur se vide. Un bâtiment Troupes (Caserne, Recruteur) recrute.

Les tuiles de base sont : Mine, Marchand, Taverne. Attention : NI les jetons NI les dés ne comptent.

§2. Bouclier

Le Bouclier protège. Le Portail ouvre la voie.

Le Heaume brille.
"""


@pytest.fixture(scope="module")
def terms(tmp_path_factory):
    path = tmp_path_factory.mktemp("terms") / "termes.txt"
    path.write_text(TERMS, encoding="utf-8")
    p = page("termes", path)
    portal = next(u.key for u in p.units if "Portail" in u.text)
    return page("termes", path, p.sections, components=frozenset({portal}))


def _terms(p, skip=frozenset()):
    return {(h.cite, h.term) for h in read(p, skip) if h.detector == "undefined-term"}


def test_a_term_used_once_and_defined_nowhere_is_found_and_nothing_else(terms):
    # Saut, PV, Écho (elided) are found; not: Tempête (used twice), Rsv (spelled out), Troupes
    # (its bracket lists it), Mine/Marchand/Taverne (names of one table), NI (a function word),
    # Bouclier (a heading), Portail (a component fact), Le/Il/Une/Chaque (sentence openings)
    assert _terms(terms) == {("§1", "Saut"), ("§1", "PV"), ("§1", "Écho"), ("§2", "Heaume")}


def test_a_term_the_map_marks_flavour_is_not_read(terms):
    helm = next(u.key for u in terms.units if "Heaume" in u.text)
    assert ("§2", "Heaume") not in _terms(terms, frozenset({helm}))


def test_a_term_once_more_anywhere_is_no_finding(tmp_path):
    path = tmp_path / "deux.txt"
    path.write_text(TERMS + "\nLe saut coûte un point.\n", encoding="utf-8")
    assert ("§1", "Saut") not in _terms(page("deux", path))
