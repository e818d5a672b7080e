"""Tokens (docs/blockers.md, "Tokens") through the binding: every batch a blocker holds back gets its
own token, which names exactly that batch; it proceeds once, while the batch would still make the
change it was held back for, and NoEntryError says why it no longer does. The property checks the
law over generated interleavings of held batches, unrelated and related changes, restores and
proceeds, against a twin navigator that applies the batch past every blocker."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Tuple

import pytest
import test_blockers
from hypothesis import given, settings
from hypothesis import strategies as st
from support import TABLES, unchanged

import navcore

TABLE = json.loads((TABLES / "signin.json").read_text())
TABLE["conditions"]["onboarded"] = {}  # a condition no batch reads
SIGN_OUT = {"op": "set_condition", "name": "signed_in", "value": False}


def drafting() -> navcore.Navigator:
    """Signed in, home > product 1 > checkout (id 5) blocking with "Unsaved draft"."""
    return test_blockers.drafting(TABLE)


def held(nav: navcore.Navigator, actions: Any) -> navcore.BlockedError:
    """The BlockedError ``actions`` raise, changing nothing."""
    with unchanged(nav), pytest.raises(navcore.BlockedError) as raised:
        nav.apply(actions)
    return raised.value


def refusal(nav: navcore.Navigator, token: navcore.BlockedError) -> str:
    """The message of the NoEntryError that proceeding with ``token`` raises, changing nothing."""
    with unchanged(nav), pytest.raises(navcore.NoEntryError) as raised:
        nav.proceed(token)
    assert raised.value.path == "token"
    return raised.value.message


def test_two_batches_held_back_by_one_draft_get_two_tokens_and_each_applies_its_own() -> None:
    with drafting() as nav:
        back = held(nav, {"op": "back"})
        sign_out = held(nav, SIGN_OUT)
        assert back.token != sign_out.token
        assert nav.proceed(back).cause.ops == ("back",)
        assert [e.name for e in nav.stack] == ["home", "product"] and nav.state.conditions["signed_in"] is True
        assert "it now differs in what it does to stack \"shop\"" in refusal(nav, sign_out)
        assert "it was already used: a token proceeds once" in refusal(nav, back)


def test_unrelated_changes_keep_the_token_and_a_restore_ends_it() -> None:
    with drafting() as nav:
        back = held(nav, {"op": "back"})
        nav.push("cart", tab="account")
        nav.set_entry_state(5, {"draft": "saved"})
        nav.set_condition("onboarded", True)
        assert [change.removed for change in nav.proceed(back).stacks.values()] == [(5,)]
    with drafting() as nav:
        own = nav.snapshot()
        back = held(nav, {"op": "back"})
        nav.restore(own)
        assert "restored or replayed since" in refusal(nav, back)


# The batches a blocker may hold back, and changes that do or do not touch what they would change.
ATTEMPTS = [[{"op": "back"}], [{"op": "pop_to_root"}], [SIGN_OUT], [{"op": "reset_tab", "tab": "shop"}],
            [{"op": "set_stack", "routes": [{"name": "cart"}]}], [{"op": "open_url", "url": "shop://product/3"}],
            [{"op": "reset_all"}], [{"op": "pop", "count": 2}]]
UNRELATED = [[{"op": "push", "route": {"name": "cart"}, "tab": "account"}],
             [{"op": "set_entry_state", "id": 5, "state": {"draft": "saved"}}],
             [{"op": "set_condition", "name": "onboarded", "value": True}],
             [{"op": "set_condition", "name": "onboarded", "value": False}]]
RELATED = [[{"op": "push", "route": {"name": "cart"}}], [{"op": "pop"}], [{"op": "select_tab", "tab": "account"}],
           [{"op": "select_tab", "tab": "shop"}], [{"op": "set_condition", "name": "signed_in", "value": True}],
           [{"op": "set_blocker", "id": 5, "reason": None}], [{"op": "set_blocker", "id": 4, "reason": "Marked later"}]]
APPLY = st.tuples(st.just("apply"), st.sampled_from(ATTEMPTS + UNRELATED + RELATED))
PROCEED = st.tuples(st.just("proceed"), st.integers(0, 40))
RESTORE = st.tuples(st.just("restore"), st.none())
STEPS = st.integers(0, 10).flatmap(lambda k: APPLY if k < 6 else PROCEED if k < 10 else RESTORE)  # restores are rarer


def change(nav: navcore.Navigator, actions: List[Dict[str, Any]]) -> Optional[Tuple[str, Any]]:
    """What ``actions`` would change on ``nav`` past every blocker, and the state after, from a twin
    restored from ``nav``'s conditions and snapshot that proceeds past each blocker; None when the batch fails."""
    with navcore.Navigator(TABLE) as twin:
        for name, value in nav.state.conditions.items():  # the host's facts, which a restore takes as they are
            twin.set_condition(name, value)
        twin.restore(nav.snapshot())
        assert twin.state.raw == nav.state.raw
        try:
            try:
                transition = twin.apply(actions)
            except navcore.BlockedError as blocked:
                while True:
                    try:
                        transition = twin.proceed(blocked)
                        break
                    except navcore.BlockedError as again:
                        blocked = again
        except navcore.NavError:
            return None
        raw = transition.raw
        stacks = {name: (part["removed"], [(e["name"], e["params"]) for e in part["added"]], part.get("moved"))
                  for name, part in raw["stacks"].items()}
        what = [stacks, raw["presented"], raw["dismissed"], raw.get("tab", {}).get("after"), raw.get("conditions"),
                raw.get("split"), (raw.get("intent") or {}).get("event"), raw.get("handed")]
        return json.dumps(what, sort_keys=True), twin.state.raw


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.lists(STEPS, max_size=24))
def test_a_proceed_applies_exactly_the_batch_its_token_names(steps: List[Tuple[str, Any]]) -> None:
    with drafting() as nav:
        tokens: List[Dict[str, Any]] = []  # each token given: its error, batch, change when held, whether ended

        def keep(blocked: navcore.BlockedError, actions: List[Dict[str, Any]], what: str) -> None:
            assert all(t["error"].token != blocked.token for t in tokens), "a token names one held batch"
            tokens.append({"error": blocked, "actions": actions, "change": what, "ended": False})

        for kind, value in steps:
            before = nav.state.raw
            if kind == "apply":
                now = change(nav, value)
                try:
                    nav.apply(value)
                except navcore.BlockedError as blocked:
                    assert now is not None
                    keep(blocked, value, now[0])
                except navcore.NavError:
                    assert nav.state.raw == before
            elif kind == "restore":
                nav.restore(nav.snapshot())
                for token in tokens:
                    token["ended"] = True
            elif tokens:
                token = tokens[value % len(tokens)]
                now = change(nav, token["actions"])
                alive = not token["ended"] and len(tokens) - tokens.index(token) <= navcore.MAX_HELD_BATCHES
                same = alive and now is not None and now[0] == token["change"]
                token["ended"] = True
                try:
                    nav.proceed(token["error"])
                    assert same and now is not None and nav.state.raw == now[1], token["actions"]
                except navcore.BlockedError as again:
                    assert same and nav.state.raw == before
                    keep(again, token["actions"], token["change"])
                except navcore.NoEntryError as refused:
                    assert not same, refused.message
                    assert refused.path == "token" and nav.state.raw == before
