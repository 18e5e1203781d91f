"""The JSON Schemas of referee's own outputs, shipped in the package (package-data
`*.json`): `audit.schema.json` for `referee audit -f json` (docs/audit.md)."""
from __future__ import annotations

import json
from importlib.resources import files
from typing import Any


def load(name: str) -> dict[str, Any]:
    """The schema `name` (e.g. "audit"), as shipped."""
    return json.loads(files(__name__).joinpath(f"{name}.schema.json").read_text(encoding="utf-8"))
