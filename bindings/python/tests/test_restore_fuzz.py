"""Restore fuzzed with hypothesis: random mutations of valid snapshots (of the document and of its
text) either restore, with a report that matches its schema and a state whose own snapshot restores
exactly, or fail with RestoreError and change nothing. Nothing may crash the process.

Run with ``-s`` to see how many inputs ran.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Dict, List, Tuple

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from restore_support import navigator
from support import scaled, validate

import navcore

#: How many mutated snapshots each test restores.
EXAMPLES = 1500
#: Inputs that ran, by outcome.
COUNTS: Dict[str, int] = {"restored": 0, "refused": 0}


def seed_snapshots() -> List[Tuple[str, Dict[str, Any]]]:
    """Valid snapshots to mutate, each with the table it is restored into."""
    seeds = []
    with navigator("v1") as nav:
        nav.apply([{"op": "push", "route": {"name": "item", "params": {"sku": 7}}},
                   {"op": "push", "route": {"name": "promo", "params": {"code": "X"}}},
                   {"op": "push", "route": {"name": "checkout"}}])
        seeds.append(("v3", nav.snapshot()))
    with navigator("tabs") as nav:
        nav.push("product", id=1)
        nav.select_tab("cart")
        nav.push("product", id=2)
        nav.present("login", style="cover")
        nav.set_entry_state(4, {"scroll": [1, 2.5, None]})
        seeds.append(("tabs", nav.snapshot()))
    return seeds


SEEDS = seed_snapshots()

scalars = st.one_of(st.none(), st.booleans(), st.integers(-2, 2**63 - 1), st.floats(allow_nan=False, allow_infinity=False),
                    st.text(max_size=8), st.sampled_from(["home", "product", "layer:5", "sheet", "never", "x" * 70000]))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=4), inner, max_size=3)),
                      max_leaves=6)


def entries(document: Dict[str, Any]) -> List[Dict[str, Any]]:
    """Every entry object of a snapshot that still has its stacks."""
    stacks = list(document.get("stacks", {}).values()) if isinstance(document.get("stacks"), dict) else []
    layers = document.get("presentations", []) if isinstance(document.get("presentations"), list) else []
    return [entry for stack in stacks + layers if isinstance(stack, dict) and isinstance(stack.get("entries"), list)
            for entry in stack["entries"] if isinstance(entry, dict)]


def paths(document: Any, prefix: Tuple[Any, ...] = ()) -> List[Tuple[Any, ...]]:
    """Every path to a value inside ``document``."""
    found = [prefix]
    if isinstance(document, dict):
        for key, value in document.items():
            found += paths(value, prefix + (key,))
    elif isinstance(document, list):
        for index, value in enumerate(document):
            found += paths(value, prefix + (index,))
    return found


@st.composite
def mutated(draw: Callable[..., Any]) -> Tuple[str, Any]:
    """A seed snapshot with one to three mutations: values replaced, removed or duplicated, ids
    clashed, keys added, or its text cut, spliced or corrupted."""
    table, snapshot = draw(st.sampled_from(SEEDS))
    document = json.loads(json.dumps(snapshot))
    for _ in range(draw(st.integers(1, 3))):
        targets = entries(document)
        if targets and draw(st.booleans()):
            target = draw(st.sampled_from(targets))
            key = draw(st.sampled_from(["name", "params", "state"]))
            target[key] = draw(st.sampled_from(["home", "product", "item", "cart", "checkout", "login", "promo", "gone"])
                               if key == "name" else st.dictionaries(st.sampled_from(["id", "sku", "code", "x"]), scalars, max_size=2)
                               if key == "params" else values)
            continue
        path = draw(st.sampled_from(paths(document)))
        if not path:
            continue
        *parent_path, last = path
        parent = document
        for key in parent_path:
            parent = parent[key]
        kind = draw(st.sampled_from(["replace", "remove", "duplicate", "id", "key"]))
        if kind == "replace":
            parent[last] = draw(values)
        elif kind == "remove":
            del parent[last]
        elif kind == "duplicate" and isinstance(parent, list):
            parent.append(json.loads(json.dumps(parent[last])))
        elif kind == "id":
            parent[last] = draw(st.sampled_from([0, 1, 2, 5, -1, 2**63 - 1, snapshot["next_id"]]))
        elif isinstance(parent, dict):
            parent[draw(st.text(min_size=1, max_size=5))] = draw(values)
    text = json.dumps(document, ensure_ascii=False)
    if draw(st.integers(0, 4)) == 0:
        cut = draw(st.integers(0, len(text)))
        text = draw(st.sampled_from([text[:cut], text[:cut] + text[cut + 1:], text[:cut] + "\"{[" + text[cut:],
                                     text[:cut] + "\udc80" + text[cut:]]))
    return table, text


@settings(max_examples=scaled(EXAMPLES), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated(), st.integers(0, 5))
def test_mutated_snapshots_restore_or_fail_cleanly(case: Tuple[str, str], veto: int) -> None:
    table, text = case
    with navigator(table) as nav:
        nav.push("product", id=99)
        before = nav.state_json
        try:
            report = nav.restore(text.encode("utf-8", "surrogatepass"), validator=lambda entry: entry.id % 6 != veto)
        except navcore.RestoreError:
            COUNTS["refused"] += 1
            assert nav.state_json == before
            return
        COUNTS["restored"] += 1
        validate("restore-report", report.raw)
        validate("state", nav.state.raw)
        with navigator(table) as copy:
            again = copy.restore(nav.snapshot())
            assert again.dropped == () and again.restarted == ()
            assert copy.state_json == nav.state_json


def test_the_fuzzer_ran_both_outcomes() -> None:
    total = COUNTS["restored"] + COUNTS["refused"]
    print(f"\nrestore fuzz (Python, hypothesis): {total} inputs ran without a crash: "
          f"{COUNTS['restored']} restored, {COUNTS['refused']} refused with NAVCORE_ERESTORE")
    if total:  # the counts exist only when the fuzz test ran first, in the same process
        assert COUNTS["restored"] > 0 and COUNTS["refused"] > 0
