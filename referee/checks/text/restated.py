"""restated: one fact the text gives twice, in two forms, checked against itself.

- the turns' direction, given as a rotation in a sentence about the turns (`jouez dans le sens
  horaire`) and as the side of the next player (`le joueur suivant à sa gauche`): around a
  table, players facing it, the next seat clockwise (seen from above) is each player's left,
  counter-clockwise his right;
- a count and its layout (`8 plaques en 2 lignes de 4`, then `soit un bloc de 2 sur 4`): N is
  R × C, and the block restated is R by C.

Each fact whose forms all agree is a claim of the text proved (listed with the proved results,
not a finding: `checked`); a form that disagrees is a contradiction (`DETECTORS`). A fact
given once is no pair: what is missing is other detectors' business (seats: the direction
never given).
Read narrowly, so that what is paired is the same fact: a rotation only in a sentence about
the turns that names no thing passed or turned (`passez vos cartes dans le sens horaire`,
`tournez la tuile dans le sens horaire` give a thing's way, not the turns'), and only an
absolute one (`sens inverse` alone is relative to something else); a side only of the next
player, in a sentence that passes nothing (`le joueur à sa droite coupe` names a seat, not the
next turn); a layout only where the rows are even (`lignes de 4 ou 5`) and counted in the
items themselves (`lignes de 4 cases` measures, it does not count), the count no range (`8 à
12 tuiles`). Limits: a direction said in other words, or turns that change direction, are
not read; a layout in other words (`sur 2 rangs`, a picture) is not read."""
from __future__ import annotations

import re
from collections.abc import Iterator
from types import MappingProxyType

from ..findings import Finding, finding_id
from .hit import Hit
from .page import Page, plain
from .seats import _TURNS

_CLOCKWISE = re.compile(r"sens\s+(?:horaire|des\s+aiguilles\s+d['’]une\s+montre)", re.I)
_COUNTER = re.compile(r"(?:sens\s+)?(?:anti-?horaire|contre-horaire|trigonométrique)|"
                      r"sens\s+(?:inverse|contraire)\s+des\s+aiguilles", re.I)
# a thing passed or turned (`passez vos cartes`, `tournez la tuile`, `une carte Inversion`): a
# sentence naming one gives that thing's way, not the turns' (`le tour passe au joueur suivant`
# names none)
_THING = re.compile(r"(?<![\w'’])(?:cartes?|mains?|paquets?|decks?|pioches?|jetons?|tuiles?|plateaux?|plateau|"
                    r"salles?|pièces?|disques?|roues?|dés?|pions?)(?![\w'’])", re.I)
# the next player with his side: `le joueur suivant à sa gauche`, `la joueuse suivante, à sa
# droite`, `le prochain joueur à gauche`
_SIDE_SEAT = re.compile(r"(?:joueu(?:r|se)\s+suivante?|prochaine?\s+joueu(?:r|se))\s*,?\s+"
                        r"(?:à|vers)\s+(?:sa\s+|la\s+|leur\s+)?(gauche|droite)", re.I)
_SIDE = MappingProxyType({"gauche": "left", "droite": "right"})
_AGREES = MappingProxyType({"clockwise": "gauche", "counter-clockwise": "droite"})
_WORDS = MappingProxyType({"deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8,
                           "neuf": 9, "dix": 10, "onze": 11, "douze": 12})
_NUM = r"(\d+|" + "|".join(_WORDS) + r")"
_LAYOUT = re.compile(r"(?<![\w'’])" + _NUM + r"\s+((?:[^\s.,;:]+\s+){0,3}?)en\s+" + _NUM
                     + r"\s+(?:lignes|rangées|rangs|colonnes|piles|paquets|groupes)\s+de\s+" + _NUM
                     + r"(?![\w'’])(\s+[^\s.,;:]+)?", re.I)
_RANGE_BEFORE = re.compile(r"(?:\d+|" + "|".join(_WORDS) + r")\s*(?:à|-|–|ou)\s*$", re.I)
_UNEVEN = re.compile(r"\s*(?:ou|à|-|–)\s*\d", re.I)
_BLOCK = re.compile(r"^\s*,?\s*(?:soit|c['’]est-à-dire)\s+un\s+bloc\s+de\s+" + _NUM + r"\s+sur\s+" + _NUM, re.I)


def _n(word: str) -> int:
    return int(word) if word.isdigit() else _WORDS[word.lower()]


def _rotation(text: str) -> str | None:
    """The turns' rotation a sentence about the turns gives, passing nothing: "clockwise",
    "counter-clockwise" or None."""
    if not _TURNS.search(text) or _THING.search(text):
        return None
    if _COUNTER.search(text):
        return "counter-clockwise"
    return "clockwise" if _CLOCKWISE.search(text) else None


def _seats(page: Page, skip: frozenset[str]):
    """(the rotation's unit, the rotation, [(side's unit, side, its words)]) when the text gives
    one rotation of the turns and names the next player's side; None otherwise."""
    read = [(u, plain(u.text)) for u in page.units if u.key not in skip]
    turns = [(u, r) for u, text in read if (r := _rotation(text))]
    sides = [(u, m.group(1).lower(), m.group(0)) for u, text in read if not _THING.search(text)
             for m in _SIDE_SEAT.finditer(text)]
    if not turns or not sides or len({r for _, r in turns}) > 1:
        return None  # not both forms, or turns said to go both ways: no one fact to check
    return turns[0][0], turns[0][1], sides


def _layouts(page: Page, skip: frozenset[str]):
    """(unit, N, R, C, the words, (a, b) of the block restated right after, or None)."""
    for u in page.units:
        if u.key in skip:
            continue
        text = plain(u.text)
        for m in _LAYOUT.finditer(text):
            after = text[m.end(4):]
            if _RANGE_BEFORE.search(text[:m.start()]) or _UNEVEN.match(after) or _UNEVEN.match(m.group(2)):
                continue  # a range of counts, rows of uneven length: no one count to check
            counted = [w.lower().strip('"«»') for w in m.group(2).split()]
            nxt = (m.group(5) or "").strip().lower()
            if nxt[-1:] in ("s", "x") and nxt not in counted and nxt not in ("dans", "sous", "puis", "après", "alors"):
                continue  # `lignes de 4 cases`: the row is measured, not counted in the items
            b = _BLOCK.match(text[m.end(4):])
            yield (u, _n(m.group(1)), _n(m.group(3)), _n(m.group(4)), m.group(0)[:m.end(4) - m.start()],
                   (_n(b.group(1)), _n(b.group(2))) if b else None)


def _where(*cites: str) -> list[str]:
    return list(dict.fromkeys(cites))


def _layout_wrong(n: int, r: int, c: int, block: tuple[int, int] | None) -> list[str]:
    """What a count and its layout disagree on (none: they agree)."""
    wrong = [f"{n} is not {r} × {c}"] if n != r * c else []
    if block is not None and sorted(block) != sorted((r, c)):
        wrong.append(f"the block restated is {block[0]} by {block[1]}, not {r} by {c}")
    return wrong


def restated(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    seats = _seats(page, skip)
    if seats is not None:
        tu, rot, sides = seats
        for su, side, words in sides:
            if _AGREES[rot] != side:
                yield Hit(su.cite, "restated", "contradiction",
                          f"{tu.cite} has the turns go {rot}, and {su.cite} names the next player on the "
                          f"{_SIDE[side]} ('{words}'): around a table, the next seat {rot} is each player's "
                          f"{_SIDE[_AGREES[rot]]}", su.line, "seat-side",
                          also=tuple(c for c in (tu.cite,) if c != su.cite), unit=su.key)
    for u, n, r, c, words, block in _layouts(page, skip):
        if wrong := _layout_wrong(n, r, c, block):
            yield Hit(u.cite, "restated", "contradiction",
                      f"{u.cite} gives a count and its layout ('{words}') that disagree: {'; '.join(wrong)}",
                      u.line, f"layout-{n}", unit=u.key)


def checked(page: Page, skip: frozenset[str]) -> list[Finding]:
    """The facts given twice whose forms agree, each a claim of the text proved (not a finding)."""
    out = []
    seats = _seats(page, skip)
    if seats is not None and all(_AGREES[seats[1]] == side for _, side, _ in seats[2]):
        tu, rot, sides = seats
        su, side, words = sides[0]
        out.append(Finding(
            finding_id(page.game, "claim", su.cite, "seat_side"), page.game, "claim",
            _where(*(s.cite for s, _, _ in sides), tu.cite),
            f"the next player named by his side ('{words}', {su.cite}) is the next one in the turns' "
            f"direction ({rot}, {tu.cite})",
            sources=_where(page.source(tu.line), *(page.source(s.line) for s, _, _ in sides)), status="proved",
            details=["detector: restated (referee/checks/text)",
                     f"around a table, players facing it, the next seat {rot} (seen from above) is each "
                     f"player's {_SIDE[side]}"]))
    for u, n, r, c, words, block in _layouts(page, skip):
        if not _layout_wrong(n, r, c, block):
            also = f", and the block restated is {block[0]} by {block[1]}" if block else ""
            out.append(Finding(
                finding_id(page.game, "claim", u.cite, f"layout_{n}"), page.game, "claim", [u.cite],
                f"the count and its layout agree ('{words}'): {n} = {r} × {c}{also}",
                sources=[page.source(u.line)], status="proved", details=["detector: restated (referee/checks/text)"]))
    return out


DETECTORS = (restated,)
