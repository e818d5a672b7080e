"""close(), the context manager and the finalizer free the navigator exactly once."""

from __future__ import annotations

import gc
import weakref
from typing import Any, Dict

import pytest

import navcore


def test_close_is_idempotent(table: Dict[str, Any]) -> None:
    nav = navcore.Navigator(table)
    assert not nav.closed
    nav.close()
    nav.close()
    assert nav.closed


def test_context_manager_closes_on_exit(table: Dict[str, Any]) -> None:
    with navcore.Navigator(table) as nav:
        nav.push("checkout")
        assert not nav.closed
    assert nav.closed


def test_context_manager_closes_when_the_block_raises(table: Dict[str, Any]) -> None:
    with pytest.raises(navcore.RouteError):
        with navcore.Navigator(table) as nav:
            nav.push("prodcut")
    assert nav.closed


def test_finalizer_frees_an_unreachable_navigator(table: Dict[str, Any]) -> None:
    nav = navcore.Navigator(table)
    nav.push("checkout")
    handle = nav._handle
    reference = weakref.ref(nav)
    del nav
    gc.collect()
    assert reference() is None
    assert handle.closed
    assert handle._pointer is None  # navcore_navigator_free ran


def test_finalizer_frees_a_navigator_in_a_cycle_with_its_listener(table: Dict[str, Any]) -> None:
    nav = navcore.Navigator(table)
    seen = []
    nav.subscribe(lambda transition, nav=nav: seen.append(nav.stack))  # listener -> navigator -> listener
    nav.push("checkout")
    assert [entry.name for entry in seen[0]] == ["home", "checkout"]
    handle = nav._handle
    reference = weakref.ref(nav)
    del nav
    gc.collect()
    assert reference() is None
    assert handle._pointer is None
    assert len(seen) == 1


def test_close_after_the_finalizer_would_run_is_harmless(table: Dict[str, Any]) -> None:
    nav = navcore.Navigator(table)
    nav.close()
    assert not nav._finalizer.alive
    nav.close()
    assert nav.closed


def test_many_navigators_come_and_go(table: Dict[str, Any]) -> None:
    for index in range(200):
        with navcore.Navigator(table) as nav:
            transition = nav.push("product", id=index)
            assert nav.stack[-1].title == f"Product {index}"
            assert transition.after.top == nav.stack[-1]
    handles = []
    for index in range(200):
        nav = navcore.Navigator(table)  # the previous one is freed by its finalizer
        nav.push("product", id=index)
        handles.append(nav._handle)
    del nav
    gc.collect()
    assert all(handle.closed and handle._pointer is None for handle in handles)
