"""Phase graphs as pictures: one edge per pair of phases, stays drawn, labels escaped for
DOT and Mermaid, `referee graph -f svg|png` through Graphviz's dot (or a clear exit 2).
That every phase change of random games is an edge: tests/test_stateful.py."""
import shutil
import subprocess
import xml.etree.ElementTree as ET

import networkx as nx
import pytest
from typer.testing import CliRunner

from referee.checks.graphs import render
from referee.cli.app import app
from referee.model import load

DOT = shutil.which("dot")
needs_dot = pytest.mark.skipif(DOT is None, reason="Graphviz's dot is not installed (apt-get install graphviz)")
SVG = "{http://www.w3.org/2000/svg}"


def referee(*args: str):
    return CliRunner().invoke(app, list(args))


def svg_edges(svg: bytes) -> dict[str, list[str]]:
    """The edges of a Graphviz SVG: 'u->v' -> the lines of its label."""
    out = {}
    for g in ET.fromstring(svg).iter(f"{SVG}g"):
        if g.get("class") == "edge":
            title = g.find(f"{SVG}title").text
            assert title not in out, f"two edges {title}"
            out[title] = [t.text for t in g.iter(f"{SVG}text")]
    return out


def test_one_edge_per_pair_of_phases_with_its_events():
    g = load("twister").graph()
    dot = render(g, "dot")
    pairs = {(u, v) for u, v in g.edges()}
    assert dot.count(" -> ") == len(pairs) < g.number_of_edges()  # towers of parallel edges are merged
    # Twister's move may stay in 'act' (the game goes on) or end it (end=immediate, §Fin)
    act = next(x for x in dot.splitlines() if x.startswith('  "act" -> "act"'))
    assert "move §Déplacement" in act and "\\n" in act


@needs_dot
def test_graph_svg_draws_the_stay_edge_of_move():
    r = referee("graph", "twister", "-f", "svg")
    assert r.exit_code == 0, r.stderr
    edges = svg_edges(r.stdout_bytes)
    assert "move §Déplacement" in edges["act->act"] and "move §Déplacement" in edges["act->over"]
    assert "hide §Mise en place" in edges["setup->setup"]


@needs_dot
def test_graph_png_is_a_png():
    r = referee("graph", "draft", "-f", "png")
    assert r.exit_code == 0 and r.stdout_bytes.startswith(b"\x89PNG\r\n\x1a\n"), r.stderr


def test_graph_svg_without_dot_is_a_clear_exit_2(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))  # an empty folder: no dot
    r = referee("graph", "twister", "-f", "svg")
    assert r.exit_code == 2 and r.stdout_bytes == b"" and isinstance(r.exception, SystemExit)  # no traceback
    assert "Graphviz's `dot` program, which is not on PATH" in r.stderr and "-f dot" in r.stderr


def test_a_dot_killed_by_a_signal_is_named_so(tmp_path, monkeypatch):
    """s53 G15: a dot killed by SIGKILL read 'failed (exit -9):', a code no shell shows."""
    dot = tmp_path / "dot"
    dot.write_text("#!/bin/sh\nkill -9 $$\n")
    dot.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    r = referee("graph", "welcome", "-f", "svg")
    assert r.exit_code == 2 and r.stdout_bytes == b"", r.stderr
    assert "killed by signal 9 (SIGKILL)" in r.stderr and "exit -9" not in r.stderr, r.stderr


AWKWARD = 'a "quoted" <b> | c\\d\nnext line é'


def awkward_graph():
    g = nx.MultiDiGraph(game='g "1"')
    g.add_node(AWKWARD, cite="§1 <x>")
    g.add_node("end", cite="§2")
    g.add_edge(AWKWARD, "end", key='go "now" | <here>', cite="§3")
    return g


def test_dot_labels_are_escaped():
    dot = render(awkward_graph(), "dot")
    assert dot.splitlines()[0] == 'digraph "g \\"1\\"" {'
    assert ('  "a \\"quoted\\" <b> | c\\\\d\\nnext line é" [label="a \\"quoted\\" <b> | c\\\\d\\nnext line é'
            '\\n§1 <x>"];') in dot
    assert '[label="go \\"now\\" | <here> §3"];' in dot


@needs_dot
def test_dot_labels_survive_graphviz():
    done = subprocess.run([DOT, "-Tsvg"], input=render(awkward_graph(), "dot").encode(), capture_output=True)
    assert done.returncode == 0, done.stderr.decode()
    texts = [t.text for t in ET.fromstring(done.stdout).iter(f"{SVG}text")]
    assert texts == ['a "quoted" <b> | c\\d', "next line é", "§1 <x>", "end", "§2", 'go "now" | <here> §3']


def test_mermaid_labels_are_escaped():
    lines = render(awkward_graph(), "mermaid").splitlines()
    assert lines[1] == '  n0["a #quot;quoted#quot; #lt;b#gt; #124; c\\d<br>next line é §1 #lt;x#gt;"]'
    assert lines[3] == '  n0 -->|"go #quot;now#quot; #124; #lt;here#gt; §3"| n1'
