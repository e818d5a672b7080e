"""Navigator: construction from every table form, and every method's marshalling and result."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Dict, Iterable, List

import pytest
from support import REPO, SHOP_TABLE_PATH, json_equal

import navcore

HOME = {"id": 1, "name": "home", "params": {}, "title": "Home"}


def names(nav: navcore.Navigator) -> List[str]:
    """The route names of the stack, root first."""
    return [entry.name for entry in nav.stack]


def raws(entries: Iterable[navcore.Entry]) -> List[Any]:
    """The entries as the library wrote them, root first."""
    return [entry.raw for entry in entries]


class _PathLike(os.PathLike):  # type: ignore[type-arg]
    """A minimal os.PathLike that is not a pathlib.Path."""

    def __init__(self, path: Path) -> None:
        self._path = path

    def __fspath__(self) -> str:
        return str(self._path)


@pytest.mark.parametrize(
    "make",
    [
        lambda table: table,
        lambda table: json.dumps(table),
        lambda table: "\n  \t" + json.dumps(table, indent=2),
        lambda table: json.dumps(table).encode("utf-8"),
        lambda table: str(SHOP_TABLE_PATH),
        lambda table: SHOP_TABLE_PATH,
        lambda table: _PathLike(SHOP_TABLE_PATH),
    ],
    ids=["dict", "json str", "json str after whitespace", "json bytes", "path str", "pathlib", "os.PathLike"],
)
def test_every_table_form_makes_the_same_navigator(table: Dict[str, Any], make: Any) -> None:
    with navcore.Navigator(make(table)) as nav:
        assert raws(nav.stack) == [HOME]
        assert nav.stack == (navcore.Entry(**HOME),)
        state = nav.state
        assert isinstance(state, navcore.State)
        assert state.raw["navcore"] == navcore.FORMAT
        assert state.next_id == 2
        assert state.seq == 0
        assert state.table_version == table.get("version", 1)
        assert raws(state.stacks[state.active_stack].entries) == [HOME]


def test_table_path_relative_to_cwd(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(SHOP_TABLE_PATH.parent)
    with navcore.Navigator("shop.json") as nav:
        assert names(nav) == ["home"]


def test_push_with_keyword_params_returns_the_transition(nav: navcore.Navigator) -> None:
    transition = nav.push("product", id=42)
    product = {"id": 2, "name": "product", "params": {"id": 42}, "title": "Product 42"}
    assert isinstance(transition, navcore.Transition)
    assert json_equal(
        transition.raw,
        {
            "navcore": 1,
            "seq": 1,
            "changed": True,
            "cause": {"source": "actions", "ops": ["push"]},
            "results": ["pushed"],
            "stacks": {"main": {"removed": [], "added": [product]}},
            "presented": [],
            "dismissed": [],
            "before": {"stack": "main", "top": HOME},
            "after": {"stack": "main", "top": product},
        },
    )
    assert transition.after.top.title == "Product 42"
    assert transition.after.top == navcore.Entry(**product)
    assert raws(nav.stack) == [HOME, product]


def test_push_with_a_params_mapping(nav: navcore.Navigator) -> None:
    nav.push("category", {"slug": "shoes"})
    assert nav.stack[-1].raw == {"id": 2, "name": "category", "params": {"slug": "shoes"}, "title": "shoes"}


def test_push_mapping_and_keywords_merge(nav: navcore.Navigator) -> None:
    nav.push("search", {"q": "boots"}, page=3)
    assert nav.stack[-1].params == {"q": "boots", "page": 3}


def test_push_param_given_twice_is_a_type_error(nav: navcore.Navigator) -> None:
    with pytest.raises(TypeError, match="page"):
        nav.push("search", {"page": 2}, page=3)
    assert names(nav) == ["home"]


def test_push_a_param_literally_named_name(table: Dict[str, Any]) -> None:
    table["routes"]["tag"] = {"params": {"name": "string"}, "title": "#{name}"}
    with navcore.Navigator(table) as nav:
        nav.push("tag", name="sale")
        nav.push("tag", {"name": "new"})
        assert [entry.title for entry in nav.stack] == ["Home", "#sale", "#new"]


def test_push_without_params_fills_defaults(nav: navcore.Navigator) -> None:
    nav.push("subscription")
    nav.push("search")
    assert [entry.params for entry in nav.stack[1:]] == [{"plan": "monthly"}, {"page": 1}]


def test_push_keeps_json_types(nav: navcore.Navigator) -> None:
    nav.push("flags", on=True)
    nav.push("account", user="6F9619FF-8B86-D011-B42D-00C04FC964FF")
    nav.push("category", slug="café ☕ \U0001f45f")
    flags, account, category = nav.stack[1:]
    assert json_equal(flags.params, {"on": True})
    assert account.params == {"user": "6f9619ff-8b86-d011-b42d-00c04fc964ff"}
    assert category.title == "café ☕ \U0001f45f"


def test_pop_removes_one_entry(nav: navcore.Navigator) -> None:
    nav.push("product", id=1)
    nav.push("product", id=2)
    transition = nav.pop()
    assert transition.cause.ops == ("pop",)
    assert transition.stacks["main"].removed == (3,)
    assert transition.after.top.params == {"id": 1}
    assert names(nav) == ["home", "product"]


def test_pop_count(nav: navcore.Navigator) -> None:
    for product in range(4):
        nav.push("product", id=product)
    assert nav.pop(3).stacks["main"].removed == (3, 4, 5)
    assert [entry.id for entry in nav.stack] == [1, 2]


def test_pop_past_the_root_keeps_the_root(nav: navcore.Navigator) -> None:
    nav.push("checkout")
    assert nav.pop(50).changed is True
    assert raws(nav.stack) == [HOME]


def test_pop_count_beyond_a_c_int_still_pops_to_the_root(nav: navcore.Navigator) -> None:
    nav.push("checkout")
    nav.push("settings")
    transition = nav.pop(2**40)
    assert transition.stacks["main"].removed == (2, 3)
    assert raws(nav.stack) == [HOME]


def test_pop_at_the_root_changes_nothing(nav: navcore.Navigator) -> None:
    transition = nav.pop()
    assert transition.changed is False
    assert transition.stacks == {}
    assert transition.seq == 0
    assert transition.before.top.raw == transition.after.top.raw == HOME
    assert transition.results == ("unchanged",)


def test_pop_to_id(nav: navcore.Navigator) -> None:
    nav.set_stack(["checkout", "settings", ("subscription", {"plan": "yearly"})])
    transition = nav.pop_to(2)
    assert transition.cause.ops == ("pop_to",)
    assert transition.stacks["main"].removed == (3, 4)
    assert names(nav) == ["home", "checkout"]


def test_pop_to_id_inclusive(nav: navcore.Navigator) -> None:
    nav.set_stack(["checkout", "settings", "subscription"])
    nav.pop_to(3, inclusive=True)
    assert names(nav) == ["home", "checkout"]


def test_pop_to_name_takes_the_topmost(nav: navcore.Navigator) -> None:
    nav.set_stack([("product", {"id": 1}), "checkout", ("product", {"id": 2}), "settings"])
    nav.pop_to(name="product")
    assert [entry.id for entry in nav.stack] == [1, 2, 3, 4]


def test_pop_to_name_inclusive(nav: navcore.Navigator) -> None:
    nav.set_stack([("product", {"id": 1}), "checkout", ("product", {"id": 2}), "settings"])
    nav.pop_to(name="product", inclusive=True)
    assert names(nav) == ["home", "product", "checkout"]


def test_pop_to_root_entry_inclusive_keeps_the_root(nav: navcore.Navigator) -> None:
    nav.set_stack(["checkout", "settings"])
    nav.pop_to(1, inclusive=True)
    assert raws(nav.stack) == [HOME]


def test_pop_to_root(nav: navcore.Navigator) -> None:
    nav.set_stack(["checkout", "settings"])
    transition = nav.pop_to_root()
    assert transition.cause.ops == ("pop_to_root",)
    assert transition.stacks["main"].removed == (2, 3)
    assert transition.after.top.raw == HOME
    assert nav.pop_to_root().changed is False


def test_replace_takes_a_new_id(nav: navcore.Navigator) -> None:
    nav.push("checkout")
    transition = nav.replace("order_confirmation", order=1001)
    confirmation = {"id": 3, "name": "order_confirmation", "params": {"order": 1001}, "title": "Order 1001"}
    assert transition.stacks["main"].raw == {"removed": [2], "added": [confirmation]}
    assert transition.stacks["main"].added == (navcore.Entry(**confirmation),)
    assert transition.cause.ops == ("replace",)
    assert raws(nav.stack) == [HOME, confirmation]


def test_replace_with_a_params_mapping(nav: navcore.Navigator) -> None:
    nav.push("checkout")
    nav.replace("subscription", {"plan": "yearly"})
    assert nav.stack[-1].title == "Subscription (yearly)"


def test_set_stack_accepts_dicts_tuples_and_names(nav: navcore.Navigator) -> None:
    transition = nav.set_stack(
        [{"name": "category", "params": {"slug": "shoes"}}, ("product", {"id": 42}), "checkout"]
    )
    assert transition.cause.ops == ("set_stack",)
    assert [entry.title for entry in nav.stack] == ["Home", "shoes", "Product 42", "Checkout"]
    assert [entry.id for entry in transition.stacks["main"].added] == [2, 3, 4]
    assert all(isinstance(entry, navcore.Entry) for entry in transition.stacks["main"].added)


def test_set_stack_keeps_ids_up_to_the_first_difference(nav: navcore.Navigator) -> None:
    nav.set_stack([("category", {"slug": "shoes"}), ("product", {"id": 42}), "checkout"])
    transition = nav.set_stack([("category", {"slug": "shoes"}), ("product", {"id": 7}), "checkout"])
    assert transition.stacks["main"].removed == (3, 4)
    assert [entry.id for entry in nav.stack] == [1, 2, 5, 6]


def test_set_stack_empty_clears_the_path(nav: navcore.Navigator) -> None:
    nav.set_stack(["checkout"])
    nav.set_stack([])
    assert raws(nav.stack) == [HOME]


def test_apply_a_single_action(nav: navcore.Navigator) -> None:
    transition = nav.apply({"op": "push", "route": {"name": "checkout"}})
    assert transition.cause.ops == ("push",)
    assert transition.cause.source == "actions"
    assert names(nav) == ["home", "checkout"]


def test_apply_a_batch_is_one_transition(nav: navcore.Navigator) -> None:
    transition = nav.apply(
        [
            {"op": "push", "route": {"name": "product", "params": {"id": 42}}},
            {"op": "push", "route": {"name": "checkout"}},
            {"op": "pop"},
            {"op": "replace", "route": {"name": "settings"}},
        ]
    )
    assert transition.cause.ops == ("push", "push", "pop", "replace")
    assert transition.seq == 1
    assert transition.stacks["main"].removed == ()
    assert [entry.id for entry in transition.stacks["main"].added] == [4]
    assert nav.state.seq == 1


def test_apply_json_text_str_and_bytes(nav: navcore.Navigator) -> None:
    nav.apply('[{"op": "push", "route": {"name": "category", "params": {"slug": "caf\\u00e9"}}}]')
    nav.apply('{"op": "push", "route": {"name": "category", "params": {"slug": "thé"}}}')
    nav.apply('{"op": "push", "route": {"name": "category", "params": {"slug": "Schuhe"}}}'.encode())
    assert [entry.title for entry in nav.stack[1:]] == ["café", "thé", "Schuhe"]


def test_state_json_is_the_text_state_parses(nav: navcore.Navigator) -> None:
    nav.push("product", id=42)
    text = nav.state_json
    assert isinstance(text, str)
    assert json.loads(text) == nav.state.raw
    assert nav.state == navcore.State.from_json(text)
    assert nav.state.next_id == 3
    assert nav.state.seq == 1


def test_stack_is_the_active_stack_of_the_state(nav: navcore.Navigator) -> None:
    nav.set_stack(["checkout", "settings"])
    state = nav.state
    assert nav.stack == state.stacks[state.active_stack].entries
    assert raws(nav.stack) == raws(state.stacks[state.active_stack].entries)


def test_the_same_actions_give_the_same_ids(table: Dict[str, Any]) -> None:
    def run() -> str:
        with navcore.Navigator(table) as nav:
            nav.push("product", id=1)
            nav.replace("checkout")
            nav.pop()
            nav.set_stack(["settings", "subscription"])
            return nav.state_json

    assert run() == run()


def test_repr_tells_open_from_closed(nav: navcore.Navigator) -> None:
    assert repr(nav) == "<Navigator open>"
    nav.close()
    assert repr(nav) == "<Navigator closed>"


def test_library_version_matches_the_header() -> None:
    header = (REPO / "Include" / "navcore.h").read_text()
    major = next(line.split()[2] for line in header.splitlines() if line.startswith("#define NAVCORE_VERSION_MAJOR"))
    assert navcore.version().split(".")[0] == major == str(navcore.VERSION_MAJOR)
    assert len(navcore.version().split(".")) == 3


def test_constants_match_the_header() -> None:
    header = (REPO / "Include" / "navcore.h").read_text()
    defines = {
        parts[1]: parts[2]
        for parts in (line.split() for line in header.splitlines())
        if len(parts) >= 3 and parts[0] == "#define"
    }
    assert defines["NAVCORE_FORMAT"] == str(navcore.FORMAT)
    limits = {name[len("NAVCORE_"):]: value.rstrip("L") for name, value in defines.items() if name.startswith("NAVCORE_MAX_")}
    assert len(limits) == 16
    for name, value in limits.items():
        assert getattr(navcore, name) == int(value), name
    for code, cls in navcore.errors.ERROR_CLASSES.items():
        assert defines[cls.STATUS] == f"({code})"
