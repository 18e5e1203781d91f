"""How the checks start worker processes (the proofs' and the witness searches' pools)."""
from __future__ import annotations

import multiprocessing as mp
from typing import Any


def context(start: Any = None) -> Any:
    """The multiprocessing context asked for (a context, a start method's name), else fork
    where the platform has it (a worker starts without importing z3 and the game again),
    else spawn (Windows). What a pool's workers need is passed to them explicitly, so both
    work: under spawn, a game travels by its registered name."""
    if start is None or isinstance(start, str):
        return mp.get_context(start or ("fork" if "fork" in mp.get_all_start_methods() else "spawn"))
    return start
