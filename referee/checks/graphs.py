"""Graphs of a game (networkx): its phase graph and the orderings its rules impose.

Checks: every phase reachable from the first, the end reachable from every phase, no
trap (an attracting component without the end). Rendering: DOT and Mermaid."""
from __future__ import annotations

import json
from typing import Any

import networkx as nx

from ..model.kernel import Game
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
        out.append(Finding(finding_id(game.name, "graph", game.phases[0].cite, "phases_connected"), game.name, "proved", sorted({p.cite for p in game.phases}),
                           f"every phase is reachable from '{first}' and '{last}' is reachable from every phase "
                           f"({g.number_of_nodes()} phases, {g.number_of_edges()} event edges)", status="graph"))
    return out


def _q(x: Any) -> str:
    return json.dumps(str(x), ensure_ascii=False)


def render(g: Any, fmt: str) -> str:
    multi = g.is_multigraph()
    edges = list(g.edges(keys=True, data=True)) if multi else [(u, v, None, d) for u, v, d in g.edges(data=True)]
    if fmt == "json":
        return json.dumps(nx.node_link_data(g, edges="edges"), ensure_ascii=False, indent=1, default=str)
    if fmt == "dot":
        lines = [f"digraph {_q(g.graph.get('game', 'g'))} {{", "  rankdir=LR;"]
        for n, d in g.nodes(data=True):
            label = f"{n}\\n{d['cite']}" if d.get("cite") else str(n)
            lines.append(f"  {_q(n)} [label=\"{label}\"];")
        for u, v, k, d in edges:
            label = " ".join(x for x in (k, d.get("cite")) if x)
            lines.append(f"  {_q(u)} -> {_q(v)}" + (f" [label={_q(label)}];" if label else ";"))
        lines.append("}")
        return "\n".join(lines)
    ids = {n: f"n{i}" for i, n in enumerate(g.nodes)}
    lines = ["flowchart LR"]
    for n, d in g.nodes(data=True):
        lines.append(f"  {ids[n]}[\"{n} {d.get('cite', '')}\"]".replace('" ]', '"]'))
    for u, v, k, d in edges:
        label = " ".join(x for x in (k, d.get("cite")) if x)
        lines.append(f"  {ids[u]} -->" + (f"|\"{label}\"|" if label else "") + f" {ids[v]}")
    return "\n".join(lines)
