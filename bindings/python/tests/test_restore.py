"""Snapshots, restore and saved entry state through the binding (docs/restore.md)."""

from __future__ import annotations

import json
import logging
from typing import Any, Dict, List

import pytest
from restore_support import entry, navigator, restore_table
from support import unchanged, validate

import navcore

def three_deep() -> navcore.Navigator:
    """The shop at version 3, three screens deep."""
    nav = navigator()
    nav.apply([{"op": "push", "route": {"name": "category", "params": {"slug": "shoes"}}},
               {"op": "push", "route": {"name": "product", "params": {"id": 42}}},
               {"op": "push", "route": {"name": "search", "params": {"q": "red", "page": 2}}}])
    return nav


def test_three_screens_deep_come_back_in_a_new_navigator() -> None:
    with three_deep() as nav:
        snapshot = nav.snapshot()
        validate("snapshot", snapshot)
        assert snapshot["app"] == "shop" and snapshot["table_version"] == 3 and "active_stack" not in snapshot
        with navigator() as fresh:
            report = fresh.restore(json.dumps(snapshot))
            validate("restore-report", report.raw)
            assert report.kept == {"main": (1, 2, 3, 4)} and report.dropped == ()
            assert fresh.state_json == nav.state_json
            assert fresh.stack[-1].title == "Search red"


def test_restore_accepts_a_dict_text_or_bytes() -> None:
    with three_deep() as nav:
        snapshot = nav.snapshot()
        for data in (snapshot, json.dumps(snapshot), json.dumps(snapshot).encode("utf-8")):
            with navigator() as fresh:
                fresh.restore(data)
                assert fresh.state_json == nav.state_json
        with pytest.raises(TypeError, match="snapshot"):
            nav.restore(42)  # type: ignore[arg-type]


def test_saved_state_travels_with_its_entry_and_goes_when_it_is_popped() -> None:
    with navigator() as nav:
        nav.push("product", id=42)
        transition = nav.set_entry_state(2, {"scroll": 120, "draft": ["gift", None, 1.5]})
        assert transition.changed is False and transition.results == ("saved",)
        assert nav.stack[-1].state == {"scroll": 120, "draft": ["gift", None, 1.5]}
        validate("state", nav.state.raw)
        with navigator() as fresh:
            fresh.restore(nav.snapshot())
            assert fresh.stack[-1].state == {"scroll": 120, "draft": ["gift", None, 1.5]}
            fresh.pop()
            fresh.push("product", id=42)
            assert fresh.stack[-1].state is None and "state" not in fresh.stack[-1].raw
            with unchanged(fresh), pytest.raises(navcore.NoEntryError, match="no entry with id 2"):
                fresh.set_entry_state(2, 1)
        nav.set_entry_state(2, None)
        assert nav.stack[-1].state is None and "state" not in nav.stack[-1].raw


def test_saved_state_over_the_limits_is_refused() -> None:
    deep: Any = 0
    for _ in range(navcore.MAX_ENTRY_STATE_DEPTH):
        deep = [deep]
    with navigator() as nav:
        nav.set_entry_state(1, deep)
        with unchanged(nav):
            with pytest.raises(navcore.ActionError, match="nested deeper than 32 levels"):
                nav.set_entry_state(1, [deep])
            with pytest.raises(navcore.ActionError, match="size limit"):
                nav.set_entry_state(1, "x" * navcore.MAX_ENTRY_STATE_SIZE)
            with pytest.raises(navcore.ActionError, match="size limit"):
                nav.set_entry_state(1, [0] * navcore.MAX_ENTRY_STATE_SIZE)


def test_a_version_one_snapshot_is_migrated_to_version_three() -> None:
    with navigator("v1") as old:
        old.apply([{"op": "push", "route": {"name": "item", "params": {"sku": 7}}},
                   {"op": "push", "route": {"name": "subscription", "params": {"plan": "annual"}}},
                   {"op": "push", "route": {"name": "promo", "params": {"code": "SPRING"}}}])
        with navigator() as nav:
            report = nav.restore(old.snapshot())
            assert [(step.from_version, step.to_version) for step in report.migrations] == [(1, 2), (2, 3)]
            assert [change.op for change in report.migrations[1].changes] == ["map_param", "drop_route", "add_param"]
            assert [(d.id, d.reason) for d in report.dropped] == [(4, "migration")]
            assert [e.title for e in nav.stack] == ["Home", "Product 7", "Plan yearly"]


def test_the_validator_keeps_and_vetoes_entries_the_table_accepts() -> None:
    with three_deep() as nav:
        snapshot = nav.snapshot()
        seen: List[navcore.Entry] = []

        def validator(entry: navcore.Entry) -> bool:
            seen.append(entry)
            return entry.params.get("id") != 42

        with navigator() as fresh:
            report = fresh.restore(snapshot, validator=validator)
            assert [e.id for e in seen] == [1, 2, 3]
            assert seen[1].raw == entry(2, "category", "shoes", slug="shoes")
            assert [(d.id, d.reason) for d in report.dropped] == [(3, "vetoed"), (4, "below_dropped")]
            assert [e.id for e in fresh.stack] == [1, 2]


@pytest.mark.parametrize("answer", [None, 1, 0, "yes", [], RuntimeError("deleted?")])
def test_a_validator_that_raises_or_returns_garbage_drops_the_entry(answer: Any, caplog: pytest.LogCaptureFixture) -> None:
    def validator(entry: navcore.Entry) -> bool:
        if entry.id != 3:
            return True
        if isinstance(answer, Exception):
            raise answer
        return answer  # type: ignore[no-any-return]

    with three_deep() as nav, navigator() as fresh, caplog.at_level(logging.ERROR, logger="navcore"):
        report = fresh.restore(nav.snapshot(), validator=validator)
        assert [(d.id, d.reason) for d in report.dropped] == [(3, "validator_failed"), (4, "below_dropped")]
        assert "the validator returned -1" in report.dropped[0].message
        assert [e.id for e in fresh.stack] == [1, 2]
        assert "restore validator" in caplog.text


def test_the_validator_may_read_the_navigator_and_its_changes_are_replaced() -> None:
    with three_deep() as nav, navigator() as fresh:
        depths: List[int] = []

        def validator(entry: navcore.Entry) -> bool:
            depths.append(len(fresh.stack))
            fresh.push("cart")
            return True

        fresh.restore(nav.snapshot(), validator=validator)
        assert depths == [1, 2, 3, 4]
        assert fresh.state_json == nav.state_json


def test_restore_is_delivered_to_listeners_as_one_transition() -> None:
    with three_deep() as nav, navigator() as fresh:
        seen: List[navcore.Transition] = []
        fresh.subscribe(seen.append)
        fresh.restore(nav.snapshot())
        assert len(seen) == 1
        validate("transition", seen[0].raw)
        assert seen[0].cause.raw == {"source": "restore"} and seen[0].results == ("restored",)
        assert [e.id for e in seen[0].stacks["main"].added] == [2, 3, 4]
        fresh.restore(nav.snapshot())
        assert len(seen) == 1, "a restore that changes nothing is not delivered"


def test_params_of_the_wrong_type_drop_the_entry() -> None:
    with three_deep() as nav, navigator() as fresh:
        snapshot = nav.snapshot()
        snapshot["stacks"]["main"]["entries"][2]["params"]["id"] = "42"
        report = fresh.restore(snapshot)
        assert [(d.id, d.reason) for d in report.dropped] == [(3, "params"), (4, "below_dropped")]
        assert report.dropped[0].message == "params.id: expected int, got string"


def unusable() -> List[Any]:
    """Snapshots that cannot be restored at all, each with a fragment of its message."""
    with three_deep() as nav:
        good = nav.snapshot()
    text = json.dumps(good)

    def changed(**keys: Any) -> Dict[str, Any]:
        return {**json.loads(text), **keys}

    duplicate = json.loads(text)
    duplicate["stacks"]["main"]["entries"][3]["id"] = 2
    above = json.loads(text)
    above["stacks"]["main"]["entries"][3]["id"] = 9
    return [
        (text[: len(text) // 2], "not valid JSON"),
        ("", "not valid JSON"),
        (b"{\"navcore\": \xff}", "not valid UTF-8"),
        (changed(navcore=2), "format 2 is newer"),
        (duplicate, "duplicate entry id 2"),
        (above, "id 9 is outside 1..<next_id (5)"),
        (changed(app="news"), "a snapshot of app \"news\""),
        ({k: v for k, v in good.items() if k != "app"}, "a snapshot without an app id"),
        (changed(stacks=[]), "stacks: expected object, got array"),
        (changed(seq="1"), "seq: expected int, got string"),
        (json.dumps([good]), "expected an object, got array"),
        (" " * (navcore.MAX_SNAPSHOT_BYTES - len(text) + 1) + text, "larger than the 67108864-byte limit"),
        (text + " " * (100 * 1024 * 1024), "larger than the 67108864-byte limit"),
    ]


@pytest.mark.parametrize("snapshot, message", unusable(), ids=lambda value: str(value)[:30])
def test_an_unusable_snapshot_raises_restore_error_and_changes_nothing(snapshot: Any, message: str) -> None:
    with three_deep() as nav:
        nav.set_entry_state(1, {"keep": True})
        calls: List[Any] = []
        with unchanged(nav), pytest.raises(navcore.RestoreError) as info:
            nav.restore(snapshot, validator=calls.append)  # type: ignore[arg-type]
        assert message in info.value.message
        assert info.value.code == -13 and info.value.status == "NAVCORE_ERESTORE"
        assert calls == []


def test_a_nul_in_the_snapshot_text_is_refused_by_the_binding() -> None:
    with navigator() as nav, pytest.raises(navcore.InvalidArgumentError, match="NUL"):
        nav.restore("{\0}")


def test_tabs_and_presentations_travel_in_snapshots() -> None:
    with navigator("tabs") as nav:
        nav.push("product", id=1)
        nav.select_tab("cart")
        nav.present("login", style="cover")
        validate("snapshot", nav.snapshot())
        with navigator("tabs") as fresh:
            fresh.restore(nav.snapshot())
            assert fresh.state_json == nav.state_json
            assert fresh.active_stack == "layer:5" and fresh.selected_tab == "cart"


def test_a_closed_navigator_refuses_the_new_calls() -> None:
    nav = navigator()
    nav.close()
    for call in (nav.snapshot, lambda: nav.restore("{}"), nav.record, lambda: nav.log, lambda: nav.replay("{}"),
                 lambda: nav.set_entry_state(1, None)):
        with pytest.raises(navcore.InvalidArgumentError, match="closed"):
            call()


def test_restore_tables_match_the_schema() -> None:
    for name in ("v1", "v2", "v3", "tabs"):
        validate("route-table", restore_table(name))


def test_a_containers_selection_that_fits_no_tab_is_noted_as_the_roots_is() -> None:
    """A restore reads a container's selection by the root's rule and says what did not fit."""
    table = {"navcore": 1, "routes": {"home": {}, "box": {"layout": {"tabs": [{"name": "in1", "root": "home"},
                                                                               {"name": "in2", "root": "home"}]}}},
             "tabs": [{"name": "one", "root": "home"}, {"name": "two", "root": "home"}]}
    with navcore.Navigator(table) as nav:
        nav.push("box")
        nav.select_tab("in2")
        snapshot = nav.snapshot()
        snapshot["selected_tab"] = "gone"
        box = snapshot["stacks"]["one"]["entries"][1]["container"]
        box["selected_tab"], box["tab_history"] = "lost", [box["name"] + "/in1", "old"]
        with navcore.Navigator(table) as fresh:
            report = fresh.restore(snapshot)
            assert report.notes == (
                'selected tab "gone" is not a tab of this table: selected "one"',
                f'selected tab "lost" is not a tab of container "{box["name"]}": selected "{box["name"]}/in1"',
                f'tab "old" of the tab history is not a tab of container "{box["name"]}"',
            )
            assert fresh.active_stack == box["name"] + "/in1"
