"""The view model (docs/shells.md) through the binding: layers, Back buttons, the tab bar, the sidebar
and the announcement, valid against their schema; and over random use, the top layer's Back button
agrees with what back then does."""

from __future__ import annotations

import json
from typing import Any, Dict, List

from hypothesis import given, settings
from hypothesis import strategies as st
from support import SPLIT_TABLE_PATH, TABLES, validate

import navcore

TABLE = json.loads((TABLES / "signin.json").read_text())


def test_a_frame_needs_no_rule_of_the_shell() -> None:
    with navcore.Navigator(TABLE) as nav:
        nav.push("product", id=3)
        nav.present("account")
        model = nav.view_model()
        validate("view-model", model.raw)
        assert [(layer.style, layer.title) for layer in model.layers] == [("base", "Product 3"), ("sheet", "Account")]
        assert model.top.back.raw == {"enabled": True, "label": "Product 3"}
        assert model.layers[0].back.raw == {"enabled": True, "label": "Home"}
        assert [(tab.title, tab.selected, tab.locked) for tab in model.tabs] == [
            ("Home", True, False), ("Orders", False, True), ("Account", False, False)]
        assert model.announcement == "Account, sheet"
        nav.dismiss()
        assert nav.view_model().announcement == "closed Account"


def test_a_split_view_has_its_sidebar() -> None:
    with navcore.Navigator(SPLIT_TABLE_PATH) as nav:
        model = nav.view_model()
        validate("view-model", model.raw)
        assert "tabs" not in model.raw and model.sidebar is not None and model.sidebar.selected == nav.stack[0].name
        assert model.sidebar.compact is False


ACTIONS = st.sampled_from([
    {"op": "push", "route": {"name": "product", "params": {"id": 1}}},
    {"op": "present", "route": {"name": "cart"}},
    {"op": "select_tab", "tab": "account"},
    {"op": "select_tab", "tab": "shop"},
    {"op": "back"},
    {"op": "set_condition", "name": "signed_in", "value": True},
    {"op": "push", "route": {"name": "checkout"}},
])


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(ACTIONS, max_size=15))
def test_the_back_button_agrees_with_back(actions: List[Dict[str, Any]]) -> None:
    with navcore.Navigator(TABLE) as nav:
        for action in actions:
            nav.apply(action)
            back = nav.view_model().top.back
            before = nav.state
            transition = nav.back()
            if back.enabled:
                assert transition.after.top.title == back.label
            else:
                assert nav.state.raw == before.raw
