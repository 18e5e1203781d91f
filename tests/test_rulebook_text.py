"""The rulebook splitter (referee/rulebook/text.py) on small rulebooks written here, and the
§s the five models cite checked against the sections of their seed files."""
import ast
import re
from pathlib import Path

import pytest

import referee.model as M
from referee.errors import Unreadable
from referee.rulebook.book import book, game_folder, seed_file
from referee.rulebook.text import cites_in, digest, locate, section_of, sections, within

NUMBERED = """Jeu d'essai : règles 1.0

§1.1. Le matériel

Chaque joueur prend 3 pions. Le plateau a 9 cases.
Sous-titre sans point

§1.2. Le tour

• Piochez une carte ; jouez-la ou défaussez-la.
1. Avancez d'une case (voir 1.1). Ex. une case. Puis reculez !
2. "Ne jamais. Jamais." Fin.
Celui qui arrive
"""

INLINE = ("Mon Jeu\n\nUn jeu pour 2 joueurs. Mise en place: Chacun prend 2 cartes. ASTUCE: Rangez. "
          "Fin du jeu: Le premier doit: • Gagner. • Saluer.")


def _write(tmp_path, text, name="book.txt"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def _units(found):
    return [(s.cite, u.index, u.line, u.clause, u.text) for s in found for u in s.sentences]


def test_numbered_headings_open_sections_and_only_they_do(tmp_path):
    found = sections(_write(tmp_path, NUMBERED))
    assert [(s.cite, s.line, s.title) for s in found] == [
        ("§Intro", 1, "Jeu d'essai : règles 1.0"), ("§1.1", 3, "Le matériel"), ("§1.2", 8, "Le tour")]
    assert _units(found) == [
        ("§1.1", 1, 5, 0, "Chaque joueur prend 3 pions."),
        ("§1.1", 2, 5, 0, "Le plateau a 9 cases."),
        ("§1.1", 3, 6, 0, "Sous-titre sans point"),  # a subtitle inside a § stays a sentence
        ("§1.2", 1, 10, 1, "Piochez une carte"),  # the bullet is taken off, ';' splits clauses
        ("§1.2", 2, 10, 2, "jouez-la ou défaussez-la."),
        ("§1.2", 3, 11, 0, "Avancez d'une case (voir 1.1)."),  # the number marker is taken off
        ("§1.2", 4, 11, 0, "Ex. une case."),  # no split after the abbreviation "Ex."
        ("§1.2", 5, 11, 0, "Puis reculez !"),
        ("§1.2", 6, 12, 0, '"Ne jamais. Jamais." Fin.'),  # no split inside double quotes
        ("§1.2", 7, 13, 0, "Celui qui arrive"),  # a line break ends a sentence, even mid-way
    ]


def test_title_lines_and_inline_headings(tmp_path):
    found = sections(_write(tmp_path, INLINE))
    assert [(s.cite, s.line, s.title) for s in found] == [
        ("§Intro", 1, "Mon Jeu"), ("§Mise en place", 3, "Mise en place"), ("§Fin du jeu", 3, "Fin du jeu")]
    assert [u.text for u in found[1].sentences] == ["Chacun prend 2 cartes.", "ASTUCE: Rangez."]  # all capitals: a label
    assert [u.text for u in found[2].sentences] == ["Le premier doit:", "Gagner.", "Saluer."]  # inline bullets
    assert [(s.line, s.column) for s in found] == [(1, 1), (3, 24), (3, 78)]  # where each heading starts
    text = "Intro du jeu.\n\nLe Tour :\n\nJouez une carte.\n\nUne phrase de plus de six mots sans point final\n"
    found = sections(_write(tmp_path, text))
    assert [(s.cite, len(s.sentences)) for s in found] == [("§Intro", 1), ("§Le Tour", 2)]


def test_outline_sections_titles_and_parents(tmp_path):
    p = _write(tmp_path, "Titre\n\n1. Un.\n2. Deux ; trois.\nSuite.\n\nFin.\n")
    found = sections(p, [("§Intro", 1, True), ("§Prep", 3, False), ("§Prep.1", 3, False),
                         ("§Prep.2", 4, False), ("§Fin", 7, False)])
    assert [(s.cite, s.line, s.title, s.parent, len(s.sentences)) for s in found] == [
        ("§Intro", 1, "Titre", None, 0), ("§Prep", 3, None, None, 0), ("§Prep.1", 3, None, "§Prep", 1),
        ("§Prep.2", 4, None, "§Prep", 3), ("§Fin", 7, None, None, 1)]
    assert [u.text for u in within(found, "§Prep")] == ["Un.", "Deux", "trois.", "Suite."]
    assert section_of(found, "§Prep.2").line == 4 and section_of(found, "§Nope") is None
    with pytest.raises(Unreadable) as e:
        sections(p, [("§Loin", 99, False)])
    assert e.value.line == 99 and "past the file's 7 lines" in e.value.located()


def test_hash_is_of_the_normalised_text_and_changes_with_it(tmp_path):
    a = sections(_write(tmp_path, "§1.1. T\n\nUne   règle  claire.\n"))[0].sentences[0]
    b = sections(_write(tmp_path, "§1.1. T\n\nUne règle claire.\n"))[0].sentences[0]
    c = sections(_write(tmp_path, "§1.1. T\n\nUne règle obscure.\n"))[0].sentences[0]
    assert a.hash == b.hash == digest("Une règle claire.") and len(a.hash) == 10
    assert c.hash != a.hash and a.key == "§1.1#1"


def test_a_book_in_nfd_is_split_as_in_nfc_and_left_as_it_is(tmp_path):
    """A book saved in NFD (é as e + a combining accent, as macOS tools write it) lost Draft's
    inline headings "Icônes de classe:" and "Quêtes:" (s53 G11): its text is read in NFC, the
    same sections, lines and hashes; the file is not changed."""
    import unicodedata

    text = "Jeu\n\nMise en place: Chaque joueur pioche. Icônes de classe: Un prêtre soigne.\nQuêtes: On gagne.\n"
    f = tmp_path / "nfd.txt"
    f.write_bytes(unicodedata.normalize("NFD", text).encode("utf-8"))
    before = f.read_bytes()
    nfc = tmp_path / "nfc.txt"
    nfc.write_text(text, encoding="utf-8")
    got = [(s.cite, s.line, [(u.line, u.hash, u.text) for u in s.sentences]) for s in sections(f)]
    assert got == [(s.cite, s.line, [(u.line, u.hash, u.text) for u in s.sentences]) for s in sections(nfc)]
    assert [c for c, _, _ in got] == ["§Intro", "§Mise en place", "§Icônes de classe", "§Quêtes"]
    assert f.read_bytes() == before


def test_unreadable_rulebook_is_a_located_error(tmp_path):
    p = tmp_path / "bad.txt"
    p.write_bytes(b"\xff\xfe r\xe8gle")
    with pytest.raises(Unreadable) as e:
        sections(p)
    assert e.value.located().startswith(f"{p}:1: not UTF-8 text (byte 1 of the line)")


def test_cites_in_takes_the_longest_section_that_ends_there(tmp_path):
    found = sections(_write(tmp_path, "T\n\n1. A.\n2. B.\n"), [("§Prep", 3, False), ("§Prep.1", 3, False)])
    assert cites_in("§Prep.1 and §Prep, §Prep.9: §Autre [§Pr]", found) == [
        ("§Prep.1", "§Prep.1"), ("§Prep", "§Prep"), ("§Prep.9", None), ("§Autre", None), ("§Pr", None)]
    found = sections(_write(tmp_path, "§3.1. A\n\nUne.\n\n§3.2. B\n\nDeux.\n\n§4.1. C\n\nTrois.\n"))
    assert cites_in("[§3]", found) == [("§3", "§3")]  # a chapter names its §s together
    assert [u.text for u in within(found, "§3")] == ["Une.", "Deux."]
    assert [s.cite for s in locate(found, "§4.1 and §3, §9.9")] == ["§4.1", "§3.1"]


# ---------------------------------------------------------------- the five models' cites

def _record_cites(game):
    """Every cite string the Game record holds."""
    yield from (o.cite for o in game.options)
    yield from (o.cite for o in game.sourced)
    yield from (g.cite for g in game.gaps)
    yield from (i.cite for i in game.invariants)
    yield from (c.cite for c in game.claims)
    for r in game.rulings:
        yield r.cite
        yield from (a.cite for a in r.answers)
    for act in game.actions:
        yield act.cite
        yield from (n.cite for n in act.needs)


def _source_cites(folder: Path):
    """Every string literal holding a '§' in the game's modules (component fields, messages)."""
    for f in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and "§" in node.value:
                yield node.value


@pytest.mark.parametrize("name", list(M.BUILTIN))
def test_every_cite_of_the_model_is_a_section_of_its_seed(name):
    game = M.load(name)
    if seed_file(game) is None:
        pytest.skip(f"the seed {Path(game.rulebook).name} is not here (../shared/seeds)")
    found = book(game).sections
    texts = [*_record_cites(game), *_source_cites(game_folder(game))]
    assert texts, name
    # a `§` inside a format string's placeholder or a docstring's example is no cite
    bad = sorted({f"{w} (in {t[:60]!r})" for t in texts for w, hit in cites_in(t, found)
                  if hit is None and not re.fullmatch(r"§([{<]\w*[}>])?", w)})
    assert bad == []


def test_the_rulebook_package_holds_no_mutable_object_and_reaches_no_z3():
    """Pure Python: the coverage command and the detectors read text without the solver."""
    import importlib
    import pkgutil

    import referee.rulebook

    bad, imports = [], set()
    for info in pkgutil.walk_packages(referee.rulebook.__path__, "referee.rulebook."):
        mod = importlib.import_module(info.name)
        bad += [f"{info.name}.{k}" for k, v in vars(mod).items()
                if not k.startswith("__") and isinstance(v, (dict, list, set, bytearray))]
        for node in ast.walk(ast.parse(Path(mod.__file__).read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imports |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                imports.add(node.module or "")
    assert bad == []
    assert not [m for m in imports if m.startswith(("z3", "referee.checks"))]


@pytest.mark.parametrize("run", ["...", "§1.", "si a et ", "p. "])
def test_a_hostile_line_costs_what_it_is_long(tmp_path, run):
    """A rulebook given with --rulebook may be anything: one line of 30,000 dots (or section
    marks) once cost the splitter minutes (each dot rescanned the rest of the run); every
    detector reads it now in one pass. A guard against a hang, not a benchmark."""
    import time

    from referee.checks.text import page, read

    path = tmp_path / "hostile.txt"
    path.write_text("Jeu\n\n§1.1. Titre\n\n" + run * 30_000 + "\n", encoding="utf-8")
    t = time.process_time()
    list(read(page("x", path)))
    assert time.process_time() - t < 20
