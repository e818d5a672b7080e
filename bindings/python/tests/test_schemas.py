"""What the library writes (state, stack, transitions) validates against docs/schema."""

from __future__ import annotations

import copy
import json
import re
from typing import Any, Callable, Dict, List, Union

import jsonschema
import pytest
from support import REPO, SPLIT_TABLE_PATH, TABS_TABLE_PATH, registry, tabs_table, validate, validator

import navcore
from navcore import State, Transition
from navcore._library import LIB


def raw_stack(nav: navcore.Navigator) -> Dict[str, Any]:
    """navcore_stack's whole document (the binding's ``stack`` property keeps only its entries)."""
    document: Dict[str, Any] = json.loads(nav._read(LIB.navcore_stack))
    return document


def editable(document: Union[State, Transition]) -> Dict[str, Any]:
    """A deep copy of ``document``'s JSON, to spoil for a validator."""
    return copy.deepcopy(dict(document.raw))


CHANGES: List[Callable[[navcore.Navigator], Transition]] = [
    lambda nav: nav.push("product", id=42),
    lambda nav: nav.push("category", slug="café ☕"),
    lambda nav: nav.push("search"),
    lambda nav: nav.push("search", q="boots", page=3),
    lambda nav: nav.push("account", user="6F9619FF-8B86-D011-B42D-00C04FC964FF"),
    lambda nav: nav.push("flags", on=False),
    lambda nav: nav.push("subscription"),
    lambda nav: nav.pop(),
    lambda nav: nav.pop(2),
    lambda nav: nav.pop_to(name="product"),
    lambda nav: nav.replace("checkout"),
    lambda nav: nav.push("settings"),
    lambda nav: nav.pop_to(nav.stack[-2].id, inclusive=True),
    lambda nav: nav.set_stack(["settings", ("subscription", {"plan": "yearly"})]),
    lambda nav: nav.apply([{"op": "push", "route": {"name": "checkout"}}, {"op": "push", "route": {"name": "settings"}},
                           {"op": "pop"}]),
    lambda nav: nav.pop_to_root(),
    lambda nav: nav.pop(),  # at the root: changed is false
]


# Changes on the tabs table (Tests/vectors/tables/tabs.json): every op, result and transition key.
TAB_CHANGES: List[Callable[[navcore.Navigator], Transition]] = [
    lambda nav: nav.push("category", slug="shoes"),
    lambda nav: nav.push("product", id=1, tab="cart"),
    lambda nav: nav.select_tab("cart"),
    lambda nav: nav.push("checkout"),
    lambda nav: nav.push("checkout"),  # absorbed: changed is false
    lambda nav: nav.push("product", id=1, policy="bring_to_front"),
    lambda nav: nav.push("order_confirmation", order=1, policy="replace_top"),
    lambda nav: nav.push("order_confirmation", order=2, policy="replace_top"),
    lambda nav: nav.present("login"),
    lambda nav: nav.push("signup"),
    lambda nav: nav.present("product", id=3, style="cover"),
    lambda nav: nav.select_tab("settings"),
    lambda nav: nav.back(),  # dismissed
    lambda nav: nav.back(),  # popped_presentation
    lambda nav: nav.dismiss(),
    lambda nav: nav.back(),  # previous_tab
    lambda nav: nav.back(),  # popped
    lambda nav: nav.select_tab("cart"),
    lambda nav: nav.reset_tab("shop"),
    lambda nav: nav.set_stack(["checkout"], tab="cart"),
    lambda nav: nav.present("login"),
    lambda nav: nav.apply([{"op": "dismiss", "all": True}, {"op": "select_tab", "tab": "settings"},
                           {"op": "push", "route": {"name": "subscription"}}]),
    lambda nav: nav.reset_all(),
    lambda nav: nav.back(),  # nothing: changed is false
]

SPLIT_CHANGES: List[Callable[[navcore.Navigator], Transition]] = [
    lambda nav: nav.push("message", id=1),
    lambda nav: nav.select("folder", name="work"),
    lambda nav: nav.push("compose"),
    lambda nav: nav.select("folder", name="work"),
    lambda nav: nav.present("compose", style="cover"),
    lambda nav: nav.select("settings"),
    lambda nav: nav.reset_all(),
    lambda nav: nav.back(),
    lambda nav: nav.set_compact(True),
    lambda nav: nav.push("message", id=2),
    lambda nav: nav.back(),  # popped
    lambda nav: nav.back(),  # to_sidebar
    lambda nav: nav.back(),  # nothing, in compact form
    lambda nav: nav.set_compact(False),
]


def test_the_shop_table_is_a_valid_route_table(table: Dict[str, Any]) -> None:
    validate("route-table", table)


def test_the_tabs_and_split_tables_and_the_docs_example_are_valid_route_tables() -> None:
    validate("route-table", tabs_table())
    validate("route-table", json.loads(SPLIT_TABLE_PATH.read_text()))


@pytest.mark.parametrize(
    "change",
    [
        lambda t: t.update(root="home"),
        lambda t: t.update(split={"sidebar": ["home"]}),
        lambda t: t.update(tabs=[]),
        lambda t: t["tabs"][0].update(icon="bag"),
        lambda t: t["tabs"][0].pop("root"),
        lambda t: t["tabs"][0].update(name="my shop"),
        lambda t: t.pop("tabs"),
        lambda t: t.update(options={"animate": True}),
        lambda t: t.update(options={"back_to_previous_tab": "yes"}),
        lambda t: t.update(styles="sheet"),
        lambda t: t.update(styles=["sheet", "sheet"]),
        lambda t: t["routes"]["checkout"].update(push_policy="singleton"),
    ],
    ids=["root with tabs", "split with tabs", "no tab", "unknown tab key", "tab without root", "bad tab name",
         "neither tabs nor root", "unknown option", "option not boolean", "styles not an array", "duplicate style",
         "unknown push policy"],
)
def test_the_route_table_schema_refuses_bad_layouts(change: Callable[[Dict[str, Any]], Any]) -> None:
    table = tabs_table()
    change(table)
    with pytest.raises(jsonschema.ValidationError):
        validate("route-table", table)


@pytest.mark.parametrize(("path", "changes"), [(TABS_TABLE_PATH, TAB_CHANGES), (SPLIT_TABLE_PATH, SPLIT_CHANGES)],
                         ids=["tabs", "split"])
def test_every_structure_change_writes_valid_documents(path: Any, changes: List[Any]) -> None:
    with navcore.Navigator(path) as nav:
        delivered: List[Transition] = []
        nav.subscribe(delivered.append)
        validate("state", nav.state.raw)
        validate("stack", raw_stack(nav))
        for change in changes:
            validate("transition", change(nav).raw)
            validate("state", nav.state.raw)
            validate("back-preview", nav.back_preview().raw)
            stack = raw_stack(nav)
            validate("stack", stack)
            assert stack["stack"] == nav.state.active_stack
        assert delivered
        for transition in delivered:
            validate("transition", transition.raw)


def test_a_new_navigator_writes_valid_documents(nav: navcore.Navigator) -> None:
    validate("state", nav.state.raw)
    validate("stack", raw_stack(nav))


def test_every_change_writes_valid_documents(nav: navcore.Navigator) -> None:
    delivered: List[Transition] = []
    nav.subscribe(delivered.append)
    returned = []
    for change in CHANGES:
        transition = change(nav)
        validate("transition", transition.raw)
        validate("state", nav.state.raw)
        validate("stack", raw_stack(nav))
        returned.append(transition)
    assert returned[-1].changed is False
    assert len(delivered) == len(CHANGES) - 1
    for transition in delivered:
        validate("transition", transition.raw)


def test_the_validators_are_not_vacuous(nav: navcore.Navigator) -> None:
    state = editable(nav.state)
    state["extra"] = 1
    with pytest.raises(jsonschema.ValidationError):
        validate("state", state)
    transition = editable(nav.push("checkout"))
    del transition["after"]
    with pytest.raises(jsonschema.ValidationError):
        validate("transition", transition)
    with pytest.raises(jsonschema.ValidationError):
        validate("stack", {"navcore": 1, "stack": "main", "entries": []})
    with pytest.raises(jsonschema.ValidationError):
        validate("stack", {"navcore": 1, "entries": [entry.raw for entry in nav.stack]})


def test_the_state_schema_ties_tab_keys_to_the_layout(tabs: navcore.Navigator, nav: navcore.Navigator) -> None:
    tab_state = editable(tabs.state)
    del tab_state["tab_history"]
    with pytest.raises(jsonschema.ValidationError):
        validate("state", tab_state)
    one_stack = editable(nav.state)
    one_stack["selected_tab"] = "main"
    with pytest.raises(jsonschema.ValidationError):
        validate("state", one_stack)
    one_stack = editable(nav.state)
    one_stack["stacks"]["detail"] = one_stack["stacks"]["main"]
    with pytest.raises(jsonschema.ValidationError):
        validate("state", one_stack)
    layered = editable(tabs.state)
    layered["presentations"] = [{"stack": "sheet-1", "style": "sheet", "entries": [entry.raw for entry in tabs.stack]}]
    with pytest.raises(jsonschema.ValidationError):
        validate("state", layered)


def documented_examples() -> List[Any]:
    """Every JSON example of docs/json.md, docs/structure.md and docs/conditions.md, as (file, parsed
    document), less the errors (``{"error", "path", "message"}``, what a call fails with, not a document
    the library writes: test_docs.py checks them against the library)."""
    found = []
    for name in ("json.md", "structure.md", "conditions.md"):
        text = (REPO / "docs" / name).read_text(encoding="utf-8")
        found += [(name, json.loads(block)) for block in re.findall(r"```json\n(.*?)```", text, re.S)]
    return [(name, document) for name, document in found
            if not (isinstance(document, dict) and document.keys() == {"error", "path", "message"})]


def schema_of(document: Any) -> str:
    """Which schema a documented example is an instance of, told by its keys."""
    if isinstance(document, dict) and "routes" in document:
        return "route-table"
    if isinstance(document, dict) and "cause" in document:
        return "transition"
    if isinstance(document, dict) and ("table_version" in document or "selected_tab" in document):
        return "state"
    if isinstance(document, dict) and "entries" in document:
        return "stack"
    if isinstance(document, dict) and "op" in document:
        return "action"
    if isinstance(document, dict) and "result" in document and "after" in document:
        return "back-preview"
    if isinstance(document, dict) and ("layers" in document or "sidebar" in document):
        return "view-model"
    return "route"


def test_the_documented_examples_are_valid() -> None:
    examples = documented_examples()
    kinds = [schema_of(document) for _name, document in examples]
    assert {"route-table", "transition", "state", "stack"} <= set(kinds)
    for (name, document), kind in zip(examples, kinds):
        if kind in ("transition", "state", "view-model") and "navcore" not in document:
            # A partial example (structure.md's layered transition and sidebar, conditions.md's
            # pending intent) shows only some keys: check those.
            schema = validator(kind).schema
            relaxed = {key: value for key, value in schema.items() if key != "required"}
            jsonschema.validators.validator_for(relaxed)(relaxed, registry=registry()).validate(document)
        else:
            validate(kind, document)
