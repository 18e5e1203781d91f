"""The kernel helpers compiled code calls, on values only: their concrete branch, without
the test for a symbolic index (compiled code never meets one) and with the same refusal of
an index outside the vector (logic.put, logic.bump). A Raiders event makes about seven puts."""
from __future__ import annotations

from typing import Any

from ..logic import bump, put


def put_value(vec: tuple, i: int, v: Any) -> tuple:
    if not 0 <= i < len(vec):
        raise IndexError(f"put at {i}, outside a vector of {len(vec)}")
    out = list(vec)
    out[i] = v
    return tuple(out)


def bump_value(vec: tuple, i: int, d: Any) -> tuple:
    if not 0 <= i < len(vec):
        raise IndexError(f"bump at {i}, outside a vector of {len(vec)}")
    out = list(vec)
    out[i] += d
    return tuple(out)


VALUES = {put: put_value, bump: bump_value}
