"""What the library writes (state, stack, transitions) validates against docs/schema."""

from __future__ import annotations

import json
from typing import Any, Callable, Dict, List

import jsonschema
import pytest
from support import validate

import navcore
from navcore._library import LIB


def raw_stack(nav: navcore.Navigator) -> Dict[str, Any]:
    """navcore_stack's whole document (the binding's ``stack`` property keeps only its entries)."""
    document: Dict[str, Any] = json.loads(nav._read(LIB.navcore_stack))
    return document


CHANGES: List[Callable[[navcore.Navigator], Dict[str, Any]]] = [
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
    lambda nav: nav.pop_to(nav.stack[-2]["id"], inclusive=True),
    lambda nav: nav.set_stack(["settings", ("subscription", {"plan": "yearly"})]),
    lambda nav: nav.apply([{"op": "push", "route": {"name": "checkout"}}, {"op": "push", "route": {"name": "settings"}},
                           {"op": "pop"}]),
    lambda nav: nav.pop_to_root(),
    lambda nav: nav.pop(),  # at the root: changed is false
]


def test_the_shop_table_is_a_valid_route_table(table: Dict[str, Any]) -> None:
    validate("route-table", table)


def test_a_new_navigator_writes_valid_documents(nav: navcore.Navigator) -> None:
    validate("state", nav.state)
    validate("stack", raw_stack(nav))


def test_every_change_writes_valid_documents(nav: navcore.Navigator) -> None:
    delivered: List[Dict[str, Any]] = []
    nav.subscribe(delivered.append)
    returned = []
    for change in CHANGES:
        transition = change(nav)
        validate("transition", transition)
        validate("state", nav.state)
        validate("stack", raw_stack(nav))
        returned.append(transition)
    assert returned[-1]["changed"] is False
    assert len(delivered) == len(CHANGES) - 1
    for transition in delivered:
        validate("transition", transition)


def test_the_validators_are_not_vacuous(nav: navcore.Navigator) -> None:
    state = nav.state
    state["extra"] = 1
    with pytest.raises(jsonschema.ValidationError):
        validate("state", state)
    transition = nav.push("checkout")
    del transition["after"]
    with pytest.raises(jsonschema.ValidationError):
        validate("transition", transition)
    with pytest.raises(jsonschema.ValidationError):
        validate("stack", {"navcore": 1, "entries": []})
