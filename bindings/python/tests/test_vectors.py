"""The conformance vectors of Tests/vectors, run through the raw C calls (see its README).

Every document a call writes is also decoded into the binding's typed document (a transition, a
restore report, a resolution, Back's preview, the view model, the state, the active stack, a
held-back batch, a guard's proposal, a validator's entry): it must decode, its ``raw`` must be the
document the expectations are compared with, and each of its fields must hold what its key holds.

Also checks each vector's own JSON against docs/schema: its route table, its actions and the
transition and state keys it expects, so that the vectors and the schemas cannot drift apart.
"""

from __future__ import annotations

import dataclasses
import json
from ctypes import byref, c_void_p, string_at
from pathlib import Path
from typing import Any, Dict, FrozenSet, List, Mapping, Optional, Type

import jsonschema
import pytest
from support import TABLES, VECTORS, json_equal, registry, validate, validator

import navcore
from navcore._document import Document
from navcore._library import GUARD, LIB, VALIDATOR
from navcore._marshal import take_string

VECTOR_FILES: List[Path] = sorted(VECTORS.glob("*.json"))
VECTOR_KEYS = {"description", "table", "table_text", "locale", "expect_table_error", "steps"}
READS = {"resolve_url", "url_for", "stack_url", "back_preview", "view_model"}
CALL_KEYS = {"apply", "apply_text", "snapshot", "restore", "restore_text", "record", "log", "replay", "open_url",
             "proceed"} | READS
STEP_KEYS = CALL_KEYS | {"table", "veto", "fail", "guard", "expect"}
DOCUMENT_KEYS = {"transition", "report", "snapshot", "log", "resolved", "preview", "view"}
EXPECT_KEYS = DOCUMENT_KEYS | {"stack", "state", "url", "error", "message", "path", "blocked"}
OPEN_MODES = {None: 0, "replace": 1, "push": 2}
#: The typed document each call that writes one decodes to (a snapshot and a log stay dicts).
TYPED: Dict[str, Type[Document]] = {
    "apply": navcore.Transition, "apply_text": navcore.Transition, "open_url": navcore.Transition,
    "proceed": navcore.Transition, "replay": navcore.Transition, "restore": navcore.RestoreReport,
    "restore_text": navcore.RestoreReport, "resolve_url": navcore.Resolution, "back_preview": navcore.BackPreview,
    "view_model": navcore.ViewModel,
}


def last_error() -> str:
    """The calling thread's last error message."""
    return LIB.navcore_last_error_message().decode("utf-8", "replace")


def last_error_path() -> str:
    """The calling thread's last error place."""
    return LIB.navcore_last_error_path().decode("utf-8", "replace")


def status(code: int) -> str:
    """The status name of ``code``."""
    return LIB.navcore_status_string(code).decode("ascii")


def table_text(vector: Dict[str, Any]) -> bytes:
    """The route table of a vector (or of a step) as the text given to navcore_navigator_new."""
    if "table_text" in vector:
        return vector["table_text"].encode("utf-8", "surrogatepass")
    table = vector["table"]
    if isinstance(table, str):
        return (TABLES / f"{table}.json").read_bytes()
    return json.dumps(table, ensure_ascii=False).encode("utf-8")


def plain(value: Any) -> Any:
    """A typed field's value as JSON would hold it: tuples as lists, mappings as dicts, and a
    document as the object of its fields (each checked by :func:`agrees`)."""
    if isinstance(value, Document):
        return agrees(value)
    if isinstance(value, tuple):
        return [plain(item) for item in value]
    if isinstance(value, Mapping):
        return {name: plain(item) for name, item in value.items()}
    return value


def agrees(typed: Document, unread: FrozenSet[str] = frozenset()) -> Mapping[str, Any]:
    """Asserts that every field of ``typed`` holds what its key holds in ``typed.raw`` (its default
    when the key is missing) and that no key of ``raw`` lacks a field but the format's
    ``navcore`` and the keys ``unread``; returns ``raw``."""
    raw = typed.raw
    fields = {field.metadata.get("key", field.name): field for field in dataclasses.fields(typed)}
    extra = set(raw) - set(fields) - {"navcore"} - unread
    assert not extra, f"{type(typed).__name__} has no field for {sorted(extra)}"
    for name, field in fields.items():
        value = getattr(typed, field.name)
        if name in raw:
            assert json_equal(plain(value), raw[name]), f"{type(typed).__name__}.{field.name}: {value!r} for {raw[name]!r}"
        else:
            default = field.default_factory() if field.default_factory is not dataclasses.MISSING else field.default
            assert value == default, f"{type(typed).__name__}.{field.name}: {value!r} without key {name!r}"
    return raw


def typed(cls: Type[Document], text: bytes, unread: FrozenSet[str] = frozenset()) -> Mapping[str, Any]:
    """``text`` decoded as ``cls``: asserts that its ``raw`` is the parsed text and that its fields
    agree with it (see :func:`agrees`), and returns that ``raw``, the document to compare with the
    expectations."""
    document = cls.from_json(text)
    assert isinstance(document, cls) and json_equal(document.raw, json.loads(text)), f"{cls.__name__}.raw"
    return agrees(document, unread)


def read(function: Any, nav: c_void_p) -> bytes:
    """The owned string that navcore_state / navcore_stack writes."""
    out = c_void_p()
    code = function(nav, byref(out))
    assert code == 0, f"{status(code)}: {last_error()}"
    return take_string(out)


def decoded(cls: Type[Document], text: bytes, problems: List[str]) -> Mapping[str, Any]:
    """:func:`typed` inside a callback, where an exception cannot reach the test: a failed check
    goes to ``problems`` (for the step to assert empty), and the parsed text is returned."""
    try:
        return typed(cls, text)
    except (AssertionError, ValueError) as problem:
        problems.append(f"{cls.__name__}: {problem}")
        parsed: Dict[str, Any] = json.loads(text)
        return parsed


def validator_for(step: Dict[str, Any], problems: List[str]) -> Any:
    """The validator of a restore step: NAVCORE_VETO (0) for an entry whose id or route name its
    "veto" list holds, the garbage answer 42 for one its "fail" list holds, NAVCORE_KEEP (1) else.
    Each entry must decode as an Entry (else a note in ``problems``)."""

    def validate(entry_json: bytes, _user_data: Optional[int]) -> int:
        entry = decoded(navcore.Entry, entry_json, problems)
        if entry["id"] in step.get("fail", []) or entry["name"] in step.get("fail", []):
            return 42
        return 0 if entry["id"] in step.get("veto", []) or entry["name"] in step.get("veto", []) else 1

    return VALIDATOR(validate)


def guard_for(step: Dict[str, Any], problems: List[str]) -> Any:
    """The guard of an apply step with "guard": proposal k gets its k-th answer, "allow", {"deny":
    reason}, {"redirect": actions} or {"return": code}; allow after the last. Each proposal must
    decode as a Proposal (else a note in ``problems``)."""
    answers = iter(step["guard"])

    def judge(proposal_json: bytes, decision: Optional[int], _user_data: Optional[int]) -> int:
        decoded(navcore.Proposal, proposal_json, problems)
        answer = next(answers, "allow")
        if isinstance(answer, dict) and "deny" in answer:
            LIB.navcore_guard_deny(decision, answer["deny"].encode("utf-8"))
        elif isinstance(answer, dict) and "redirect" in answer:
            LIB.navcore_guard_redirect(decision, json.dumps(answer["redirect"], ensure_ascii=False).encode("utf-8"))
        elif isinstance(answer, dict) and "return" in answer:
            return int(answer["return"])
        return 0

    return GUARD(judge)


def new_navigator(table: bytes, locale: Optional[str], nav: c_void_p) -> int:
    """``navcore_navigator_new`` of ``table`` into ``nav``, or ``navcore_navigator_new_locale`` with
    ``locale`` when it is not ``None``; the status."""
    if locale is None:
        code: int = LIB.navcore_navigator_new(table, byref(nav))
    else:
        code = LIB.navcore_navigator_new_locale(table, locale.encode("utf-8", "surrogatepass"), byref(nav))
    return code


class Session:
    """The navigator a vector's steps run on (a step with "table" replaces it), and the snapshot
    and log texts that earlier steps kept by name."""

    def __init__(self, table: bytes, locale: Optional[str] = None) -> None:
        self.nav = self.open(table, locale)
        self.saved: Dict[str, bytes] = {}
        self.guard: Any = GUARD()
        self.token = b""  # of the last step a blocker held back, for a "proceed": true step
        self.tokens: Dict[int, bytes] = {}  # of each step a blocker held back, for a "proceed": INDEX step
        self.problems: List[str] = []  # what the validators and guards could not decode

    @staticmethod
    def open(table: bytes, locale: Optional[str] = None) -> c_void_p:
        """A new navigator of ``table``, in ``locale`` when given (a vector's ``"locale"``)."""
        nav = c_void_p()
        code = new_navigator(table, locale, nav)
        assert code == 0, f"{status(code)}: {last_error()}"
        return nav

    def renew(self, table: bytes) -> None:
        """Replaces the navigator with a new one of ``table``."""
        fresh = self.open(table)
        LIB.navcore_navigator_free(self.nav)
        self.nav = fresh

    def document(self, value: Any) -> bytes:
        """A "restore"/"replay" value's text: a name kept by an earlier step, or an inline document."""
        return self.saved[value] if isinstance(value, str) else json.dumps(value, ensure_ascii=False).encode("utf-8")

    def call(self, step: Dict[str, Any], out: c_void_p) -> int:
        """Makes the one call the step asks for; what it writes goes to ``out``."""
        if "open_url" in step:
            opening = step["open_url"]
            return int(LIB.navcore_open_url(self.nav, opening["url"].encode("utf-8"), OPEN_MODES[opening.get("mode")],
                                            byref(out)))
        if "resolve_url" in step:
            return int(LIB.navcore_resolve_url(self.nav, step["resolve_url"].encode("utf-8"), byref(out)))
        if "url_for" in step:
            return int(LIB.navcore_url_for(self.nav, json.dumps(step["url_for"], ensure_ascii=False).encode("utf-8"),
                                           byref(out)))
        if "stack_url" in step:
            return int(LIB.navcore_stack_url(self.nav, byref(out)))
        if "back_preview" in step:
            return int(LIB.navcore_back_preview(self.nav, byref(out)))
        if "view_model" in step:
            return int(LIB.navcore_view_model(self.nav, byref(out)))
        if "apply" in step or "apply_text" in step:
            text = step["apply_text"].encode("utf-8", "surrogatepass") if "apply_text" in step else \
                json.dumps(step["apply"], ensure_ascii=False).encode("utf-8")
            # The guard stays set after the call, whose last error a removal would clear.
            self.guard = guard_for(step, self.problems) if "guard" in step else GUARD()
            LIB.navcore_set_guard(self.nav, self.guard, None)
            return int(LIB.navcore_apply(self.nav, text, byref(out)))
        if "snapshot" in step or "log" in step:
            function = LIB.navcore_snapshot if "snapshot" in step else LIB.navcore_log
            code = int(function(self.nav, byref(out)))
            if code == 0:
                self.saved[step.get("snapshot") or step["log"]] = string_at(out.value)
            return code
        if "record" in step:
            return int(LIB.navcore_record(self.nav, 1 if step["record"] else 0))
        if "proceed" in step:
            token = self.token if step["proceed"] is True else self.tokens.get(step["proceed"], b"")
            return int(LIB.navcore_proceed(self.nav, token, byref(out)))
        if "replay" in step:
            return int(LIB.navcore_replay(self.nav, self.document(step["replay"]), byref(out)))
        text = step["restore_text"].encode("utf-8", "surrogatepass") if "restore_text" in step else \
            self.document(step["restore"])
        return int(LIB.navcore_restore(self.nav, text, validator_for(step, self.problems), None, byref(out)))


def run_step(session: Session, index: int, step: Dict[str, Any]) -> None:
    """Makes one step's call and checks its expectations."""
    assert set(step) <= STEP_KEYS and len(CALL_KEYS & set(step)) == 1, f"steps[{index}] keys"
    expect = step["expect"]
    assert set(expect) <= EXPECT_KEYS, f"steps[{index}].expect keys"
    if "table" in step:
        session.renew(table_text(step))
    before = read(LIB.navcore_state, session.nav)
    out = c_void_p()
    code = session.call(step, out)
    message = last_error()
    assert not session.problems, f"steps[{index}]: {session.problems}"
    blocked = LIB.navcore_last_blocked()
    if blocked:
        held = typed(navcore.Blocked, blocked)
        session.token = session.tokens[index] = held["token"].encode("utf-8")
        for key, value in expect.get("blocked", {}).items():
            assert json_equal(held.get(key), value), f"steps[{index}].blocked.{key}: got {held.get(key)!r}"
    else:
        assert "blocked" not in expect, f"steps[{index}]: nothing was held back"
    if "error" in expect:
        assert status(code) == expect["error"], f"steps[{index}]: got {status(code)}: {message}"
        assert expect.get("message", "") in message, f"steps[{index}]: message {message!r}"
        assert expect.get("path", last_error_path()) == last_error_path(), f"steps[{index}]: path of {message!r}"
        assert out.value is None, f"steps[{index}]: out-parameter written on failure"
        assert read(LIB.navcore_state, session.nav) == before, f"steps[{index}]: a failed call changed the state"
        assert not (DOCUMENT_KEYS | {"stack", "state"}) & set(expect), f"steps[{index}]: an error step expects no result"
        return
    assert code == 0, f"steps[{index}]: {status(code)}: {message}"
    if READS & set(step):
        assert read(LIB.navcore_state, session.nav) == before, f"steps[{index}]: a read changed the state"
    if "url_for" in step or "stack_url" in step:  # a URL, plain text
        url = take_string(out).decode("utf-8")
        assert "url" not in expect or url == expect["url"], f"steps[{index}].url: got {url!r}"
        return
    call = next(iter(CALL_KEYS & set(step)))
    text = take_string(out) if out.value else None
    document = None if text is None else typed(TYPED[call], text) if call in TYPED else json.loads(text)
    for label in DOCUMENT_KEYS & set(expect):  # a subset of the document's top-level keys
        for key, value in expect[label].items():
            assert document is not None and key in document and json_equal(document[key], value), (
                f"steps[{index}].{label}.{key}: expected {value!r}, got {(document or {}).get(key)!r}"
            )
    if "stack" in expect:
        # Navigator.stack decodes navcore_stack's document as a Stack; Navigator.active_stack reads its "stack".
        entries = typed(navcore.Stack, read(LIB.navcore_stack, session.nav), frozenset({"stack"}))["entries"]
        assert json_equal(entries, expect["stack"]), f"steps[{index}].stack: got {entries!r}"
    if "state" in expect:
        state = typed(navcore.State, read(LIB.navcore_state, session.nav))
        for key, value in expect["state"].items():  # a subset of the state's top-level keys
            assert key in state and json_equal(state[key], value), (
                f"steps[{index}].state.{key}: expected {value!r}, got {state.get(key)!r}"
            )


def test_there_are_vectors() -> None:
    assert VECTOR_FILES, f"no conformance vectors in {VECTORS}"


@pytest.mark.parametrize("path", VECTOR_FILES, ids=[path.name for path in VECTOR_FILES])
def test_vector(path: Path) -> None:
    run_vector(json.loads(path.read_text(encoding="utf-8")))


def run_vector(vector: Dict[str, Any]) -> None:
    """Runs a vector's steps (or its table's expected error) and checks every expectation."""
    assert set(vector) <= VECTOR_KEYS, f"unknown keys {set(vector) - VECTOR_KEYS}"
    assert vector["description"]
    assert ("table" in vector) != ("table_text" in vector)
    if "expect_table_error" in vector:
        assert "steps" not in vector
        nav = c_void_p()
        code = new_navigator(table_text(vector), vector.get("locale"), nav)
        expected = vector["expect_table_error"]
        message = last_error()
        assert status(code) == expected["error"], f"got {status(code)}: {message}"
        assert expected.get("message", "") in message, f"message {message!r}"
        assert expected.get("path", last_error_path()) == last_error_path(), f"path of {message!r}"
        assert nav.value is None
        return
    session = Session(table_text(vector), vector.get("locale"))
    try:
        for index, step in enumerate(vector["steps"]):
            run_step(session, index, step)
    finally:
        LIB.navcore_navigator_free(session.nav)


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
        if isinstance(step.get("table"), dict):
            validate("route-table", step["table"])
        if isinstance(step.get("restore"), dict):
            validate("snapshot", step["restore"])
        if isinstance(step.get("replay"), dict):
            validate("log", step["replay"])
        if "stack" in expect:
            validate("stack", {"navcore": 1, "stack": "main", "entries": expect["stack"]})
        if "transition" in expect:
            _partial("transition", expect["transition"])
        if "state" in expect:
            _partial("state", expect["state"])
        for label, schema in (("snapshot", "snapshot"), ("report", "restore-report"), ("log", "log"), ("view", "view-model")):
            if label in expect:
                _partial(schema, expect[label])
