"""Links through the binding: open_url and its modes, resolve_url, url_for, stack_url, the match
step, bad URLs, and the round-trip law as a hypothesis property."""

from __future__ import annotations

import json
import re
from typing import Any, Dict, Iterator, List, Optional, Tuple

import doc_examples
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import TABLES, scaled, unchanged, validate

import navcore

LINKS_TABLE_PATH = TABLES / "links.json"
LINKS_TABLE: Dict[str, Any] = json.loads(LINKS_TABLE_PATH.read_text(encoding="utf-8"))


@pytest.fixture
def links() -> Iterator[navcore.Navigator]:
    """A fresh navigator over the links table (Tests/vectors/tables/links.json)."""
    with navcore.Navigator(LINKS_TABLE_PATH) as navigator:
        yield navigator


def names(nav: navcore.Navigator) -> List[str]:
    """The route names of the active stack, root first."""
    return [entry.name for entry in nav.stack]


def test_open_url_builds_the_back_stack_and_says_why(links: navcore.Navigator) -> None:
    transition = links.open_url("myapp://users/42/edit")
    assert names(links) == ["home", "userList", "userDetail", "userEdit"]
    assert transition.cause.raw == {"source": "url", "url": "myapp://users/42/edit",
                                    "link": "myapp://users/{id}/edit", "mode": "replace"}
    cause = transition.cause
    assert (cause.source, cause.url, cause.link, cause.mode, cause.ops) == (
        "url", "myapp://users/42/edit", "myapp://users/{id}/edit", "replace", None)
    assert transition.results == ("opened",)
    assert transition.after.top.title == "Edit user 42"
    assert [entry.name for entry in transition.stacks["main"].added] == ["userList", "userDetail", "userEdit"]


def test_open_url_modes(links: navcore.Navigator) -> None:
    links.push("category", slug="shoes")
    links.open_url("myapp://product/5", mode="replace")
    assert names(links) == ["home", "product"]
    links.open_url("myapp://product/5", mode="push")
    links.open_url("myapp://product/5")  # the link declares push
    assert [entry.id for entry in links.stack] == [1, 3, 4, 5]
    transition = links.open_url("https://shop.example.com/product/5")  # no declared mode: replace
    assert transition.cause.mode == "replace" and transition.stacks["main"].removed == (4, 5)
    assert transition.after.top.id == 3 and transition.stacks["main"].added == ()
    with pytest.raises(navcore.ActionError, match=r"actions\[0\]\.mode: unknown mode \"sideways\""):
        links.open_url("myapp://product/5", mode="sideways")


def test_no_match_raises_and_changes_nothing(links: navcore.Navigator) -> None:
    links.push("checkout")
    with unchanged(links), pytest.raises(navcore.NoMatchError) as info:
        links.open_url("https://shop.example.org/product/1")
    assert info.value.status == "NAVCORE_ENOMATCH" and info.value.code == -11
    assert 'no link has the scheme and host "https://shop.example.org" (did you mean "https://shop.example.com"?)' in info.value.message
    with unchanged(links), pytest.raises(navcore.NoMatchError, match=r"closest is \"myapp://users/\{id\}/edit\""):
        links.resolve_url("myapp://users/abc/edit")


@pytest.mark.parametrize(
    "url, message",
    [
        ("", "the URL is empty"),
        ("users/42", "a relative URL"),
        ("myapp://users/%zz", "malformed percent-escape"),
        ("myapp://users/%C3", "does not decode to UTF-8"),
        ("myapp://users/4\x012", "control character U+0001"),
        ("myapp://users/\x7f", "control character U+007F"),
        ("myapp://users/a b", "must be percent-encoded"),
        ("myapp://category/%00", "decodes to control character U+0000"),
    ],
)
def test_bad_urls_are_no_match_errors(links: navcore.Navigator, url: str, message: str) -> None:
    with unchanged(links):
        with pytest.raises(navcore.NoMatchError, match=re.escape(message)):
            links.resolve_url(url)
        with pytest.raises(navcore.NoMatchError, match=re.escape(message)):
            links.open_url(url, mode="push")


@pytest.mark.parametrize("size", [navcore.MAX_URL_BYTES + 1, navcore.MAX_BATCH_BYTES + 1])
def test_a_url_over_its_limit_is_a_limit_error_through_every_call(links: navcore.Navigator, size: int) -> None:
    url = "myapp://category/" + "a" * (size - len("myapp://category/"))
    over = f"a URL of {size} bytes is over the 262144-byte limit"
    with unchanged(links):
        with pytest.raises(navcore.LimitError, match=re.escape(over)) as info:
            links.resolve_url(url)
        assert info.value.path == "url"
        for mode in (None, "replace", "push"):
            with pytest.raises(navcore.LimitError, match=re.escape(over)) as info:
                links.open_url(url, mode=mode, dismiss=mode == "push")
            assert info.value.path == "actions[0].url"
        with pytest.raises(navcore.LimitError, match=re.escape(over) if size < navcore.MAX_BATCH_BYTES else "actions_json"):
            links.apply({"op": "open_url", "url": url})


def test_open_url_with_dismiss_shows_the_link_whatever_is_presented(links: navcore.Navigator) -> None:
    alone = links.open_url("myapp://users/42/edit", dismiss=True)
    assert alone.results == ("opened",) and alone.dismissed == ()
    links.present("home")
    links.present("home")
    opened = links.open_url("myapp://users/7/edit", dismiss=True)
    assert len(opened.dismissed) == 2 and links.state.presentations == ()
    assert [entry.name for entry in links.stack] == ["home", "userList", "userDetail", "userEdit"]
    with pytest.raises(navcore.ActionError, match=r"actions\[0\]\.dismiss: expected bool"):
        links.open_url("myapp://users/7/edit", dismiss="yes")  # type: ignore[arg-type]


def test_a_nul_or_a_lone_surrogate_never_reaches_the_library(links: navcore.Navigator) -> None:
    with pytest.raises(navcore.InvalidArgumentError, match="NUL"):
        links.open_url("myapp://users/4\x002")
    with pytest.raises(navcore.InvalidArgumentError, match="surrogate"):
        links.resolve_url("myapp://category/\ud800")


def outcome_of(call: Any) -> Tuple[str, Any]:
    """What a call gives: ("ok", its value) or ("error", its class, message, status and path)."""
    try:
        return "ok", call()
    except Exception as error:  # compared, whatever it is
        return "error", (type(error), str(error), getattr(error, "status", None), getattr(error, "path", None))


@pytest.mark.parametrize("url", ["myapp://users/42", "myapp://users/4\x002", b"myapp://users/4\x002", "myapp://category/\ud800",
                                 b"myapp://category/\xff", "myapp://category/caf\u00e9", b"myapp://users/42", "",
                                 "myapp://nowhere", 42, None, bytearray(b"myapp://users/42")],
                         ids=["str", "NUL", "NUL bytes", "lone surrogate", "bytes not UTF-8", "non-ASCII", "bytes", "empty",
                              "no link", "int", "None", "bytearray"])
def test_resolve_url_checks_its_text_as_every_call_does(links: navcore.Navigator, url: Any) -> None:
    """resolve_url's own path (navcore._handle.Handle.document, which spares a str its encode()
    call) gives what encode(), the C call and take_json give: the same document, or the same error."""
    from ctypes import c_void_p

    from navcore._library import LIB
    from navcore._marshal import encode, take_json

    def through_the_general_path() -> navcore.Resolution:
        out = c_void_p()
        links._handle.call(LIB.navcore_resolve_url, encode(url, "url"), out)
        return navcore.Resolution.from_json(take_json(out))

    expected, resolved = outcome_of(through_the_general_path), outcome_of(lambda: links.resolve_url(url))
    assert resolved == expected
    if resolved[0] == "ok":
        assert resolved[1].raw == expected[1].raw and type(resolved[1].raw) is dict


def test_resolve_url_on_a_closed_navigator_is_an_invalid_argument(links: navcore.Navigator) -> None:
    links.close()
    with pytest.raises(navcore.InvalidArgumentError, match="the navigator is closed") as info:
        links.resolve_url("myapp://users/42")
    assert info.value.status == "NAVCORE_EINVAL"
    with pytest.raises(navcore.InvalidArgumentError, match="NUL"):  # the text is judged first, as before
        links.resolve_url("myapp://users/4\x002")


def test_resolve_url_reports_without_navigating(links: navcore.Navigator) -> None:
    with unchanged(links):
        resolution = links.resolve_url("https://Shop.Example.com/settings/subscription?plan=bogus#top")
    assert resolution.raw == {
        "navcore": 1, "link": "https://shop.example.com/settings/subscription?plan={plan}", "mode": "replace",
        "routes": [{"name": "settings", "params": {}}, {"name": "subscription", "params": {"plan": "monthly"}}]}
    validate("resolution", resolution.raw)
    assert resolution.link == "https://shop.example.com/settings/subscription?plan={plan}" and resolution.mode == "replace"
    assert resolution.routes == (navcore.Route("settings", {}), navcore.Route("subscription", {"plan": "monthly"}))
    assert resolution.tab is None and resolution.reason is None
    assert links.resolve_url("myapp://category/caf%C3%A9%20%E2%98%95").routes == (
        navcore.Route("category", {"slug": "café ☕"}),)
    assert links.resolve_url("myapp://search?q=red+shoes").routes == (
        navcore.Route("search", {"q": "red shoes", "page": 1}),)


def test_not_found_route_is_shown_instead_of_the_error() -> None:
    table = dict(LINKS_TABLE, not_found="checkout")
    with navcore.Navigator(table) as nav:
        resolution = nav.resolve_url("myapp://nowhere")
        assert resolution.link is None and resolution.routes == (navcore.Route("checkout", {}),)
        assert resolution.reason is not None and "no link has the scheme and host" in resolution.reason
        validate("resolution", resolution.raw)
        transition = nav.open_url("myapp://nowhere", mode="push")
        assert "link" in transition.cause.raw and transition.cause.link is None and names(nav) == ["home", "checkout"]
        assert transition.cause.reason == resolution.reason and transition.cause.mode == "push"


SAFE = st.text(alphabet="abcxyz019-._~", min_size=1, max_size=6)
WELL_FORMED = st.builds(lambda scheme, host, segments: f"{scheme}://{host}/" + "/".join(segments),
                        st.sampled_from(["myapp", "https", "zz"]), st.sampled_from(["nowhere", "users", "shop.example.com"]),
                        st.lists(SAFE, max_size=3))
NO_URL = st.one_of(st.just(""), st.builds("/".join, st.lists(SAFE, min_size=1, max_size=3)),
                   st.builds(lambda path: "/" + path, SAFE),
                   st.builds(lambda url, bad: url + "/a" + bad, WELL_FORMED, st.sampled_from(["%zz", "%4", "%FF", "%", "%C3"])))


@settings(max_examples=scaled(150), deadline=None, derandomize=True)
@given(st.one_of(st.tuples(st.just(True), WELL_FORMED), st.tuples(st.just(False), NO_URL)))
def test_not_found_catches_well_formed_urls_only(case: Any) -> None:
    well_formed, url = case
    with navcore.Navigator(LINKS_TABLE) as plain, navcore.Navigator(dict(LINKS_TABLE, not_found="checkout")) as caught:
        try:
            routes = plain.resolve_url(url).routes
        except navcore.NoMatchError as error:
            if well_formed:
                resolution = caught.resolve_url(url)
                assert resolution.link is None and resolution.routes == (navcore.Route("checkout", {}),)
                assert f"url: {resolution.reason}" == error.message
            else:
                with unchanged(caught), pytest.raises(navcore.NoMatchError) as refused:
                    caught.open_url(url)
                assert refused.value.message == f"actions[0].{error.message}" or refused.value.message == error.message
                assert " is refused: " in error.message and error.path == "url"
        else:
            assert well_formed and caught.resolve_url(url).routes == routes


def test_url_for_and_stack_url(links: navcore.Navigator) -> None:
    assert links.url_for("userEdit", id=42) == "myapp://users/42/edit"
    assert links.url_for("subscription", {"plan": "yearly"}) == "myapp://settings/subscription?plan=yearly"
    assert links.url_for("subscription") == "myapp://settings/subscription"
    assert links.url_for("search", q="a b+c", page=2) == "myapp://search?q=a%20b%2Bc&page=2"
    with pytest.raises(navcore.NoMatchError, match='no link produces route "checkout"'):
        links.url_for("checkout")
    with pytest.raises(navcore.RouteError, match=r"route\.name: unknown route"):
        links.url_for("prodcut", id=1)
    with pytest.raises(navcore.ParamsError, match=r"route\.params\.id: expected int, got string"):
        links.url_for("product", id="1")
    assert links.stack_url() == "myapp://home"
    links.open_url("https://shop.example.com/settings/subscription?plan=yearly")
    assert links.stack_url() == "myapp://settings/subscription?plan=yearly"
    links.push("checkout")
    with pytest.raises(navcore.NoMatchError):
        links.stack_url()


def test_match_segments_is_the_matching_step_alone(links: navcore.Navigator) -> None:
    assert links.match_segments("myapp", "users", ["42", "edit"]) == 6
    assert links.match_segments("HTTPS", "WWW.shop.example.com", ["product", "7"]) == 1
    assert links.match_segments("myapp", "home", []) == 13
    with pytest.raises(navcore.NoMatchError, match="is not an int"):
        links.match_segments("myapp", "users", ["x"])


def test_transitions_of_open_url_are_valid_documents(links: navcore.Navigator) -> None:
    for url, mode in [("myapp://users/1/edit", None), ("myapp://product/2", "push"), ("myapp://home", "replace")]:
        transition = links.open_url(url, mode=mode)
        validate("transition", transition.raw)
        assert transition.cause.source == "url" and transition.cause.url == url


def test_listeners_receive_the_url_cause(links: navcore.Navigator) -> None:
    seen: List[navcore.Transition] = []
    links.subscribe(seen.append)
    returned = links.open_url("myapp://settings/privacy")
    assert [t.cause.source for t in seen] == ["url"]
    assert seen[0] == returned and seen[0].cause.url == "myapp://settings/privacy"


# -- the round-trip law -------------------------------------------------------------------------

#: Every Unicode general category but Cs (a surrogate is no text): each is drawn as often as the
#: others, so that controls, marks, private use and unassigned code points come up.
CATEGORIES = ["Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe", "Pi",
              "Pf", "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Co", "Cn"]
CHARACTER = st.sampled_from(CATEGORIES).flatmap(lambda category: st.characters(categories=[category]))
TEXT = st.text(alphabet=CHARACTER, min_size=1, max_size=12)
UUIDS = st.uuids().map(lambda u: str(u).upper())
#: The law's runs are derandomized (conftest.py) in make test: a failure prints its example and the blob that reproduces it.
LAW = settings(max_examples=scaled(300), deadline=None, print_blob=True, database=None,
               suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def has_control(value: Any) -> bool:
    """Whether a value (a string, or the values of a dict) holds a C0 control or DEL, which no
    string param may hold (docs/links.md)."""
    if isinstance(value, dict):
        return any(has_control(v) for v in value.values())
    return isinstance(value, str) and any(ord(c) < 0x20 or ord(c) == 0x7F for c in value)


def control_error(params: Dict[str, Any]) -> Tuple[Any, str]:
    """The error, and a pattern of its message, that params holding a control character raise.
    U+0000 never reaches the params check: JSON text holding it is refused first (docs/json.md)."""
    if any(isinstance(value, str) and "\x00" in value for value in params.values()):
        return navcore.JSONError, "is not allowed"
    return navcore.ParamsError, "a string param cannot hold one"


def param_strategy(spec: Any) -> Optional[st.SearchStrategy[Any]]:
    """Values of a param spec of the links table."""
    kind = spec if isinstance(spec, str) else spec.get("type")
    if isinstance(spec, dict) and "enum" in spec:
        return st.sampled_from(spec["enum"])
    return {"string": TEXT, "int": st.integers(min_value=-(2**63), max_value=2**63 - 1), "bool": st.booleans(),
            "uuid": UUIDS}.get(kind)


def route_strategy() -> st.SearchStrategy[Dict[str, Any]]:
    """A route of a route some link produces, with params of every declared type."""
    produced = sorted({link["stack"][-1] for link in LINKS_TABLE["links"] if link["stack"]})

    def with_params(name: str) -> st.SearchStrategy[Dict[str, Any]]:
        specs = LINKS_TABLE["routes"][name].get("params", {})
        required = {key: param_strategy(spec) for key, spec in specs.items()
                    if isinstance(spec, str) or not ({"default", "optional"} & set(spec))}
        optional = {key: param_strategy(spec) for key, spec in specs.items() if key not in required}
        return st.fixed_dictionaries(required, optional=optional).map(lambda params: {"name": name, "params": params})

    return st.sampled_from(produced).flatmap(with_params)


@LAW
@given(route=route_strategy())
def test_url_for_then_resolve_gives_back_the_route(links: navcore.Navigator, route: Dict[str, Any]) -> None:
    if has_control(route["params"]):
        error, message = control_error(route["params"])
        with unchanged(links), pytest.raises(error, match=message):
            links.push(route["name"], route["params"])
        with pytest.raises(error, match=message):
            links.url_for(route["name"], route["params"])
        return
    canonical = links.push(route["name"], route["params"]).after.top  # defaults filled, UUIDs lower-case
    links.pop()
    url = links.url_for(route["name"], route["params"])
    assert url.isascii() and url.isprintable()
    resolved = links.resolve_url(url)
    assert resolved.routes[-1] == navcore.Route(canonical.name, canonical.params)
    assert links.url_for(route["name"], canonical.params) == url
    assert links.open_url(url, mode="push").after.top.params == canonical.params


def test_the_vectors_links_table_is_the_docs_one_with_more_routes_and_links_and_no_not_found() -> None:
    """What docs/links.md says of Tests/vectors/tables/links.json, checked."""
    documented = doc_examples.table("links.md", "links")
    assert set(documented) - set(LINKS_TABLE) == {"not_found"}
    routes = {name: route for name, route in documented["routes"].items() if name != documented["not_found"]}
    assert routes.items() < LINKS_TABLE["routes"].items()
    assert all(link in LINKS_TABLE["links"] for link in documented["links"])
    assert len(documented["links"]) < len(LINKS_TABLE["links"])


def test_the_example_of_docs_links_md_does_what_it_says() -> None:
    text = (doc_examples.DOCS / "links.md").read_text(encoding="utf-8")
    table = doc_examples.table("links.md", "links")
    validate("route-table", table)
    with navcore.Navigator(table) as nav:
        assert [r.name for r in nav.resolve_url("myapp://users/42/edit").routes] == ["userList", "userDetail", "userEdit"]
        nav.push("category", slug="shoes")
        nav.open_url("myapp://product/5", mode="push")
        assert names(nav) == ["home", "category", "product"]
        nav.open_url("https://shop.example.com/product/5")
        assert names(nav) == ["home", "product"]
        assert nav.url_for("subscription", plan="yearly") == "myapp://settings/subscription?plan=yearly"
        assert nav.url_for("subscription") == "myapp://settings/subscription"
        assert nav.resolve_url("myapp://settings/subscription?plan=bogus").routes[-1].params == {"plan": "monthly"}
        assert nav.open_url("myapp://nowhere").after.top.name == "notFound"
        for line in re.findall(r"^(?:actions\[0\]\.)?url: (no link matches .*)$", text, re.M):
            url = re.match(r'no link matches "(.*?)": ', line).group(1)  # type: ignore[union-attr]
            assert nav.resolve_url(url).reason == line


# -- the law on generated tables: tabs, parents, defaults, root links -------------------------------

TYPES: List[Any] = ["string", "int", "bool", "uuid", {"enum": ["red", "green", "0"]}, {"enum": ["x y", "é"]}]
TABS = [{"name": "shop", "root": "home"}, {"name": "me", "root": "me"}, {"name": "cart", "root": "cart"}]


def values_of(kind: Any, text: st.SearchStrategy[str] = TEXT) -> st.SearchStrategy[Any]:
    """Values of a param type; strings from `text`."""
    if isinstance(kind, dict):
        return st.sampled_from(kind["enum"])
    return {"string": text, "int": st.integers(min_value=-(2**63), max_value=2**63 - 1), "bool": st.booleans(),
            "uuid": UUIDS}[kind]


@st.composite
def tables(draw: Any) -> Dict[str, Any]:
    """A route table: one stack or three tabs, routes whose params share a type by name and are
    required, optional or defaulted, parents, and links (some naming a tab, some with an empty
    stack) that bind every param of their routes in the path or the query."""
    types = {name: draw(st.sampled_from(TYPES)) for name in "abcd"}
    routes: Dict[str, Any] = {"home": {}, "me": {}, "cart": {}}
    for index in range(6):
        params: Dict[str, Any] = {}
        for name in draw(st.lists(st.sampled_from("abcd"), unique=True, max_size=3)):
            kind = types[name]
            spec = dict(kind) if isinstance(kind, dict) else {"type": kind}
            presence = draw(st.sampled_from(["required", "optional", "default"]))
            if presence == "optional":
                spec["optional"] = True
            elif presence == "default":
                spec["default"] = draw(values_of(kind, st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=4)))
            params[name] = kind if presence == "required" else spec
        routes[f"r{index}"] = {"params": params}
        if index and draw(st.booleans()):
            routes[f"r{index}"]["parent"] = f"r{draw(st.integers(0, index - 1))}"
    tabbed = draw(st.booleans())
    links: List[Dict[str, Any]] = []
    for index in range(6):
        chain = route_chain(routes, f"r{index}")
        bound = sorted({param for name in chain for param in routes[name]["params"]})
        in_path = [draw(st.booleans()) for _ in bound]
        path = "/".join([f"r{index}"] + ["{%s}" % p for p, here in zip(bound, in_path) if here])
        query = "&".join(f"{p}={{{p}}}" for p, here in zip(bound, in_path) if not here)
        link: Dict[str, Any] = {"url": f"app://host/{path}" + (f"?{query}" if query else ""), "stack": [f"r{index}"]}
        tab = draw(st.sampled_from([None, "shop", "me", "cart"])) if tabbed else None
        links.append(dict(link, tab=tab) if tab else link)
    for tab in ["shop", "me", "cart"] if tabbed else [None]:
        if draw(st.booleans()):
            links.append({"url": f"app://root-{tab or 'main'}", "stack": [], **({"tab": tab} if tab else {})})
    table: Dict[str, Any] = {"navcore": 1, "routes": routes, "links": draw(st.permutations(links))}
    return dict(table, tabs=TABS) if tabbed else dict(table, root="home")


def route_chain(routes: Dict[str, Any], name: str) -> List[str]:
    """A route's parents, farthest first, then the route: the routes a link to it resolves to."""
    chain = [name]
    while "parent" in routes[chain[0]]:
        chain.insert(0, routes[chain[0]]["parent"])
    return chain


def is_required(spec: Any) -> bool:
    """Whether a param spec has neither a default nor the optional flag."""
    return isinstance(spec, str) or not ({"default", "optional"} & set(spec))


def kind_of(spec: Any) -> Any:
    """A param spec's type: its name, or the enum object."""
    return spec if isinstance(spec, str) else ({"enum": spec["enum"]} if "enum" in spec else spec["type"])


def entries(nav: navcore.Navigator) -> List[navcore.Route]:
    """The active stack's routes above the root, without ids and titles."""
    return [navcore.Route(e.name, e.params) for e in nav.stack[1:]]


@LAW
@given(data=st.data())
def test_the_law_holds_on_generated_tables(data: st.DataObject) -> None:
    table = data.draw(tables(), "table")
    routes = table["routes"]
    targets = sorted({link["stack"][-1] for link in table["links"] if link["stack"]}) + ["home", "me", "cart"]
    name = data.draw(st.sampled_from(targets), "route")
    specs = routes[name].get("params", {})
    params = {key: data.draw(values_of(kind_of(spec)), key) for key, spec in specs.items()
              if is_required(spec) or data.draw(st.booleans())}
    with navcore.Navigator(table) as nav:
        if has_control(params):
            error, message = control_error(params)
            with unchanged(nav), pytest.raises(error, match=message):
                nav.push(name, params)
            with pytest.raises(error, match=message):
                nav.url_for(name, params)
            return
        try:
            url = nav.url_for(name, params)
        except navcore.NoMatchError:
            return  # no link produces the route with these values (an unbound value, a parent's value unknown)
        nav.open_url(url, mode="replace")  # on the link's tab, or the selected one
        top = nav.stack[-1]
        expected = nav.push(name, params).after.top  # the route with its defaults
        assert (top.name, top.params) == (name, expected.params), url
        assert nav.url_for(name, expected.params) == url and url.isascii() and url.isprintable()


@LAW
@given(data=st.data())
def test_stack_url_then_open_url_gives_the_stack_back(data: st.DataObject) -> None:
    table = data.draw(tables(), "table")
    routes = table["routes"]
    link = data.draw(st.sampled_from([link for link in table["links"] if link["stack"]]), "link")
    chain = route_chain(routes, link["stack"][-1])
    specs = {key: spec for name in chain for key, spec in routes[name]["params"].items()}
    in_path = set(re.findall(r"/\{(\w+)\}", link["url"]))
    values = {key: data.draw(values_of(kind_of(spec)), key) for key, spec in sorted(specs.items())
              if key in in_path or any(is_required(routes[n]["params"].get(key, {})) for n in chain) or data.draw(st.booleans())}
    stack = [{"name": name, "params": {key: values[key] for key in routes[name]["params"] if key in values}} for name in chain]
    tab = link.get("tab") or (data.draw(st.sampled_from(["shop", "me", "cart"]), "tab") if "tabs" in table else None)
    with navcore.Navigator(table) as nav, navcore.Navigator(table) as other:
        if tab:
            nav.select_tab(tab)
            other.select_tab(tab)
        if has_control(values):
            error, message = control_error(values)
            with unchanged(nav), pytest.raises(error, match=message):
                nav.set_stack(stack, tab=tab)
            return
        nav.set_stack(stack, tab=tab)
        url = nav.stack_url()
        other.open_url(url, mode="replace")
        assert entries(other) == entries(nav), url

