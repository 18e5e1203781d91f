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

Le stock de mana (Rsv) baisse à chaque sort. Un bâtiment Troupes (Caserne, Recruteur) recrute.

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
    # Saut, Écho (elided) are found; not: Tempête (used twice), Rsv (spelled out), Troupes
    # (its bracket lists it), Mine/Marchand/Taverne (names of one table), NI (a function word),
    # Bouclier (a heading), Portail (a component fact), Le/Il/Une/Chaque (sentence openings),
    # PV (an abbreviation: abbrev.py asks whether it is spelled out, below)
    assert _terms(terms) == {("§1", "Saut"), ("§1", "Écho"), ("§2", "Heaume")}
    # PV is spelled out nowhere; Rsv is, by the bracket after its long form (whatever its letters)
    assert {(h.cite, h.term) for h in read(terms) if h.detector == "abbreviation"} == {("§1", "PV")}


def test_a_term_the_map_marks_flavour_is_not_read(terms):
    helm = next(u.key for u in terms.units if "Heaume" in u.text)
    assert ("§2", "Heaume") not in _terms(terms, frozenset({helm}))


def test_a_term_once_more_anywhere_is_no_finding(tmp_path):
    path = tmp_path / "deux.txt"
    path.write_text(TERMS + "\nLe saut coûte un point.\n", encoding="utf-8")
    assert ("§1", "Saut") not in _terms(page("deux", path))


VALUES = """\
Jeu des valeurs

§1. Mise en place

Chaque joueur reçoit 5 Or. Les pierres de chacun partent de 0 sur le dé.

§2. Tour

Le joueur dépense de l'Or pour recruter. Pour bâtir, il dépense des pierres.

Le joueur dépense de la Mana pour lancer un sort. Tirer coûte 2 flèches.

Lancer un sort coûte 3 pts de Ki. La somme des dés lancés forme la réserve de Ki.

Au début de son tour, le joueur reçoit 2 charges. Frapper lui fait dépenser une nouvelle charge.

Sauter se fait pour 1 point d'effort. Une variante se joue pour 2 joueurs.
"""


def test_a_quantity_spent_and_never_given_is_found_and_nothing_else(tmp_path):
    path = tmp_path / "valeurs.txt"
    path.write_text(VALUES, encoding="utf-8")
    got = {(h.cite, h.term, h.also) for h in read(page("valeurs", path)) if h.detector == "unstated-value"}
    # Or and pierres: the setup gives them; Ki: what it is made of; charges: received at a start;
    # joueurs: `pour 2 joueurs` is no price
    assert got == {("§2", "Mana", ("§1",)), ("§2", "flèches", ("§1",)), ("§2", "point d'effort", ("§1",))}


PILES = """\
Jeu des Piles : règles

§1. Mise en place

Chaque joueur pioche 5 cartes dans la pioche.

§2. Tour

Le joueur pioche une carte Trésor. Il peut tirer au hasard un jeton dans le sac.

Un objet pioché est révélé à tous.

§3. Marché

Le joueur pioche une carte Marché.

Quand la pile Marché est vide, on mélange la défausse pour la reformer.

§4. Renforts

On choisit un renfort parmi ceux encore disponibles.

À la fin, le joueur pioche toutes les cartes restantes.

§5. Destin

Le joueur pioche une carte Destin. S'il n'y a plus de cartes Destin, la partie s'arrête.
"""


def test_a_pile_drawn_in_play_whose_running_out_is_never_covered_is_found_and_nothing_else(tmp_path):
    path = tmp_path / "piles.txt"
    path.write_text(PILES, encoding="utf-8")
    got = {(h.cite, h.term) for h in read(page("piles", path)) if h.detector == "unstated-exhaustion"}
    # §1: a setup draw; §2: the Trésor pile and an unnamed bag; the participle draws nothing;
    # §3: Marché made again; §4: a supply that shrinks (drawing every card left is no draw
    # to run out of); §5: Destin's end given in the same unit
    assert got == {("§2", "trésor"), ("§2", "pioche"), ("§4", "pioche")}


def test_a_value_the_model_reports_at_one_of_its_sections_is_not_reported_twice():
    from types import SimpleNamespace

    from referee.checks.text import Hit, _known
    from referee.model.kernel.rules import Option

    hit = Hit("§2", "unstated-value", "gap", "", 9, "Mana", also=("§1",))
    game = lambda gaps=(), options=(), rulings=(): SimpleNamespace(gaps=gaps, options=options, rulings=rulings)  # noqa: E731
    assert not _known(game(), hit, frozenset())
    assert _known(game(gaps=(SimpleNamespace(cite="§1"),)), hit, frozenset())  # at the setup §
    assert not _known(game(gaps=(SimpleNamespace(cite="§3"),)), hit, frozenset())  # elsewhere
    silent = Option("mana", "§2", "the mana a player starts with", {"3": "3"}, "3")
    assert _known(game(options=(silent,)), hit, frozenset())
    house = Option("mana", "§2", "the text decides", {"3": "3"}, "3", kind="house")
    assert not _known(game(options=(house,)), hit, frozenset())
    case = Hit("§1", "unstated-dependence", "gap", "", 4, "manche")
    assert _known(game(rulings=(SimpleNamespace(cite="§1"),)), case, frozenset())


ROLES = """\
Jeu des rôles

§1. Matériel

Chacun reçoit les jetons et héros bleus. Les pièces et les pions vont au centre.

Les cubes et les dés restent dans la boîte. Les sacs et les cartes sont à part.

§2. Mise en place

Les jetons inutilisés, héros et objets, vont dans le sac. Les pièces (pions ou disques) avancent.

Les cubes, dés et billes sont rangés. Les sacs (rouges ou bleus) sont fermés.
"""


def test_one_word_for_a_kind_and_for_the_whole_holding_it_is_found_and_nothing_else(tmp_path):
    path = tmp_path / "roles.txt"
    path.write_text(ROLES, encoding="utf-8")
    got = {(h.cite, h.term, h.also, h.kind) for h in read(page("roles", path)) if h.detector == "one-word-two-roles"}
    # jeton (beside the heroes, over them, after a comma), pièce (over the pawns, in a
    # bracket); not cube (a plain enumeration, no apposition), nor sac (over colours, never beside them)
    assert got == {("§1", "jeton", ("§2",), "ambiguity"), ("§1", "pièce", ("§2",), "ambiguity")}


DEPENDS = """\
Jeu des cas

§1. Tour

Le vent tourne vers l'est ou l'ouest selon la manche. Le joueur suivant ne joue pas.

Le prix varie en fonction du niveau. Au niveau 2, il coûte 3 pièces.

Le vent souffle suivant la saison. Les quatre saisons se suivent.

Les options suivantes sont possibles : piocher, passer.
"""


def test_a_rule_that_depends_on_a_case_no_sentence_gives_is_found_and_nothing_else(tmp_path):
    path = tmp_path / "cas.txt"
    path.write_text(DEPENDS, encoding="utf-8")
    got = {(h.cite, h.term) for h in read(page("cas", path)) if h.detector == "unstated-dependence"}
    # manche and saison: no case of either is ever given (`quatre saisons` is a count, not a
    # case); niveau: `niveau 2` gives one; `le joueur suivant`, `options suivantes`: no dependence
    assert got == {("§1", "manche"), ("§1", "saison")}


UNUSED = """\
Jeu des pièces

§1. Matériel

Chaque joueur prend 3 jetons, les 5 marqueurs de tour et 4 aides de jeu. On pose les tuiles en 2 lignes.

§2. Tour

Le joueur pose un jeton sur une tuile. Il garde 2 sabliers.
"""


def test_a_component_the_setup_counts_out_and_no_rule_uses_is_found_and_nothing_else(tmp_path):
    path = tmp_path / "pieces.txt"
    path.write_text(UNUSED, encoding="utf-8")
    got = {(h.cite, h.term) for h in read(page("pieces", path)) if h.detector == "unused-component"}
    # not: jetons (a rule uses one), aides (no piece of play), lignes (placed in, not handed out),
    # sabliers (counted outside the setup)
    assert got == {("§1", "marqueurs")}


# Every hit of these detectors on the seeds, before the model's own reports are taken off,
# each read against its rulebook (docs/detectors.md, the vocabulary table): a new one must be
# read and judged before it is added here.
VOCABULARY = ("undefined-term", "unstated-value", "unstated-dependence", "one-word-two-roles", "unused-component",
              "unstated-exhaustion")
SEED_HITS = {
    # the mercenaries (§7.6), the treasure piles (§8.7, §8.8) and the Trolls deck (§Tour de jeu/1) run
    # out with no rule, each linked to a rule of the model (the lost mercenary list's gap; treasure_short,
    # draw_empty_deck), so dropped from the audit as known (mercenary_none_left, withdrawn in s60: two
    # judges found one picks among those still there)
    "raiders": {("§7.6", "unstated-exhaustion", "pioche"), ("§8.7", "unstated-exhaustion", "pioche"),
                ("§8.8", "unstated-exhaustion", "richesse")},
    "welcome": {("§Équipement.Pacte", "undefined-term", "Démon")},
    "trolls": {("§Tour de jeu/1", "unstated-exhaustion", "pioche")},
    "twister": {("§Matériel", "undefined-term", "Saut"), ("§Tour", "unstated-value", "points d'action"),
                ("§Matériel", "one-word-two-roles", "pion"), ("§Matériel", "unused-component", "marqueurs")},
    "draft": {("§Jouer des cartes", "unstated-value", "Or"), ("§Mise en place", "unstated-dependence", "manche")},
}


@pytest.mark.parametrize("name", sorted(SEED_HITS))
def test_the_hits_on_the_seeds_are_the_ones_read_and_judged_real(name):
    from pathlib import Path

    from referee.checks.text import _entries, _map
    from referee.model import load
    from referee.rulebook.book import book, seed_file

    game = load(name)
    if seed_file(game) is None:
        pytest.skip(f"the seed {Path(game.rulebook).name} is not here (../shared/seeds)")
    entries = _entries(game)
    skip, _ = _map(game, entries)
    b = book(game)
    p = page(name, b.path, b.sections, frozenset(e.at for e in entries if e.reason == "component"))
    assert {(h.cite, h.detector, h.term) for h in read(p, skip) if h.detector in VOCABULARY} == SEED_HITS[name]


def test_a_long_line_of_commas_is_read_in_linear_time(tmp_path):
    """A hostile rulebook (one line, 2000 comma-separated words): one-word-two-roles read its
    lists with one regex over the whole line, which backtracked for 9.5 s here; token by token
    over a short window it takes 0.05 s. The bound leaves room for a loaded machine."""
    import time

    path = tmp_path / "virgules.txt"
    path.write_text("Jeu\n\nLes jetons, " + "pions, " * 2000 + "fin.\n", encoding="utf-8")
    p = page("virgules", path)
    start = time.perf_counter()
    assert not [h for h in read(p) if h.detector == "one-word-two-roles"]
    assert time.perf_counter() - start < 3


@pytest.mark.parametrize("text, reported", [
    # spelled out: a bracket, a sign or a word between the short form and its long form
    ("Les points de vie (PV) comptent. Il perd 2 PV.", set()),
    ("Les points de vie (ou PV) comptent. Il perd 2 PV.", set()),
    ("Les points de vie, abrégés PV, comptent. Il perd 2 PV.", set()),
    ("PV : points de victoire. Le joueur avec le plus de PV gagne.", set()),
    ("PV = points de victoire. Le joueur avec le plus de PV gagne.", set()),
    ("**PV** : points de victoire. Le plus de PV gagne.", set()),
    ("Le mot « PV » désigne les points de victoire. Le plus de PV gagne.", set()),
    ("Les points de vie et de magie (PV et PM) comptent. Il perd 2 PV et 1 PM.", set()),
    ("Les points de vie (PV/HP) comptent. Il perd 2 PV.", {"HP"}),  # HP: another name, never spelled out
    # a bracket that says what the point is for does not spell it out (Raiders §9.3)
    ("Le vainqueur gagne 1 PV (point bonus). Il garde ses PV.", {"PV"}),
    # ordinary French, usage, numbers: no short forms of the book's own
    ("Il passe, car il est bloqué. Il attend, car la pile est vide. Chaque adversaire reçoit une carte, "
     "puis chaque adversaire reçoit une autre carte.", set()),
    ("Si on ne tire pas, on passe. Les joueurs ont trois cartes. Si on ne tire rien, on pioche. Ils ont gagné.", set()),
    ("Le joueur pioche DEUX cartes, puis joue SEUL. Il joue seul.", set()),
    ("Voir le XIXe siècle, le chapitre IV, cf. la règle, 3 pts et 2 cm.", set()),
    ("Il joue sur son iPad.", set()),
    # found: never spelled out, or only after its first use
    ("Le joueur a 3 PdV au départ.", {"PdV"}),
    ("Il perd 1 PV. Les points de victoire (PV) se comptent à la fin.", {"PV"}),
])
def test_abbreviations_spelled_out_in_any_of_the_books_ways_and_words_that_are_none(tmp_path, text, reported):
    path = tmp_path / "abr.txt"
    path.write_text(f"Jeu\n\n§1. Règles\n\n{text}\n", encoding="utf-8")
    assert {h.term for h in read(page("abr", path)) if h.detector == "abbreviation"} == reported


def test_a_run_of_dashes_or_quotes_beside_a_short_form_is_read_in_linear_time(tmp_path):
    """`Récapitulatif ------ 2 pts de Rsv` took exponential time in the bracket pattern (the
    separator overlapped the word: 30 dashes, 36 s; 40, over 300 s; s59's review)."""
    import time

    path = tmp_path / "dash.txt"
    path.write_text("Jeu\n\n§1. Coûts\n\nRécapitulatif des coûts " + "-" * 2000 + " 2 PV par tir " + "'" * 2000
                    + " ’’’’ 1 PV (point).\n", encoding="utf-8")
    t = time.process_time()
    list(read(page("dash", path)))
    assert time.process_time() - t < 5


@pytest.mark.parametrize("text, detector, term", [
    ("Le joueur place son pion sur la case Avant-Poste puis pioche.", "undefined-term", "Avant-Poste"),  # hyphenated: a term
    ("Le joueur gagne de l'XP puis il passe.", "abbreviation", "XP"),  # after an elided article
    ("Le joueur gagne de l’XP puis il passe.", "abbreviation", "XP"),
    ("Le joueur gagne un 'PV' puis il passe.", "abbreviation", "PV"),  # in quotes
])
def test_each_word_is_read_by_one_of_the_two_detectors(tmp_path, text, detector, term):
    path = tmp_path / "one.txt"
    path.write_text(f"Jeu\n\n§1. Règles\n\n{text}\n", encoding="utf-8")
    got = {(h.detector, h.term) for h in read(page("one", path)) if h.detector in ("abbreviation", "undefined-term")}
    assert got == {(detector, term)}
