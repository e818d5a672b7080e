"""The conformance vectors of Tests/vectors, run through the raw C calls (see its README).

Also checks each vector's own JSON against docs/schema: its route table, its actions and the
transition and state keys it expects, so that the vectors and the schemas cannot drift apart.
"""

from __future__ import annotations

import json
from ctypes import byref, c_void_p
from pathlib import Path
from typing import Any, Dict, List

import jsonschema
import pytest
from support import TABLES, VECTORS, json_equal, registry, validate, validator

from navcore._library import LIB
from navcore._marshal import take_string

VECTOR_FILES: List[Path] = sorted(VECTORS.glob("*.json"))
VECTOR_KEYS = {"description", "table", "table_text", "expect_table_error", "steps"}
STEP_KEYS = {"apply", "apply_text", "expect"}
EXPECT_KEYS = {"stack", "transition", "state", "error", "message"}


def last_error() -> str:
    """The calling thread's last error message."""
    return LIB.navcore_last_error_message().decode("utf-8", "replace")


def status(code: int) -> str:
    """The status name of ``code``."""
    return LIB.navcore_status_string(code).decode("ascii")


def table_text(vector: Dict[str, Any]) -> bytes:
    """The vector's route table as the text given to navcore_navigator_new."""
    if "table_text" in vector:
        return vector["table_text"].encode("utf-8", "surrogatepass")
    table = vector["table"]
    if isinstance(table, str):
        return (TABLES / f"{table}.json").read_bytes()
    return json.dumps(table, ensure_ascii=False).encode("utf-8")


def read(function: Any, nav: c_void_p) -> bytes:
    """The owned string that navcore_state / navcore_stack writes."""
    out = c_void_p()
    code = function(nav, byref(out))
    assert code == 0, f"{status(code)}: {last_error()}"
    return take_string(out)


def run_step(nav: c_void_p, index: int, step: Dict[str, Any]) -> None:
    """Applies one step and checks its expectations."""
    assert set(step) <= STEP_KEYS and ("apply" in step) != ("apply_text" in step), f"steps[{index}] keys"
    expect = step["expect"]
    assert set(expect) <= EXPECT_KEYS, f"steps[{index}].expect keys"
    if "apply_text" in step:
        text = step["apply_text"].encode("utf-8", "surrogatepass")
    else:
        text = json.dumps(step["apply"], ensure_ascii=False).encode("utf-8")
    before = read(LIB.navcore_state, nav)
    out = c_void_p()
    code = LIB.navcore_apply(nav, text, byref(out))
    message = last_error()
    if "error" in expect:
        assert status(code) == expect["error"], f"steps[{index}]: got {status(code)}: {message}"
        assert expect.get("message", "") in message, f"steps[{index}]: message {message!r}"
        assert out.value is None, f"steps[{index}]: out-parameter written on failure"
        assert read(LIB.navcore_state, nav) == before, f"steps[{index}]: a failed call changed the state"
        assert not {"stack", "transition", "state"} & set(expect), f"steps[{index}]: an error step expects no result"
    else:
        assert code == 0, f"steps[{index}]: {status(code)}: {message}"
        transition = json.loads(take_string(out))
        for key, value in expect.get("transition", {}).items():
            assert key in transition and json_equal(transition[key], value), (
                f"steps[{index}].transition.{key}: expected {value!r}, got {transition.get(key)!r}"
            )
    if "stack" in expect:
        entries = json.loads(read(LIB.navcore_stack, nav))["entries"]
        assert json_equal(entries, expect["stack"]), f"steps[{index}].stack: got {entries!r}"
    if "state" in expect:
        state = json.loads(read(LIB.navcore_state, nav))
        for key, value in expect["state"].items():  # a subset of the state's top-level keys
            assert key in state and json_equal(state[key], value), (
                f"steps[{index}].state.{key}: expected {value!r}, got {state.get(key)!r}"
            )


def test_there_are_vectors() -> None:
    assert VECTOR_FILES, f"no conformance vectors in {VECTORS}"


@pytest.mark.parametrize("path", VECTOR_FILES, ids=[path.name for path in VECTOR_FILES])
def test_vector(path: Path) -> None:
    vector = json.loads(path.read_text(encoding="utf-8"))
    assert set(vector) <= VECTOR_KEYS, f"unknown keys {set(vector) - VECTOR_KEYS}"
    assert vector["description"]
    assert ("table" in vector) != ("table_text" in vector)
    nav = c_void_p()
    code = LIB.navcore_navigator_new(table_text(vector), byref(nav))
    if "expect_table_error" in vector:
        assert "steps" not in vector
        expected = vector["expect_table_error"]
        message = last_error()
        assert status(code) == expected["error"], f"got {status(code)}: {message}"
        assert expected.get("message", "") in message, f"message {message!r}"
        assert nav.value is None
        return
    assert code == 0, f"{status(code)}: {last_error()}"
    try:
        for index, step in enumerate(vector["steps"]):
            run_step(nav, index, step)
    finally:
        LIB.navcore_navigator_free(nav)


def _partial(name: str, document: Dict[str, Any]) -> None:
    """Validates the keys of ``document`` against schema ``name``, as if its other required keys
    were there: what a vector expects of a transition or a state is a subset of the document.
    The top-level ``required`` and ``allOf`` (keys required together) are left out."""
    schema = validator(name).schema
    relaxed = {key: value for key, value in schema.items() if key not in ("required", "allOf")}
    cls = jsonschema.validators.validator_for(relaxed)
    cls(relaxed, registry=registry()).validate(document)


@pytest.mark.parametrize("path", VECTOR_FILES, ids=[path.name for path in VECTOR_FILES])
def test_vector_documents_match_the_schemas(path: Path) -> None:
    vector = json.loads(path.read_text(encoding="utf-8"))
    if "table" in vector and "expect_table_error" not in vector:
        table = vector["table"]
        validate("route-table", json.loads((TABLES / f"{table}.json").read_text()) if isinstance(table, str) else table)
    for index, step in enumerate(vector.get("steps", [])):
        expect = step["expect"]
        if "error" in expect:
            continue  # malformed input on purpose
        if "apply" in step:
            validate("actions", step["apply"])
        if "stack" in expect:
            validate("stack", {"navcore": 1, "stack": "main", "entries": expect["stack"]})
        if "transition" in expect:
            _partial("transition", expect["transition"])
        if "state" in expect:
            _partial("state", expect["state"])
