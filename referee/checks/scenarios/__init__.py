"""Scenarios: edge-case games with their expected verdicts, for other people's engines
(`referee scenarios GAME`). Game-agnostic: everything comes from the `Game` record.

The families, each a set of replayable JSONL logs whose header carries the expected
verdict (`"expect"`, the format replays/expect.py checks), plus manifest.json:

- random: legal full games played from the model's own moves (`Game.moves`, filtered by
  every Need), over every combination of the variant options (mode, board side...), each
  other rules option in turn, and every number of players the game accepts.
- boundary: for every guard (`Need`, the phase need included) of every action, a legal game
  whose last event meets the Need at its limit, and one whose last event steps past it. The
  states are those reached by legal random games; the arguments that make exactly that Need
  fail while the others hold are found by z3 over the Need's own test (the same code the
  replay engine runs), then checked concretely. "At its limit" is decided from the Need
  itself: a unit change of one argument, or of one state value the Need reads, breaks it.
- mutants: a legal game with one event changed (a field value, the player, an event dropped
  or duplicated), replayed to find its verdict: illegal (line and §) or still legal.
- unreadable: for every field of every action, a legal game cut after the first event of
  that action, the field made unreadable (a number past its range, a list one name too
  long, a name or player the game does not know): expected unreadable, with line and field.
- rulings: for each point the text leaves open (a Ruling) and each answer that settles it in
  play (an option's value, or the first of conflicting answers), a complete legal game in
  which that answer decides a step: expected legal, with that ruling deciding.
- situations: for each option value, a game in which that value decides an event (another
  value refuses it or leaves another state), and its moves under the other values; and, for
  each value that answers an open point, games at the point's edges (edges.py: the question
  one condition short, the value's answer at its limit).
- declarations: each optional field of an event alone, with its value and with wrong ones.

Deterministic for a given seed (every random choice comes from `random.Random(seed/...)`,
z3 is asked small questions without time limits that matter).

Modules, one job each: families (the families asked for, the configurations, a header),
generator (the legal games every family starts from, played by checks/explore.py; the
random, mutants and unreadable families), mutants (unreadable and other field values),
rulings (the open points decided), situations (each option value deciding) with edges (beside
each open point), declarations
(each optional field alone),
boundary with limits, conjuncts and solve (the guards' limits) and reach (games steered to an
action the random games never play), logs (a scenario and its log
lines), cites (every § an illegal scenario's event breaks), pairwise (the all-pairs option
sets), spread (the games over worker processes, --jobs), build (one at a time, or in memory), outdir (the folder written as they come, and its manifest), pytest_export (the
pytest module that tests the user's engine).
"""
from .build import build, each
from .families import FAMILIES, configurations, header_for, player_counts
from .generator import Generator
from .logs import Scenario, log_lines, result_line
from .outdir import OutDirRefused, check_out_dir, generate
from .pytest_export import write_pytest

__all__ = ["FAMILIES", "Generator", "OutDirRefused", "Scenario", "build", "check_out_dir", "configurations",
           "each", "generate", "header_for", "log_lines", "player_counts", "result_line", "write_pytest"]
