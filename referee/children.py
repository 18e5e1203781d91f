"""Programs referee runs (Graphviz's dot for `graph -f svg`, another engine under
`differential`): each started in a session of its own, so that what it starts in turn ends
with it, never outliving the command (a hostile run, s61: a hung dot's child and an engine's
forked child were left running). A process that leaves that session on purpose (setsid:
a daemon the engine starts) is out of its reach, as it is out of a shell's (s64)."""
from __future__ import annotations

import os
import signal


def end_group(pid: int) -> None:
    """Kill the process group `pid` leads (a child started with start_new_session=True) and
    whatever is left in it."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):  # the group is gone already
        pass
