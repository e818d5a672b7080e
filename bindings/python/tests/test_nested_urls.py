"""stack_url over the tree (docs/links.md, "URLs of stacks in the tree") through the binding: the
round-trip law as a hypothesis property over generated nested tables (tabs holding tabs and a
split view, a sheet with tabs and a plain layer whose routes take params, parents that reach the
roots and the sidebar, whose second route may take params): a link into any of their stacks,
opened with values of every Unicode category; stack_url of the state it leaves, opened on a
navigator as it starts, gives the same active path (its static path: the layer's route name for
``layer:<id>``) and the same routes, the layer's route included."""

from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Tuple
from urllib.parse import quote

from hypothesis import given
from hypothesis import strategies as st
from test_links import CHARACTER, LAW, TYPES, UUIDS, is_required, values_of

import navcore

TARGETS = ["t0", "t1", "t1/a", "t1/b", "t2", "t2/detail", "sheet", "sheet/x", "sheet/y", "modal"]
#: Text of every category but the C0 controls and DEL, which no URL carries (test_links.py proves
#: that actions refuse them).
URL_TEXT = st.text(alphabet=CHARACTER.filter(lambda c: ord(c) >= 0x20 and ord(c) != 0x7F), min_size=1, max_size=12)


@st.composite
def nested_tables(draw: Any) -> Tuple[Dict[str, Any], Dict[str, Any]]:
    """A nested table, and the type of each param name."""
    types = {name: draw(st.sampled_from(TYPES)) for name in "abck"}

    def spec(name: str) -> Any:
        kind = types[name]
        presence = draw(st.sampled_from(["required", "optional", "default"]))
        if presence == "required":
            return kind
        spec = dict(kind) if isinstance(kind, dict) else {"type": kind}
        if presence == "optional":
            return dict(spec, optional=True)
        return dict(spec, default=draw(values_of(kind, URL_TEXT)))

    routes: Dict[str, Any] = {
        "home": {}, "ra": {}, "rb": {}, "rx": {}, "ry": {}, "s0": {},
        # A sidebar route that may take params: each instance is a sidebar item.
        "s1": {"params": {"c": spec("c")} if draw(st.booleans()) else {}},
        "box": {"layout": {"tabs": [{"name": "a", "root": "ra"}, {"name": "b", "root": "rb"}]}},
        "lib": {"layout": {"root": "s0", "split": {"sidebar": ["s0", "s1"]}}},
        "sheet": {"params": {"k": spec("k")}, "layout": {"tabs": [{"name": "x", "root": "rx"}, {"name": "y", "root": "ry"}]}},
        "modal": {"params": {"k": spec("k")} if draw(st.booleans()) else {}},
    }
    for index in range(6):
        route: Dict[str, Any] = {"params": {name: spec(name) for name in draw(st.lists(st.sampled_from("abc"), unique=True))}}
        parent = draw(st.sampled_from([None, "ra", "rx", "s1", "rb"] + [f"r{j}" for j in range(index)]))
        routes[f"r{index}"] = dict(route, parent=parent) if parent else route
    links: List[Dict[str, Any]] = []
    for index in range(8):
        target = draw(st.sampled_from(TARGETS))
        stack = draw(st.sampled_from([[]] + [[f"r{i}"] for i in range(6)]))
        # Every route the link gives values to: its parents (whose roots declare none), the layer's route.
        chain = list(stack)
        while chain and "parent" in routes[chain[0]]:
            chain.insert(0, routes[chain[0]]["parent"])
        chain.append(target.split("/")[0])
        names = sorted({name for route in chain for name in routes.get(route, {}).get("params", {})})
        in_path = {name: draw(st.booleans()) for name in names}
        path = "".join(f"/{{{n}}}" for n in names if in_path[n])
        query = "&".join(f"{n}={{{n}}}" for n in names if not in_path[n])
        links.append({"url": f"app://h/l{index}{path}" + (f"?{query}" if query else ""), "stack": stack, "into": target})
    tabs = [{"name": "t0", "root": "home"}, {"name": "t1", "root": "box"}, {"name": "t2", "root": "lib"}]
    return {"navcore": 1, "routes": routes, "links": links, "tabs": tabs}, types


def text(value: Any) -> str:
    """A value as a URL writes it."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def opened_url(table: Dict[str, Any], types: Dict[str, Any], link: Dict[str, Any], data: st.DataObject) -> str:
    """A URL of ``link`` with drawn values: every path placeholder, the query ones some route
    requires, and some others."""
    url, _, query = link["url"].partition("?")
    required = {name for route in table["routes"].values() for name, spec in route.get("params", {}).items() if is_required(spec)}
    url = re.sub(r"\{(\w+)\}", lambda m: quote(text(data.draw(values_of(types[m.group(1)], URL_TEXT))), safe=""), url)
    items = [item.split("=")[0] for item in query.split("&") if item]
    given_items = [f"{n}={quote(text(data.draw(values_of(types[n], URL_TEXT))), safe='')}" for n in items
                   if n in required or data.draw(st.booleans())]
    return url + ("?" + "&".join(given_items) if given_items else "")


def active_path(nav: navcore.Navigator) -> Tuple[str, Optional[navcore.Route], List[navcore.Route]]:
    """The active stack's static path, the route of the layer it is in, and its routes."""
    state = nav.state
    name, layer = state.active_stack, None
    if name.startswith("layer:"):
        root = state.presentations[-1].entries[0]
        layer = navcore.Route(root.name, root.params)
        name = re.sub(r"^layer:\d+", root.name, name)
    return name, layer, [navcore.Route(entry.name, entry.params) for entry in nav.stack]


@LAW
@given(data=st.data())
def test_stack_url_then_open_url_gives_the_same_path_on_generated_nested_tables(data: st.DataObject) -> None:
    table, types = data.draw(nested_tables(), "table")
    link = data.draw(st.sampled_from(table["links"]), "link")
    url = opened_url(table, types, link, data)
    with navcore.Navigator(table) as nav, navcore.Navigator(table) as other:
        nav.open_url(url, mode="replace")
        shared = nav.stack_url()
        assert shared.isascii() and shared.isprintable()
        other.open_url(shared, mode="replace")
        assert "@" not in nav.state.active_stack
        assert active_path(other) == active_path(nav), (url, shared)
