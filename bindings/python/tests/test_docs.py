"""The marked JSON examples of docs/*.md (doc_examples.py) are what the library writes: a route table
is valid (and is the file its marker names, if any), and a state, stack, snapshot, transition, restore
report, resolution, back preview, view model or error is, key for key, the document the library writes
for the actions its marker names. An edit of the docs or of the library that makes them disagree fails
here."""

from __future__ import annotations

import json
from typing import Any, List

import pytest
from doc_examples import DOCS, Example, document, examples
from support import REPO, json_equal, validate

import navcore

EXAMPLES: List[Example] = [example for path in sorted(DOCS.glob("*.md")) for example in examples(path.name)]
SCHEMAS = {"state": "state", "snapshot": "snapshot", "transition": "transition", "report": "restore-report",
           "stack": "stack", "resolution": "resolution", "back_preview": "back-preview", "view_model": "view-model"}


def test_the_pages_mark_their_examples() -> None:
    marked = {(example.page, example.marker.get("shows", "table")) for example in EXAMPLES}
    assert {("structure.md", "table"), ("structure.md", "state"), ("structure.md", "transition"),
            ("json.md", "table"), ("json.md", "stack"), ("json.md", "state"), ("json.md", "transition"),
            ("restore.md", "snapshot"), ("restore.md", "report"), ("links.md", "table"),
            ("links.md", "resolution"), ("conditions.md", "table"), ("conditions.md", "transition"),
            ("conditions.md", "state"), ("structure.md", "back_preview"), ("shells.md", "view_model"),
            ("json.md", "error")} <= marked
    assert any(example.marker.get("file") == "docs/tools/links.json" for example in EXAMPLES), "the table tools.md uses"


@pytest.mark.parametrize("example", [e for e in EXAMPLES if "name" in e.marker], ids=str)
def test_a_documented_route_table_is_valid(example: Example) -> None:
    validate("route-table", example.block)
    if "file" in example.marker:
        shared = json.loads((REPO / example.marker["file"]).read_text(encoding="utf-8"))
        assert json_equal(example.block, shared), f"{example} is not {example.marker['file']}"
    with navcore.Navigator(example.block) as nav:
        assert nav.stack[0].id == 1


@pytest.mark.parametrize("example", [e for e in EXAMPLES if "shows" in e.marker], ids=str)
def test_a_documented_document_is_what_the_library_writes(example: Example) -> None:
    written: Any = document(example)
    if example.marker["shows"] in SCHEMAS:
        validate(SCHEMAS[example.marker["shows"]], written)
    if example.marker.get("partial"):
        assert example.block.keys() <= written.keys(), f"{example}: keys the library does not write"
        written = {key: written[key] for key in example.block}
    assert json_equal(example.block, written), f"{example} says\n{example.block}\nthe library writes\n{written}"
