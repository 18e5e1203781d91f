"""The witnessed share of the default audit (issue #16 item 6: at least 90% of the
open questions arising in play, gaps, ambiguities and contradictions, carry a replayable witness).

Run: python bench/witness_share.py [GAME ...] [-- AUDIT OPTIONS]. Runs `referee audit GAME
-f json` as a user does (a fresh process, the default budgets unless options are given),
one game after the other (each audit already uses the machine's two cores), and prints per
game: the findings arising in play, those with a witness, the share, and each one without
its witness with the note saying why; then the reach claims searched; then the total.
The searches are bounded by counts of work, so the table is the same on any machine
(unless an audit says its time net stopped a search: the machine was too loaded)."""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("raiders", "welcome", "twister", "trolls", "draft")
IN_PLAY_KINDS = ("ambiguity", "contradiction")


def audit(game: str, extra: list[str]) -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    r = subprocess.run([sys.executable, "-m", "referee", "audit", game, "-f", "json", *extra],
                       cwd=ROOT, capture_output=True, env=env)
    if r.returncode not in (0, 1):
        sys.exit(f"audit {game} failed: {r.stderr.decode()[-500:]}")
    return json.loads(r.stdout)["games"][0]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="*", default=list(GAMES))
    ap.add_argument("--audit", nargs=argparse.REMAINDER, default=[], help="options passed to referee audit")
    args = ap.parse_args()
    total = [0, 0]
    for g in args.games:
        doc = audit(g, args.audit)
        n, w = doc["witnessed"]["in_play"], doc["witnessed"]["witnessed"]
        total[0] += n
        total[1] += w
        print(f"{g:8} {w:3}/{n:<3} {100 * w / n if n else 100:5.1f}%  witnessed (ambiguities, contradictions in play)")
        for f in doc["findings"]:
            # in play and without a witness: every such finding carries a note (checks/share.py)
            if f["kind"] in IN_PLAY_KINDS and f["severity"] and "witness" not in f and f["witness_note"]:
                print(f"         - {f['id']}: {f['witness_note']}")
        # a reach claim: reached (kind claim, with its witness), or its bound proved and no game found
        # (listed as not established, kind unknown: checks/audit/proofs.py)
        claims = [f for f in doc["findings"] if ".claim." in f["id"] and f["kind"] in ("claim", "unknown")
                  and ("witness" in f or f["witness_note"])]
        if claims:
            got = sum("witness" in f for f in claims)
            print(f"         reach claims searched: {got}/{len(claims)} reached"
                  + "".join(f"\n         - {f['id']}: {f['witness_note']}" for f in claims if "witness" not in f))
    n, w = total
    print(f"{'all':8} {w:3}/{n:<3} {100 * w / n if n else 100:5.1f}%")


if __name__ == "__main__":
    main()
