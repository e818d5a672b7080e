"""Numbers and sizes from input never make a later call fail as a bug: counters are refused above
``MAX_COUNTER`` where they enter and changes past them raise ``LimitError``; batches have a size
limit; every document the library writes, it reads back (snapshots of required keys, logs recorded
on screens that are never restored)."""

from __future__ import annotations

import copy
import json

import pytest
from restore_support import navigator
from support import unchanged

import navcore


def test_a_restored_seq_reaches_its_maximum_then_changes_raise_limit_error() -> None:
    nav = navigator()
    nav.push("cart")
    snapshot = nav.snapshot()
    snapshot["seq"] = navcore.MAX_COUNTER - 1
    nav.restore(snapshot)
    popped = nav.pop()
    assert popped.seq == navcore.MAX_COUNTER and nav.state.seq == navcore.MAX_COUNTER
    with unchanged(nav), pytest.raises(navcore.LimitError, match="seq: the change counter reached its maximum"):
        nav.push("cart")
    assert nav.snapshot()["seq"] == navcore.MAX_COUNTER


@pytest.mark.parametrize("key, value", [("seq", navcore.MAX_COUNTER + 1), ("seq", 2**63 - 1), ("next_id", 2**63 - 1),
                                        ("next_id", navcore.MAX_COUNTER + 1), ("seq", -1)])
def test_counters_beyond_the_maximum_are_refused_where_they_enter(key: str, value: int) -> None:
    nav = navigator()
    snapshot = nav.snapshot()
    snapshot[key] = value
    with unchanged(nav), pytest.raises(navcore.RestoreError, match=f"{key}: must be in"):
        nav.restore(snapshot)


def test_exhausted_ids_raise_limit_error_and_pops_still_work() -> None:
    nav = navigator()
    nav.push("cart")
    snapshot = nav.snapshot()
    snapshot["next_id"] = navcore.MAX_COUNTER
    nav.restore(snapshot)
    with unchanged(nav), pytest.raises(navcore.LimitError, match="next_id: entry ids are exhausted"):
        nav.push("cart")
    popped = nav.pop()
    assert popped.changed is True and popped.results == ("popped",)
    assert nav.state.next_id == navcore.MAX_COUNTER, "a pop takes no id"


def test_a_log_whose_base_seq_is_at_the_maximum_replays_to_an_error() -> None:
    nav = navigator()
    nav.record()
    nav.push("cart")
    log = nav.log
    log["base"]["seq"] = navcore.MAX_COUNTER
    log["batches"][0]["seq"] = navcore.MAX_COUNTER
    fresh = navigator()
    with unchanged(fresh), pytest.raises(navcore.RestoreError, match="the change counter reached its maximum"):
        fresh.replay(log)


def test_batches_over_the_action_limit_raise_limit_error() -> None:
    nav = navigator()
    nav.apply([{"op": "back"}] * navcore.MAX_BATCH_ACTIONS)
    with unchanged(nav), pytest.raises(navcore.LimitError, match="at most 1024 actions, got 1025"):
        nav.apply([{"op": "back"}] * (navcore.MAX_BATCH_ACTIONS + 1))
    with unchanged(nav), pytest.raises(navcore.LimitError, match="actions_json: is larger than the 1048576-byte limit"):
        nav.apply(json.dumps([{"op": "back"}]) + " " * navcore.MAX_BATCH_BYTES)


@pytest.mark.parametrize("key", ["params", "title"])
def test_a_snapshot_entry_without_a_required_key_is_refused(key: str) -> None:
    nav = navigator()
    nav.push("product", id=4)
    snapshot = nav.snapshot()
    del snapshot["stacks"]["main"]["entries"][1][key]
    with unchanged(nav), pytest.raises(navcore.RestoreError, match=rf"stacks\.main\.entries\[1\]\.{key}: missing"):
        nav.restore(snapshot)


@pytest.mark.parametrize("key", ["selected_tab", "tab_history"])
def test_a_tabs_snapshot_without_its_selection_is_refused(key: str) -> None:
    nav = navigator("tabs")
    snapshot = nav.snapshot()
    del snapshot[key]
    with unchanged(nav), pytest.raises(navcore.RestoreError, match=f"{key}: missing"):
        nav.restore(snapshot)
    stack_snapshot = navigator().snapshot()
    stack_snapshot[key] = copy.deepcopy(snapshot.get(key, "shop"))
    with pytest.raises(navcore.RestoreError, match=f"{key}: only a snapshot of the tabs layout has it"):
        navigator().restore(stack_snapshot)


def test_a_log_recorded_on_a_checkout_screen_replays_exactly_before_and_after_it_folds() -> None:
    nav = navigator()
    nav.push("cart")
    nav.push("checkout")
    nav.record()
    for index in range(navcore.MAX_LOG_BATCHES + 3):
        nav.push("order_confirmation", order=index) if index % 2 == 0 else nav.pop()
    log = nav.log
    assert log["folded"] > 0
    fresh = navigator()
    fresh.replay(log)
    assert fresh.state_json == nav.state_json
    assert fresh.stack[-1].name == "order_confirmation"
    assert fresh.state == nav.state
