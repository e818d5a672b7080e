"""Tabs, presentations, split view, back and push policies through the binding (docs/structure.md).

Each method's marshalling is checked against what the library reports: the transition it returns,
and the state, stack and properties afterwards.
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Mapping

import pytest
from support import SHOP_TABLE_PATH, json_equal, tabs_table, unchanged

import navcore

HOME = {"id": 1, "name": "home", "params": {}, "title": "Home"}
CART = {"id": 2, "name": "cart", "params": {}, "title": "Cart"}
SETTINGS = {"id": 3, "name": "settings", "params": {}, "title": "Settings"}


def names(entries: Iterable[navcore.Entry]) -> List[str]:
    """The route names of entries, root first."""
    return [entry.name for entry in entries]


def raws(entries: Iterable[navcore.Entry]) -> List[Any]:
    """The entries as the library wrote them, root first."""
    return [entry.raw for entry in entries]


def stack_changes(transition: navcore.Transition) -> Dict[str, Mapping[str, Any]]:
    """The transition's ``stacks``, each change as the library wrote it."""
    return {name: change.raw for name, change in transition.stacks.items()}


def depths(nav: navcore.Navigator) -> Dict[str, int]:
    """Each base stack's number of entries."""
    return {name: len(stack.entries) for name, stack in nav.state.stacks.items()}


def test_a_tabs_navigator_starts_on_its_first_tab(tabs: navcore.Navigator) -> None:
    assert tabs.selected_tab == "shop"
    assert tabs.active_stack == "shop"
    assert tabs.presentations == ()
    assert raws(tabs.stack) == [HOME]
    state = tabs.state
    assert state.layout == "tabs" and state.tab_history == ()
    assert state.selected_tab == "shop"
    assert state.raw["stacks"] == {"shop": {"entries": [HOME]}, "cart": {"entries": [CART]},
                                   "settings": {"entries": [SETTINGS]}}
    assert state.stacks["cart"].entries == (navcore.Entry(**CART),)


def test_a_one_stack_navigator_has_no_tab_and_no_presentation(nav: navcore.Navigator) -> None:
    assert nav.selected_tab is None
    assert nav.active_stack == "main"
    assert nav.presentations == ()
    state = nav.state
    assert state.layout == "stack"
    assert state.selected_tab is None and state.tab_history is None


def test_select_tab_returns_the_transition_and_keeps_depths(tabs: navcore.Navigator) -> None:
    tabs.push("category", slug="shoes")
    transition = tabs.select_tab("cart")
    assert transition.tab is not None and transition.tab.raw == {"before": "shop", "after": "cart"}
    assert transition.tab == navcore.TabChange(before="shop", after="cart")
    assert transition.results == ("selected",)
    assert transition.cause.ops == ("select_tab",)
    assert transition.stacks == {}
    assert transition.after.raw == {"stack": "cart", "top": CART}
    assert transition.after.stack == "cart" and transition.after.top.title == "Cart"
    assert tabs.selected_tab == "cart" and tabs.active_stack == "cart"
    tabs.push("product", id=7)
    tabs.select_tab("shop")
    assert names(tabs.stack) == ["home", "category"]
    assert depths(tabs) == {"shop": 2, "cart": 2, "settings": 1}


def test_reselecting_the_selected_tab_pops_it_to_its_root(tabs: navcore.Navigator) -> None:
    tabs.push("product", id=1)
    tabs.push("product", id=2)
    transition = tabs.select_tab("shop")
    assert transition.results == ("popped",)
    assert stack_changes(transition) == {"shop": {"removed": [4, 5], "added": []}}
    assert transition.tab is None
    assert raws(tabs.stack) == [HOME]


def test_reset_tab_defaults_to_the_selected_tab(tabs: navcore.Navigator) -> None:
    tabs.push("product", id=1)
    tabs.push("product", id=2, tab="cart")
    transition = tabs.reset_tab("cart")
    assert transition.results == ("reset",)
    assert stack_changes(transition) == {"cart": {"removed": [5], "added": []}}
    assert tabs.selected_tab == "shop" and depths(tabs)["shop"] == 2
    assert stack_changes(tabs.reset_tab()) == {"shop": {"removed": [4], "added": []}}
    assert raws(tabs.stack) == [HOME]


def test_reset_all_is_logout(tabs: navcore.Navigator) -> None:
    tabs.push("product", id=1)
    tabs.select_tab("settings")
    tabs.push("subscription", plan="yearly")
    tabs.present("login")
    transition = tabs.reset_all()
    assert transition.results == ("reset",)
    assert transition.tab is not None and transition.tab.raw == {"before": "settings", "after": "shop"}
    assert (transition.tab.before, transition.tab.after) == ("settings", "shop")
    assert transition.dismissed == ("layer:6",)
    assert tabs.selected_tab == "shop" and tabs.presentations == ()
    assert tabs.state.tab_history == ()
    assert depths(tabs) == {"shop": 1, "cart": 1, "settings": 1}


def test_push_with_tab_and_policy(tabs: navcore.Navigator) -> None:
    transition = tabs.push("checkout", tab="cart")
    assert stack_changes(transition) == {"cart": {"removed": [], "added": [
        {"id": 4, "name": "checkout", "params": {}, "title": "Checkout"}]}}
    assert transition.stacks["cart"].added[0].title == "Checkout"
    assert tabs.active_stack == "shop"
    assert tabs.push("checkout", tab="cart").results == ("absorbed",)  # the route's single_top
    assert tabs.push("checkout", tab="cart", policy="allow").results == ("pushed",)
    tabs.push("product", id=1)
    tabs.push("product", id=2)
    moved = tabs.push("product", {"id": 1}, policy="bring_to_front")
    assert moved.results == ("moved",)
    assert moved.stacks["shop"].moved == (6,)
    replaced = tabs.push("product", id=9, policy="replace_top")
    assert replaced.results == ("replaced",)
    assert [entry.params["id"] for entry in tabs.stack[1:]] == [2, 9]


def test_push_policy_is_sent_only_when_given(tabs: navcore.Navigator) -> None:
    tabs.select_tab("cart")
    transition = tabs.apply([{"op": "push", "route": {"name": "checkout"}},
                             {"op": "push", "route": {"name": "checkout"}}])
    assert transition.results == ("pushed", "absorbed")
    assert tabs.push("checkout", policy=None).results == ("absorbed",)


def test_stack_methods_take_a_tab(tabs: navcore.Navigator) -> None:
    tabs.set_stack([("product", {"id": 1}), "checkout", ("product", {"id": 2})], tab="cart")
    assert names(tabs.state.stacks["cart"].entries) == ["cart", "product", "checkout", "product"]
    assert stack_changes(tabs.pop(tab="cart")) == {"cart": {"removed": [6], "added": []}}
    assert tabs.replace("order_confirmation", order=77, tab="cart").stacks["cart"].removed == (5,)
    assert tabs.pop_to(4, tab="cart").stacks["cart"].removed == (7,)
    tabs.push("checkout", tab="cart")
    assert tabs.pop_to(name="product", inclusive=True, tab="cart").stacks["cart"].removed == (4, 8)
    tabs.push("product", id=3, tab="cart")
    assert stack_changes(tabs.pop_to_root(tab="cart")) == {"cart": {"removed": [9], "added": []}}
    assert tabs.pop(2**40, tab="cart").changed is False
    assert raws(tabs.stack) == [HOME] and tabs.selected_tab == "shop"


def test_params_named_like_options_go_in_the_mapping() -> None:
    table = tabs_table()
    table["routes"]["filter"] = {"params": {"tab": "string", "policy": "string", "style": "string"},
                                 "title": "{tab}/{policy}/{style}"}
    with navcore.Navigator(table) as nav:
        nav.push("filter", {"tab": "new", "policy": "p", "style": "s"}, tab="settings", policy="single_top")
        assert nav.state.stacks["settings"].entries[-1].title == "new/p/s"
        nav.replace("filter", {"tab": "old", "policy": "q", "style": "t"}, tab="settings")
        assert nav.state.stacks["settings"].entries[-1].title == "old/q/t"
        nav.present("filter", {"tab": "a", "policy": "b", "style": "c"}, style="cover")
        assert nav.presentations[0].style == "cover"
        assert nav.stack[0].title == "a/b/c"


def test_present_and_dismiss(tabs: navcore.Navigator) -> None:
    transition = tabs.present("product", id=42)
    entry = {"id": 4, "name": "product", "params": {"id": 42}, "title": "Product 42"}
    assert json_equal(transition.raw["presented"], [{"stack": "layer:4", "style": "sheet"}])
    assert transition.presented == (navcore.Presented(stack="layer:4", style="sheet"),)
    assert transition.results == ("presented",)
    assert stack_changes(transition) == {"layer:4": {"removed": [], "added": [entry]}}
    assert tabs.active_stack == "layer:4" and raws(tabs.stack) == [entry]
    assert [layer.raw for layer in tabs.presentations] == [{"stack": "layer:4", "style": "sheet", "entries": [entry]}]
    assert isinstance(tabs.presentations[0], navcore.Layer)
    assert tabs.presentations[0].entries == (navcore.Entry(**entry),)
    tabs.push("signup")
    cover = tabs.present("login", style="cover")
    assert [presented.raw for presented in cover.presented] == [{"stack": "layer:6", "style": "cover"}]
    assert [layer.stack for layer in tabs.presentations] == ["layer:4", "layer:6"]
    top = tabs.dismiss()
    assert top.dismissed == ("layer:6",) and top.results == ("dismissed",)
    assert tabs.active_stack == "layer:4"
    tabs.present("login", {})
    every = tabs.dismiss(all=True)
    assert sorted(every.dismissed) == ["layer:4", "layer:7"]
    assert every.after.raw == {"stack": "shop", "top": HOME}
    assert every.after == navcore.Top(stack="shop", top=navcore.Entry(**HOME))
    assert tabs.presentations == ()


def test_present_params_mapping_and_keywords_merge(tabs: navcore.Navigator) -> None:
    tabs.present("search", {"q": "boots"})
    assert tabs.stack[0].title == "Search boots"
    with pytest.raises(TypeError, match="q"):
        tabs.present("search", {"q": "a"}, q="b")


def test_dismiss_with_nothing_presented_is_no_entry(tabs: navcore.Navigator) -> None:
    for call in (tabs.dismiss, lambda: tabs.dismiss(all=True)):
        with unchanged(tabs), pytest.raises(navcore.NoEntryError):
            call()


def test_unknown_style_is_an_action_error(tabs: navcore.Navigator) -> None:
    with unchanged(tabs), pytest.raises(navcore.ActionError) as info:
        tabs.present("login", style="popover")
    assert "popover" in info.value.message


def test_back_walks_out_and_says_each_step(tabs: navcore.Navigator) -> None:
    tabs.push("category", slug="shoes")
    tabs.select_tab("cart")
    tabs.present("login")
    tabs.push("signup")
    steps = []
    while True:
        transition = tabs.back()
        steps.append(transition.results[0])
        if transition.results == ("nothing",):
            assert transition.changed is False
            break
    assert steps == ["popped_presentation", "dismissed", "previous_tab", "popped", "nothing"]
    assert raws(tabs.stack) == [HOME] and tabs.selected_tab == "shop"


def test_select_in_a_split_view(split: navcore.Navigator) -> None:
    assert split.active_stack == "detail" and split.selected_tab is None
    split.push("message", id=10)
    transition = split.select("folder", name="work")
    folder = {"id": 3, "name": "folder", "params": {"name": "work"}, "title": "Folder work"}
    assert transition.results == ("selected",)
    assert stack_changes(transition) == {"detail": {"removed": [1, 2], "added": [folder]}}
    assert transition.after.top.title == "Folder work"
    split.push("compose")
    assert split.select("folder", {"name": "work"}).results == ("popped",)
    assert raws(split.stack) == [folder]
    assert split.state.layout == "split"


def test_select_outside_the_sidebar_or_without_split(split: navcore.Navigator, tabs: navcore.Navigator) -> None:
    with unchanged(split), pytest.raises(navcore.RouteError):
        split.select("message", id=1)
    with unchanged(tabs), pytest.raises(navcore.ActionError):
        tabs.select("home")


@pytest.mark.parametrize(
    "call",
    [
        lambda nav: nav.select_tab("profile"),
        lambda nav: nav.reset_tab("profile"),
        lambda nav: nav.push("product", id=1, tab="profile"),
        lambda nav: nav.pop(tab="profile"),
        lambda nav: nav.pop_to(1, tab="profile"),
        lambda nav: nav.pop_to_root(tab="profile"),
        lambda nav: nav.replace("product", id=1, tab="profile"),
        lambda nav: nav.set_stack([], tab="profile"),
    ],
    ids=["select_tab", "reset_tab", "push", "pop", "pop_to", "pop_to_root", "replace", "set_stack"],
)
def test_an_unknown_tab_is_a_tab_error(tabs: navcore.Navigator, call: Any) -> None:
    tabs.push("product", id=1)
    with unchanged(tabs), pytest.raises(navcore.UnknownTabError) as info:
        call(tabs)
    assert type(info.value) is navcore.UnknownTabError
    assert (info.value.code, info.value.status) == (-12, "NAVCORE_ETAB")
    assert "profile" in info.value.message


def test_tab_actions_without_tabs_are_tab_errors(nav: navcore.Navigator) -> None:
    for call in (lambda: nav.select_tab("main"), lambda: nav.reset_tab(), lambda: nav.push("checkout", tab="main")):
        with unchanged(nav), pytest.raises(navcore.UnknownTabError):
            call()


def test_a_tab_that_refuses_a_route_is_a_route_error_naming_it(tabs: navcore.Navigator) -> None:
    with unchanged(tabs), pytest.raises(navcore.RouteError) as info:
        tabs.push("settings", tab="cart")
    assert "cart" in info.value.message


def test_unknown_policy_is_an_action_error(tabs: navcore.Navigator) -> None:
    with unchanged(tabs), pytest.raises(navcore.ActionError) as info:
        tabs.push("checkout", policy="sometimes")
    assert "sometimes" in info.value.message


@pytest.mark.parametrize(
    "call",
    [
        lambda nav: nav.select_tab("sh\udcffop"),
        lambda nav: nav.select_tab("shop\0"),
        lambda nav: nav.present("log\ud800in"),
        lambda nav: nav.present("login", style="sheet\0"),
        lambda nav: nav.present("category", slug="\ud800"),
    ],
    ids=["lone surrogate tab", "NUL in tab", "lone surrogate route", "NUL in style", "lone surrogate param"],
)
def test_text_c_cannot_carry_is_refused(tabs: navcore.Navigator, call: Any) -> None:
    with unchanged(tabs), pytest.raises(navcore.InvalidArgumentError):
        call(tabs)


def test_a_tab_name_that_is_not_text_is_a_type_error(tabs: navcore.Navigator) -> None:
    with unchanged(tabs), pytest.raises(TypeError):
        tabs.select_tab(3)  # type: ignore[arg-type]


def test_new_methods_on_a_closed_navigator_raise_invalid_argument() -> None:
    nav = navcore.Navigator(SHOP_TABLE_PATH)
    nav.close()
    calls = [
        lambda: nav.select_tab("shop"),
        lambda: nav.reset_tab(),
        lambda: nav.reset_all(),
        lambda: nav.present("checkout"),
        lambda: nav.dismiss(),
        lambda: nav.back(),
        lambda: nav.select("home"),
        lambda: nav.push("checkout", tab="main"),
        lambda: nav.presentations,
        lambda: nav.selected_tab,
        lambda: nav.active_stack,
    ]
    for call in calls:
        with pytest.raises(navcore.InvalidArgumentError, match="closed"):
            call()


def test_listeners_see_tab_and_layer_changes(tabs: navcore.Navigator) -> None:
    seen: List[navcore.Transition] = []
    tabs.subscribe(seen.append)
    tabs.apply([{"op": "present", "route": {"name": "login"}}, {"op": "dismiss", "all": True},
                {"op": "select_tab", "tab": "cart"}, {"op": "push", "route": {"name": "checkout"}}])
    tabs.back()  # popped
    tabs.back()  # previous_tab
    tabs.back()  # nothing: not delivered
    assert all(isinstance(t, navcore.Transition) for t in seen)
    assert [t.results[-1] for t in seen] == ["pushed", "popped", "previous_tab"]
    assert seen[0].tab is not None and seen[0].tab.raw == {"before": "shop", "after": "cart"}
    assert seen[2].tab == navcore.TabChange(before="cart", after="shop")
    assert [t.seq for t in seen] == [1, 2, 3]
