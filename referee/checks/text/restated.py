"""restated: one fact the text gives twice, in two forms, checked against itself.

- the turns' direction, given as a rotation (`jouez dans le sens horaire`) and as a side (`le
  joueur suivant à sa gauche`): around a table, players facing it, the next seat clockwise
  (seen from above) is each player's left, counter-clockwise his right;
- a count and its layout (`8 plaques en 2 lignes de 4`, `soit un bloc de 2 sur 4`): N is R × C,
  and a block restated is R by C.

Each pair that agrees is a claim of the text proved (listed with the proved results, not a
finding: `checked`); a pair that disagrees is a contradiction (`DETECTORS`). A fact given once
is no pair: what is missing is other detectors' business (seats: the direction never given).
Limits: a rotation said of something else than the turns (cards passed, a start player that
alternates) is not paired with a side; a layout in other words (`sur 2 rangs`, a picture) is not
read."""
from __future__ import annotations

import re
from collections.abc import Iterator
from types import MappingProxyType

from ..findings import Finding, finding_id
from .hit import Hit
from .page import Page, plain
from .seats import _TURNS, _n

_CLOCKWISE = re.compile(r"sens\s+(?:horaire|des\s+aiguilles\s+d['’]une\s+montre)", re.I)
_COUNTER = re.compile(r"sens\s+(?:anti-?horaire|trigonométrique|inverse|contraire)|"
                      r"sens\s+inverse\s+des\s+aiguilles", re.I)
# the next seat named with its side: `le joueur suivant à sa gauche`, `son voisin de droite`,
# `le joueur à sa gauche`
_SIDE_SEAT = re.compile(r"(?:joueu(?:r|se)\s+(?:suivante?\s+)?|voisine?\s+)(?:à\s+sa\s+|de\s+)(gauche|droite)", re.I)
_NUM = r"(\d+|deux|trois|quatre|cinq|six|sept|huit)"
_LAYOUT = re.compile(r"(?<![\w'’])" + _NUM + r"\s+(?:[^\s.,;:]+\s+){0,3}?en\s+" + _NUM
                     + r"\s+(lignes|rangées|rangs|colonnes|piles|paquets|groupes)\s+de\s+" + _NUM + r"(?![\w'’])", re.I)
_BLOCK = re.compile(r"bloc\s+de\s+" + _NUM + r"\s+sur\s+" + _NUM, re.I)


def _rotation(text: str) -> str | None:
    """The turns' rotation a sentence about the turns gives: "clockwise", "counter-clockwise" or None."""
    if not _TURNS.search(text):
        return None
    if _COUNTER.search(text):
        return "counter-clockwise"
    return "clockwise" if _CLOCKWISE.search(text) else None


def _seats(page: Page, skip: frozenset[str]):
    """(rotation unit, rotation, side unit, side, the side's words) for each pair the text gives."""
    read = [(u, plain(u.text)) for u in page.units if u.key not in skip]
    turns = [(u, r) for u, text in read if (r := _rotation(text))]
    sides = [(u, m) for u, text in read if (m := _SIDE_SEAT.search(text))]
    if turns and sides:
        (tu, rot), (su, m) = turns[0], sides[0]
        yield tu, rot, su, m.group(1).lower(), m.group(0)


def _layouts(page: Page, skip: frozenset[str]):
    """(unit, N, R, C, the words, (a, b) of a block restated in the same unit or None)."""
    for u in page.units:
        if u.key in skip:
            continue
        text = plain(u.text)
        for m in _LAYOUT.finditer(text):
            b = _BLOCK.search(text, m.end())
            yield (u, _n(m.group(1)), _n(m.group(2)), _n(m.group(4)), m.group(0),
                   (_n(b.group(1)), _n(b.group(2))) if b else None)


_AGREES = MappingProxyType({"clockwise": "gauche", "counter-clockwise": "droite"})


def restated(page: Page, skip: frozenset[str]) -> Iterator[Hit]:
    for tu, rot, su, side, words in _seats(page, skip):
        if _AGREES[rot] != side:
            yield Hit(su.cite, "restated", "contradiction",
                      f"{tu.cite} has the turns go {rot}, and {su.cite} names the next player on the {side} "
                      f"('{words}'): around a table, the next seat {rot} is each player's "
                      f"{'left' if rot == 'clockwise' else 'right'}", su.line, "seat-side",
                      also=(tu.cite,), unit=su.key)
    for u, n, r, c, words, block in _layouts(page, skip):
        wrong = [f"{n} is not {r} × {c}"] if n != r * c else []
        if block is not None and sorted(block) != sorted((r, c)):
            wrong.append(f"the block restated is {block[0]} by {block[1]}, not {r} by {c}")
        if wrong:
            yield Hit(u.cite, "restated", "contradiction",
                      f"{u.cite} gives a count and its layout ('{words}') that disagree: {'; '.join(wrong)}",
                      u.line, f"layout-{n}", unit=u.key)


def checked(page: Page, skip: frozenset[str]) -> list[Finding]:
    """The pairs that agree, each a claim of the text proved (not a finding)."""
    out = []
    for tu, rot, su, side, words in _seats(page, skip):
        if _AGREES[rot] == side:
            out.append(Finding(
                finding_id(page.game, "claim", su.cite, "seat_side"), page.game, "claim", [su.cite, tu.cite],
                f"the next player named by his side ('{words}', {su.cite}) is the next one in the turns' "
                f"direction ({rot}, {tu.cite})", sources=[page.source(tu.line), page.source(su.line)], status="proved",
                details=["detector: restated (referee/checks/text)",
                         f"around a table, players facing it, the next seat {rot} (seen from above) is each "
                         f"player's {'left' if rot == 'clockwise' else 'right'}"]))
    for u, n, r, c, words, block in _layouts(page, skip):
        if n == r * c and (block is None or sorted(block) == sorted((r, c))):
            also = f", and the block restated is {block[0]} by {block[1]}" if block else ""
            out.append(Finding(
                finding_id(page.game, "claim", u.cite, f"layout_{n}"), page.game, "claim", [u.cite],
                f"the count and its layout agree ('{words}'): {n} = {r} × {c}{also}",
                sources=[page.source(u.line)], status="proved", details=["detector: restated (referee/checks/text)"]))
    return out


DETECTORS = (restated,)
