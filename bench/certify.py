"""Write referee/certificate.json: z3's proofs of each built-in game's default rules, under every
combination of its variants (options of kind "variant": the book's own modes) and at every
player count it allows,
filed under the fingerprint of its rules (referee/proofstore.py), which a replay then trusts:
an invariant proved for the rules in force cannot break after an event that passed its Needs.

The audit takes a proof from the certificate when it proves every invariant of exactly the
rules audited; the replay trusts the certified invariants, except in games whose effects
branch on is_sym (`Game.concrete_forks`: proofstore.trusted). An invariant the proof leaves
open is not listed, so it is checked. Dungeon Twister's whole proof takes ~7 min of one core,
so it is certified only with --all (SLOW); without it, its entries already there are kept.
tests/test_proofstore.py fails when the certificate no longer names the rules as they are:
rerun this after changing the kernel, a game's modules or components, or the prover.

    python bench/certify.py [GAME ...] [--all] [--budget SECONDS]   (z3 work, as the audit's --budget)
With games named, only those are proved again; the others' entries still naming their rules
are kept.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

import orjson

from referee import proofstore
from referee.checks.invariants import prove
from referee.checks.scenarios import families
from referee.checks.steady import steady
from referee.model import BUILTIN, load

ROOT = Path(__file__).resolve().parent.parent
SLOW = ("twister",)  # certified with --all only: minutes of z3 (docs/twister.md)


def counts(game) -> list[int]:
    """The player counts the game's default configuration accepts (1 to 8)."""
    from referee.model.kernel import BadInput

    out = []
    for n in range(1, 9):
        try:
            game.configure({}, None, None, nplayers=n)
        except (BadInput, ValueError):
            continue
        out.append(n)
    return out


def configurations(game) -> list[tuple[int, dict]]:
    """(player count, options) the certificate covers: every count, every combination of the
    variants' values, the other options at their defaults; every rule set the scenarios' random
    family plays (families.configurations: each other option's values in turn); then the
    configuration of each example log shipped in examples/ (a documented game replays with its proofs; any other
    configuration gets them from the audit's cache: `referee audit` with its options)."""
    import itertools

    variants = [o for o in game.options if o.kind == "variant"]
    combos = [dict(zip([o.name for o in variants], vals)) for vals in itertools.product(*[list(o.choices) for o in variants])]
    out = [(n, opts) for n in counts(game) for opts in combos]
    # and every rule set the scenarios' random family plays (each other option's values in
    # turn, checks/scenarios/families.py): their legal games are generated and replayed
    # trusting these proofs instead of re-checking every invariant after each event
    for opts, n in families.configurations(game) if game.name not in SLOW else ():  # Twister's: minutes each
        if (n, opts) not in out:
            out.append((n, opts))
    for path in sorted((ROOT / "examples" / game.name).glob("*.jsonl")):
        try:
            head = orjson.loads(path.read_bytes().split(b"\n", 1)[0])
            n, opts = len(head["players"]), dict(head.get("options") or {})
        except (ValueError, KeyError, TypeError):
            continue
        if (n, opts) not in out:
            out.append((n, opts))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="*", help="prove only these again (default: every game)")
    # Dungeon Twister's six invariants cost 4.1 G z3 units in all (bench/twister_proofs.py --jobs 1,
    # session 34), ~2 G for each of 2 jobs: at 900 s (1.8 G) four were left open
    ap.add_argument("--budget", type=float, default=3600.0)
    ap.add_argument("--all", action="store_true", help="also the slow games (SLOW)")
    ap.add_argument("--missing", action="store_true", help="prove only the configurations with no current entry")
    o = ap.parse_args()
    old = proofstore.certificate()
    cert = {}
    for name in BUILTIN:
        game = load(name)
        if (name in SLOW and not o.all) or (o.games and name not in o.games):
            now = {proofstore.fingerprint(game, game.configure(opts, None, None, nplayers=n))
                   for n, opts in configurations(game)}
            kept = {fp: e for fp, e in old.items() if fp in now}  # those still naming the rules
            cert.update(kept)
            print(f"{name:8} not proved again: {len(kept)} current entries kept")
            continue
        for n, opts in configurations(game):
            cfg = game.configure(opts, None, None, nplayers=n)
            fp = proofstore.fingerprint(game, cfg)
            if fp in cert:  # the same rules as a configuration already proved (an example's, often)
                continue
            if o.missing and fp in old:
                cert[fp] = old[fp]
                continue
            t = time.monotonic()
            with steady():  # the same proofs whatever this process proved before (checks/steady.py)
                res = prove(game, cfg, budget=o.budget, jobs=2)
            ok = sorted(r.index for r in res if r.status == "proved")
            cert[fp] = {"game": name, "players": n, "options": opts,
                                                       "invariants": len(game.invariants), "proved": ok}
            print(f"{name:8} {n} players {opts}: {len(ok)}/{len(game.invariants)} proved "
                  f"in {time.monotonic() - t:.1f} s")
    proofstore.CERTIFICATE.write_bytes(orjson.dumps(cert, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS) + b"\n")
    print(f"written {proofstore.CERTIFICATE}")


if __name__ == "__main__":
    main()
