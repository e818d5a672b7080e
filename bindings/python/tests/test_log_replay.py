"""Record and replay: the action log, and the property that replaying it into a fresh navigator
gives the same state, ids and seq included; snapshots round-trip the same way."""

from __future__ import annotations

import json
from typing import Any, Dict, List

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from restore_support import navigator, restore_table
from support import scaled, unchanged, validate

import navcore


def test_nothing_is_recorded_until_recording_starts() -> None:
    with navigator() as nav:
        nav.push("cart")
        with pytest.raises(navcore.NoEntryError, match="nothing was recorded"):
            _ = nav.log


def test_the_log_holds_every_applied_batch_and_replays_to_the_same_state() -> None:
    with navigator("tabs") as nav:
        nav.push("product", id=1)
        nav.record()
        nav.select_tab("cart")
        nav.apply([{"op": "push", "route": {"name": "product", "params": {"id": 2}}}, {"op": "pop"}])
        with pytest.raises(navcore.RouteError):
            nav.push("nope")
        nav.set_entry_state(2, {"scroll": 3})
        nav.present("login")
        with navigator("tabs") as other:
            other.push("product", id=9)
            other.push("product", id=10)
            nav.restore(other.snapshot())
        nav.record(True)  # already recording: the log goes on
        nav.back()
        log = nav.log
        validate("log", log)
        assert log["recording"] is True and log["folded"] == 0
        assert log["base"]["stacks"]["shop"]["entries"][-1]["params"] == {"id": 1}
        assert [batch["cause"]["source"] for batch in log["batches"]] == ["actions"] * 4 + ["restore", "actions"]
        assert log["batches"][1]["seq"] == log["batches"][0]["seq"], "an unchanged batch is logged too"
        recorded = nav.state_json
        nav.record(False)
        nav.push("product", id=3)
        assert nav.log["recording"] is False and len(nav.log["batches"]) == 6
        with navigator("tabs") as fresh:
            seen: List[navcore.Transition] = []
            fresh.subscribe(seen.append)
            transition = fresh.replay(json.dumps(log))
            assert transition.cause.raw == {"source": "replay"} and [t.raw for t in seen] == [transition.raw]
            assert fresh.state_json == recorded


def test_a_log_that_does_not_replay_exactly_changes_nothing() -> None:
    with navigator() as nav:
        nav.record()
        nav.push("cart")
        log = nav.log
        broken = json.loads(json.dumps(log))
        broken["batches"][0]["seq"] = 7
        with navigator("v2") as older, unchanged(older), pytest.raises(navcore.RestoreError, match="table version 3"):
            older.replay(log)
        with navigator() as fresh, unchanged(fresh):
            with pytest.raises(navcore.RestoreError, match=r"batches\[0\].seq: recorded 7, replayed 1"):
                fresh.replay(broken)
            with pytest.raises(navcore.RestoreError, match="not valid JSON"):
                fresh.replay("{")


def test_a_full_log_folds_its_older_half_into_the_base() -> None:
    with navigator() as nav:
        nav.record()
        for index in range(navcore.MAX_LOG_BATCHES + 10):
            nav.apply({"op": "push", "route": {"name": "product", "params": {"id": index}}} if index % 2 else {"op": "pop"})
        log = nav.log
        assert log["folded"] == navcore.MAX_LOG_BATCHES // 2
        assert len(log["batches"]) == navcore.MAX_LOG_BATCHES // 2 + 10
        with navigator() as fresh:
            fresh.replay(log)
            assert fresh.state_json == nav.state_json


# -- the property ------------------------------------------------------------------------------

products = st.builds(lambda i: {"name": "product", "params": {"id": i}}, st.integers(0, 3))
routes = st.one_of(products, st.sampled_from([{"name": "checkout"}, {"name": "login"}, {"name": "nope"}]))
tabs = st.sampled_from([None, "shop", "cart", "settings"])
states = st.one_of(st.none(), st.integers(), st.dictionaries(st.text(max_size=3), st.one_of(st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=4)), max_size=3))


def with_tab(action: Dict[str, Any], tab: Any) -> Dict[str, Any]:
    """The action, with ``tab`` when one is given."""
    return {**action, "tab": tab} if tab else action


actions = st.one_of(
    st.builds(lambda r, t: with_tab({"op": "push", "route": r}, t), routes, tabs),
    st.builds(lambda t: with_tab({"op": "pop"}, t), tabs),
    st.builds(lambda t: {"op": "select_tab", "tab": t}, st.sampled_from(["shop", "cart", "settings"])),
    st.builds(lambda r: {"op": "present", "route": r}, routes),
    st.sampled_from([{"op": "back"}, {"op": "dismiss"}, {"op": "reset_all"}]),
    st.builds(lambda i, s: {"op": "set_entry_state", "id": i, "state": s}, st.integers(0, 12), states),
    st.builds(lambda n, v: {"op": "set_condition", "name": n, "value": v},
              st.sampled_from(["signed_in", "onboarded", "nope"]), st.booleans()),
)
#: The tabs table with two conditions, so that generated sessions set them too.
CONDITIONS_TABLE = {**restore_table("tabs"), "conditions": {"signed_in": {}, "onboarded": {"initial": True}}}
steps = st.lists(st.one_of(st.lists(actions, min_size=1, max_size=3), st.just("restore")), max_size=25)


def run_steps(nav: navcore.Navigator, steps: List[Any]) -> None:
    """Applies the generated steps: batches (whose mistakes are ignored) and restores of an earlier snapshot."""
    earlier = nav.snapshot()
    for step in steps:
        if step == "restore":
            nav.restore(earlier)
            earlier = nav.snapshot()
            continue
        try:
            nav.apply(step)
        except (navcore.RouteError, navcore.NoEntryError, navcore.UnknownTabError, navcore.ParamsError, navcore.JSONError,
                navcore.ActionError):
            pass


@settings(max_examples=scaled(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps, steps)
def test_replaying_a_recorded_log_gives_the_same_state(before: List[Any], steps: List[Any]) -> None:
    with navcore.Navigator(CONDITIONS_TABLE) as nav:
        # Recording starts at a random moment: the log's base may hold a checkout, never restored after a relaunch.
        run_steps(nav, before)
        nav.record()
        run_steps(nav, steps)
        with navcore.Navigator(CONDITIONS_TABLE) as fresh:
            fresh.replay(nav.log)
            assert fresh.state_json == nav.state_json
        with navcore.Navigator(CONDITIONS_TABLE) as copy:
            # Conditions are the host's facts: it sets them before restoring (docs/conditions.md).
            for name, value in nav.state.conditions.items():
                copy.set_condition(name, value)
            report = copy.restore(nav.snapshot())
            if not report.dropped:
                assert copy.state_json == nav.state_json
            assert {d.reason for d in report.dropped} <= {"never", "below_dropped"}, "only checkouts and what was above them"
