"""Optional and catch-all segments and the precedence of links (docs/links.md, "Precedence"),
through the binding, on Tests/vectors/tables/segments.json: shuffling the links never changes a
resolution, and the round-trip law holds with absent optionals, empty lists and "/" inside a
catch-all's item, as hypothesis properties."""

from __future__ import annotations

import json
import random
from typing import Any, Dict, List

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support import TABLES, validate
from test_links import LAW, TEXT

import navcore

SEGMENTS_TABLE: Dict[str, Any] = json.loads((TABLES / "segments.json").read_text(encoding="utf-8"))
#: Segments that meet every rank of the table, an encoded "/" and an empty one included.
SEGMENTS = ["new", "7", "-5", "about", "en", "fr", "posts", "x", "a%2Fb", "caf%C3%A9", "", "03"]
ORIGINS = ["myapp://p", "myapp://docs", "myapp://blog", "myapp://pages"]
URLS = st.builds(lambda origin, path, slash: origin + "".join("/" + s for s in path) + ("/" if slash else ""),
                 st.sampled_from(ORIGINS), st.lists(st.sampled_from(SEGMENTS), max_size=4), st.booleans())
#: Text without the control characters no string param may hold.
CLEAN = TEXT.filter(lambda text: not any(ord(c) < 0x20 or ord(c) == 0x7F for c in text))


def outcome(nav: navcore.Navigator, url: str) -> str:
    """What a URL resolves to, comparable across orders of the links: the link and the routes,
    or the error's class (messages name the closest link, which depends on the order)."""
    try:
        resolution = nav.resolve_url(url)
    except navcore.NavError as error:
        return type(error).__name__
    return f"{resolution.link} {resolution.routes}"


@LAW
@given(urls=st.lists(URLS, min_size=1, max_size=20), seed=st.integers(min_value=0, max_value=2**32))
def test_shuffling_the_links_never_changes_a_resolution(urls: List[str], seed: int) -> None:
    links = list(SEGMENTS_TABLE["links"])
    random.Random(seed).shuffle(links)
    with navcore.Navigator(SEGMENTS_TABLE) as declared, navcore.Navigator(dict(SEGMENTS_TABLE, links=links)) as shuffled:
        for url in urls:
            assert outcome(shuffled, url) == outcome(declared, url), url


ROUTES = st.one_of(
    st.fixed_dictionaries({"rest": st.lists(CLEAN, min_size=1, max_size=4)}).map(lambda p: ("rest", p)),
    st.fixed_dictionaries({"n": st.integers(min_value=-(2**63), max_value=2**63 - 1)}).map(lambda p: ("num", p)),
    st.fixed_dictionaries({}, optional={"lang": CLEAN}).map(lambda p: ("about", p)),
    st.fixed_dictionaries({"name": CLEAN}).map(lambda p: ("named", p)),
    st.fixed_dictionaries({"path": st.lists(CLEAN, max_size=4)}).map(lambda p: ("doc", p)),
    st.fixed_dictionaries({"slug": CLEAN}, optional={"lang": st.sampled_from(["en", "fr"])}).map(lambda p: ("post", p)),
    st.fixed_dictionaries({"pages": st.lists(st.integers(min_value=-999, max_value=999), min_size=1, max_size=4)}).map(
        lambda p: ("page", p)),
)


@LAW
@given(route=ROUTES)
def test_url_for_then_resolve_gives_back_the_route_or_names_the_link_that_takes_it(route: Any) -> None:
    name, params = route
    with navcore.Navigator(SEGMENTS_TABLE) as nav:
        canonical = nav.push(name, params).after.top
        try:
            url = nav.url_for(name, params)
        except navcore.NoMatchError as error:
            assert "resolves to the higher-ranked link" in str(error), str(error)
            return
        assert url.isascii() and url.isprintable()
        assert nav.resolve_url(url).routes[-1] == navcore.Route(canonical.name, canonical.params)
        assert nav.url_for(name, canonical.params) == url


def test_a_slash_inside_a_catch_all_item_stays_inside_it() -> None:
    with navcore.Navigator(SEGMENTS_TABLE) as nav:
        url = nav.url_for("rest", rest=["a/b", "%2F", "c"])
        assert url == "myapp://p/a%2Fb/%252F/c"
        assert nav.resolve_url(url).routes[-1].params == {"rest": ["a/b", "%2F", "c"]}


@pytest.mark.parametrize("url, link", [
    ("myapp://p/new", "myapp://p/new"),
    ("myapp://p/7", "myapp://p/{n}"),
    ("myapp://p/7/about", "myapp://p/{name}/about"),
    ("myapp://p/about", "myapp://p/{lang?}/about"),
    ("myapp://p/x/y", "myapp://p/{*rest}"),
    ("myapp://docs/", "myapp://docs/{*path?}"),
])
def test_the_worked_examples_of_the_precedence_table(url: str, link: str) -> None:
    with navcore.Navigator(SEGMENTS_TABLE) as nav:
        assert nav.resolve_url(url).link == link


def test_the_table_report_gives_each_link_the_rank_of_each_path_segment() -> None:
    """The report's ``rank`` numbers the precedence table of docs/links.md: 1 static, 2 typed,
    3 untyped, 4 optional, 5 catch-all; it validates against the report's schema."""
    with navcore.Navigator(SEGMENTS_TABLE) as nav:
        report = nav.table_report()
    validate("table-report", report)
    ranks = {link["url"]: link["rank"] for link in report["links"]}
    assert ranks == {"myapp://p/{*rest}": [5], "myapp://p/{n}": [2], "myapp://p/new": [1],
                     "myapp://p/{lang?}/about": [4, 1], "myapp://p/{name}/about": [3, 1],
                     "myapp://docs/{*path?}": [5], "myapp://blog/{lang?}/posts/{slug}": [4, 1, 3],
                     "myapp://pages/{*pages}": [5]}
