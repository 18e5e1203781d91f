"""The project speaks in its own words: no run of six words of a rulebook is pasted into its
game's model (the headlines, details and comments a rules editor reads), apart from the
text's title and the names of its components, which are the book's own names."""
from pathlib import Path
import re
import unicodedata

import pytest

from referee.model import load
from referee.rulebook.book import seed_file

ROOT = Path(__file__).resolve().parent.parent / "referee" / "model"
RUN = 6
NAMES = {"data.py"}  # component names as the book prints them (a building is called what it is called)


def _words(text: str) -> list[str]:
    return re.findall(r"[\w'-]+", unicodedata.normalize("NFC", text).lower().replace("’", "'"))


@pytest.mark.parametrize("name", ["draft", "raiders", "trolls", "twister", "welcome"])
def test_no_run_of_the_rulebook_is_pasted_into_the_model(name):
    game = load(name)
    seed = seed_file(game)
    if seed is None:
        pytest.skip(f"the seed {Path(game.rulebook).name} is not here (../shared/seeds)")
    text = Path(seed).read_text(encoding="utf-8")
    title = set(_words(text.splitlines()[0]))
    book = _words(text)
    runs = {" ".join(book[i:i + RUN]) for i in range(len(book) - RUN + 1)}
    pasted = []
    for f in sorted((ROOT / name).glob("*.py")):
        if f.name in NAMES:
            continue
        w = _words(f.read_text(encoding="utf-8"))
        for i in range(len(w) - RUN + 1):
            run = w[i:i + RUN]
            if " ".join(run) in runs and not set(run) <= title:
                pasted.append(f"{f.name}: {' '.join(run)}")
    assert not pasted, pasted
