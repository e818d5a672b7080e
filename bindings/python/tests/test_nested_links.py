"""Links into nested containers (docs/links.md, "Links into nested containers") through the
binding, over Tests/vectors/tables/nested_links.json: a link's ``into`` names the stack its routes
go on; open_url presents or reuses the layer, selects every tab and the sidebar item on the way and
places the routes there in one transition. The law over random walks: a link either fails with the
state unchanged or leaves its target on the active path with its routes, and opened again with
replace it changes nothing."""

from __future__ import annotations

import json
from typing import Any, Dict, List

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import TABLES, scaled, unchanged, validate

import navcore

TABLE: Dict[str, Any] = json.loads((TABLES / "nested_links.json").read_text(encoding="utf-8"))
#: One URL per link of the table, in table order; ``#`` takes an id.
URLS = ["myapp://settings/privacy/blocked", "myapp://settings/privacy/blocked/#", "shop://checkout/payment",
        "myapp://explore/following/post/#", "myapp://library/artists/#", "myapp://library/albums/#",
        "myapp://settings", "myapp://blocked", "myapp://profile/#/photos", "myapp://cart/item/#",
        "shop://checkout/pay"]


def names(nav: navcore.Navigator) -> List[str]:
    return [entry.name for entry in nav.stack]


def test_a_link_into_a_sheet_presents_it_selects_its_tab_and_places_the_routes() -> None:
    with navcore.Navigator(TABLE) as nav:
        transition = nav.open_url("myapp://settings/privacy/blocked")
        assert transition.results == ("opened",)
        state = nav.state
        assert state.active_stack == "layer:8/privacy"
        assert names(nav) == ["privacy", "blocked"]
        assert [entry.name for entry in state.stacks["home"].entries] == ["home"], "the base keeps its root"
        with unchanged(nav):
            again = nav.open_url("myapp://settings/privacy/blocked")
        assert not again.changed


def test_resolve_url_reports_the_placement() -> None:
    with navcore.Navigator(TABLE) as nav:
        resolution = nav.resolve_url("myapp://profile/3/photos")
        assert resolution.into == "profile"
        assert [(route.name, dict(route.params)) for route in resolution.layers] == [("profile", {"id": 3})]
        assert [route.name for route in resolution.routes] == ["photos"]
        validate("resolution", resolution.raw)
        plain = nav.resolve_url("shop://checkout/pay")
        assert plain.into is None and plain.layers == ()
        assert set(plain.raw) == {"navcore", "link", "mode", "routes"}, "no new key without into"


def test_a_blocker_in_the_sheet_holds_back_a_link_to_a_base_tab() -> None:
    with navcore.Navigator(TABLE) as nav:
        nav.open_url("shop://checkout/payment")
        nav.set_blocker(nav.stack[-1].id, "Unsaved card")
        with unchanged(nav), pytest.raises(navcore.BlockedError) as held:
            nav.open_url("myapp://cart/item/2")
        transition = nav.proceed(held.value)
        assert transition.dismissed == ("layer:8",)
        assert nav.state.selected_tab == "cart"
        assert names(nav) == ["cart", "cartItem"]


def test_a_bad_into_names_the_link() -> None:
    table = json.loads(json.dumps(TABLE))
    table["links"][3]["into"] = "explore/folowing"
    with pytest.raises(navcore.TableError) as error:
        navcore.Navigator(table)
    assert error.value.path == "links[3].into"
    assert '(did you mean "following"?)' in str(error.value)


def test_the_table_report_lists_into_and_counts_the_layer_route_as_reached() -> None:
    with navcore.Navigator(TABLE) as nav:
        report = nav.table_report()
    validate("table-report", report)
    assert report["links"][0]["into"] == "settings/privacy"
    assert "into" not in report["links"][7]
    assert "routes.profile" not in [warning["path"] for warning in report["warnings"]]


@st.composite
def actions(draw: st.DrawFn) -> Dict[str, Any]:
    """A link, a push, a presentation, a tab, back, a dismissal or a blocker on the top screen."""
    url = draw(st.sampled_from(URLS)).replace("#", str(draw(st.integers(1, 2))))
    return draw(st.sampled_from([
        {"op": "open_url", "url": url}, {"op": "open_url", "url": url, "mode": "push"},
        {"op": "push", "route": {"name": "post", "params": {"id": 1}}},
        {"op": "present", "route": {"name": draw(st.sampled_from(["checkout", "settings"]))}},
        {"op": "select_tab", "tab": draw(st.sampled_from(["home", "explore", "library", "cart", "privacy", "following"]))},
        {"op": "back"}, {"op": "dismiss"}, {"op": "set_blocker", "reason": "Draft"},
    ]))


@settings(max_examples=scaled(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(actions(), min_size=1, max_size=20))
def test_a_link_shows_its_target_from_any_state(walk: List[Dict[str, Any]]) -> None:
    with navcore.Navigator(TABLE) as nav:
        for action in walk:
            if action["op"] == "set_blocker":
                action = dict(action, id=nav.stack[-1].id)
            before = nav.state_json
            try:
                nav.apply(action)
            except navcore.NavError as error:
                assert nav.state_json == before
                if action["op"] == "open_url":
                    # Only a blocker holds a link back; a tab may refuse a link without into.
                    untargeted = nav.resolve_url(action["url"]).into is None
                    assert isinstance(error, navcore.BlockedError) or (untargeted and isinstance(error, navcore.RouteError)), error
                continue
            if action["op"] != "open_url":
                continue
            resolution = nav.resolve_url(action["url"])
            if resolution.into is None:
                continue
            parts = resolution.into.split("/")
            first = nav.state.presentations[-1].stack if resolution.layers else parts[0]
            target = "/".join([first] + parts[1:])
            active = nav.state.active_stack
            assert active == target or active.startswith(target + "/"), (action, active, target)
            if action.get("mode", resolution.mode) == "replace":
                with unchanged(nav):
                    assert not nav.open_url(action["url"]).changed
