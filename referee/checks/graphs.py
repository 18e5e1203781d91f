"""Graphs of a game (networkx): its phase graph and the orderings its rules impose.

Checks: every phase reachable from the first, the end reachable from every phase, no
trap (an attracting component without the end). Rendering: DOT and Mermaid."""
from __future__ import annotations

import json
from typing import Any

import networkx as nx

from ..model.kernel import Game
from ..model.kernel.rules import cites
from .findings import Finding, finding_id


def declared(game: Game) -> dict[str, Any]:
    return {"phases": game.graph(), **game.graphs(game.default_config())}


def check_phases(game: Game) -> list[Finding]:
    g = game.graph()
    first, last = game.phases[0].name, game.phases[-1].name
    out = []
    unreached = [p.name for p in game.phases if p.name != first and not nx.has_path(g, first, p.name)]
    dead = [p.name for p in game.phases if p.name != last and not nx.has_path(g, p.name, last)]
    for p in unreached:
        out.append(Finding(finding_id(game.name, "graph", game.phases[game.phase_index[p]].cite, f"unreached_{p}"), game.name, "gap", [game.phases[game.phase_index[p]].cite],
                           f"the phase '{p}' cannot be reached from '{first}' by any event"))
    for p in dead:
        out.append(Finding(finding_id(game.name, "graph", game.phases[game.phase_index[p]].cite, f"dead_end_{p}"), game.name, "gap", [game.phases[game.phase_index[p]].cite],
                           f"from the phase '{p}' no sequence of events leads to '{last}'"))
    if not unreached and not dead:
        out.append(Finding(finding_id(game.name, "graph", game.phases[0].cite, "phases_connected"), game.name, "proved",
                           # each § once, the id's first, as the book reads (a phase may cite two: s56 reading)
                           list(dict.fromkeys(c for p in game.phases for c in cites(p.cite))),
                           f"in the phase graph (which phase each event may lead to), every phase is reachable "
                           f"from '{first}' and '{last}' from every phase ({g.number_of_nodes()} phases, "
                           f"{g.number_of_edges()} event edges); of the edges only, not of the states a game "
                           "reaches", status="graph", about="model",
                           details=["a property of the events' phase edges, not of the states a game reaches; whether a game can always go on is the stalemate search's question"]))
    return out


def dot_text(x: Any) -> str:
    """A DOT quoted string: quotes and backslashes escaped, a newline a centred line break;
    <, >, | and accents kept as they are (they are special only in HTML or record labels)."""
    t = str(x).replace("\\", "\\\\").replace('"', '\\"').replace("\r\n", "\n").replace("\n", "\\n")
    return f'"{t}"'


# Mermaid reads its own entity codes (#quot; #35; ...) inside a quoted label; `#` first, so
# that the codes added after it stay codes
_MERMAID = (("#", "#35;"), ('"', "#quot;"), ("<", "#lt;"), (">", "#gt;"), ("|", "#124;"), ("`", "#96;"),
            ("\r\n", "<br>"), ("\n", "<br>"))


def mermaid_text(x: Any) -> str:
    t = str(x)
    for a, b in _MERMAID:
        t = t.replace(a, b)
    return f'"{t}"'


def edge_labels(g: Any) -> dict[tuple, str]:
    """One label per pair of nodes: on a phase graph (one edge per event) the events of the
    pair grouped by §, one line per §, in the order the game declares them; on another graph
    the edge's own `cite`."""
    if not g.is_multigraph():
        return {(u, v): d.get("cite") or "" for u, v, d in g.edges(data=True)}
    by: dict[tuple, dict[str, list[str]]] = {}
    for u, v, k, d in g.edges(keys=True, data=True):
        by.setdefault((u, v), {}).setdefault(d.get("cite") or "", []).append(str(k))
    return {uv: "\n".join(" ".join(x for x in (", ".join(ks), cite) if x) for cite, ks in cites.items())
            for uv, cites in by.items()}


def render(g: Any, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(nx.node_link_data(g, edges="edges"), ensure_ascii=False, indent=1, default=str)
    labels = edge_labels(g)
    if fmt == "dot":
        lines = [f"digraph {dot_text(g.graph.get('game', 'g'))} {{", "  rankdir=LR;"]
        for n, d in g.nodes(data=True):
            label = f"{n}\n{d['cite']}" if d.get("cite") else n
            lines.append(f"  {dot_text(n)} [label={dot_text(label)}];")
        for (u, v), label in labels.items():
            lines.append(f"  {dot_text(u)} -> {dot_text(v)}" + (f" [label={dot_text(label)}];" if label else ";"))
        lines.append("}")
        return "\n".join(lines)
    ids = {n: f"n{i}" for i, n in enumerate(g.nodes)}
    lines = ["flowchart LR"]
    for n, d in g.nodes(data=True):
        lines.append(f"  {ids[n]}[{mermaid_text(' '.join(x for x in (str(n), d.get('cite', '')) if x))}]")
    for (u, v), label in labels.items():
        lines.append(f"  {ids[u]} -->" + (f"|{mermaid_text(label)}|" if label else "") + f" {ids[v]}")
    return "\n".join(lines)
