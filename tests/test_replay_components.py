"""--components given to a replay: a set that breaks the numbers the text gives is said on
each log judged under it (the audit reports the same checks as data findings)."""
from pathlib import Path

from referee.replays.engine import replay


def test_components_that_break_the_texts_numbers_are_said_on_every_log_judged_under_them(tmp_path):
    """A Welcome set of 14 monster cards (a third Goblin) makes a third Goblin drawn legal: the
    verdict says the set differs from the text's 13 cards (§Monstres), never silently (hostile
    run, s59); the shipped set says nothing."""
    import shutil

    here = Path(__file__).parent.parent / "referee" / "model" / "welcome" / "components"
    comp = tmp_path / "comp"
    shutil.copytree(here, comp)
    toml = comp / "monsters.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('name = "Goblin"\nstrength = 1\ncopies = 2',
                                                               'name = "Goblin"\nstrength = 1\ncopies = 3'), encoding="utf-8")
    head = '{"referee": 1, "game": "welcome", "players": ["Ana", "Ben"], "setup": {"adventurer": "Warrior", "first": "Ana"}}'
    rows = [head] + [f'{{"n": {n}, "by": "{p}", "do": "{d}"{m}}}' for n, (p, d, m) in enumerate(
        [("Ana", "bid.draw", ', "monster": "Goblin"'), ("Ana", "bid.add", ""), ("Ben", "bid.draw", ', "monster": "Goblin"'),
         ("Ben", "bid.add", ""), ("Ana", "bid.draw", ', "monster": "Goblin"')], start=1)]
    log = tmp_path / "three.jsonl"
    log.write_text("\n".join(rows) + "\n", encoding="utf-8")
    v = replay(log, components=comp)
    assert v.verdict == "legal"
    said = [w for w in v.warnings if w.line == 1]
    assert any("13 cards" in w.message and w.cite == "§Monstres" for w in said), said
    assert replay(log, components=here).warnings == replay(log).warnings  # the shipped set: nothing said
    assert replay(log).verdict == "illegal"  # no third Goblin in the text's deck
