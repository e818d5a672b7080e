"""Listeners: delivery order, unsubscription, exceptions, re-entrancy and the cascade limit."""

from __future__ import annotations

import dataclasses
import gc
import json
import logging
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

import navcore
from navcore import Transition


def test_listener_receives_each_change_in_commit_order(nav: navcore.Navigator) -> None:
    received: List[Transition] = []
    nav.subscribe(received.append)
    returned = [nav.push("product", id=1), nav.push("checkout"), nav.replace("settings"), nav.pop_to_root()]
    assert received == returned
    assert [transition.seq for transition in received] == [1, 2, 3, 4]


def test_unchanged_and_failed_batches_are_not_delivered(nav: navcore.Navigator) -> None:
    received: List[Transition] = []
    nav.subscribe(received.append)
    assert nav.pop().changed is False
    with pytest.raises(navcore.RouteError):
        nav.push("prodcut")
    assert received == []


def test_listeners_are_called_in_subscription_order(nav: navcore.Navigator) -> None:
    calls: List[Tuple[str, int]] = []
    for tag in "abc":
        nav.subscribe(lambda transition, tag=tag: calls.append((tag, transition.seq)))
    nav.push("checkout")
    nav.pop()
    assert calls == [("a", 1), ("b", 1), ("c", 1), ("a", 2), ("b", 2), ("c", 2)]


def test_each_listener_gets_its_own_transition(nav: navcore.Navigator) -> None:
    seen: List[Tuple[int, int]] = []

    def vandal(transition: Transition) -> None:
        transition.raw["seq"] = -1  # type: ignore[index]
        object.__setattr__(transition, "seq", -1)  # past the frozen dataclass's guard

    nav.subscribe(vandal)
    nav.subscribe(lambda transition: seen.append((transition.seq, transition.raw["seq"])))
    nav.push("checkout")
    assert seen == [(1, 1)]


def test_a_transition_is_frozen(nav: navcore.Navigator) -> None:
    refused: List[BaseException] = []

    def vandal(transition: Transition) -> None:
        try:
            transition.seq = -1  # type: ignore[misc]
        except dataclasses.FrozenInstanceError as error:
            refused.append(error)

    nav.subscribe(vandal)
    assert nav.push("checkout").seq == 1
    assert len(refused) == 1


def test_the_navigator_keeps_the_trampoline_alive(nav: navcore.Navigator) -> None:
    received: List[int] = []
    nav.subscribe(lambda transition: received.append(transition.seq))
    gc.collect()
    nav.push("checkout")
    assert received == [1]


def test_unsubscribe_stops_delivery_and_is_idempotent(nav: navcore.Navigator) -> None:
    received: List[Transition] = []
    subscription = nav.subscribe(received.append)
    assert subscription.id > 0
    assert subscription.active
    assert repr(subscription) == f"<Subscription {subscription.id} active>"
    nav.push("checkout")
    subscription.unsubscribe()
    subscription.unsubscribe()
    subscription.close()
    nav.push("settings")
    assert [transition.seq for transition in received] == [1]
    assert not subscription.active
    assert repr(subscription) == f"<Subscription {subscription.id} ended>"


def test_subscription_as_context_manager(nav: navcore.Navigator) -> None:
    received: List[Transition] = []
    with nav.subscribe(received.append) as subscription:
        nav.push("checkout")
    nav.push("settings")
    assert len(received) == 1
    assert not subscription.active


def test_subscriptions_end_with_the_navigator() -> None:
    nav = navcore.Navigator({"navcore": 1, "root": "a", "routes": {"a": {}, "b": {}}})
    subscription = nav.subscribe(lambda transition: None)
    nav.close()
    assert not subscription.active
    subscription.unsubscribe()  # a no-op once the navigator is closed
    assert not subscription.active


def test_listener_exception_is_logged_and_does_not_break_the_change(
    nav: navcore.Navigator, caplog: pytest.LogCaptureFixture
) -> None:
    after: List[int] = []

    def broken(transition: Transition) -> None:
        raise RuntimeError("listener bug")

    nav.subscribe(broken)
    nav.subscribe(lambda transition: after.append(transition.seq))
    with caplog.at_level(logging.ERROR, logger="navcore"):
        transition = nav.push("product", id=42)
        nav.push("checkout")
    assert transition.changed is True
    assert [entry.name for entry in nav.stack] == ["home", "product", "checkout"]
    assert after == [1, 2]  # the listeners after the broken one still receive every change
    records = [record for record in caplog.records if record.name == "navcore"]
    assert len(records) == 2  # reported every time, not once
    assert records[0].levelno == logging.ERROR
    assert "broken" in records[0].getMessage()
    assert records[0].exc_info is not None and isinstance(records[0].exc_info[1], RuntimeError)
    assert "listener bug" in caplog.text


def test_system_exit_in_a_listener_is_reported_not_raised(
    nav: navcore.Navigator, caplog: pytest.LogCaptureFixture
) -> None:
    def exits(transition: Transition) -> None:
        raise SystemExit(3)

    nav.subscribe(exits)
    with caplog.at_level(logging.ERROR, logger="navcore"):
        nav.push("checkout")
    assert [record.exc_info[1].__class__ for record in caplog.records if record.exc_info] == [SystemExit]
    assert nav.stack[-1].name == "checkout"


def test_on_listener_error_hook_receives_error_and_listener(table: Dict[str, Any], caplog: pytest.LogCaptureFixture) -> None:
    reported: List[Tuple[BaseException, Any]] = []

    def broken(transition: Transition) -> None:
        raise ValueError(f"bad seq {transition.seq}")

    with navcore.Navigator(table, on_listener_error=lambda error, listener: reported.append((error, listener))) as nav:
        nav.subscribe(broken)
        with caplog.at_level(logging.ERROR, logger="navcore"):
            nav.push("checkout")
    assert len(reported) == 1
    error, listener = reported[0]
    assert isinstance(error, ValueError) and str(error) == "bad seq 1"
    assert listener is broken
    assert not [record for record in caplog.records if record.name == "navcore"]


def test_a_hook_that_raises_is_logged_with_both_errors(table: Dict[str, Any], caplog: pytest.LogCaptureFixture) -> None:
    def hook(error: BaseException, listener: Any) -> None:
        raise KeyError("hook bug")

    def broken(transition: Transition) -> None:
        raise ValueError("listener bug")

    with navcore.Navigator(table, on_listener_error=hook) as nav:
        nav.subscribe(broken)
        with caplog.at_level(logging.ERROR, logger="navcore"):
            nav.push("checkout")
        assert nav.stack[-1].name == "checkout"
    assert "hook bug" in caplog.text and "listener bug" in caplog.text
    assert "on_listener_error" in caplog.text


def test_listener_reads_the_committed_state(nav: navcore.Navigator) -> None:
    seen: List[Tuple[int, int, int]] = []

    def reader(transition: Transition) -> None:
        state = nav.state
        seen.append((transition.after.top.id, nav.stack[-1].id, state.seq))

    nav.subscribe(reader)
    nav.push("product", id=42)
    nav.push("checkout")
    assert seen == [(2, 2, 1), (3, 3, 2)]


def test_listener_applies_an_action_re_entrantly(nav: navcore.Navigator) -> None:
    first: List[Tuple[int, str]] = []
    second: List[Tuple[int, str]] = []

    def redirect(transition: Transition) -> None:
        first.append((transition.seq, transition.after.top.name))
        if transition.after.top.name == "checkout":
            nav.push("order_confirmation", order=1001)

    nav.subscribe(redirect)
    nav.subscribe(lambda transition: second.append((transition.seq, transition.after.top.name)))
    returned = nav.push("checkout")
    assert returned.seq == 1
    assert [entry.name for entry in nav.stack] == ["home", "checkout", "order_confirmation"]
    # every listener sees every transition, in commit order
    assert first == second == [(1, "checkout"), (2, "order_confirmation")]


def test_listener_that_keeps_changing_is_stopped_by_the_cascade_limit(nav: navcore.Navigator) -> None:
    refused: List[navcore.CascadeError] = []

    def runaway(transition: Transition) -> None:
        try:
            nav.push("product", id=transition.seq)
        except navcore.CascadeError as error:
            refused.append(error)

    subscription = nav.subscribe(runaway)
    returned = nav.push("checkout")
    assert returned.seq == 1
    assert len(refused) == 1
    assert refused[0].code == -9 and refused[0].status == "NAVCORE_ECASCADE"
    assert str(navcore.MAX_LISTENER_CASCADE) in refused[0].message
    # the outer push plus MAX_LISTENER_CASCADE chained pushes, above the root
    assert len(nav.stack) == 1 + 1 + navcore.MAX_LISTENER_CASCADE
    assert nav.state.seq == 1 + navcore.MAX_LISTENER_CASCADE
    subscription.unsubscribe()
    nav.pop_to_root()  # the navigator works on after the cascade
    assert len(nav.stack) == 1


def test_uncaught_cascade_error_in_a_listener_is_reported(nav: navcore.Navigator, caplog: pytest.LogCaptureFixture) -> None:
    nav.subscribe(lambda transition: nav.push("checkout"))
    with caplog.at_level(logging.ERROR, logger="navcore"):
        nav.push("checkout")
    errors = [record.exc_info[1] for record in caplog.records if record.exc_info]
    assert len(errors) == 1 and isinstance(errors[0], navcore.CascadeError)
    assert len(nav.stack) == 2 + navcore.MAX_LISTENER_CASCADE


def test_listener_unsubscribes_itself(nav: navcore.Navigator) -> None:
    received: List[int] = []
    subscriptions: List[navcore.Subscription] = []

    def once(transition: Transition) -> None:
        received.append(transition.seq)
        subscriptions[0].unsubscribe()
        gc.collect()  # the running trampoline must survive its own unsubscription

    subscriptions.append(nav.subscribe(once))
    nav.push("checkout")
    nav.push("settings")
    assert received == [1]


def test_listener_subscribes_another(nav: navcore.Navigator) -> None:
    late: List[int] = []
    subscribed: List[navcore.Subscription] = []

    def recruiter(transition: Transition) -> None:
        if not subscribed:
            subscribed.append(nav.subscribe(lambda t: late.append(t.seq)))

    nav.subscribe(recruiter)
    nav.push("checkout")
    nav.push("settings")
    assert late in ([1, 2], [2])  # whether it sees the change being delivered is the library's choice
    assert subscribed[0].active


def test_close_from_a_listener_frees_after_the_call(nav: navcore.Navigator) -> None:
    nav.subscribe(lambda transition: nav.close())
    transition = nav.push("checkout")
    assert transition.changed is True
    assert nav.closed
    with pytest.raises(navcore.InvalidArgumentError, match="closed"):
        nav.push("settings")


def test_close_from_a_listener_mid_delivery_ends_the_round_and_lets_go_of_every_trampoline(
        nav: navcore.Navigator) -> None:
    """The first of two listeners closes the navigator while a push is delivered: the push returns
    its transition, neither the second listener nor the view listener hears anything more, and
    once the push has returned the navigator is freed and the library has let go of every
    trampoline (each subscription's and the guard's) through its destroy function."""
    heard: List[str] = []

    def closer(transition: Transition) -> None:
        heard.append("first")
        nav.close()
        heard.append("closed" if nav.closed else "open")

    nav.subscribe(closer)
    nav.subscribe(lambda transition: heard.append("second"))
    nav.subscribe_view(lambda model: heard.append("view"))
    nav.subscribe_blocked(lambda blocked: heard.append("blocked"))
    nav.set_guard(lambda proposal: None)
    assert len(nav._kept) == 5
    heard.clear()  # the view listener's first frame
    transition = nav.push("checkout")
    assert transition.changed is True
    assert heard == ["first", "closed"]
    assert nav._handle._pointer is None  # freed when the push returned
    assert not nav._kept
    with pytest.raises(navcore.InvalidArgumentError, match="closed"):
        nav.push("settings")


def test_unsubscribe_and_a_replaced_guard_let_go_of_their_trampolines(nav: navcore.Navigator) -> None:
    subscription = nav.subscribe(lambda transition: None)
    nav.set_guard(lambda proposal: None)
    first = set(nav._kept)
    assert len(first) == 2
    subscription.unsubscribe()
    nav.set_guard(lambda proposal: None)
    assert len(nav._kept) == 1 and not first & set(nav._kept)
    nav.set_guard(None)
    assert not nav._kept


def test_a_restore_that_changes_only_nested_containers_is_delivered_with_what_it_changed() -> None:
    """A snapshot that differs from the state only inside containers and a presentation over one
    stack still changes the state: listeners hear it, with the nested stacks, the container whose
    selection differs and the presentation brought back, and the view model announces it."""
    table = json.loads((Path(__file__).parents[3] / "Tests/vectors/tables/nested.json").read_text())
    with navcore.Navigator(table) as nav:
        nav.apply([{"op": "select_tab", "tab": "explore"}, {"op": "push", "route": {"name": "post", "params": {"id": 1}}},
                   {"op": "present", "route": {"name": "post", "params": {"id": 2}}, "stack": "explore/foryou"}])
        snapshot = nav.snapshot()
        nav.apply([{"op": "dismiss", "stack": "explore/foryou"}, {"op": "pop"},
                   {"op": "select_tab", "tab": "explore/following"}])
        received: List[Transition] = []
        nav.subscribe(received.append)
        nav.restore(snapshot)
        assert len(received) == 1 and received[0].changed
        restored = received[0]
        assert set(restored.stacks) == {"explore/foryou", "explore/foryou/layer:8"}
        assert [layer.stack for layer in restored.presented] == ["explore/foryou/layer:8"]
        assert [change["container"] for change in restored.containers] == ["explore"]
        assert nav.view_model().announcement == "Post 2, sheet"
        nav.restore(snapshot)
        assert len(received) == 1, "restoring the same tree again changes nothing"


def test_a_view_subscription_hears_every_change_of_the_view_model(nav: navcore.Navigator) -> None:
    """The view model once at subscription, then after each call that changes it: a blocker mark
    and saved state too, which transition listeners do not hear; not after one that changes
    nothing; a view listener's own change comes in the next round; unsubscribing ends it."""
    views: List[navcore.ViewModel] = []
    transitions: List[Transition] = []
    nav.subscribe(transitions.append)
    subscription = nav.subscribe_view(views.append)
    assert [view.top.title for view in views] == [nav.view_model().top.title]
    product = nav.push("product", id=1).after.top
    assert len(views) == 2 and views[-1] == nav.view_model()
    nav.set_blocker(product.id, "Unsaved review")
    assert len(views) == 3 and len(transitions) == 1
    assert views[-1].top.back.blocked is not None and views[-1].top.back.blocked.reason == "Unsaved review"
    nav.set_entry_state(product.id, {"scroll": 4})
    nav.set_entry_state(product.id, {"scroll": 4})
    assert len(views) == 4, "the second, identical state changes nothing"
    with pytest.raises(navcore.RouteError):
        nav.push("prodcut")
    assert len(views) == 4

    def push_once(view: navcore.ViewModel) -> None:
        if view.top.title != "Checkout":
            nav.push("checkout")

    other = nav.subscribe_view(push_once)
    assert views[-1].top.title == "Checkout" and views[-1] == nav.view_model()
    other.unsubscribe()
    subscription.unsubscribe()
    nav.pop()
    assert views[-1].top.title == "Checkout"
