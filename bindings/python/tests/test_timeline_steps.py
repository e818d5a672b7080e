"""The timeline's steps (navcore.timeline_steps) and their compact encoding (navcore._interning):
every step's documents are those the library writes after replaying the log up to that step."""

from __future__ import annotations

import json
from typing import Any, Dict, List

import pytest

from timeline_sessions import NESTED_TABLE, nested_session, shop_tour

import navcore
from navcore._interning import Interner, expand
from navcore.timeline_steps import only_base, session_steps


def log_up_to(log: Dict[str, Any], step: int) -> Dict[str, Any]:
    """The log cut after its first ``step`` batches."""
    return {**log, "batches": log["batches"][:step]}


@pytest.mark.parametrize("session", [nested_session, shop_tour], ids=["nested", "shop tour"])
def test_each_step_is_the_replay_of_the_log_up_to_it(session: Any) -> None:
    table, log = session()
    parsed, steps = session_steps(log, table)
    assert parsed == log and len(steps) == len(log["batches"]) + 1
    for index, step in enumerate(steps):
        with navcore.Navigator(table) as nav:
            nav.replay(log_up_to(log, index))
            assert step.state == json.loads(nav.state_json), index
            assert step.back_preview == nav.back_preview().raw, index
            assert step.batch == (None if index == 0 else log["batches"][index - 1])
            # The view model after a replay tells the replay's change; the rest is the step's.
            assert {**step.view_model, "animation": None, "announcement": None} == \
                {**nav.view_model().raw, "animation": None, "announcement": None}, index


def test_the_nested_session_has_a_badge_of_each_kind_and_says_why() -> None:
    table, log = nested_session()
    _, steps = session_steps(log, table)
    assert [step.outcome for step in steps] == [
        "base", "changed", "held", "changed", "changed", "changed", "unchanged", "proceeded", "changed", "changed",
        "changed", "dismissed"]
    held, signed_in, proceeded, signed_out = steps[2], steps[3], steps[7], steps[11]
    assert held.why["intent"]["event"] == "held" and held.why["pending"]["condition"] == "signed_in"
    assert held.why["pending"]["actions"] == [{"op": "open_url", "url": "myapp://settings/privacy/blocked"}]
    assert signed_in.why["conditions"] == {"signed_in": {"value": True, "flow": {"route": "login", "style": "cover"}}}
    assert signed_in.why["intent"]["event"] == "replayed" and "pending" not in signed_in.why
    assert [blocker["reason"] for blocker in proceeded.why["blockers"]] == ["Unsaved block list"]
    assert proceeded.why["blockers"][0]["entry"]["name"] == "blocked" and proceeded.why["blockers"][0]["token"]
    assert signed_out.why["conditions"]["signed_in"]["value"] is False and signed_out.transition is not None
    assert signed_out.transition["dismissed"]
    assert steps[0].transition is None and steps[0].why == {}


def test_a_step_without_a_link_to_its_stack_has_no_url_and_one_with_has_it() -> None:
    table, log = nested_session()
    _, steps = session_steps(log, table)
    assert steps[0].stack_url is None
    assert steps[3].stack_url == "myapp://settings/privacy/blocked"


def test_a_logged_restore_is_a_step_of_its_own() -> None:
    with navcore.Navigator(NESTED_TABLE) as nav:
        nav.record()
        nav.select_tab("inbox")
        saved = nav.snapshot()
        nav.select_tab("home")
        nav.restore(saved)
        log = nav.log
    _, steps = session_steps(log, NESTED_TABLE)
    assert [step.outcome for step in steps] == ["base", "changed", "changed", "restored"]
    assert steps[3].state["selected_tab"] == "inbox" and steps[3].transition is not None


def test_only_base_replays_to_its_snapshot_exactly() -> None:
    table, log = nested_session()
    with navcore.Navigator(table) as nav:
        nav.replay(only_base(log["base"]))
        assert nav.snapshot() == log["base"]


@pytest.mark.parametrize("text, error", [
    ('{"hello": 1}', navcore.RestoreError),
    ('[1, 2', navcore.NavError),
    ("not json", navcore.NavError),
])
def test_what_is_not_a_log_fails_with_the_library_error(text: str, error: type) -> None:
    with pytest.raises(error):
        session_steps(text, NESTED_TABLE)


def test_a_truncated_log_and_a_log_of_another_table_fail() -> None:
    table, log = nested_session()
    text = json.dumps(log)
    with pytest.raises(navcore.NavError):
        session_steps(text[: len(text) // 2], table)
    shop_table, _ = shop_tour()
    with pytest.raises(navcore.RestoreError):
        session_steps(log, shop_table)


def test_interning_keeps_every_value_and_shares_equal_ones() -> None:
    interner = Interner()
    values: List[Any] = [{"a": [1, 1.0, True, None, "1"], "b": {"c": [1, 1.0, True, None, "1"]}}, [], {}, "x"]
    indices = [interner.add(value) for value in values]
    for value, index in zip(values, indices):
        expanded = expand(interner.nodes, interner.shapes, index)
        assert json.dumps(expanded) == json.dumps(value)
    first = interner.nodes[indices[0]]  # {"a": ..., "b": ...}: its shape, then a's and b's indices
    assert interner.shapes[-1 - first[0]] == ["a", "b"]
    assert interner.nodes[first[2]][1] == first[1]  # b's "c" is a's array, stored once
    assert interner.add({"b": 1, "a": 1}) != interner.add({"a": 1, "b": 1}) and len(interner.shapes) == 4
    assert len({interner.add(1), interner.add(1.0), interner.add(True), interner.add("1")}) == 4
    assert interner.add({"a": [1, 1.0, True, None, "1"], "b": {"c": [1, 1.0, True, None, "1"]}}) == indices[0]
