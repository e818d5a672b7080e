"""The back preview (docs/structure.md): what back would do, changing nothing. Over random states of a
tabbed app with sheets that hold Back and of a compact split view, back then does exactly that."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import TABLES, scaled, unchanged, validate

import navcore

SHELL_TABLE: Dict[str, Any] = {
    "navcore": 1,
    "routes": {
        "home": {"title": "Home"},
        "product": {"params": {"id": "int"}, "title": "Product {id}"},
        "cart": {"title": "Cart"},
        "filters": {"title": "Filters", "present_policy": "single_top"},
        "login": {"title": "Sign in", "dismissable": False},
        "missing": {"title": "Not found"},
    },
    "tabs": [{"name": "shop", "root": "home"}, {"name": "cart", "root": "cart", "routes": ["product"]}],
    "not_found": "missing",
    "links": [{"url": "shop://product/{id}", "stack": ["product"], "tab": "shop"}],
}
SPLIT_TABLE = TABLES / "split.json"

products = st.builds(lambda i: {"name": "product", "params": {"id": i}}, st.integers(0, 2))
tab_actions = st.one_of(
    st.builds(lambda r: {"op": "push", "route": r}, products),
    st.just({"op": "pop"}),
    st.builds(lambda t: {"op": "select_tab", "tab": t}, st.sampled_from(["shop", "cart"])),
    st.builds(lambda r, p: {"op": "present", "route": r, "policy": p},
              st.one_of(products, st.sampled_from([{"name": "filters"}, {"name": "login"}])),
              st.sampled_from(["allow", "single_top"])),
    st.builds(lambda a: {"op": "dismiss", "all": a}, st.booleans()),
    st.just({"op": "open_url", "url": "shop://nowhere"}),
    st.builds(lambda i: {"op": "set_blocker", "id": i, "reason": "Unsaved draft"}, st.integers(1, 10)),
    st.just({"op": "back"}),
)
split_actions = st.one_of(
    st.builds(lambda i: {"op": "push", "route": {"name": "message", "params": {"id": i}}}, st.integers(0, 2)),
    st.just({"op": "pop"}),
    st.builds(lambda v: {"op": "set_compact", "value": v}, st.booleans()),
    st.builds(lambda n: {"op": "select", "route": {"name": n}}, st.sampled_from(["inbox", "settings"])),
    st.just({"op": "present", "route": {"name": "compose"}}),
    st.just({"op": "dismiss"}),
    st.just({"op": "back"}),
)
def check_preview_agrees(nav: navcore.Navigator) -> None:
    """The preview changes nothing, and back then reports its result and its after (once past the
    blocker the preview names, if any)."""
    with unchanged(nav):
        preview = nav.back_preview()
    validate("back-preview", preview.raw)  # so "blocked" and "reason" are objects and strings when present
    if preview.blocked is not None:
        with unchanged(nav), pytest.raises(navcore.BlockedError) as raised:
            nav.back()
        entry = raised.value.entry
        assert entry is not None and entry.raw == preview.blocked.entry.raw and raised.value.reason == preview.blocked.reason
        transition = nav.proceed(raised.value)
    else:
        transition = nav.back()
    assert transition.results == (preview.result,)
    assert transition.after.raw == preview.after.raw
    assert transition.changed == (preview.result not in ("nothing", "held_by_presentation"))
    assert (preview.reason is not None) == (preview.result == "held_by_presentation")
    assert transition.intent == preview.intent


def run(nav: navcore.Navigator, batches: List[List[Dict[str, Any]]]) -> None:
    for batch in batches:
        try:
            nav.apply(batch)
        except (navcore.NoEntryError, navcore.ActionError, navcore.BlockedError):
            pass  # dismiss with nothing presented, an id no stack holds, a blocked batch
        check_preview_agrees(nav)


@settings(max_examples=scaled(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(tab_actions, min_size=1, max_size=3), max_size=12))
def test_preview_agrees_with_back_in_a_tabbed_app(batches: List[List[Dict[str, Any]]]) -> None:
    with navcore.Navigator(SHELL_TABLE) as nav:
        run(nav, batches)


@settings(max_examples=scaled(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(split_actions, min_size=1, max_size=3), max_size=12))
def test_preview_agrees_with_back_in_a_split_view(batches: List[List[Dict[str, Any]]]) -> None:
    with navcore.Navigator(SPLIT_TABLE) as nav:
        run(nav, batches)


def test_every_step_of_the_back_rule_is_previewed() -> None:
    """A scripted walk through every step, each previewed and then taken."""
    seen: List[str] = []
    with navcore.Navigator(SHELL_TABLE) as nav:
        nav.apply([{"op": "push", "route": {"name": "product", "params": {"id": 1}}}, {"op": "select_tab", "tab": "cart"},
                   {"op": "present", "route": {"name": "login"}}, {"op": "push", "route": {"name": "product", "params": {"id": 2}}},
                   {"op": "present", "route": {"name": "filters"}}])
        for _ in range(3):  # dismissed, popped_presentation, held_by_presentation
            seen.append(nav.back_preview().result)
            check_preview_agrees(nav)
        nav.dismiss()
        for _ in range(3):  # previous_tab, popped, nothing
            seen.append(nav.back_preview().result)
            check_preview_agrees(nav)
    with navcore.Navigator(SPLIT_TABLE) as nav:
        nav.set_compact(True)
        seen.append(nav.back_preview().result)
        check_preview_agrees(nav)
    assert seen == ["dismissed", "popped_presentation", "held_by_presentation", "previous_tab", "popped", "nothing",
                    "to_sidebar"]


def test_a_held_layer_says_why() -> None:
    with navcore.Navigator(SHELL_TABLE) as nav:
        nav.present("login", style="cover")
        preview = nav.back_preview()
        assert preview.result == "held_by_presentation"
        assert preview.reason is not None
        assert preview.reason.startswith('presentation "layer:3" (Sign in) is not dismissable by Back')
        with unchanged(nav):
            assert nav.back().results == ("held_by_presentation",)
        assert nav.dismiss().dismissed == ("layer:3",)


def test_back_preview_on_a_closed_navigator_raises() -> None:
    nav = navcore.Navigator(SHELL_TABLE)
    nav.close()
    with pytest.raises(navcore.InvalidArgumentError):
        nav.back_preview()


def test_a_blocker_that_holds_back_back_is_named() -> None:
    with navcore.Navigator(SHELL_TABLE) as nav:
        nav.push("product", id=1)
        review = nav.push("product", id=2).after.top
        nav.set_blocker(review.id, "Unsaved review")
        preview = nav.back_preview()
        assert preview.result == "popped" and preview.after.top.id == 3
        assert preview.blocked is not None
        assert preview.blocked.raw == {"stack": "shop", "reason": "Unsaved review",
                                       "entry": dict(review.raw, blocker="Unsaved review")}
        check_preview_agrees(nav)
        assert "blocked" not in nav.back_preview().raw


def test_at_the_flows_root_the_preview_names_the_intent_back_drops() -> None:
    """Inside the sign-in flow Back pops the flow's stack; at its root it dismisses the flow and
    drops the held link, and the preview says so as back's transition then does."""
    with navcore.Navigator(TABLES / "signin.json") as nav:
        assert nav.open_url("shop://orders/7").results == ("held",)
        nav.push("register")
        check_preview_agrees(nav)
        with unchanged(nav):
            preview = nav.back_preview()
        assert preview.result == "dismissed" and preview.intent is not None
        assert (preview.intent.event, preview.intent.condition, preview.intent.reason) == (
            "dropped", "signed_in", "its flow was dismissed")
        assert preview.intent.actions == ({"op": "open_url", "url": "shop://orders/7"},)
        transition = nav.back()
        assert transition.intent == preview.intent and nav.pending is None
        assert nav.back_preview().intent is None
