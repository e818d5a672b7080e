"""Results between screens (docs/blockers.md#results) through the binding: pop, back and dismiss hand
a result to the screen they reveal, which holds it until take_result, once; it survives a
snapshot, a restore and a replay; a result with no receiver or over the limits changes nothing."""

from __future__ import annotations

import json
from typing import Any, List

import pytest
from support import TABLES, unchanged, validate

import navcore

TABLE = json.loads((TABLES / "shop.json").read_text())


@pytest.fixture
def nav() -> Any:
    with navcore.Navigator(TABLE) as navigator:
        navigator.push("product", id=1)
        navigator.push("product", id=2)
        yield navigator


def test_a_pop_hands_its_result_once(nav: navcore.Navigator) -> None:
    transition = nav.pop(result={"color": "blue"})
    assert transition.raw["handed"] == [{"from": 3, "to": 2, "value": {"color": "blue"}}]
    (handed,) = transition.handed
    assert isinstance(handed, navcore.Handed)
    assert (handed.from_id, handed.to_id, handed.value) == (3, 2, {"color": "blue"})
    assert transition.results == ("popped",) and transition.after.top.id == 2
    assert transition.after.top.result == {"color": "blue"}, "the entry revealed holds the result"
    assert nav.stack[-1].result == {"color": "blue"}
    validate("transition", transition.raw)
    validate("state", nav.state.raw)
    assert nav.take_result(2) == {"color": "blue"}
    assert nav.stack[-1].result is None and "result" not in nav.stack[-1].raw
    with pytest.raises(navcore.NoEntryError) as again:
        nav.take_result(2)
    assert again.value.path == "actions[0].id"


def test_back_and_dismiss_hand_results_to_what_they_reveal(nav: navcore.Navigator) -> None:
    nav.present("home")
    dismissed = nav.dismiss(result=42)
    assert [(h.from_id, h.to_id, h.value) for h in dismissed.handed] == [(4, 3, 42)]
    assert nav.stack[-1].result == 42
    nav.present("home")
    nav.back(result="picked")
    assert nav.take_result(3) == "picked", "the newer result replaced the one held"


def test_a_result_survives_a_snapshot_and_a_replay(nav: navcore.Navigator) -> None:
    nav.record(True)
    nav.pop(result=[1, 2, 3])
    with navcore.Navigator(TABLE) as restored:
        restored.restore(nav.snapshot())
        assert restored.take_result(2) == [1, 2, 3]
    nav.take_result(2)
    log = nav.log
    validate("log", log)
    with navcore.Navigator(TABLE) as replayed:
        replayed.replay(log)
        assert replayed.state.raw == nav.state.raw
        assert replayed.state == nav.state, "equal documents decode to equal states"


def test_popping_to_the_root_hands_the_result_to_the_root(nav: navcore.Navigator) -> None:
    transition = nav.pop(3, result=1)
    assert len(nav.stack) == 1 and nav.stack[0].result == 1 and nav.stack[0].id == 1
    assert transition.stacks["main"].removed == (2, 3) and transition.stacks["main"].added == ()
    assert transition.after.top == nav.stack[0]


def deep(levels: int) -> Any:
    value: Any = 1
    for _ in range(levels):
        value = [value]
    return value


def test_bad_results_change_nothing(nav: navcore.Navigator) -> None:
    with unchanged(nav), pytest.raises(navcore.ActionError) as too_deep:
        nav.pop(result=deep(40))
    assert too_deep.value.path == "actions[0].result"
    with unchanged(nav), pytest.raises(navcore.NoEntryError) as nobody:
        nav.take_result(99)
    assert nobody.value.path == "actions[0].id"
    nav.pop_to_root()
    with unchanged(nav), pytest.raises(navcore.ActionError) as no_receiver:
        nav.back(result=1)
    assert no_receiver.value.path == "actions[0].result" and "no screen receives the result" in no_receiver.value.message


def test_a_result_handed_to_an_entry_the_batch_then_removes_is_refused(nav: navcore.Navigator) -> None:
    with unchanged(nav), pytest.raises(navcore.ActionError) as raised:
        nav.apply([{"op": "pop", "result": "blue"}, {"op": "pop"}])
    assert raised.value.path == "actions[0].result"
    assert raised.value.message == ('actions[0].result: no screen receives the result: entry 2 ("Product 1") received it, '
                                    "but a later action of the batch removed it")


def test_a_result_handed_without_moving_a_stack_is_heard(nav: navcore.Navigator) -> None:
    heard: List[navcore.Transition] = []
    nav.subscribe(heard.append)
    seq = nav.state.seq
    transition = nav.apply([{"op": "push", "route": {"name": "checkout"}}, {"op": "pop", "result": "red"}])
    assert transition.changed and transition.seq == seq + 1 and nav.state.seq == seq + 1
    assert [(h.from_id, h.to_id, h.value) for h in transition.handed] == [(4, 3, "red")]
    assert transition.stacks == {}, "the picker came and went"
    assert heard == [transition], "the listener hears what the entry now holds"
    validate("transition", transition.raw)
    assert nav.take_result(3) == "red"
    assert len(heard) == 1, "taking it is the app's own doing: nothing to hear"
