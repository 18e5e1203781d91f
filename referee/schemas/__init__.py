"""The JSON Schemas shipped in the package (package-data `*.json`): `audit.schema.json` for
`referee audit -f json` (docs/audit.md); `verdict` and `manifest` for the replay's verdicts and
the scenarios' manifest, and one per game for the lines of its logs (docs/schemas.md;
written by `python -m referee.replays.schema`, printed by `referee schema NAME`)."""
from __future__ import annotations

import json
from importlib.resources import files
from typing import Any


def load(name: str) -> dict[str, Any]:
    """The schema `name` (e.g. "audit"), as shipped."""
    return json.loads(files(__name__).joinpath(f"{name}.schema.json").read_text(encoding="utf-8"))
