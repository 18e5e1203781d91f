"""The test session registers the tiny game of tests/toygame.py the way an installed plugin
registers itself (a distribution's entry point in the group `referee.games`), so that every
test that runs over `referee.model.names()` runs on a sixth game written from the front door."""
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

_PLUGIN = Path(tempfile.mkdtemp(prefix="referee-plugin-"))
_INFO = _PLUGIN / "referee_toy-0.dist-info"
_INFO.mkdir()
(_INFO / "METADATA").write_text("Metadata-Version: 2.1\nName: referee-toy\nVersion: 0\n")
(_INFO / "entry_points.txt").write_text("[referee.games]\ntoy = tests.toygame\n")
sys.path.append(str(_PLUGIN))
# The session's own proof cache (referee/proofstore.py): never the user's, and shared by
# the audits of the session (subprocesses too), so each configuration is proved once a run.
_CACHE = Path(tempfile.mkdtemp(prefix="referee-cache-"))
os.environ["REFEREE_CACHE_DIR"] = str(_CACHE)


@pytest.fixture(scope="session")
def plugin_path() -> Path:
    """The folder that registers the toy game: put it on PYTHONPATH for a subprocess."""
    return _PLUGIN


def pytest_unconfigure(config):
    if str(_PLUGIN) in sys.path:
        sys.path.remove(str(_PLUGIN))
    shutil.rmtree(_PLUGIN, ignore_errors=True)
    shutil.rmtree(_CACHE, ignore_errors=True)
