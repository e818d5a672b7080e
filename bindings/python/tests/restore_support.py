"""Helpers of the restore tests: the shop app's route tables at versions 1 to 3, and with tabs."""

from __future__ import annotations

import json
from typing import Any, Dict

from support import TABLES

import navcore


def restore_table(name: str) -> Dict[str, Any]:
    """Tests/vectors/tables/restore_NAME.json, parsed: ``"v1"``, ``"v2"``, ``"v3"`` or ``"tabs"``."""
    table: Dict[str, Any] = json.loads((TABLES / f"restore_{name}.json").read_text(encoding="utf-8"))
    return table


def navigator(name: str = "v3") -> navcore.Navigator:
    """A new navigator over one of the restore tables."""
    return navcore.Navigator(restore_table(name))


def entry(id: int, name: str, title: str, **params: Any) -> Dict[str, Any]:
    """An entry as the library writes it, without saved state."""
    return {"id": id, "name": name, "params": params, "title": title}
