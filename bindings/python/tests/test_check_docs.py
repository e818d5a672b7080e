"""``navcore check`` over the route tables of the docs (docs/tools.md, "navcore check"): every table a
page shows, and every table file of docs/tools that loads, holds every law to depth 2, as the vector
tables do in the Swift suite (CheckTests)."""

from __future__ import annotations

import json
from typing import Any, List, Tuple

import pytest
from doc_examples import DOCS, examples

import navcore

#: The table files of docs/tools that are lint's examples of tables that do not load.
BROKEN = {"mistakes.json", "typo.json"}


def doc_tables() -> List[Tuple[str, Any]]:
    """Each route table of the docs with where it is: the named examples, then docs/tools/*.json."""
    tables = [(str(example), example.block) for path in sorted(DOCS.glob("*.md"))
              for example in examples(path.name) if "name" in example.marker]
    for path in sorted((DOCS / "tools").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "routes" in data:
            tables.append((f"docs/tools/{path.name}", data))
    return tables


def test_the_docs_show_tables_and_only_lints_examples_do_not_load() -> None:
    tables = doc_tables()
    assert len(tables) >= 10
    broken = set()
    for place, table in tables:
        try:
            navcore.Navigator(table).close()
        except navcore.TableError:
            broken.add(place.rsplit("/", 1)[-1])
    assert broken == BROKEN


@pytest.mark.parametrize("place,table", [(place, table) for place, table in doc_tables()
                                         if place.rsplit("/", 1)[-1] not in BROKEN], ids=lambda value: str(value)[:40])
def test_every_docs_table_holds_every_law_to_depth_two(place: str, table: Any) -> None:
    report = navcore.check(table, depth=2, states=1_000)
    assert report["counterexamples"] == [], place
    assert report["bound"] in ("depth", "complete") and report["states"] > 1, place
