"""Conditions as navigation state (docs/conditions.md): set_condition, the documents that carry them,
restore keeping the host's values and replay reproducing the recorded ones."""

from __future__ import annotations

import json
from typing import Any, List

import pytest
from support import TABLES, unchanged, validate

import navcore
from navcore import Transition

TABLE = TABLES / "conditions.json"


@pytest.fixture
def nav() -> Any:
    with navcore.Navigator(TABLE) as navigator:
        yield navigator


def test_a_change_is_delivered_and_lists_only_the_changed_condition(nav: navcore.Navigator) -> None:
    delivered: List[Transition] = []
    nav.subscribe(delivered.append)
    transition = nav.set_condition("signed_in", True)
    assert transition.changed and transition.results == ("condition_set",)
    assert transition.conditions == {"signed_in": True}
    assert nav.state.conditions == {"signed_in": True, "onboarded": True}
    assert delivered == [transition]
    again = nav.set_condition("signed_in", True)
    assert not again.changed and again.results == ("unchanged",)
    assert again.conditions == {} and "conditions" not in again.raw
    assert len(delivered) == 1 and nav.state.seq == 1


def test_every_condition_document_is_valid(nav: navcore.Navigator) -> None:
    validate("route-table", json.loads(TABLE.read_text()))
    validate("state", nav.state.raw)
    for value in (True, False):
        validate("transition", nav.set_condition("signed_in", value).raw)
    nav.record()
    validate("transition", nav.apply([{"op": "set_condition", "name": "onboarded", "value": False}]).raw)
    validate("state", nav.state.raw)
    validate("snapshot", nav.snapshot())
    validate("log", nav.log)
    validate("action", {"op": "set_condition", "name": "signed_in", "value": True})


def test_an_unknown_condition_names_it_and_the_declared_ones(nav: navcore.Navigator) -> None:
    with unchanged(nav), pytest.raises(navcore.ActionError) as raised:
        nav.set_condition("premium", True)
    assert raised.value.path == "actions[0].name"
    assert 'unknown condition "premium" (allowed: signed_in, onboarded)' in str(raised.value)


def test_the_value_must_be_a_bool(nav: navcore.Navigator) -> None:
    with unchanged(nav), pytest.raises(TypeError):
        nav.set_condition("signed_in", 1)  # type: ignore[arg-type]


def test_restore_keeps_the_current_values_and_replay_reproduces_the_recorded_ones(nav: navcore.Navigator) -> None:
    nav.set_condition("signed_in", True)
    nav.record()
    nav.push("checkout")
    signed_in = nav.snapshot()
    log = nav.log
    nav.set_condition("signed_in", False)
    nav.restore(signed_in)
    assert nav.state.conditions == {"signed_in": False, "onboarded": True}
    assert [entry.name for entry in nav.stack] == ["home", "checkout"]
    with navcore.Navigator(TABLE) as copy:
        transition = copy.replay(log)
        assert transition.conditions == {"signed_in": True}
        assert copy.state.conditions == {"signed_in": True, "onboarded": True}


def test_a_table_without_conditions_writes_no_conditions_key() -> None:
    with navcore.Navigator(TABLES / "shop.json") as shop:
        state = shop.state
        assert state.conditions == {} and "conditions" not in state.raw and "conditions" not in shop.snapshot()
        with unchanged(shop), pytest.raises(navcore.ActionError, match="declares no conditions"):
            shop.set_condition("signed_in", True)
