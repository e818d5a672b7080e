"""Redirects and guards (docs/conditions.md, "Redirects and guards"): the table's redirects as the
binding sees them, and ``set_guard`` with a Python callable: allow, Deny, Redirect, chains and loops,
what a raising or garbage guard gets, a guard that calls back into its navigator (taking a result
included), and threads."""

from __future__ import annotations

import logging
import threading
from typing import Any, List

import pytest
from support import TABLES, unchanged, validate

import navcore
from navcore import Proposal, Redirected

TABLE = TABLES / "redirects.json"


@pytest.fixture
def nav() -> Any:
    with navcore.Navigator(TABLE) as navigator:
        yield navigator


def top(nav: navcore.Navigator) -> str:
    return nav.stack[-1].name


def test_login_while_signed_in_goes_home_and_the_transition_says_so(nav: navcore.Navigator) -> None:
    nav.set_condition("signed_in", True)
    with unchanged(nav):
        transition = nav.push("login")
    assert transition.results == ("unchanged",) and not transition.changed
    assert transition.redirects == (Redirected(from_route="login", to_route="home"),)
    validate("transition", transition.raw)
    nav.push("product", id=1)
    moved = nav.push("login")
    assert moved.redirects == (Redirected(from_route="login", to_route="home"),) and top(nav) == "home"
    quiet = nav.push("product", id=2)
    assert quiet.redirects == () and "redirects" not in quiet.raw


def test_a_redirect_error_and_a_bad_table_raise_their_classes() -> None:
    table = {"navcore": 1, "root": "home", "routes": {"home": {}, "a": {}, "b": {}},
             "redirect_limit": 1, "redirects": [{"from": "a", "to": "b"}, {"from": "b", "to": "home"}]}
    with navcore.Navigator(table) as nav, unchanged(nav), pytest.raises(navcore.RedirectError) as raised:
        nav.push("a")
    assert raised.value.message == "actions[0].route: redirects go past the limit of 1: a -> b -> home"
    table["redirects"] = [{"from": "a", "to": "b"}, {"from": "b", "to": "a"}]
    table["redirect_limit"] = 2
    with pytest.raises(navcore.TableError, match=r"redirects\[0\]: a cycle of redirects that can fire together: a -> b -> a"):
        navcore.Navigator(table)


def test_the_guard_sees_the_proposal_and_allows(nav: navcore.Navigator) -> None:
    proposals: List[Proposal] = []

    def guard(proposal: Proposal) -> None:
        proposals.append(proposal)
        assert nav.stack[-1].name == "home"  # the guard may read: it sees the state before the batch

    nav.set_guard(guard)
    transition = nav.push("product", id=3)
    assert top(nav) == "product"
    actions = [{"op": "push", "route": {"name": "product", "params": {"id": 3}}}]
    assert [proposal.raw for proposal in proposals] == [{"navcore": 1, "actions": actions, "transition": transition.raw}]
    assert proposals[0].actions == tuple(actions) and proposals[0].transition == transition
    nav.set_guard(lambda proposal: True)
    nav.pop()
    nav.set_guard(None)
    nav.push("product", id=4)
    assert len(proposals) == 1


def test_deny_raises_with_the_reason_and_changes_nothing(nav: navcore.Navigator) -> None:
    delivered: List[Any] = []
    nav.subscribe(delivered.append)
    nav.set_guard(lambda proposal: navcore.Deny("checkout is closed"))
    with unchanged(nav), pytest.raises(navcore.DeniedError, match="the guard denied the batch: checkout is closed"):
        nav.push("product", id=1)
    assert delivered == []


def test_redirect_commits_the_replacement_and_the_log_replays_without_a_guard(nav: navcore.Navigator) -> None:
    nav.record()

    def guard(proposal: Proposal) -> Any:
        if proposal.transition.after.top.name == "product":
            return navcore.Redirect({"op": "push", "route": {"name": "checkout"}})
        return None

    nav.set_guard(guard)
    transition = nav.push("product", id=5)
    # The replacement went through the table's redirects too: checkout goes to login while signed out.
    assert transition.cause.ops == ("push",) and top(nav) == "login"
    log = nav.log
    assert [batch["actions"] for batch in log["batches"]] == [[{"op": "push", "route": {"name": "checkout", "params": {}}}]]
    with navcore.Navigator(TABLE) as other:
        other.replay(log)
        assert other.state.raw == nav.state.raw


def test_guard_redirect_loops_and_chains_past_the_limit_raise_redirect_error(nav: navcore.Navigator) -> None:
    def loop(proposal: Proposal) -> Any:
        ident = proposal.actions[0]["route"]["params"]["id"]
        return navcore.Redirect({"op": "push", "route": {"name": "product", "params": {"id": 1 - ident}}})

    nav.set_guard(loop)
    with unchanged(nav), pytest.raises(navcore.RedirectError, match="the guard's redirects loop: product -> product -> product"):
        nav.push("product", id=0)

    def onwards(proposal: Proposal) -> Any:
        ident = proposal.actions[0]["route"]["params"]["id"]
        return navcore.Redirect({"op": "push", "route": {"name": "product", "params": {"id": ident + 1}}})

    nav.set_guard(onwards)
    with unchanged(nav), pytest.raises(navcore.RedirectError, match="go past the limit of 5: product( -> product){6}$"):
        nav.push("product", id=0)


def test_a_bad_redirect_fails_the_call_naming_it(nav: navcore.Navigator) -> None:
    nav.set_guard(lambda proposal: navcore.Redirect({"op": "push", "route": {"name": "nowhere"}}))
    with unchanged(nav), pytest.raises(navcore.RouteError) as raised:
        nav.push("product", id=1)
    assert raised.value.path == "guard.redirect.actions[0].route.name"
    nav.set_guard(lambda proposal: navcore.Redirect({"op": "fly"}))
    with unchanged(nav), pytest.raises(navcore.ActionError, match="guard.redirect"):
        nav.push("product", id=1)


@pytest.mark.parametrize("answer", [False, 0, "yes", navcore.Deny(42), navcore.Redirect])  # type: ignore[arg-type]
def test_garbage_from_the_guard_is_logged_and_denies(nav: navcore.Navigator, answer: Any,
                                                     caplog: pytest.LogCaptureFixture) -> None:
    nav.set_guard(lambda proposal: answer)
    with caplog.at_level(logging.ERROR, logger="navcore"), unchanged(nav), \
            pytest.raises(navcore.DeniedError, match="the guard returned"):
        nav.push("product", id=1)
    assert any("the batch is denied" in record.getMessage() for record in caplog.records)


def test_a_raising_guard_is_logged_and_denies(nav: navcore.Navigator, caplog: pytest.LogCaptureFixture) -> None:
    def guard(proposal: Proposal) -> None:
        raise RuntimeError("boom")

    nav.set_guard(guard)
    with caplog.at_level(logging.ERROR, logger="navcore"), unchanged(nav), \
            pytest.raises(navcore.DeniedError, match="the guard raised RuntimeError: boom"):
        nav.push("product", id=1)
    assert any(record.exc_info for record in caplog.records)


def test_a_guard_that_changes_its_navigator_gets_cascade_error(nav: navcore.Navigator) -> None:
    seen: List[BaseException] = []

    def guard(proposal: Proposal) -> None:
        try:
            nav.push("checkout")
        except navcore.CascadeError as error:
            seen.append(error)
        nav.set_guard(None)  # setting the guard from inside it is allowed (it applies from the next call)

    nav.set_guard(guard)
    nav.push("product", id=1)
    assert top(nav) == "product" and len(seen) == 1
    assert "a guard cannot change the navigator it is judging" in seen[0].message
    nav.push("product", id=2)  # no guard any more


def test_a_guard_that_takes_a_result_from_its_navigator_gets_cascade_error(nav: navcore.Navigator) -> None:
    nav.apply([{"op": "push", "route": {"name": "product", "params": {"id": 1}}}, {"op": "pop", "result": 5}])
    seen: List[BaseException] = []

    def guard(proposal: Proposal) -> None:
        try:
            nav.take_result(1)
        except navcore.CascadeError as error:
            seen.append(error)

    nav.set_guard(guard)
    nav.push("product", id=2)
    assert len(seen) == 1, "refused, so the guard is asked once"
    assert "a guard cannot change the navigator it is judging" in seen[0].message
    nav.set_guard(None)
    assert nav.take_result(1) == 5


def test_a_change_from_another_thread_while_the_guard_runs_is_kept_and_the_guard_asked_again(
        nav: navcore.Navigator) -> None:
    calls: List[int] = []

    def guard(proposal: Proposal) -> None:
        calls.append(len(calls))
        if len(calls) == 1:
            # Another thread commits a change while this guard runs (it waits on the GIL-free library).
            worker = threading.Thread(target=lambda: nav.set_condition("signed_in", True))
            nav.set_guard(None)
            worker.start()
            worker.join()
            nav.set_guard(guard)

    nav.set_guard(guard)
    transition = nav.push("product", id=1)
    assert len(calls) == 2, "the batch was proposed again after the concurrent change"
    assert nav.conditions == {"signed_in": True}
    assert transition.seq == 2 and top(nav) == "product"


def test_threads_with_a_guard_do_not_deadlock_and_lose_nothing(nav: navcore.Navigator) -> None:
    nav.set_guard(lambda proposal: None if proposal.actions[0]["op"] != "present" else navcore.Deny("no"))
    errors: List[BaseException] = []

    def work() -> None:
        try:
            for _ in range(50):
                nav.push("product", id=1)
                _ = nav.state
        except BaseException as error:  # noqa: BLE001
            errors.append(error)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors and all(not thread.is_alive() for thread in threads)
    assert len(nav.stack) == 201 and nav.state.seq == 200


def test_a_batch_a_blocker_holds_back_is_not_shown_to_the_guard_and_proceeds_past_it(nav: navcore.Navigator) -> None:
    nav.push("product", id=1)
    nav.set_blocker(nav.stack[-1].id, "Unsaved draft")
    asked: List[Proposal] = []
    nav.set_guard(asked.append)
    with unchanged(nav), pytest.raises(navcore.BlockedError) as raised:
        nav.pop()
    assert raised.value.token and asked == []
    nav.proceed(raised.value)  # the host decided: the guard is not asked again
    assert top(nav) == "home" and asked == []


def test_a_batch_redirected_to_a_protected_route_is_held_and_redirected_when_replayed() -> None:
    table = {"navcore": 1, "root": "home", "styles": ["sheet", "cover"],
             "routes": {"home": {}, "login": {}, "cart": {}, "checkout": {"requires": ["signed_in"]}},
             "conditions": {"signed_in": {"flow": {"route": "login", "style": "cover"}}},
             "redirects": [{"from": "cart", "to": "checkout"}]}
    with navcore.Navigator(table) as nav:
        # The batch is held as asked (the redirect happens when it is replayed), the flow shows.
        held = nav.push("cart")
        assert held.intent is not None and held.intent.event == "held"
        assert held.redirects == () and "redirects" not in held.raw
        assert nav.pending is not None and top(nav) == "login"
        signed_in = nav.set_condition("signed_in", True)
        assert signed_in.redirects == (Redirected(from_route="cart", to_route="checkout"),)
        assert top(nav) == "checkout"
