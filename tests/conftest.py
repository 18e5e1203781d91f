"""The test session registers the tiny game of tests/toygame.py the way an installed plugin
registers itself (a distribution's entry point in the group `referee.games`), so that every
test that runs over `referee.model.names()` runs on a sixth game written from the front door."""
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

# One folder per test run, shared by pytest-xdist's workers (each imports this file: the
# first, the controller, makes the folder and names it in the environment the workers inherit;
# it alone removes it at the end).
_OWNER = "REFEREE_TEST_RUN" not in os.environ
if _OWNER:
    os.environ["REFEREE_TEST_RUN"] = tempfile.mkdtemp(prefix="referee-tests-")
_RUN = Path(os.environ["REFEREE_TEST_RUN"])
_PLUGIN = _RUN / "plugin"
_INFO = _PLUGIN / "referee_toy-0.dist-info"
if _OWNER:
    _INFO.mkdir(parents=True)
    (_INFO / "METADATA").write_text("Metadata-Version: 2.1\nName: referee-toy\nVersion: 0\n")
    (_INFO / "entry_points.txt").write_text("[referee.games]\ntoy = tests.toygame\n")
sys.path.append(str(_PLUGIN))
# The run's own proof cache (referee/proofstore.py): never the user's, and shared by the
# audits of the run (subprocesses and workers too), so each configuration is proved once a
# run. Its writes are atomic renames of per-process files: workers may share it.
_CACHE = _RUN / "cache"
_CACHE.mkdir(exist_ok=True)
os.environ["REFEREE_CACHE_DIR"] = str(_CACHE)


@pytest.fixture(scope="session")
def plugin_path() -> Path:
    """The folder that registers the toy game: put it on PYTHONPATH for a subprocess."""
    return _PLUGIN


def pytest_unconfigure(config):
    if str(_PLUGIN) in sys.path:
        sys.path.remove(str(_PLUGIN))
    if _OWNER:
        shutil.rmtree(_RUN, ignore_errors=True)
