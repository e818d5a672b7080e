"""Include/navcore_api.json, the C API as data, agrees with the header it describes (docs/api-description.md):
every function of Include/navcore.h, in order, with its parameters' types and names and its return type as the
toolchain's clang reads the prototypes; every callback typedef's signature; every Errors list as
Tests/errors/errors_lists.py reads it from the header; every op of Include/navcore_ops.json by reference. And the
Python binding's prototypes are the ones scripts/gen_prototypes.py writes from it."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(REPO / "scripts"), str(REPO / "Tests" / "errors")]

import api_description  # noqa: E402
import gen_prototypes  # noqa: E402
from errors_lists import errors_lists  # noqa: E402

HEADER = REPO / "Include" / "navcore.h"
DESCRIPTION = api_description.load()
FUNCTIONS = api_description.functions(DESCRIPTION)
OPS = [entry["op"] for entry in json.loads((REPO / "Include" / "navcore_ops.json").read_text())["ops"]]


def toolchain_clang() -> str:
    """The clang of the Swift toolchain (beside swift), else the one on PATH."""
    swift = shutil.which("swift")
    if swift is not None:
        beside = Path(swift).resolve().parent / "clang"
        if beside.is_file():
            return str(beside)
    clang = shutil.which("clang")
    assert clang is not None, "checking the description needs clang: the Swift toolchain's, or one on PATH"
    return clang


def header_declarations() -> List[Dict[str, Any]]:
    """The header's top-level declarations named navcore_*, as clang's JSON AST dump gives them."""
    dump = subprocess.run([toolchain_clang(), "-Xclang", "-ast-dump=json", "-fsyntax-only", str(HEADER)],
                          capture_output=True, text=True, check=True).stdout
    return [node for node in json.loads(dump)["inner"] if node.get("name", "").startswith("navcore_")]


DECLARATIONS = header_declarations()


def signature(returns: str, types: List[str], pointer: bool = False) -> str:
    """A C function type as clang writes it: ``int (navcore_navigator *, char **)``; ``(*)`` for a pointer."""
    arguments = "(" + (", ".join(types) or "void") + ")"
    return f"{returns} (*){arguments}" if pointer else f"{returns}{'' if returns.endswith('*') else ' '}{arguments}"


def test_the_description_names_every_function_of_the_header_in_its_order() -> None:
    declared = [node["name"] for node in DECLARATIONS if node["kind"] == "FunctionDecl"]
    assert len(declared) == 61
    assert [function.name for function in FUNCTIONS] == declared


@pytest.mark.parametrize("function", FUNCTIONS, ids=lambda function: function.name)
def test_each_functions_parameters_and_return_type_are_the_headers(function: api_description.Function) -> None:
    node = next(node for node in DECLARATIONS if node["kind"] == "FunctionDecl" and node["name"] == function.name)
    parameters = [(child["type"]["qualType"], child.get("name", "")) for child in node.get("inner", [])
                  if child["kind"] == "ParmVarDecl"]
    assert parameters == [(parameter.type, parameter.name) for parameter in function.params], function.name
    assert node["type"]["qualType"] == signature(function.returns, [parameter.type for parameter in function.params])


def test_each_callback_is_the_headers_typedef() -> None:
    typedefs = {node["name"]: node["type"]["qualType"] for node in DECLARATIONS if node["kind"] == "TypedefDecl"}
    callbacks = DESCRIPTION["callbacks"]
    assert sorted(callbacks) == sorted(name for name, type_ in typedefs.items() if "(*)" in type_)
    for name, callback in callbacks.items():
        types = [api_description.split(declaration)[0] for declaration in callback["params"]]
        assert typedefs[name] == signature(callback["returns"], types, pointer=True), name
        assert {"thread", "lifetime", "user_data"} <= set(callback), name


def test_every_type_and_return_role_is_described() -> None:
    roles = {"in_text", "out_text", "release_text", "handle", "out_handle", "decision", "in_value", "out_value",
             "user_data", "callback", "destroy"}
    assert {entry["role"] for entry in DESCRIPTION["types"].values()} <= roles
    for entry in DESCRIPTION["types"].values():
        assert entry["ownership"], entry
    for name, entry in DESCRIPTION["types"].items():
        assert (entry["role"] == "callback") == (name in DESCRIPTION["callbacks"] and name != "navcore_destroy"), name
    for function in FUNCTIONS:
        assert function.role in DESCRIPTION["returns"], function.name
        assert (function.role == "status") == (function.errors is not None), function.name
        assert (function.returns == "int") == (function.role in ("status", "value")), function.name


def test_each_errors_list_is_the_headers() -> None:
    lists = errors_lists(HEADER.read_text())
    assert sorted(function.name for function in FUNCTIONS if function.errors is not None) == sorted(lists)
    for function in FUNCTIONS:
        if function.errors is None:
            continue
        header = lists[function.name]
        assert set(function.errors) <= {"statuses", "include", "after_redirect"}, function.name
        assert set(function.errors["statuses"]) == header.names, function.name
        assert len(function.errors["statuses"]) == len(header.names), function.name
        assert set(function.errors.get("include", [])) == header.included, function.name
        assert set(function.errors.get("after_redirect", [])) == header.after_redirect, function.name


def test_the_ops_are_referenced_not_repeated() -> None:
    """Each op of the op table has its C function here by reference (its op), with no parameters of its own."""
    assert DESCRIPTION["ops"] == "navcore_ops.json"
    entries = [entry for entry in DESCRIPTION["functions"] if "op" in entry]
    assert sorted(entry["op"] for entry in entries) == sorted(OPS)
    for entry in entries:
        assert entry["name"] == f"navcore_{entry['op']}"
        assert set(entry) == {"name", "op", "errors"}, entry["name"]


def test_the_python_prototypes_are_generated_from_the_description() -> None:
    generated = REPO / "bindings" / "python" / "navcore" / "_prototypes.py"
    assert generated.read_text(encoding="utf-8") == gen_prototypes.render(FUNCTIONS, DESCRIPTION), \
        "bindings/python/navcore/_prototypes.py differs from what scripts/gen_prototypes.py writes: run it"
