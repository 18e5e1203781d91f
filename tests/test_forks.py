"""Every kernel `fork` of every game is one the replay may trust proofs through.

A replay trusts an invariant z3 proved (proofstore.trusted): the proof read the rules'
symbolic forms, the replay runs their concrete forms. That is sound when, for every fork,
the symbolic form gives the concrete form's value on values (the effects then compute the
same states), or admits more in a Need (the proof then covers more moves than are legal).
This test finds every fork the games build (the garbage collector's view, so a fork made
inside an object, as Twister's board geometry makes its own, is found too) and holds each
to one of:

- two bodies: listed in CHECKED, with the test that compares them on random boards and the
  states of random games (a new fork fails here until it has one);
- one body that tests whether it was given a term (`type(i) is Sym`): two forms in one
  body, listed and compared as two bodies are;
- one body (the same code on values and on terms): the same value by construction; one
  that reads the concrete-only `live` marker (a board check: True on the skeleton, where
  `live` is None) must be a Need's test and nothing else.
"""
from __future__ import annotations

import gc
import importlib
import pkgutil

from referee.model import BUILTIN, load

# the two-body forks compared, per game: (module, concrete form's name) -> the test comparing them
CHECKED = {
    "twister": {
        ("board", "_pit_c"): "twister/test_forks.py::test_features_by_square_are_the_rooms_features_at_every_rotation",
        ("board", "_gear_c"): "twister/test_forks.py::test_features_by_square_are_the_rooms_features_at_every_rotation",
        ("board", "_on_board_c"): "twister/test_forks.py::test_square_predicates_agree_on_every_square",
        ("board", "_on_line_c"): "twister/test_forks.py::test_square_predicates_agree_on_every_square",
        ("board", "_in_room_c"): "twister/test_forks.py::test_square_predicates_agree_on_every_square",
        ("board", "_adjacent_c"): "twister/test_forks.py::test_square_predicates_agree_on_every_square",
        ("paths", "_open_c"): "twister/test_forks.py::test_square_predicates_agree_on_every_square",
        ("common", "_held_by_any_c"): "twister/test_forks.py::test_token_helpers_agree_on_the_states_of_random_games",
        ("common", "_recount_c"): "twister/test_forks.py::test_token_helpers_agree_on_the_states_of_random_games",
        ("salles", "_turned_c"): "twister/test_forks.py::test_token_helpers_agree_on_the_states_of_random_games",
        ("common", "_put_if"): "twister/test_forks.py::test_the_edits_that_test_their_index_agree_on_every_index",
        ("common", "_sq_bump"): "twister/test_forks.py::test_the_edits_that_test_their_index_agree_on_every_index",
        ("salles", "_per_square_c"): "twister/test_forks.py::test_a_placement_per_square_and_its_counts_agree_on_random_placements",
        ("salles", "_add_placed_c"): "twister/test_forks.py::test_a_placement_per_square_and_its_counts_agree_on_random_placements",
    },
}


def _forks() -> dict:
    """Every fork built once the games are loaded, each module imported and each default
    configuration's setup run: {concrete form's code: the fork}."""
    for name in BUILTIN:
        game = load(name)
        pkg = importlib.import_module(f"referee.model.{name}")
        for m in pkgutil.iter_modules(pkg.__path__):
            importlib.import_module(f"referee.model.{name}.{m.name}")
        if game.header_example:
            game.first_state(game.header_example)
    out = {}
    for o in gc.get_objects():
        if callable(o) and getattr(o, "__qualname__", "") == "fork.<locals>.run":
            out[_code(o.concrete)] = o
    return out


def _code(fn):
    return getattr(fn, "__func__", fn).__code__


def _where(fn) -> tuple[str, str, str]:
    """(game, module, function) of a fork's concrete form."""
    mod = getattr(fn, "__module__", "") or ""
    parts = mod.split(".")
    if len(parts) == 4 and parts[:2] == ["referee", "model"]:
        return parts[2], parts[3], _code(fn).co_name
    return "", mod, _code(fn).co_name


def _tests_its_input(fn) -> bool:
    """A body that branches on whether it was given a term (`type(i) is Sym`, `is_sym`):
    two forms in one body, to be compared like two bodies."""
    return bool({"Sym", "is_sym"} & set(_code(fn).co_names))


def test_every_two_body_fork_is_compared_by_a_test():
    forks = _forks()
    two = {_where(f.concrete) for f in forks.values() if f.concrete is not f.symbolic or _tests_its_input(f.concrete)}
    assert two, "no fork found: the search itself is broken"
    for game, mod, fn in sorted(two):
        assert (mod, fn) in CHECKED.get(game, {}), (
            f"{game}.{mod}.{fn} is a fork with two bodies that no test compares: add it to CHECKED "
            "with a test that runs both forms on values (proofs are trusted through it)")
    listed = {(g, m, f) for g, d in CHECKED.items() for (m, f) in d}
    assert listed <= two, f"CHECKED names forks that no longer exist: {sorted(listed - two)}"


def test_a_one_body_fork_reading_live_is_a_needs_test_only():
    forks = _forks()
    needs = {}
    for name in BUILTIN:
        game = load(name)
        for act in game.actions:
            for need in game.needs(act):
                needs[id(need.test)] = (name, act.name)
    board_checks = [f for f in forks.values() if f.concrete is f.symbolic and "live" in _code(f.concrete).co_names]
    assert board_checks, "Twister's board checks read `live`: none found, the search is broken"
    for f in board_checks:
        assert id(f) in needs, (f"{_where(f.concrete)} reads the concrete-only `live` and is not a Need's test: "
                                "its symbolic form would not over-approximate its concrete one")
