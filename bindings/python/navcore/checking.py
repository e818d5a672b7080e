"""``navcore.check``: the library's model checker over a route table (docs/tools.md, "navcore check")."""

from __future__ import annotations

import json
from ctypes import c_void_p
from typing import Any, Dict, Mapping, Optional, Sequence, Union

from ._library import LIB
from ._marshal import check_status, take_string


def check(table: Union[str, bytes, Mapping[str, Any]], depth: int = 4, states: int = 100_000, stack_depth: int = 4,
          invariants: Optional[Sequence[Mapping[str, str]]] = None, laws_off: Optional[Mapping[str, str]] = None,
          replay: Optional[Sequence[Mapping[str, Any]]] = None, walk: Optional[int] = None, walk_length: int = 32,
          seed: Optional[int] = None) -> Dict[str, Any]:
    """Explores every state a new navigator of ``table`` (JSON text, or the table as a dict) reaches
    within ``depth`` actions, ``states`` states and ``stack_depth`` entries a stack, and checks
    navcore's laws and the table's own ``invariants`` (``{"name", "route", "under"}``) on each;
    ``laws_off`` turns laws off, law name to reason. ``walk`` runs that many random walks of
    ``walk_length`` actions after the search, from ``seed`` (None: one from the clock, given in
    the report's ``walk``); each law a walk breaks comes back shrunk. With ``replay`` (a counterexample's
    ``steps``) it re-runs those steps instead. Returns the report (``navcore_check``): its
    ``counterexamples`` list is empty when every law holds. Raises NavError for a table or
    option the library refuses."""
    text = json.dumps(table).encode("utf-8") if isinstance(table, Mapping) else \
        table.encode("utf-8") if isinstance(table, str) else table
    options: Dict[str, Any] = {"depth": depth, "states": states, "stack_depth": stack_depth}
    if invariants:
        options["invariants"] = [dict(invariant) for invariant in invariants]
    if laws_off:
        options["laws_off"] = dict(laws_off)
    if walk is not None:
        options.update({"walk": walk, "walk_length": walk_length})
    if seed is not None:
        options["seed"] = seed
    if replay is not None:
        options["replay"] = [dict(step) for step in replay]
    out = c_void_p()
    code = LIB.navcore_check(text, json.dumps(options).encode("utf-8"), out)
    if code:
        check_status(code)
    report: Dict[str, Any] = json.loads(take_string(out))
    return report

