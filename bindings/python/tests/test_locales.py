"""Localized titles and announcements through the binding (docs/locales.md): ``Navigator(table,
locale=...)``, ``set_locale`` and its typed transition, the fallback of a tag, snapshots, listeners,
bad input, the table report's missing translations and ``navcore lint``; and the laws over random
batches: a ``set_locale`` and back changes no stack, and a ``set_locale`` ends no blocker's token."""

from __future__ import annotations

import io
import json
from typing import Any, Dict, List

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import TABLES, validate

import navcore
from navcore import cli

LOCALES_TABLE_PATH = TABLES / "locales.json"


def locales_table() -> Dict[str, Any]:
    """The table of vectors 740-752: English, Vietnamese, Thai and Greek titles, Vietnamese announcements."""
    table: Dict[str, Any] = json.loads(LOCALES_TABLE_PATH.read_text(encoding="utf-8"))
    return table


def test_a_navigator_made_in_a_locale_titles_everything_in_it() -> None:
    with navcore.Navigator(locales_table(), locale="vi-VN") as nav:
        assert nav.locale == "vi-VN"
        nav.push("product", id=7)
        assert [entry.title for entry in nav.stack] == ["Trang chủ", "Sản phẩm 7"]
        nav.select_tab("cart")
        model = nav.view_model()
        assert [tab.title for tab in model.tabs] == ["Cửa hàng", "Giỏ hàng", "Cài đặt"]
        assert model.announcement == "Thẻ Giỏ hàng"
    with navcore.Navigator(locales_table()) as nav:
        assert nav.locale is None and nav.state.locale is None
        assert "locale" not in json.loads(nav.state_json)


def test_set_locale_is_a_typed_change_that_lists_no_stack() -> None:
    with navcore.Navigator(locales_table()) as nav:
        nav.push("product", id=3)
        heard: List[navcore.Transition] = []
        nav.subscribe(heard.append)
        transition = nav.set_locale("el")
        assert transition.changed and transition.results == ("locale_set",)
        assert transition.locale == navcore.LocaleChange(before=None, after="el")
        assert transition.stacks == {} and transition.after.top.title == "Προϊόν 3"
        assert heard == [transition], "listeners hear a change of locale"
        again = nav.set_locale("EL")
        assert not again.changed and again.results == ("unchanged",) and again.locale is None
        assert nav.state.seq == 2
        assert nav.apply({"op": "set_locale", "locale": "vi"}).locale == navcore.LocaleChange(before="el", after="vi")


def test_a_tag_falls_back_to_a_shorter_one_then_to_the_default() -> None:
    with navcore.Navigator(locales_table(), locale="th-TH") as nav:
        assert nav.stack[0].title == "หน้าแรก"
        nav.set_locale("pt-BR")
        assert nav.stack[0].title == "Home" and nav.locale == "pt-BR"


@pytest.mark.parametrize("tag", ["", "vi_VN", "vi--VN", "1vi", "vi-abcdefghi", "a" + "-abcdefgh" * 4, "việt"])
def test_a_malformed_tag_is_refused(tag: str) -> None:
    with pytest.raises(navcore.InvalidArgumentError) as made:
        navcore.Navigator(locales_table(), locale=tag)
    assert made.value.path == "locale"
    with navcore.Navigator(locales_table()) as nav:
        before = nav.state_json
        with pytest.raises(navcore.ActionError) as set_:
            nav.set_locale(tag)
        assert set_.value.path == "actions[0].locale" and nav.state_json == before


def test_a_tag_with_a_nul_is_an_invalid_argument() -> None:
    with pytest.raises(navcore.InvalidArgumentError):
        navcore.Navigator(locales_table(), locale="vi\0")
    with navcore.Navigator(locales_table()) as nav, pytest.raises(navcore.InvalidArgumentError):
        nav.set_locale("vi\0")


def test_a_snapshot_keeps_the_locale_and_an_older_one_keeps_the_navigators() -> None:
    with navcore.Navigator(locales_table(), locale="vi") as nav:
        nav.push("product", id=5)
        snapshot = nav.snapshot()
    assert snapshot["locale"] == "vi"
    validate("snapshot", snapshot)
    with navcore.Navigator(locales_table()) as fresh:
        fresh.restore(snapshot)
        assert fresh.locale == "vi" and fresh.stack[-1].title == "Sản phẩm 5"
    older = dict(snapshot)
    del older["locale"]
    with navcore.Navigator(locales_table(), locale="el") as greek:
        greek.restore(older)
        assert greek.locale == "el" and greek.stack[-1].title == "Προϊόν 5"


def test_the_report_lists_missing_translations_and_lint_warns_of_them() -> None:
    with navcore.Navigator(locales_table()) as nav:
        report = nav.table_report()
    validate("table-report", report)
    missing = {locale["locale"]: locale["missing"] for locale in report["locales"]}
    assert list(missing) == ["el", "th", "vi"]
    assert missing["vi"] == []
    assert "routes.checkout.titles" in missing["el"] and "tabs[0].titles" in missing["th"]
    assert "announcements.tab" in missing["el"]
    with navcore.Navigator(TABLES / "shop.json") as flat:
        assert "locales" not in flat.table_report()
    out = io.StringIO()
    assert cli.main(["lint", str(LOCALES_TABLE_PATH)], out=out) == cli.EXIT_OK, "warnings only"
    assert (f"{LOCALES_TABLE_PATH}:9:39: warning[missing_translation]: routes.checkout.titles: "
            'no "el" translation: the default title shows') in out.getvalue()
    out = io.StringIO()
    cli.main(["lint", "--ignore", "missing_translation", str(LOCALES_TABLE_PATH)], out=out)
    assert "missing_translation" not in out.getvalue() and "push_only_route" in out.getvalue()


#: Random batches over the locales table: pushes, pops, tabs, sheets, and locale changes.
ACTIONS = st.one_of(
    st.builds(lambda i: {"op": "push", "route": {"name": "product", "params": {"id": i}}}, st.integers(1, 3)),
    st.just({"op": "pop"}),
    st.builds(lambda tab: {"op": "select_tab", "tab": tab}, st.sampled_from(["shop", "cart", "settings"])),
    st.just({"op": "present", "route": {"name": "login"}, "style": "sheet"}),
    st.just({"op": "dismiss"}),
    st.builds(lambda tag: {"op": "set_locale", "locale": tag}, st.sampled_from(["vi", "vi-VN", "th", "el", "en"])),
)


def _after(batches: List[List[Dict[str, Any]]]) -> navcore.Navigator:
    """A navigator of the locales table after the batches (those that fail change nothing)."""
    nav = navcore.Navigator(locales_table())
    for batch in batches:
        try:
            nav.apply(batch)
        except navcore.NavError:
            pass
    return nav


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(ACTIONS, min_size=1, max_size=4), max_size=6), st.sampled_from(["vi", "th", "el", "en-GB"]))
def test_set_locale_and_back_in_a_batch_changes_no_stack(batches: List[List[Dict[str, Any]]], tag: str) -> None:
    with _after(batches) as nav:
        before = nav.state
        locale = before.locale or "en"
        transition = nav.apply([{"op": "set_locale", "locale": tag}, {"op": "set_locale", "locale": locale}])
        assert transition.stacks == {} and transition.presented == () and transition.dismissed == ()
        assert nav.state.stacks == before.stacks and nav.state.presentations == before.presentations


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(ACTIONS, min_size=1, max_size=4), max_size=5), st.sampled_from(["vi", "th", "el", "de"]))
def test_set_locale_never_ends_a_token(batches: List[List[Dict[str, Any]]], tag: str) -> None:
    with _after(batches) as nav:
        top = nav.stack[-1]
        if top.id == nav.stack[0].id:
            nav.push("product", id=9)
            top = nav.stack[-1]
        nav.set_blocker(top.id, "Unsaved draft")
        with pytest.raises(navcore.BlockedError) as blocked:
            nav.back()
        nav.set_locale(tag)
        proceeded = nav.proceed(blocked.value)
        assert proceeded.changed and top.id not in [entry.id for entry in nav.stack]
