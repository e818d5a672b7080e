"""Blockers (docs/blockers.md) through the binding: a marked entry holds back every change that would
remove it; BlockedError carries the held batch and its token; proceed applies it once; a forced
condition overrides blockers. The property draws actions of every op the action schema names."""

from __future__ import annotations

import json
from typing import Any, Callable, Dict, List, Optional, Tuple

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from support import REPO, TABLES, scaled, unchanged, validate

import navcore

TABLE = json.loads((TABLES / "signin.json").read_text())
FORCED = json.loads(json.dumps(TABLE))
FORCED["conditions"]["signed_in"]["forced"] = True


def drafting(table: Dict[str, Any] = TABLE) -> navcore.Navigator:
    """Signed in, home > product 1 > checkout (id 5) blocking with "Unsaved draft"."""
    nav = navcore.Navigator(table)
    nav.set_condition("signed_in", True)
    nav.push("product", id=1)
    nav.push("checkout")
    nav.set_blocker(5, "Unsaved draft")
    return nav


def test_a_blocked_back_changes_nothing_and_proceed_applies_it_once() -> None:
    with drafting() as nav:
        with unchanged(nav), pytest.raises(navcore.BlockedError) as raised:
            nav.back()
        blocked = raised.value
        assert blocked.reason == "Unsaved draft" and blocked.entry is not None and blocked.entry.id == 5
        assert blocked.blocked is not None
        assert blocked.blocked.actions == ({"op": "back"},) and blocked.blocked.stack == "shop"
        assert blocked.path == "" and "holds back this change: Unsaved draft" in blocked.message
        validate("blocked", blocked.blocked.raw)
        transition = nav.proceed(blocked)
        assert transition.results == ("popped",) and [e.name for e in nav.stack] == ["home", "product"]
        with pytest.raises(navcore.NoEntryError) as twice:
            nav.proceed(blocked)
        assert twice.value.path == "token"


def test_a_token_dies_when_the_state_changes_and_belongs_to_its_navigator() -> None:
    with drafting() as nav, drafting() as other:
        with pytest.raises(navcore.BlockedError) as raised:
            nav.pop_to_root()
        with pytest.raises(navcore.NoEntryError):
            other.proceed(raised.value)
        nav.select_tab("account")
        with pytest.raises(navcore.NoEntryError):
            nav.proceed(raised.value)


def test_saving_the_draft_keeps_the_token() -> None:
    with drafting() as nav:
        with pytest.raises(navcore.BlockedError) as raised:
            nav.back()
        nav.set_entry_state(5, {"draft": "saved"})
        assert nav.proceed(raised.value.token).results == ("popped",)


def test_a_forced_sign_out_overrides_the_blocker() -> None:
    with drafting() as nav:
        with pytest.raises(navcore.BlockedError):
            nav.set_condition("signed_in", False)
    with drafting(FORCED) as nav:
        out = nav.set_condition("signed_in", False)
        assert [entry.id for entry in out.overrode] == [5]
        validate("transition", out.raw)


def test_the_mark_is_in_the_state_the_snapshot_and_the_log() -> None:
    with drafting() as nav:
        nav.record(True)
        assert nav.stack[-1].blocker == "Unsaved draft"
        validate("state", nav.state.raw)
        with pytest.raises(navcore.BlockedError) as raised:
            nav.pop(2)
        nav.proceed(raised.value)
        log = nav.log
        assert log["batches"][-1]["past"] == [5]
        validate("log", log)
        with navcore.Navigator(TABLE) as replayed:
            replayed.replay(log)
            assert replayed.state.raw == nav.state.raw
    with drafting() as nav, navcore.Navigator(TABLE) as restored:
        restored.set_condition("signed_in", True)
        restored.restore(nav.snapshot())
        assert restored.stack[-1].blocker == "Unsaved draft"


@pytest.mark.parametrize("id, reason, error, path", [
    (99, "x", navcore.NoEntryError, "actions[0].id"),
    (5, "", navcore.ActionError, "actions[0].reason"),
    (5, "x" * 1025, navcore.ActionError, "actions[0].reason"),
    (5, "a\nb", navcore.ActionError, "actions[0].reason"),
])
def test_bad_marks(id: int, reason: str, error: type, path: str) -> None:
    with drafting() as nav, unchanged(nav), pytest.raises(error) as raised:
        nav.set_blocker(id, reason)
    assert raised.value.path == path


ACTION_SCHEMA = json.loads((REPO / "docs" / "schema" / "action.schema.json").read_text())
#: How to build an action of each op, from a random id and route name: one per op of the schema.
BUILDERS: Dict[str, Callable[[int, str], Dict[str, Any]]] = {
    "push": lambda i, name: {"op": "push", "route": {"name": name, "params": {"id": i} if name == "product" else {}}},
    "pop": lambda i, name: {"op": "pop", "count": 1 + i % 3, "result": i if i % 2 else None},
    "pop_to": lambda i, name: {"op": "pop_to", "id": i},
    "pop_to_root": lambda i, name: {"op": "pop_to_root"},
    "replace": lambda i, name: {"op": "replace", "route": {"name": "cart"}},
    "set_stack": lambda i, name: {"op": "set_stack", "routes": [{"name": "cart"}]},
    "select_tab": lambda i, name: {"op": "select_tab", "tab": ["shop", "orders", "account"][i % 3]},
    "reset_tab": lambda i, name: {"op": "reset_tab"},
    "reset_all": lambda i, name: {"op": "reset_all"},
    "present": lambda i, name: {"op": "present", "route": {"name": "account"}, "policy": ["allow", "single_top"][i % 2]},
    "dismiss": lambda i, name: {"op": "dismiss", "all": i % 2 == 0, "result": name},
    "back": lambda i, name: {"op": "back", "result": [i] if i % 3 == 0 else None},
    "select": lambda i, name: {"op": "select", "route": {"name": "home"}},
    "set_condition": lambda i, name: {"op": "set_condition", "name": "signed_in", "value": i % 2 == 0},
    "set_blocker": lambda i, name: {"op": "set_blocker", "id": i, "reason": None if i % 3 == 0 else f"draft {i}"},
    "set_entry_state": lambda i, name: {"op": "set_entry_state", "id": i, "state": i},
    "set_compact": lambda i, name: {"op": "set_compact", "value": i % 2 == 0},
    "take_result": lambda i, name: {"op": "take_result", "id": i},
    "set_locale": lambda i, name: {"op": "set_locale", "locale": ["vi", "el-GR", "en"][i % 3]},
    "open_url": lambda i, name: {"op": "open_url", "url": ["shop://checkout", "shop://product/3", "shop://orders/2"][i % 3]},
}


def test_every_op_of_the_schema_has_a_builder() -> None:
    assert set(BUILDERS) == set(ACTION_SCHEMA["properties"]["op"]["enum"])


def blockers(nav: navcore.Navigator) -> Dict[int, str]:
    state = nav.state
    stacks = [stack.entries for stack in state.stacks.values()] + [layer.entries for layer in state.presentations]
    return {e.id: e.blocker for entries in stacks for e in entries if e.blocker is not None}


ACTIONS = st.builds(lambda op, i, name: BUILDERS[op](i, name), st.sampled_from(sorted(BUILDERS)),
                    st.integers(1, 12), st.sampled_from(["product", "checkout", "cart", "order"]))


@settings(max_examples=80, deadline=None, derandomize=True)
@given(st.lists(st.lists(ACTIONS, min_size=1, max_size=3), max_size=20))
def test_no_action_removes_a_blocking_entry_without_its_token(batches: List[List[Dict[str, Any]]]) -> None:
    with drafting() as nav:
        for batch in batches:
            before = blockers(nav)
            try:
                nav.apply(batch)
            except navcore.NavError:
                continue
            cleared = {a["id"] for a in batch if a["op"] == "set_blocker" and a["reason"] is None}
            assert set(before) - set(blockers(nav)) <= cleared, batch


def test_marks_count_in_the_order_the_batch_sets_them() -> None:
    with drafting() as nav:
        saved = nav.apply([{"op": "set_entry_state", "id": 5, "state": {"draft": "saved"}},
                           {"op": "set_blocker", "id": 5, "reason": None}, {"op": "pop"}])
        assert saved.results == ("saved", "blocker_cleared", "popped"), "save and leave is one batch"
        with unchanged(nav), pytest.raises(navcore.BlockedError) as marked:
            nav.apply([{"op": "set_blocker", "id": 4, "reason": "Draft"}, {"op": "pop"}])
        assert marked.value.entry is not None and (marked.value.entry.id, marked.value.reason) == (4, "Draft")
        with unchanged(nav), pytest.raises(navcore.BlockedError) as pushed:
            nav.apply([{"op": "push", "route": {"name": "cart"}}, {"op": "set_blocker", "id": 6, "reason": "New"}, {"op": "back"}])
        assert pushed.value.entry is not None and pushed.value.entry.id == 6, "an entry the batch added, marked and removed"


def without_seq(nav: navcore.Navigator) -> Dict[str, Any]:
    return {key: value for key, value in nav.state.raw.items() if key != "seq"}


def one_by_one(nav: navcore.Navigator, batch: List[Dict[str, Any]]) -> Optional[Tuple[Dict[str, Any], bool]]:
    """The model: ``batch`` applied to a replayed copy of ``nav`` one action at a time, each proceeded
    past every blocker it meets. Gives the state it leaves (without seq) and whether an action was
    held back, that is removed an entry marked at that moment; None when an action fails otherwise."""
    with navcore.Navigator(TABLE) as model:
        model.replay(nav.log)
        held = False
        for action in batch:
            try:
                model.apply(action)
            except navcore.BlockedError as blocked:
                held, token = True, blocked.token
                while token is not None:
                    try:
                        model.proceed(token)
                        token = None
                    except navcore.BlockedError as again:
                        token = again.token
            except navcore.NavError:
                return None
        return without_seq(model), held


IDS = st.integers(1, 10)
TABS = st.sampled_from([None, "shop", "account"])
MARKING = st.one_of(
    st.builds(lambda i, r: {"op": "set_blocker", "id": i, "reason": r}, IDS, st.sampled_from(["Draft", None])),
    st.builds(lambda i, t: _with_tab({"op": "push", "route": {"name": "product", "params": {"id": i}}}, t), IDS, TABS),
    st.builds(lambda i: {"op": "present", "route": {"name": "product", "params": {"id": i}}}, IDS),
    st.builds(lambda n, t: _with_tab({"op": "pop", "count": n}, t), st.integers(1, 2), TABS),
    st.builds(lambda i, t: _with_tab({"op": "pop_to", "id": i}, t), IDS, TABS),
    st.builds(lambda t: _with_tab({"op": "pop_to_root"}, t), TABS),
    st.builds(lambda t: _with_tab({"op": "replace", "route": {"name": "cart"}}, t), TABS),
    st.builds(lambda t: _with_tab({"op": "set_stack", "routes": [{"name": "product", "params": {"id": 1}}]}, t), TABS),
    st.just({"op": "back"}),
    st.builds(lambda a: {"op": "dismiss", "all": a}, st.booleans()),
    st.just({"op": "reset_tab"}),
    st.just({"op": "select_tab", "tab": "shop"}),
)


def _with_tab(action: Dict[str, Any], tab: Optional[str]) -> Dict[str, Any]:
    return action if tab is None else {**action, "tab": tab}


@settings(max_examples=scaled(60), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(MARKING, min_size=1, max_size=5), min_size=1, max_size=10))
@example([[{"op": "set_blocker", "id": 5, "reason": None}, {"op": "pop"}]])
@example([[{"op": "set_blocker", "id": 4, "reason": "Draft"}, {"op": "pop", "count": 2}]])
@example([[{"op": "push", "route": {"name": "cart"}}, {"op": "set_blocker", "id": 6, "reason": "Draft"}, {"op": "back"}]])
def test_a_batch_is_held_back_iff_it_removes_an_entry_marked_at_that_moment(batches: List[List[Dict[str, Any]]]) -> None:
    with drafting() as nav:
        nav.record(True)
        for batch in batches:
            model = one_by_one(nav, batch)
            before = nav.state_json
            try:
                nav.apply(batch)
            except navcore.BlockedError:
                assert model is not None and model[1], batch
                assert nav.state_json == before, "a batch held back changes nothing"
            except navcore.NavError:
                assert model is None, batch
                assert nav.state_json == before
            else:
                assert model is not None and not model[1], batch
                assert without_seq(nav) == model[0], batch


def test_one_dialog_hears_every_held_back_batch_whoever_made_it() -> None:
    """subscribe_blocked: a back and a deep link held by the same draft both reach the one
    listener, with a token, before the call raises; the token proceeds the batch it names."""
    table = {"navcore": 1, "root": "home", "routes": {"home": {"title": "Home"}, "draft": {"title": "Draft"}},
             "links": [{"url": "app://home", "stack": []}]}
    with navcore.Navigator(table) as nav:
        draft = nav.push("draft").after.top
        nav.set_blocker(draft.id, "Unsaved draft")
        asked: List[navcore.Blocked] = []
        subscription = nav.subscribe_blocked(asked.append)
        with pytest.raises(navcore.BlockedError) as back:
            nav.back()
        with pytest.raises(navcore.BlockedError):
            nav.open_url("app://home")
        assert [(b.reason, b.entry.id, b.actions[0]["op"]) for b in asked] == [
            ("Unsaved draft", draft.id, "back"), ("Unsaved draft", draft.id, "open_url")]
        assert asked[0].token == back.value.token
        assert nav.proceed(asked[0].token).results == ("popped",)
        subscription.unsubscribe()
        nav.push("draft")
        nav.set_blocker(nav.stack[-1].id, "Again")
        with pytest.raises(navcore.BlockedError):
            nav.back()
        assert len(asked) == 2
