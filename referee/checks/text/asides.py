"""Words that are no rules inside the rulebook: the author or a reader speaking in the first
person (`je`, `j'`, `moi`, `mon`...), or a comment signed with a name between brackets on a
line of its own (`[pseudo]`), as a forum page copied with its thread under the rules.

- first-person (gap): a § whose units speak in the first person singular, or that holds a
  signature line. Rules speak to the players (`vous`, the imperative) or of them (`le
  joueur`), never as `je`: such a unit is an aside, and unless the text says so a reader may
  take it (a wish, an advice, a reader's variant) for a rule. One hit
  per §, from its first such line to its last. The first person plural (`nous vous
  conseillons`) is the designers' voice of many rulebooks and is not read; nor are words
  inside quotes (a player's words quoted, `« je passe »`), a capitalised `Mon`, `Ma`... inside
  a unit (a name: `la carte Mon Précieux`), a question (`Puis-je ... ?`: a player's, as in a
  FAQ), a worked example (`Exemple : je joue un 7`) and a § of examples or questions; a
  signature is one name in brackets (`[shuby]`, not `[Variante avancée]`; a one-word tag,
  `[Note]`, is read as one).

It reads every unit, those the coverage map marks as flavour included: they are what it
reports."""
from __future__ import annotations

import re
from collections.abc import Iterator

from .hit import Hit
from .page import Page, plain

# the first person singular, as a word of its own (j' and m' before a vowel or h)
FIRST = re.compile(r"(?<![\w’'])(?:je|moi|mon|ma|mes|me|j[’']|m[’'])(?=[\s,.;:!?)-]|$|(?<=[’'])[\wàâéèêëîïôöûùüÿœh])",
                   re.IGNORECASE)
QUOTED = re.compile(r"«[^»]*»|\"[^\"]*\"|“[^”]*”")
SIGNED = re.compile(r"^\s*\[[^\]\s]{1,40}\]\s*$")  # `[shuby]` alone on its line: one name, no blank (`[Variante avancée]` is a tag)
# a first-person word with a capital inside a unit is part of a name (`la carte Mon Précieux`)
NAMED = re.compile(r"(?<=[\w,;:)]\s)(?:Je|Moi|Mon|Ma|Mes|Me)\b")
# where the first person is the players' own voice, not an aside: a § of examples or questions
PLAYERS = re.compile(r"exemple|question|faq", re.IGNORECASE)


def _aside(text: str) -> bool:
    """A unit in the first person, its quotes and names taken out; a question (`Puis-je ...?`)
    is a player's, as in a FAQ."""
    t = NAMED.sub(" ", QUOTED.sub(" ", plain(text)))
    return bool(FIRST.search(t)) and not t.rstrip().endswith("?")


def first_person(p: Page, skip: frozenset[str] = frozenset()) -> Iterator[Hit]:
    from ..worked import marked  # a worked example plays in a player's voice (`Exemple : je joue un 7`)

    examples = {u.key for group in marked(p.units) for u in group}
    for s in p.sections:
        if PLAYERS.search(s.title or ""):
            continue
        signed = {u.line for u in s.sentences if SIGNED.match(p.raw(u.line))}
        lines = sorted({u.line for u in s.sentences if u.key not in examples and _aside(u.text)} | signed)
        if not lines:
            continue
        span = f"line {lines[0]}" if len(lines) == 1 else f"lines {lines[0]}–{lines[-1]}"
        yield Hit(s.cite, "first-person", "gap",
                  f"{span} of {s.cite} speak in the first person"
                  + (", and sign with a name between brackets" if signed else "")
                  + ": the words of the author or of readers, kept in the rulebook's text with no word saying "
                  "they are no rules, so a reader may take an aside (a wish, an advice, a variant) for one",
                  lines[0], "first-person")


DETECTORS = (first_person,)
