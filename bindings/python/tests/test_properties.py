"""Property test: random batches of actions, valid and not, keep the navigator's invariants."""

from __future__ import annotations

from typing import Any, Dict, List, Set

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import json_equal, shop_table, validate

import navcore

TABLE = shop_table()
ROOT = {"id": 1, "name": "home", "params": {}, "title": "Home"}

small_ints = st.integers(min_value=-3, max_value=2**40)
slugs = st.text(alphabet="abcé{}_ ☕", max_size=6)

valid_routes = st.one_of(
    st.builds(lambda i: {"name": "product", "params": {"id": i}}, small_ints),
    st.builds(lambda s: {"name": "category", "params": {"slug": s}}, slugs),
    st.builds(lambda o: {"name": "order_confirmation", "params": {"order": o}}, small_ints),
    st.sampled_from([{"name": "checkout"}, {"name": "settings"}, {"name": "subscription"},
                     {"name": "subscription", "params": {"plan": "yearly"}},
                     {"name": "search", "params": {"q": "boots"}}, {"name": "search", "params": {"page": 2}}]),
)
invalid_routes = st.sampled_from(
    [
        {"name": "prodcut"},
        {"name": "product", "params": {"id": "42"}},
        {"name": "product"},
        {"name": "checkout", "params": {"x": 1}},
        {"name": "subscription", "params": {"plan": "weekly"}},
        {"name": ""},
        {"title": "no name"},
    ]
)
routes = st.one_of(valid_routes, valid_routes, valid_routes, invalid_routes)
route_names = st.sampled_from(["home", "product", "category", "checkout", "settings", "prodcut"])

actions = st.one_of(
    st.builds(lambda r: {"op": "push", "route": r}, routes),
    st.builds(lambda r: {"op": "push", "route": r}, valid_routes),
    st.just({"op": "pop"}),
    st.builds(lambda c: {"op": "pop", "count": c}, st.integers(min_value=-1, max_value=6)),
    st.builds(lambda i, inc: {"op": "pop_to", "id": i, "inclusive": inc}, st.integers(0, 25), st.booleans()),
    st.builds(lambda n, inc: {"op": "pop_to", "name": n, "inclusive": inc}, route_names, st.booleans()),
    st.just({"op": "pop_to_root"}),
    st.builds(lambda r: {"op": "replace", "route": r}, routes),
    st.builds(lambda rs: {"op": "set_stack", "routes": rs}, st.lists(routes, max_size=4)),
    st.builds(lambda rs: {"op": "set_stack", "routes": rs}, st.lists(valid_routes, max_size=4)),
    st.sampled_from([{"op": "jump"}, {"op": "pop", "count": "1"}, {"op": "pop_to"}, {}]),
)
batches = st.one_of(actions, st.lists(actions, min_size=0, max_size=4))

EXPECTED_ERRORS = (navcore.ActionError, navcore.RouteError, navcore.ParamsError, navcore.NoEntryError)


def entries(state: Dict[str, Any]) -> List[Dict[str, Any]]:
    """The active stack's entries of a state document."""
    return list(state["stacks"][state["active_stack"]]["entries"])


def check_transition(transition: Dict[str, Any], batch: Any, before: Dict[str, Any], after: Dict[str, Any]) -> None:
    """The transition tells exactly what changed between the two states."""
    validate("transition", transition)
    old, new = entries(before), entries(after)
    old_ids, new_ids = [e["id"] for e in old], [e["id"] for e in new]
    changed = not json_equal(old, new)
    ops = [action.get("op") for action in (batch if isinstance(batch, list) else [batch])]
    assert transition["cause"] == {"source": "actions", "ops": ops}
    assert transition["changed"] is changed
    assert transition["seq"] == after["seq"] == before["seq"] + (1 if changed else 0)
    assert transition["before"] == {"stack": before["active_stack"], "top": old[-1]}
    assert transition["after"] == {"stack": after["active_stack"], "top": new[-1]}
    if changed:
        assert transition["stacks"] == {
            after["active_stack"]: {
                "removed": [i for i in old_ids if i not in new_ids],
                "added": [e for e in new if e["id"] not in old_ids],
            }
        }
    else:
        assert transition["stacks"] == {}


def check_state(state: Dict[str, Any], issued: Set[int], next_id_before: int) -> None:
    """The state is schema-valid, keeps its root, and its ids are unique and increasing."""
    validate("state", state)
    stack = entries(state)
    assert stack[0] == ROOT
    ids = [entry["id"] for entry in stack]
    assert ids == sorted(set(ids))  # unique and increasing from the root up
    assert state["next_id"] >= next_id_before
    assert all(i < state["next_id"] for i in ids)
    fresh = [i for i in ids if i not in issued]
    assert all(i >= next_id_before for i in fresh)  # an id is never reused
    issued.update(ids)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(batches, min_size=1, max_size=12))
def test_random_batches_keep_the_invariants(steps: List[Any]) -> None:
    with navcore.Navigator(TABLE) as nav:
        issued: Set[int] = {1}
        for batch in steps:
            before_text = nav.state_json
            before = nav.state
            try:
                transition = nav.apply(batch)
            except EXPECTED_ERRORS as error:
                assert error.message
                assert nav.state_json == before_text  # a failed batch changes nothing
                continue
            after = nav.state
            check_state(after, issued, before["next_id"])
            check_transition(transition, batch, before, after)
