"""List params through the binding (docs/links.md, "Lists"): typed as ``list[str]`` and
``list[int]``, and the round-trip law ``resolve_url(url_for(r)) == r`` for generated lists,
empty ones and items with reserved characters and any Unicode included."""

from __future__ import annotations

import json
from typing import List

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import TABLES, scaled

import navcore

LISTS = json.loads((TABLES / "lists.json").read_text(encoding="utf-8"))

#: Item text: any character but the control characters no URL carries, and no lone surrogate.
ITEMS = st.text(st.characters(min_codepoint=0x20, blacklist_characters="\x7f", codec="utf-8"), max_size=6)
INTS = st.integers(min_value=-(2**63), max_value=2**63 - 1)


@pytest.fixture(scope="module")
def nav() -> navcore.Navigator:
    return navcore.Navigator(LISTS)


def test_list_params_come_back_typed(nav: navcore.Navigator) -> None:
    nav.push("filter", tags=["shoes", "red"], ids=[3, 1])
    params = nav.stack[-1].params
    tags: List[str] = params["tags"]
    ids: List[int] = params["ids"]
    assert (tags, ids) == (["shoes", "red"], [3, 1])
    value: navcore.ParamValue = tags
    assert value == ["shoes", "red"]
    assert navcore.MAX_LIST_PARAM_ITEMS == 256
    with pytest.raises(navcore.ParamsError, match="item 1: expected int, got string"):
        nav.push("filter", ids=[1, "2"])


@settings(max_examples=scaled(200), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(tags=st.lists(ITEMS, max_size=5), ids=st.lists(INTS, max_size=5), sizes=st.lists(st.sampled_from(["s", "m", "l"]), max_size=4))
def test_url_for_then_resolve_url_gives_back_the_lists(nav: navcore.Navigator, tags: List[str], ids: List[int],
                                                       sizes: List[str]) -> None:
    url = nav.url_for("filter", tags=tags, ids=ids)
    assert nav.resolve_url(url).routes[-1].params == {"tags": tags, "ids": ids}, url
    assert nav.url_for("filter", nav.resolve_url(url).routes[-1].params) == url
    picked = nav.url_for("pick", sizes=sizes)
    # An optional list is absent rather than empty.
    assert nav.resolve_url(picked).routes[-1].params == ({"sizes": sizes} if sizes else {}), picked


def test_push_and_restore_read_list_params_item_for_item() -> None:
    """The params of a push and the entries of a snapshot are read by navcore's own readers when
    their values are scalars and lists of scalars (docs/building.md, "Where the time goes"):
    a list comes back item for item, an empty one as [], reserved characters and text outside
    ASCII as given, up to MAX_LIST_PARAM_ITEMS items; one more is refused naming the limit."""
    tags = ["a b", "caf\u00e9", "", "x,y]", "\U0001F600"]
    many = list(range(navcore.MAX_LIST_PARAM_ITEMS))
    with navcore.Navigator(LISTS) as nav:
        nav.push("filter", tags=tags, ids=[])
        nav.push("filter", {"tags": [], "ids": many})
        snapshot = nav.snapshot()
        with pytest.raises(navcore.ParamsError, match="256"):
            nav.push("filter", ids=many + [0])
    with navcore.Navigator(LISTS) as fresh:
        fresh.restore(snapshot)
        assert [entry.params for entry in fresh.stack[1:]] == [{"tags": tags, "ids": []}, {"tags": [], "ids": many}]
