"""The detectors that read the whole rulebook (referee/checks/text), each on a small French
rulebook of its own written here (not a seed): it finds what is planted there and nothing
else. Then the findings on the seeds, each read against its rulebook (docs/detectors.md)."""
from pathlib import Path
from types import SimpleNamespace

import pytest

from referee.checks.text import Hit, _known, _map, detect, page, read, silent_option, unstated_effect
from referee.rulebook.coverage import Entry
from referee.checks.text.hit import findings
from referee.model.kernel.rules import Answer, Gap, Option, Ruling
from referee.rulebook.text import sections

BOOK = """\
Jeu Exemple : règles

§1.1. Mise en place

Chaque joueur prend 3 jetons. Les pions sont posés sur le plateau (voir Symboles).

Chaque joueur reçoit :

• 2 cartes ;
• 1 dé.

Les tuiles imposées sont :

Le premier joueur est tiré au sort (voir §1.4).

Exemple :

Anne tire au sort et commence.

Au choix : a) piocher, b) passer. Un pion (force 1) avance de 3" au plus.

Le Clerc soigne un pion blessé
Le Troll regagne un point

Les pions blessés restent couchés.

Le joueur actif choisit l'une des options suivantes :

• Piocher une carte.
• Si la pioche est vide, passer son tour.
• Déplacer un pion.

Les possibilités suivantes sont offertes :

• Poser un jeton.
• Reprendre un jeton.

• Si un jeton manque, le joueur passe.

§1.2. Coûts des tuiles

§1.3. Symboles

★ = gloire · ◆ = pierre

§1.4. Tour de jeu

Le joueur actif pioche une carte puis la pose devant lui, une par une.

Cartes de départ (5 par joueur)

Cartes avancées (3 par joueur)

Le joueur peut défausser une nouvelle carte pour piocher deux cartes.

Le joueur déplace un pion de deux cases et prend la tuile de

Il peut passer sur les cases vides, ...

La réserve (voir §2.5) contient les jetons rouges. Les coûts sont [].

Un pion (blessé ne bouge pas. Il ne peut pas piocher de carte.

Un pion blessé ne peut piocher aucune carte.

Les règles des fosses sont ailleurs (voir Voleur, Pion). Le coût est donné dans le tableau.

Le pion ajoute sa force de frappe au dé. Les règles pour les ponts s'appliquent. Les règles de la fin et des tours et des symboles aussi.

§1.5. Fin

La partie se termine quand un joueur a 10 points. Le joueur doit défausser une carte à la fin de son tour.
Pendant la phase 2, le joueur compte ses points.
Le joueur doit piocher une carte au début du tour. Ensuite le tour passe au joueur suivant.

Le joueur gagne 2 points si son pion sort et si la tour tombe. Il gagne aussi 1 point si le pion sort et s'il garde la tour, chaque fois.

Le bouclier augmente la valeur de frappe de 1. Une tour a une valeur de structure de 4 et perd 2 points de structure par coup.

Un pion sur un système de pivot tourne la tour. Le pion blessé active le mécanisme de pivot de la tour.

Chaque tour sorti rapporte 1 PX. Le pion vaut 2 PX de plus à la fin. Un pion a 3 points de vie (PdV), et 2 PdV s'il porte un bouclier.
Le càc coûte 1 jeton. Un corps à corps se joue au dé, le càc suivant aussi, et un corps à corps perdu coûte 1 jeton.
Le joueur compte ses pts au niveau II, à 3 cm du bord. Le pion dépense 1 PM par case. Il a 4 points de mouvement (PM) par tour.

§2. Annexes

§2.1. Matériel

La boîte contient 40 cartes.

§2.3. Variantes

On peut jouer à deux.
"""

# (§, detector, term) of every defect planted above, and nothing else
PLANTED = {
    ("§1.1", "list-intro", "sont"),
    ("§1.1", "choice-list", "choices"),
    ("§1.2", "empty-section", "§1.2"),
    ("§1.3", "key-only", "§1.3"),
    ("§1.4", "lone-subtitle", "cartes de départ"),
    ("§1.4", "cut-sentence", "tuile de"),
    ("§1.4", "cut-sentence", "cases vides"),
    ("§1.4", "cut-sentence", "coûts sont"),
    ("§1.4", "cut-sentence", "de carte"),
    ("§1.4", "dangling-reference", "§2.5"),
    ("§1.4", "dangling-reference", "Voleur"),
    ("§1.4", "dangling-reference", "tableau"),
    ("§1.4", "may-must", "défausser carte"),
    ("§1.4", "two-names", "frappe"),
    ("§1.5", "two-names", "pivot"),  # one device, two names (système, mécanisme)
    ("§1.4", "dangling-reference", "ponts"),
    ("§1.4", "dangling-reference", "fosses"),
    ("§1.5", "dangling-reference", "phase 2"),  # phases counted by number, never numbered
    ("§2.3", "skipped-number", "§2.2"),
    ("§1.1", "undefined-term", "Clerc"),  # two roles named once each, nowhere said what they are
    ("§1.1", "undefined-term", "Troll"),
    ("§1.5", "paired-condition", "tombe"),  # one gain, two conditions: both, or each? (the next one says: each time)
    ("§1.5", "unstated-direction", "joueur suivant"),  # the next player, and no way round the table given
    ("§1.5", "abbreviation", "PX"),  # never spelled out (`pts`, a contraction of points, is read as the word)
    ("§1.5", "abbreviation", "càc"),  # the initials of `corps à corps`, which no sentence ties to it
    ("§1.5", "abbreviation", "PM"),  # used a sentence before the one that spells it out
}


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory):
    path = tmp_path_factory.mktemp("book") / "exemple.txt"
    path.write_text(BOOK, encoding="utf-8")
    return page("exemple", path)


def _got(p, detector=None):
    return {(h.cite, h.detector, h.term) for h in read(p) if detector in (None, h.detector)}


@pytest.mark.parametrize("detector", sorted({d for _, d, _ in PLANTED}))
def test_each_detector_finds_what_is_planted_and_nothing_else(synthetic, detector):
    assert _got(synthetic, detector) == {x for x in PLANTED if x[1] == detector}


def test_the_detectors_together_find_only_the_planted_defects(synthetic):
    assert _got(synthetic) == PLANTED


def test_a_choice_list_ends_with_its_last_item(synthetic):
    lines = [h.line for h in read(synthetic) if h.detector == "choice-list"]
    assert [synthetic.raw(k) for k in lines] == ["• Si la pioche est vide, passer son tour."]


def test_flavour_units_are_not_read(synthetic):
    cut = [h for h in read(synthetic) if h.detector == "cut-sentence" and h.term == "tuile de"]
    key = next(u.key for u in synthetic.units if u.line == cut[0].line)
    assert not [h for h in read(synthetic, skip={key}) if h.term == "tuile de"]


def test_the_map_tells_which_units_are_flavour_and_which_a_gap_encodes():
    from referee.checks.text import _map
    from referee.model import load

    flavour, gapped = _map(load("trolls"))
    assert any(k.startswith("§Commentaires#") for k in flavour) and ("§Intro", 5) in gapped


def test_a_paired_condition_whose_things_have_their_own_values_is_reported_as_worded_against_them(tmp_path):
    # 'one more point if A and if B', where the sections of A's and B's things each give it a
    # value in points: not a question left open, a sentence worded against those sections
    path = tmp_path / "valeurs.txt"
    path.write_text("Jeu\n\n§1. Gobelin\n\nRapporte 2 points s'il sort.\n\n§2. Trésor\n\nRapporte 1 point au joueur.\n\n"
                    "§3. Fin\n\nOn obtient 1 point de plus si l'on sort un trésor et si on sort le gobelin.\n", encoding="utf-8")
    (hit,) = [h for h in read(page("x", path)) if h.detector == "paired-condition"]
    assert hit.cite == "§3" and "§2 and §1 give each of the two its own value" in hit.says
    # one of the two with no value of its own: the question stays open
    path.write_text(path.read_text(encoding="utf-8").replace("Rapporte 1 point au joueur.", "Se transporte."),
                    encoding="utf-8")
    (hit,) = [h for h in read(page("x", path)) if h.detector == "paired-condition"]
    assert "is not said" in hit.says


def test_a_list_whose_items_the_outline_makes_sections_is_untitled_not_missing(tmp_path):
    path = tmp_path / "sans_titres.txt"
    path.write_text("Jeu\n\nLe joueur dispose des deux actions suivantes :\n\nRévéler une salle coûte 1 point.\n\n"
                    "Déplacer un pion coûte 1 point.\n", encoding="utf-8")
    outline = [("§Intro", 1, True), ("§Tour", 3, False), ("§Révéler", 5, False), ("§Déplacer", 7, False)]
    hits = list(read(page("x", path, sections(path, outline))))
    assert not [h for h in hits if h.detector == "list-intro"]
    # the items are there, with no title of their own: the outline had to name them
    untitled = [h for h in hits if h.detector == "untitled-items"]
    assert [h.cite for h in untitled] == ["§Tour"] and "§Révéler, §Déplacer" in untitled[0].says
    flat = [("§Intro", 1, True), ("§Tour", 3, False)]  # the same text with no § for the items
    hits = list(read(page("x", path, sections(path, flat))))
    assert [h.cite for h in hits if h.detector == "list-intro"] == ["§Tour"]
    assert not [h for h in hits if h.detector == "untitled-items"]


def test_findings_have_stable_ids_named_after_the_term_and_cite_the_line(synthetic):
    fs = findings(synthetic, read(synthetic))
    ids = [f.id for f in fs]
    assert len(ids) == len(set(ids)) == len(PLANTED)
    assert "exemple.gap.§1.2.empty-section" in ids  # alone in its §: no tail
    assert "exemple.gap.§1.4.cut-sentence.tuile-de" in ids  # several in one §: the term, never a counter
    mm = next(f for f in fs if f.id.endswith("may-must"))
    assert mm.kind == "contradiction" and mm.cites == ["§1.4", "§1.5"]
    assert all(f.sources and f.sources[0].startswith("exemple.txt:") for f in fs)
    # our paraphrase, never the rulebook's sentence: no 5-word run of the book in what a finding says
    runs = {" ".join(w[i:i + 5]) for line in BOOK.splitlines() if (w := line.split()) for i in range(len(w) - 4)}
    assert not [f.says for f in fs for r in runs if r in f.says]


def _game(options, rulings=(), gaps=()):
    return SimpleNamespace(name="fake", options=tuple(options), rulings=tuple(rulings), gaps=tuple(gaps))


def test_a_silent_option_no_ruling_asks_is_a_finding_and_no_other_option_is():
    yes = lambda s, a: True  # noqa: E731
    opts = [Option("drop", "§2.1", "the cost of dropping a token", {"0": "free", "1": "1 point"}, "0"),
            Option("asked", "§2.2 §2.3", "who chooses", {"a": "A", "b": "B"}, "a"),
            Option("decided", "§2.4", "the text decides", {"x": "X"}, "x", kind="house"),
            Option("book", "§2.5", "the author's variant", {"on": "on"}, "on", kind="variant"),
            Option("sources", "§2.6", "two sources differ", {"p": "P"}, "p", kind="disputed")]
    ruling = Ruling("who", "§2.2", "who chooses", yes, (Answer("§2.2", "option:asked=a", "A", yes, yes),))
    hits = list(silent_option(_game(opts, [ruling])))
    assert [(h.cite, h.detector, h.kind, h.term) for h in hits] == [("§2.1", "silent-option", "gap", "drop")]
    # a Gap whose reading names the option is that silence's finding: not reported twice
    gap = Gap("§2.1", "what dropping costs is never said", "free (option drop=0)", name="drop_cost")
    assert list(silent_option(_game(opts, [ruling], [gap]))) == []
    other = Gap("§2.1", "something else", "the option dropped names no option here", name="other")
    assert [h.term for h in silent_option(_game(opts, [ruling], [other]))] == ["drop"]


def test_an_act_whose_conditions_the_text_gives_and_whose_result_it_never_states():
    act = lambda name, cite: SimpleNamespace(name=name, cite=cite, says=f"{name} does this")  # noqa: E731
    entries = [Entry("§2#1", 5, "0123456789", ("need:swap#1@abcdef",), None, None, 1),
               Entry("§3#1", 8, "0123456789", ("need:move#1@abcdef", "action:move"), None, None, 2),
               Entry("§4#1", 9, "0123456789", ("need:shove#2@abcdef",), None, None, 3),
               Entry("§5#1", 11, "0123456789", (), "flavour", None, 4)]
    acts = [act("swap", "§2"), act("move", "§3"), act("shove", "§4"), act("rest", "§5")]
    game = SimpleNamespace(actions=acts, options=(), rulings=(), gaps=(SimpleNamespace(cite="§4"),))
    hits = list(unstated_effect(game, entries))
    # move: its effect is mapped; shove: a Gap at its § says it; rest: no condition in the text
    assert [(h.cite, h.detector, h.term, h.line) for h in hits] == [("§2", "unstated-effect", "swap", 5)]
    # an option the model needed because the text is silent says it; one on which published
    # sources differ does not: the text still never states the effect
    silent = Option("swap_how", "§2", "what swap does", {"a": "A"}, "a", kind="silent")
    assert not list(unstated_effect(SimpleNamespace(actions=acts, options=(silent,), rulings=(), gaps=()), entries[:1]))
    disputed = Option("swap_how", "§2", "what swap does", {"a": "A"}, "a", kind="disputed")
    assert [h.term for h in unstated_effect(SimpleNamespace(actions=acts, options=(disputed,), rulings=(), gaps=()),
                                            entries[:1])] == ["swap"]


def test_what_the_model_reports_as_a_gap_is_not_reported_twice():
    game = _game([], gaps=[SimpleNamespace(cite="§6.2 §10.3", says="lost", fills="ours")])
    empty = Hit("§6.2", "empty-section", "gap", "", 84, "§6.2")
    assert _known(game, empty, frozenset())  # the whole § is lost and a Gap cites it
    intro = Hit("§6.2", "list-intro", "gap", "", 90, "x")
    assert not _known(game, intro, frozenset())  # a Gap elsewhere in the § may be about another thing
    assert _known(game, intro, frozenset({("§6.2", 90)}))  # the map links this very unit to a Gap
    assert not _known(game, Hit("§6.2", "may-must", "contradiction", "", 90, "x"), frozenset({("§6.2", 90)}))


# Every finding on the seeds, each read against its rulebook and judged a real defect
# (docs/detectors.md lists them with the reading); a new one must be read before it is added.
SEEDS = {
    # the phase numbers dangling-reference read at §6.4 are the Gap phase_numbers since session 39 (it
    # says what the chapters' order suggests, which the detector cannot); the list-intro read at §3.3 (the
    # initiation side's 9 buildings, never listed) is the Gap initiation_nine since session 46; the
    # skipped-number read at §5.1 (chapter 4) is the Gap turn_marker since session 58 (it names the chapter)
    # 'PV' never spelled out (abbrev.py): Raiders' victory points, Welcome's hit points
    "raiders": {"raiders.gap.§3.1.skipped-number", "raiders.gap.§9.1.abbreviation"},
    # the turns' direction is read from §Fin de manche's start player (coverage §Fin de tour#4): the text never gives it
    "draft": {"draft.gap.§Fin_de_tour.unstated-direction",
              # the start player 'alternera' (§Mise en place) and 'tournera' (§Fin de manche); 'un Or
              # supplémentaire égal à' the production; the quest pile filled at setup and never used after
              # (blind readers of s49, s53 and s55; the gaps start_alternates and one_extra_gold withdrawn in s47)
              "draft.ambiguity.§Mise_en_place.two-verbs", "draft.ambiguity.§Fin_de_tour.one-equal-to",
              "draft.gap.§Mise_en_place.idle-pile"},
    "welcome": {"welcome.ambiguity.§Enchères.choice-list", "welcome.gap.§Équipement.Métamorphose.unstated-effect",
                "welcome.gap.§Donjon.abbreviation"},
    "trolls": {"trolls.contradiction.§Tour_de_jeu_6.may-must",
               # option leave_melee: no Gap names it since group_leave_melee was withdrawn (session 39)
               "trolls.gap.§Actions_Mouvement.silent-option",
               # the author's request and the readers' thread under the rules (a blind reader's T31, s55)
               "trolls.gap.§Commentaires.first-person",
               # 'càc', used from §Actions/Mouvement on, never tied to 'corps à corps' (a blind reader's TD24, s58)
               "trolls.gap.§Actions_Mouvement.abbreviation"},
    # twister's §Déplacement#4 (the pointer to the Thief, Warrior and Rope, then the sentence on what a move
    # passes over, cut on ', ...') is the Gaps pits_and_portcullises and pass_over since session 40: its
    # dangling-reference and cut-sentence said the same as they do
    "twister": {"twister.gap.§Combat.silent-option",
                "twister.ambiguity.§Combat.two-names", "twister.ambiguity.§Matériel.one-word-two-roles",
                "twister.ambiguity.§Tour.untitled-items", "twister.ambiguity.§Fin.paired-condition",
                # whose pawn is turned face down after a combat: the winner's or the loser's (session 55)
                "twister.ambiguity.§Combat.unclear-antecedent"},
}


@pytest.mark.parametrize("name", sorted(SEEDS))
def test_the_findings_on_the_seeds_are_the_ones_read_and_judged_real(name):
    from referee.model import load
    from referee.rulebook.book import seed_file

    game = load(name)
    if seed_file(game) is None:
        pytest.skip(f"the seed {Path(game.rulebook).name} is not here (../shared/seeds)")
    got = detect(game)
    assert {f.id for f in got if f.is_problem} == SEEDS[name]
    # the facts the text gives twice and that agree (restated.py): claims proved, no findings
    assert {f.id for f in got if not f.is_problem} == AGREED.get(name, set())


# Facts each seed gives twice in two forms, checked against each other and found to agree
AGREED = {
    "welcome": {"welcome.claim.§Manche_suivante.seat_side"},  # 'sens horaire' (§Enchères), 'à sa gauche'
    "twister": {"twister.claim.§Matériel.layout_8"},  # 8 rooms in 2 rows of 4, a block of 2 by 4
    "raiders": {"raiders.claim.§5.2.references_land"},  # voir 7.4, 9.1, 7.5, 7.3, chapitre 7
}


@pytest.mark.parametrize("text, refs", [
    ("voir 2 cartes", []), ("voir 12 points", []), ("voir 2 ou 3 cartes", []), ("voir 3 des cartes", []),
    ("voir 4 à 6 cartes", []),  # counts after `voir`
    ("voir 4 en fin de livret", ["§4"]), ("voir 9 dans le livret", ["§9"]), ("voir 4 également", ["§4"]),
    ("Voir 4 Combat avancé", ["§4"]), ("(voir 7.4)", ["§7.4"]), ("voir chapitre 7 pour", ["§7"]),
])
def test_a_count_after_voir_is_no_reference_and_a_number_the_sentence_goes_on_from_is(text, refs):
    from referee.checks.text.refs import _references

    assert list(_references(text)) == refs


def test_the_references_that_land_are_one_claim_proved_with_the_headings_they_land_on(tmp_path):
    from referee.checks.text import refs

    path = tmp_path / "voir.txt"
    path.write_text("Jeu\n\n§1.1. Tour\n\nPiochez une carte (voir 2.1). Jouez-la (voir 3.1). Il faut voir 2 cartes.\n\n"
                    "Relisez-la (voir 2.1).\n\n§2.1. Les cartes\n\nUne carte vaut 1.\n", encoding="utf-8")
    p = page("voir", path)
    (f,) = refs.references_checked(p, frozenset())
    assert f.kind == "claim" and f.status == "proved" and not f.is_problem
    assert "§1.1 → §2.1 'Les cartes' (2 times)" in f.says and "§3.1" not in f.says and "2 references" in f.says
    assert f.sources == ["voir.txt:5", "voir.txt:7"]
    # `voir 2 cartes` is a count, not a reference: no § 2 is missing
    assert [h.term for h in read(p) if h.detector == "dangling-reference"] == ["§3.1"]
    path.write_text("Jeu\n\n§1.1. Tour\n\nPiochez une carte.\n", encoding="utf-8")
    assert refs.references_checked(page("voir", path), frozenset()) == []


def test_the_audit_reads_the_map_for_acts_whose_result_is_unstated():
    """Welcome's Polymorph: the text gives only when it cannot be used, never what it does; the
    disputed option (where its replacement comes from) does not say that, so both are reported,
    with or without the option."""
    import dataclasses

    from referee.model import load
    from referee.rulebook.book import seed_file

    game = load("welcome")
    if seed_file(game) is None:
        pytest.skip("the Welcome seed is not here (../shared/seeds)")
    bare = dataclasses.replace(game, options=tuple(o for o in game.options if o.name != "polymorph"))
    for g in (game, bare):
        assert "welcome.gap.§Équipement.Métamorphose.unstated-effect" in {f.id for f in detect(g)}


def test_an_unreadable_rulebook_is_not_established_with_its_located_reason(tmp_path):
    from referee.model import load

    bad = tmp_path / "livre.txt"
    bad.write_bytes(b"\xff\xfe r\xe8gles")
    fs = detect(load("draft"), rulebook=bad)
    assert [(f.kind, f.status) for f in fs] == [("unknown", "not established")]
    assert f"{bad}:1: not UTF-8 text (byte 1 of the line)" in fs[0].details[0]


def test_a_gap_on_one_sentence_of_a_line_does_not_hide_a_hit_on_another():
    # one line can hold a whole § (Dungeon Draft; Twister's §Déplacement): the map's link of
    # its first sentence to a Gap says nothing of a cut sentence further on the same line
    game = _game([])
    entries = [Entry("§4#1", 19, "0123456789", ("gap:3@abcdef",), None, None, 1),
               Entry("§4#4", 19, "0123456789", ("action:move",), None, None, 4)]
    _, gapped = _map(game, entries)
    cut = Hit("§4", "cut-sentence", "gap", "", 19, "x", unit="§4#4")
    assert not _known(game, cut, gapped)
    assert _known(game, Hit("§4", "cut-sentence", "gap", "", 19, "x", unit="§4#1"), gapped)
    # a hit read at a line, not at a unit (a lone sub-title), still goes by the line
    assert _known(game, Hit("§4", "lone-subtitle", "gap", "", 19, "x"), gapped)


def test_a_chapter_or_a_section_missing_between_two_others_or_before_the_first(tmp_path):
    path = tmp_path / "numeros.txt"
    # starts at §3 (§1 and §2 lost: excerpt or not, what they held cannot be read); a chapter
    # heading then its first §; §5 lost; §6.2 lost
    path.write_text("Jeu\n\n§3.1. A\n\nUn.\n\n§3.2. B\n\nDeux.\n\n§4. C\n\n§4.1. D\n\nTrois.\n\n"
                    "§6.1. E\n\nQuatre.\n\n§6.3. F\n\nCinq.\n\n§7.2. G\n\nSix.\n", encoding="utf-8")
    got = [(h.cite, h.term, h.says.split(":")[0]) for h in read(page("numeros", path)) if h.detector == "skipped-number"]
    assert got == [("§3.1", "§1", "the numbering starts at §3.1"),
                   ("§6.1", "§5", "the numbering goes from §4.1 to §6.1"),
                   ("§6.3", "§6.2", "the numbering goes from §6.1 to §6.3"),
                   ("§7.2", "§7.1", "the numbering goes from §6.3 to §7.2")]
    assert "§1, §2 are not in the rulebook" in next(h.says for h in read(page("numeros", path)) if h.cite == "§3.1")


@pytest.mark.parametrize("first, lost", [("§0", []), ("§0.1", []), ("§1", []), ("§1.1", []), ("§1.3", ["§1.1", "§1.2"]),
                                         ("§2", ["§1"]), ("§2.2", ["§1", "§2.1"])])
def test_a_book_numbered_from_0_or_1_starts_whole_and_any_other_start_is_reported(tmp_path, first, lost):
    path = tmp_path / "debut.txt"
    path.write_text(f"Jeu\n\n{first}. A\n\nUn.\n", encoding="utf-8")
    got = [h for h in read(page("debut", path)) if h.detector == "skipped-number"]
    assert [h.says.split(": ")[1].split(" are not")[0].split(" is not")[0] for h in got] == ([", ".join(lost)] if lost else [])


def test_a_section_number_used_twice_is_named_once_at_its_second_heading(tmp_path):
    path = tmp_path / "doublon.txt"
    path.write_text("Jeu\n\n§1.1. Un\n\nLe joueur pioche.\n\n§1.2. Deux\n\nLe joueur joue.\n\n"
                    "§1.2. Deux encore\n\nLe joueur passe.\n\n§1.3. Trois\n\nFin.\n", encoding="utf-8")
    got = [(h.cite, h.line, h.kind) for h in read(page("doublon", path)) if h.detector == "repeated-heading"]
    assert got == [("§1.2", 11, "ambiguity")]
    ok = tmp_path / "ok.txt"
    ok.write_text("Jeu\n\n§1.1. Un\n\nLe joueur pioche.\n\n§1.2. Deux\n\nLe joueur joue.\n", encoding="utf-8")
    assert not [h for h in read(page("ok", ok)) if h.detector == "repeated-heading"]


def test_a_book_of_many_references_by_name_is_read_in_linear_time(tmp_path):
    """1000 `voir Name` lines: dangling-reference rebuilt every other unit's words for each
    reference (23 s here); with one index of the words it takes 0.1 s. The bound leaves room
    for a loaded machine; every name is still lost, and found as such."""
    import time

    path = tmp_path / "renvois.txt"
    path.write_text("Jeu\n\n" + "".join(f"Le pion va (voir Zorg{i}).\n" for i in range(1000)), encoding="utf-8")
    p = page("renvois", path)
    start = time.perf_counter()
    from referee.checks.text.refs import dangling_reference

    hits = list(dangling_reference(p, frozenset()))
    assert time.perf_counter() - start < 5
    assert len(hits) == 1000 and hits[0].term == "Zorg0"


def test_il_faut_requires_as_doit_does(tmp_path):
    path = tmp_path / "faut.txt"
    path.write_text("Jeu\n\n§1. Tour\n\nLe joueur peut lancer un dé.\n\n§2. Fin\n\nIl faut lancer un dé à la fin.\n\n"
                    "Il ne faut pas piocher de carte. Le joueur peut piocher une carte.\n", encoding="utf-8")
    got = [(h.cite, h.term, h.also) for h in read(page("faut", path)) if h.detector == "may-must"]
    assert got == [("§1", "lancer dé", ("§2",))]  # `il ne faut pas` forbids: no pair with `peut piocher`


def test_without_the_rulebook_the_detectors_say_they_did_not_run(monkeypatch):
    # an installed copy run away from any checkout: not silence, a not-established result
    import referee.rulebook.book as B
    from referee.model import load

    monkeypatch.setattr(B, "seeds_dir", lambda: None)
    f, = detect(load("draft"))
    assert f.status == "not established" and "REFEREE_SEEDS" in f.details[0] and not f.is_problem
    assert f.open == "input"  # a file settles it, not a budget (the audit's JSON requires it said)


def test_the_seeds_are_found_up_from_where_referee_runs(tmp_path, monkeypatch):
    # `pip install . && referee audit` in a clone: the package is in site-packages, the seeds beside the clone
    from referee.rulebook.book import SEEDS_ENV, seeds_dir

    (tmp_path / "shared" / "seeds").mkdir(parents=True)
    (tmp_path / "main" / "sub").mkdir(parents=True)
    monkeypatch.delenv(SEEDS_ENV, raising=False)
    monkeypatch.chdir(tmp_path / "main" / "sub")
    assert seeds_dir() == (tmp_path / "shared" / "seeds").resolve()


@pytest.mark.parametrize("numbered", [
    "§1. Les phases du tour :\n\n1. Pioche.\n2. Action.\n",      # a list under a line naming the phases
    "§1. Déroulement\n\nPhase 2 : le joueur agit.\n",               # a line that has it as its subject
    "§1. Phase 2 - Action\n\nLe joueur agit.\n",                    # a heading
])
def test_a_phase_counted_by_number_is_a_finding_unless_the_book_numbers_it(tmp_path, numbered):
    from referee.checks.text.refs import dangling_reference

    later = "\n§2. Fin\n\nPendant la phase 2, le joueur compte ses points.\n"
    bare = tmp_path / "bare.txt"
    bare.write_text("Jeu : règles\n" + later, encoding="utf-8")
    hits = [h for h in dangling_reference(page("x", bare), frozenset()) if h.term.startswith("phase")]
    assert [(h.cite, h.term) for h in hits] == [("§2", "phase 2")]
    given = tmp_path / "given.txt"
    given.write_text("Jeu : règles\n\n" + numbered + later, encoding="utf-8")
    assert not [h for h in dangling_reference(page("x", given), frozenset()) if h.term.startswith("phase")]


@pytest.mark.parametrize("text, hit", [
    ("De 2 à 5 joueurs. Le joueur de départ change dans le sens horaire. Le tour passe au joueur suivant.", True),
    ("Le tour passe au prochain joueur.", True),  # no count given: the next one may be any of several
    ("De 2 à 5 joueurs. Jouez dans le sens horaire. Le tour passe au joueur suivant.", False),
    ("De 2 à 4 joueurs. Le joueur suivant à sa gauche commence.", False),  # the side is named with it
    ("Pour 2 joueurs. Le tour passe au joueur suivant.", False),  # the next player is the other one
    ("Pour trois joueurs. Les joueurs jouent à tour de rôle vers la gauche. Le tour passe au suivant.", False),
    ("Pour trois joueurs. La carte suivante est posée.", False),  # 'suivant' of something else than a player
    # session 50's review: a direction in the next player's own sentence, or said of the game's course
    ("De 2 à 5 joueurs. C'est ensuite au joueur suivant, dans le sens horaire.", False),
    ("Le premier joueur joue, puis on joue dans le sens horaire. Le tour passe au joueur suivant.", False),
    ("La partie se déroule dans le sens des aiguilles d'une montre. Le tour passe au joueur suivant.", False),
    ("Les tours s'enchaînent dans le sens horaire. Le tour passe au joueur suivant.", False),
    ("De 3 à 5 joueurs. Passez les dés à votre voisin de gauche.", False),
    # a side of a thing is no direction of play; a count left open or a case of the game bounds nothing
    ("Chaque joueur joue son tour puis pose la carte jouée à droite de sa pile. Le tour passe au joueur suivant.", True),
    ("Pour 2 joueurs ou plus. Le tour passe au joueur suivant.", True),
    ("Dans une partie à 2 joueurs, retirez 10 cartes. Le tour passe au joueur suivant.", True),
    ("De 3 à 5 joueurs. C'est à la joueuse suivante de jouer.", True),
    ("De 3 à 5 joueurs. Puis c'est au joueur qui suit.", True),
])
def test_the_next_player_with_no_direction_of_the_turns(tmp_path, text, hit):
    path = tmp_path / "sens.txt"
    path.write_text(f"Jeu\n\n§1. Tour\n\n{text}\n", encoding="utf-8")
    got = [h for h in read(page("sens", path)) if h.detector == "unstated-direction"]
    assert bool(got) == hit, got
    if hit and "départ" in text:
        assert got[0].also == ("§1",) and "not said of the turns" in got[0].says


@pytest.mark.parametrize("text, term", [
    # a possessive or pronoun opening a sentence after two persons it may stand for: whose, or who?
    ("Le joueur ayant le plus haut score blesse l'adversaire. Dans ce cas son pion est couché.", "son pion"),
    ("L'attaquant frappe le défenseur. Il perd un point.", "il perd"),
    ("Les joueurs affrontent les monstres. Ensuite, leurs cartes sont défaussées.", "leurs cartes"),
    ("Le héros rencontre l'ennemi. Sa force compte double.", "sa force"),
    ("Le joueur actif attaque un autre joueur. Il perd un point.", "il perd"),  # one noun, two persons
    ("Le joueur Humain tire sur le joueur Troll. Il perd un point.", "il perd"),
    ("Le joueur actif échange une carte avec le joueur de gauche. Son score augmente.", "son score"),
    ("Le joueur échange une carte avec l'adversaire. S'il gagne, il pioche.", "il gagne"),
    ("Le joueur échange une carte avec l'adversaire. Mais il pioche.", "il pioche"),
    ("Le joueur attaque l'adversaire. À la fin, il pioche.", "il pioche"),
    ("Le joueur attaque l'adversaire : il perd un point.", "il perd"),  # a clause after a colon
    ("Ces héros affrontent le monstre. Leurs armes se brisent.", None),  # one plural person
    # one person of the pronoun's number or gender, an impersonal `il`, a qualifier, a pronoun inside
    ("Les joueurs choisissent l'aventurier. Ils posent leurs cartes.", None),
    ("Le joueur attaque l'adversaire. Il faut ensuite défausser une carte.", None),
    ("Le joueur attaque l'adversaire. Il y a alors un combat.", None),
    ("Le joueur attaque l'adversaire. Il n'y a pas de combat.", None),
    ("Le joueur attaque l'adversaire. Il est également possible de passer.", None),
    ("Le joueur attaque l'adversaire. Il existe trois combats.", None),
    ("Le joueur attaque l'adversaire. Il reste deux cartes.", None),
    ("Le joueur attaque l'adversaire. Il ne faut pas défausser.", None),
    ("Le joueur perdant pioche. Il passe son tour.", None),  # `perdant` qualifies the player
    ("Le tireur vise la case cible. Il tire.", None),
    ("Le joueur pose la figurine. Elle reste sur place.", None),  # `elle`: the figure, by gender
    ("Le tireur vise la cible. La cible lance un dé et il gagne.", None),  # a pronoun inside its sentence
    ("Le joueur pioche. Il pose une carte.", None),
    ("Les héros affrontent le monstre. Il perd un point.", None),  # one singular person: the monster
    # the second review (s55): more impersonal `il`, one player named twice, a generic masculine,
    # capitals that name no one
    ("Le joueur attaque l'adversaire. Il y en a deux.", None),
    ("Le joueur attaque l'adversaire. Il peut y avoir un combat.", None),
    ("Le joueur attaque l'adversaire. Il ne reste alors qu'une carte.", None),
    ("Le joueur attaque l'adversaire. Il en résulte un combat.", None),
    ("Le joueur attaque l'adversaire. Il est à noter que le combat est facultatif.", None),
    ("Le joueur attaque l'adversaire. Il sera alors possible de passer.", None),
    ("Le joueur de gauche devient le premier joueur. Il pioche.", None),  # one player, twice
    ("L'adversaire pose sa figurine. Elle recule.", None),  # `elle`: the figure; the opponent is `il`
    ("LE JOUEUR AFFRONTE L'ADVERSAIRE. IL PERD UN POINT.", "il perd"),
    ("Le joueur actif choisit le joueur suivant. Il pioche.", "il pioche"),  # two seats, two players
])
def test_a_pronoun_opening_a_sentence_after_two_persons(tmp_path, text, term):
    path = tmp_path / "qui.txt"
    path.write_text(f"Jeu\n\n§1. Combat\n\n{text}\n", encoding="utf-8")
    got = [h for h in read(page("qui", path)) if h.detector == "unclear-antecedent"]
    assert [h.term for h in got] == ([term] if term else []), got
    if term:
        assert got[0].kind == "ambiguity" and got[0].cite == "§1" and got[0].line == 5
        assert got[0].says.startswith("a clause" if " : " in text else "a sentence") and "AFFRONTE" not in got[0].says


def _found(tmp_path, book: str, detector: str) -> list:
    """The hits of one detector on a small rulebook of the test's own (its text after the title)."""
    path = tmp_path / "livre.txt"
    path.write_text(f"Jeu\n\n{book}\n", encoding="utf-8")
    return [h for h in read(page("livre", path)) if h.detector == detector]


@pytest.mark.parametrize("text, lines", [
    ("Chaque joueur pioche. Je conseille de jouer vite.", [5]),
    ("Chaque joueur pioche.\n\nJ'aimerais une photo ici.", [7]),
    ("Chaque joueur pioche.\n\n[pseudo]\n\nTrès sympa ce jeu !", [7]),  # a signed comment
    ("Chaque joueur pioche. Moi, je joue les Trolls.\n\nMerci à mes lecteurs.", [5, 7]),
    ("Placez vos pions. À votre tour, piochez.", []),  # the players addressed: rules
    ("Nous vous conseillons de commencer par le tutoriel.", []),  # the designers' plural
    ("Le joueur annonce « je passe » et pose sa carte.", []),  # a player's words, quoted
    ("Le joueur mélange ses cartes. Voici mes règles maison.", [5]),
    ("Le majordome et la mesure : un mème.", []),  # `ma`, `mes`, `me` inside words
])
def test_words_in_the_first_person_are_asides_not_rules(tmp_path, text, lines):
    got = _found(tmp_path, f"§1. Tour\n\n{text}", "first-person")
    assert len(got) == (1 if lines else 0), got
    if lines:
        (h,) = got
        assert h.kind == "gap" and h.cite == "§1" and h.line == lines[0]
        assert h.says.startswith(f"line {lines[0]}" if len(lines) == 1 else f"lines {lines[0]}–{lines[-1]}")
        assert ("name between brackets" in h.says) == ("[" in text)


@pytest.mark.parametrize("text, hit", [
    ("§1. Début\n\nLe joueur de départ alternera dans le sens des aiguilles chaque manche.\n\n§2. Fin\n\n"
     "À chaque manche, le joueur de départ tournera dans le sens des aiguilles.", ("§1", "§2", "alternera-tournera")),
    ("§1. Tour\n\nLe joueur actif pioche deux cartes de la pile.\n\n§2. Fin\n\nLe joueur actif prend deux cartes de "
     "la pile.", ("§1", "§2", "pioche-prend")),
    # within one §: a parallel construction; a subject ending on `de`: the word completes it
    ("§1. Tour\n\nLe joueur actif pioche deux cartes de la pile. Puis le joueur actif prend deux cartes de la pile.",
     None),
    ("§1. A\n\nLe joueur de gauche prend deux cartes de la pioche.\n\n§2. B\n\n"
     "Le joueur de droite prend deux cartes de la pioche.", None),
    # one verb in two tenses, the modal pair, a negation: not two words for one act
    ("§1. A\n\nLe joueur de départ tourne dans le sens des aiguilles.\n\n§2. B\n\n"
     "Le joueur de départ tournera dans le sens des aiguilles.", None),
    ("§1. A\n\nLe joueur actif peut poser deux cartes sur la table.\n\n§2. B\n\n"
     "Le joueur actif doit poser deux cartes sur la table.", None),
    ("§1. A\n\nLe joueur actif pose deux cartes sur la table.\n\n§2. B\n\n"
     "Le joueur actif ne pose deux cartes sur la table.", None),
    ("§1. A\n\nLe joueur actif pose deux cartes.\n\n§2. B\n\nLe joueur actif prend deux cartes.", None),  # 2 words after
])
def test_one_thing_said_twice_with_two_verbs(tmp_path, text, hit):
    got = _found(tmp_path, text, "two-verbs")
    assert [(h.cite, h.also[0], h.term) for h in got] == ([hit] if hit else []), got
    if hit:
        assert got[0].kind == "ambiguity"


@pytest.mark.parametrize("text, noun", [
    ("Gagnez 5 Or plus un Or supplémentaire égal à la production.", "or"),
    ("On marque 2 points, puis une couronne égale au nombre de tours.\n\nIl coûte 3 couronnes.", "couronne"),
    ("Un effet égal au niveau du bâtiment s'applique.", None),  # the book never counts effects
    ("Gagnez 5 Or. Il faut une Attaque égale ou supérieure au coût.", None),  # a bound, and Attaque uncounted
    ("Gagnez 5 Or et autant d'Or que la production.", None),
])
def test_an_amount_given_as_one_equal_to(tmp_path, text, noun):
    got = _found(tmp_path, f"§1. Fin\n\n{text}", "one-equal-to")
    assert [h.term for h in got] == ([noun] if noun else []), got


@pytest.mark.parametrize("rules, idle", [
    ("Chacun retourne le reste au bas de la pioche Quête.\n\n§2. Tour\n\nOn joue ses quêtes.", "quête"),
    ("Chacun retourne le reste au bas de la pioche Quête.\n\n§2. Tour\n\nPiochez une carte de la pioche Quête.", None),
    ("Chacun retourne le reste sous la pile Trésor.\n\n§2. Tour\n\nLa pile Trésor est vide à la fin.", None),
])
def test_a_pile_filled_at_setup_that_nothing_uses_after(tmp_path, rules, idle):
    got = _found(tmp_path, f"§1. Mise en place\n\n{rules}", "idle-pile")
    assert [h.term for h in got] == ([idle] if idle else []), got
    if idle:
        assert got[0].cite == "§1" and got[0].kind == "gap"


def test_the_detectors_read_a_hostile_book_of_look_alike_sentences_in_linear_time(tmp_path):
    """6,000 sentences that open alike, in 3,000 §s: a detector comparing every pair of
    sentences (two-verbs did, session 56, 20 s for half as many) would take minutes; the
    net here is far above a linear reading's half second, so only a quadratic one fails."""
    import time

    body = "\n\n".join(f"§{i}. T\n\nLe joueur de départ pioche {i} cartes de la pile, un Or égal à 5 Or. "
                       f"Le joueur de départ prend {i} cartes de la pile." for i in range(1, 3001))
    path = tmp_path / "long.txt"
    path.write_text(f"Jeu\n\n{body}\n", encoding="utf-8")
    p = page("long", path)
    t = time.process_time()
    got = [h for h in read(p) if h.detector in ("two-verbs", "one-equal-to", "idle-pile", "first-person")]
    assert time.process_time() - t < 30
    assert sum(h.detector == "one-equal-to" for h in got) == 3000 and not any(h.detector == "two-verbs" for h in got)


# The s56 review (notes/s56/review): 107 passages of its own against the four new detectors;
# each rule below mends a kind of miss or false hit it found, one passage per kind.
@pytest.mark.parametrize("body, hit", [
    ("Exemple : je joue un 7 rouge, mon voisin doit jouer une carte rouge.", False),  # a worked example
    ("Puis-je jouer deux cartes dans le même tour ?", False),  # a player's question
    ("Jouez la carte Mon Précieux pour voler un trésor.", False),  # a name
    ("[Variante avancée]\n\nLes joueurs expérimentés retirent les cartes Aide.", False),  # a tag, not a signature
    ("Je vous conseille de jouer sans les cartes Événement.", True),
])
def test_first_person_reads_no_example_question_name_or_tag(tmp_path, body, hit):
    assert bool(_found(tmp_path, f"§1. Tour\n\nChaque joueur pioche.\n\n{body}", "first-person")) == hit


@pytest.mark.parametrize("one, two, hit", [
    ("Le joueur actif pose deux cartes sur la table.", "Le joueur actif posera deux cartes sur la table.", False),
    ("Le joueur actif met deux cartes sur la table.", "Le joueur actif mettra deux cartes sur la table.", False),
    # the shared words stop before a clause ends in both: two rules
    ("Le joueur actif gagne un point de victoire pour chaque Temple qu'il contrôle.",
     "Le joueur actif perd un point de victoire pour chaque Temple détruit par un Dragon.", False),
    ("Le pion du joueur rouge avance de trois cases sur la piste.",
     "Le pion du joueur bleu avance de trois cases sur la piste.", False),  # the word qualifies the subject
    ("Chaque joueur pioche deux cartes de la réserve.", "Chaque joueur défausse deux cartes de la réserve.", True),
])
def test_two_verbs_reads_tenses_two_rules_and_qualifiers_apart(tmp_path, one, two, hit):
    assert bool(_found(tmp_path, f"§1. Tour\n\n{one}\n\n§2. Fin\n\n{two}", "two-verbs")) == hit


def test_two_verbs_reads_no_variant_section(tmp_path):
    assert not _found(tmp_path, "§1. Tour\n\nLe joueur actif pose deux cartes sur la table.\n\n§2. Variante\n\n"
                                "Le joueur actif cache deux cartes sur la table.", "two-verbs")


@pytest.mark.parametrize("text, hit", [
    ("Il coûte 3 points de victoire. Gagnez un point de victoire égal au nombre de Temples.", True),
    ("Il coûte 5 Or. Il reçoit un Or de plus égal à sa production.", True),
    ("Il avance de 3 cases. Puis il recule d'une case égale au résultat du dé.", True),
    ("Il coûte 2 pièces d'Or. Gagnez une pièce d'Or supplémentaire égale à la production.", True),
    ("Il coûte 3 cartes. Jouez une carte égale à la carte de tête.", False),  # a comparison
    ("Il coûte 3 cases. Posez un jeton sur une case égale au résultat du dé.", False),  # a place
    ("Il coûte 3 cartes. Jouez une carte égale à celle du voisin.", False),
])
def test_one_equal_to_reads_noun_phrases_and_no_comparison_or_place(tmp_path, text, hit):
    assert bool(_found(tmp_path, f"§1. Fin\n\n{text}", "one-equal-to")) == hit


@pytest.mark.parametrize("title, setup, later, hit", [
    ("Mise en place", "Placez le reste sous la pioche des quêtes.", "On joue.", True),  # a complement name
    ("Mise en place", "Placez le reste sous la pile d'Artefacts.", "On joue.", True),
    ("Mise en place", "Placez le reste au-dessus de la pioche Quête.", "On joue.", True),
    ("Avant la partie", "Placez le reste sous la pioche Quête.", "On joue.", True),
    ("Mise en place", "Placez le reste sous la pioche Quête.", "Révélez la première carte Quête.", False),
    ("Mise en place", "Placez le reste sous la pioche Quête.", "On pioche dans la pioche quête.", False),  # any case
    ("Mise en place", "Placez le reste sous la pioche Quête.", "Piochez une carte de la pioche.", False),  # the only pioche
    ("Mise en place", "Placez le reste sur la pile Défausse.", "Défaussez une carte.", False),
    ("Mise en place", "Placez le reste dans la défausse Quête.", "On joue.", True),  # a discard filled, never used
    ("Mise en place", "Placez le reste sous la pioche Quête.", "La pioche se pioche : piochez une carte.", False),
    ("Mise en place", "Placez le reste sous la pioche Quête. Au cours de la partie, on piochera dans la pioche "
                      "Quête.", "On joue.", False),  # its use said in the setup
])
def test_idle_pile_reads_names_any_case_and_uses_in_other_words(tmp_path, title, setup, later, hit):
    got = _found(tmp_path, f"§1. {title}\n\n{setup}\n\n§2. Tour\n\n{later}", "idle-pile")
    assert bool(got) == hit, got


def test_idle_pile_takes_no_round_start_for_the_setup(tmp_path):
    assert not _found(tmp_path, "§1. Mise en place\n\nPlacez le reste sous la pioche Quête.\n\n§2. Début de manche\n\n"
                                "Piochez une carte de la pioche Quête.", "idle-pile")


def test_the_detectors_read_one_long_sentence_and_a_setup_of_many_piles_in_linear_time(tmp_path):
    """A sentence of 20,000 words with no stop (two-verbs copied the rest of the clause at each
    determiner, one-equal-to split the text before each match: quadratic, 10 s and 7 s), and
    a setup filling 3,000 piles read against 3,000 units (idle-pile read every unit for every
    pile: 16 s). A linear reading takes about a second."""
    import time

    words = ["le", "joueur", "la", "carte", "pose", "prend", "une", "pile", "de", "chaque"]
    long = " ".join(words[(i * 7) % len(words)] for i in range(20000))
    amounts = " ".join("puis un Or égal à la pile" for _ in range(8000))
    piles = " ".join(f"Mettez une carte sous la pile Nom{i}." for i in range(3000))
    turns = " ".join(f"Il joue le tour {i}." for i in range(3000))
    path = tmp_path / "long.txt"
    path.write_text(f"Jeu\n\n§1. Mise en place\n\n{piles}\n\n§2. Tour\n\n{long}.\n\nIl coûte 5 Or, {amounts}.\n\n"
                    f"{turns}\n", encoding="utf-8")
    p = page("long", path)
    t = time.process_time()
    got = [h for h in read(p) if h.detector in ("two-verbs", "one-equal-to", "idle-pile")]
    assert time.process_time() - t < 30
    assert sum(h.detector == "idle-pile" for h in got) == 3000


@pytest.mark.parametrize("text, verdict", [
    # the turns' rotation and the next player's side, each given once: they must agree
    ("De 2 à 4 joueurs. Jouez dans le sens horaire.\n\nLe joueur suivant à sa gauche commence.", "proved"),
    ("De 2 à 4 joueurs. Jouez dans le sens horaire.\n\nLe joueur suivant à sa droite commence.", "contradiction"),
    ("Jouez dans le sens inverse des aiguilles d'une montre. Le joueur suivant, à sa droite, commence.", "proved"),
    ("Le jeu tourne dans le sens anti-horaire. Le prochain joueur à gauche commence.", "contradiction"),
    ("Le tour passe au joueur suivant dans le sens horaire. Le joueur suivant à sa gauche commence.", "proved"),
    ("À votre tour, tournez une tuile dans le sens horaire. Le joueur suivant à sa droite commence.", None),
    ("Jouez dans le sens horaire. Passez votre main au joueur suivant à sa droite.", None),
    ("Jouez dans le sens horaire. Le joueur suivant à sa gauche commence. Puis le joueur suivant à sa droite.",
     "contradiction"),  # every side is read, not the first only
    # not the same fact: cards passed, a seat that is no next turn, a relative direction, one form only
    ("Passez les cartes dans le sens horaire. Le joueur suivant à sa droite commence.", None),
    ("Chaque joueur joue une carte puis passe sa main dans le sens horaire. Le joueur suivant à sa droite commence.",
     None),
    ("Jouez dans le sens horaire. Le joueur à sa droite coupe la pioche.", None),
    ("Jouez dans le sens horaire. Donnez votre main au joueur à sa droite.", None),
    ("Cette manche, jouez dans le sens inverse. Le joueur suivant à sa gauche commence.", None),
    ("Jouez dans le sens horaire. Le tour passe au joueur suivant.", None),
    # a count and its layout
    ("On place les 8 tuiles en 2 lignes de 4, soit un bloc de 2 sur 4.", "proved"),
    ("On place les 8 tuiles en 3 lignes de 4.", "contradiction"),
    ("On place six tuiles en deux lignes de trois, soit un bloc de 2 sur 4.", "contradiction"),
    ("On place douze tuiles en trois lignes de quatre.", "proved"),
    # not one count: uneven rows, rows measured in squares, a range, a block of something else
    ("On place les 9 tuiles en 2 lignes de 4 ou 5.", None),
    ("On place les 8 tuiles en 2 lignes de 4 cases.", None),
    ("On place de 8 à 12 tuiles en 3 lignes de 4.", None),
    ("On place les 8 tuiles en 2 lignes de 4, puis le plateau forme un bloc de 3 sur 3.", "proved"),
    ("On place les 8 tuiles en ligne, à 2 cases de 4 pions.", None),
    ("On place les 8 tuiles en 2 lignes de 4 au centre.", "proved"),
])
def test_one_fact_given_twice_in_two_forms_is_checked_against_itself(tmp_path, text, verdict):
    from referee.checks.text import restated

    path = tmp_path / "deux.txt"
    path.write_text(f"Jeu\n\n§1. Tour\n\n{text}\n", encoding="utf-8")
    p = page("deux", path)
    hits = [h for h in read(p) if h.detector == "restated"]
    proved = restated.checked(p, frozenset())
    assert [h.kind for h in hits] == (["contradiction"] if verdict == "contradiction" else []), hits
    assert [f.status for f in proved] == (["proved"] if verdict == "proved" else []), proved
    for f in proved:  # a claim proved, never a finding, with the lines it read
        assert f.kind == "claim" and not f.is_problem and f.sources and f.sources[0].startswith("deux.txt:")
    for h in hits:
        assert h.cite == "§1" and h.line >= 5 and ("disagree" in h.says or "each player's" in h.says)
        assert "gauche" not in h.says.split("(")[0] and "droite" not in h.says.split("(")[0]  # in English
    for f in proved:
        assert len(f.cites) == len(set(f.cites))
