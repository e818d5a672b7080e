"""The session timeline page: one self-contained HTML file that replays a recorded session.

``timeline(log, table)`` returns the page; ``navcore timeline LOG --table TABLE`` writes it
(docs/tools.md, "timeline"). Every step's documents come from the library
(:mod:`navcore.timeline_steps`), interned into one table of distinct values
(:mod:`navcore._interning`) and embedded as JSON in the page, which only draws them
(``timeline_page.html``: inline CSS and JavaScript, no network).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Dict, Mapping

from ._interning import Interner
from .navigator import DocumentInput, Table
from .timeline_steps import session_steps

#: The place in timeline_page.html where the data goes, inside <script type="application/json">.
DATA_MARK = "@@TIMELINE_DATA@@"

#: What JSON text must not hold raw inside an inline <script>: "</script>" or "<!--" would end or
#: change it, and U+2028 and U+2029 end a line in older JavaScript. Each is a string escape in JSON.
SCRIPT_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def page_data(log: DocumentInput, table: Table) -> Dict[str, Any]:
    """The page's data: ``{"shapes", "nodes", "root"}`` (navcore._interning), where ``root`` is the index in ``nodes`` of
    ``{"table", "log", "base", "steps"}``: the route table, the log's own keys but its base and
    batches, its base, and each step as ``{"batch", "outcome", "transition", "state", "view_model", "back_preview",
    "stack_url", "why"}`` (None where a step has none)."""
    parsed, steps = session_steps(log, table)
    interner = Interner()
    root = interner.add({
        "table": _table_document(table),
        "log": {key: value for key, value in parsed.items() if key not in ("base", "batches")},
        "base": parsed["base"],
        "steps": [
            {"batch": step.batch, "outcome": step.outcome, "transition": step.transition, "state": step.state,
             "view_model": step.view_model, "back_preview": step.back_preview, "stack_url": step.stack_url, "why": step.why}
            for step in steps
        ],
    })
    return {"shapes": interner.shapes, "nodes": interner.nodes, "root": root}


def _table_document(table: Table) -> Any:
    """The route table (one that loads) as a JSON value, for the conformance vectors the page saves."""
    if isinstance(table, Mapping):
        return dict(table)
    if isinstance(table, bytes) or (isinstance(table, str) and table.lstrip().startswith("{")):
        return json.loads(table)
    with open(table, "rb") as file:
        return json.loads(file.read())


def script_json(value: Any) -> str:
    """``value`` as JSON text safe inside an inline ``<script>`` element (SCRIPT_ESCAPES)."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    for character, escape in SCRIPT_ESCAPES.items():
        text = text.replace(character, escape)
    return text


def timeline(log: DocumentInput, table: Table) -> str:
    """The timeline page of the session ``log`` (an action log, ``navcore_log``; a dict or JSON
    text) recorded on ``table`` (as :class:`Navigator` takes it), as HTML text.

    Raises what replaying the log on the table raises (RestoreError for a log of another table
    or one that does not replay exactly, JSONError for text that is not JSON, ...), and
    TableError for a table that does not load."""
    template = resources.files(__package__).joinpath("timeline_page.html").read_text(encoding="utf-8")
    return template.replace(DATA_MARK, script_json(page_data(log, table)), 1)
