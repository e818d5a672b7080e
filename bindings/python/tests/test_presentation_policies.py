"""Presentation policies, layers Back may not dismiss, a split view's compact form, and links in tabbed
apps (docs/structure.md, docs/links.md), through the binding's methods."""

from __future__ import annotations

import json
from typing import List

import pytest
from support import TABLES, unchanged, validate
from test_back_preview import SHELL_TABLE

import navcore

SPLIT_TABLE = TABLES / "split.json"


def test_present_policy_absorbs_a_double_tap() -> None:
    with navcore.Navigator(SHELL_TABLE) as nav:
        assert nav.present("filters").results == ("presented",)
        with unchanged(nav):
            again = nav.present("filters", style="cover")
        assert again.results == ("absorbed",) and not again.changed
        assert nav.present("filters", policy="allow").results == ("presented",)
        assert nav.present("product", id=1, policy="single_top").results == ("presented",)
        assert nav.present("product", {"id": 1}, policy="single_top").results == ("absorbed",)
        assert len(nav.presentations) == 3


def test_a_bad_present_policy_changes_nothing() -> None:
    with navcore.Navigator(SHELL_TABLE) as nav, unchanged(nav):
        with pytest.raises(navcore.ActionError) as raised:
            nav.present("filters", policy="bring_to_front")  # type: ignore[arg-type]
        assert raised.value.path == "actions[0].policy"
        assert 'unknown policy "bring_to_front" (allowed: allow, single_top)' in str(raised.value)


def test_set_compact_and_back_to_the_sidebar() -> None:
    with navcore.Navigator(SPLIT_TABLE) as nav:
        delivered: List[navcore.Transition] = []
        nav.subscribe(delivered.append)
        collapsed = nav.set_compact(True)
        assert collapsed.results == ("compact_set",) and collapsed.compact is True and collapsed.sidebar_shown is False
        assert nav.state.compact is True and nav.state.sidebar_shown is False
        shown = nav.back()
        assert shown.results == ("to_sidebar",) and shown.sidebar_shown is True
        assert nav.back().results == ("nothing",)
        snapshot = nav.snapshot()
        assert snapshot["compact"] is True and snapshot["sidebar_shown"] is True
        expanded = nav.set_compact(False)
        assert "compact" not in nav.state.raw and "sidebar_shown" not in nav.state.raw
        assert expanded.compact is False
        nav.restore(snapshot)
        assert nav.state.sidebar_shown is True
        assert [t.results for t in delivered] == [("compact_set",), ("to_sidebar",), ("compact_set",), ("restored",)]
        for transition in delivered:
            validate("transition", transition.raw)
        validate("snapshot", snapshot)
        validate("state", nav.state.raw)


def test_set_compact_refuses_bad_input() -> None:
    with navcore.Navigator(SHELL_TABLE) as nav, unchanged(nav):
        with pytest.raises(navcore.ActionError, match="set_compact needs a split layout"):
            nav.set_compact(True)
        with pytest.raises(TypeError):
            nav.set_compact(1)  # type: ignore[arg-type]
    with navcore.Navigator(SPLIT_TABLE) as nav, unchanged(nav):
        with pytest.raises(navcore.ActionError) as raised:
            nav.apply({"op": "set_compact", "value": "yes"})
        assert raised.value.path == "actions[0].value"


def test_a_compact_snapshot_outside_a_split_view_is_refused() -> None:
    with navcore.Navigator(SPLIT_TABLE) as nav:
        snapshot = nav.snapshot()
        snapshot["sidebar_shown"] = True
        with unchanged(nav), pytest.raises(navcore.RestoreError) as raised:
            nav.restore(snapshot)
        assert raised.value.path == "sidebar_shown"


def test_not_found_opens_on_a_tab_that_does_not_list_it() -> None:
    with navcore.Navigator(SHELL_TABLE) as nav:
        nav.select_tab("cart")
        opened = nav.open_url("shop://prodcut/5")
        assert nav.active_stack == "cart" and nav.stack[-1].name == "missing"
        assert opened.cause.link is None  # and present: the schema requires it
        assert opened.cause.reason is not None
        assert opened.cause.reason.startswith('no link matches "shop://prodcut/5"')
        validate("transition", opened.raw)
        resolved = nav.resolve_url("shop://product/5")
        assert resolved.tab == "shop"
        validate("resolution", resolved.raw)
        assert "tab" not in nav.resolve_url("shop://nowhere").raw


def test_documents_of_tables_without_the_new_keys_are_unchanged() -> None:
    """Keys appear only when used: a table that declares none of them writes none of them."""
    with navcore.Navigator(TABLES / "tabs.json") as nav:
        nav.present("login")
        text = json.dumps([nav.state.raw, nav.back().raw, nav.snapshot()])
        for key in ("compact", "sidebar_shown", "reason", "dismissable", "present_policy"):
            assert f'"{key}"' not in text
