"""The view model's step plan (docs/shells.md, "Animating a change") over random walks on generated
nested tables: after each batch that changed something, the plan's steps, played one at a time
as the actions docs/shells.md gives for each, on a navigator restored from the snapshot before the
batch (on the same table with no container that resets when left: a tab step is the switch
alone), end in the state the batch made: the same stacks (routes and titles everywhere, ids and the
containers they hold where both entries are older than the batch), tab selections and layers. Each
part has at most one step and the plan's seq is the change's.

Split views' columns are left to the Swift property (AnimationPropertyTests), which sets them in
place: set_compact with a sidebar step's stack reaches that step's split view, but sets only its
columns, not whether a compact one shows its sidebar (Back at its detail root does, and only on
the active path), so sidebar steps are not played here and columns not compared."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Mapping, Optional

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from support import scaled
from test_nested_properties import every_stack, nested_action, nested_tables

import navcore


def apply_past_blockers(nav: navcore.Navigator, actions: List[Dict[str, Any]]) -> None:
    """Applies ``actions``, proceeding past each blocker that holds them back."""
    if not actions:
        return
    try:
        nav.apply(actions)
    except navcore.BlockedError as held:
        for _ in range(20):
            try:
                nav.proceed(held)
                return
            except navcore.BlockedError as again:
                held = again
        raise


def stacks_by_name(state: Mapping[str, Any]) -> Dict[str, Any]:
    """Every stack and presentation of a state document, by name."""
    return dict(every_stack(state["stacks"], state["presentations"]))


def route(entry: Mapping[str, Any]) -> Dict[str, Any]:
    """The route of an entry, as an action takes it."""
    return {"name": entry["name"], "params": entry["params"]}


def play(nav: navcore.Navigator, step: Mapping[str, Any]) -> None:
    """Applies one step as the actions docs/shells.md gives for it."""
    kind = step["kind"]
    if kind == "dismiss":
        over = step.get("over")
        for _ in range(20):
            state = json.loads(nav.state_json)
            if step["layer"] not in stacks_by_name(state):
                return
            apply_past_blockers(nav, [{"op": "dismiss", "stack": over} if over else {"op": "dismiss"}])
    elif kind == "tab":
        apply_past_blockers(nav, [dict({"op": "select_tab", "tab": step["tab"]}, **({"stack": step["tab"]} if "container" in step else {}))])
    elif kind in ("push", "pop", "replace", "detail"):
        pushed = list(step["pushed"])
        if kind == "detail":
            apply_past_blockers(nav, [{"op": "select", "route": route(pushed.pop(0)), "stack": step["stack"]}])
        elif step["popped"]:
            apply_past_blockers(nav, [{"op": "pop", "count": step["popped"], "stack": step["stack"]}])
        apply_past_blockers(nav, [{"op": "push", "route": route(entry), "policy": "allow", "stack": step["stack"]} for entry in pushed])
    elif kind == "present":
        over = step.get("over")
        entries = step["entries"]
        present = {"op": "present", "route": route(entries[0]), "style": step["style"], "policy": "allow"}
        apply_past_blockers(nav, [dict(present, stack=over) if over else present])
        state = json.loads(nav.state_json)
        layers = stacks_by_name(state)[over]["presentations"] if over else state["presentations"]
        root = layers[-1]["entries"][0]["id"]
        apply_past_blockers(nav, [{"op": "push", "route": route(entry), "policy": "allow", "stack": root} for entry in entries[1:]])
    else:
        assert kind == "sidebar", step


def difference(played: Any, batch: Any, bound: int, place: str = "") -> Optional[str]:
    """The first difference between two state documents' trees, or None: routes and titles of
    every entry, ids and held containers where both entries are older than the batch (``bound``),
    tab selections, and the presentations over stacks older than the batch."""
    if isinstance(played, dict) and "entries" in played:
        a, b = played["entries"], batch["entries"]
        if [(e["name"], e["params"], e["title"]) for e in a] != [(e["name"], e["params"], e["title"]) for e in b]:
            return f"{place}: {[e['title'] for e in a]} vs {[e['title'] for e in b]}"
        for p, q in zip(a, b):
            if p["id"] < bound and q["id"] < bound:
                if p["id"] != q["id"]:
                    return f"{place}: id {p['id']} vs {q['id']}"
                if ("container" in p) != ("container" in q):
                    return f"{place}: entry {p['id']} holds a container on one side only"
                if "container" in p:
                    found = difference(p["container"], q["container"], bound, f"{place}/{p['id']}")
                    if found:
                        return found
        if a[0]["id"] < bound:
            found = difference(played.get("presentations", []), batch.get("presentations", []), bound, f"{place} presentations")
            if found:
                return found
        return None
    if isinstance(played, list):
        if len(played) != len(batch):
            return f"{place}: {len(played)} layers vs {len(batch)}"
        for index, (p, q) in enumerate(zip(played, batch)):
            if p["style"] != q["style"]:
                return f"{place}[{index}]: style {p['style']} vs {q['style']}"
            found = difference(p, q, bound, f"{place}[{index}]")
            if found:
                return found
        return None
    if played.get("selected_tab") != batch.get("selected_tab"):
        return f"{place}: selected {played.get('selected_tab')} vs {batch.get('selected_tab')}"
    for name in batch["stacks"]:
        found = difference(played["stacks"][name], batch["stacks"][name], bound, f"{place} {name}")
        if found:
            return found
    return difference(played["presentations"], batch["presentations"], bound, "presentations") if "presentations" in batch else None


def switches_alone(table: Mapping[str, Any]) -> Dict[str, Any]:
    """``table`` with no container that resets when a tab switch leaves it: the navigator a plan is
    played on, so that a tab step is the switch alone (what the batch's switches reset comes as
    steps of its own)."""
    copy = json.loads(json.dumps(table))
    for definition in copy["routes"].values():
        options = definition.get("layout", {}).get("options")
        if options is not None:
            options["reset_on_leave"] = False
    return copy


def part(step: Mapping[str, Any]) -> str:
    """What a step is on: a stack, a tab bar, a split view or a layer."""
    kind = step["kind"]
    if kind == "tab":
        return "tabs " + step.get("container", "")
    if kind == "sidebar":
        return "split " + step["stack"]
    return ("layer " + step["layer"]) if kind in ("present", "dismiss") else ("stack " + step["stack"])


@settings(max_examples=scaled(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(nested_tables(), st.data())
def test_the_step_plan_played_one_step_at_a_time_ends_where_the_batch_does(table: Dict[str, Any], data: st.DataObject) -> None:
    with navcore.Navigator(table) as nav:
        assert nav.view_model().animation is None, "no animation before any change"
        for _ in range(data.draw(st.integers(min_value=1, max_value=20), label="steps")):
            before = nav.snapshot()
            state = json.loads(nav.state_json)
            count = data.draw(st.integers(1, 3), label="batch size")
            actions = [data.draw(nested_action(state), label="action") for _ in range(count)]
            try:
                transition = nav.apply(actions)
            except (navcore.ActionError, navcore.RouteError, navcore.NoEntryError, navcore.UnknownTabError,
                    navcore.LimitError, navcore.BlockedError):
                continue
            if not transition.changed:
                continue
            animation = nav.view_model().animation
            assert animation is not None and animation.seq == transition.seq, (animation, transition)
            steps = animation.raw["steps"]
            parts = [part(step) for step in steps]
            assert len(parts) == len(set(parts)), steps
            event(f"{len(steps)} steps" if len(steps) < 3 else "3+ steps")
            with navcore.Navigator(switches_alone(table)) as replay:
                replay.restore(before)
                for step in steps:
                    play(replay, step)
                found = difference(json.loads(replay.state_json), json.loads(nav.state_json), state["next_id"])
                assert found is None, f"{actions}: the plan {steps} ends elsewhere: {found}"
