"""Property tests: random batches of actions, valid and not, keep the navigator's invariants, on the
one-stack shop table and on the tabs table with presentations, back and push policies."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Set, Tuple

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from support import json_equal, scaled, shop_table, tabs_table, validate

import navcore

TABLE = shop_table()
ROOT: Dict[str, Any] = {"id": 1, "name": "home", "params": {}, "title": "Home"}

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


def entries(state: navcore.State) -> Tuple[navcore.Entry, ...]:
    """The active stack's entries of a state."""
    return state.stacks[state.active_stack].entries


def raws(entries: Optional[Sequence[navcore.Entry]]) -> Optional[List[Any]]:
    """The JSON documents of entries (None stays None), to compare them with JSON's types kept apart."""
    return None if entries is None else [entry.raw for entry in entries]


def check_top(top: navcore.Top, stack: str, entry: navcore.Entry) -> None:
    """A transition's ``before`` or ``after`` is exactly ``stack`` and its top ``entry``."""
    assert top.raw == {"stack": stack, "top": entry.raw}
    assert top == navcore.Top(stack, entry) and top.top.id == entry.id


def check_cause(transition: navcore.Transition, batch: Any) -> List[Any]:
    """The transition's cause is the batch's ops, exactly; returns them."""
    ops = [action.get("op") for action in (batch if isinstance(batch, list) else [batch])]
    assert transition.cause.raw == {"source": "actions", "ops": ops}
    assert transition.cause.source == "actions" and transition.cause.ops == tuple(ops)
    return ops


def check_transition(transition: navcore.Transition, batch: Any, before: navcore.State, after: navcore.State) -> None:
    """The transition tells exactly what changed between the two states."""
    validate("transition", transition.raw)
    old, new = entries(before), entries(after)
    old_ids, new_ids = [e.id for e in old], [e.id for e in new]
    changed = not json_equal(raws(old), raws(new))
    check_cause(transition, batch)
    assert transition.changed is changed
    assert transition.seq == after.seq == before.seq + (1 if changed else 0)
    check_top(transition.before, before.active_stack, old[-1])
    check_top(transition.after, after.active_stack, new[-1])
    removed = [i for i in old_ids if i not in new_ids]
    added = [e for e in new if e.id not in old_ids]
    if changed:
        assert transition.raw["stacks"] == {
            after.active_stack: {"removed": removed, "added": raws(added)}
        }
        assert transition.stacks == {after.active_stack: navcore.StackChange(tuple(removed), tuple(added))}
    else:
        assert transition.raw["stacks"] == {} and transition.stacks == {}


def check_state(state: navcore.State, issued: Set[int], next_id_before: int) -> None:
    """The state is schema-valid, keeps its root, and its ids are unique and increasing."""
    validate("state", state.raw)
    stack = entries(state)
    assert stack[0].raw == ROOT and stack[0] == navcore.Entry(**ROOT)
    ids = [entry.id for entry in stack]
    assert ids == sorted(set(ids))  # unique and increasing from the root up
    assert state.next_id >= next_id_before
    assert all(i < state.next_id for i in ids)
    fresh = [i for i in ids if i not in issued]
    assert all(i >= next_id_before for i in fresh)  # an id is never reused
    issued.update(ids)


@settings(max_examples=scaled(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
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
            check_state(after, issued, before.next_id)
            check_transition(transition, batch, before, after)


# -- tabs, presentations and push policies (docs/structure.md) --------------------------------

TABS = tabs_table()
TAB_ROOTS = {
    "shop": {"id": 1, "name": "home", "params": {}, "title": "Home"},
    "cart": {"id": 2, "name": "cart", "params": {}, "title": "Cart"},
    "settings": {"id": 3, "name": "settings", "params": {}, "title": "Settings"},
}

tab_names = st.sampled_from(["shop", "cart", "settings", "profile"])
maybe_tab = st.one_of(st.none(), st.none(), st.none(), tab_names)
policies = st.sampled_from([None, None, None, "allow", "single_top", "bring_to_front", "bring_to_front", "replace_top",
                            "sometimes"])
# Few distinct routes, so that duplicate pushes (and so the push policies) happen often.
valid_tab_routes = st.one_of(
    st.builds(lambda i: {"name": "product", "params": {"id": i}}, st.integers(0, 2)),
    st.builds(lambda o: {"name": "order_confirmation", "params": {"order": o}}, st.integers(0, 1)),
    st.sampled_from([{"name": "checkout"}, {"name": "cart"}, {"name": "home"}, {"name": "settings"},
                     {"name": "login"}, {"name": "signup"}, {"name": "subscription"},
                     {"name": "subscription", "params": {"plan": "monthly"}}, {"name": "search"},
                     {"name": "search", "params": {"q": "a"}}, {"name": "category", "params": {"slug": "x"}}]),
)
tab_routes = st.one_of(valid_tab_routes, valid_tab_routes, valid_tab_routes, valid_tab_routes, valid_tab_routes,
                       valid_tab_routes, valid_tab_routes, st.sampled_from([{"name": "prodcut"}, {"name": "product"}]))


def _with(action: Dict[str, Any], **options: Any) -> Dict[str, Any]:
    """The action with each option that is not None."""
    return {**action, **{key: value for key, value in options.items() if value is not None}}


pushes = st.builds(lambda r, t, p: _with({"op": "push", "route": r}, tab=t, policy=p), tab_routes, maybe_tab, policies)
plain_pushes = st.builds(lambda r, p: _with({"op": "push", "route": r}, policy=p), valid_tab_routes,
                         st.sampled_from([None, "single_top", "bring_to_front", "replace_top"]))
# Two products only: later pushes often meet an earlier equal entry, so bring_to_front moves it.
product_pushes = st.builds(
    lambda i, p: _with({"op": "push", "route": {"name": "product", "params": {"id": i}}}, policy=p),
    st.integers(0, 1), st.sampled_from([None, "bring_to_front", "bring_to_front", "single_top"]))
tab_actions = st.one_of(
    pushes, pushes, plain_pushes, plain_pushes, plain_pushes, product_pushes, product_pushes,
    st.builds(lambda c, t: _with({"op": "pop", "count": c}, tab=t), st.integers(1, 3), maybe_tab),
    st.builds(lambda i, inc, t: _with({"op": "pop_to", "id": i, "inclusive": inc}, tab=t),
              st.integers(1, 20), st.booleans(), maybe_tab),
    st.builds(lambda t: _with({"op": "pop_to_root"}, tab=t), maybe_tab),
    st.builds(lambda r, t: _with({"op": "replace", "route": r}, tab=t), tab_routes, maybe_tab),
    st.builds(lambda rs, t: _with({"op": "set_stack", "routes": rs}, tab=t),
              st.lists(tab_routes, max_size=3), maybe_tab),
    st.builds(lambda t: {"op": "select_tab", "tab": t}, tab_names),
    st.builds(lambda t: {"op": "select_tab", "tab": t}, tab_names),
    st.builds(lambda t: _with({"op": "reset_tab"}, tab=t), maybe_tab),
    st.just({"op": "reset_all"}),
    st.builds(lambda r, s: _with({"op": "present", "route": r}, style=s), tab_routes,
              st.sampled_from([None, "sheet", "cover", "popover"])),
    st.builds(lambda r, s: _with({"op": "present", "route": r}, style=s), valid_tab_routes,
              st.sampled_from([None, "cover"])),
    st.builds(lambda a: _with({"op": "dismiss"}, all=a), st.sampled_from([None, True, False])),
    st.just({"op": "back"}),
    st.just({"op": "back"}),
    st.just({"op": "select", "route": {"name": "home"}}),
)
# A, B, A again with a policy: the repeat meets an equal top, an equal entry below, or neither.
repeats = st.builds(
    lambda a, b, p, n: [{"op": "push", "route": a}, {"op": "push", "route": b}]
    + [{"op": "push", "route": a, "policy": p}] * n,
    valid_tab_routes, valid_tab_routes, st.sampled_from(["single_top", "bring_to_front", "replace_top"]),
    st.integers(1, 2))
tab_batches = st.one_of(tab_actions, tab_actions, st.lists(tab_actions, min_size=0, max_size=4), repeats)

TAB_ERRORS = EXPECTED_ERRORS + (navcore.UnknownTabError,)


def all_stacks(state: navcore.State) -> Dict[str, Tuple[navcore.Entry, ...]]:
    """Every stack of a state, base stacks and layers: name -> entries."""
    stacks = {name: stack.entries for name, stack in state.stacks.items()}
    stacks.update({layer.stack: layer.entries for layer in state.presentations})
    return stacks


def fewest_moves(before: List[int], after: List[int]) -> int:
    """How many of the kept ids must move to turn order ``before`` into ``after``: the count
    outside a longest common subsequence (both hold the same ids)."""
    position = {i: n for n, i in enumerate(before)}
    sequence = [position[i] for i in after]
    longest = [1] * len(sequence)
    for j in range(len(sequence)):
        for k in range(j):
            if sequence[k] < sequence[j]:
                longest[j] = max(longest[j], longest[k] + 1)
    return len(sequence) - max(longest, default=0)


def expected_change(old: Sequence[navcore.Entry], new: Sequence[navcore.Entry], change: navcore.StackChange) -> None:
    """``change`` is the net change from ``old`` to ``new``: removed, added, and moved when reordered."""
    old_ids, new_ids = [e.id for e in old], [e.id for e in new]
    assert change.removed == tuple(i for i in old_ids if i not in new_ids)
    added = [e for e in new if e.id not in old_ids]
    assert raws(change.added) == raws(added) and change.added == tuple(added)
    kept_before = [i for i in old_ids if i in new_ids]
    kept_after = [i for i in new_ids if i in old_ids]
    if kept_before == kept_after:
        assert "moved" not in change.raw and change.moved == ()
    else:
        moved = change.moved
        assert set(moved) <= set(kept_after)
        assert [i for i in kept_before if i not in moved] == [i for i in kept_after if i not in moved]
        assert len(moved) == fewest_moves(kept_before, kept_after)


def check_tab_transition(transition: navcore.Transition, batch: Any, before: navcore.State, after: navcore.State) -> None:
    """The transition tells exactly what changed between two states, stack by stack and layer by layer."""
    validate("transition", transition.raw)
    ops = check_cause(transition, batch)
    assert len(transition.results) == len(ops)
    old, new = all_stacks(before), all_stacks(after)
    expected = {name for name in old.keys() | new.keys() if not json_equal(raws(old.get(name)), raws(new.get(name)))}
    assert set(transition.stacks) == expected
    for name, change in transition.stacks.items():
        expected_change(old.get(name, ()), new.get(name, ()), change)
    old_layers = [layer.stack for layer in before.presentations]
    new_layers = [layer.stack for layer in after.presentations]
    presented = [layer for layer in after.presentations if layer.stack not in old_layers]
    assert transition.raw["presented"] == [{"stack": layer.stack, "style": layer.style} for layer in presented]
    assert transition.presented == tuple(navcore.Presented(layer.stack, layer.style) for layer in presented)
    assert sorted(transition.dismissed) == sorted(name for name in old_layers if name not in new_layers)
    if before.selected_tab != after.selected_tab:
        assert transition.raw["tab"] == {"before": before.selected_tab, "after": after.selected_tab}
        assert transition.tab is not None
        assert (transition.tab.before, transition.tab.after) == (before.selected_tab, after.selected_tab)
    else:
        assert "tab" not in transition.raw and transition.tab is None
    # The tab history is navigation state (docs/structure.md): a batch that only changes it is a change.
    history_changed = before.tab_history != after.tab_history
    if history_changed:
        assert transition.raw["tab_history"] == after.raw["tab_history"]
        assert transition.tab_history == after.tab_history
    else:
        assert "tab_history" not in transition.raw and transition.tab_history is None
    changed = (bool(expected) or old_layers != new_layers or before.selected_tab != after.selected_tab
               or history_changed)
    assert transition.changed is changed
    assert transition.seq == after.seq == before.seq + (1 if changed else 0)
    check_top(transition.before, before.active_stack, old[before.active_stack][-1])
    check_top(transition.after, after.active_stack, new[after.active_stack][-1])


def check_tab_state(state: navcore.State, issued: Set[int], next_id_before: int, layer_roots: Dict[str, Any]) -> None:
    """Schema-valid; every stack keeps its root; ids are unique across the whole state and never reused."""
    validate("state", state.raw)
    assert state.layout == "tabs" and list(state.stacks) == list(TAB_ROOTS)
    for name, root in TAB_ROOTS.items():
        assert state.stacks[name].entries[0].raw == root
    for layer in state.presentations:
        layer_root = layer.entries[0]
        assert layer.stack == f"layer:{layer_root.id}"
        assert layer_roots.setdefault(layer.stack, layer_root.raw) == layer_root.raw  # a layer's root never changes
    layers = [layer.stack for layer in state.presentations]
    assert state.active_stack == (layers[-1] if layers else state.selected_tab)
    ids = [entry.id for entries in all_stacks(state).values() for entry in entries]
    assert len(ids) == len(set(ids))  # unique across every stack and layer
    assert all(i < state.next_id for i in ids)
    assert all(i >= next_id_before for i in ids if i not in issued)  # an id is never reused
    issued.update(ids)


@settings(max_examples=scaled(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(tab_batches, min_size=1, max_size=14))
# A batch that changes only the tab history: [] before, ["cart"] after.
@example([{"op": "push", "route": {"name": "product", "params": {"id": 0}}},
          [{"op": "select_tab", "tab": "cart"}, {"op": "select_tab", "tab": "shop"}]])
def test_random_structure_batches_keep_the_invariants(steps: List[Any]) -> None:
    with navcore.Navigator(TABS) as nav:
        issued: Set[int] = {1, 2, 3}
        layer_roots: Dict[str, Any] = {}
        check_tab_state(nav.state, issued, 4, layer_roots)
        for batch in steps:
            before_text = nav.state_json
            before = nav.state
            try:
                transition = nav.apply(batch)
            except TAB_ERRORS as error:
                assert error.message
                assert nav.state_json == before_text  # a failed batch changes nothing
                continue
            after = nav.state
            check_tab_state(after, issued, before.next_id, layer_roots)
            check_tab_transition(transition, batch, before, after)
