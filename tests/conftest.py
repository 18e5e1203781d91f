"""The test session registers the tiny game of tests/toygame.py the way an installed plugin
registers itself (a distribution's entry point in the group `referee.games`), so that every
test that runs over `referee.model.names()` runs on a sixth game written from the front door."""
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


@pytest.fixture(scope="session")
def plugin_path() -> Path:
    """The folder that registers the toy game: put it on PYTHONPATH for a subprocess."""
    return _PLUGIN


def pytest_unconfigure(config):
    if str(_PLUGIN) in sys.path:
        sys.path.remove(str(_PLUGIN))
    shutil.rmtree(_PLUGIN, ignore_errors=True)
