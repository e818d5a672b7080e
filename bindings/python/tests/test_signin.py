"""The seeds' sign-in flow through the binding (docs/conditions.md): protected routes and tabs held
as the pending intent behind the flow, replayed once on sign-in, dropped when the flow is
cancelled, sign-out, restore while signed out, the table's checks, and a property: whatever the
actions, no protected screen is ever shown and the recorded log replays."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import TABLES, unchanged, validate

import navcore

TABLE = json.loads((TABLES / "signin.json").read_text())


@pytest.fixture
def nav() -> Any:
    with navcore.Navigator(TABLE) as navigator:
        yield navigator


def names(entries: Sequence[navcore.Entry]) -> List[str]:
    return [entry.name for entry in entries]


def test_a_held_link_is_one_transition_and_sign_in_lands_where_it_pointed(nav: navcore.Navigator) -> None:
    heard: List[navcore.Transition] = []
    nav.subscribe(heard.append)
    held = nav.open_url("shop://orders/7")
    assert held.results == ("held",) and held.intent is not None and held.intent.event == "held"
    assert [t.raw for t in heard] == [held.raw], "listeners hear one transition, with the flow already up"
    assert names(nav.stack) == ["login"] and nav.selected_tab == "shop"
    pending = nav.pending
    assert pending is not None and pending.raw == {"condition": "signed_in", "flow": nav.active_stack,
                                                   "actions": [{"op": "open_url", "url": "shop://orders/7"}]}
    nav.push("register")
    signed_in = nav.set_condition("signed_in", True)
    assert signed_in.intent is not None
    assert signed_in.intent.event == "replayed" and signed_in.intent.results == ("opened",)
    assert nav.selected_tab == "orders" and names(nav.stack) == ["orders", "order"]
    assert nav.pending is None and nav.presentations == () and len(heard) == 3
    for document in (held, signed_in):
        validate("transition", document.raw)
    validate("route-table", TABLE)


def test_cancelling_the_flow_drops_the_intent(nav: navcore.Navigator) -> None:
    nav.push("checkout")
    cancelled = nav.back()
    assert cancelled.intent is not None
    assert cancelled.intent.raw == {"event": "dropped", "condition": "signed_in", "reason": "its flow was dismissed",
                                   "actions": [{"op": "push", "route": {"name": "checkout", "params": {}}}]}
    assert nav.pending is None
    assert nav.set_condition("signed_in", True).intent is None
    assert names(nav.stack) == ["home"]


def test_sign_out_resets_to_the_root(nav: navcore.Navigator) -> None:
    nav.set_condition("signed_in", True)
    nav.push("product", id=3)
    nav.push("checkout")
    nav.select_tab("orders")
    nav.set_condition("signed_in", False)
    assert nav.selected_tab == "shop" and names(nav.stack) == ["home"]
    assert nav.conditions == {"signed_in": False}


def test_a_snapshot_restored_while_signed_out_holds_its_protected_screens(nav: navcore.Navigator) -> None:
    nav.set_condition("signed_in", True)
    nav.push("cart")
    nav.push("checkout")
    snapshot = nav.snapshot()
    with navcore.Navigator(TABLE) as relaunched:
        relaunched.restore(snapshot)
        assert names(relaunched.stack) == ["login"]
        assert names(relaunched.state.stacks["shop"].entries) == ["home", "cart"]
        assert relaunched.pending is not None
        validate("state", relaunched.state.raw)
        validate("snapshot", relaunched.snapshot())
        relaunched.set_condition("signed_in", True)
        assert names(relaunched.stack) == ["home", "cart", "checkout"]


def test_the_pending_intent_survives_a_relaunch(nav: navcore.Navigator) -> None:
    nav.select_tab("orders")
    with navcore.Navigator(TABLE) as relaunched:
        relaunched.restore(nav.snapshot())
        assert relaunched.pending == nav.pending
        relaunched.set_condition("signed_in", True)
        assert relaunched.selected_tab == "orders"


def test_a_batch_that_needs_a_condition_it_set_false_fails(nav: navcore.Navigator) -> None:
    nav.set_condition("signed_in", True)
    with unchanged(nav), pytest.raises(navcore.RouteError) as raised:
        nav.apply([{"op": "set_condition", "name": "signed_in", "value": False},
                   {"op": "push", "route": {"name": "checkout"}}])
    assert raised.value.path == "actions[1]"


@pytest.mark.parametrize("change, path, needle", [
    (lambda t: t["conditions"]["signed_in"].pop("flow"), "conditions.signed_in", 'required by route "checkout"'),
    (lambda t: t["routes"]["checkout"].update(requires=["signed-in"]), "routes.checkout.requires[0]",
     'unknown condition "signed-in" (allowed: signed_in)'),
    (lambda t: t["routes"]["login"].update(requires=["signed_in"]), "conditions.signed_in.flow.route",
     'flow route "login" requires "signed_in"'),
    (lambda t: t["tabs"][0].update(requires=["signed_in"]), "tabs[0]", 'the first screen requires "signed_in"'),
    (lambda t: t["conditions"]["signed_in"].update(on_false="logout"), "conditions.signed_in.on_false",
     'unknown policy "logout" (allowed: remove, reset)'),
    (lambda t: t["conditions"]["signed_in"]["flow"].update(style="popup"), "conditions.signed_in.flow.style",
     'unknown style "popup"'),
])
def test_the_table_checks(change: Any, path: str, needle: str) -> None:
    table = json.loads(json.dumps(TABLE))
    change(table)
    with pytest.raises(navcore.TableError) as raised:
        navcore.Navigator(table)
    assert raised.value.path == path and needle in str(raised.value)


ROUTES = ["product", "cart", "checkout", "order", "register", "home"]
ACTIONS = st.one_of(
    st.builds(lambda name, tab: {"op": "push", "route": {"name": name, "params": {"id": 1} if name in ("product", "order") else {}},
                                 **({"tab": tab} if tab else {})},
              st.sampled_from(ROUTES), st.sampled_from([None, "shop", "orders"])),
    st.builds(lambda tab: {"op": "select_tab", "tab": tab}, st.sampled_from(["shop", "orders", "account"])),
    st.just({"op": "back"}), st.just({"op": "dismiss"}), st.just({"op": "pop"}),
    st.builds(lambda url: {"op": "open_url", "url": url}, st.sampled_from(["shop://orders/7", "shop://checkout", "shop://product/2"])),
    st.builds(lambda value: {"op": "set_condition", "name": "signed_in", "value": value}, st.booleans()),
    st.builds(lambda name: {"op": "present", "route": {"name": name, "params": {}}}, st.sampled_from(["cart", "checkout", "account"])),
)


def check_nothing_protected_shows(nav: navcore.Navigator) -> None:
    state = nav.state
    if state.conditions["signed_in"]:
        assert state.pending is None
        return
    shown = [entry.name for stack in state.stacks.values() for entry in stack.entries]
    shown += [entry.name for layer in state.presentations for entry in layer.entries]
    assert state.tab_history is not None
    assert "checkout" not in shown and state.selected_tab != "orders" and "orders" not in state.tab_history
    if state.pending is not None:
        assert state.pending.flow in [layer.stack for layer in state.presentations]


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(st.lists(ACTIONS, min_size=1, max_size=3), max_size=25))
def test_no_protected_screen_is_ever_shown_and_the_log_replays(batches: List[List[Dict[str, Any]]]) -> None:
    with navcore.Navigator(TABLE) as nav:
        nav.record(True)
        for batch in batches:
            try:
                nav.apply(batch)
            except navcore.NavError:
                pass
            check_nothing_protected_shows(nav)
        with navcore.Navigator(TABLE) as replayed:
            replayed.replay(nav.log)
            assert replayed.state.raw == nav.state.raw
