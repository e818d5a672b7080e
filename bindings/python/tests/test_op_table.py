"""Every place an action op is written outside its Swift unit agrees with the one table of ops,
Include/navcore_ops.json (docs/building.md, "The op table"): the header's C function of each op and
its doc, the ctypes prototypes, the Navigator's method, the action schema and docs/json.md's list.
The Swift list of ops (ActionOp.swift) is written from it by `make` (scripts/op_swift.py), and each
op's unit and its fields are checked against it by OpTableTests.swift."""

from __future__ import annotations

import inspect
import json
import re
import subprocess
import sys
from ctypes import POINTER, c_char_p, c_int, c_int64, c_void_p
from pathlib import Path
from typing import Any, Dict, List

import pytest

import navcore
from navcore._library import PROTOTYPES

REPO = Path(__file__).resolve().parents[3]
TABLE = json.loads((REPO / "Include" / "navcore_ops.json").read_text())
OPS: List[Dict[str, Any]] = TABLE["ops"]
HEADER = (REPO / "Include" / "navcore.h").read_text()
SCHEMAS = REPO / "docs" / "schema"

#: The ctypes type of each C parameter type the op functions use.
CTYPES = {"const char *": c_char_p, "int": c_int, "int64_t": c_int64, "char **": POINTER(c_void_p)}


def declaration(function: str) -> List[str]:
    """The parameters of ``function``'s prototype in the header, each with its spaces made single."""
    found = re.search(rf"^int {function}\(([^;]*)\);", HEADER, re.M)
    assert found is not None, f"{function} is not declared in Include/navcore.h"
    return [" ".join(part.split()) for part in found[1].split(",")]


def doc_comment(function: str) -> str:
    """The doc comment directly above ``function``'s prototype."""
    found = re.search(rf"/\*\*((?:(?!\*/).)*)\*/\s*int {function}\(", HEADER, re.S)
    assert found is not None, f"{function} has no doc comment"
    return found[1]


def ctype(parameter: str) -> Any:
    """The ctypes type of a C parameter such as ``const char *name``: its type without its name."""
    return CTYPES[re.sub(r"\w+$", "", parameter).strip()]


def test_the_swift_list_of_ops_is_written_from_the_table(tmp_path: Path) -> None:
    generated = Path("Sources/NavCore/Actions/ActionOp.swift")
    subprocess.run([sys.executable, str(REPO / "scripts" / "op_swift.py"), "--out", str(tmp_path)], check=True, capture_output=True)
    assert (REPO / generated).read_text() == (tmp_path / generated).read_text(), f"{generated} is stale: run make"


def test_the_table_is_well_formed() -> None:
    assert TABLE["navcore_ops"] == 1
    names = [entry["op"] for entry in OPS]
    assert len(names) == len(set(names)) == 20
    for entry in OPS:
        assert set(entry) == {"op", "summary", "fields", "c"}, entry["op"]
        keys = [field["key"] for field in entry["fields"]]
        assert len(keys) == len(set(keys)) and "op" not in keys, entry["op"]
        for field in entry["fields"]:
            assert field["presence"] in ("required", "optional", "default"), (entry["op"], field)
            assert ("default" in field) == (field["presence"] == "default"), (entry["op"], field)
        assert entry["c"]["out"] in ("char **transition_out", "char **result_out"), entry["op"]


@pytest.mark.parametrize("entry", OPS, ids=lambda entry: entry["op"])
def test_each_op_has_its_c_function_as_the_table_writes_it(entry: Dict[str, Any]) -> None:
    """The header's rule: one C function per op, navcore_<op>, taking nav, the table's parameters and the out
    parameter; transition_out but for take_result, whose answer is the result (result_out)."""
    function = f"navcore_{entry['op']}"
    assert declaration(function) == ["navcore_navigator *nav", *entry["c"]["params"], entry["c"]["out"]]
    expected_out = "char **result_out" if entry["op"] == "take_result" else "char **transition_out"
    assert entry["c"]["out"] == expected_out


@pytest.mark.parametrize("entry", OPS, ids=lambda entry: entry["op"])
def test_each_c_functions_errors_are_those_of_apply_for_its_op_and_its_own(entry: Dict[str, Any]) -> None:
    doc = doc_comment(f"navcore_{entry['op']}")
    line = f" * Errors: those of navcore_apply() for a `{entry['op']}` action"
    assert [text for text in doc.splitlines() if text.startswith(line)] in ([line + "."], [line + ", and:"]), \
        f"navcore_{entry['op']}'s doc lacks the line {line!r}"
    for repeated in ("NAVCORE_EDENIED", "NAVCORE_ECASCADE", "NAVCORE_EREDIRECT", "NAVCORE_ENOMEM"):
        assert f"- {repeated}" not in doc, f"navcore_{entry['op']} repeats navcore_apply()'s {repeated}"


def test_every_function_that_writes_a_transition_is_an_ops_or_a_known_one() -> None:
    """A new C function that changes a navigator and writes a transition is an op's, in the table, or one of
    these, which take no action's fields."""
    ops = {entry["op"] for entry in OPS}
    known = {"apply", "proceed", "replay", "restore"}
    changing = re.findall(r"^int navcore_(\w+)\(navcore_navigator \*nav,[^;]*char \*\*transition_out\);", HEADER, re.M)
    assert len(changing) >= len(ops)
    for name in changing:
        assert name in ops or name in known, f"navcore_{name} writes a transition but no op is named {name}"


@pytest.mark.parametrize("entry", OPS, ids=lambda entry: entry["op"])
def test_each_c_functions_ctypes_prototype_is_the_headers(entry: Dict[str, Any]) -> None:
    function = f"navcore_{entry['op']}"
    assert function in PROTOTYPES, f"bindings/python/navcore/_library.py has no prototype of {function}"
    restype, argtypes = PROTOTYPES[function]
    parameters = [*entry["c"]["params"], entry["c"]["out"]]
    assert restype is c_int
    assert argtypes[0] is c_void_p
    assert [ctype(parameter) for parameter in parameters] == argtypes[1:], function


@pytest.mark.parametrize("entry", OPS, ids=lambda entry: entry["op"])
def test_each_op_is_a_navigator_method(entry: Dict[str, Any]) -> None:
    """Navigator.<op> exists and sends that op: by its C function, or as an action of that op."""
    method = getattr(navcore.Navigator, entry["op"], None)
    assert callable(method), f"navcore.Navigator has no method {entry['op']}"
    source = inspect.getsource(method)
    assert f"LIB.navcore_{entry['op']}" in source or f'"op": "{entry["op"]}"' in source, f"Navigator.{entry['op']}"


def schema_definition(reference: str) -> Dict[str, Any]:
    """The definition a ``$ref`` of action.schema.json names, in that file or another."""
    file, _, pointer = reference.partition("#")
    document = json.loads((SCHEMAS / (file or "action.schema.json")).read_text())
    for part in pointer.strip("/").split("/"):
        document = document[part]
    return document


def test_the_action_schema_lists_the_tables_ops_with_their_keys_and_required_ones() -> None:
    schema = json.loads((SCHEMAS / "action.schema.json").read_text())
    assert sorted(schema["properties"]["op"]["enum"]) == sorted(entry["op"] for entry in OPS)
    definitions = {}
    for choice in schema["oneOf"]:
        definition = schema_definition(choice["$ref"])
        definitions[definition["properties"]["op"]["const"]] = definition
    assert sorted(definitions) == sorted(entry["op"] for entry in OPS)
    for entry in OPS:
        definition = definitions[entry["op"]]
        assert list(definition["properties"]) == ["op"] + [field["key"] for field in entry["fields"]], entry["op"]
        required = ["op"] + [field["key"] for field in entry["fields"] if field["presence"] == "required"]
        assert definition["required"] == required, entry["op"]


def test_json_md_lists_the_tables_ops_in_its_order() -> None:
    text = (REPO / "docs" / "json.md").read_text()
    found = re.search(r"^The ops, as Include/navcore_ops\.json lists them: (.*)\.$", text, re.M)
    assert found is not None, "docs/json.md lacks its list of the ops"
    assert re.findall(r"`(\w+)`", found[1]) == [entry["op"] for entry in OPS]
