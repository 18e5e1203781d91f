"""A witness game replayed with the model, state by state, for the HTML report's stepper
(checks/htmlreport.py): the page holds these states as JSON and its script only steps
through them, so what it shows is what the rules compute, not what the page guesses.

Each step is the game's readable view (`Game.show`, names not indices; else the state's
numeric projection) after the setup and after each event; an event the rules refuse (a
witness of an illegal game ends on one) or leave undecided closes the list with what the
engine said and its §, the state left as it was before it."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..model.kernel import BadInput, Illegal, IllegalSetup, Undecided
from ..replays.engine import decode, named_view, setup_from_header
from ..replays.log import Unreadable, records
from .findings import Witness


def _event(e: dict) -> str:
    """One event in a line: its `do`, who, and its other fields (`n` aside)."""
    rest = " ".join(f"{k}={v}" for k, v in e.items() if k not in ("n", "do", "by"))
    return " ".join(x for x in (str(e.get("do", "?")), f"by {e['by']}" if "by" in e else "", rest) if x)


def replayed(game: Any, w: Witness, components: Path | None = None, prefer: str | None = None) -> dict:
    """{"steps": [{"event", "view", "said"?, "cite"?}], "stopped"?: why}: step 0 is the setup.
    A witness that cannot be replayed (it should always be) says so instead of raising."""
    lines = w.lines()
    players = tuple(lines[0].get("players", ()))
    show = named_view(game.show or (lambda st: st.project()), players)  # columns by the header's names
    it = records(lines)
    first = next(it)
    try:
        s = setup_from_header(game, first.data, components, prefer)
    except (BadInput, IllegalSetup) as e:
        return {"steps": [], "stopped": f"the witness's setup cannot be replayed: {e}"}
    steps: list[dict] = [{"event": "setup", "view": show(s)}]
    for n, line in enumerate(it, 1):
        label = f"{n}. {_event(line.data)}"
        try:
            act, a = decode(game, s.cfg, players, line, n)
            s = game.step(s, act, a)
        except Illegal as e:
            steps.append({"event": label, "view": show(s), "said": f"refused: {e.need.says}"
                          + (f" ({e.shown})" if e.shown else ""), "cite": e.need.cite})
            break
        except Undecided as e:
            steps.append({"event": label, "view": show(s), "said": f"undecided: {e.ruling.says}",
                          "cite": e.ruling.cite})
            break
        except (Unreadable, BadInput) as e:
            return {"steps": steps, "stopped": f"event {n} cannot be read: {e}"}
        steps.append({"event": label, "view": show(s)})
    return {"steps": steps}
