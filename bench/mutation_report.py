"""The mutation figure: outcomes tallied per game and per module, the reviewed equivalent
mutants (bench/mutation-equivalent.toml) set aside with their reason, and the kill rate's
95% confidence interval (Wilson's score interval) when the mutants are a sample."""
from __future__ import annotations

import math
import tomllib
from pathlib import Path

# a mutant whose replay crashes (error) or never ends (timeout) is told apart from the model too
KILLS = ("killed", "error", "timeout")


def equivalents(path: Path) -> dict[tuple[str, str, str], str]:
    """(game, module, site description) -> reason; site "*" stands for every site of a
    module whose code the replay never runs (the reason says why)."""
    if not path.is_file():
        return {}
    out = {}
    for e in tomllib.loads(path.read_text(encoding="utf-8")).get("equivalent", []):
        assert e.get("reason", "").strip(), f"{path}: an equivalent mutant without a reason: {e}"
        out[(e["game"], e["module"], e["site"])] = e["reason"].strip()
    return out


def mark(results: list[dict], eq: dict) -> list[str]:
    """Set each result's "equivalent" reason from the reviewed list; a listed mutant that
    the suite kills contradicts its reason: returned as a warning, and not set aside."""
    warnings = []
    for r in results:
        why = eq.get((r["game"], r["module"], r["what"])) or eq.get((r["game"], r["module"], "*"))
        if why is None:
            continue
        if r["status"] in KILLS and r["status"] != "timeout":
            warnings.append(f"{r['game']}/{r['module']} {r['what']}: listed as equivalent but {r['status']}: {r['why'][:120]}")
        else:
            r["equivalent"] = why
    return warnings


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for k successes of n (95% with z = 1.96)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def tally(rs: list[dict]) -> dict:
    eq = [r for r in rs if r.get("equivalent")]
    live = [r for r in rs if not r.get("equivalent") and r["status"] != "skipped"]
    t = {"mutants": len(rs), "killed": sum(r["status"] == "killed" for r in live),
         "error": sum(r["status"] == "error" for r in live), "timeout": sum(r["status"] == "timeout" for r in live),
         "survived": sum(r["status"] == "survived" for r in live), "equivalent": len(eq),
         "skipped": sum(r["status"] == "skipped" for r in rs)}
    t["kill_rate"] = round((t["killed"] + t["error"] + t["timeout"]) / len(live), 4) if live else None
    return t


def summary(results: list[dict], sites_per_module: dict, sampled: bool) -> dict:
    """{"games": {game: tally + modules + interval}, "all": tally + interval}."""
    out: dict = {"games": {}}
    for game in sorted({r["game"] for r in results}):
        rs = [r for r in results if r["game"] == game]
        g = tally(rs)
        g["sites"] = sum(n for (gm, _), n in sites_per_module.items() if gm == game)
        g["modules"] = {m: {**tally([r for r in rs if r["module"] == m]), "sites": n}
                        for (gm, m), n in sorted(sites_per_module.items()) if gm == game}
        _interval(g, sampled)
        out["games"][game] = g
    out["all"] = tally(results)
    _interval(out["all"], sampled)
    return out


def _interval(t: dict, sampled: bool) -> None:
    n = t["mutants"] - t["equivalent"] - t["skipped"]
    k = t["killed"] + t["error"] + t["timeout"]
    if sampled and n:
        lo, hi = wilson(k, n)
        t["wilson95"] = [round(lo, 4), round(hi, 4)]


def render(s: dict, results: list[dict]) -> str:
    lines = []

    def row(name: str, t: dict) -> str:
        rate = "-" if t["kill_rate"] is None else f"{t['kill_rate']:.0%}"
        ci = f" [95% Wilson {t['wilson95'][0]:.0%}-{t['wilson95'][1]:.0%}]" if "wilson95" in t else ""
        return (f"{name:28} {t['mutants']:4} run of {t.get('sites', '-'):>5} sites: killed {t['killed']}, crashed {t['error']}, "
                f"timeouts {t['timeout']}, survived {t['survived']}, equivalent {t['equivalent']}: "
                f"{rate} of the non-equivalent{ci}")
    for game, g in s["games"].items():
        lines.append(row(game, g))
        for m, t in g["modules"].items():
            if t["mutants"]:
                lines.append(row(f"  {m}", t))
    lines.append(row("all games", s["all"]))
    lines.append("survivors not listed as equivalent:")
    for r in results:
        if r["status"] == "survived" and not r.get("equivalent"):
            lines.append(f"  {r['game']}/{r['module']} {r['what']}" + (f"  ({r['why'][:100]})" if r["why"] else ""))
    return "\n".join(lines)
