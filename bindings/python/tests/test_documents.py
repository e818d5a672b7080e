"""The typed documents (navcore.entries, .transitions, .reports, .view_model, .literals).

Three laws hold them to the library: every class has exactly the keys its JSON Schema declares
(required ones without a default, optional ones with one); every Literal type lists exactly the
schema's enum; and a decoded document's fields say what its ``raw`` JSON says, for the documents
of seeded random walks over tables with tabs, links (into nested containers too), conditions,
flows and blockers.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any, Dict, List, Mapping, Optional, Tuple, Type, get_args

import pytest
from support import SCHEMAS, SPLIT_TABLE_PATH, TABLES, scaled

import navcore
from navcore import literals
from navcore._document import Document


def _schema_file(name: str) -> Dict[str, Any]:
    """The parsed schema file ``name`` of docs/schema."""
    document: Dict[str, Any] = json.loads((SCHEMAS / name).read_text())
    return document


def schema_at(reference: str, base: str = "") -> Dict[str, Any]:
    """The schema object at ``reference`` (``file.json#/json/pointer``, or ``#/pointer`` within
    ``base``), following a ``$ref`` found there."""
    file, _, pointer = reference.partition("#")
    file = file or base
    node: Any = _schema_file(file)
    for part in filter(None, pointer.split("/")):
        node = node[int(part)] if isinstance(node, list) else node[part]
    if "$ref" in node and "properties" not in node:
        return schema_at(node["$ref"], file)
    result: Dict[str, Any] = node
    return result


#: Each typed class and the schema object it decodes.
CLASSES: List[Tuple[Type[Document], str]] = [
    (navcore.Entry, "entry.schema.json#"),
    (navcore.Route, "route.schema.json#"),
    (navcore.Top, "transition.schema.json#/$defs/top"),
    (navcore.Stack, "state.schema.json#/properties/stacks/additionalProperties"),
    (navcore.Layer, "state.schema.json#/$defs/presentation"),
    (navcore.Pending, "state.schema.json#/properties/pending"),
    (navcore.State, "state.schema.json#"),
    (navcore.StackChange, "transition.schema.json#/$defs/stack_change"),
    (navcore.Presented, "transition.schema.json#/properties/presented/items"),
    (navcore.TabChange, "transition.schema.json#/properties/tab"),
    (navcore.Redirected, "transition.schema.json#/properties/redirects/items"),
    (navcore.Handed, "transition.schema.json#/properties/handed/items"),
    (navcore.ReplacedIntent, "transition.schema.json#/properties/intent/properties/replaced"),
    (navcore.Intent, "transition.schema.json#/properties/intent"),
    (navcore.Transition, "transition.schema.json#"),
    (navcore.LinkLayer, "resolution.schema.json#/properties/layers/items"),
    (navcore.Resolution, "resolution.schema.json#"),
    (navcore.Blocker, "back-preview.schema.json#/properties/blocked"),
    (navcore.BackPreview, "back-preview.schema.json#"),
    (navcore.Blocked, "blocked.schema.json#"),
    (navcore.MigrationChange, "restore-report.schema.json#/properties/migrations/items/properties/changes/items"),
    (navcore.Migration, "restore-report.schema.json#/properties/migrations/items"),
    (navcore.Unmigrated, "restore-report.schema.json#/properties/unmigrated"),
    (navcore.Dropped, "restore-report.schema.json#/properties/dropped/items"),
    (navcore.Restarted, "restore-report.schema.json#/properties/restarted/items"),
    (navcore.RestoreReport, "restore-report.schema.json#"),
    (navcore.BackButton, "view-model.schema.json#/properties/layers/items/properties/back"),
    (navcore.LayerView, "view-model.schema.json#/properties/layers/items"),
    (navcore.TabView, "view-model.schema.json#/properties/tabs/items"),
    (navcore.SidebarItem, "view-model.schema.json#/properties/sidebar/properties/items/items"),
    (navcore.Sidebar, "view-model.schema.json#/properties/sidebar"),
    (navcore.ViewModel, "view-model.schema.json#"),
]


def json_keys(cls: Type[Document]) -> Dict[str, bool]:
    """Each field's JSON key, with whether the field is required (has no default)."""
    return {
        field.metadata.get("key", field.name): field.default is dataclasses.MISSING
        and field.default_factory is dataclasses.MISSING
        for field in dataclasses.fields(cls)
    }


@pytest.mark.parametrize("cls, reference", CLASSES, ids=[cls.__name__ for cls, _ in CLASSES])
def test_each_class_has_the_keys_of_its_schema(cls: Type[Document], reference: str) -> None:
    schema = schema_at(reference)
    declared = set(schema["properties"]) - {"navcore"}
    required = set(schema.get("required", ())) - {"navcore"}
    keys = json_keys(cls)
    assert set(keys) == declared, f"{cls.__name__}: fields for {sorted(set(keys) ^ declared)}"
    assert {key for key, needed in keys.items() if needed} == required


def test_the_cause_has_the_keys_of_both_causes() -> None:
    """A transition's cause is a batch's (source, ops) or a URL's (source, url, link, mode, reason)."""
    batch = schema_at("transition.schema.json#/properties/cause/oneOf/0")
    url = schema_at("link.schema.json#/$defs/url_cause")
    keys = json_keys(navcore.Cause)
    assert set(keys) == set(batch["properties"]) | set(url["properties"])
    assert {key for key, needed in keys.items() if needed} == set(batch["required"]) & set(url["required"])


#: Each Literal type and the schema enum it must list.
LITERALS: List[Tuple[Any, str]] = [
    (literals.ActionResult, "transition.schema.json#/$defs/result"),
    (literals.BackResult, "back-preview.schema.json#/properties/result"),
    (literals.Layout, "state.schema.json#/properties/layout"),
    (literals.ContainerLayout, "view-model.schema.json#/properties/containers/items/properties/layout"),
    (literals.OpenMode, "link.schema.json#/$defs/mode"),
    (literals.PushPolicy, "route-table.schema.json#/$defs/push_policy"),
    (literals.PresentPolicy, "route-table.schema.json#/$defs/present_policy"),
    (literals.IntentEvent, "transition.schema.json#/properties/intent/properties/event"),
    (literals.DropReason, "restore-report.schema.json#/properties/dropped/items/properties/reason"),
    (literals.MigrationOp, "restore-report.schema.json#/properties/migrations/items/properties/changes/items/properties/op"),
    (literals.WarningKind, "table-report.schema.json#/properties/warnings/items/properties/kind"),
]


@pytest.mark.parametrize("literal, reference", LITERALS, ids=[reference for _, reference in LITERALS])
def test_each_literal_lists_its_schema_enum(literal: Any, reference: str) -> None:
    assert sorted(get_args(literal)) == sorted(schema_at(reference)["enum"])


# -- decoding is faithful -------------------------------------------------------------------------


def plain(value: Any) -> Any:
    """A decoded value back as JSON values: a document as an object of the keys its raw JSON has
    that a field reads, tuples as lists."""
    if isinstance(value, Document):
        keys = {field.metadata.get("key", field.name): field.name for field in dataclasses.fields(value)}
        return {key: plain(getattr(value, name)) for key, name in keys.items() if key in value.raw}
    if isinstance(value, tuple):
        return [plain(item) for item in value]
    if isinstance(value, Mapping):
        return {name: plain(item) for name, item in value.items()}
    return value


def assert_faithful(document: Document) -> None:
    """``document``'s fields hold exactly what its raw JSON holds, recursively: a key present in
    the raw JSON has its value in the field, a key it lacks leaves the field at its default (or
    None), and every value is of its typed form (no list where a tuple belongs, no object where a
    document belongs)."""
    raw = document.raw
    for field in dataclasses.fields(document):
        json_key, value = field.metadata.get("key", field.name), getattr(document, field.name)
        if json_key in raw:
            assert plain(value) == raw[json_key], f"{type(document).__name__}.{field.name}"
        else:
            default = field.default_factory() if field.default_factory is not dataclasses.MISSING else field.default
            assert value == default, f"{type(document).__name__}.{field.name} without {json_key!r}"
        for part in value if isinstance(value, tuple) else value.values() if isinstance(value, Mapping) else [value]:
            if isinstance(part, Document):
                assert_faithful(part)
    assert set(raw) - {"navcore"} <= set(json_keys(type(document))), "a key the library writes has no field"
    _assert_typed(document)
    assert json.loads(document.to_json()) == document.raw


def _assert_typed(value: Any) -> None:
    """No list (a tuple belongs there) and no object where a typed document belongs, in ``value``."""
    if isinstance(value, Document):
        for field in dataclasses.fields(value):
            item = getattr(value, field.name)
            if "Mapping[str, Any]" not in str(field.type) and field.type != "Any":
                assert not isinstance(item, list), f"{type(value).__name__}.{field.name} is a list"
                _assert_typed(item)
    elif isinstance(value, tuple):
        for item in value:
            _assert_typed(item)
    elif isinstance(value, Mapping):
        for item in value.values():
            _assert_typed(item)


def random_action(rng: random.Random, nav: navcore.Navigator, report: Mapping[str, Any]) -> Dict[str, Any]:
    """One action, often a valid one, for ``nav``: any op, on the table's routes, tabs, styles,
    conditions and links, with ids from its stack."""
    routes = [route["name"] for route in report["routes"]]
    ids = [entry.id for entry in nav.stack]
    route = {"name": rng.choice(routes), "params": {"id": rng.randint(1, 3)}}
    if rng.random() < 0.5:
        route = {"name": route["name"]}
    choices: List[Dict[str, Any]] = [
        {"op": "push", "route": route},
        {"op": "push", "route": route, "policy": rng.choice(get_args(literals.PushPolicy))},
        {"op": "pop", "result": rng.choice([None, "picked"])},
        {"op": "back"},
        {"op": "present", "route": route, "style": rng.choice(report["styles"] or ["sheet"])},
        {"op": "dismiss"},
        {"op": "set_stack", "routes": [route]},
        {"op": "set_blocker", "id": rng.choice(ids), "reason": "Unsaved draft"},
        {"op": "set_entry_state", "id": rng.choice(ids), "state": {"scroll": rng.randint(0, 9)}},
        {"op": "reset_all"},
    ]
    choices += [{"op": "select_tab", "tab": tab["name"]} for tab in report["tabs"]]
    choices += [{"op": "set_condition", "name": c["name"], "value": rng.random() < 0.5} for c in report["conditions"]]
    choices += [{"op": "open_url", "url": link["url"].replace("{id}", str(rng.randint(1, 3)))} for link in report["links"]]
    if report["layout"] == "split":
        choices += [{"op": "set_compact", "value": rng.random() < 0.5}]
        choices += [{"op": "select", "route": {"name": name}} for name in report["sidebar"]]
    action = rng.choice(choices)
    return {key: value for key, value in action.items() if value is not None}


def apply_past_blockers(nav: navcore.Navigator, action: Dict[str, Any], documents: List[Document]) -> navcore.Transition:
    """Applies ``action``, proceeding past each blocker that holds it back (whose description
    joins ``documents``)."""
    try:
        return nav.apply(action)
    except navcore.BlockedError as blocked:
        while True:
            assert blocked.blocked is not None and blocked.entry == blocked.blocked.entry
            documents.append(blocked.blocked)
            try:
                return nav.proceed(blocked)
            except navcore.BlockedError as again:
                blocked = again


def walk(table: Any, seed: int, steps: int) -> List[Document]:
    """The documents of a seeded random walk on ``table``: each transition, and after it the
    state, view model, back preview, a URL's resolution and a restore's report."""
    rng = random.Random(seed)
    documents: List[Document] = []
    with navcore.Navigator(table) as nav, navcore.Navigator(table) as other:
        report = nav.table_report()
        nav.subscribe(documents.append)
        for _ in range(steps):
            try:
                documents.append(apply_past_blockers(nav, random_action(rng, nav, report), documents))
            except navcore.NavError:
                pass
            documents += [nav.state, nav.view_model(), nav.back_preview(), other.restore(nav.snapshot())]
            for link in report["links"][:1]:
                documents.append(nav.resolve_url(link["url"].replace("{id}", "7")))
    return documents


TABLES_WALKED = [TABLES / "signin.json", TABLES / "tabs_links.json", SPLIT_TABLE_PATH, TABLES / "redirects.json",
                 TABLES / "nested_links.json"]


@pytest.mark.parametrize("table", TABLES_WALKED, ids=[path.stem for path in TABLES_WALKED])
def test_decoded_documents_say_what_their_json_says(table: Any) -> None:
    seed = random.randrange(2**32)
    documents = walk(table, seed, scaled(60))
    kinds = {type(document) for document in documents}
    assert {navcore.Transition, navcore.State, navcore.ViewModel, navcore.BackPreview, navcore.RestoreReport} <= kinds
    for document in documents:
        try:
            assert_faithful(document)
        except AssertionError as error:
            raise AssertionError(f"seed {seed}: {type(document).__name__} {document.to_json()}: {error}") from error


def test_the_walks_reach_the_optional_parts_of_a_transition() -> None:
    """The walks are only as good as what they reach: held intents, handed results, tabs, columns."""
    reached = set()
    for table in TABLES_WALKED:
        reached |= {key for document in walk(table, 7, 120) if isinstance(document, navcore.Transition) for key in document.raw}
    assert reached >= {"tab", "tab_history", "conditions", "compact", "sidebar_shown", "intent", "handed", "redirects"}


# -- the Document base ---------------------------------------------------------------------------


ENTRY = {"id": 4, "name": "product", "params": {"id": 4}, "title": "Product 4"}


def test_from_json_takes_json_text_and_keeps_unknown_keys_in_raw() -> None:
    entry = navcore.Entry.from_json(json.dumps({**ENTRY, "later": True}).encode())
    assert (entry.id, entry.name, entry.params, entry.title, entry.state) == (4, "product", {"id": 4}, "Product 4", None)
    assert entry.raw["later"] is True
    assert navcore.Entry.from_json(json.dumps(ENTRY)) == entry


@pytest.mark.parametrize(
    "document, message",
    [
        ({"id": 4, "name": "product", "params": {}}, "Entry: missing key 'title'"),
        ([ENTRY], "Entry: expected a JSON object, got list"),
    ],
)
def test_from_json_names_what_is_missing_or_misshapen(document: Any, message: str) -> None:
    with pytest.raises(ValueError, match=f"^{message}$"):
        navcore.Entry.from_json(document)


def test_nested_errors_name_the_place() -> None:
    top = {"stack": "main", "top": ENTRY}
    with pytest.raises(ValueError, match=r"^BackPreview\.after\.top: expected a JSON object, got str$"):
        navcore.BackPreview.from_json({"result": "popped", "after": {**top, "top": "x"}})
    with pytest.raises(ValueError, match=r"^Stack\.entries\[1\]: missing key 'id'$"):
        navcore.Stack.from_json({"entries": [ENTRY, {"name": "home"}]})
    with pytest.raises(ValueError, match=r"^RestoreReport\.kept: expected a JSON object, got list$"):
        navcore.RestoreReport.from_json(
            {"from_version": 1, "to_version": 1, "migrations": [], "kept": [], "dropped": [], "restarted": [], "notes": []}
        )


def test_documents_are_frozen_and_compare_by_fields() -> None:
    entry = navcore.Entry.from_json(ENTRY)
    with pytest.raises(dataclasses.FrozenInstanceError):
        entry.title = "Other"  # type: ignore[misc]
    by_hand = navcore.Entry(id=4, name="product", params={"id": 4}, title="Product 4")
    assert by_hand == entry
    assert by_hand != navcore.Entry(id=4, name="product", params={"id": 5}, title="Product 4")


def test_a_document_built_by_hand_has_no_raw() -> None:
    by_hand = navcore.Entry(id=4, name="product", params={"id": 4}, title="Product 4")
    with pytest.raises(AttributeError, match="Entry was built by hand, not decoded"):
        by_hand.raw
    with pytest.raises(AttributeError):
        by_hand.to_json()


def test_every_cause_source_is_a_literal_value() -> None:
    """The schema does not enumerate the sources; the Literal lists each one the library writes."""
    path = TABLES / "tabs_links.json"
    with navcore.Navigator(path) as nav, navcore.Navigator(path) as restored, navcore.Navigator(path) as replayed:
        nav.record()
        url = nav.table_report()["links"][0]["url"].replace("{id}", "3")
        causes = [nav.push("product", id=1).cause, nav.open_url(url).cause]
        seen: List[navcore.Transition] = []
        restored.subscribe(seen.append)
        restored.restore(nav.snapshot())
        causes += [seen[-1].cause, replayed.replay(nav.log).cause]
    assert [cause.source for cause in causes] == ["actions", "url", "restore", "replay"]
    assert sorted(get_args(literals.CauseSource)) == sorted(cause.source for cause in causes)


def test_no_module_of_the_binding_shadows_a_public_name() -> None:
    # navcore.Document is the base of every typed document; a module-level name of a submodule
    # spelled like a public name must be that same object, or the two meet in one namespace.
    import importlib
    import pkgutil

    shadowing = []
    for module_info in pkgutil.iter_modules(navcore.__path__):
        if module_info.name == "__main__":  # runs the command line
            continue
        module = importlib.import_module(f"navcore.{module_info.name}")
        for name in navcore.__all__:
            if name in vars(module) and vars(module)[name] is not getattr(navcore, name):
                shadowing.append(f"navcore.{module_info.name}.{name}")
    assert shadowing == []
