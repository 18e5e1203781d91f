"""The one component loader (kernel/components.py), for every game and every table read from
its declaration: a missing key, a wrong type (true for a number), a number out of range, a
row given twice and an unknown key are each an exit-2 BadInput located exactly
`file: table[row].key:`; hypothesis mutates the shipped files (any outcome but a loaded set
or a located BadInput fails); the shipped sets load unchanged."""
from __future__ import annotations

import copy
import json
import pickle
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from referee.model import load
from referee.model.draft import data as draft
from referee.model.kernel import BadInput
from referee.model.kernel.components import REQUIRED, Int, Named, Rows, Str, Table, read
from referee.model.kernel.inputs import read_toml
from referee.model.raiders import data as raiders
from referee.model.trolls import data as trolls
from referee.model.twister import data as twister
from referee.model.welcome import data as welcome

DECLARED = {
    "welcome": (welcome.HERE, {"monsters.toml": welcome.MONSTERS, "adventurers.toml": welcome.ADVENTURERS}),
    "draft": (draft.HERE, {"cards.toml": draft.CARDS}),
    "raiders": (raiders.HERE, {"buildings.toml": raiders.BUILDINGS, "board.toml": raiders.BOARD,
                               "cards.toml": raiders.CARDS, "guilds.toml": raiders.GUILDS,
                               "dice.toml": raiders.DICE, "dungeons.toml": raiders.DUNGEONS}),
    "trolls": (trolls.HERE, {"cards.toml": trolls.CARDS, "figures.toml": trolls.FIGURES}),
    "twister": (twister.HERE, dict(twister.DECLARED)),
}


# ---------------------------------------------------------------- a TOML writer for the mutants
def _toml_value(v) -> str:
    if type(v) is bool:
        return "true" if v else "false"
    if type(v) in (int, float):
        return repr(v)
    if type(v) is str:
        return json.dumps(v)  # a TOML basic string
    if type(v) is list:
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if type(v) is dict:
        return "{" + ", ".join(f"{json.dumps(k)} = {_toml_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(type(v))


def to_toml(doc: dict) -> str:
    return "".join(f"{json.dumps(k)} = {_toml_value(v)}\n" for k, v in doc.items())


def _configure(name: str, d: Path):
    game = load(name)
    return game.configure({}, d, None, nplayers=game.default_config().extra["nplayers"])


def _write(tmp: Path, name: str, file: str, doc: dict) -> Path:
    d = tmp / "comp"
    if d.exists():
        shutil.rmtree(d)
    shutil.copytree(DECLARED[name][0], d)
    (d / file).write_text(to_toml(doc), encoding="utf-8")
    return d


# ---------------------------------------------------------------- every table of every declaration
def _tables(table: Table, doc, path: str):
    """(path of a row, the declared table, the row's dict) for every table the shipped doc
    holds: each [[table]]'s first row that can take one more row, each named table, each
    sub-table."""
    for f in table.fields:
        if f.name not in doc:
            continue
        v, p = doc[f.name], f"{path}.{f.name}" if path else f.name
        if isinstance(f.kind, Rows):
            i = max(range(len(v)), key=lambda i: len(v[i]))  # the fullest row: its sub-tables too
            yield p, f.kind, i, v
            yield from _tables(f.kind.table, v[i], f"{p}[{i}]")
        elif isinstance(f.kind, Named):
            k = next(iter(v))
            yield from _tables(f.kind.table, v[k], f"{p}[{k}]")
        elif isinstance(f.kind, Table):
            yield from _tables(f.kind, v, p)
    yield path, table, None, doc


def _cases():
    for name, (here, files) in DECLARED.items():
        for file, table in files.items():
            doc = read_toml(here / file)
            for path, decl, i, v in _tables(table, doc, ""):
                yield pytest.param(name, file, path, decl, i, id=f"{name}-{file}-{path or 'top'}")


CASES = list(_cases())


def _at(doc: dict, path: str):
    """The dict at a path like `adventurer[0].tiles` (for a row: its list)."""
    cur = doc
    for part in path.replace("[", ".[").split("."):
        if not part:
            continue
        if part.startswith("["):
            k = part[1:-1]
            cur = cur[int(k)] if isinstance(cur, list) else cur[k]
        else:
            cur = cur[part]
    return cur


def _expect(tmp, name, file, doc, prefix):
    d = _write(tmp, name, file, doc)
    with pytest.raises(BadInput) as e:
        _configure(name, d)
    assert e.value.exit_code == 2
    assert str(e.value).startswith(prefix), (prefix, str(e.value))


def _prefix(file, path, key):
    return f"{file}: {path}.{key}:" if path else f"{file}: {key}:"


@pytest.mark.parametrize("name,file,path,decl,i", CASES)
def test_every_table_refuses_bad_rows_located(tmp_path, name, file, path, decl, i):
    doc = read_toml(DECLARED[name][0] / file)
    if isinstance(decl, Rows):  # a row given twice
        rows = _at(doc, path)
        rows.append(copy.deepcopy(rows[i]))
        n = len(rows) - 1
        if n + 1 > decl.hi:
            prefix = f"{file}: {path}: expected"
        else:
            assert decl.key is not None, f"{path}: a keyless table that takes a copied row"
            prefix = f"{file}: {path}[{n}].{decl.key}: "
        _expect(tmp_path, name, file, doc, prefix)
        return
    table = decl
    row = _at(doc, path) if path else doc
    # an unknown key, with the known ones listed
    if table.extra is None:
        bad = copy.deepcopy(doc)
        (_at(bad, path) if path else bad)["zzz_unknown"] = 1
        _expect(tmp_path, name, file, bad, _prefix(file, path, "zzz_unknown") + " unknown key (known: ")
    for f in table.fields:
        p = _prefix(file, path, f.name)
        if f.default is REQUIRED:  # a required key missing
            bad = copy.deepcopy(doc)
            del (_at(bad, path) if path else bad)[f.name]
            _expect(tmp_path, name, file, bad, p + " missing")
        if isinstance(f.kind, Int):  # a boolean is no number; an absurd number; below the range
            for v in (True, 2**63 - 1, f.kind.lo - 1):
                bad = copy.deepcopy(doc)
                (_at(bad, path) if path else bad)[f.name] = v
                _expect(tmp_path, name, file, bad, p + " expected a whole number from")
        if isinstance(f.kind, Str):
            for v in (1, False, ""):
                bad = copy.deepcopy(doc)
                (_at(bad, path) if path else bad)[f.name] = v
                _expect(tmp_path, name, file, bad, p + " expected a name")
    assert row is not None


def test_the_cases_cover_every_game_and_file():
    covered = {(c.values[0], c.values[1]) for c in CASES}
    assert covered == {(n, f) for n, (_, files) in DECLARED.items() for f in files}
    assert sum(isinstance(c.values[3], Rows) for c in CASES) >= 25


@pytest.mark.parametrize("name", DECLARED)
def test_shipped_sets_load_and_are_cached_by_content(name, tmp_path):
    here, files = DECLARED[name]
    for file, table in files.items():
        read(here / file, table)
    game = load(name)
    a = game.default_config().comp
    assert game.default_config().comp is a  # read once
    d = _write(tmp_path, name, next(iter(files)), read_toml(here / next(iter(files))))
    b = _configure(name, d).comp
    assert _configure(name, d).comp is b  # same content: the same frozen set
    assert type(b) is type(a)
    assert pickle.loads(pickle.dumps(a)) == a  # a set travels to worker processes


def test_an_edited_file_is_read_again(tmp_path):
    d = _write(tmp_path, "welcome", "monsters.toml", read_toml(welcome.HERE / "monsters.toml"))
    assert _configure("welcome", d).comp.strength[0] == 1
    p = d / "monsters.toml"
    p.write_text(p.read_text().replace('"strength" = 1', '"strength" = 2', 1), encoding="utf-8")
    assert _configure("welcome", d).comp.strength[0] == 2


def test_messages_cite_the_rule_and_list_known_keys(tmp_path):
    doc = read_toml(welcome.HERE / "monsters.toml")
    doc["monster"][0]["strength"] = 0
    _expect(tmp_path, "welcome", "monsters.toml", doc,
            "monsters.toml: monster[0].strength: expected a whole number from 1 to 20, got 0 [§Monstres")
    doc = read_toml(trolls.HERE / "figures.toml")
    doc["profile"]["troll"]["mvt"] = "1/0"
    _expect(tmp_path, "trolls", "figures.toml", doc, "figures.toml: profile[troll].mvt: '1/0' divides by 0")
    doc = read_toml(draft.HERE / "cards.toml")
    doc["card"][1]["ability"]["gain"] = True
    _expect(tmp_path, "draft", "cards.toml", doc, "cards.toml: card[1].ability.gain: expected a name, got true/false")


# ---------------------------------------------------------------- structure-aware mutants
ODD = (True, False, 0, -1, 2**63 - 1, 1.5, "", "x" * 70, [], {}, [1], {"a": 1})


def _paths(v, path=()):
    yield path
    if isinstance(v, dict):
        for k, x in v.items():
            yield from _paths(x, path + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from _paths(x, path + (i,))


@st.composite
def mutants(draw):
    name = draw(st.sampled_from(sorted(DECLARED)))
    here, files = DECLARED[name]
    file = draw(st.sampled_from(sorted(files)))
    doc = read_toml(here / file)
    paths = [p for p in _paths(doc) if p]
    for _ in range(draw(st.integers(1, 3))):
        p = draw(st.sampled_from(paths))
        parent = doc
        try:
            for k in p[:-1]:
                parent = parent[k]
            kind = draw(st.sampled_from(("swap", "delete", "duplicate", "edge")))
            if kind == "delete":
                del parent[p[-1]]
            elif kind == "duplicate" and isinstance(parent, list):
                parent.append(copy.deepcopy(parent[p[-1]]))
            elif kind == "edge":
                parent[p[-1]] = draw(st.sampled_from((0, -1, 1, 2**63 - 1, -(2**63))))
            else:
                parent[p[-1]] = copy.deepcopy(draw(st.sampled_from(ODD)))
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation removed this path
    return name, file, doc


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mutants())
def test_mutated_shipped_files_load_or_are_located(tmp_path, m):
    name, file, doc = m
    d = _write(tmp_path, name, file, doc)
    try:
        _configure(name, d)
    except BadInput as e:
        text = str(e)
        assert e.exit_code == 2
        assert any(text.startswith(f + ": ") for f in DECLARED[name][1]), text
        assert "Traceback" not in text and "<class" not in text and "None" not in text.split(": ", 1)[0]


# ---------------------------------------------------------------- the kernel's kinds themselves
def test_kinds_refuse_in_one_format():
    from referee.model.kernel.components import Bool, Field, List, Loc

    at = Loc("f.toml", "t[2]")
    with pytest.raises(BadInput, match=r"^f.toml: t\[2\]: expected a whole number from 1 to 3, got true/false \[§9\]$"):
        Int(1, 3, "§9").read(True, at)
    with pytest.raises(BadInput, match=r"^f.toml: t\[2\]: expected true or false, got 1$"):
        Bool().read(1, at)
    with pytest.raises(BadInput, match=r"^f.toml: t\[2\]\[1\]: 'a' is given twice \(first at t\[2\]\[0\]\); each value once$"):
        List(Str(), unique=True).read(["a", "a"], at)
    named = Named(Table((Field("n", Int()),))).read({"x": {"n": 1}}, Loc("f.toml", "p"))
    assert named["x"].n == 1 and named["x"].at.path == "p[x]"
    with pytest.raises(BadInput, match=r"^f.toml: p\[y\]\.n: missing"):
        Named(Table((Field("n", Int()),))).read({"y": {}}, Loc("f.toml", "p"))
    row = Table((Field("n", Int(), 5),)).read({}, at)
    assert row.n == 5 and not row.given("n")
    with pytest.raises(AttributeError):
        row.n = 6
