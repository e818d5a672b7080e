"""The marked JSON examples of docs/*.md, so that tests run them (docs/building.md, "Examples in the
docs are tested").

A fenced ```json block is an example when the line before it is an HTML comment
``<!-- example {...} -->`` holding a JSON object (invisible on the rendered page):

- ``{"name": N}``: the block is a route table; other examples of the same page name it N;
- ``{"table": T, "batches": [[action, ...], ...], "shows": S}``: the block is the document S
  (``"state"``, ``"stack"``, ``"snapshot"`` or ``"transition"``, the last batch's) that a new navigator
  of table T writes after applying the batches in order. T is a table named on the same page, else
  ``Tests/vectors/tables/T.json``;
- ``{"table": T, "restore": {"table": T2, "batches": [...]}, "shows": "report"}``: the block is the
  report of restoring, into a new navigator of T, the snapshot of a navigator of T2 after the batches;
- ``{"table": T, "resolve": URL, "shows": "resolution"}``: the block is what resolving URL on a new
  navigator of T writes;
- ``"shows": "back_preview"``: the block is the back preview after the batches, ``"view_model"`` the
  view model (its announcement that of the last batch);
- ``{"table": T, "batches": [...], "shows": "error"}``: the block is ``{"error": STATUS, "path": P,
  "message": M}``, the error of the last batch (the others succeed); with ``"table"`` an inline route
  table and no batches, the error of creating a navigator of it;
- ``{"name": N, "file": F}``: a route table that is, key for key, the file F (a path from the
  repository root), so that a page showing a table a command line uses cannot drift from it;
- ``"partial": true`` (with ``"shows"``): the block lists only some of the document's keys, each with
  its value.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Dict, List, Tuple

from support import REPO, TABLES

import navcore

DOCS = REPO / "docs"
_EXAMPLE = re.compile(r"^<!-- example (\{[^\n]*\}) -->\n```json\n(.*?)\n```$", re.M | re.S)


@dataclass
class Example:
    """One marked example: its page, line, marker and parsed block."""

    page: str
    line: int
    marker: Dict[str, Any]
    block: Any

    def __str__(self) -> str:
        return f"docs/{self.page}:{self.line}"


def examples(page: str) -> List[Example]:
    """Every marked example of docs/PAGE, in page order."""
    text = (DOCS / page).read_text(encoding="utf-8")
    return [Example(page, text.count("\n", 0, match.start()) + 1, json.loads(match.group(1)), json.loads(match.group(2)))
            for match in _EXAMPLE.finditer(text)]


def table(page: str, name: Any) -> Any:
    """The route table named NAME on docs/PAGE, else Tests/vectors/tables/NAME.json; NAME may be the
    table itself."""
    if isinstance(name, dict):
        return name
    for example in examples(page):
        if example.marker.get("name") == name:
            return example.block
    return json.loads((TABLES / f"{name}.json").read_text(encoding="utf-8"))


def _after(page: str, name: str, batches: List[Any]) -> Tuple[navcore.Navigator, Any]:
    """A new navigator of table NAME after the batches, and the last batch's transition."""
    nav = navcore.Navigator(table(page, name))
    transition = None
    try:
        for batch in batches:
            transition = nav.apply(batch)
    except navcore.NavError:
        nav.close()
        raise
    return nav, transition


def document(example: Example) -> Any:
    """What the library writes for the example's marker: the JSON document its block should show
    (the ``raw`` of a typed result)."""
    marker, shows = example.marker, example.marker["shows"]
    if shows == "error":
        return _error(example)
    if shows == "report":
        source = marker["restore"]
        with _after(example.page, source["table"], source["batches"])[0] as old:
            snapshot = old.snapshot()
        with navcore.Navigator(table(example.page, marker["table"])) as nav:
            return nav.restore(snapshot).raw
    nav, transition = _after(example.page, marker["table"], marker.get("batches", []))
    with nav:
        return {"state": lambda: nav.state.raw, "snapshot": nav.snapshot, "transition": lambda: transition.raw,
                "resolution": lambda: nav.resolve_url(marker["resolve"]).raw,
                "back_preview": lambda: nav.back_preview().raw, "view_model": lambda: nav.view_model().raw,
                "stack": lambda: {"navcore": navcore.FORMAT, "stack": nav.active_stack,
                                  "entries": [entry.raw for entry in nav.stack]}}[shows]()


def _error(example: Example) -> Any:
    """The error the example's marker names, as ``{"error", "path", "message"}``."""
    batches = example.marker.get("batches", [])
    try:
        nav = navcore.Navigator(table(example.page, example.marker["table"]))
    except navcore.NavError as error:
        assert not batches, f"{example}: the table does not load: {error}"
        return {"error": error.status, "path": error.path, "message": error.message}
    with nav:
        for batch in batches[:-1]:
            nav.apply(batch)
        try:
            if batches:
                nav.apply(batches[-1])
        except navcore.NavError as error:
            return {"error": error.status, "path": error.path, "message": error.message}
    raise AssertionError(f"{example}: no error")
