"""The compact encoding of the timeline page's data: every distinct JSON value once.

Consecutive steps of a session share almost all of their documents (the entries of a stack that
did not change, the tab bar, the route of a pushed entry in the transition, the state and the
view model), so the page holds a table of distinct values, ``nodes``, in which an object is a JSON
object whose values are indices into ``nodes``, an array a JSON array of indices, and anything
else the scalar itself. A value that occurs again, in the same step or another, is the same
index. The page decodes a value by following the indices (``timeline_page.html``, ``value(i)``); a
10,000-step session then takes a few hundred bytes a step instead of every document in full.
The work is linear in the size of the documents interned.
"""

from __future__ import annotations

from typing import Any, Dict, List, Tuple


class Interner:
    """Interns JSON values into :attr:`nodes`, each distinct value once, and gives their indices."""

    def __init__(self) -> None:
        #: The distinct values, in the order first seen: objects and arrays of indices, scalars.
        self.nodes: List[Any] = []
        self._index: Dict[Tuple[Any, ...], int] = {}

    def add(self, value: Any) -> int:
        """The index in :attr:`nodes` of ``value`` (any JSON value), adding what is new."""
        if isinstance(value, dict):
            children: Any = {key: self.add(item) for key, item in value.items()}
            identity: Tuple[Any, ...] = ("object", tuple(children.items()))
        elif isinstance(value, (list, tuple)):
            children = [self.add(item) for item in value]
            identity = ("array", tuple(children))
        else:
            # 1, 1.0 and True are equal keys in Python, but different JSON values.
            children, identity = value, ("scalar", type(value).__name__, value)
        index = self._index.get(identity)
        if index is None:
            index = self._index[identity] = len(self.nodes)
            self.nodes.append(children)
        return index


def expand(nodes: List[Any], index: int) -> Any:
    """The value at ``index`` of ``nodes`` in full: what the page's ``value(index)`` gives."""
    node = nodes[index]
    if isinstance(node, dict):
        return {key: expand(nodes, child) for key, child in node.items()}
    if isinstance(node, list):
        return [expand(nodes, child) for child in node]
    return node
