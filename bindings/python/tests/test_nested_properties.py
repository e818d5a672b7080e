"""Property tests of the tree (docs/structure.md, "Nesting") over generated nested tables: random
walks of stack actions addressed by "stack" at any level, select_tab and select of nested
containers, presentations over the app or over one stack, dismissals and back. After every step
back_preview says what back does, the navigator's snapshot restores into a fresh navigator to
the same state document, and each tab and sidebar the view model lists is reached by the name it
gives; at the end of the walk its action log replays to the same state."""

from __future__ import annotations

import json
from typing import Any, Dict, Iterator, List, Tuple

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from support import scaled

import navcore

#: Plain routes every generated table has: roots, sidebar routes, and pushed screens.
PLAIN = ["home", "feed", "albums", "artists", "post", "blocked"]
#: The routes that may declare a layout, in an order no layout may go back in (so no cycle).
LAYOUT_ROUTES = ["hub", "panel", "shelf", "deck"]
#: Tab names of the generated layouts, unique within a layout.
TAB_NAMES = ["one", "two", "three"]


@st.composite
def nested_tables(draw: st.DrawFn) -> Dict[str, Any]:
    """A table whose layout routes hold tabs or a split view, their roots plain routes or later
    layout routes (so the layouts nest, up to four deep, without a cycle), under top-level tabs."""
    count = draw(st.integers(min_value=1, max_value=len(LAYOUT_ROUTES)))
    layouts = LAYOUT_ROUTES[:count]
    routes: Dict[str, Any] = {name: {"title": name.capitalize()} for name in PLAIN}
    routes["post"]["params"] = {"id": "int"}
    for index, name in enumerate(layouts):
        roots = ["home", "feed"] + layouts[index + 1:]
        if draw(st.booleans()):
            tabs = [{"name": tab, "root": draw(st.sampled_from(roots))}
                    for tab in TAB_NAMES[:draw(st.integers(min_value=2, max_value=3))]]
            options = {"reselect_pops_to_root": draw(st.booleans()), "reset_on_leave": draw(st.booleans()),
                       **draw(st.sampled_from([{}, {"back_to_previous_tab": False}] +
                                              [{"back_at_tab_root": choice} for choice in ("previous_tab", "first_tab", "none")]))}
            layout: Dict[str, Any] = {"tabs": tabs, "options": options}
        else:
            layout = {"root": "albums", "split": {"sidebar": ["albums", "artists"]}}
        routes[name] = {"title": name.capitalize(), "layout": layout}
    # The first tab sometimes has the short name of a layout's tab (docs/structure.md, "Addressing").
    tabs = [{"name": draw(st.sampled_from(["start", TAB_NAMES[0]])), "root": draw(st.sampled_from(layouts))},
            {"name": "side", "root": draw(st.sampled_from(["home"] + layouts))}]
    return {"navcore": 1, "routes": routes, "tabs": tabs}


def every_stack(stacks: Dict[str, Any], presentations: List[Any]) -> Iterator[Tuple[str, Dict[str, Any]]]:
    """Each stack (by name) and presentation of a state document with its name, then every stack
    inside it: those of the containers its entries hold and of the presentations over it."""
    for name, stack in list(stacks.items()) + [(layer["stack"], layer) for layer in presentations]:
        yield name, stack
        for entry in stack["entries"]:
            yield from every_stack(entry.get("container", {}).get("stacks", {}), [])
        yield from every_stack({}, stack.get("presentations", []))


@st.composite
def nested_action(draw: st.DrawFn, state: Dict[str, Any]) -> Dict[str, Any]:
    """One action on the state's tree: often addressed by one of its stack names or entry ids."""
    stacks = list(every_stack(state["stacks"], state["presentations"]))
    names = [name for name, _ in stacks]
    ids = [entry["id"] for _, stack in stacks for entry in stack["entries"]]
    address = draw(st.one_of(st.none(), st.sampled_from(names), st.sampled_from(ids)))
    route = draw(st.one_of(st.builds(lambda i: {"name": "post", "params": {"id": i}}, st.integers(1, 3)),
                           st.sampled_from([{"name": "blocked"}] + [{"name": name} for name in LAYOUT_ROUTES])))
    tab = draw(st.sampled_from(TAB_NAMES + ["start", "side"] + [name for name in names if "/" in name]))
    action = draw(st.sampled_from([
        {"op": "push", "route": route}, {"op": "push", "route": route}, {"op": "pop"}, {"op": "pop_to_root"},
        {"op": "replace", "route": route}, {"op": "set_stack", "routes": [route]},
        {"op": "select_tab", "tab": tab}, {"op": "select_tab", "tab": tab}, {"op": "reset_tab"},
        {"op": "select", "route": {"name": draw(st.sampled_from(["albums", "artists"]))}},
        {"op": "set_compact", "value": draw(st.booleans())},
        {"op": "present", "route": route}, {"op": "present", "route": route}, {"op": "dismiss"},
        {"op": "set_blocker", "id": draw(st.sampled_from(ids)), "reason": "Unsaved"},
    ]))
    if address is not None:
        action = dict(action, stack=address)
    return action


def check_back_preview(nav: navcore.Navigator) -> None:
    """back does what back_preview said: its one result and the screen it shows; when the preview
    names a blocker, back raises BlockedError for that entry and changes nothing, and its token
    proceeds."""
    preview = nav.back_preview()
    if preview.blocked is not None:
        event("back held by a blocker")
        before = nav.state_json
        try:
            nav.back()
        except navcore.BlockedError as held:
            assert held.blocked is not None and held.blocked.entry == preview.blocked.entry, (preview, held)
            assert nav.state_json == before
            transition = nav.proceed(held)
        else:
            raise AssertionError(f"back went through a blocker: {preview}")
    else:
        transition = nav.back()
    assert transition.results == (preview.result,), (preview, transition)
    assert transition.after == preview.after, (preview, transition)


def check_snapshot_restores(nav: navcore.Navigator, table: Dict[str, Any]) -> None:
    """The snapshot restores into a fresh navigator of the same table to the same state document."""
    with navcore.Navigator(table) as fresh:
        report = fresh.restore(nav.snapshot())
        assert report.dropped == () and report.restarted == (), report
        assert json.loads(fresh.state_json) == json.loads(nav.state_json)


def check_listed_names_reach(nav: navcore.Navigator, table: Dict[str, Any]) -> None:
    """Each tab the view model lists (the table's and every container's) is selected by
    select_tab with the name it lists, and each container's sidebar chooses by select with
    "stack": "<name>/detail" (docs/shells.md): each on a fresh navigator restored to this state."""
    view = nav.view_model().raw
    bars = [("", tab) for tab in view.get("tabs") or []]
    bars += [(container["name"], tab) for container in view.get("containers", []) for tab in container.get("tabs", [])]
    sidebars = [container for container in view.get("containers", []) if "sidebar" in container]
    snapshot = nav.snapshot()
    for owner, tab in bars:
        if tab["locked"]:
            continue
        with navcore.Navigator(table) as fresh:
            fresh.restore(snapshot)
            try:
                fresh.apply({"op": "select_tab", "tab": tab["name"]})
            except navcore.BlockedError:
                continue
            after = fresh.view_model().raw
            listed = after.get("tabs") or [] if owner == "" else next(
                c["tabs"] for c in after["containers"] if c["name"] == owner)
            assert any(t["name"] == tab["name"] and t["selected"] for t in listed), (owner, tab["name"], listed)
            if owner == "" and any(c["name"] + "/" + tab["name"] in [t["name"] for t in c.get("tabs", [])]
                                   for c in view.get("containers", [])):
                event("a table's tab has the short name of a listed container's tab")
    for container in sidebars:
        chosen = container["sidebar"]["items"][-1]["name"]
        with navcore.Navigator(table) as fresh:
            fresh.restore(snapshot)
            try:
                fresh.apply({"op": "select", "route": {"name": chosen}, "stack": container["name"] + "/detail"})
            except navcore.BlockedError:
                continue
            after = fresh.view_model().raw
            listed = next(c for c in after["containers"] if c["name"] == container["name"])
            assert listed["sidebar"]["selected"] == chosen, (container["name"], chosen, listed)


@settings(max_examples=scaled(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(nested_tables(), st.data())
def test_random_walks_on_nested_tables_keep_the_laws(table: Dict[str, Any], data: st.DataObject) -> None:
    with navcore.Navigator(table) as nav:
        nav.record()
        for _ in range(data.draw(st.integers(min_value=1, max_value=25), label="steps")):
            if data.draw(st.integers(0, 3), label="back?") == 0:
                check_back_preview(nav)
            else:
                action = data.draw(nested_action(json.loads(nav.state_json)), label="action")
                try:
                    nav.apply(action)
                except (navcore.ActionError, navcore.RouteError, navcore.NoEntryError, navcore.UnknownTabError,
                        navcore.LimitError, navcore.BlockedError):
                    pass
            check_snapshot_restores(nav, table)
            check_listed_names_reach(nav, table)
        with navcore.Navigator(table) as fresh:
            fresh.replay(nav.log)
            assert fresh.state_json == nav.state_json
