"""One road per op (Include/navcore.h, "One C function per op"): each op's Navigator method calls the
op's C function, navcore_<op>, for every call that function expresses, and navcore_apply only for what
the header's rule leaves to apply (tab, stack, policy, result, pop_to by name) and for arguments no C
parameter holds. The road is seen by counting the library calls the method makes through a wrapper."""

from __future__ import annotations

import contextlib
import importlib
import json
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List

import pytest
from support import TABS_TABLE_PATH

import navcore
from navcore._library import LIB

OPS = [entry["op"] for entry in json.loads((Path(__file__).resolve().parents[3] / "Include" / "navcore_ops.json").read_text())["ops"]]
Call = Callable[[navcore.Navigator], Any]

#: Calls each op's C function expresses: each must call navcore_<op> and nothing else.
BY_C_FUNCTION: Dict[str, List[Call]] = {
    "push": [lambda nav: nav.push("home"), lambda nav: nav.push("product", id=4)],
    "pop": [lambda nav: nav.pop(), lambda nav: nav.pop(2)],
    "pop_to": [lambda nav: nav.pop_to(1), lambda nav: nav.pop_to(1, inclusive=True)],
    "pop_to_root": [lambda nav: nav.pop_to_root()],
    "replace": [lambda nav: nav.replace("home"), lambda nav: nav.replace("product", {"id": 4})],
    "set_stack": [lambda nav: nav.set_stack(["home", ("product", {"id": 4})])],
    "select_tab": [lambda nav: nav.select_tab("shop")],
    "reset_tab": [lambda nav: nav.reset_tab(), lambda nav: nav.reset_tab("shop")],
    "reset_all": [lambda nav: nav.reset_all()],
    "present": [lambda nav: nav.present("home"), lambda nav: nav.present("product", id=4, style="sheet")],
    "dismiss": [lambda nav: nav.dismiss(), lambda nav: nav.dismiss(True)],
    "back": [lambda nav: nav.back()],
    "select": [lambda nav: nav.select("home"), lambda nav: nav.select("product", id=4)],
    "open_url": [lambda nav: nav.open_url("shop://home"), lambda nav: nav.open_url("shop://home", "push", True)],
    "set_entry_state": [lambda nav: nav.set_entry_state(1, {"draft": "hi"}), lambda nav: nav.set_entry_state(1, None)],
    "set_condition": [lambda nav: nav.set_condition("signed_in", True)],
    "set_compact": [lambda nav: nav.set_compact(True)],
    "set_blocker": [lambda nav: nav.set_blocker(1, "Draft"), lambda nav: nav.clear_blocker(1)],
    "take_result": [lambda nav: nav.take_result(1)],
    "set_locale": [lambda nav: nav.set_locale("en")],
}

#: Calls the header's rule leaves to apply, or whose arguments no C parameter holds.
BY_APPLY: Dict[str, List[Call]] = {
    "push": [lambda nav: nav.push("home", tab="shop"), lambda nav: nav.push("home", policy="single_top")],
    "pop": [lambda nav: nav.pop(tab="shop"), lambda nav: nav.pop(result=1), lambda nav: nav.pop(2**40)],
    "pop_to": [lambda nav: nav.pop_to(name="home"), lambda nav: nav.pop_to(1, tab="shop"), lambda nav: nav.pop_to(2**70)],
    "pop_to_root": [lambda nav: nav.pop_to_root(tab="shop")],
    "replace": [lambda nav: nav.replace("home", tab="shop")],
    "set_stack": [lambda nav: nav.set_stack(["home"], tab="shop")],
    "present": [lambda nav: nav.present("home", policy="allow")],
    "dismiss": [lambda nav: nav.dismiss(result=1)],
    "back": [lambda nav: nav.back(result=1)],
    "open_url": [lambda nav: nav.open_url("shop://home", "sideways")],  # type: ignore[arg-type]
    "set_entry_state": [lambda nav: nav.set_entry_state(2**70, 1)],
    "set_blocker": [lambda nav: nav.set_blocker(2**70, "Draft")],
}


class Recorder:
    """The library, with every navcore_* function it hands out counting its calls in ``called``."""

    def __init__(self) -> None:
        self.called: List[str] = []

    def __getattr__(self, name: str) -> Any:
        function = getattr(LIB, name)
        if not name.startswith("navcore_"):
            return function

        def counted(*args: Any) -> Any:
            self.called.append(name)
            return function(*args)

        return counted


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Iterator[Recorder]:
    """The Navigator's library replaced by a Recorder for the test."""
    recording = Recorder()
    monkeypatch.setattr(importlib.import_module("navcore.navigator"), "LIB", recording)
    yield recording


def roads(recorder: Recorder, call: Call) -> List[str]:
    """The library functions ``call`` makes on a fresh navigator over the tabs table; what the
    library answers (an unknown route, say) does not matter, only which function it was asked by."""
    with navcore.Navigator(TABS_TABLE_PATH) as nav:
        recorder.called.clear()
        with contextlib.suppress(navcore.NavError):
            call(nav)
        return list(recorder.called)


def test_every_op_of_the_table_has_calls_here() -> None:
    assert sorted(BY_C_FUNCTION) == sorted(OPS)
    assert set(BY_APPLY) <= set(OPS)


@pytest.mark.parametrize("op", OPS)
def test_a_call_the_c_function_expresses_takes_it(recorder: Recorder, op: str) -> None:
    for index, call in enumerate(BY_C_FUNCTION[op]):
        assert roads(recorder, call) == [f"navcore_{op}"], f"Navigator.{op}, call {index}"


@pytest.mark.parametrize("op", sorted(BY_APPLY))
def test_an_option_left_to_apply_takes_apply(recorder: Recorder, op: str) -> None:
    for index, call in enumerate(BY_APPLY[op]):
        assert roads(recorder, call) == ["navcore_apply"], f"Navigator.{op}, call {index}"
