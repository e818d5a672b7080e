"""The view model (docs/shells.md) through the binding: layers, Back buttons, the tab bar, the sidebar,
the announcement and the animation of the last change, valid against their schema; and over random use, the top layer's Back button
agrees with what back then does, a flat table writes only the flat keys, and a nested table's view
model (its containers and layers over one stack) agrees with the state."""

from __future__ import annotations

import json
from typing import Any, Dict, List

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import SPLIT_TABLE_PATH, TABLES, validate

import navcore

TABLE = json.loads((TABLES / "signin.json").read_text())
#: The keys of a flat table's view model, and of its layers.
FLAT_KEYS = {"navcore", "layers", "tabs", "sidebar", "conditions", "pending", "announcement", "animation"}
FLAT_LAYER_KEYS = {"stack", "style", "title", "id", "entries", "back"}


def test_a_frame_needs_no_rule_of_the_shell() -> None:
    with navcore.Navigator(TABLE) as nav:
        nav.push("product", id=3)
        nav.present("account")
        model = nav.view_model()
        validate("view-model", model.raw)
        assert [(layer.style, layer.title) for layer in model.layers] == [("base", "Product 3"), ("sheet", "Account")]
        assert model.top.back.raw == {"enabled": True, "label": "Product 3", "will": "dismissed"}
        assert model.layers[0].back.raw == {"enabled": True, "label": "Home", "will": "popped"}
        assert [entry.title for entry in model.layers[0].entries] == ["Home", "Product 3"]
        assert [(tab.title, tab.selected, tab.locked) for tab in model.tabs] == [
            ("Home", True, False), ("Orders", False, True), ("Account", False, False)]
        assert model.announcement == "Account, sheet"
        nav.dismiss()
        assert nav.view_model().announcement == "closed Account"


def test_the_animation_names_the_last_change_by_its_seq() -> None:
    with navcore.Navigator(TABLE) as nav:
        assert nav.view_model().animation is None, "nothing to animate before any change"
        nav.push("product", id=3)
        nav.present("account")
        model = nav.view_model()
        validate("view-model", model.raw)
        animation = model.animation
        assert animation is not None and animation.seq == 2
        (step,) = animation.steps
        assert (step.kind, step.layer, step.style, step.over) == ("present", "layer:5", "sheet", None)
        assert [entry.title for entry in step.entries] == ["Account"]
        assert animation.layer_step("layer:5") == step and animation.stack_step("shop") is None
        # [dismiss, select_tab, push] reads as three steps, in that order, each found by its part.
        nav.apply([{"op": "push", "route": {"name": "product", "params": {"id": 4}}, "tab": "account"},
                   {"op": "select_tab", "tab": "account"}, {"op": "dismiss"}])
        animation = nav.view_model().animation
        assert animation is not None and [step.kind for step in animation.steps] == ["dismiss", "tab", "push"]
        tab = animation.tab_step()
        assert tab is not None and (tab.tab, tab.from_tab, tab.container) == ("account", "shop", None)
        push = animation.stack_step("account")
        assert push is not None and push.popped == 0 and [entry.title for entry in push.pushed] == ["Product 4"]
        # A mark changes no seq: the view model keeps the change's animation, its entries as they are now.
        nav.set_blocker(push.pushed[0].id, "Draft")
        kept = nav.view_model().animation
        assert kept is not None and kept.seq == 3 and [step.kind for step in kept.steps] == ["dismiss", "tab", "push"]
        kept_push = kept.stack_step("account")
        assert kept_push is not None and kept_push.pushed[0].raw["blocker"] == "Draft"
        # A restore is a new state to draw, not a step to animate.
        nav.restore(nav.snapshot())
        assert nav.view_model().animation is None


def test_a_view_subscription_delivers_each_change_with_its_steps() -> None:
    seen: List[navcore.ViewModel] = []
    with navcore.Navigator(SPLIT_TABLE_PATH) as nav:
        nav.subscribe_view(seen.append)
        nav.push("message", id=1)
        nav.set_compact(True)
        nav.select("folder", name="work")
        kinds = [[(step.kind, step.stack) for step in model.animation.steps] if model.animation else None for model in seen]
        assert kinds == [None, [("push", "detail")], [("sidebar", "detail")], [("detail", "detail")]]
        detail = seen[-1].animation.stack_step("detail") if seen[-1].animation else None
        assert detail is not None and detail.popped == 2 and [entry.title for entry in detail.pushed] == ["Folder work"]
        sidebar = seen[2].animation.sidebar_step("detail") if seen[2].animation else None
        assert sidebar is not None and (sidebar.compact, sidebar.sidebar_shown) == (True, False)


def test_a_split_view_has_its_sidebar() -> None:
    with navcore.Navigator(SPLIT_TABLE_PATH) as nav:
        model = nav.view_model()
        validate("view-model", model.raw)
        assert "tabs" not in model.raw and model.sidebar is not None and model.sidebar.selected == nav.stack[0].name
        assert model.sidebar.compact is False
        assert model.sidebar.sidebar_shown is True, "both columns show in the expanded form"


#: A mail app whose sidebar lists Inbox and one Mailbox per folder (``mailbox(id)``).
MAIL = {"navcore": 1, "root": "inbox",
        "routes": {"inbox": {"title": "Inbox"}, "mailbox": {"params": {"id": "int"}, "title": "Mailbox {id}"},
                   "message": {"params": {"mid": "int"}, "parent": "mailbox", "title": "Message {mid}"}},
        "split": {"sidebar": ["inbox", "mailbox"]},
        "links": [{"url": "mail://box/{id}/m/{mid}", "stack": ["message"], "into": "detail"}]}
MAIL_STEPS = st.one_of(
    st.integers(1, 3).map(lambda id: lambda nav: nav.select("mailbox", id=id)),
    st.just(lambda nav: nav.select("inbox")),
    st.integers(1, 3).map(lambda mid: lambda nav: nav.push("message", mid=mid)),
    st.tuples(st.integers(1, 3), st.integers(1, 3)).map(lambda ids: lambda nav: nav.open_url("mail://box/%d/m/%d" % ids)),
    st.just(lambda nav: nav.back()),
)


def test_a_sidebar_route_with_params_is_one_item_for_all_its_instances() -> None:
    with navcore.Navigator(MAIL) as nav:
        sidebar = nav.view_model().sidebar
        assert sidebar is not None
        assert [(item.name, item.params) for item in sidebar.items] == [("inbox", False), ("mailbox", True)]
        assert "params" not in sidebar.raw["items"][0], "an item without params is written as before"
        assert sidebar.selected_route is None and "selected_route" not in sidebar.raw
        nav.select("mailbox", id=7)
        sidebar = nav.view_model().sidebar
        assert sidebar is not None and sidebar.selected == "mailbox"
        assert sidebar.selected_route == navcore.SidebarSelection("mailbox", {"id": 7}, "Mailbox 7")
        with pytest.raises(navcore.ParamsError) as raised:
            nav.select("mailbox", id="seven")
        assert raised.value.path == "actions[0].route.params.id"


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(MAIL_STEPS, max_size=8))
def test_the_sidebar_names_the_selected_instance(steps: List[Any]) -> None:
    """Over selections, pushes, links and Back, the sidebar's selection is the detail root: its
    route's name, and with params the instance itself, valid against the schema."""
    with navcore.Navigator(MAIL) as nav:
        for step in steps:
            step(nav)
            model = nav.view_model()
            validate("view-model", model.raw)
            root, sidebar = nav.stack[0], model.sidebar
            assert sidebar is not None and sidebar.selected == root.name
            if root.name == "mailbox":
                assert sidebar.selected_route == navcore.SidebarSelection(root.name, root.params, root.title)
            else:
                assert sidebar.selected_route is None


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
            raw = nav.view_model().raw
            assert set(raw) <= FLAT_KEYS, "a table that does not nest writes no key of a nested one"
            assert all(set(layer) == FLAT_LAYER_KEYS for layer in raw["layers"])
            model = nav.view_model()
            back = model.top.back
            preview = nav.back_preview()
            assert back.will == preview.result
            assert (back.cancels_intent is not None) == (preview.intent is not None)
            assert back.cancels_intent is None or back.cancels_intent == model.pending
            assert model.top.entries[-1].id == model.top.id
            before = nav.state
            transition = nav.back()
            assert transition.results == (back.will,)
            if back.enabled:
                assert transition.after.top.title == back.label
            else:
                assert nav.state.raw == before.raw


NESTED = json.loads((TABLES / "nested.json").read_text())


def test_a_settings_sheet_with_tabs_is_drawn_from_the_view_model() -> None:
    with navcore.Navigator(NESTED) as nav:
        nav.present("settings")
        model = nav.view_model()
        validate("view-model", model.raw)
        assert [layer.stack for layer in model.layers] == ["home", "layer:7/general"]
        sheet = model.containers_in(1)
        assert len(sheet) == 1 and model.containers_in(0) == ()
        tabs = sheet[0]
        assert isinstance(tabs, navcore.ContainerView)
        assert (tabs.name, tabs.layout, tabs.title, tabs.sidebar) == ("layer:7", "tabs", "Settings", None)
        assert [(tab.name, tab.selected) for tab in tabs.tabs] == [
            ("layer:7/general", True), ("layer:7/privacy", False), ("layer:7/account", False)]
        nav.select_tab(tabs.tabs[1].name)  # a tab bar's click: the tab's name as the view model gives it
        nav.push("blocked")
        model = nav.view_model()
        assert (model.top.stack, model.top.title, model.top.back.label) == ("layer:7/privacy", "Blocked users", "Privacy")
        assert [tab.selected for tab in model.containers[0].tabs] == [False, True, False]
        nav.back()
        nav.back()  # at the tab root, back_to_previous_tab is off: Back dismisses the sheet
        model = nav.view_model()
        assert [layer.stack for layer in model.layers] == ["home"] and model.containers == ()
        assert "containers" not in model.raw


def test_a_presentation_over_one_stack_is_a_layer_over_it() -> None:
    with navcore.Navigator(NESTED) as nav:
        nav.select_tab("explore")
        nav.apply({"op": "present", "route": {"name": "post", "params": {"id": 3}}, "stack": "explore/foryou"})
        model = nav.view_model()
        validate("view-model", model.raw)
        assert [(layer.stack, layer.over) for layer in model.layers] == [
            ("explore/foryou", None), ("explore/foryou/layer:7", "explore/foryou")]
        assert [container.name for container in model.containers_in(0)] == ["explore"]


NESTED_ACTIONS = st.sampled_from([
    {"op": "push", "route": {"name": "post", "params": {"id": 1}}},
    {"op": "push", "route": {"name": "settings"}},
    {"op": "present", "route": {"name": "settings"}},
    {"op": "present", "route": {"name": "post", "params": {"id": 2}}, "stack": "home"},
    {"op": "select_tab", "tab": "explore"},
    {"op": "select_tab", "tab": "library"},
    {"op": "select_tab", "tab": "following"},
    {"op": "select_tab", "tab": "privacy"},
    {"op": "select", "route": {"name": "artists"}},
    {"op": "set_compact", "value": True},
    {"op": "back"},
    {"op": "back"},
    {"op": "dismiss"},
])


@settings(max_examples=80, deadline=None, derandomize=True)
@given(st.lists(NESTED_ACTIONS, max_size=20))
def test_the_nested_view_model_agrees_with_the_state(actions: List[Dict[str, Any]]) -> None:
    with navcore.Navigator(NESTED) as nav:
        for action in actions:
            try:
                nav.apply(action)
            except navcore.NavError:
                continue  # no such tab or split view here: nothing changed
            model = nav.view_model()
            validate("view-model", model.raw)
            top, preview = model.top, nav.back_preview()
            assert (top.stack, top.id) == (nav.active_stack, nav.stack[-1].id)
            assert top.back.enabled == (preview.result not in ("nothing", "held_by_presentation"))
            if top.back.enabled and preview.result != "to_sidebar":
                assert top.back.label == preview.after.top.title
            layers = [container.layer for container in model.containers]
            assert layers == sorted(layers) and all(0 <= layer < len(model.layers) for layer in layers)
            for container in model.containers:
                shown = model.layers[container.layer].stack
                selected = [tab.name for tab in container.tabs if tab.selected] or [f"{container.name}/detail"]
                assert len(selected) == 1 and (shown == selected[0] or shown.startswith((selected[0] + "/", selected[0] + "@")))
