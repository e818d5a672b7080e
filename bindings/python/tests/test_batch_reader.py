"""A batch reads the same whichever reader reads it (docs/building.md, "Where the time goes"):
navcore_apply reads the batches callers usually send (an action's ``op`` first) without jansson,
and leaves every other text to jansson. The same batch with ``op`` written last goes to jansson;
over generated batches, good and bad, both give the same transition and state, or the same error."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Dict, List, Tuple

from hypothesis import given, settings
from hypothesis import strategies as st
from support import TABS_TABLE_PATH, scaled

import navcore

OPS = json.loads((Path(__file__).resolve().parents[3] / "Include" / "navcore_ops.json").read_text())["ops"]
TABLE = TABS_TABLE_PATH.read_text(encoding="utf-8")

routes = st.one_of(
    st.sampled_from([{"name": "home"}, {"name": "cart"}, {"name": "product", "params": {"id": 4}},
                     {"name": "category", "params": {"slug": "shoes"}}, {"name": "search", "params": {}},
                     {"name": "subscription", "params": {"plan": "yearly"}}]),
    st.fixed_dictionaries({"name": st.sampled_from(["product", "nowhere"]),
                           "params": st.dictionaries(st.sampled_from(["id", "slug"]),
                                                     st.one_of(st.integers(-3, 3), st.text(max_size=2), st.none()), max_size=2)}),
)
#: Any JSON value jansson reads (a text it refuses would name a column, which moving ``op`` shifts).
json_values = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.text(max_size=3), st.lists(st.integers(-(2**62), 2**62), max_size=2))
#: A value of each field kind of the table of ops: mostly one the op takes.
KINDS: Dict[str, st.SearchStrategy[Any]] = {
    "route": routes,
    "routes": st.lists(routes, max_size=3),
    "tab": st.sampled_from(["shop", "cart", "settings", "nowhere"]),
    "stack": st.one_of(st.sampled_from(["main", "shop", "cart"]), st.integers(0, 6)),
    "int": st.integers(-1, 6),
    "bool": st.booleans(),
    "string": st.sampled_from(["signed_in", "shop://home", "en", "x", "caf\u00e9"]),
    "push_policy": st.sampled_from(["allow", "single_top", "bring_to_front", "replace_top", "sometimes"]),
    "present_policy": st.sampled_from(["allow", "single_top", "replace", "nope"]),
    "open_mode": st.sampled_from(["push", "replace", "sideways"]),
    "json": json_values,
    "string_or_null": st.one_of(st.none(), st.sampled_from(["Draft", ""])),
}


@st.composite
def actions(draw: Callable[..., Any]) -> Dict[str, Any]:
    """An action of a random op: its required fields most often, its optional ones now and then,
    each a value of its kind or, one time in ten, of any kind."""
    op = draw(st.sampled_from(OPS))
    action: Dict[str, Any] = {"op": op["op"]}
    for field in op["fields"]:
        if draw(st.integers(0, 9)) < (9 if field["presence"] == "required" else 3):
            kind = field["kind"] if draw(st.integers(0, 9)) else draw(st.sampled_from(sorted(KINDS)))
            action[field["key"]] = draw(KINDS[kind])
    return action


def op_last(action: Dict[str, Any]) -> Dict[str, Any]:
    """The same action with ``op`` written last, which navcore's reader leaves to jansson."""
    return {**{key: value for key, value in action.items() if key != "op"}, "op": action["op"]}


def outcome(nav: navcore.Navigator, batch: List[Dict[str, Any]]) -> Tuple[Any, ...]:
    """What applying ``batch`` gives: the transition and the state after it, or the error."""
    try:
        return ("applied", nav.apply(batch), nav.snapshot())
    except navcore.NavError as error:
        return ("refused", type(error), str(error), nav.snapshot())


@settings(max_examples=scaled(150), deadline=None)
@given(st.lists(st.lists(actions(), max_size=3), min_size=1, max_size=6))
def test_a_batch_gives_the_same_whichever_reader_reads_it(batches: List[List[Dict[str, Any]]]) -> None:
    read, parsed = navcore.Navigator(TABLE), navcore.Navigator(TABLE)
    for batch in batches:
        assert outcome(read, batch) == outcome(parsed, [op_last(action) for action in batch]), batch
